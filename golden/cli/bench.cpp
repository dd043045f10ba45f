// `zvc bench`: memcpy, ZVC scalar and AVX2, lz4, zstd -1 and zlib -1 on the
// same buffers, one core, ratio and GB/s of raw data in each direction.
#include "bench.hpp"

#include <fmt/format.h>
#include <lz4.h>
#include <zlib.h>
#include <zstd.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <functional>

#include "io.hpp"
#include "zvc/synth.hpp"
#include "zvc/zvc.hpp"

namespace zvc::cli {
namespace {

struct DataSet {
  std::string name;
  Bytes raw;
  int elem_bytes;
};

struct Row {
  std::string data, codec;
  double ratio, comp_gbs, decomp_gbs;
};

// Repeats fn until min_seconds have passed; returns raw GB/s.
double measure(const std::function<void()>& fn, std::size_t raw_bytes, double min_seconds) {
  using Clock = std::chrono::steady_clock;
  fn();  // warm caches and page in buffers
  std::size_t reps = 0;
  const auto start = Clock::now();
  std::chrono::duration<double> elapsed{};
  do {
    fn();
    ++reps;
    elapsed = Clock::now() - start;
  } while (elapsed.count() < min_seconds);
  return static_cast<double>(raw_bytes) * static_cast<double>(reps) / elapsed.count() / 1e9;
}

void check_round_trip(const Bytes& raw, const Bytes& back, const std::string& codec) {
  if (raw != back) throw Error(fmt::format("bench: {} did not round-trip", codec));
}

std::vector<Row> bench_set(const DataSet& d, double min_s) {
  std::vector<Row> rows;
  const std::size_t n = d.raw.size();
  Bytes scratch(std::max<std::size_t>(n, 1));
  Bytes back(n);
  rows.push_back({d.name, "memcpy", 1.0,
                  measure([&] { std::memcpy(scratch.data(), d.raw.data(), n); }, n, min_s),
                  measure([&] { std::memcpy(back.data(), scratch.data(), n); }, n, min_s)});

  std::vector<Impl> impls = {Impl::kScalar};
  if (avx2_available()) impls.push_back(Impl::kAvx2);
  for (const Impl impl : impls) {
    Bytes payload(max_payload_bytes(n, d.elem_bytes));
    std::size_t size = 0;
    const double c =
        measure([&] { size = compress_to(d.raw, d.elem_bytes, payload, impl); }, n, min_s);
    const ByteView view(payload.data(), size);
    const double u = measure([&] { decompress_to(view, d.elem_bytes, back, impl); }, n, min_s);
    check_round_trip(d.raw, back, "zvc");
    rows.push_back({d.name, fmt::format("zvc-{}", to_string(impl)),
                    static_cast<double>(n) / static_cast<double>(size), c, u});
  }

  {
    Bytes out(static_cast<std::size_t>(LZ4_compressBound(static_cast<int>(n))));
    int size = 0;
    const double c = measure(
        [&] {
          size = LZ4_compress_default(reinterpret_cast<const char*>(d.raw.data()),
                                      reinterpret_cast<char*>(out.data()), static_cast<int>(n),
                                      static_cast<int>(out.size()));
        },
        n, min_s);
    const double u = measure(
        [&] {
          LZ4_decompress_safe(reinterpret_cast<const char*>(out.data()),
                              reinterpret_cast<char*>(back.data()), size, static_cast<int>(n));
        },
        n, min_s);
    check_round_trip(d.raw, back, "lz4");
    rows.push_back({d.name, "lz4", static_cast<double>(n) / size, c, u});
  }
  {
    Bytes out(ZSTD_compressBound(n));
    std::size_t size = 0;
    ZSTD_CCtx* cctx = ZSTD_createCCtx();
    ZSTD_DCtx* dctx = ZSTD_createDCtx();
    const double c =
        measure([&] { size = ZSTD_compressCCtx(cctx, out.data(), out.size(), d.raw.data(), n, 1); },
                n, min_s);
    const double u =
        measure([&] { ZSTD_decompressDCtx(dctx, back.data(), n, out.data(), size); }, n, min_s);
    ZSTD_freeCCtx(cctx);
    ZSTD_freeDCtx(dctx);
    check_round_trip(d.raw, back, "zstd");
    rows.push_back({d.name, "zstd-1", static_cast<double>(n) / static_cast<double>(size), c, u});
  }
  {
    uLongf cap = compressBound(static_cast<uLong>(n));
    Bytes out(cap);
    uLongf size = cap;
    const double c = measure(
        [&] {
          size = cap;
          compress2(out.data(), &size, d.raw.data(), static_cast<uLong>(n), 1);
        },
        n, min_s);
    const double u = measure(
        [&] {
          uLongf len = static_cast<uLongf>(n);
          uncompress(back.data(), &len, out.data(), size);
        },
        n, min_s);
    check_round_trip(d.raw, back, "zlib");
    rows.push_back({d.name, "zlib-1", static_cast<double>(n) / static_cast<double>(size), c, u});
  }
  return rows;
}

}  // namespace

int run_bench(const BenchOptions& o) {
  check_elem_bytes(o.elem_bytes);
  std::vector<DataSet> sets;
  for (const auto& path : o.files) {
    const Bytes file = read_file(path);
    const std::string name = std::filesystem::path(path).filename().string();
    if (looks_like_container(file)) {
      const ContainerInfo info = read_container_info(file);
      sets.push_back({name, read_container(file), info.elem_bytes});
    } else {
      elem_count(file.size(), o.elem_bytes);
      sets.push_back({name, file, o.elem_bytes});
    }
  }
  const std::size_t synth_elems = o.synth_bytes / static_cast<std::size_t>(o.elem_bytes);
  for (const double zeros : {0.5, 0.9}) {
    sets.push_back({fmt::format("synthetic {:.0f}% zeros", zeros * 100),
                    synth_activations(synth_elems, o.elem_bytes, zeros, 1), o.elem_bytes});
  }
  if (o.markdown) {
    fmt::print("| data | E | codec | ratio | compress GB/s | decompress GB/s |\n");
    fmt::print("|---|---|---|---|---|---|\n");
  } else {
    fmt::print("{:<28} {:>2} {:<12} {:>8} {:>14} {:>16}\n", "data", "E", "codec", "ratio",
               "compress GB/s", "decompress GB/s");
  }
  for (const auto& set : sets) {
    for (const Row& r : bench_set(set, o.min_seconds)) {
      if (o.markdown) {
        fmt::print("| {} | {} | {} | {:.2f} | {:.2f} | {:.2f} |\n", r.data, set.elem_bytes, r.codec,
                   r.ratio, r.comp_gbs, r.decomp_gbs);
      } else {
        fmt::print("{:<28} {:>2} {:<12} {:>8.2f} {:>14.2f} {:>16.2f}\n", r.data, set.elem_bytes,
                   r.codec, r.ratio, r.comp_gbs, r.decomp_gbs);
      }
      std::fflush(stdout);
    }
  }
  return 0;
}

}  // namespace zvc::cli
