#pragma once

#include <string>
#include <vector>

namespace zvc::cli {

struct BenchOptions {
  int elem_bytes = 4;
  double min_seconds = 0.25;  // per measurement
  std::size_t synth_bytes = std::size_t{16} << 20;
  bool markdown = false;
  std::vector<std::string> files;
};

// Prints ratio and GB/s per codec and data set; returns the process exit code.
int run_bench(const BenchOptions& options);

}  // namespace zvc::cli
