// Verilator bench for zvc_compressor and zvc_decompressor at one parameter
// point (TB_ELEM, TB_BUS; TB_PIPELINE, both codecs' Pipeline parameter),
// compared bit for bit with the golden library.
// `tb_zvc_eE_bB throughput` prints this point's rows of the throughput table
// instead of running the tests.
#define DOCTEST_CONFIG_IMPLEMENT
#include <algorithm>
#include <bit>
#include <cstring>

#include "Vzvc_compressor.h"
#include "Vzvc_decompressor.h"
#include "bench.hpp"
#include "main.hpp"
#include "zvc/precision.hpp"

namespace {

using namespace tb;

constexpr int E = TB_ELEM;
constexpr std::size_t B = TB_BUS;
// The compressor's latency from the beat that ends a window to its payload;
// the decompressor's from the last payload byte a beat needs to the beat.
constexpr std::uint64_t kCompLatency = 2 + TB_PIPELINE;
constexpr std::uint64_t kDecompLatency = 2 + TB_PIPELINE;
using CompBench = Bench<Vzvc_compressor>;
using DecompBench = Bench<Vzvc_decompressor>;

std::string config() {
  return fmt::format("E={} B={}", E, B);
}

// ---- Data -------------------------------------------------------------------------
enum class Style { kUniform, kClustered, kSpecial };

// One non-zero element value: random bits, or (special) -0.0, NaN, inf, a denormal.
void put_elem(Bytes& raw, std::size_t i, SplitMix64& rng, Style style) {
  std::uint32_t v = 0;
  if (style == Style::kSpecial) {
    const std::uint32_t specials4[] = {0x80000000u, 0x7FC00000u, 0xFF800000u, 0x00000001u};
    const std::uint32_t specials2[] = {0x8000u, 0x7E00u, 0xFC00u, 0x0001u};
    const std::uint32_t specials1[] = {0x80u, 0xFFu, 0x7Fu, 0x01u};
    const auto k = rng.next() % 4;
    v = E == 4 ? specials4[k] : E == 2 ? specials2[k] : specials1[k];
  } else {
    do {
      v = static_cast<std::uint32_t>(rng.next());
      if constexpr (E < 4) v &= (1u << (8 * E)) - 1;
    } while (v == 0);
  }
  std::memcpy(raw.data() + i * E, &v, E);
}

Bytes random_frame(SplitMix64& rng, std::size_t elems, double zero_fraction, Style style) {
  bool zero_run = rng.uniform() < zero_fraction;  // the clustered style's first run
  if (style == Style::kUniform) return zvc::random_sparse(elems, E, zero_fraction, rng);
  Bytes raw(elems * E, 0);
  for (std::size_t i = 0; i < elems; ++i) {
    bool zero;
    if (style == Style::kClustered) {
      // Runs with a mean of 24 elements, zero runs in proportion.
      const double p_switch = zero_run ? (1 - zero_fraction) / 12 : zero_fraction / 12;
      if (rng.uniform() < p_switch + 1e-3) zero_run = !zero_run;
      zero = zero_fraction >= 1.0 || (zero_run && zero_fraction > 0.0);
    } else {
      zero = rng.uniform() < zero_fraction;
    }
    if (!zero) put_elem(raw, i, rng, style);
  }
  return raw;
}

// A random frame length, mostly small and near window and beat edges.
std::size_t random_elems(SplitMix64& rng, std::size_t max_elems) {
  switch (rng.next() % 4) {
    case 0:
      return 1 + rng.next() % 40;
    case 1:
      return 32 * (1 + rng.next() % 8) + (rng.next() % 3) - 1;
    case 2:
      return (B / E) * (1 + rng.next() % 6);
    default:
      return 1 + rng.next() % max_elems;
  }
}

// ---- Frames with their expected results ----------------------------------------------
void push_comp(CompBench& b, const Bytes& raw) {
  const Bytes payload = zvc::compress(raw, E);
  b.push(to_beats(raw, B), payload,
         {.raw = static_cast<std::uint32_t>(raw.size()),
          .comp = static_cast<std::uint32_t>(payload.size())});
}

// Whether a frame breaks the input rules as the contract words them
// (RTL-INTERFACES.md, common rules and zvc_compressor): only the last beat
// may be partial, its tkeep contiguous from bit 0, and the frame's length
// (its kept bytes) a multiple of ElemBytes.
bool breaks_input_rules(const std::vector<Beat>& beats) {
  std::size_t length = 0;
  for (std::size_t j = 0; j < beats.size(); ++j) {
    const auto kept = static_cast<std::size_t>(std::ranges::count(beats[j].keep, true));
    length += kept;
    const bool last = j + 1 == beats.size();
    if (!last && kept != B) return true;
    for (std::size_t i = kept; i < B; ++i)
      if (beats[j].keep[i]) return true;  // a kept byte above a hole
  }
  return length % E != 0;
}

// What the compressor makes of beats that may break the input rules (its
// documented behaviour, zvc_compressor.sv header): bytes outside tkeep read
// as zero, a non-last beat counts whole, the last beat counts the elements in
// front of its first element with a null byte. Returns whether the frame
// breaks the rules (the expected error flag).
bool push_comp_beats(CompBench& b, const std::vector<Beat>& beats) {
  REQUIRE(!beats.empty());
  REQUIRE(beats.back().last);
  Bytes raw;
  for (const Beat& beat : beats) {
    std::size_t take = B;
    if (beat.last) {
      const auto null =
          static_cast<std::size_t>(std::ranges::find(beat.keep, false) - beat.keep.begin());
      take = null / E * E;
    }
    for (std::size_t i = 0; i < take; ++i) raw.push_back(beat.keep[i] ? beat.data[i] : 0);
  }
  const bool error = breaks_input_rules(beats);
  const Bytes payload = zvc::compress(raw, E);
  b.push(beats, payload,
         {.raw = static_cast<std::uint32_t>(raw.size()),
          .comp = static_cast<std::uint32_t>(payload.size()),
          .err = error ? 1u : 0u});
  return error;
}

// The decompressor's expected output for any payload, in any mode, is the
// golden hardware-semantics decode in that mode.
void push_decomp_payload(DecompBench& b, const Bytes& payload, std::size_t raw_bytes,
                         zvc::Mode m = zvc::Mode::kZvc) {
  Bytes raw(raw_bytes);
  const zvc::LenientResult r = zvc::decode_lenient(payload, E, m, raw);
  b.push(to_beats(payload, B), raw,
         {.comp = static_cast<std::uint32_t>(payload.size()), .err = r.error_bits()},
         static_cast<std::uint32_t>(raw_bytes), static_cast<std::uint8_t>(m));
}
void push_decomp(DecompBench& b, const Bytes& raw) {
  push_decomp_payload(b, zvc::compress(raw, E), raw.size());
}

// ---- Modes (docs/format.md, "Modes") ---------------------------------------------------
// The modes this point has: binarize everywhere, bf16 and fp8 with fp32 elements.
std::vector<zvc::Mode> modes_here() {
  if constexpr (E == 4) return {zvc::Mode::kBinarize, zvc::Mode::kBf16, zvc::Mode::kFp8};
  return {zvc::Mode::kBinarize};
}

// A frame's beats with its mode in tuser on the first beat and junk on the
// others (the compressor reads only the first).
std::vector<Beat> mode_beats(const Bytes& raw, zvc::Mode m, SplitMix64& rng) {
  std::vector<Beat> beats = to_beats(raw, B);
  for (std::size_t j = 0; j < beats.size(); ++j)
    beats[j].user =
        j == 0 ? static_cast<std::uint8_t>(m) : static_cast<std::uint8_t>(rng.next() & 3);
  return beats;
}
void push_comp_mode(CompBench& b, const Bytes& raw, zvc::Mode m, SplitMix64& rng) {
  const Bytes payload = zvc::compress(raw, E, m);
  b.push(mode_beats(raw, m, rng), payload,
         {.raw = static_cast<std::uint32_t>(raw.size()),
          .comp = static_cast<std::uint32_t>(payload.size())});
}

#if TB_ELEM == 4
// fp32 values that exercise the conversions: every bf16 code as an fp32 (and
// with the dropped half just below, at and just above one half), every fp8
// value and the midpoints around it, and the special values.
Bytes conversion_values() {
  std::vector<std::uint32_t> v;
  for (std::uint32_t code = 0; code < 0x10000; ++code) {
    const std::uint32_t x = code << 16;
    v.insert(v.end(), {x, x | 0x7FFF, x | 0x8000, x | 0x8001});
  }
  for (std::uint32_t code = 0; code < 0x100; ++code) {
    const auto x =
        std::bit_cast<std::uint32_t>(zvc::from_fp8_e4m3(static_cast<std::uint8_t>(code)));
    v.insert(v.end(), {x, x - 1, x + 1, x + 0x00080000, x + 0x00080001, x + 0x0007FFFF});
  }
  v.insert(v.end(), {0x00000000, 0x80000000, 0x00000001, 0x807FFFFF, 0x7F800000, 0xFF800000,
                     0x7FC00000, 0xFFC00001, 0x7F800001, 0x43E00000, 0x43E80000, 0x43F00000,
                     0x3A800000, 0x3A800001, 0xBA800000, 0xBA800001, 0x7F7FFFFF, 0xFF7FFFFF});
  Bytes raw(4 * v.size());
  std::memcpy(raw.data(), v.data(), raw.size());
  return raw;
}

// Bytes [at, at + len) of data, cut at its end.
Bytes slice(const Bytes& data, std::size_t at, std::size_t len) {
  const auto first = data.begin() + static_cast<std::ptrdiff_t>(at);
  return Bytes(first, first + static_cast<std::ptrdiff_t>(std::min(len, data.size() - at)));
}
#endif

void check_run(const RunStats& st) {
  INFO(config(), ", seed ", seed());
  CHECK_MESSAGE(st.error.empty(), st.error);
}

const double kDensities[] = {0.0, 0.3, 0.5, 0.7, 0.9, 1.0};

// ---- Shared scenarios (run against both modules) ---------------------------------
// Random frames under all 16 source/sink idle/backpressure pairs; status and
// command ports get light backpressure whenever the sink has any.
template <class BenchT, class Push>
void random_under_patterns(const char* tag, std::uint64_t salt, Push push) {
  for (const Pattern in : kAllPatterns) {
    for (const Pattern out : kAllPatterns) {
      const std::uint64_t run_seed =
          seed() * salt + static_cast<std::uint64_t>(in) * 7 + static_cast<std::uint64_t>(out);
      SplitMix64 rng(run_seed);
      const Pattern side = out == Pattern::kNone ? Pattern::kNone : Pattern::kLight;
      BenchT b(B, fmt::format("{}_patterns_{}_{}", tag, to_string(in), to_string(out)), run_seed,
               {in, out, side, side});
      for (int f = 0; f < 24; ++f) {
        const auto style = static_cast<Style>(rng.next() % 3);
        push(b, random_frame(rng, random_elems(rng, 3000), kDensities[rng.next() % 6], style));
      }
      INFO("in=", std::string(to_string(in)), " out=", std::string(to_string(out)));
      check_run(b.run());
    }
  }
}

// Reset at four points inside a long frame; the frames after it must be exact.
template <class BenchT, class Push>
void reset_mid_frame(const char* tag, std::uint64_t salt, Push push) {
  SplitMix64 rng(seed() + salt);
  BenchT b(B, fmt::format("{}_reset", tag), seed(),
           {Pattern::kLight, Pattern::kHeavy, Pattern::kNone, Pattern::kNone});
  for (const std::uint64_t cut : {3u, 17u, 40u, 101u}) {
    push(b, random_frame(rng, 50 * B / E, 0.5, Style::kUniform));
    b.run(cut);
    b.reset();
    for (int f = 0; f < 5; ++f)
      push(b, random_frame(rng, random_elems(rng, 500), 0.6, Style::kUniform));
    check_run(b.run());
  }
}

// The shipped real activations (data/sample, fp32 .zvc containers) at this
// element size: fp32 for E=4, bf16 for E=2, fp8 E4M3 for E=1. The first
// 64 KiB of each map, in 4 KiB frames (DMA-sized pieces of a layer).
std::vector<Bytes> real_frames() {
  const zvc::Precision p = E == 4   ? zvc::Precision::kFp32
                           : E == 2 ? zvc::Precision::kBf16
                                    : zvc::Precision::kFp8E4M3;
  std::vector<Bytes> frames;
  const auto maps = sample_maps(CDMA_SAMPLE_DIR);
  REQUIRE_MESSAGE(maps.size() >= 4, "the real sample is missing from " CDMA_SAMPLE_DIR);
  for (const auto& [name, fp32] : maps) {
    std::vector<float> values(fp32.size() / 4);
    std::memcpy(values.data(), fp32.data(), values.size() * 4);
    const Bytes raw = zvc::encode_precision(values, p);
    for (std::size_t at = 0; at < std::min<std::size_t>(raw.size(), 64 * 1024); at += 4096) {
      const auto begin = raw.begin() + static_cast<std::ptrdiff_t>(at);
      frames.emplace_back(
          begin, begin + static_cast<std::ptrdiff_t>(std::min<std::size_t>(4096, raw.size() - at)));
    }
  }
  return frames;
}

template <class BenchT, class Push>
void real_activations(const char* tag, Push push) {
  BenchT b(B, fmt::format("{}_real", tag), seed(),
           {Pattern::kLight, Pattern::kLight, Pattern::kLight, Pattern::kLight});
  for (const Bytes& frame : real_frames()) push(b, frame);
  check_run(b.run());
}

}  // namespace

// ---- Compressor ---------------------------------------------------------------------------
TEST_CASE("compressor: random frames under every idle/backpressure pattern") {
  random_under_patterns<CompBench>("comp", 131, push_comp);
}

TEST_CASE("compressor: reset in the middle of a frame, the next frames are exact") {
  reset_mid_frame<CompBench>("comp", 13, push_comp);
}

TEST_CASE("compressor: directed edge cases") {
  CompBench b(B, "comp_edges", seed(), {});
  SplitMix64 rng(seed());
  for (std::size_t n = 1; n <= 70; ++n) push_comp(b, random_frame(rng, n, 0.5, Style::kUniform));
  push_comp(b, Bytes(E, 0));                                   // one zero element
  push_comp(b, Bytes(1000 * E, 0));                            // all zero
  push_comp(b, Bytes(1000 * E, 0xA5));                         // all dense
  push_comp(b, random_frame(rng, 777, 0.5, Style::kSpecial));  // -0.0, NaN, inf, denormals
  push_comp(b, Bytes{});                                       // empty frame: a null beat
  for (int i = 0; i < 50; ++i)
    push_comp(b, random_frame(rng, B / E, 0.6, Style::kUniform));  // 1-beat frames
  check_run(b.run());
}

TEST_CASE("compressor: 1 MiB frames at 0, 50 and 100 % zeros") {
  CompBench b(B, "comp_large", seed(), {Pattern::kLight, Pattern::kLight, Pattern::kNone});
  SplitMix64 rng(seed() + 5);
  for (const double z : {0.0, 0.5, 1.0})
    push_comp(b, random_frame(rng, (1u << 20) / E, z, Style::kClustered));
  check_run(b.run());
}

TEST_CASE("compressor: malformed tkeep is flagged, the frame still ends, the next is exact") {
  CompBench b(B, "comp_malformed", seed(), {Pattern::kLight, Pattern::kLight, Pattern::kLight});
  SplitMix64 rng(seed() + 9);
  for (int f = 0; f < 40; ++f) {
    // Whole beats, at least two when a non-last beat is to be cut short.
    const std::size_t count = (f % 4 == 1 ? 2 : 1) + rng.next() % 3;
    std::vector<Beat> beats = to_beats(random_frame(rng, (B / E) * count, 0.5, Style::kUniform), B);
    switch (f % 4) {
      case 0:  // a hole in tkeep: a byte dropped before the beat's last byte
        beats[rng.next() % beats.size()].keep[rng.next() % (B - 1)] = false;
        break;
      case 1: {  // a partial beat that is not the last
        Beat& victim = beats[rng.next() % (count - 1)];
        for (std::size_t i = B / 2; i < B; ++i) victim.keep[i] = false;
        break;
      }
      case 2:  // the last beat ends inside an element; at E=1 every byte is
               // an element, so its tkeep starts after bit 0 instead
        beats.back().keep.assign(B, E == 1);
        beats.back().keep[0] = E != 1;
        break;
      default:  // a legal frame between broken ones
        break;
    }
    CHECK(push_comp_beats(b, beats) == (f % 4 != 3));
    push_comp(b, random_frame(rng, 1 + rng.next() % 100, 0.5, Style::kUniform));
  }
  check_run(b.run());
}

TEST_CASE("compressor: one beat per cycle on sparse data, frames back to back (cycle-exact)") {
  SplitMix64 rng(seed() + 17);
  for (const double z : {0.5, 0.9, 1.0}) {
    CompBench b(B, "comp_throughput", seed(), {});
    std::uint64_t in_beats = 0;
    for (int f = 0; f < 20; ++f) {
      const Bytes raw = random_frame(rng, (B / E) * (1 + rng.next() % 8), z, Style::kUniform);
      in_beats += to_beats(raw, B).size();
      push_comp(b, raw);
    }
    const RunStats st = b.run();
    check_run(st);
    INFO("zeros ", z);
    CHECK(st.in_stall == 0);
    CHECK(st.last_in - st.first_in + 1 == in_beats);
  }
}

TEST_CASE(
    "compressor: latency is 2 cycles (3 with Pipeline=1) from the beat that ends a window to its "
    "payload") {
  for (const std::size_t n : {std::size_t{1}, std::size_t{32}, B / E}) {
    CompBench b(B, "comp_latency", seed(), {});
    push_comp(b, Bytes(n * E, 0x11));
    const RunStats st = b.run();
    check_run(st);
    CHECK(st.first_out - st.last_in == kCompLatency);
  }
}

TEST_CASE("compressor: real activation maps (data/sample) under light stalls") {
  real_activations<CompBench>("comp", push_comp);
}

TEST_CASE("compressor: dense data is limited only by the bus") {
  CompBench b(B, "comp_dense", seed(), {});
  const std::size_t elems = 64 * B / E;
  push_comp(b, Bytes(elems * E, 0x3C));
  const RunStats st = b.run();
  check_run(st);
  const std::size_t out_beats = (zvc::max_payload_bytes(elems * E, E) + B - 1) / B;
  CHECK(st.out_beats == out_beats);
  CHECK(st.out_gaps == 0);  // the output runs at one beat per cycle
}

// ---- Decompressor ---------------------------------------------------------------------------
TEST_CASE("decompressor: random frames under every idle/backpressure pattern") {
  random_under_patterns<DecompBench>("decomp", 137, push_decomp);
}

TEST_CASE("decompressor: reset in the middle of a frame, the next frames are exact") {
  reset_mid_frame<DecompBench>("decomp", 23, push_decomp);
}

TEST_CASE("decompressor: real activation maps (data/sample) under light stalls") {
  real_activations<DecompBench>("decomp", push_decomp);
}

TEST_CASE("decompressor: directed edge cases") {
  DecompBench b(B, "decomp_edges", seed(), {});
  SplitMix64 rng(seed() + 1);
  for (std::size_t n = 1; n <= 70; ++n) push_decomp(b, random_frame(rng, n, 0.5, Style::kUniform));
  push_decomp(b, Bytes{});  // empty frame: a null beat in, a null beat out, no error
  push_decomp(b, Bytes(E, 0));
  push_decomp(b, Bytes{});
  push_decomp(b, Bytes(1000 * E, 0));
  push_decomp(b, Bytes(1000 * E, 0x5A));
  push_decomp(b, random_frame(rng, 777, 0.5, Style::kSpecial));
  for (int i = 0; i < 50; ++i) push_decomp(b, random_frame(rng, B / E, 0.6, Style::kUniform));
  check_run(b.run());
}

TEST_CASE("decompressor: 1 MiB frames at 0, 50 and 100 % zeros") {
  DecompBench b(B, "decomp_large", seed(),
                {Pattern::kLight, Pattern::kLight, Pattern::kNone, Pattern::kNone});
  SplitMix64 rng(seed() + 6);
  for (const double z : {0.0, 0.5, 1.0})
    push_decomp(b, random_frame(rng, (1u << 20) / E, z, Style::kClustered));
  check_run(b.run());
}

TEST_CASE("decompressor: truncated, trailing and bad-mask payloads are flagged, never hang") {
  SplitMix64 rng(seed() + 21);
  DecompBench b(B, "decomp_errors", seed(),
                {Pattern::kLight, Pattern::kLight, Pattern::kLight, Pattern::kLight});
  for (int f = 0; f < 60; ++f) {
    const std::size_t n = random_elems(rng, 400);
    const Bytes raw = random_frame(rng, n, 0.5, Style::kUniform);
    Bytes p = zvc::compress(raw, E);
    switch (f % 5) {
      case 0:  // truncated, possibly to nothing
        p.resize(rng.next() % p.size());
        break;
      case 1:  // trailing bytes
        for (std::size_t k = 1 + rng.next() % (2 * B); k > 0; --k)
          p.push_back(static_cast<std::uint8_t>(rng.next()));
        break;
      case 2: {  // a bad mask bit in the final partial window (when there is one)
        if (n % 32 != 0) {
          const std::size_t at = zvc::window_offsets(p, n, E).back();  // the final window's mask
          p[at + 3] |= 0x80;  // bit 31: beyond the frame's last element
        }
        break;
      }
      case 3:  // random garbage of random length
        for (auto& byte : p) byte = static_cast<std::uint8_t>(rng.next() & rng.next());
        p.resize(rng.next() % (p.size() + 8));
        break;
      default:  // an exact frame between broken ones
        break;
    }
    push_decomp_payload(b, p, raw.size());
  }
  check_run(b.run());
}

// The decompressor's input rule (zvc_decompressor.sv header): a beat's bytes
// are its kept lanes, any beat may be partial; a tkeep with holes is flagged
// (sts_bad_keep_o, bit 4 here) and its low popcount(tkeep) lanes are taken.
TEST_CASE("decompressor: partial beats anywhere are packed, a tkeep with holes is flagged") {
  SplitMix64 rng(seed() + 29);
  DecompBench b(B, "decomp_keep", seed(),
                {Pattern::kLight, Pattern::kLight, Pattern::kLight, Pattern::kLight});
  for (int f = 0; f < 60; ++f) {
    const Bytes raw = random_frame(rng, random_elems(rng, 400), 0.5, Style::kUniform);
    const Bytes payload = zvc::compress(raw, E);
    std::vector<Beat> beats;  // 1 to B bytes each
    for (std::size_t at = 0; at < payload.size();) {
      const std::size_t n = std::min<std::size_t>(1 + rng.next() % B, payload.size() - at);
      const auto first = payload.begin() + static_cast<long>(at);
      beats.push_back(to_beats(Bytes(first, first + static_cast<long>(n)), B).front());
      at += n;
      beats.back().last = at == payload.size();
    }
    // Every third frame: a lane below a beat's top kept lane dropped.
    bool holes = false;
    if (f % 3 == 0) {
      for (Beat& beat : beats) {
        const auto n = static_cast<std::size_t>(std::ranges::count(beat.keep, true));
        if (n < 2) continue;
        beat.keep[rng.next() % (n - 1)] = false;
        holes = true;
        break;
      }
    }
    Bytes taken;
    for (const Beat& beat : beats) {
      const auto n = static_cast<std::size_t>(std::ranges::count(beat.keep, true));
      taken.insert(taken.end(), beat.data.begin(), beat.data.begin() + static_cast<long>(n));
    }
    Bytes expect(raw.size());
    const zvc::LenientResult r = zvc::decode_lenient(taken, E, zvc::Mode::kZvc, expect);
    CHECK((holes || taken == payload));
    b.push(beats, expect,
           {.comp = static_cast<std::uint32_t>(taken.size()),
            .err = r.error_bits() | (holes ? 16u : 0u)},
           static_cast<std::uint32_t>(raw.size()));
  }
  check_run(b.run());
}

TEST_CASE("decompressor: one beat per cycle on sparse data, frames back to back (cycle-exact)") {
  SplitMix64 rng(seed() + 29);
  // Frames of whole windows and whole beats: a frame shorter than a window
  // carries a whole mask for a few elements, and at small B that payload
  // really is wider than the bus (the spec's dense exception).
  const std::size_t unit = std::max<std::size_t>(32, B / E);
  for (const double z : {0.5, 0.9, 1.0}) {
    DecompBench b(B, "decomp_throughput", seed(), {});
    std::uint64_t out_beats = 0;
    for (int f = 0; f < 20; ++f) {
      const Bytes raw = random_frame(rng, unit * (1 + rng.next() % 4), z, Style::kUniform);
      out_beats += to_beats(raw, B).size();
      push_decomp(b, raw);
    }
    const RunStats st = b.run();
    check_run(st);
    INFO("zeros ", z);
    CHECK(st.out_beats == out_beats);
    CHECK(st.out_gaps == 0);
  }
}

TEST_CASE("decompressor: dense data is limited only by the bus") {
  // The payload of dense data is wider than its raw data (a mask per 32
  // elements), so the input side is the limit: every payload beat is taken
  // in the cycle it is offered, one a cycle, and no more raw beats come out
  // than the frame has.
  DecompBench b(B, "decomp_dense", seed(), {});
  const std::size_t elems = 64 * B / E;
  push_decomp(b, Bytes(elems * E, 0x3C));
  const RunStats st = b.run();
  check_run(st);
  const std::size_t in_beats = (zvc::max_payload_bytes(elems * E, E) + B - 1) / B;
  CHECK(st.in_beats == in_beats);
  CHECK(st.in_stall == 0);
  CHECK(st.last_in - st.first_in + 1 == in_beats);
  CHECK(st.out_beats == 64);
}

TEST_CASE(
    "decompressor: latency is 2 cycles (3 with Pipeline=1) from the last payload byte a beat "
    "needs") {
  // Payloads of one beat: one element, and the most dense elements whose
  // payload (4 mask bytes per 32 elements) still fits the beat.
  std::size_t most = 1;
  while (4 * ((most + 32) / 32) + (most + 1) * E <= B) ++most;
  for (const std::size_t n : {std::size_t{1}, most}) {
    // The command arrives first (two cycles through its FIFO), then the payload.
    DecompBench b(B, "decomp_latency", seed(), {.in_delay = 4});
    push_decomp(b, Bytes(n * E, 0x22));
    const RunStats st = b.run();
    check_run(st);
    CHECK(st.first_out - st.last_in == kDecompLatency);
  }
}

// ---- Modes -----------------------------------------------------------------------------------
TEST_CASE("modes: random frames in every mode, mixed with ZVC frames, under every pattern") {
  const auto modes = modes_here();
  random_under_patterns<CompBench>("comp_modes", 331, [&](CompBench& b, const Bytes& raw) {
    SplitMix64 rng(raw.size() * 77 + seed());
    const std::size_t k = rng.next() % (modes.size() + 1);
    push_comp_mode(b, raw, k == modes.size() ? zvc::Mode::kZvc : modes[k], rng);
  });
  random_under_patterns<DecompBench>("decomp_modes", 337, [&](DecompBench& b, const Bytes& raw) {
    SplitMix64 rng(raw.size() * 79 + seed());
    const std::size_t k = rng.next() % (modes.size() + 1);
    const zvc::Mode m = k == modes.size() ? zvc::Mode::kZvc : modes[k];
    push_decomp_payload(b, zvc::compress(raw, E, m), raw.size(), m);
  });
}

TEST_CASE("modes: one input beat per cycle in every mode, frames back to back (cycle-exact)") {
  SplitMix64 rng(seed() + 41);
  for (const zvc::Mode m : modes_here()) {
    for (const double z : {0.5, 0.9}) {
      CompBench b(B, "comp_mode_throughput", seed(), {});
      std::uint64_t in_beats = 0;
      for (int f = 0; f < 20; ++f) {
        const Bytes raw = random_frame(rng, (B / E) * (1 + rng.next() % 8), z, Style::kUniform);
        in_beats += to_beats(raw, B).size();
        push_comp_mode(b, raw, m, rng);
      }
      const RunStats st = b.run();
      check_run(st);
      INFO(zvc::to_string(m), ", zeros ", z);
      CHECK(st.in_stall == 0);
      CHECK(st.last_in - st.first_in + 1 == in_beats);
    }
  }
}

TEST_CASE("modes: the decompressor's output beats leave back to back in every mode (cycle-exact)") {
  SplitMix64 rng(seed() + 43);
  const std::size_t unit = std::max<std::size_t>(32, B / E);
  for (const zvc::Mode m : modes_here()) {
    DecompBench b(B, "decomp_mode_throughput", seed(), {});
    std::uint64_t out_beats = 0;
    for (int f = 0; f < 20; ++f) {
      const Bytes raw = random_frame(rng, unit * (1 + rng.next() % 4), 0.9, Style::kUniform);
      out_beats += to_beats(raw, B).size();
      push_decomp_payload(b, zvc::compress(raw, E, m), raw.size(), m);
    }
    const RunStats st = b.run();
    check_run(st);
    INFO(zvc::to_string(m));
    CHECK(st.out_beats == out_beats);
    CHECK(st.out_gaps == 0);
  }
}

TEST_CASE("modes: malformed payloads in every mode are flagged as the golden model says") {
  SplitMix64 rng(seed() + 47);
  for (const zvc::Mode m : modes_here()) {
    DecompBench b(B, "decomp_mode_errors", seed(),
                  {Pattern::kLight, Pattern::kLight, Pattern::kLight, Pattern::kLight});
    for (int f = 0; f < 40; ++f) {
      const std::size_t n = random_elems(rng, 400);
      const Bytes raw = random_frame(rng, n, 0.5, Style::kUniform);
      Bytes p = zvc::compress(raw, E, m);
      switch (f % 4) {
        case 0:  // truncated, possibly to nothing
          p.resize(rng.next() % (p.size() + 1));
          break;
        case 1:  // trailing bytes
          for (std::size_t k = 1 + rng.next() % (2 * B); k > 0; --k)
            p.push_back(static_cast<std::uint8_t>(rng.next()));
          break;
        case 2:  // stray mask bits in every window (only the final partial one's are bad)
          if (m == zvc::Mode::kBinarize) {
            for (std::size_t at = 3; at < p.size(); at += 4) p[at] |= 0x80;
          } else {
            for (const std::size_t at : zvc::window_offsets(p, n, zvc::payload_elem_bytes(m, E)))
              p[at + 3] |= 0x80;
          }
          break;
        default:  // random garbage of random length
          for (auto& byte : p) byte = static_cast<std::uint8_t>(rng.next() & rng.next());
          p.resize(rng.next() % (p.size() + 8));
          break;
      }
      push_decomp_payload(b, p, raw.size(), m);
    }
    INFO(zvc::to_string(m));
    check_run(b.run());
  }
}

#if TB_ELEM == 4  // bf16 and fp8 convert fp32 elements
TEST_CASE("modes: every bf16 and fp8 code and the special values through the RTL conversions") {
  // 4 KiB frames: every window of codes checked in place. One model alive at
  // a time (Verilator 5.006 hangs destroying one of two live contexts).
  const Bytes values = conversion_values();
  for (const zvc::Mode m : {zvc::Mode::kBf16, zvc::Mode::kFp8}) {
    INFO(zvc::to_string(m));
    SplitMix64 rng(seed() + 53);
    {
      CompBench c(B, "comp_conversions", seed(), {Pattern::kLight, Pattern::kLight});
      for (std::size_t at = 0; at < values.size(); at += 4096)
        push_comp_mode(c, slice(values, at, 4096), m, rng);
      check_run(c.run());
    }
    DecompBench d(B, "decomp_conversions", seed(), {Pattern::kLight, Pattern::kLight});
    for (std::size_t at = 0; at < values.size(); at += 4096) {
      const Bytes raw = slice(values, at, 4096);
      push_decomp_payload(d, zvc::compress(raw, E, m), raw.size(), m);
    }
    check_run(d.run());
  }
}
#endif

#if TB_ELEM != 4  // an fp32 codec has every mode
TEST_CASE("modes: a mode this build lacks is coded as ZVC and flagged") {
  std::vector<Bytes> frames;
  SplitMix64 rng(seed() + 59);
  for (int f = 0; f < 6; ++f)
    frames.push_back(random_frame(rng, random_elems(rng, 300), 0.5, Style::kUniform));
  {
    CompBench c(B, "comp_bad_mode", seed(), {});
    for (std::size_t f = 0; f < frames.size(); ++f) {
      const Bytes payload = zvc::compress(frames[f], E);
      c.push(mode_beats(frames[f], f % 2 ? zvc::Mode::kBf16 : zvc::Mode::kFp8, rng), payload,
             {.raw = static_cast<std::uint32_t>(frames[f].size()),
              .comp = static_cast<std::uint32_t>(payload.size()),
              .err = 1});
      push_comp(c, frames[f]);  // the next frame is exact
    }
    check_run(c.run());
  }
  DecompBench d(B, "decomp_bad_mode", seed(), {});
  for (std::size_t f = 0; f < frames.size(); ++f) {
    const Bytes payload = zvc::compress(frames[f], E);
    // sts_bad_mode_o is bit 3 here (tb/bench.hpp).
    d.push(to_beats(payload, B), frames[f],
           {.comp = static_cast<std::uint32_t>(payload.size()), .err = 8},
           static_cast<std::uint32_t>(frames[f].size()),
           static_cast<std::uint8_t>(f % 2 ? zvc::Mode::kBf16 : zvc::Mode::kFp8));
    push_decomp(d, frames[f]);
  }
  check_run(d.run());
}
#endif

// ---- Throughput table -------------------------------------------------------------------------
namespace {

int print_throughput() {
  SplitMix64 rng(1);
  for (const double z : {0.0, 0.5, 0.9, 1.0}) {
    constexpr int kFrames = 16;
    const std::size_t elems = 64 * B / E;  // 64 raw beats a frame
    std::vector<Bytes> frames;
    for (int f = 0; f < kFrames; ++f)
      frames.push_back(random_frame(rng, elems, z, Style::kUniform));
    // One bench at a time: Verilator 5.006 can deadlock tearing down a model
    // while another context is alive.
    RunStats cs, ds;
    {
      CompBench c(B, "tp_comp", 1, {});
      for (const Bytes& raw : frames) push_comp(c, raw);
      cs = c.run();
    }
    {
      DecompBench d(B, "tp_decomp", 1, {});
      for (const Bytes& raw : frames) push_decomp(d, raw);
      ds = d.run();
    }
    if (!cs.error.empty() || !ds.error.empty()) {
      fmt::print(stderr, "throughput run failed: {} {}\n", cs.error, ds.error);
      return 1;
    }
    // Raw beats per cycle: input side of the compressor, output side of the decompressor.
    const double comp =
        static_cast<double>(cs.in_beats) / static_cast<double>(cs.last_in - cs.first_in + 1);
    const double decomp =
        static_cast<double>(ds.out_beats) / static_cast<double>(ds.last_out - ds.first_out + 1);
    fmt::print("| {} | {} | {:.0f} % | {:.3f} | {:.1f} | {:.3f} | {:.1f} |\n", E, B, z * 100, comp,
               comp * static_cast<double>(B), decomp, decomp * static_cast<double>(B));
  }
  return 0;
}

// Streams `megabytes` of raw data each way in 1 MiB frames of varied
// sparsity and style through both modules, under light backpressure. One
// bench at a time (see print_throughput); the same frames go both ways.
int soak(std::size_t megabytes) {
  for (const bool decompress : {false, true}) {
    SplitMix64 rng(seed() + 1000);
    std::uint64_t cycles = 0;
    std::string error;
    auto feed = [&](auto& bench, auto push) {
      for (std::size_t done = 0; done < megabytes && error.empty();) {
        for (int f = 0; f < 4 && done < megabytes; ++f, ++done) {
          push(bench, random_frame(rng, (std::size_t{1} << 20) / E, rng.uniform(),
                                   static_cast<Style>(rng.next() % 3)));
        }
        const RunStats st = bench.run();
        cycles += st.cycles;
        error = st.error;
      }
    };
    if (decompress) {
      DecompBench d(B, "soak_decomp", seed(),
                    {Pattern::kLight, Pattern::kLight, Pattern::kNone, Pattern::kNone});
      feed(d, push_decomp);
    } else {
      CompBench c(B, "soak_comp", seed(), {Pattern::kLight, Pattern::kLight, Pattern::kNone});
      feed(c, push_comp);
    }
    const char* what = decompress ? "decompressor" : "compressor";
    if (!error.empty()) {
      fmt::print(stderr, "soak: {} {}: {} (seed {})\n", what, config(), error, seed());
      return 1;
    }
    fmt::print("soak: {} {}: {} MiB bit-exact in {} cycles\n", what, config(), megabytes, cycles);
  }
  fmt::print("soak: 2 passed, 0 failed\n");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::string(argv[1]) == "throughput") return print_throughput();
  if (argc > 2 && std::string(argv[1]) == "soak") return soak(std::stoul(argv[2]));
  return run_tests(argc, argv, fmt::format("zvc codec {}", config()));
}
