// The main() of every doctest bench in tb/: include once, in the bench's
// one translation unit, after defining DOCTEST_CONFIG_IMPLEMENT.
#pragma once

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <stdexcept>
#include <string>

#include "harness.hpp"

namespace tb {

// --seed=N parsed into seed(), `banner` and the seed printed to stderr, then
// doctest run on the command line; its exit code (2 for a bad --seed).
inline int run_tests(int argc, char** argv, const std::string& banner) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg.rfind("--seed=", 0) != 0) continue;
    const std::string value = arg.substr(7);
    try {
      std::size_t used = 0;
      seed() = std::stoull(value, &used);
      if (used != value.size()) throw std::invalid_argument(value);
    } catch (const std::exception&) {
      fmt::print(stderr, "{}: --seed needs a number, not '{}'\n", argv[0], value);
      return 2;
    }
  }
  fmt::print(stderr, "{} seed {}\n", banner, seed());
  doctest::Context ctx;
  ctx.applyCommandLine(argc, argv);
  return ctx.run();
}

}  // namespace tb
