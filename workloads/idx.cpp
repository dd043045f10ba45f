#include "idx.hpp"

#include <fmt/format.h>
#include <zlib.h>

#include <memory>

#include "zvc/zvc.hpp"

namespace cdma::idx {

U8Array read_u8(const std::filesystem::path& path) {
  auto fail = [&](const std::string& what) {
    return zvc::Error(fmt::format("{}: {}", path.string(), what));
  };
  // gzopen reads plain files too.
  std::unique_ptr<gzFile_s, int (*)(gzFile)> f(gzopen(path.c_str(), "rb"), gzclose);
  if (!f) throw fail("cannot open");
  auto read_exact = [&](void* dst, std::size_t n) {
    auto* p = static_cast<std::uint8_t*>(dst);
    while (n > 0) {
      const unsigned chunk = static_cast<unsigned>(std::min<std::size_t>(n, 1u << 30));
      const int got = gzread(f.get(), p, chunk);
      if (got <= 0) throw fail("truncated or corrupt IDX file");
      p += got;
      n -= static_cast<std::size_t>(got);
    }
  };
  auto be32 = [](const std::uint8_t* b) {
    return (std::uint32_t{b[0]} << 24) | (std::uint32_t{b[1]} << 16) | (std::uint32_t{b[2]} << 8) |
           std::uint32_t{b[3]};
  };
  std::uint8_t head[4];
  read_exact(head, 4);
  if (head[0] != 0 || head[1] != 0) throw fail("not an IDX file (bad magic)");
  if (head[2] != 0x08) throw fail(fmt::format("IDX element type 0x{:02x}, expected 0x08", head[2]));
  const unsigned dims = head[3];
  if (dims == 0 || dims > 4) throw fail(fmt::format("IDX file with {} dimensions", dims));
  U8Array a;
  std::size_t count = 1;
  for (unsigned i = 0; i < dims; ++i) {
    std::uint8_t b[4];
    read_exact(b, 4);
    a.shape.push_back(be32(b));
    count *= a.shape.back();
  }
  if (count > (std::size_t{1} << 32)) throw fail("IDX file too large");
  a.data.resize(count);
  read_exact(a.data.data(), count);
  std::uint8_t extra;
  if (gzread(f.get(), &extra, 1) != 0) throw fail("trailing bytes after the IDX data");
  return a;
}

}  // namespace cdma::idx
