// File helpers for the CLI: whole-file reads and outputs that appear only
// when complete (written to a temporary in the same folder, renamed on commit).
#pragma once

#include <cstdio>
#include <filesystem>
#include <string>

#include "zvc/zvc.hpp"

namespace zvc::cli {

// "-" reads standard input.
Bytes read_file(const std::string& path);

// The whole of data (or text) to path, all or nothing.
void write_file(const std::string& path, ByteView data);
void write_file(const std::string& path, const std::string& text);

class OutputFile {
 public:
  explicit OutputFile(std::string path);  // "-" writes standard output
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  ~OutputFile();  // removes the temporary unless commit() succeeded
  void write(ByteView data);
  void commit();

 private:
  std::string path_;
  std::filesystem::path tmp_;
  std::FILE* file_ = nullptr;
  bool committed_ = false;
};

}  // namespace zvc::cli
