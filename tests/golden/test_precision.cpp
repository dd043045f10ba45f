#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "zvc/precision.hpp"
#include "zvc/synth.hpp"

namespace {

float random_float(zvc::SplitMix64& rng) {
  // Any bit pattern: covers subnormals, huge values, inf and NaN.
  return std::bit_cast<float>(static_cast<std::uint32_t>(rng.next()));
}

}  // namespace

TEST_CASE("fp16 matches the compiler's IEEE binary16 conversion") {
  zvc::SplitMix64 rng(16);
  for (int i = 0; i < 2'000'000; ++i) {
    float x = random_float(rng);
    if (i % 2)
      x = std::ldexp(static_cast<float>(rng.uniform()) - 0.5f,
                     static_cast<int>(rng.next() % 40) - 28);
    const auto expected = std::bit_cast<std::uint16_t>(static_cast<_Float16>(x));
    const auto got = zvc::to_fp16(x);
    if (std::isnan(x)) {
      CHECK(std::isnan(zvc::from_fp16(got)));
      continue;
    }
    REQUIRE_MESSAGE(got == expected, "x=" << x);
  }
  for (std::uint32_t h = 0; h < 0x10000; ++h) {
    const float ref = static_cast<float>(std::bit_cast<_Float16>(static_cast<std::uint16_t>(h)));
    const float got = zvc::from_fp16(static_cast<std::uint16_t>(h));
    if (std::isnan(ref)) {
      CHECK(std::isnan(got));
    } else {
      REQUIRE(std::bit_cast<std::uint32_t>(got) == std::bit_cast<std::uint32_t>(ref));
    }
  }
}

TEST_CASE("fp8 E4M3FN: every code decodes and re-encodes to itself") {
  CHECK(zvc::from_fp8_e4m3(0x7E) == 448.0f);
  CHECK(zvc::from_fp8_e4m3(0x01) == std::ldexp(1.0f, -9));  // smallest subnormal
  CHECK(zvc::from_fp8_e4m3(0x08) == std::ldexp(1.0f, -6));  // smallest normal
  CHECK(zvc::from_fp8_e4m3(0x38) == 1.0f);
  CHECK(std::isnan(zvc::from_fp8_e4m3(0x7F)));
  CHECK(std::isnan(zvc::from_fp8_e4m3(0xFF)));
  for (unsigned c = 0; c < 256; ++c) {
    if ((c & 0x7F) == 0x7F) continue;  // the two NaN codes
    CHECK(zvc::to_fp8_e4m3(zvc::from_fp8_e4m3(static_cast<std::uint8_t>(c))) == c);
  }
  // Saturation, rounding to nearest even and the sign of zero.
  CHECK(zvc::to_fp8_e4m3(1e6f) == 0x7E);
  CHECK(zvc::to_fp8_e4m3(-1e6f) == 0xFE);
  CHECK(zvc::to_fp8_e4m3(std::numeric_limits<float>::infinity()) == 0x7E);
  CHECK(zvc::to_fp8_e4m3(1.0625f) == 0x38);  // tie between 1.0 and 1.125 -> even
  CHECK(zvc::to_fp8_e4m3(1.1875f) == 0x3A);  // tie between 1.125 and 1.25 -> even
  CHECK(zvc::to_fp8_e4m3(-0.0f) == 0x80);
  CHECK(zvc::to_fp8_e4m3(std::ldexp(1.0f, -11)) == 0x00);  // below half the smallest subnormal
}

TEST_CASE("fp8 rounding is monotonic and nearest") {
  zvc::SplitMix64 rng(8);
  for (int i = 0; i < 200'000; ++i) {
    const float x =
        std::ldexp(static_cast<float>(rng.uniform()), static_cast<int>(rng.next() % 20) - 11);
    const float y = zvc::round_trip(x, zvc::Precision::kFp8E4M3);
    // Relative error of a normal E4M3 value is at most 2^-4; absolute error
    // below the normal range at most half the subnormal step 2^-10.
    CHECK(std::fabs(y - x) <= std::max(std::fabs(x) * 0x1p-4f, 0x1p-10f));
  }
}

TEST_CASE("bf16 keeps the top half and rounds to nearest even") {
  CHECK(zvc::to_bf16(1.0f) == 0x3F80);
  CHECK(zvc::to_bf16(std::bit_cast<float>(0x3F808000u)) == 0x3F80);  // tie -> even
  CHECK(zvc::to_bf16(std::bit_cast<float>(0x3F818000u)) == 0x3F82);  // tie -> even (up)
  CHECK(zvc::to_bf16(std::bit_cast<float>(0x3F808001u)) == 0x3F81);
  CHECK(std::isnan(zvc::from_bf16(zvc::to_bf16(std::numeric_limits<float>::quiet_NaN()))));
  CHECK(std::isnan(zvc::from_bf16(zvc::to_bf16(std::bit_cast<float>(0x7F800001u)))));
  CHECK(std::isinf(zvc::from_bf16(zvc::to_bf16(std::numeric_limits<float>::max()))));
  CHECK(zvc::from_bf16(zvc::to_bf16(-2.5f)) == -2.5f);
}

TEST_CASE("encode_precision lays elements out little-endian and keeps zeros zero") {
  const float values[] = {0.0f, 1.0f, -2.0f, 0.0f};
  const auto bf = zvc::encode_precision(values, zvc::Precision::kBf16);
  CHECK(bf == zvc::Bytes{0x00, 0x00, 0x80, 0x3F, 0x00, 0xC0, 0x00, 0x00});
  const auto f8 = zvc::encode_precision(values, zvc::Precision::kFp8E4M3);
  CHECK(f8 == zvc::Bytes{0x00, 0x38, 0xC0, 0x00});
  const auto f32 = zvc::encode_precision(values, zvc::Precision::kFp32);
  CHECK(f32.size() == 16);
  CHECK(zvc::analyze(f32, 4).zero_elems == 2);
}
