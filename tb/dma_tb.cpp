// Verilator bench for cdma_engine at one parameter point: a C++ AXI4 memory
// slave (latency, bandwidth, random stalls, injected SLVERR/DECERR ranges), a
// protocol checker on every AXI channel, and the golden library as the
// reference for every byte written and every status returned.
// Built twice per point: against cdma_engine (descriptor and status streams)
// and, with TB_CSR, against cdma_dma, where a CPU model drives the same
// descriptors through the AXI4-Lite registers and collects the statuses from
// its interrupt handler: the same test text runs against both tops.
#define DOCTEST_CONFIG_IMPLEMENT
#include <cstring>
#include <string>

#if TB_CSR
#include "Vcdma_dma.h"
#include "cdma.h"
using Dut = Vcdma_dma;
#else
#include "Vcdma_engine.h"
using Dut = Vcdma_engine;
#endif
#include "dma_bench.hpp"
#include "main.hpp"
#include "zvc/synth.hpp"

namespace {

using namespace tb;
using namespace tb::dma;

// This executable's parameter point.
constexpr int E = TB_ELEM;
constexpr std::size_t B = TB_BUS;
constexpr unsigned kMaxBurst = TB_BURST;
constexpr unsigned kMaxReads = TB_READS;
#ifdef TB_DESCS
constexpr unsigned kMaxDescs = TB_DESCS;
#else
constexpr unsigned kMaxDescs = 4;  // the RTL's default
#endif
constexpr EngineConfig kEngine{B, kMaxBurst, kMaxReads};
using EngineBench = dma::DmaBench<Dut>;

// ---- Data -------------------------------------------------------------------------------
std::uint64_t aligned_addr(SplitMix64& rng, std::uint64_t region) {
  // Anywhere in a 1 MiB region, at element granularity (so usually not beat aligned).
  return region + (rng.next() % (1u << 20)) / E * E;
}

// Runs until `count` statuses are in; any protocol or bench failure stops the test with its
// message.
void run(EngineBench& b, std::size_t count) {
  INFO("E=", E, " B=", B, " seed ", seed());
  const bool done = b.run_until(count);
  REQUIRE_MESSAGE(done, b.error);
}

void check_ok(EngineBench& b) {
  INFO("E=", E, " B=", B, " seed ", seed());
  REQUIRE_MESSAGE(b.error.empty(), b.error);
}

// OFFLOAD raw at src to dst, then PREFETCH it back to back_dst, in a mode;
// checks the payload against the golden model and the raw data coming back
// (raw itself in ZVC mode, its golden decode in the others).
void round_trip(EngineBench& b, const Bytes& raw, std::uint64_t src, std::uint64_t dst,
                std::uint64_t back, std::uint16_t tag, zvc::Mode mode = zvc::Mode::kZvc) {
  b.mem.write(src, raw);
  const std::size_t before = b.statuses.size();
  const auto n = static_cast<std::uint32_t>(raw.size());
  const Bytes payload = zvc::compress(raw, E, mode);
  const auto m = static_cast<std::uint8_t>(mode);
  b.submit({kOffload, src, dst, n, 0, tag, m});
  run(b, before + 1);
  check_ok(b);
  CHECK(b.statuses[before] == Status{tag, n, static_cast<std::uint32_t>(payload.size()), kOk});
  CHECK(b.mem.read(dst, payload.size()) == payload);
  CHECK(b.mem.get(dst + payload.size()) == kUntouched);  // nothing written past the payload
  b.submit({kPrefetch, dst, back, n, static_cast<std::uint32_t>(payload.size()),
            static_cast<std::uint16_t>(tag + 1), m});
  run(b, before + 2);
  check_ok(b);
  CHECK(b.statuses[before + 1] == Status{static_cast<std::uint16_t>(tag + 1), n,
                                         static_cast<std::uint32_t>(payload.size()), kOk});
  CHECK(b.mem.read(back, n) == zvc::decompress(payload, n, E, mode));
  CHECK(b.mem.get(back - 1) == kUntouched);
  CHECK(b.mem.get(back + n) == kUntouched);
}

}  // namespace

TEST_CASE("engine: OFFLOAD then PREFETCH round-trips random data at unaligned addresses") {
  SplitMix64 rng(seed());
  EngineBench b(kEngine, seed(), {});
  for (int i = 0; i < 12; ++i) {
    const std::size_t elems = 1 + rng.next() % (i < 6 ? 100 : 3000);
    const Bytes raw =
        zvc::random_sparse(elems, E, std::vector<double>{0.0, 0.5, 0.9, 1.0}[i % 4], rng);
    // Fresh memory each time, anywhere in the 64-bit space (bits 31 and 33 to 63 random; every
    // address bit toggles), below the top so that no transfer wraps.
    const std::uint64_t region =
        (rng.next() & 0xFFFF'FFFE'8000'0000) + (static_cast<std::uint64_t>(i) << 24);
    round_trip(b, raw, aligned_addr(rng, 0x1000'0000 + region),
               aligned_addr(rng, 0x2000'0000 + region), aligned_addr(rng, 0x3000'0000 + region),
               static_cast<std::uint16_t>(2 * i));
  }
}

TEST_CASE("engine: round trips under slow, stalling memory on every channel") {
  for (const Pattern p : {Pattern::kLight, Pattern::kHeavy, Pattern::kBursty}) {
    SplitMix64 rng(seed() + static_cast<std::uint64_t>(p));
    EngineBench b(kEngine, seed() + static_cast<std::uint64_t>(p), {23, 0.7 * B, 0.5 * B, p, p}, p);
    for (int i = 0; i < 4; ++i) {
      const Bytes raw = zvc::random_sparse(1 + rng.next() % 2000, E, 0.6, rng);
      const std::uint64_t region = static_cast<std::uint64_t>(i) << 24;
      round_trip(b, raw, aligned_addr(rng, 0x1000'0000 + region),
                 aligned_addr(rng, 0x2000'0000 + region), aligned_addr(rng, 0x3000'0000 + region),
                 static_cast<std::uint16_t>(100 + 2 * i));
    }
  }
}

TEST_CASE("engine: real activation maps (data/sample) round-trip bit-exact") {
  EngineBench b(kEngine, seed(), {40, 2.0 * B, 1.0 * B});
  auto maps = sample_maps(CDMA_SAMPLE_DIR);
  REQUIRE(maps.size() >= 4);
  std::uint16_t tag = 500;
  for (auto& [name, raw] : maps) {
    raw.resize(std::min<std::size_t>(raw.size(), 32 * 1024) / E * E);
    const std::uint64_t region = std::uint64_t{tag} << 20;
    round_trip(b, raw, 0x4000'0000 + region + 4 * E, 0x5000'0000 + region + 8 * E,
               0x6000'0000 + region + 12 * E, tag);
    tag = static_cast<std::uint16_t>(tag + 2);
  }
}

TEST_CASE("engine: OFFLOAD then PREFETCH in every mode the codec has (docs/format.md)") {
  std::vector<zvc::Mode> modes = {zvc::Mode::kBinarize};
  if (E == 4) modes = {zvc::Mode::kBinarize, zvc::Mode::kBf16, zvc::Mode::kFp8};
  auto maps = sample_maps(CDMA_SAMPLE_DIR);
  REQUIRE(maps.size() >= 4);
  SplitMix64 rng(seed() + 60);
  EngineBench b(kEngine, seed(), {40, 2.0 * B, 1.0 * B});
  std::uint16_t tag = 700;
  for (const zvc::Mode mode : modes) {
    INFO(zvc::to_string(mode));
    for (std::size_t k = 0; k < 3; ++k) {
      Bytes raw = k < 2 ? maps[k].second : zvc::random_sparse(1 + rng.next() % 2000, E, 0.6, rng);
      raw.resize(std::min<std::size_t>(raw.size(), 16 * 1024) / E * E);
      const std::uint64_t region = std::uint64_t{tag} << 20;
      // The payload of bf16 and fp8 needs only its code's alignment (2 and 1
      // bytes): the last map's payload goes there, off the element grid.
      const std::uint64_t skew = k < 2                      ? 0
                                 : mode == zvc::Mode::kBf16 ? 2
                                 : mode == zvc::Mode::kFp8  ? 1
                                                            : 0;
      round_trip(b, raw, aligned_addr(rng, 0x1000'0000 + region),
                 aligned_addr(rng, 0x2000'0000 + region) + skew,
                 aligned_addr(rng, 0x3000'0000 + region), tag, mode);
      tag = static_cast<std::uint16_t>(tag + 2);
    }
  }
}

TEST_CASE("engine: many descriptors in flight with random tags and operations") {
  SplitMix64 rng(seed() + 40);
  EngineBench b(kEngine, seed() + 40, {15, 1.0 * B, 1.0 * B, Pattern::kLight, Pattern::kLight},
                Pattern::kLight);
  std::vector<Status> expected;
  std::vector<std::pair<std::uint64_t, Bytes>> expected_mem;
  std::uint64_t dst = 0x7000'0000;
  for (int i = 0; i < 40; ++i) {
    const Bytes raw = zvc::random_sparse(1 + rng.next() % 600, E, 0.5, rng);
    const std::uint64_t src =
        0x1000'0000 + static_cast<std::uint64_t>(i) * 0x10000 + (rng.next() % 64) * E;
    const auto tag = static_cast<std::uint16_t>(rng.next());
    const auto n = static_cast<std::uint32_t>(raw.size());
    const Bytes payload = zvc::compress(raw, E);
    b.mem.write(src, raw);
    dst += 0x10000 + (rng.next() % 64) * E;
    switch (rng.next() % 3) {
      case 0:
        b.submit({kCopy, src, dst, n, 0, tag});
        expected.push_back({tag, n, n, kOk});
        expected_mem.emplace_back(dst, raw);
        break;
      case 1:
        b.submit({kOffload, src, dst, n, 0, tag});
        expected.push_back({tag, n, static_cast<std::uint32_t>(payload.size()), kOk});
        expected_mem.emplace_back(dst, payload);
        break;
      default:
        b.mem.write(src + 0x8000, payload);
        b.submit(
            {kPrefetch, src + 0x8000, dst, n, static_cast<std::uint32_t>(payload.size()), tag});
        expected.push_back({tag, n, static_cast<std::uint32_t>(payload.size()), kOk});
        expected_mem.emplace_back(dst, raw);
    }
  }
  run(b, expected.size());
  check_ok(b);
  for (std::size_t i = 0; i < expected.size(); ++i) {
    INFO("descriptor ", i);
    CHECK(b.statuses[i] == expected[i]);
    CHECK(b.mem.read(expected_mem[i].first, expected_mem[i].second.size()) ==
          expected_mem[i].second);
  }
}

TEST_CASE("engine: descriptors back to back: the next one's reads while earlier ones write") {
  // Memory 200 cycles away for reads and for write responses. One at a time
  // (MaxDescs 1), each COPY costs at least both latencies and its beats; in
  // flight together, the latencies overlap.
  SlaveConfig cfg{200};
  cfg.write_latency = 200;
  EngineBench b(kEngine, seed() + 45, cfg);
  SplitMix64 rng(seed() + 45);
  constexpr std::uint32_t kCount = 12;
  // One burst each, so that MaxReads bursts outstanding let several descriptors' reads overlap.
  const auto n = static_cast<std::uint32_t>(std::min<std::size_t>(kMaxBurst * B, 4096));
  std::vector<Bytes> raws;
  for (std::uint32_t i = 0; i < kCount; ++i) {
    raws.push_back(zvc::random_sparse(n / E, E, 0.5, rng));
    b.mem.write(0x1000'0000 + std::uint64_t{i} * 0x10000, raws.back());
  }
  const std::uint64_t start = b.cycle();
  for (std::uint32_t i = 0; i < kCount; ++i)
    b.submit({kCopy, 0x1000'0000 + std::uint64_t{i} * 0x10000,
              0x2000'0000 + std::uint64_t{i} * 0x10000, n, 0, static_cast<std::uint16_t>(100 + i)});
  run(b, kCount);
  check_ok(b);
  const std::uint64_t cycles = b.cycle() - start;
  const std::uint64_t one_at_a_time = kCount * (cfg.read_latency + cfg.write_latency + n / B);
  INFO("cycles ", cycles, ", one at a time at least ", one_at_a_time, ", MaxDescs ", kMaxDescs);
  if (kMaxDescs == 1)
    CHECK(cycles >= one_at_a_time);
  else
    CHECK(cycles * 10 < one_at_a_time * 6);
  for (std::uint32_t i = 0; i < kCount; ++i) {
    CHECK(b.statuses[i] == Status{static_cast<std::uint16_t>(100 + i), n, n, kOk});
    CHECK(b.mem.read(0x2000'0000 + std::uint64_t{i} * 0x10000, n) == raws[i]);
  }
}

TEST_CASE("engine: a descriptor that reads what an earlier one writes sees the written data") {
  // Reads come back 100 cycles before the earlier writes are answered, so a
  // descriptor that did not wait (docs/dma.md, "Ordering through memory")
  // would read what was there before.
  SlaveConfig cfg{20, 1.0 * B, 1.0 * B, Pattern::kLight, Pattern::kLight};
  cfg.write_latency = 120;
  EngineBench b(kEngine, seed() + 47, cfg, Pattern::kLight);
  SplitMix64 rng(seed() + 47);
  const Bytes raw = zvc::random_sparse(1500 / E + 3, E, 0.6, rng);
  const auto n = static_cast<std::uint32_t>(raw.size());
  const Bytes payload = zvc::compress(raw, E);
  const auto pn = static_cast<std::uint32_t>(payload.size());
  const std::uint64_t a = 0x1000'0000 + 3 * E, p = 0x2000'0000 + 5 * E, r = 0x3000'0000 + E;
  const std::uint64_t x = 0x4000'0000, y = 0x5000'0000 + 7 * E;
  b.mem.write(a, raw);
  b.mem.write(p, Bytes(pn, 0xEE));  // stale data where the payload goes
  // OFFLOAD then PREFETCH of the payload just written; a COPY chain a -> x -> y,
  // the last one reading only the tail of what the previous one wrote.
  b.submit({kOffload, a, p, n, 0, 1});
  b.submit({kPrefetch, p, r, n, pn, 2});
  b.submit({kCopy, a, x, n, 0, 3});
  b.submit({kCopy, x + n - 8 * E, y, 8 * E, 0, 4});
  run(b, 4);
  check_ok(b);
  CHECK(b.statuses[0] == Status{1, n, pn, kOk});
  CHECK(b.statuses[1] == Status{2, n, pn, kOk});
  CHECK(b.statuses[2] == Status{3, n, n, kOk});
  CHECK(b.statuses[3] == Status{4, 8 * E, 8 * E, kOk});
  CHECK(b.mem.read(p, pn) == payload);
  CHECK(b.mem.read(r, n) == raw);
  CHECK(b.mem.read(x, n) == raw);
  CHECK(b.mem.read(y, 8 * E) == Bytes(raw.end() - 8 * E, raw.end()));
}

TEST_CASE("engine: a misaligned or empty descriptor is rejected with no bus traffic") {
  EngineBench b(kEngine, seed(), {});
  const std::vector<Desc> bad = {
      {kCopy, 0x1000 + (E > 1 ? 1 : 0), 0x2000, 64, 0, 1},  // source not element aligned
      {kOffload, 0x1000, 0x2000 + (E > 1 ? 1 : 0), 64, 0, 2},
      {kCopy, 0x1000, 0x2000, 64 + (E > 1 ? 1 : 0), 0, 3},  // length not whole elements
      {kCopy, 0x1000, 0x2000, 0, 0, 4},                     // empty
      {kPrefetch, 0x1000, 0x2000, 64, 0, 5},                // no payload
      {3, 0x1000, 0x2000, 64, 0, 6},                        // unknown operation
      // bf16 needs fp32 elements (tag 0 unless this codec lacks it)
      {kOffload, 0x1000, 0x2000, 64, 0, E == 4 ? std::uint16_t{0} : std::uint16_t{7},
       static_cast<std::uint8_t>(zvc::Mode::kBf16)},
      {kPrefetch, 0x1000, 0x2000, 64, 64, E == 4 ? std::uint16_t{0} : std::uint16_t{8},
       static_cast<std::uint8_t>(zvc::Mode::kFp8)},
  };
  std::size_t expected = 0;
  for (const Desc& d : bad) {
    if (E == 1 && d.tag <= 3 && d.tag != 0) continue;  // every address and length is aligned at E=1
    if (d.tag == 0) continue;                          // a mode an fp32 codec has
    b.submit(d);
    ++expected;
  }
  run(b, expected);
  check_ok(b);
  CHECK(b.ar_count == 0);
  CHECK(b.aw_count == 0);
  for (const Status& s : b.statuses) CHECK(s.err == kDescriptor);
  // The engine goes on working.
  SplitMix64 rng(seed() + 50);
  round_trip(b, zvc::random_sparse(300, E, 0.5, rng), 0x1000, 0x9000, 0x11000, 77);
}

TEST_CASE("engine: an OFFLOAD's payload stops at its capacity: error 10 and the size it needs") {
  std::vector<zvc::Mode> modes = {zvc::Mode::kZvc, zvc::Mode::kBinarize};
  if (E == 4) modes.insert(modes.end(), {zvc::Mode::kBf16, zvc::Mode::kFp8});
  SplitMix64 rng(seed() + 80);
  EngineBench b(kEngine, seed() + 80, {23, 1.0 * B, 1.0 * B, Pattern::kLight, Pattern::kLight},
                Pattern::kLight);
  struct Expect {
    std::uint64_t dst;
    Bytes written;  // the payload up to the capacity
  };
  std::vector<Status> statuses;
  std::vector<Expect> expect;
  std::uint16_t tag = 900;
  for (const zvc::Mode mode : modes) {
    // Random maps, and an all-zero one whose payload is whole beats (2 x B bytes of masks).
    for (int k = 0; k < 3; ++k) {
      const Bytes raw = k < 2 ? zvc::random_sparse(1 + rng.next() % (k == 0 ? 40 : 1500), E,
                                                   k == 0 ? 0.2 : 0.7, rng)
                              : Bytes(2 * B / 4 * 32 * E, 0);
      const Bytes payload = zvc::compress(raw, E, mode);
      const auto n = static_cast<std::uint32_t>(raw.size());
      const auto size = static_cast<std::uint32_t>(payload.size());
      const std::uint32_t bound = 4 * ((n / E + 31) / 32) + n;  // always accepted (the spec)
      const auto beat = static_cast<std::uint32_t>(B);
      const std::vector<std::uint32_t> caps = {size,
                                               size + 1,
                                               bound,
                                               1,
                                               size - 1,
                                               size > beat ? size - beat : 1,
                                               1 + static_cast<std::uint32_t>(rng.next() % size)};
      for (const std::uint32_t cap : caps) {
        const std::uint64_t region = std::uint64_t{tag} << 20;
        const std::uint64_t src = aligned_addr(rng, 0x1000'0000 + region);
        const std::uint64_t dst = aligned_addr(rng, 0x2000'0000 + region);
        b.mem.write(src, raw);
        b.submit({kOffload, src, dst, n, cap, tag, static_cast<std::uint8_t>(mode)});
        statuses.push_back({tag, n, size, cap >= size ? kOk : kCapacity});
        expect.push_back({dst, Bytes(payload.begin(), payload.begin() + std::min(cap, size))});
        ++tag;
      }
    }
  }
  run(b, statuses.size());
  check_ok(b);
  for (std::size_t i = 0; i < statuses.size(); ++i) {
    INFO("descriptor ", i);
    CHECK(b.statuses[i] == statuses[i]);
    CHECK(b.mem.read(expect[i].dst, expect[i].written.size()) == expect[i].written);
    CHECK(b.mem.get(expect[i].dst + expect[i].written.size()) == kUntouched);
  }
  // The engine goes on working.
  round_trip(b, zvc::random_sparse(300, E, 0.5, rng), 0x1000, 0x9000, 0x11000, 77);
}

TEST_CASE("engine: bus errors are reported, the transfer finishes, the next one works") {
  SplitMix64 rng(seed() + 60);
  EngineBench b(kEngine, seed() + 60, {10, 1e9, 1e9, Pattern::kLight, Pattern::kLight});
  const Bytes raw = zvc::random_sparse(700, E, 0.5, rng);
  const auto n = static_cast<std::uint32_t>(raw.size());
  b.mem.write(0x100000, raw);
  b.errors = {{0x100000 + 64, 0x100000 + 65, true, 2},
              {0x200000, 0x201000, true, 3},
              {0x300000 + 100, 0x300000 + 101, false, 2},
              {0x400000, 0x401000, false, 3}};
  b.mem.write(0x200000, raw);
  b.submit({kOffload, 0x100000, 0x500000, n, 0, 1});            // read SLVERR inside
  b.submit({kCopy, 0x200000, 0x600000, n, 0, 2});               // read DECERR
  b.submit({kCopy, 0x100000 + 0x1000 * 0, 0x300000, n, 0, 3});  // read and write SLVERR
  b.submit({kOffload, 0x200000 + 0x2000, 0x400000, n, 0, 4});   // write DECERR
  run(b, 4);
  check_ok(b);
  CHECK(b.statuses[0].err == kReadSlv);
  CHECK(b.statuses[1].err == kReadDec);
  // Its source range answers SLVERR too, and a read error is reported first;
  // write SLVERR alone is tag 6 below.
  CHECK(b.statuses[2].err == kReadSlv);
  CHECK(b.statuses[3].err == kWriteDec);
  b.errors.clear();
  b.submit({kCopy, 0x100000, 0x300000, n, 0, 5});
  run(b, 5);
  CHECK(b.statuses[4] == Status{5, n, n, kOk});
  CHECK(b.mem.read(0x300000, n) == raw);
  b.errors = {{0x300000 + 100, 0x300000 + 101, false, 2}};
  b.submit({kCopy, 0x100000 + 0x80000, 0x300000, n, 0, 6});
  run(b, 6);
  CHECK(b.statuses[5].err == kWriteSlv);
}

TEST_CASE("engine: decode errors are reported with the hardware's output") {
  SplitMix64 rng(seed() + 70);
  EngineBench b(kEngine, seed() + 70, {6});
  const Bytes raw = zvc::random_sparse(500, E, 0.5, rng);
  const auto n = static_cast<std::uint32_t>(raw.size());
  const Bytes payload = zvc::compress(raw, E);
  struct Case {
    Bytes payload;
    std::uint8_t err;
  };
  Bytes truncated(payload.begin(), payload.end() - 4 * E);
  Bytes trailing = payload;
  trailing.insert(trailing.end(), 4 * E, 0x5A);
  Bytes bad_mask = payload;
  // The last window holds 500 % 32 = 20 elements: set mask bit 31 of it.
  bad_mask[zvc::window_offsets(payload, 500, E).back() + 3] |= 0x80;
  const std::vector<Case> cases = {
      {truncated, kTruncated}, {trailing, kTrailing}, {bad_mask, kBadMask}};
  std::uint16_t tag = 10;
  for (const Case& c : cases) {
    b.mem.write(0x800000 + tag * 0x10000, c.payload);
    const std::uint64_t dst = 0x900000 + tag * 0x10000;
    b.submit({kPrefetch, 0x800000 + tag * 0x10000u, dst, n,
              static_cast<std::uint32_t>(c.payload.size()), tag});
    run(b, static_cast<std::size_t>(tag - 9));
    check_ok(b);
    Bytes expect(n);
    zvc::decode_lenient(c.payload, E, expect);
    CHECK(b.statuses.back().err == c.err);
    CHECK(b.statuses.back().comp == c.payload.size());
    CHECK(b.mem.read(dst, n) == expect);
    ++tag;
  }
  round_trip(b, raw, 0xA00000, 0xB00000, 0xC00000, 90);
}

TEST_CASE("engine: transfers crossing many 4 KB boundaries from every byte lane") {
  SplitMix64 rng(seed() + 80);
  EngineBench b(kEngine, seed() + 80, {3});
  for (std::size_t lane = 0; lane < B; lane += E) {
    const Bytes raw = zvc::random_sparse((3 * 4096 + 100) / E, E, 0.3, rng);
    const auto n = static_cast<std::uint32_t>(raw.size());
    b.mem.write(0x1000'0000 + 4096 - B + lane, raw);
    b.submit({kCopy, 0x1000'0000 + 4096 - B + lane, 0x2000'0000 + 4096 - 2 * B + (B - lane) % B, n,
              0, 1});
    run(b, lane / E + 1);
    check_ok(b);
    CHECK(b.mem.read(0x2000'0000 + 4096 - 2 * B + (B - lane) % B, n) == raw);
  }
}

TEST_CASE("engine: 255 write bursts await their response, the engine waits, nothing is lost") {
  // Write responses 10 000 cycles late: the engine keeps issuing bursts up to its limit of
  // 255 unanswered (WritesW), then waits for responses before the next.
  SlaveConfig cfg;
  cfg.write_latency = 10000;
  EngineBench b(kEngine, seed() + 70, cfg);
  SplitMix64 rng(seed() + 70);
  const std::size_t burst_bytes = std::min<std::size_t>(std::size_t{kMaxBurst} * B, 4096);
  const Bytes raw = zvc::random_sparse(300 * burst_bytes / E, E, 0.5, rng);
  const auto n = static_cast<std::uint32_t>(raw.size());
  const std::uint64_t src = 0x4000'0000, dst = 0x5000'0000;
  b.mem.write(src, raw);
  b.submit({kCopy, src, dst, n, 0, 41});
  run(b, 1);
  check_ok(b);
  CHECK(b.statuses[0] == Status{41, n, n, kOk});
  CHECK(b.mem.read(dst, n) == raw);
  CHECK(b.max_writes_out == 255);
  round_trip(b, zvc::random_sparse(3000, E, 0.5, rng), 0x1000, 0x9000, 0x11000, 42);
}

namespace {

// The golden block index of raw in a mode: the payload bytes of each 4 KiB block.
std::vector<std::uint32_t> golden_index(const Bytes& raw, zvc::Mode mode) {
  return zvc::read_container_info(zvc::write_container(raw, E, 4096, mode)).block_sizes;
}

Bytes index_bytes(const std::vector<std::uint32_t>& sizes) {
  Bytes out;
  for (const std::uint32_t v : sizes)
    for (int k = 0; k < 4; ++k) out.push_back(static_cast<std::uint8_t>(v >> (8 * k)));
  return out;
}

// The PREFETCH of blocks [first, first + count) of the indexed map of n raw
// bytes at map, from the index as the engine wrote it into memory.
Desc block_range(const EngineBench& b, std::uint64_t map, std::uint32_t n, std::uint32_t first,
                 std::uint32_t count, std::uint64_t dst, std::uint16_t tag, zvc::Mode mode) {
  const std::uint32_t blocks = (n + 4095) / 4096;
  const std::vector<std::uint32_t> sizes = zvc::parse_block_index(b.mem.read(map, 4 * blocks));
  std::uint64_t offset = 0, comp = 0;
  for (std::uint32_t i = 0; i < first + count; ++i) (i < first ? offset : comp) += sizes[i];
  const std::uint32_t raw = std::min(n, (first + count) * 4096) - first * 4096;
  return {kPrefetch, map + 4 * blocks + offset,      dst, raw, static_cast<std::uint32_t>(comp),
          tag,       static_cast<std::uint8_t>(mode)};
}

}  // namespace

TEST_CASE("engine: an indexed OFFLOAD writes its block index; any block range PREFETCHes back") {
  std::vector<zvc::Mode> modes = {zvc::Mode::kZvc, zvc::Mode::kBinarize};
  if (E == 4) modes.insert(modes.end(), {zvc::Mode::kBf16, zvc::Mode::kFp8});
  const auto maps = sample_maps(CDMA_SAMPLE_DIR);
  REQUIRE(!maps.empty());
  SplitMix64 rng(seed() + 130);
  EngineBench b(kEngine, seed() + 130, {40, 1.0 * B, 1.0 * B, Pattern::kLight, Pattern::kLight},
                Pattern::kLight);
  std::uint16_t tag = 1300;
  // Below one block, exactly one, one element over, a partial last block, a sample map.
  const std::vector<std::size_t> sizes = {37 * E, 4096, 4096 + E,
                                          3 * 4096 + E * (1 + rng.next() % 1000), 0};
  for (std::size_t k = 0; k < sizes.size(); ++k) {
    const zvc::Mode mode = modes[k % modes.size()];
    INFO("map ", k, " mode ", zvc::to_string(mode));
    Bytes raw =
        sizes[k] ? zvc::random_sparse(sizes[k] / E, E, k % 2 ? 0.7 : 0.4, rng) : maps[0].second;
    raw.resize(std::min<std::size_t>(raw.size(), 9 * 4096 + 4 * E) / E * E);
    const auto n = static_cast<std::uint32_t>(raw.size());
    const std::uint64_t region = std::uint64_t{tag} << 22;
    const std::uint64_t src = aligned_addr(rng, 0x1000'0000 + region);
    const std::uint64_t map = aligned_addr(rng, 0x2000'0000 + region) / 4 * 4;
    const Bytes payload = zvc::compress(raw, E, mode);
    const std::vector<std::uint32_t> index = golden_index(raw, mode);
    const std::uint64_t pay = map + 4 * index.size();
    b.mem.write(src, raw);
    Desc d{kOffload, src, map, n, 0, tag, static_cast<std::uint8_t>(mode)};
    d.index = true;
    b.submit(d);
    run(b, b.statuses.size() + 1);
    check_ok(b);
    CHECK(b.statuses.back() == Status{tag, n, static_cast<std::uint32_t>(payload.size()), kOk});
    CHECK(b.mem.get(map - 1) == kUntouched);
    CHECK(b.mem.read(map, 4 * index.size()) == index_bytes(index));
    CHECK(b.mem.read(pay, payload.size()) == payload);
    CHECK(b.mem.get(pay + payload.size()) == kUntouched);
    ++tag;
    // The whole map, its first and last blocks, and random ranges, all in flight together.
    const auto blocks = static_cast<std::uint32_t>(index.size());
    std::vector<std::pair<std::uint32_t, std::uint32_t>> ranges = {
        {0, blocks}, {0, 1}, {blocks - 1, 1}};
    for (int r = 0; r < 3; ++r) {
      const auto first = static_cast<std::uint32_t>(rng.next() % blocks);
      ranges.emplace_back(first, 1 + static_cast<std::uint32_t>(rng.next() % (blocks - first)));
    }
    const std::size_t before = b.statuses.size();
    std::vector<Desc> descs;
    for (std::size_t r = 0; r < ranges.size(); ++r) {
      descs.push_back(block_range(b, map, n, ranges[r].first, ranges[r].second,
                                  0x3000'0000 + region + (std::uint64_t{r} << 18) + E, tag, mode));
      b.submit(descs.back());
      ++tag;
    }
    run(b, before + ranges.size());
    check_ok(b);
    for (std::size_t r = 0; r < ranges.size(); ++r) {
      INFO("blocks ", ranges[r].first, " + ", ranges[r].second);
      const Desc& x = descs[r];
      CHECK(b.statuses[before + r] == Status{x.tag, x.raw, x.comp, kOk});
      CHECK(b.mem.read(x.dst, x.raw) == zvc::decompress_blocks(payload, index, n, E, 4096,
                                                               ranges[r].first, ranges[r].second,
                                                               mode));
      CHECK(b.mem.get(x.dst + x.raw) == kUntouched);
    }
  }
}

TEST_CASE("engine: an indexed OFFLOAD at its capacity, with index write errors, and refused") {
  SplitMix64 rng(seed() + 140);
  EngineBench b(kEngine, seed() + 140, {30, 1e9, 1e9, Pattern::kLight, Pattern::kLight});
  const Bytes raw = zvc::random_sparse((5 * 4096 + 64) / E, E, 0.5, rng);
  const auto n = static_cast<std::uint32_t>(raw.size());
  const Bytes payload = zvc::compress(raw, E);
  const auto size = static_cast<std::uint32_t>(payload.size());
  const std::vector<std::uint32_t> index = golden_index(raw, zvc::Mode::kZvc);
  const Bytes ix = index_bytes(index);
  b.mem.write(0x10'0000, raw);
  // Capacity: the index whole, the payload up to the capacity, error 10 with the size it needs.
  Desc cut{kOffload, 0x10'0000, 0x20'0000, n, size / 2, 1};
  cut.index = true;
  b.submit(cut);
  // Index write errors: SLVERR on the first entry, DECERR on the last; the payload is whole.
  Desc slv{kOffload, 0x10'0000, 0x30'0000, n, 0, 2};
  slv.index = true;
  Desc dec = slv;
  dec.dst = 0x40'0000;
  dec.tag = 3;
  b.errors = {{0x30'0000, 0x30'0004, false, 2},
              {0x40'0000 + ix.size() - 4, 0x40'0000 + ix.size(), false, 3}};
  b.submit(slv);
  b.submit(dec);
  run(b, 3);
  check_ok(b);
  CHECK(b.statuses[0] == Status{1, n, size, kCapacity});
  CHECK(b.mem.read(0x20'0000, ix.size()) == ix);
  CHECK(b.mem.read(0x20'0000 + ix.size(), size / 2) ==
        Bytes(payload.begin(), payload.begin() + size / 2));
  CHECK(b.mem.get(0x20'0000 + ix.size() + size / 2) == kUntouched);
  CHECK(b.statuses[1] == Status{2, n, size, kWriteSlv});
  CHECK(b.statuses[2] == Status{3, n, size, kWriteDec});
  CHECK(b.mem.read(0x40'0000 + ix.size(), size) == payload);
  b.errors.clear();
  // The flag on another operation, or with a destination not 4-byte aligned: error 8, no traffic.
  const std::uint64_t ar = b.ar_count, aw = b.aw_count;
  for (const Desc& x : std::vector<Desc>{{kCopy, 0x10'0000, 0x50'0000, 64, 0, 4},
                                         {kPrefetch, 0x40'0000 + ix.size(), 0x50'0000, n, size, 5},
                                         {kOffload, 0x10'0000, 0x50'0000 + 2, n, 0, 6}}) {
    Desc y = x;
    y.index = true;
    b.submit(y);
  }
  run(b, 6);
  check_ok(b);
  for (std::size_t i = 3; i < 6; ++i) CHECK(b.statuses[i].err == kDescriptor);
  CHECK(b.ar_count == ar);
  CHECK(b.aw_count == aw);
  // The engine goes on working.
  round_trip(b, zvc::random_sparse(300, E, 0.5, rng), 0x1000, 0x9000, 0x11000, 77);
}

#if TB_CSR
TEST_CASE("csr: identity, read-back with byte strobes, and SLVERR for every bad access") {
  EngineBench b(kEngine, seed(), {}, Pattern::kNone, false);
  CHECK(b.lite_now(false, CDMA_ID).first == CDMA_ID_VALUE);
  const std::uint32_t config = b.lite_now(false, CDMA_CONFIG).first;
  CHECK(((config & CDMA_CONFIG_ELEM_BYTES_MASK) >> CDMA_CONFIG_ELEM_BYTES_SHIFT) == E);
  CHECK((1u << ((config & CDMA_CONFIG_BUS_BYTES_LOG2_MASK) >> CDMA_CONFIG_BUS_BYTES_LOG2_SHIFT)) ==
        B);
  CHECK(((config & CDMA_CONFIG_MAX_BURST_MASK) >> CDMA_CONFIG_MAX_BURST_SHIFT) == kMaxBurst);
  for (const std::uint8_t reg : {CDMA_DESC_SRC_LO, CDMA_DESC_SRC_HI, CDMA_DESC_DST_LO,
                                 CDMA_DESC_DST_HI, CDMA_DESC_RAW_BYTES, CDMA_DESC_COMP_BYTES}) {
    CHECK(b.lite_now(true, reg, 0x11223344).second == 0);
    CHECK(b.lite_now(true, reg, 0xAABBCCDD, 0x5).second == 0);  // bytes 0 and 2 only
    CHECK(b.lite_now(false, reg).first == 0x11BB33DD);
    for (const std::uint32_t value : {0xFFFF'FFFFu, 0u}) {  // every bit both ways
      CHECK(b.lite_now(true, reg, value).second == 0);
      CHECK(b.lite_now(false, reg).first == value);
    }
  }
  CHECK(b.lite_now(true, CDMA_DESC_TAG, 0xFFFFBEEF).second == 0);
  CHECK(b.lite_now(false, CDMA_DESC_TAG).first == 0xBEEF);
  CHECK(b.lite_now(true, CDMA_DESC_OP, 2).second == 0);
  CHECK(b.lite_now(false, CDMA_DESC_OP).first == 2);
  // Read-only and unmapped registers, an empty pop: SLVERR, nothing changes.
  CHECK(b.lite_now(true, CDMA_ID, 0).second == 2);
  CHECK(b.lite_now(true, CDMA_STS_TAG, 0).second == 2);
  CHECK(b.lite_now(true, 0xFC, 0).second == 2);
  CHECK(b.lite_now(false, 0xFC).second == 2);
  CHECK(b.lite_now(true, CDMA_STS_POP, 1).second == 2);
  CHECK(b.lite_now(false, CDMA_ID).first == CDMA_ID_VALUE);
  CHECK(b.ar_count == 0);
}

TEST_CASE("csr: a full descriptor queue refuses DESC_PUSH with SLVERR, nothing is lost") {
  EngineBench b(kEngine, seed(), {200, 1e9, 1e9}, Pattern::kNone,
                false);  // slow memory keeps the engine busy
  SplitMix64 rng(seed() + 90);
  const Bytes raw = zvc::random_sparse(64, E, 0.5, rng);
  b.mem.write(0x1000, raw);
  const auto n = static_cast<std::uint32_t>(raw.size());
  b.lite_now(true, CDMA_DESC_OP, kCopy);
  b.lite_now(true, CDMA_DESC_SRC_LO, 0x1000);
  b.lite_now(true, CDMA_DESC_RAW_BYTES, n);
  int accepted = 0, refused = 0;
  for (int i = 0; i < 8; ++i) {
    b.lite_now(true, CDMA_DESC_TAG, static_cast<std::uint32_t>(i));
    b.lite_now(true, CDMA_DESC_DST_LO, 0x10000 + 0x1000 * static_cast<std::uint32_t>(i));
    if (b.lite_now(true, CDMA_DESC_PUSH, 1).second == 0) {
      ++accepted;
    } else {
      ++refused;
      CHECK((b.lite_now(false, CDMA_QUEUE).first & CDMA_QUEUE_DESC_FULL_MASK) != 0);
    }
  }
  CHECK(refused > 0);
  // Collect every accepted descriptor's status by polling.
  int done = 0;
  for (int guard = 0; done < accepted && guard < 200000; ++guard) {
    if ((b.lite_now(false, CDMA_QUEUE).first & CDMA_QUEUE_STS_VALID_MASK) == 0) continue;
    CHECK(b.lite_now(false, CDMA_STS_ERROR).first == kOk);
    CHECK(b.lite_now(false, CDMA_STS_RAW_BYTES).first == n);
    CHECK(b.lite_now(true, CDMA_STS_POP, 1).second == 0);
    ++done;
  }
  CHECK(done == accepted);
  check_ok(b);
}

TEST_CASE("csr: the completion interrupt is enabled, raised and acknowledged") {
  EngineBench b(kEngine, seed(), {}, Pattern::kNone, false);
  SplitMix64 rng(seed() + 91);
  const Bytes raw = zvc::random_sparse(100, E, 0.5, rng);
  const auto n = static_cast<std::uint32_t>(raw.size());
  b.mem.write(0x1000, raw);
  auto copy = [&](std::uint32_t tag) {
    b.lite_now(true, CDMA_DESC_OP, kCopy);
    b.lite_now(true, CDMA_DESC_TAG, tag);
    b.lite_now(true, CDMA_DESC_SRC_LO, 0x1000);
    b.lite_now(true, CDMA_DESC_DST_LO, 0x8000);
    b.lite_now(true, CDMA_DESC_RAW_BYTES, n);
    REQUIRE(b.lite_now(true, CDMA_DESC_PUSH, 1).second == 0);
    for (int i = 0;
         i < 1000 && (b.lite_now(false, CDMA_QUEUE).first & CDMA_QUEUE_STS_VALID_MASK) == 0; ++i) {
    }
  };
  copy(1);
  CHECK(b.lite_now(false, CDMA_IRQ).first == CDMA_IRQ_DONE_MASK);
  CHECK_FALSE(b.irq());  // disabled
  b.lite_now(true, CDMA_CTRL, CDMA_CTRL_IRQ_EN_MASK);
  CHECK(b.irq());
  b.lite_now(true, CDMA_IRQ, CDMA_IRQ_DONE_MASK);  // acknowledge
  CHECK_FALSE(b.irq());
  CHECK(b.lite_now(false, CDMA_STS_TAG).first == 1);
  CHECK(b.lite_now(true, CDMA_STS_POP, 1).second == 0);
  CHECK_FALSE(b.irq());
  copy(2);
  CHECK(b.irq());
  CHECK(b.lite_now(false, CDMA_STS_TAG).first == 2);
  CHECK(b.mem.read(0x8000, n) == raw);
  check_ok(b);
}

// ---- The C driver library (include/cdma.h) called by the test ----
// The bench's device: register accesses are AXI4-Lite transactions on the
// verilated top (any SLVERR fails the bench); with the interrupt, a wait runs
// the clock until irq_o. Bounded polls: a lost record fails, not hangs.
cdma_dev& driver(EngineBench& b, bool use_irq) {
  cdma_dev& dev = b.driver();
  dev.wait_irq = nullptr;
  if (use_irq) {
    dev.wait_irq = [](void* ctx) {
      auto& bench = *static_cast<EngineBench*>(ctx);
      for (int i = 0; i < 50'000 && !bench.irq() && bench.error.empty(); ++i) bench.idle(1);
    };
  }
  dev.poll_budget = use_irq ? 200 : 20'000;
  return dev;
}

TEST_CASE("driver: cdma_memcpy_compressed and back in every mode, copy, a bad descriptor") {
  for (const bool use_irq : {true, false}) {
    INFO("interrupt: ", use_irq);
    EngineBench b(kEngine, seed() + 95, {}, Pattern::kNone, false);
    cdma_dev& dev = driver(b, use_irq);
    REQUIRE(cdma_open(&dev) == 0);
    CHECK(dev.elem_bytes == E);
    CHECK(dev.bus_bytes == B);
    CHECK(dev.max_burst == kMaxBurst);
    SplitMix64 rng(seed() + 96);
    const Bytes raw = zvc::random_sparse(3000, E, 0.6, rng);
    const auto n = static_cast<std::uint32_t>(raw.size());
    const std::uint64_t src = 0x1'0000'1000 + E, dst = 0x2'0000'0000 + 3 * E, back = 0x3'0000'0000;
    b.mem.write(src, raw);
    // bf16 and fp8 convert fp32 elements: only at E = 4 (the engine refuses them otherwise).
    std::vector<zvc::Mode> modes = {zvc::Mode::kZvc, zvc::Mode::kBinarize};
    if (E == 4) modes.insert(modes.end(), {zvc::Mode::kBf16, zvc::Mode::kFp8});
    for (const zvc::Mode mode : modes) {
      INFO("mode ", static_cast<int>(mode));
      const Bytes payload = zvc::compress(raw, E, mode);
      const auto m = static_cast<unsigned>(mode);
      const auto size = static_cast<std::uint32_t>(payload.size());
      // One byte short of the payload, into fresh memory: the capacity error,
      // the bytes before it written and nothing past them.
      const std::uint64_t short_dst = dst + (std::uint64_t{m + 1} << 24);
      CHECK(cdma_memcpy_compressed(&dev, short_dst, src, n, size - 1, m) == -CDMA_ERR_CAPACITY);
      CHECK(b.mem.read(short_dst, size - 1) == Bytes(payload.begin(), payload.end() - 1));
      CHECK(b.mem.get(short_dst + size - 1) == kUntouched);
      const std::int64_t comp = cdma_memcpy_compressed(&dev, dst, src, n, size, m);
      REQUIRE(comp == static_cast<std::int64_t>(payload.size()));
      CHECK(b.mem.read(dst, payload.size()) == payload);
      CHECK(cdma_memcpy_decompressed(&dev, back, dst, n, static_cast<std::uint32_t>(comp), m) == n);
      CHECK(b.mem.read(back, n) == zvc::decompress(payload, n, E, mode));
    }
    REQUIRE(cdma_copy(&dev, 7, back, src, n) == 0);
    cdma_status s{};
    REQUIRE(cdma_wait(&dev, &s) == 1);
    CHECK(s.tag == 7);
    CHECK(s.raw_bytes == n);
    CHECK(s.error == CDMA_ERR_OK);
    CHECK(b.mem.read(back, n) == raw);
    CHECK(cdma_poll(&dev, &s) == 0);
    // A zero length is a bad descriptor: its error comes back negated.
    CHECK(cdma_memcpy_compressed(&dev, dst, src, 0, 0, CDMA_MODE_ZVC) == -CDMA_ERR_DESCRIPTOR);
    if (E > 1) {  // so is a length that is not whole elements
      CHECK(cdma_memcpy_compressed(&dev, dst, src, E + E / 2, 0, CDMA_MODE_ZVC) ==
            -CDMA_ERR_DESCRIPTOR);
    }
    CHECK(std::string(cdma_strerror(-CDMA_ERR_DESCRIPTOR)) == "bad descriptor");
    CHECK(std::string(cdma_strerror(CDMA_ERR_CAPACITY)) == "payload over capacity");
    check_ok(b);
  }
}

TEST_CASE("driver: a full queue is reported without a push, records come in order") {
  EngineBench b(kEngine, seed() + 97, {}, Pattern::kNone, false);
  cdma_dev& dev = driver(b, true);
  REQUIRE(cdma_open(&dev) == 0);
  SplitMix64 rng(seed() + 98);
  const Bytes raw = zvc::random_sparse(16384 / E, E, 0.3, rng);
  const auto n = static_cast<std::uint32_t>(raw.size());
  b.mem.write(0x1000, raw);
  // Long copies keep the engine busy while descriptors are staged: the queue fills.
  std::uint16_t queued = 0;
  while (queued < 64) {
    const cdma_desc desc{CDMA_OP_COPY,
                         CDMA_MODE_ZVC,
                         queued,
                         0x1000,
                         0x100'0000 + 0x10'0000 * std::uint64_t{queued},
                         n,
                         0,
                         0};
    const int rc = cdma_submit(&dev, &desc);
    if (rc == CDMA_RC_FULL) break;
    REQUIRE(rc == 0);
    ++queued;
  }
  CHECK(queued >= 2);
  CHECK(queued < 64);  // the queue did fill
  CHECK(cdma_memcpy_compressed(&dev, 0x9000'0000, 0x1000, n, 0, CDMA_MODE_ZVC) == CDMA_RC_BUSY);
  for (std::uint16_t i = 0; i < queued; ++i) {
    cdma_status s{};
    REQUIRE(cdma_wait(&dev, &s) == 1);
    CHECK(s.tag == i);
    CHECK(s.error == CDMA_ERR_OK);
    CHECK(b.mem.read(0x100'0000 + 0x10'0000 * std::uint64_t{i}, n) == raw);
  }
  cdma_status s{};
  CHECK(cdma_poll(&dev, &s) == 0);
  check_ok(b);  // no register access was refused: no DESC_PUSH met a full queue
}

// ---- Descriptor rings in memory (cdma_ring, docs/dma.md "Descriptor rings") ----
constexpr std::uint64_t kRing = 0x7000'0000, kCpl = 0x7100'0000;

// Polls the ring until `want` records are taken (the clock runs between
// looks); every record goes to `out`.
void take_records(EngineBench& b, cdma_dev& dev, cdma_ring& ring, std::size_t want,
                  std::vector<cdma_status>& out) {
  for (int i = 0; i < 200'000 && out.size() < want && b.error.empty(); ++i) {
    cdma_status s{};
    if (cdma_ring_poll(&dev, &ring, &s) == 1)
      out.push_back(s);
    else
      b.idle(1);
  }
  REQUIRE_MESSAGE(out.size() == want, b.error);
}

// Reads RING_HEAD until it shows `slot`: true, or false after 5000 reads.
bool wait_head(EngineBench& b, std::uint32_t slot) {
  for (int i = 0; i < 5000; ++i)
    if ((b.lite_now(false, CDMA_RING_HEAD).first & CDMA_RING_HEAD_HEAD_MASK) == slot) return true;
  return false;
}

TEST_CASE("ring: descriptors from memory, in order with register ones, around the ring 5 times") {
  EngineBench b(kEngine, seed() + 120, {40, 1e9, 1e9, Pattern::kLight, Pattern::kLight},
                Pattern::kNone, false);
  cdma_dev& dev = driver(b, false);
  REQUIRE(cdma_open(&dev) == 0);
  cdma_ring ring{};
  REQUIRE(cdma_ring_open(&dev, &ring, kRing, kCpl, 3, 1, 0) == 0);
  SplitMix64 rng(seed() + 121);
  constexpr int kCount = 40;  // 8 slots: the ring wraps 5 times
  std::vector<Bytes> raws;
  std::vector<cdma_desc> descs;
  for (int i = 0; i < kCount; ++i) {
    raws.push_back(zvc::random_sparse(1 + rng.next() % 300, E, 0.6, rng));
    const std::uint64_t src = 0x100'0000 + 0x1'0000 * std::uint64_t(i);
    b.mem.write(src, raws.back());
    const unsigned op = i % 3 == 0 ? CDMA_OP_COPY : CDMA_OP_OFFLOAD;
    descs.push_back({op, CDMA_MODE_ZVC, static_cast<std::uint16_t>(0x100 + i), src,
                     0x200'0000 + 0x1'0000 * std::uint64_t(i),
                     static_cast<std::uint32_t>(raws.back().size()), 0, 0});
  }
  // Register descriptors meanwhile: their statuses stay in STS_*, in their own order.
  for (std::uint16_t t = 0; t < 2; ++t)
    REQUIRE(cdma_copy(&dev, t, 0x300'0000 + 0x1'0000 * t, 0x100'0000, 64) == 0);
  std::vector<cdma_status> got;
  int sent = 0;
  while (got.size() < kCount && b.error.empty()) {
    sent += cdma_ring_submit(&dev, &ring, descs.data() + sent, kCount - sent);
    take_records(b, dev, ring, std::min<std::size_t>(got.size() + 1, kCount), got);
  }
  for (int i = 0; i < kCount; ++i) {
    INFO("descriptor ", i);
    const Bytes want = descs[i].op == CDMA_OP_COPY ? raws[i] : zvc::compress(raws[i], E);
    CHECK(got[i].tag == 0x100 + i);
    CHECK(got[i].error == CDMA_ERR_OK);
    CHECK(got[i].raw_bytes == raws[i].size());
    CHECK(got[i].comp_bytes == want.size());
    CHECK(b.mem.read(descs[i].dst, want.size()) == want);
    CHECK(b.mem.get(descs[i].dst + want.size()) == kUntouched);
  }
  for (std::uint16_t t = 0; t < 2; ++t) {
    cdma_status s{};
    REQUIRE(cdma_poll(&dev, &s) == 1);
    CHECK(s.tag == t);
    CHECK(b.mem.read(0x300'0000 + 0x1'0000 * t, 64) == b.mem.read(0x100'0000, 64));
  }
  CHECK((b.lite_now(false, CDMA_RING_HEAD).first & CDMA_RING_HEAD_HEAD_MASK) == kCount % 8);
  check_ok(b);
}

TEST_CASE("ring: a full ring takes 2**n - 1 descriptors, the rest waits for free slots") {
  EngineBench b(kEngine, seed() + 122, {300, 1e9, 1e9}, Pattern::kNone, false);
  cdma_dev& dev = driver(b, false);
  REQUIRE(cdma_open(&dev) == 0);
  cdma_ring ring{};
  REQUIRE(cdma_ring_open(&dev, &ring, kRing + 0x40, kCpl + 0x10, 2, 1, 0) == 0);
  b.mem.write(0x1000, Bytes(256, 7));
  std::vector<cdma_desc> descs;
  for (std::uint16_t i = 0; i < 6; ++i)
    descs.push_back({CDMA_OP_COPY, 0, i, 0x1000, 0x10'0000 + 0x1000 * std::uint64_t{i}, 256, 0, 0});
  CHECK(cdma_ring_submit(&dev, &ring, descs.data(), 6) == 3);
  CHECK(cdma_ring_submit(&dev, &ring, descs.data() + 3, 3) == 0);  // full until a record is taken
  // Running: the ring's addresses refuse writes (SLVERR, nothing changes).
  CHECK(b.lite_now(true, CDMA_RING_BASE_LO, 0).second == 2);
  CHECK(b.lite_now(true, CDMA_RING_CTRL, 0).second == 2);
  CHECK(b.lite_now(false, CDMA_RING_BASE_LO).first == kRing + 0x40);
  std::vector<cdma_status> got;
  take_records(b, dev, ring, 1, got);
  CHECK(cdma_ring_submit(&dev, &ring, descs.data() + 3, 3) == 1);
  take_records(b, dev, ring, 4, got);
  CHECK(cdma_ring_submit(&dev, &ring, descs.data() + 4, 2) == 2);
  take_records(b, dev, ring, 6, got);
  for (std::uint16_t i = 0; i < 6; ++i) {
    CHECK(got[i].tag == i);
    CHECK(got[i].error == CDMA_ERR_OK);
    CHECK(b.mem.read(0x10'0000 + 0x1000 * std::uint64_t{i}, 256) == Bytes(256, 7));
  }
  // Quiet again: the ring accepts a new address; disabled, its head follows the tail.
  b.idle(50);
  const std::uint32_t head = b.lite_now(false, CDMA_RING_HEAD).first;
  CHECK((head & CDMA_RING_HEAD_QUIET_MASK) != 0);
  CHECK((head & CDMA_RING_HEAD_HEAD_MASK) == 6 % 4);
  CHECK(b.lite_now(true, CDMA_RING_CTRL, 2u << CDMA_RING_CTRL_SIZE_LOG2_SHIFT).second == 0);
  CHECK(b.lite_now(true, CDMA_RING_TAIL, 3).second == 0);
  b.idle(2);
  CHECK((b.lite_now(false, CDMA_RING_HEAD).first & CDMA_RING_HEAD_HEAD_MASK) == 3);
  CHECK(b.lite_now(true, CDMA_RING_BASE_LO, 0x40).second == 0);
  check_ok(b);
}

TEST_CASE("ring: bus errors in the middle of a ring are recorded, the rest completes") {
  EngineBench b(kEngine, seed() + 123, {}, Pattern::kNone, false);
  cdma_dev& dev = driver(b, false);
  REQUIRE(cdma_open(&dev) == 0);
  cdma_ring ring{};
  REQUIRE(cdma_ring_open(&dev, &ring, kRing, kCpl, 4, 1, 0) == 0);
  b.mem.write(0x1000, Bytes(128, 5));
  std::vector<cdma_desc> descs;
  for (std::uint16_t i = 0; i < 8; ++i)
    descs.push_back({CDMA_OP_COPY, 0, static_cast<std::uint16_t>(0x40 + i), 0x1000,
                     0x10'0000 + 0x1000 * std::uint64_t{i}, 128, 0, 0});
  descs[2].src = 0x5000;  // a data read error
  // An OFFLOAD whose payload does not fit its capacity: error 10, the size it needs.
  SplitMix64 rng(seed() + 125);
  const Bytes raw5 = zvc::random_sparse(100, E, 0.2, rng);
  const Bytes payload5 = zvc::compress(raw5, E);
  b.mem.write(0x2000, raw5);
  descs[5] = {CDMA_OP_OFFLOAD,
              0,
              0x45,
              0x2000,
              0x10'5000,
              static_cast<std::uint32_t>(raw5.size()),
              static_cast<std::uint32_t>(payload5.size() - 1),
              0};
  b.errors.push_back({0x5000, 0x5100, true, 2});  // SLVERR
  // Slot 4's fetch answers DECERR (and on a bus wider than 32 bytes, so does
  // every slot sharing its beats).
  b.errors.push_back({kRing + 4 * 32, kRing + 5 * 32, true, 3});
  auto fetch_fails = [](std::uint64_t slot) {
    const std::uint64_t lo = (kRing + 32 * slot) / B * B;
    return lo < kRing + 5 * 32 && lo + std::max<std::size_t>(B, 32) > kRing + 4 * 32;
  };
  CHECK(cdma_ring_submit(&dev, &ring, descs.data(), 6) == 6);
  // Slot 6 by hand, with a reserved control bit set: refused as a bad descriptor.
  Bytes d6(32, 0);
  auto put = [&](std::size_t at, std::uint64_t v, int n) {
    for (int k = 0; k < n; ++k) d6[at + k] = static_cast<std::uint8_t>(v >> (8 * k));
  };
  put(CDMA_RING_DESC_SRC, 0x1000, 8), put(CDMA_RING_DESC_DST, 0x10'6000, 8);
  put(CDMA_RING_DESC_RAW_BYTES, 128, 4), put(CDMA_RING_DESC_CTRL, 0x0046'0200, 4);
  b.mem.write(kRing + 6 * 32, d6);
  ring.tail = 7;
  CHECK(cdma_ring_submit(&dev, &ring, descs.data() + 7, 1) == 1);
  std::vector<cdma_status> got;
  take_records(b, dev, ring, 8, got);
  for (std::uint16_t i = 0; i < 8; ++i) {
    INFO("slot ", i);
    const unsigned want = fetch_fails(i) ? CDMA_ERR_FETCH
                          : i == 2       ? CDMA_ERR_READ_SLVERR
                          : i == 5       ? CDMA_ERR_CAPACITY
                          : i == 6       ? CDMA_ERR_DESCRIPTOR
                                         : CDMA_ERR_OK;
    CHECK(got[i].error == want);
    CHECK(got[i].tag == (fetch_fails(i) ? 0 : 0x40 + i));
    if (want == CDMA_ERR_CAPACITY) {
      CHECK(got[i].comp_bytes == payload5.size());
      CHECK(b.mem.read(0x10'5000, payload5.size() - 1) ==
            Bytes(payload5.begin(), payload5.end() - 1));
      CHECK(b.mem.get(0x10'5000 + payload5.size() - 1) == kUntouched);
    }
    if (want == CDMA_ERR_OK)
      CHECK(b.mem.read(0x10'0000 + 0x1000 * std::uint64_t{i}, 128) == Bytes(128, 5));
    if (want == CDMA_ERR_FETCH || want == CDMA_ERR_DESCRIPTOR)
      CHECK(b.mem.get(0x10'0000 + 0x1000 * std::uint64_t{i}) == kUntouched);
  }
  CHECK(std::string(cdma_strerror(CDMA_ERR_FETCH)) == "descriptor fetch error");
  // A completion record whose write fails: IRQ.CPL_ERR, and the ring goes on.
  CHECK((b.lite_now(false, CDMA_IRQ).first & CDMA_IRQ_CPL_ERR_MASK) == 0);
  b.errors.push_back({kCpl + 8 * 16, kCpl + 9 * 16, false, 2});
  CHECK(cdma_ring_submit(&dev, &ring, descs.data(), 2) == 2);
  REQUIRE(wait_head(b, 10));
  CHECK((b.lite_now(false, CDMA_IRQ).first & CDMA_IRQ_CPL_ERR_MASK) != 0);
  got.clear();
  take_records(b, dev, ring, 2, got);  // this memory model stores a beat it answers SLVERR
  CHECK(got[1].tag == 0x41);
  check_ok(b);
}

TEST_CASE("driver: an indexed OFFLOAD through the registers and the ring, block ranges back") {
  EngineBench b(kEngine, seed() + 150, {20, 1e9, 1e9}, Pattern::kNone, false);
  cdma_dev& dev = driver(b, false);
  REQUIRE(cdma_open(&dev) == 0);
  SplitMix64 rng(seed() + 151);
  const Bytes raw = zvc::random_sparse((6 * 4096 + 8) / E, E, 0.6, rng);
  const auto n = static_cast<std::uint32_t>(raw.size());
  const Bytes payload = zvc::compress(raw, E);
  const std::vector<std::uint32_t> index = golden_index(raw, zvc::Mode::kZvc);
  const auto blocks = static_cast<std::uint32_t>(index.size());
  REQUIRE(CDMA_INDEX_BYTES(n) == 4 * blocks);
  const std::uint64_t src = 0x1'0000, map = 0x100'0004, back = 0x200'0000;
  b.mem.write(src, raw);
  // Through the registers: the flag in DESC_OP.
  const cdma_desc off{CDMA_OP_OFFLOAD, CDMA_MODE_ZVC, 1, src, map, n, 0, CDMA_FLAG_INDEX};
  REQUIRE(cdma_submit(&dev, &off) == 0);
  cdma_status s{};
  REQUIRE(cdma_wait(&dev, &s) == 1);
  CHECK(s.error == CDMA_ERR_OK);
  CHECK(s.comp_bytes == payload.size());
  CHECK(b.mem.read(map, 4 * blocks) == index_bytes(index));
  CHECK(b.mem.read(map + 4 * blocks, payload.size()) == payload);
  for (const auto& [first, count] :
       std::vector<std::pair<std::uint32_t, std::uint32_t>>{{0, blocks}, {2, 3}, {blocks - 1, 1}}) {
    INFO("blocks ", first, " + ", count);
    REQUIRE(cdma_prefetch_blocks(&dev, 2, back, map, n, first, count, CDMA_MODE_ZVC) == 0);
    REQUIRE(cdma_wait(&dev, &s) == 1);
    CHECK(s.error == CDMA_ERR_OK);
    const Bytes want = zvc::decompress_blocks(payload, index, n, E, 4096, first, count);
    CHECK(s.raw_bytes == want.size());
    CHECK(b.mem.read(back, want.size()) == want);
  }
  cdma_desc d{};
  CHECK(cdma_block_range(&dev, &d, map, n, 0, 0) == CDMA_RC_RANGE);
  CHECK(cdma_block_range(&dev, &d, map, n, blocks, 1) == CDMA_RC_RANGE);
  CHECK(cdma_block_range(&dev, &d, map, n, 1, blocks) == CDMA_RC_RANGE);
  CHECK(std::string(cdma_strerror(CDMA_RC_RANGE)) == "block range outside the map");
  // Through the ring: the flag in the control word; then a block range from the new index.
  cdma_ring ring{};
  REQUIRE(cdma_ring_open(&dev, &ring, kRing, kCpl, 2, 1, 0) == 0);
  const std::uint64_t map2 = 0x300'0000;
  cdma_desc ring_off = off;
  ring_off.dst = map2;
  ring_off.tag = 3;
  REQUIRE(cdma_ring_submit(&dev, &ring, &ring_off, 1) == 1);
  std::vector<cdma_status> got;
  take_records(b, dev, ring, 1, got);
  REQUIRE(got.size() == 1);
  CHECK(got[0].error == CDMA_ERR_OK);
  CHECK(b.mem.read(map2, 4 * blocks) == index_bytes(index));
  cdma_desc range{};
  range.dst = back + 0x10'0000;
  range.tag = 4;
  REQUIRE(cdma_block_range(&dev, &range, map2, n, 1, 4) == 0);
  REQUIRE(cdma_ring_submit(&dev, &ring, &range, 1) == 1);
  take_records(b, dev, ring, 2, got);
  REQUIRE(got.size() == 2);
  CHECK(got[1].error == CDMA_ERR_OK);
  CHECK(b.mem.read(range.dst, range.raw_bytes) ==
        zvc::decompress_blocks(payload, index, n, E, 4096, 1, 4));
  check_ok(b);
}

TEST_CASE("ring: interrupts coalesced by count and by timer") {
  EngineBench b(kEngine, seed() + 124, {}, Pattern::kNone, false);
  cdma_dev& dev = driver(b, false);
  REQUIRE(cdma_open(&dev) == 0);
  b.lite_now(true, CDMA_CTRL, CDMA_CTRL_IRQ_EN_MASK);
  cdma_ring ring{};
  REQUIRE(cdma_ring_open(&dev, &ring, kRing, kCpl, 4, 4, 0) == 0);  // every 4 records
  b.mem.write(0x1000, Bytes(64, 9));
  std::vector<cdma_desc> descs;
  for (std::uint16_t i = 0; i < 8; ++i)
    descs.push_back({CDMA_OP_COPY, 0, i, 0x1000, 0x10'0000 + 0x1000 * std::uint64_t{i}, 64, 0, 0});
  CHECK(cdma_ring_submit(&dev, &ring, descs.data(), 3) == 3);
  REQUIRE(wait_head(b, 3));
  b.idle(100);
  CHECK_FALSE(b.irq());  // 3 of 4
  CHECK(cdma_ring_submit(&dev, &ring, descs.data() + 3, 1) == 1);
  REQUIRE(wait_head(b, 4));
  CHECK(b.irq());
  std::vector<cdma_status> got;
  CHECK(cdma_ring_service_irq(
            &dev, &ring,
            [](void* ctx, const cdma_status* st) {
              static_cast<std::vector<cdma_status>*>(ctx)->push_back(*st);
            },
            &got) == 4);
  CHECK_FALSE(b.irq());
  // The timer: one record, the interrupt 600 cycles after its write completes.
  // (Counted from the record's store, which its write response follows.)
  REQUIRE(b.lite_now(true, CDMA_IRQ_COAL, 100u | 600u << CDMA_IRQ_COAL_TIMER_SHIFT).second == 0);
  CHECK(cdma_ring_submit(&dev, &ring, descs.data() + 4, 1) == 1);
  for (int i = 0; i < 5000 && !(b.mem.get(kCpl + 4 * 16 + 15) & 0x80); ++i) b.idle(1);
  const std::uint64_t done = b.cycle();
  while (!b.irq() && b.cycle() - done < 2000) b.idle(1);
  CHECK(b.irq());
  CHECK(b.cycle() - done >= 600);
  CHECK(b.cycle() - done <= 610);
  check_ok(b);
}
#endif

#ifdef TB_BUFFER
// ---- The offload experiment (docs/dma.md) ---------------------------------------------
// The paper's system: activations in device memory 350 cycles away with ample
// bandwidth (one beat per cycle), a 16 B/cycle link (PCIe Gen3 x16 at 1 GHz)
// to host memory. Prints "knee B depth raw_bytes cycles" for this model's
// BufferBeats and, with `speedup`, "speedup B ratio raw_bytes copy offload
// prefetch copy_back offload_indexed data-name" cycle counts for OFFLOAD and
// PREFETCH against plain COPY, and for an OFFLOAD with the block index.
int experiment(bool speedup) {
  constexpr unsigned kLatency = 350;
  constexpr double kLink = 16;
  auto cycles = [&](std::uint8_t op, const Bytes& src, std::uint32_t raw, bool to_host,
                    bool index = false) -> std::uint64_t {
    // To the host: reads from the device (ample), writes over the link; back: the reverse.
    const SlaveConfig cfg =
        to_host ? SlaveConfig{kLatency, double(B), kLink} : SlaveConfig{kLatency, kLink, double(B)};
    EngineBench b(kEngine, 1, cfg);
    b.mem.write(0x1000'0000, src);
    const std::uint64_t start = b.cycle();
    // comp_bytes: PREFETCH's payload length; 0 for OFFLOAD (no capacity limit).
    const auto comp = op == kPrefetch ? static_cast<std::uint32_t>(src.size()) : 0u;
    Desc d{op, 0x1000'0000, 0x8000'0000, raw, comp, 1};
    d.index = index;
    b.submit(d);
    if (!b.run_until(1) || b.statuses[0].err != kOk) {
      fmt::print(stderr, "experiment: transfer failed: {}\n", b.error);
      std::exit(1);
    }
    return b.cycle() - start;
  };
  const Bytes sparse = zvc::synth_activations((1u << 20) / E, E, 0.9, 7);
  fmt::print("knee {} {} {} {}\n", B, TB_BUFFER, sparse.size(),
             cycles(kOffload, sparse, static_cast<std::uint32_t>(sparse.size()), true));
  if (!speedup) return 0;
  std::vector<std::pair<std::string, Bytes>> sets;
  for (const double z : {0.5, 0.9})
    sets.emplace_back(fmt::format("synthetic {:.0f} % zeros", 100 * z),
                      zvc::synth_activations((2u << 20) / E, E, z, 11));
  for (auto& map : sample_maps(CDMA_SAMPLE_DIR)) sets.push_back(std::move(map));
  for (const auto& [name, raw] : sets) {
    const Bytes payload = zvc::compress(raw, E);
    const auto n = static_cast<std::uint32_t>(raw.size());
    fmt::print("speedup {} {:.4f} {} {} {} {} {} {} {}\n", B,
               static_cast<double>(n) / static_cast<double>(payload.size()), n,
               cycles(kCopy, raw, n, true), cycles(kOffload, raw, n, true),
               cycles(kPrefetch, payload, n, false), cycles(kCopy, raw, n, false),
               cycles(kOffload, raw, n, true, true), name);
  }
  return 0;
}

// Bus efficiency (issue 20's goal): a stream of COPY descriptors of one size,
// memory 350 cycles away with one beat per cycle each way and no link limit,
// descriptors always waiting. Prints "efficiency B bytes count cycles" per
// size: the data beats on R (and as many on W) against the cycles from the
// first descriptor to the last status.
int efficiency() {
  for (std::uint32_t size = 64; size <= (1u << 20); size *= 4) {
    const std::uint32_t count = std::clamp((1u << 20) / size, 4u, 256u);
    EngineBench b(kEngine, 1, SlaveConfig{350, double(B), double(B)});
    SplitMix64 rng(size);
    b.mem.write(0x1000'0000, zvc::random_sparse(size / E, E, 0.5, rng));
    const std::uint64_t start = b.cycle();
    for (std::uint32_t i = 0; i < count; ++i)
      b.submit({kCopy, 0x1000'0000, 0x8000'0000 + std::uint64_t{i} * size, size, 0,
                static_cast<std::uint16_t>(i)});
    if (!b.run_until(count)) {
      fmt::print(stderr, "efficiency: {}\n", b.error);
      return 1;
    }
    const bool ok = std::all_of(b.statuses.begin(), b.statuses.end(),
                                [](const Status& s) { return s.err == kOk; });
    if (!ok || b.mem.read(0x8000'0000 + std::uint64_t{count - 1} * size, size) !=
                   b.mem.read(0x1000'0000, size)) {
      fmt::print(stderr, "efficiency: a COPY of {} bytes failed\n", size);
      return 1;
    }
    fmt::print("efficiency {} {} {} {}\n", B, size, count, b.cycle() - start);
  }
  return 0;
}
#endif

int main(int argc, char** argv) {
#ifdef TB_BUFFER
  if (argc > 1 && std::string(argv[1]) == "experiment")
    return experiment(argc > 2 && std::string(argv[2]) == "speedup");
  if (argc > 1 && std::string(argv[1]) == "efficiency") return efficiency();
#endif
  return run_tests(argc, argv,
                   fmt::format("{} E={} B={} MaxBurstBeats={} MaxReads={} MaxDescs={}",
                               EngineBench::kCsr ? "cdma_dma" : "cdma_engine", E, B, kMaxBurst,
                               kMaxReads, kMaxDescs));
}
