// cdma-demo: the project's main job on sample data. For each file (raw, or a
// .zvc container whose element size it uses) it compresses and decompresses
// with the golden codec and prints size, ratio, speed and the round-trip check.
#include <fmt/format.h>

#include <chrono>
#include <filesystem>

#include "../../golden/cli/io.hpp"
#include "zvc/zvc.hpp"

namespace {

using namespace zvc;
using Clock = std::chrono::steady_clock;

double gbps(std::size_t bytes, Clock::duration d, int reps) {
  return static_cast<double>(bytes) * reps / std::chrono::duration<double>(d).count() / 1e9;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    fmt::print(stderr, "usage: cdma-demo [--elem E] FILE...\n");
    return 2;
  }
  int elem = 4;
  int failures = 0;
  fmt::print("{:<34} {:>2} {:>11} {:>7} {:>11} {:>6} {:>10} {:>10} {:>10}\n", "file", "E",
             "raw bytes", "zeros", "ZVC bytes", "ratio", "comp GB/s", "dec GB/s", "round trip");
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--elem" && i + 1 < argc) {
      elem = std::stoi(argv[++i]);
      continue;
    }
    try {
      const Bytes file = cli::read_file(arg);
      int e = elem;
      Bytes raw;
      if (looks_like_container(file)) {
        e = read_container_info(file).elem_bytes;
        raw = read_container(file);
      } else {
        raw = file;
      }
      const Stats s = analyze(raw, e);
      constexpr int kReps = 20;
      Bytes payload;
      auto t0 = Clock::now();
      for (int r = 0; r < kReps; ++r) payload = compress(raw, e);
      const auto t_comp = Clock::now() - t0;
      Bytes back;
      t0 = Clock::now();
      for (int r = 0; r < kReps; ++r) back = decompress(payload, raw.size(), e);
      const auto t_dec = Clock::now() - t0;
      const bool same = back == raw && payload.size() == s.payload_bytes;
      failures += same ? 0 : 1;
      fmt::print("{:<34} {:>2} {:>11} {:>6.1f}% {:>11} {:>6.2f} {:>10.2f} {:>10.2f} {:>10}\n",
                 std::filesystem::path(arg).filename().string(), e, raw.size(),
                 100.0 * s.zero_fraction(), payload.size(), s.ratio(),
                 gbps(raw.size(), t_comp, kReps), gbps(raw.size(), t_dec, kReps),
                 same ? "exact" : "MISMATCH");
    } catch (const std::exception& ex) {
      fmt::print(stderr, "cdma-demo: {}: {}\n", arg, ex.what());
      ++failures;
    }
  }
  return failures == 0 ? 0 : 1;
}
