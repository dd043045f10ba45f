// Synthetic ReLU-like activations, clearly labelled as such wherever they are
// used: per-channel sparsity around a target zero fraction (some channels
// nearly dead, some dense), positive values. Deterministic for a given seed.
#pragma once

#include <cstdint>

#include "zvc/zvc.hpp"

namespace zvc {

// Elements per synthetic channel: a 16x16 feature map.
inline constexpr std::size_t kSynthChannelElems = 256;

// fp32 (E=4), bf16 (E=2) or int8 (E=1) values; zero_fraction in [0, 1].
Bytes synth_activations(std::size_t elems, int elem_bytes, double zero_fraction,
                        std::uint64_t seed);

class SplitMix64;

// Test data, not activations: each element is zero with probability
// zero_fraction, independently; a non-zero element is random bits (any bit
// pattern but all zeros). Draws from rng, so a seeded rng repeats it.
Bytes random_sparse(std::size_t elems, int elem_bytes, double zero_fraction, SplitMix64& rng);

// splitmix64: a small, well-mixed generator with a portable output sequence.
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }  // [0, 1)

 private:
  std::uint64_t state_;
};

}  // namespace zvc
