#include "zvc/precision.hpp"

#include <bit>
#include <cmath>
#include <limits>

namespace zvc {
namespace {

// A binary floating-point format with 1 sign bit, ExpBits exponent bits and
// ManBits mantissa bits, all-ones exponent reserved for inf/NaN when Ieee.
struct SmallFloat {
  int exp_bits;
  int man_bits;
  bool ieee;  // false: E4M3FN-style (no inf, only the all-ones code is NaN)

  int bias() const { return (1 << (exp_bits - 1)) - 1; }
  int emin() const { return 1 - bias(); }
  double max_finite() const {
    if (ieee) return std::ldexp(2.0 - std::ldexp(1.0, -man_bits), (1 << exp_bits) - 2 - bias());
    // E4M3FN: the top exponent is usable; only mantissa all-ones there is NaN.
    return std::ldexp(2.0 - std::ldexp(1.0, 1 - man_bits), (1 << exp_bits) - 1 - bias());
  }
  std::uint32_t sign_bit() const { return 1u << (exp_bits + man_bits); }
  std::uint32_t nan() const {
    return ieee ? ((((1u << exp_bits) - 1) << man_bits) | (1u << (man_bits - 1)))
                : ((1u << (exp_bits + man_bits)) - 1);
  }
  std::uint32_t inf() const { return ((1u << exp_bits) - 1) << man_bits; }

  std::uint32_t encode(float x) const {
    if (std::isnan(x)) return nan();
    const std::uint32_t sign = std::signbit(x) ? sign_bit() : 0;
    double a = std::fabs(static_cast<double>(x));
    if (a == 0) return sign;
    if (std::isinf(a)) return sign | (ieee ? inf() : encode_magnitude(max_finite()));
    int e = std::ilogb(a);
    if (e < emin()) e = emin();
    const double quantum = std::ldexp(1.0, e - man_bits);
    double v = std::nearbyint(a / quantum) * quantum;  // ties to even (default mode)
    if (v > max_finite()) return sign | (ieee ? inf() : encode_magnitude(max_finite()));
    return sign | encode_magnitude(v);
  }
  // v: a non-negative value exactly representable in this format.
  std::uint32_t encode_magnitude(double v) const {
    if (v == 0) return 0;
    int e = std::ilogb(v);
    if (e < emin()) return static_cast<std::uint32_t>(std::ldexp(v, man_bits - emin()));
    const auto man = static_cast<std::uint32_t>(std::ldexp(v, man_bits - e)) - (1u << man_bits);
    return (static_cast<std::uint32_t>(e + bias()) << man_bits) | man;
  }
  float decode(std::uint32_t bits) const {
    const bool neg = (bits & sign_bit()) != 0;
    const std::uint32_t exp = (bits >> man_bits) & ((1u << exp_bits) - 1);
    const std::uint32_t man = bits & ((1u << man_bits) - 1);
    double v;
    if ((bits & ~sign_bit()) == nan() || (ieee && exp == (1u << exp_bits) - 1 && man != 0)) {
      return std::numeric_limits<float>::quiet_NaN();
    } else if (ieee && exp == (1u << exp_bits) - 1) {
      v = std::numeric_limits<double>::infinity();
    } else if (exp == 0) {
      v = std::ldexp(static_cast<double>(man), emin() - man_bits);
    } else {
      v = std::ldexp(static_cast<double>(man | (1u << man_bits)),
                     static_cast<int>(exp) - bias() - man_bits);
    }
    return static_cast<float>(neg ? -v : v);
  }
};

constexpr SmallFloat kFp16{5, 10, true};
constexpr SmallFloat kE4M3{4, 3, false};

}  // namespace

const char* to_string(Precision p) {
  switch (p) {
    case Precision::kFp32:
      return "fp32";
    case Precision::kBf16:
      return "bf16";
    case Precision::kFp16:
      return "fp16";
    case Precision::kFp8E4M3:
      return "fp8";
  }
  return "?";
}

int elem_bytes(Precision p) {
  switch (p) {
    case Precision::kFp32:
      return 4;
    case Precision::kBf16:
    case Precision::kFp16:
      return 2;
    case Precision::kFp8E4M3:
      return 1;
  }
  return 4;
}

std::uint16_t to_bf16(float x) {
  const auto bits = std::bit_cast<std::uint32_t>(x);
  if (std::isnan(x)) return static_cast<std::uint16_t>((bits >> 16) | 0x40);  // stays NaN
  const std::uint32_t rounded = bits + 0x7FFFu + ((bits >> 16) & 1u);
  return static_cast<std::uint16_t>(rounded >> 16);
}
float from_bf16(std::uint16_t bits) {
  return std::bit_cast<float>(std::uint32_t{bits} << 16);
}
std::uint16_t to_fp16(float x) {
  return static_cast<std::uint16_t>(kFp16.encode(x));
}
float from_fp16(std::uint16_t bits) {
  return kFp16.decode(bits);
}
std::uint8_t to_fp8_e4m3(float x) {
  return static_cast<std::uint8_t>(kE4M3.encode(x));
}
float from_fp8_e4m3(std::uint8_t bits) {
  return kE4M3.decode(bits);
}

float round_trip(float x, Precision p) {
  switch (p) {
    case Precision::kFp32:
      return x;
    case Precision::kBf16:
      return from_bf16(to_bf16(x));
    case Precision::kFp16:
      return from_fp16(to_fp16(x));
    case Precision::kFp8E4M3:
      return from_fp8_e4m3(to_fp8_e4m3(x));
  }
  return x;
}

Bytes encode_precision(std::span<const float> values, Precision p) {
  const int e = elem_bytes(p);
  Bytes out(values.size() * static_cast<std::size_t>(e));
  for (std::size_t i = 0; i < values.size(); ++i) {
    std::uint32_t bits = 0;
    switch (p) {
      case Precision::kFp32:
        bits = std::bit_cast<std::uint32_t>(values[i]);
        break;
      case Precision::kBf16:
        bits = to_bf16(values[i]);
        break;
      case Precision::kFp16:
        bits = to_fp16(values[i]);
        break;
      case Precision::kFp8E4M3:
        bits = to_fp8_e4m3(values[i]);
        break;
    }
    for (int b = 0; b < e; ++b)
      out[i * static_cast<std::size_t>(e) + static_cast<std::size_t>(b)] =
          static_cast<std::uint8_t>(bits >> (8 * b));
  }
  return out;
}

}  // namespace zvc
