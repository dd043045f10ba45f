// Verilator bench for cdma_selftest (the FPGA self-test top's core) at one
// parameter point (TB_ELEM, TB_BUS, frames of TB_FRAME beats): it passes frames
// at every sparsity with and without back-pressure, its source produces
// exactly the frames a C++ replica of its generators predicts (the first
// frame's compressed size equals the golden model's), and a corrupted payload
// beat is reported as an error.
#define DOCTEST_CONFIG_IMPLEMENT
#include <array>

#include "Vcdma_selftest.h"
#include "harness.hpp"
#include "main.hpp"
#include "zvc/zvc.hpp"

namespace {

constexpr int E = TB_ELEM;
constexpr std::size_t B = TB_BUS;
constexpr std::size_t kFrameBeats = TB_FRAME;
constexpr std::size_t kGens = B / 8;

class SelfTest {
 public:
  SelfTest(int sparsity, bool stall) : h_("selftest", tb::seed()) {
    dut().sparsity_i = sparsity;
    dut().stall_i = stall;
    dut().inject_i = 0;
    h_.reset();
  }

  void edge() { h_.edge(); }
  void run(std::size_t cycles) {
    for (std::size_t i = 0; i < cycles; ++i) edge();
  }
  Vcdma_selftest& dut() { return h_.dut(); }

 private:
  tb::Harness<Vcdma_selftest> h_;
};

// The self-test's generator in C++ (rtl/selftest/cdma_selftest.sv): a bank of xorshift64
// generators, bytes little-endian across the bus; element e is zero when byte
// (e+1)*E mod B is below the threshold.
std::uint64_t xorshift64(std::uint64_t x) {
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return x;
}

zvc::Bytes replica_frame(int sparsity) {
  constexpr std::uint64_t kSeed = 0x9E3779B97F4A7C15ULL;
  const std::array<unsigned, 4> thresholds{0, 128, 192, 230};
  std::array<std::uint64_t, kGens> state{};
  for (std::size_t g = 0; g < kGens; ++g) {
    state[g] = kSeed ^ (g * 0xD1B54A32D192ED03ULL);
    if (state[g] == 0) state[g] = 1;
  }
  const auto byte_of = [&](std::size_t i) {
    return static_cast<std::uint8_t>(state[i / 8] >> (8 * (i % 8)));
  };
  zvc::Bytes frame;
  for (std::size_t beat = 0; beat < kFrameBeats; ++beat) {
    for (std::size_t e = 0; e < B / E; ++e) {
      const bool zero = byte_of((e + 1) * E % B) < thresholds[static_cast<std::size_t>(sparsity)];
      for (int k = 0; k < E; ++k) frame.push_back(zero ? 0 : byte_of(e * E + k));
    }
    for (auto& s : state) s = xorshift64(s);
  }
  return frame;
}

}  // namespace

TEST_CASE("self-test: frames pass at every sparsity, one beat per cycle when sparse") {
  constexpr std::size_t kCycles = 200 * kFrameBeats;
  for (int sparsity = 0; sparsity < 4; ++sparsity) {
    SelfTest t(sparsity, false);
    t.run(kCycles);
    INFO("sparsity ", sparsity);
    CHECK(t.dut().error_o == 0);
    // Sparse frames stream at one beat per cycle; dense ones at 90 % of the
    // bus rate of their payload (4 + 32*E bytes per 32*E raw bytes): frame
    // ends cost the decompressor a few cycles (168 frames of 64 beats in
    // 12800 cycles at E=1 B=8, 94.5 % of that rate).
    const double beats_per_cycle = sparsity == 0 ? 0.9 * 32.0 * E / (4 + 32.0 * E) : 1.0;
    const auto floor_frames =
        static_cast<std::uint32_t>(kCycles * beats_per_cycle / kFrameBeats) - 2;
    CHECK(t.dut().pass_count_o >= floor_frames);
    CHECK(t.dut().pass_count_o <= kCycles / kFrameBeats);
  }
}

TEST_CASE("self-test: random back-pressure at the checker, still no error") {
  SelfTest t(2, true);
  t.run(100 * kFrameBeats);
  CHECK(t.dut().error_o == 0);
  CHECK(t.dut().pass_count_o >= 20);
}

TEST_CASE("self-test: the first frame is the one its C++ replica predicts") {
  for (int sparsity = 0; sparsity < 4; ++sparsity) {
    SelfTest t(sparsity, false);
    std::size_t cycles = 0;
    while (t.dut().comp_bytes_o == 0 && cycles < 10 * kFrameBeats) {
      t.edge();
      ++cycles;
    }
    const zvc::Bytes frame = replica_frame(sparsity);
    INFO("sparsity ", sparsity);
    CHECK(t.dut().comp_bytes_o == zvc::compress(frame, E).size());
  }
}

TEST_CASE("self-test: a corrupted payload beat is an error, and passes stop") {
  SelfTest t(2, false);
  t.run(20 * kFrameBeats);
  REQUIRE(t.dut().error_o == 0);
  t.dut().inject_i = 1;  // long enough to catch a payload beat in flight
  t.run(8);
  t.dut().inject_i = 0;
  t.run(4 * kFrameBeats);
  CHECK(t.dut().error_o == 1);
  const std::uint32_t passed = t.dut().pass_count_o;
  t.run(4 * kFrameBeats);
  CHECK(t.dut().pass_count_o == passed);
}

int main(int argc, char** argv) {
  return tb::run_tests(argc, argv,
                       fmt::format("cdma_selftest E={} B={} FrameBeats={}", E, B, kFrameBeats));
}
