#include "study.hpp"

#include <fmt/format.h>
#include <lz4.h>
#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <functional>
#include <stdexcept>

#include "cli/io.hpp"
#include "links.hpp"
#include "npy.hpp"
#include "zvc/precision.hpp"
#include "zvc/zvc.hpp"

namespace cdma::study {
namespace {

using nlohmann::json;

// The encodings, in table order, with what each one means.
struct Encoding {
  const char* key;
  const char* label;
};
constexpr Encoding kEncodings[] = {
    {"zvc_fp32", "ZVC fp32"},    {"zvc_bf16", "ZVC bf16"},
    {"zvc_fp8", "ZVC fp8"},      {"rle0", "RLE-0"},
    {"zlib", "zlib -6"},         {"lz4", "lz4"},
    {"zstd", "zstd -3"},         {"csr", "CSR"},
    {"binarize", "1-bit"},       {"gist", "Gist lossless"},
    {"gist_fp16", "Gist +fp16"}, {"mode_binarize", "mode binarize"},
    {"mode_bf16", "mode bf16"},  {"mode_fp8", "mode fp8"},
};
std::string label_of(const std::string& key) {
  for (const auto& e : kEncodings)
    if (key == e.key) return e.label;
  return key;
}
// The raw size an encoding is measured against: its own element width for
// the reduced-precision ZVC columns, fp32 for everything else.
std::uint64_t reference_bytes(const std::string& key, std::uint64_t elems) {
  if (key == "zvc_bf16") return 2 * elems;
  if (key == "zvc_fp8") return elems;
  return 4 * elems;
}

zvc::ByteView bytes_of(std::span<const float> v) {
  return {reinterpret_cast<const std::uint8_t*>(v.data()), v.size_bytes()};
}

std::uint64_t zlib_size(zvc::ByteView raw) {
  uLongf size = compressBound(static_cast<uLong>(raw.size()));
  zvc::Bytes out(size);
  if (compress2(out.data(), &size, raw.data(), static_cast<uLong>(raw.size()), 6) != Z_OK)
    throw zvc::Error("zlib failed");
  return size;
}
std::uint64_t lz4_size(zvc::ByteView raw) {
  zvc::Bytes out(static_cast<std::size_t>(LZ4_compressBound(static_cast<int>(raw.size()))));
  const int size = LZ4_compress_default(reinterpret_cast<const char*>(raw.data()),
                                        reinterpret_cast<char*>(out.data()),
                                        static_cast<int>(raw.size()), static_cast<int>(out.size()));
  if (size <= 0) throw zvc::Error("lz4 failed");
  return static_cast<std::uint64_t>(size);
}
std::uint64_t zstd_size(zvc::ByteView raw) {
  zvc::Bytes out(ZSTD_compressBound(raw.size()));
  const std::size_t size = ZSTD_compress(out.data(), out.size(), raw.data(), raw.size(), 3);
  if (ZSTD_isError(size)) throw zvc::Error("zstd failed");
  return size;
}

// The layout study: a captured [N, C, H, W] map rearranged, and the codecs
// it compares (each on fp32 bytes), whole and over independent 4 KB windows.
constexpr const char* kLayouts[] = {"nchw", "nhwc", "chwn"};
constexpr std::size_t kWindowBytes = 4096;

std::vector<float> to_layout(std::span<const float> v, const std::vector<std::int64_t>& shape,
                             const std::string& layout) {
  const auto n = static_cast<std::size_t>(shape[0]), c = static_cast<std::size_t>(shape[1]),
             hw = static_cast<std::size_t>(shape[2] * shape[3]);
  if (layout == "nchw") return {v.begin(), v.end()};
  std::vector<float> out(v.size());
  for (std::size_t in = 0; in < n; ++in)
    for (std::size_t ic = 0; ic < c; ++ic)
      for (std::size_t p = 0; p < hw; ++p)
        out[layout == "nhwc" ? (in * hw + p) * c + ic : (ic * hw + p) * n + in] =
            v[(in * c + ic) * hw + p];
  return out;
}

// The codecs of the layout study: the timed codecs (below) but lz4.
constexpr const char* kLayoutCodecs[] = {"zvc_fp32", "rle0", "zlib", "zstd"};

using SizeFn = std::function<std::uint64_t(std::span<const float>)>;
std::uint64_t windowed(std::span<const float> v, const SizeFn& fn) {
  constexpr std::size_t kElems = kWindowBytes / 4;
  std::uint64_t total = 0;
  for (std::size_t at = 0; at < v.size(); at += kElems)
    total += fn(v.subspan(at, std::min(kElems, v.size() - at)));
  return total;
}

// Seconds per call of fn, repeated for at least 20 ms.
template <typename Fn>
double seconds_per_call(Fn&& fn) {
  using Clock = std::chrono::steady_clock;
  int reps = 0;
  const auto start = Clock::now();
  double secs = 0;
  do {
    fn();
    ++reps;
    secs = std::chrono::duration<double>(Clock::now() - start).count();
  } while (secs < 0.02);
  return secs / reps;
}

// The codecs whose speed is measured, each compressing fp32 bytes.
const std::vector<std::pair<std::string, std::function<std::uint64_t(std::span<const float>)>>>&
timed_codecs() {
  static const std::vector<
      std::pair<std::string, std::function<std::uint64_t(std::span<const float>)>>>
      codecs = {
          {"zvc_fp32",
           [](std::span<const float> v) {
             zvc::Bytes out(zvc::max_payload_bytes(v.size_bytes(), 4));
             return static_cast<std::uint64_t>(zvc::compress_to(bytes_of(v), 4, out));
           }},
          {"rle0", [](std::span<const float> v) { return rle0_bytes(v); }},
          {"zlib", [](std::span<const float> v) { return zlib_size(bytes_of(v)); }},
          {"lz4", [](std::span<const float> v) { return lz4_size(bytes_of(v)); }},
          {"zstd", [](std::span<const float> v) { return zstd_size(bytes_of(v)); }},
      };
  return codecs;
}

double ratio(std::uint64_t raw, std::uint64_t packed) {
  return packed ? static_cast<double>(raw) / static_cast<double>(packed) : 0;
}

}  // namespace

std::uint64_t rle0_bytes(std::span<const float> values) {
  std::uint64_t tokens = 0, run = 0;
  for (const float v : values) {
    if (std::bit_cast<std::uint32_t>(v) == 0) {
      ++run;
      continue;
    }
    tokens += run / 256 + 1;  // each 256 zeros: a 255-run token with a zero literal
    run = 0;
  }
  if (run > 0) tokens += (run + 255) / 256;
  return tokens * 5;
}

std::uint64_t csr_bytes(std::uint64_t elems, std::uint64_t nnz, int value_bytes) {
  const std::uint64_t rows = (elems + 255) / 256;
  return 4 * (rows + 1) + nnz * (static_cast<std::uint64_t>(value_bytes) + 1);
}

Layer analyze_layer(std::string name, std::string kind, std::string consumer,
                    std::span<const float> values) {
  Layer l{std::move(name), std::move(kind), std::move(consumer), values.size(), 0, {}, {}};
  const zvc::ByteView raw = bytes_of(values);
  const zvc::Stats s = zvc::analyze(raw, 4);
  l.zeros = s.zero_elems;
  const std::uint64_t nnz = l.elems - l.zeros;
  l.sizes["zvc_fp32"] = s.payload_bytes;
  // ZVC of the bf16 and fp8 codes is the codec's bf16 and fp8 mode (below).
  l.sizes["zvc_bf16"] = zvc::analyze(raw, 4, zvc::Mode::kBf16).payload_bytes;
  l.sizes["zvc_fp8"] = zvc::analyze(raw, 4, zvc::Mode::kFp8).payload_bytes;
  l.sizes["rle0"] = rle0_bytes(values);
  l.sizes["zlib"] = zlib_size(raw);
  l.sizes["lz4"] = lz4_size(raw);
  l.sizes["zstd"] = zstd_size(raw);
  l.sizes["csr"] = csr_bytes(l.elems, nnz, 4);
  // Gist: a ReLU whose only consumer is a max-pool needs just its sign
  // pattern (1 bit per element) for both backward passes; other sparse maps
  // use CSR where it is smaller than dense.
  const bool binarizable = l.kind == "relu" && l.consumer == "maxpool";
  if (binarizable) l.sizes["binarize"] = (l.elems + 7) / 8;
  l.sizes["gist"] = binarizable ? (l.elems + 7) / 8 : std::min(l.sizes["csr"], l.raw_bytes());
  l.sizes["gist_fp16"] =
      binarizable ? (l.elems + 7) / 8 : std::min(csr_bytes(l.elems, nnz, 2), 2 * l.elems);
  // The codec's frame modes (docs/format.md), every map, against fp32.
  l.sizes["mode_binarize"] = zvc::analyze(raw, 4, zvc::Mode::kBinarize).payload_bytes;
  l.sizes["mode_bf16"] = l.sizes["zvc_bf16"];
  l.sizes["mode_fp8"] = l.sizes["zvc_fp8"];
  for (const auto p : {zvc::Precision::kFp16, zvc::Precision::kBf16, zvc::Precision::kFp8E4M3}) {
    PrecisionError e;
    std::uint64_t counted = 0, underflows = 0;
    for (const float x : values) {
      if (x == 0 || !std::isfinite(x)) continue;
      const float y = zvc::round_trip(x, p);
      const double rel = std::fabs(static_cast<double>(y) - x) / std::fabs(static_cast<double>(x));
      e.max_rel = std::max(e.max_rel, rel);
      e.mean_rel += rel;
      underflows += y == 0;
      ++counted;
    }
    if (counted) {
      e.mean_rel /= static_cast<double>(counted);
      e.underflow = static_cast<double>(underflows) / static_cast<double>(counted);
    }
    l.precision[zvc::to_string(p)] = e;
  }
  return l;
}

namespace {

// The layout study on the final checkpoint's 4-D maps: each codec on NCHW,
// NHWC and CHWN, and on NCHW over independent 4 KB windows.
json layout_study(const std::filesystem::path& dir, const json& manifest, bool measure_speed) {
  const auto& ck = manifest.at("checkpoints").back();
  json layers = json::array();
  std::map<std::string, std::map<std::string, std::uint64_t>> packed;  // [layout][codec]
  std::map<std::string, std::map<std::string, double>> seconds;
  std::uint64_t raw_bytes = 0;
  for (const auto& meta : manifest.at("layers")) {
    const std::string name = meta.at("name");
    const auto a = npy::read_f32(dir / ck.at("files").at(name).get<std::string>());
    if (a.shape.size() != 4) continue;
    raw_bytes += a.data.size() * 4;
    json lj = {{"name", name}, {"shape", a.shape}};
    for (const std::string layout : kLayouts) {
      const auto v = to_layout(a.data, a.shape, layout);
      for (const auto& [key, fn] : timed_codecs()) {
        if (std::find(std::begin(kLayoutCodecs), std::end(kLayoutCodecs), key) ==
            std::end(kLayoutCodecs))
          continue;
        const std::uint64_t size = fn(v);
        lj["sizes"][layout][key] = size;
        packed[layout][key] += size;
        if (measure_speed) seconds[layout][key] += seconds_per_call([&, f = &fn] { (*f)(v); });
        if (layout != "nchw") continue;
        const std::uint64_t w = windowed(v, fn);
        lj["sizes"]["window_4k"][key] = w;
        packed["window_4k"][key] += w;
      }
    }
    layers.push_back(lj);
  }
  json out = {{"layers", layers}, {"raw_bytes", raw_bytes}};
  for (const auto& [layout, sizes] : packed)
    for (const auto& [key, size] : sizes)
      out["ratio_weighted"][layout][key] = ratio(raw_bytes, size);
  for (const auto& [layout, secs] : seconds)
    for (const auto& [key, t] : secs)
      out["speed_mbs"][layout][key] = static_cast<double>(raw_bytes) / t / 1e6;
  return out;
}

}  // namespace

json study_capture(const std::filesystem::path& dir, bool measure_speed) {
  json manifest;
  try {
    manifest = json::parse(zvc::cli::read_file((dir / "manifest.json").string()));
  } catch (const json::exception& e) {
    throw zvc::Error(fmt::format("{}: not a capture manifest: {}", dir.string(), e.what()));
  }
  if (manifest.value("format", "") != "cdma-capture 1")
    throw zvc::Error(fmt::format("{}: not a cdma-capture 1 manifest", dir.string()));
  json out = {{"net", manifest.at("net")},
              {"test_accuracy", manifest.value("test_accuracy", 0.0)},
              {"epochs", manifest.at("epochs")},
              {"probe_images", manifest.at("probe").at("images")},
              {"image_size", manifest.value("image_size", 28)},
              {"train_images", manifest.at("train_images")},
              {"encodings", json::array()},
              {"checkpoints", json::array()}};
  for (const auto& e : kEncodings) out["encodings"].push_back({{"key", e.key}, {"label", e.label}});
  const auto& checkpoints = manifest.at("checkpoints");
  for (std::size_t c = 0; c < checkpoints.size(); ++c) {
    const auto& ck = checkpoints[c];
    const bool last = c + 1 == checkpoints.size();
    json layers = json::array();
    std::map<std::string, std::pair<std::uint64_t, double>> speed;  // raw bytes, seconds
    for (const auto& meta : manifest.at("layers")) {
      const std::string name = meta.at("name");
      const auto a = npy::read_f32(dir / ck.at("files").at(name).get<std::string>());
      const Layer l = analyze_layer(name, meta.at("kind"), meta.at("consumer"), a.data);
      json lj = {{"name", l.name},
                 {"kind", l.kind},
                 {"consumer", l.consumer},
                 {"shape", a.shape},
                 {"elems", l.elems},
                 {"zeros", l.zeros},
                 {"zero_fraction", l.zero_fraction()},
                 {"sizes", l.sizes}};
      for (const auto& [key, size] : l.sizes)
        lj["ratio"][key] = ratio(reference_bytes(key, l.elems), size);
      for (const auto& [p, e] : l.precision)
        lj["precision"][p] = {
            {"max_rel", e.max_rel}, {"mean_rel", e.mean_rel}, {"underflow", e.underflow}};
      layers.push_back(lj);
      if (measure_speed && last) {
        for (const auto& [key, fn] : timed_codecs()) {
          speed[key].first += l.raw_bytes();
          speed[key].second += seconds_per_call([&, f = &fn] { (*f)(a.data); });
        }
      }
    }
    // Network-wide: mean over layers, and size-weighted (total raw / total packed).
    json net = {{"zero_fraction_mean", 0.0}};
    std::uint64_t elems = 0, zeros = 0;
    double zf_sum = 0;
    for (const auto& l : layers) {
      elems += l["elems"].get<std::uint64_t>();
      zeros += l["zeros"].get<std::uint64_t>();
      zf_sum += l["zero_fraction"].get<double>();
    }
    net["zero_fraction_mean"] = zf_sum / static_cast<double>(layers.size());
    net["zero_fraction_weighted"] = ratio(zeros, elems);
    net["raw_bytes"] = 4 * elems;
    for (const auto& enc : kEncodings) {
      std::uint64_t raw = 0, packed = 0;
      double mean = 0;
      int n = 0;
      for (const auto& l : layers) {
        if (!l["sizes"].contains(enc.key)) continue;
        raw += reference_bytes(enc.key, l["elems"].get<std::uint64_t>());
        packed += l["sizes"][enc.key].get<std::uint64_t>();
        mean += l["ratio"][enc.key].get<double>();
        ++n;
      }
      if (n == 0) continue;
      net["ratio_mean"][enc.key] = mean / n;
      net["ratio_weighted"][enc.key] = ratio(raw, packed);
      net["packed_bytes"][enc.key] = packed;
    }
    json cj = {{"id", ck.at("id")},
               {"iteration", ck.at("iteration")},
               {"epoch", ck.at("epoch")},
               {"layers", layers},
               {"network", net}};
    if (!speed.empty()) {
      for (const auto& [key, v] : speed)
        cj["speed_mbs"][key] = static_cast<double>(v.first) / v.second / 1e6;
    }
    out["checkpoints"].push_back(cj);
  }
  out["layouts"] = layout_study(dir, manifest, measure_speed);
  return out;
}

// ---- Reports -----------------------------------------------------------------
namespace {

std::string pct(double f) {
  return fmt::format("{:.1f} %", 100 * f);
}
std::string x(double r) {
  return fmt::format("{:.2f}×", r);
}

const json& final_checkpoint(const json& capture) {
  return capture.at("checkpoints").back();
}

std::string layer_ratio(const json& l, const std::string& key) {
  if (!l.at("ratio").contains(key)) return "–";
  return x(l.at("ratio").at(key));
}

std::string us(std::uint64_t bytes, double gbs) {
  return fmt::format("{:.2f}", static_cast<double>(bytes) / (gbs * 1e3));
}

}  // namespace

std::string markdown_summary(const json& captures) {
  std::string md;
  md +=
      "| source | data | zero fraction (mean / size-weighted) | ZVC fp32 ratio (mean / "
      "size-weighted) "
      "| Gist lossless footprint | test accuracy |\n|---|---|---|---|---|---|\n";
  md +=
      "| cDMA paper (Rhu et al., HPCA 2018) | six ImageNet CNNs, 224×224 | 62 % average | 2.6× "
      "average "
      "| – | – |\n";
  md +=
      "| Gist paper (Jain et al., ISCA 2018) | ImageNet CNNs | – | – | 1.8× average (lossless) | – "
      "|\n";
  for (const auto& c : captures) {
    const auto& n = final_checkpoint(c).at("network");
    md += fmt::format(
        "| ours: {} | Fashion-MNIST {}×{}, {} probe images | {} / {} | {} / {} | {} | {} |\n",
        c.at("net").get<std::string>(), c.value("image_size", 28), c.value("image_size", 28),
        c.at("probe_images").get<int>(), pct(n.at("zero_fraction_mean")),
        pct(n.at("zero_fraction_weighted")), x(n.at("ratio_mean").at("zvc_fp32")),
        x(n.at("ratio_weighted").at("zvc_fp32")), x(n.at("ratio_weighted").at("gist")),
        pct(c.at("test_accuracy")));
  }
  return md;
}

namespace {

std::string layout_label(const std::string& layout) {
  if (layout == "window_4k") return "NCHW, 4 KB windows";
  std::string up = layout;
  for (auto& ch : up) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return up;
}

// The layout study's tables: ratio by layout and window, and speed by layout.
std::string layout_markdown(const json& captures) {
  const std::vector<std::string> columns = {"nchw", "nhwc", "chwn", "window_4k"};
  std::string md =
      "\n#### Layouts and windows: the final checkpoint's 4-D maps (size-weighted ratio)\n\n| net "
      "| codec |";
  for (const auto& c : columns) md += fmt::format(" {} |", layout_label(c));
  md += " spread over layouts |\n|---|---|---|---|---|---|---|\n";
  std::string speed;
  for (const auto& c : captures) {
    if (!c.contains("layouts") || c["layouts"]["layers"].empty()) continue;
    const auto& r = c["layouts"]["ratio_weighted"];
    for (const std::string key : kLayoutCodecs) {
      double lo = 1e300, hi = 0;
      md += fmt::format("| {} | {} |", c.at("net").get<std::string>(), label_of(key));
      for (const auto& col : columns) {
        const double v = r[col][key].get<double>();
        md += fmt::format(" {} |", x(v));
        if (col != "window_4k") lo = std::min(lo, v), hi = std::max(hi, v);
      }
      md += fmt::format(" {:.1f} % |\n", 100 * (hi / lo - 1));
      if (!c["layouts"].contains("speed_mbs")) continue;
      speed += fmt::format("| {} | {} |", c.at("net").get<std::string>(), label_of(key));
      for (const std::string layout : kLayouts)
        speed += fmt::format(" {:.0f} |", c["layouts"]["speed_mbs"][layout][key].get<double>());
      speed += "\n";
    }
  }
  if (!speed.empty())
    md +=
        "\n#### Compression speed by layout (one core, MB/s of fp32 input, final checkpoint's 4-D "
        "maps)\n\n| net | codec | NCHW | NHWC | CHWN |\n|---|---|---|---|---|\n" +
        speed;
  return md;
}

}  // namespace

std::string markdown(const json& captures) {
  std::string md =
      "#### Network-wide, final checkpoint, next to the papers\n\n" + markdown_summary(captures);
  // Every encoding, network-wide.
  md +=
      "\n#### Every encoding, network-wide at the final checkpoint (size-weighted ratio)\n\n| net "
      "|";
  std::string rule = "|---|";
  for (const auto& e : kEncodings) {
    md += fmt::format(" {} |", e.label);
    rule += "---|";
  }
  md += "\n" + rule + "\n";
  for (const auto& c : captures) {
    const auto& n = final_checkpoint(c).at("network");
    md += fmt::format("| {} |", c.at("net").get<std::string>());
    for (const auto& e : kEncodings)
      md += n.at("ratio_weighted").contains(e.key)
                ? fmt::format(" {} |", x(n["ratio_weighted"][e.key]))
                : std::string(" – |");
    md += "\n";
  }
  // Speed.
  md +=
      "\n#### Compression speed on the final checkpoint (one core, MB/s of fp32 input)\n\n| net |";
  rule = "|---|";
  for (const auto& [key, fn] : timed_codecs()) {
    (void)fn;
    md += fmt::format(" {} |", label_of(key));
    rule += "---|";
  }
  md += "\n" + rule + "\n";
  for (const auto& c : captures) {
    const auto& ck = final_checkpoint(c);
    if (!ck.contains("speed_mbs")) continue;
    md += fmt::format("| {} |", c.at("net").get<std::string>());
    for (const auto& [key, fn] : timed_codecs()) {
      (void)fn;
      md += fmt::format(" {:.0f} |", ck["speed_mbs"][key].get<double>());
    }
    md += "\n";
  }
  md += layout_markdown(captures);
  for (const auto& c : captures) {
    const std::string net = c.at("net");
    const auto& ck = final_checkpoint(c);
    md += fmt::format("\n#### {}: per layer at the final checkpoint (iteration {})\n\n", net,
                      ck.at("iteration").get<long>());
    md += "| layer | kind → consumer | elements | zeros |";
    rule = "|---|---|---|---|";
    for (const auto& e : kEncodings) {
      md += fmt::format(" {} |", e.label);
      rule += "---|";
    }
    md += "\n" + rule + "\n";
    for (const auto& l : ck.at("layers")) {
      md += fmt::format("| {} | {} → {} | {} | {} |", l.at("name").get<std::string>(),
                        l.at("kind").get<std::string>(), l.at("consumer").get<std::string>(),
                        l.at("elems").get<std::uint64_t>(), pct(l.at("zero_fraction")));
      for (const auto& e : kEncodings) md += fmt::format(" {} |", layer_ratio(l, e.key));
      md += "\n";
    }
    // Zero fraction through training.
    md += fmt::format("\n#### {}: zero fraction through training\n\n| layer |", net);
    rule = "|---|";
    for (const auto& k : c.at("checkpoints")) {
      md += fmt::format(" it {} (ep {:.2f}) |", k.at("iteration").get<long>(),
                        k.at("epoch").get<double>());
      rule += "---|";
    }
    md += "\n" + rule + "\n";
    const auto& first = c.at("checkpoints").at(0).at("layers");
    for (std::size_t i = 0; i < first.size(); ++i) {
      md += fmt::format("| {} |", first[i].at("name").get<std::string>());
      for (const auto& k : c.at("checkpoints"))
        md += fmt::format(" {} |", pct(k.at("layers")[i].at("zero_fraction")));
      md += "\n";
    }
    // Precision reduction error.
    md += fmt::format(
        "\n#### {}: precision reduction error at the final checkpoint (non-zero elements)\n\n",
        net);
    md +=
        "| layer | fp16 max / mean rel. error | bf16 max / mean | fp8 E4M3 max / mean | fp8 "
        "underflow to 0 |\n"
        "|---|---|---|---|---|\n";
    for (const auto& l : ck.at("layers")) {
      const auto& p = l.at("precision");
      auto cell = [&](const char* k) {
        return fmt::format("{:.2e} / {:.2e}", p.at(k).at("max_rel").get<double>(),
                           p.at(k).at("mean_rel").get<double>());
      };
      md += fmt::format("| {} | {} | {} | {} | {} |\n", l.at("name").get<std::string>(),
                        cell("fp16"), cell("bf16"), cell("fp8"), pct(p.at("fp8").at("underflow")));
    }
    // Offload time.
    md += fmt::format(
        "\n#### {}: offload time per layer, final checkpoint, {} images (µs, raw fp32 / ZVC)\n\n| "
        "layer | raw KiB | ZVC KiB |",
        net, c.at("probe_images").get<int>());
    rule = "|---|---|---|";
    for (const auto& link : kLinks) {
      md += fmt::format(" {} ({:.0f} GB/s) |", link.label, link.gbps);
      rule += "---|";
    }
    md += "\n" + rule + "\n";
    std::uint64_t raw_total = 0, zvc_total = 0;
    auto row = [&](const std::string& name, std::uint64_t raw, std::uint64_t packed) {
      md += fmt::format("| {} | {:.1f} | {:.1f} |", name, static_cast<double>(raw) / 1024,
                        static_cast<double>(packed) / 1024);
      for (const auto& link : kLinks)
        md += fmt::format(" {} / {} |", us(raw, link.gbps), us(packed, link.gbps));
      md += "\n";
    };
    for (const auto& l : ck.at("layers")) {
      const std::uint64_t raw = 4 * l.at("elems").get<std::uint64_t>();
      const std::uint64_t packed = l.at("sizes").at("zvc_fp32");
      raw_total += raw;
      zvc_total += packed;
      row(l.at("name"), raw, packed);
    }
    row("**all layers**", raw_total, zvc_total);
  }
  return md;
}

}  // namespace cdma::study
