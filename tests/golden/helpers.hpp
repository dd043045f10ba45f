// Test data shared by the golden unit tests.
#pragma once

#include <cstdio>
#include <cstring>

#include "zvc/synth.hpp"
#include "zvc/zvc.hpp"

namespace zvc::test {

inline std::vector<Impl> impls() {
  std::vector<Impl> v = {Impl::kScalar};
  if (avx2_available()) v.push_back(Impl::kAvx2);
  return v;
}

// Marks the running test case skipped: ctest's SKIP_REGULAR_EXPRESSION for
// these tests matches this line (tests/CMakeLists.txt).
inline void skip_test(const char* reason) {
  std::printf("SKIPPED: %s\n", reason);
  std::fflush(stdout);
}

}  // namespace zvc::test
