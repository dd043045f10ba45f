#include "io.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <system_error>

namespace zvc::cli {

Bytes read_file(const std::string& path) {
  std::FILE* f = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
  if (f == nullptr) throw Error(fmt::format("cannot open '{}': {}", path, std::strerror(errno)));
  Bytes data;
  std::uint8_t buf[1 << 16];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) data.insert(data.end(), buf, buf + n);
  const bool failed = std::ferror(f) != 0;
  if (f != stdin) std::fclose(f);
  if (failed) throw Error(fmt::format("cannot read '{}'", path));
  return data;
}

OutputFile::OutputFile(std::string path) : path_(std::move(path)) {
  if (path_ == "-") {
    file_ = stdout;
    return;
  }
  const std::filesystem::path target(path_);
  if (std::filesystem::is_directory(target)) {
    throw Error(fmt::format("cannot write '{}': it is a directory", path_));
  }
  tmp_ = target;
  tmp_ += fmt::format(".tmp{}", ::getpid());
  file_ = std::fopen(tmp_.c_str(), "wb");
  if (file_ == nullptr) {
    throw Error(fmt::format("cannot create '{}': {}", path_, std::strerror(errno)));
  }
}

OutputFile::~OutputFile() {
  if (file_ != nullptr && file_ != stdout) std::fclose(file_);
  if (!committed_ && !tmp_.empty()) {
    std::error_code ec;
    std::filesystem::remove(tmp_, ec);
  }
}

void OutputFile::write(ByteView data) {
  if (std::fwrite(data.data(), 1, data.size(), file_) != data.size()) {
    throw Error(fmt::format("cannot write '{}': {}", path_, std::strerror(errno)));
  }
}

void OutputFile::commit() {
  if (std::fflush(file_) != 0) throw Error(fmt::format("cannot write '{}'", path_));
  if (file_ == stdout) {
    committed_ = true;
    return;
  }
  const bool closed = std::fclose(file_) == 0;
  file_ = nullptr;
  if (!closed) throw Error(fmt::format("cannot write '{}'", path_));
  std::error_code ec;
  std::filesystem::rename(tmp_, path_, ec);
  if (ec) throw Error(fmt::format("cannot create '{}': {}", path_, ec.message()));
  committed_ = true;
}

void write_file(const std::string& path, ByteView data) {
  OutputFile f(path);
  f.write(data);
  f.commit();
}

void write_file(const std::string& path, const std::string& text) {
  write_file(path, ByteView(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

}  // namespace zvc::cli
