#include "vdnn.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "zvc/zvc.hpp"

namespace cdma::vdnn {

using nlohmann::json;

namespace {

double number(const json& l, const char* member, const std::string& where, bool positive) {
  if (!l.contains(member)) throw zvc::Error(fmt::format("{}: no '{}'", where, member));
  const json& v = l.at(member);
  const bool ok = v.is_number() && std::isfinite(v.get<double>()) &&
                  (positive ? v.get<double>() > 0 : v.get<double>() >= 0);
  if (!ok)
    throw zvc::Error(fmt::format("{}: '{}' must be a finite number {} (got {})", where, member,
                                 positive ? "> 0" : ">= 0", v.dump()));
  return v.get<double>();
}

// Milliseconds to move `bytes` at `gbps` GB/s; an infinite rate takes none.
double ms(double bytes, double gbps) {
  return bytes / (gbps * 1e6);
}

// A plain copy moves the raw map at the link's rate.
double copy_ms(const Layer& l, const System& s) {
  return ms(l.offload_bytes, s.link_gbps);
}

double engine_ms(const Layer& l, const System& s, bool offload) {
  return ms(l.offload_bytes, std::min(offload ? s.compress_gbps : s.decompress_gbps, s.dram_gbps));
}

// A compressed transfer: the payload crosses the link while the engine reads
// (or writes) the raw map through its share of the DRAM bandwidth.
double compressed_ms(const Layer& l, const System& s, bool offload) {
  return std::max(ms(l.offload_bytes / l.ratio, s.link_gbps), engine_ms(l, s, offload));
}

json rate(double gbps) {
  return std::isinf(gbps) ? json(nullptr) : json(gbps);
}

}  // namespace

Network parse_network(const json& j, std::string_view source) {
  const std::string where(source);
  if (!j.is_object()) throw zvc::Error(fmt::format("{}: expected a JSON object", where));
  if (!j.contains("layers") || !j.at("layers").is_array() || j.at("layers").empty())
    throw zvc::Error(fmt::format("{}: 'layers' must be a non-empty array", where));
  Network n;
  n.notes = json::object();
  for (const auto& [k, v] : j.items()) {
    if (k == "name") {
      if (!v.is_string() || v.get<std::string>().empty())
        throw zvc::Error(fmt::format("{}: 'name' must be a non-empty string", where));
      n.name = v.get<std::string>();
    } else if (k != "layers") {
      n.notes[k] = v;
    }
  }
  for (std::size_t i = 0; i < j.at("layers").size(); ++i) {
    const json& l = j.at("layers")[i];
    std::string at = fmt::format("{}: layer {}", where, i + 1);
    if (!l.is_object()) throw zvc::Error(at + ": expected a JSON object");
    if (!l.contains("name") || !l.at("name").is_string() || l.at("name").get<std::string>().empty())
      throw zvc::Error(at + ": 'name' must be a non-empty string");
    Layer layer{.name = l.at("name").get<std::string>()};
    at += fmt::format(" ({})", layer.name);
    layer.fwd_ms = number(l, "fwd_ms", at, false);
    layer.bwd_ms = number(l, "bwd_ms", at, false);
    layer.offload_bytes = number(l, "offload_bytes", at, false);
    layer.ratio = number(l, "ratio", at, true);
    n.layers.push_back(std::move(layer));
  }
  return n;
}

namespace {
struct PolicyName {
  const char* key;
  const char* label;
};
// Indexed by Policy.
constexpr PolicyName kPolicyNames[] = {{"oracle", "oracle (nothing offloaded)"},
                                       {"vdnn", "vDNN (raw copies)"},
                                       {"cdma", "vDNN + cDMA"},
                                       {"cdma_inf", "vDNN + cDMA, ratio ∞"}};
}  // namespace

const char* key(Policy p) {
  return kPolicyNames[static_cast<int>(p)].key;
}
const char* label(Policy p) {
  return kPolicyNames[static_cast<int>(p)].label;
}

double transfer_ms(const Layer& l, const System& s, Policy p, bool offload) {
  switch (p) {
    case Policy::oracle:
      return 0;
    case Policy::vdnn:
      return copy_ms(l, s);
    case Policy::cdma:
      return std::min(copy_ms(l, s), compressed_ms(l, s, offload));
    case Policy::cdma_unbounded:
      break;
  }
  return std::min(copy_ms(l, s), engine_ms(l, s, offload));
}

bool copies(const Layer& l, const System& s, bool offload) {
  return compressed_ms(l, s, offload) > copy_ms(l, s);
}

Iteration simulate(const Network& n, const System& s, Policy p) {
  Iteration it;
  const std::size_t count = n.layers.size();
  it.layers.resize(count);
  // Forward: layer i computes while its input map is offloaded; the next
  // layer starts when both are done (vDNN's per-layer synchronization).
  for (std::size_t i = 0; i < count; ++i) {
    const Layer& l = n.layers[i];
    auto& t = it.layers[i];
    t.fwd_step_ms = std::max(l.fwd_ms, transfer_ms(l, s, p, true));
    t.offload_stall_ms = t.fwd_step_ms - l.fwd_ms;
    it.ms += t.fwd_step_ms;
  }
  // Backward: the last layer's map comes back before anything overlaps it;
  // then layer i computes while layer i-1's map is prefetched.
  it.prelude_ms = transfer_ms(n.layers[count - 1], s, p, false);
  it.layers[count - 1].prefetch_stall_ms = it.prelude_ms;
  it.ms += it.prelude_ms;
  for (std::size_t i = count; i-- > 0;) {
    const Layer& l = n.layers[i];
    const double prefetch = i > 0 ? transfer_ms(n.layers[i - 1], s, p, false) : 0;
    auto& t = it.layers[i];
    t.bwd_step_ms = std::max(l.bwd_ms, prefetch);
    if (i > 0) it.layers[i - 1].prefetch_stall_ms = t.bwd_step_ms - l.bwd_ms;
    it.ms += t.bwd_step_ms;
  }
  return it;
}

json report(const Network& n, const System& s) {
  json r = {{"network", n.name},
            {"notes", n.notes},
            {"system",
             {{"link_gbps", rate(s.link_gbps)},
              {"compress_gbps", rate(s.compress_gbps)},
              {"decompress_gbps", rate(s.decompress_gbps)},
              {"dram_gbps", rate(s.dram_gbps)}}}};
  std::vector<Iteration> runs;
  for (const Policy p : kPolicies) runs.push_back(simulate(n, s, p));
  const double oracle = runs[0].ms;
  for (std::size_t k = 0; k < runs.size(); ++k) {
    const std::string stem = key(kPolicies[k]);
    r[stem + "_ms"] = runs[k].ms;
    r["normalized"][stem] = runs[k].ms > 0 ? oracle / runs[k].ms : 1.0;
    r["stall_ms"][stem] = runs[k].ms - oracle;
  }
  r["cdma_speedup"] = r.at("vdnn_ms").get<double>() / r.at("cdma_ms").get<double>();
  double raw = 0, packed = 0;
  for (std::size_t i = 0; i < n.layers.size(); ++i) {
    const Layer& l = n.layers[i];
    raw += l.offload_bytes;
    packed += l.offload_bytes / l.ratio;
    json layer = {
        {"name", l.name},
        {"fwd_ms", l.fwd_ms},
        {"bwd_ms", l.bwd_ms},
        {"offload_bytes", l.offload_bytes},
        {"ratio", l.ratio},
        {"cdma_copies", {{"offload", copies(l, s, true)}, {"prefetch", copies(l, s, false)}}}};
    for (std::size_t k = 1; k < runs.size(); ++k)
      layer[key(kPolicies[k])] = {{"offload_stall_ms", runs[k].layers[i].offload_stall_ms},
                                  {"prefetch_stall_ms", runs[k].layers[i].prefetch_stall_ms}};
    r["layers"].push_back(layer);
  }
  r["offload_bytes"] = raw;
  r["compressed_bytes"] = packed;
  return r;
}

namespace {

std::string gbps(const json& v) {
  return v.is_null() ? std::string("unlimited") : fmt::format("{:g} GB/s", v.get<double>());
}

std::string stalls(const json& layer, const char* policy) {
  const json& t = layer.at(policy);
  return fmt::format("{:.3f} / {:.3f}", t.at("offload_stall_ms").get<double>(),
                     t.at("prefetch_stall_ms").get<double>());
}

}  // namespace

std::string markdown(const json& r) {
  const json& s = r.at("system");
  std::string md = fmt::format(
      "#### {}: link {}, engine {} compress / {} decompress, DRAM {} for the engine\n\n",
      r.at("network").get<std::string>(), gbps(s.at("link_gbps")), gbps(s.at("compress_gbps")),
      gbps(s.at("decompress_gbps")), gbps(s.at("dram_gbps")));
  md += "| policy | iteration (ms) | stall (ms) | performance normalized to oracle |\n";
  md += "|---|---|---|---|\n";
  for (const Policy p : kPolicies)
    md += fmt::format("| {} | {:.3f} | {:.3f} | {:.3f} |\n", label(p),
                      r.at(std::string(key(p)) + "_ms").get<double>(),
                      r.at("stall_ms").at(key(p)).get<double>(),
                      r.at("normalized").at(key(p)).get<double>());
  md += fmt::format(
      "\ncDMA over vDNN: {:.3f}× ({:+.1f} %); maps offloaded: {:.2f} MB raw, {:.2f} MB "
      "compressed.\n\n",
      r.at("cdma_speedup").get<double>(), 100 * (r.at("cdma_speedup").get<double>() - 1),
      r.at("offload_bytes").get<double>() / 1e6, r.at("compressed_bytes").get<double>() / 1e6);
  md +=
      "| layer | fwd (ms) | bwd (ms) | input map (MB) | ZVC ratio | vDNN stall, offload / "
      "prefetch (ms) | cDMA stall (ms) | cDMA ratio ∞ stall (ms) "
      "|\n|---|---|---|---|---|---|---|---|\n";
  for (const json& l : r.at("layers")) {
    const bool copy = l.at("cdma_copies").at("offload").get<bool>() ||
                      l.at("cdma_copies").at("prefetch").get<bool>();
    md += fmt::format("| {} | {:.3f} | {:.3f} | {:.3f} | {:.2f}×{} | {} | {} | {} |\n",
                      l.at("name").get<std::string>(), l.at("fwd_ms").get<double>(),
                      l.at("bwd_ms").get<double>(), l.at("offload_bytes").get<double>() / 1e6,
                      l.at("ratio").get<double>(), copy ? " (copied)" : "", stalls(l, "vdnn"),
                      stalls(l, "cdma"), stalls(l, "cdma_inf"));
  }
  return md;
}

}  // namespace cdma::vdnn
