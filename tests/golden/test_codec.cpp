#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

#include "helpers.hpp"
#include "zvc/zvc.hpp"

using namespace zvc;
using zvc::test::impls;
using zvc::test::skip_test;

namespace {
Bytes fp32(std::initializer_list<float> values) {
  Bytes raw;
  for (const float v : values) {
    const auto bits = std::bit_cast<std::uint32_t>(v);
    for (int b = 0; b < 4; ++b) raw.push_back(static_cast<std::uint8_t>(bits >> (8 * b)));
  }
  return raw;
}
}  // namespace

TEST_CASE("the spec's worked example, byte for byte") {
  Bytes raw(128, 0);
  const Bytes one = fp32({1.0f}), two = fp32({2.0f});
  std::memcpy(raw.data() + 4, one.data(), 4);
  std::memcpy(raw.data() + 124, two.data(), 4);
  const Bytes expect = {0x02, 0x00, 0x00, 0x80, 0x00, 0x00, 0x80, 0x3F, 0x00, 0x00, 0x00, 0x40};
  for (const Impl impl : impls()) {
    CAPTURE(to_string(impl));
    CHECK(compress(raw, 4, impl) == expect);
    CHECK(decompress(expect, raw.size(), 4, impl) == raw);
  }
}

TEST_CASE("payload size formula and bounds") {
  CHECK(payload_bytes(0, 0, 4) == 0);
  CHECK(payload_bytes(1, 0, 4) == 4);
  CHECK(payload_bytes(32, 32, 4) == 4 + 128);
  CHECK(payload_bytes(33, 1, 2) == 8 + 2);
  CHECK(max_payload_bytes(4096, 1) == 4 * 128 + 4096);
  CHECK(compress(Bytes{}, 4).empty());
  CHECK(decompress(Bytes{}, 0, 4).empty());
}

TEST_CASE("illegal element sizes and lengths are rejected with a message") {
  CHECK_THROWS_WITH_AS(compress(Bytes(6), 4), doctest::Contains("not a multiple"), Error);
  CHECK_THROWS_WITH_AS(compress(Bytes(6), 3), doctest::Contains("1, 2 or 4"), Error);
  CHECK_THROWS_AS(decompress(Bytes{}, 3, 2), Error);
  Bytes small(3);
  CHECK_THROWS_AS(compress_to(Bytes(8), 4, small), Error);
}

TEST_CASE("zero means all bits zero: -0.0, denormals and NaNs are kept") {
  const float denorm = std::numeric_limits<float>::denorm_min();
  const Bytes raw = fp32({-0.0f, 0.0f, denorm, std::numeric_limits<float>::quiet_NaN(),
                          -std::numeric_limits<float>::infinity(), 0.0f});
  for (const Impl impl : impls()) {
    const Bytes p = compress(raw, 4, impl);
    CHECK(p.size() == 4 + 4 * 4);
    CHECK(p[0] == 0b011101);
    CHECK(decompress(p, raw.size(), 4, impl) == raw);
  }
  // fp16/bf16 -0.0 is 0x8000, int8 0x80 is -128: both non-zero.
  CHECK(compress(Bytes{0x00, 0x80}, 2).size() == 6);
  CHECK(compress(Bytes{0x80, 0x00}, 1).size() == 5);
}

// Random lengths (mostly small and around window edges, some up to 100 k
// elements) and densities: `impl` compresses exactly as the scalar reference
// and round-trips.
static void check_random_round_trips(Impl impl) {
  SplitMix64 rng(20261130);
  for (const int e : {1, 2, 4}) {
    for (int iter = 0; iter < 60; ++iter) {
      std::size_t n = iter < 40 ? static_cast<std::size_t>(rng.next() % 200)
                                : static_cast<std::size_t>(rng.next() % 100001);
      if (iter % 10 == 0) n = 32 * (rng.next() % 40);
      const double density = (iter % 11) / 10.0;
      const Bytes raw = random_sparse(n, e, 1.0 - density, rng);
      CAPTURE(e);
      CAPTURE(n);
      CAPTURE(density);
      const Bytes ref = compress(raw, e, Impl::kScalar);
      const Stats s = analyze(raw, e);
      CHECK(ref.size() == s.payload_bytes);
      CHECK(compress(raw, e, impl) == ref);
      CHECK(decompress(ref, raw.size(), e, impl) == raw);
    }
  }
}

TEST_CASE("round trips over random lengths and densities, scalar") {
  check_random_round_trips(Impl::kScalar);
}

// The fast path's own test: skipped (not dropped) on a CPU without AVX2.
TEST_CASE("round trips over random lengths and densities, AVX2 identical to scalar") {
  if (!avx2_available()) {
    skip_test("this CPU has no AVX2: the AVX2 kernels cannot run here");
    return;
  }
  check_random_round_trips(Impl::kAvx2);
}

TEST_CASE("runs of zeros straddling windows") {
  for (const int e : {1, 2, 4}) {
    const std::size_t n = 32 * 9 + 7;
    for (std::size_t start : {0u, 1u, 20u, 31u, 33u, 100u}) {
      for (std::size_t len : {1u, 12u, 31u, 32u, 33u, 64u, 95u, 200u}) {
        Bytes raw(n * static_cast<std::size_t>(e), 0x5A);
        const std::size_t end = std::min(n, start + len);
        std::memset(raw.data() + start * static_cast<std::size_t>(e), 0,
                    (end - start) * static_cast<std::size_t>(e));
        const Bytes p = compress(raw, e, Impl::kScalar);
        CHECK(p.size() == payload_bytes(n, n - (end - start), e));
        for (const Impl impl : impls()) {
          CHECK(compress(raw, e, impl) == p);
          CHECK(decompress(p, raw.size(), e, impl) == raw);
        }
      }
    }
  }
}

TEST_CASE("all-zero and all-dense extremes") {
  for (const int e : {1, 2, 4}) {
    const std::size_t n = 1000;
    const Bytes zeros(n * static_cast<std::size_t>(e), 0);
    CHECK(compress(zeros, e).size() == 4 * 32);
    const Bytes dense(n * static_cast<std::size_t>(e), 0xFF);
    CHECK(compress(dense, e).size() == 4 * 32 + dense.size());
  }
}
