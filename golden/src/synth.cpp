#include "zvc/synth.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

namespace zvc {

Bytes synth_activations(std::size_t elems, int elem_bytes, double zero_fraction,
                        std::uint64_t seed) {
  check_elem_bytes(elem_bytes);
  if (!(zero_fraction >= 0.0 && zero_fraction <= 1.0)) {
    throw Error(fmt::format("zero fraction must be within [0, 1], not {}", zero_fraction));
  }
  SplitMix64 rng(seed);
  const auto e = static_cast<std::size_t>(elem_bytes);
  Bytes out(elems * e);
  double p_zero = zero_fraction;
  for (std::size_t i = 0; i < elems; ++i) {
    if (i % kSynthChannelElems == 0) {
      // Channel sparsity spreads around the target; the end points stay exact.
      const double spread = (rng.uniform() - 0.5) * 0.6;
      p_zero =
          (zero_fraction <= 0.0 || zero_fraction >= 1.0)
              ? zero_fraction
              : std::clamp(zero_fraction + spread * std::min(zero_fraction, 1 - zero_fraction) * 2,
                           0.0, 1.0);
    }
    const bool zero = rng.uniform() < p_zero;
    // Positive magnitudes with a long tail, like post-ReLU activations.
    const double u = rng.uniform();
    const float value = static_cast<float>(-std::log1p(-u) + 1e-3);
    std::uint8_t* dst = out.data() + i * e;
    if (zero) continue;
    const auto bits = std::bit_cast<std::uint32_t>(value);
    if (elem_bytes == 4) {
      std::memcpy(dst, &bits, 4);
    } else if (elem_bytes == 2) {
      const auto bf16 = static_cast<std::uint16_t>(bits >> 16);  // bf16 keeps fp32's exponent
      std::memcpy(dst, &bf16, 2);
    } else {
      dst[0] = static_cast<std::uint8_t>(std::clamp(value * 32.0f, 1.0f, 127.0f));
    }
  }
  return out;
}

Bytes random_sparse(std::size_t elems, int elem_bytes, double zero_fraction, SplitMix64& rng) {
  check_elem_bytes(elem_bytes);
  const auto e = static_cast<std::size_t>(elem_bytes);
  const std::uint32_t mask = elem_bytes == 4 ? ~0u : (1u << (8 * elem_bytes)) - 1;
  Bytes raw(elems * e);
  for (std::size_t i = 0; i < elems; ++i) {
    if (rng.uniform() < zero_fraction) continue;
    std::uint32_t v;
    do v = static_cast<std::uint32_t>(rng.next()) & mask;
    while (v == 0);
    std::memcpy(raw.data() + i * e, &v, e);
  }
  return raw;
}

}  // namespace zvc
