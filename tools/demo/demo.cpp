// cdma-demo: the project's main job on sample data. For each file (raw, or a
// .zvc container whose element size it uses) it compresses and decompresses
// with the golden codec and prints size, ratio, speed and the round-trip
// check; then it streams the same data through the verilated compressor and
// decompressor (ElemBytes 4, BusBytes 32, the paper's 32 B/cycle) in 64 KiB
// DMA-sized frames and prints cycles, bytes per cycle and whether RTL and
// golden agree byte for byte, and does the same in each of the codec's other
// frame modes (binarize, bf16, fp8: docs/format.md); last, it offloads and prefetches each file
// through the verilated DMA engine over a modelled 16 B/cycle link and prints
// the effective bandwidth against a plain COPY.
#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <cstring>
#include <filesystem>

#include "cli/io.hpp"
#include "zvc/zvc.hpp"
#ifdef CDMA_DEMO_RTL
#include "Vcdma_engine.h"
#include "Vzvc_compressor.h"
#include "Vzvc_decompressor.h"
#include "bench.hpp"
#include "dma_bench.hpp"
#endif

namespace {

using namespace zvc;
using Clock = std::chrono::steady_clock;

double gbps(std::size_t bytes, Clock::duration d, int reps) {
  return static_cast<double>(bytes) * reps / std::chrono::duration<double>(d).count() / 1e9;
}

struct Sample {
  std::string name;
  int elem_bytes;
  Bytes raw;
};

#ifdef CDMA_DEMO_RTL
constexpr int kRtlElem = 4;
constexpr std::size_t kRtlBus = 32;
// The demo engine's MaxBurstBeats and MaxReads (tools/CMakeLists.txt verilates it so).
constexpr unsigned kDemoBurst = 16;
constexpr unsigned kDemoReads = 32;
constexpr std::size_t kFrameBytes = 64 * 1024;

// 64 KiB frames of a sample.
std::vector<Bytes> frames_of(const Bytes& raw) {
  std::vector<Bytes> frames;
  for (std::size_t at = 0; at < raw.size(); at += kFrameBytes) {
    const auto begin = raw.begin() + static_cast<std::ptrdiff_t>(at);
    frames.emplace_back(
        begin, begin + static_cast<std::ptrdiff_t>(std::min(kFrameBytes, raw.size() - at)));
  }
  return frames;
}

// Frames through the verilated compressor and decompressor in one mode,
// against the golden payloads and the golden decode of each.
struct RtlRun {
  tb::RunStats comp, decomp;
  std::size_t raw_bytes = 0, payload_bytes = 0;
  bool exact() const { return comp.error.empty() && decomp.error.empty(); }
};
RtlRun rtl_run(const std::vector<Bytes>& frames, Mode mode) {
  RtlRun r;
  std::vector<Bytes> payloads;
  for (const Bytes& raw : frames) {
    payloads.push_back(compress(raw, kRtlElem, mode));
    r.raw_bytes += raw.size();
    r.payload_bytes += payloads.back().size();
  }
  {
    tb::Bench<Vzvc_compressor> c(kRtlBus, "demo_comp", 1, {});
    for (std::size_t f = 0; f < frames.size(); ++f) {
      std::vector<tb::Beat> beats = tb::to_beats(frames[f], kRtlBus);
      beats.front().user = static_cast<std::uint8_t>(mode);
      c.push(beats, payloads[f],
             {.raw = static_cast<std::uint32_t>(frames[f].size()),
              .comp = static_cast<std::uint32_t>(payloads[f].size())});
    }
    r.comp = c.run();
  }
  tb::Bench<Vzvc_decompressor> d(kRtlBus, "demo_decomp", 1, {});
  for (std::size_t f = 0; f < frames.size(); ++f) {
    d.push(tb::to_beats(payloads[f], kRtlBus),
           decompress(payloads[f], frames[f].size(), kRtlElem, mode),
           {.comp = static_cast<std::uint32_t>(payloads[f].size())},
           static_cast<std::uint32_t>(frames[f].size()), static_cast<std::uint8_t>(mode));
  }
  r.decomp = d.run();
  return r;
}

// The largest relative error of a decoded fp32 element over the non-zero
// finite inputs.
double max_rel_error(const Bytes& raw, const Bytes& back) {
  double worst = 0;
  for (std::size_t i = 0; i + 4 <= raw.size(); i += 4) {
    float x, y;
    std::memcpy(&x, raw.data() + i, 4);
    std::memcpy(&y, back.data() + i, 4);
    if (x == 0 || !std::isfinite(x)) continue;
    worst =
        std::max(worst, std::fabs(static_cast<double>(y) - x) / std::fabs(static_cast<double>(x)));
  }
  return worst;
}

// Returns the number of files (and modes) whose RTL results differ from the golden model.
int run_rtl(const std::vector<Sample>& samples) {
  fmt::print(
      "\nRTL (verilated zvc_compressor / zvc_decompressor, E={} B={}, {} KiB frames, no "
      "backpressure):\n",
      kRtlElem, kRtlBus, kFrameBytes / 1024);
  fmt::print("{:<34} {:>6} {:>11} {:>9} {:>11} {:>9} {:>12}\n", "file", "ratio", "comp cycles",
             "raw B/cyc", "dec cycles", "raw B/cyc", "RTL = golden");
  int failures = 0;
  std::vector<Bytes> all;
  Bytes all_raw;
  for (const Sample& s : samples) {
    if (s.elem_bytes != kRtlElem) {
      fmt::print("{:<34} (element size {}: the demo's RTL is built for {})\n", s.name, s.elem_bytes,
                 kRtlElem);
      continue;
    }
    const std::vector<Bytes> frames = frames_of(s.raw);
    all.insert(all.end(), frames.begin(), frames.end());
    all_raw.insert(all_raw.end(), s.raw.begin(), s.raw.end());
    const RtlRun r = rtl_run(frames, Mode::kZvc);
    failures += r.exact() ? 0 : 1;
    const double raw_bytes = static_cast<double>(r.raw_bytes);
    fmt::print("{:<34} {:>6.2f} {:>11} {:>9.1f} {:>11} {:>9.1f} {:>12}\n", s.name,
               raw_bytes / static_cast<double>(r.payload_bytes), r.comp.cycles,
               raw_bytes / static_cast<double>(r.comp.cycles), r.decomp.cycles,
               raw_bytes / static_cast<double>(r.decomp.cycles), r.exact() ? "exact" : "MISMATCH");
    if (!r.exact())
      fmt::print(stderr, "cdma-demo: {}: {}{}\n", s.name, r.comp.error, r.decomp.error);
  }
  if (all.empty()) return failures;
  fmt::print(
      "\nRTL frame modes (the same codec and frames, every fp32 file together; ratio "
      "against fp32):\n");
  fmt::print("{:<10} {:>11} {:>6} {:>11} {:>9} {:>11} {:>9} {:>13} {:>12}\n", "mode", "payload",
             "ratio", "comp cycles", "raw B/cyc", "dec cycles", "raw B/cyc", "max rel error",
             "RTL = golden");
  for (const Mode mode : kModes) {
    const RtlRun r = rtl_run(all, mode);
    failures += r.exact() ? 0 : 1;
    const double raw_bytes = static_cast<double>(r.raw_bytes);
    const bool lossy = mode == Mode::kBf16 || mode == Mode::kFp8;
    const Bytes back =
        decompress(compress(all_raw, kRtlElem, mode), all_raw.size(), kRtlElem, mode);
    fmt::print("{:<10} {:>11} {:>6.2f} {:>11} {:>9.1f} {:>11} {:>9.1f} {:>13} {:>12}\n",
               to_string(mode), r.payload_bytes, raw_bytes / static_cast<double>(r.payload_bytes),
               r.comp.cycles, raw_bytes / static_cast<double>(r.comp.cycles), r.decomp.cycles,
               raw_bytes / static_cast<double>(r.decomp.cycles),
               lossy ? fmt::format("{:.2e}", max_rel_error(all_raw, back))
                     : std::string(mode == Mode::kZvc ? "0 (lossless)" : "sign pattern"),
               r.exact() ? "exact" : "MISMATCH");
    if (!r.exact())
      fmt::print(stderr, "cdma-demo: mode {}: {}{}\n", to_string(mode), r.comp.error,
                 r.decomp.error);
  }
  return failures;
}

// The DMA engine in the paper's system: device memory 350 cycles away with
// one beat per cycle, a 16 B/cycle link (PCIe Gen3 x16 at 1 GHz) to the host.
// Each map goes out as a plain COPY and as an OFFLOAD, and comes back with a
// PREFETCH; the payload must equal the golden one and the data must return
// bit for bit.
int run_engine(const std::vector<Sample>& samples) {
  using namespace tb::dma;
  constexpr unsigned kLatency = 350;
  constexpr double kLink = 16;
  fmt::print(
      "\nDMA engine (verilated cdma_engine, E={} B={}, device memory {} cycles away, host link {} "
      "B/cycle):\n",
      kRtlElem, kRtlBus, kLatency, kLink);
  fmt::print("{:<34} {:>11} {:>11} {:>9} {:>8} {:>11} {:>9} {:>12}\n", "file", "COPY cyc",
             "OFFLOAD cyc", "raw B/cyc", "speed-up", "PREFETCH cyc", "raw B/cyc", "engine exact");
  int failures = 0;
  std::uint64_t copy_total = 0, off_total = 0, pre_total = 0, bytes_total = 0;
  for (const Sample& s : samples) {
    if (s.elem_bytes != kRtlElem) continue;
    const auto n = static_cast<std::uint32_t>(s.raw.size());
    const Bytes payload = compress(s.raw, kRtlElem);
    auto transfer = [&](std::uint8_t op, bool to_host, std::uint64_t src, std::uint64_t dst,
                        std::uint32_t comp, std::uint64_t& cycles) {
      const SlaveConfig cfg = to_host ? SlaveConfig{kLatency, double(kRtlBus), kLink}
                                      : SlaveConfig{kLatency, kLink, double(kRtlBus)};
      tb::dma::DmaBench<Vcdma_engine> b({kRtlBus, kDemoBurst, kDemoReads}, 1, cfg);
      b.mem.write(src, op == kPrefetch ? payload : s.raw);
      const std::uint64_t start = b.cycle();
      b.submit({op, src, dst, n, comp, 1});
      const bool ok = b.run_until(1) && b.statuses[0].err == kOk;
      cycles = b.cycle() - start;
      const Bytes& want = op == kOffload ? payload : s.raw;
      return ok && b.mem.read(dst, want.size()) == want;
    };
    std::uint64_t copy = 0, off = 0, pre = 0;
    const bool exact = transfer(kCopy, true, 0x1000'0000, 0x8000'0000, 0, copy) &&
                       transfer(kOffload, true, 0x1000'0000, 0x8000'0000, 0, off) &&
                       transfer(kPrefetch, false, 0x8000'0000, 0x1000'0000,
                                static_cast<std::uint32_t>(payload.size()), pre);
    failures += exact ? 0 : 1;
    copy_total += copy;
    off_total += off;
    pre_total += pre;
    bytes_total += n;
    fmt::print("{:<34} {:>11} {:>11} {:>9.1f} {:>7.2f}x {:>11} {:>9.1f} {:>12}\n", s.name, copy,
               off, double(n) / double(off), double(copy) / double(off), pre,
               double(n) / double(pre), exact ? "exact" : "MISMATCH");
  }
  if (bytes_total > 0)
    fmt::print(
        "{:<34} {:>11} {:>11} {:>9.1f} {:>7.2f}x {:>11} {:>9.1f}   (COPY: {:.1f} raw B/cycle)\n",
        "all maps", copy_total, off_total, double(bytes_total) / double(off_total),
        double(copy_total) / double(off_total), pre_total, double(bytes_total) / double(pre_total),
        double(bytes_total) / double(copy_total));
  return failures;
}
#endif

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    fmt::print(stderr, "usage: cdma-demo [--elem E] FILE...\n");
    return 2;
  }
  int elem = 4;
  int failures = 0;
  std::vector<Sample> samples;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--elem" && i + 1 < argc) {
      elem = std::stoi(argv[++i]);
      continue;
    }
    try {
      const Bytes file = cli::read_file(arg);
      Sample s{std::filesystem::path(arg).filename().string(), elem, {}};
      if (looks_like_container(file)) {
        s.elem_bytes = read_container_info(file).elem_bytes;
        s.raw = read_container(file);
      } else {
        elem_count(file.size(), elem);
        s.raw = file;
      }
      samples.push_back(std::move(s));
    } catch (const std::exception& ex) {
      fmt::print(stderr, "cdma-demo: {}: {}\n", arg, ex.what());
      ++failures;
    }
  }
  if (samples.empty()) return 1;
  fmt::print("Golden C++ codec (one core):\n");
  fmt::print("{:<34} {:>2} {:>11} {:>7} {:>11} {:>6} {:>10} {:>10} {:>10}\n", "file", "E",
             "raw bytes", "zeros", "ZVC bytes", "ratio", "comp GB/s", "dec GB/s", "round trip");
  for (const Sample& s : samples) {
    const int e = s.elem_bytes;
    const Bytes& raw = s.raw;
    const Stats st = analyze(raw, e);
    constexpr int kReps = 20;
    Bytes payload;
    auto t0 = Clock::now();
    for (int r = 0; r < kReps; ++r) payload = compress(raw, e);
    const auto t_comp = Clock::now() - t0;
    Bytes back;
    t0 = Clock::now();
    for (int r = 0; r < kReps; ++r) back = decompress(payload, raw.size(), e);
    const auto t_dec = Clock::now() - t0;
    const bool same = back == raw && payload.size() == st.payload_bytes;
    failures += same ? 0 : 1;
    fmt::print("{:<34} {:>2} {:>11} {:>6.1f}% {:>11} {:>6.2f} {:>10.2f} {:>10.2f} {:>10}\n", s.name,
               e, raw.size(), 100.0 * st.zero_fraction(), payload.size(), st.ratio(),
               gbps(raw.size(), t_comp, kReps), gbps(raw.size(), t_dec, kReps),
               same ? "exact" : "MISMATCH");
  }
#ifdef CDMA_DEMO_RTL
  failures += run_rtl(samples);
  failures += run_engine(samples);
#endif
  return failures == 0 ? 0 : 1;
}
