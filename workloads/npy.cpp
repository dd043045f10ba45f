#include "npy.hpp"

#include <fmt/format.h>

#include <bit>
#include <cstring>
#include <fstream>
#include <regex>
#include <stdexcept>
#include <string>

#include "cli/io.hpp"
#include "zvc/zvc.hpp"

namespace cdma::npy {
namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr std::size_t kMagicLen = 6;
static_assert(std::endian::native == std::endian::little, "npy I/O assumes a little-endian host");

[[noreturn]] void fail(const std::filesystem::path& path, const std::string& what) {
  throw zvc::Error(fmt::format("{}: {}", path.string(), what));
}

}  // namespace

void write_f32(const std::filesystem::path& path, std::span<const std::int64_t> shape,
               std::span<const float> data) {
  std::int64_t count = 1;
  std::string dims;
  for (const auto d : shape) {
    count *= d;
    dims += fmt::format("{}{}", dims.empty() ? "" : ", ", d);
  }
  if (shape.size() == 1) dims += ",";  // "(2, 3)" but "(2,)", as Python writes tuples
  if (count != static_cast<std::int64_t>(data.size()))
    fail(path, fmt::format("shape holds {} values but {} were given", count, data.size()));
  std::string header =
      fmt::format("{{'descr': '<f4', 'fortran_order': False, 'shape': ({}), }}", dims);
  // Pad so that the data starts on a 64-byte boundary, as NumPy does.
  const std::size_t total = kMagicLen + 4 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header.push_back('\n');
  zvc::Bytes file(kMagicLen + 4 + header.size() + data.size_bytes());
  std::memcpy(file.data(), kMagic, kMagicLen);
  file[6] = 1;
  file[7] = 0;
  file[8] = static_cast<std::uint8_t>(header.size());
  file[9] = static_cast<std::uint8_t>(header.size() >> 8);
  std::memcpy(file.data() + 10, header.data(), header.size());
  std::memcpy(file.data() + 10 + header.size(), data.data(), data.size_bytes());
  zvc::cli::write_file(path.string(), file);
}

Array read_f32(const std::filesystem::path& path) {
  const zvc::Bytes file = zvc::cli::read_file(path.string());
  if (file.size() < 10 || std::memcmp(file.data(), kMagic, kMagicLen) != 0)
    fail(path, "not a .npy file (bad magic)");
  if (file[6] != 1) fail(path, fmt::format("unsupported .npy version {}.{}", file[6], file[7]));
  const std::size_t header_len = file[8] | (std::size_t{file[9]} << 8);
  if (10 + header_len > file.size()) fail(path, "truncated .npy header");
  const std::string header(reinterpret_cast<const char*>(file.data() + 10), header_len);
  std::smatch m;
  if (!std::regex_search(header, m, std::regex(R"('descr'\s*:\s*'([^']*)')")) || m[1] != "<f4")
    fail(path, "only little-endian float32 arrays ('<f4') are supported");
  if (!std::regex_search(header, std::regex(R"('fortran_order'\s*:\s*False)")))
    fail(path, "only C-order arrays are supported");
  if (!std::regex_search(header, m, std::regex(R"('shape'\s*:\s*\(([^)]*)\))")))
    fail(path, "no shape in the .npy header");
  Array a;
  const std::string dims = m[1];
  const std::regex num(R"(\d+)");
  std::int64_t count = 1;
  for (auto it = std::sregex_iterator(dims.begin(), dims.end(), num); it != std::sregex_iterator();
       ++it) {
    a.shape.push_back(std::stoll(it->str()));
    count *= a.shape.back();
  }
  const std::size_t data_bytes = file.size() - 10 - header_len;
  if (data_bytes != static_cast<std::size_t>(count) * sizeof(float))
    fail(path, fmt::format("shape needs {} bytes of data, the file holds {}",
                           static_cast<std::size_t>(count) * sizeof(float), data_bytes));
  a.data.resize(static_cast<std::size_t>(count));
  std::memcpy(a.data.data(), file.data() + 10 + header_len, data_bytes);
  return a;
}

}  // namespace cdma::npy
