// Test data shared by the golden unit tests.
#pragma once

#include <cstring>

#include "zvc/synth.hpp"
#include "zvc/zvc.hpp"

namespace zvc::test {

// n elements, each non-zero with probability density; non-zero elements are
// random bit patterns with no all-zero element.
inline Bytes random_elems(std::size_t n, int e, double density, SplitMix64& rng) {
  Bytes raw(n * static_cast<std::size_t>(e));
  for (std::size_t i = 0; i < n; ++i) {
    if (rng.uniform() >= density) continue;
    std::uint64_t v = 0;
    while ((v & ((e == 4 ? 0xFFFFFFFFull : (1ull << (8 * e)) - 1))) == 0) v = rng.next();
    std::memcpy(raw.data() + i * static_cast<std::size_t>(e), &v, static_cast<std::size_t>(e));
  }
  return raw;
}

inline std::vector<Impl> impls() {
  std::vector<Impl> v = {Impl::kScalar};
  if (avx2_available()) v.push_back(Impl::kAvx2);
  return v;
}

}  // namespace zvc::test
