// The training-iteration model behind cdma-vdnn (docs/results.md, "Training
// time"): vDNN offloads every layer's input map to CPU memory during the
// forward pass and prefetches it back during the backward pass, with a
// synchronization per layer; cDMA shortens those transfers by the map's ZVC
// ratio, limited by the engine's and DRAM's bandwidth.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace cdma::vdnn {

struct Layer {
  std::string name;
  double fwd_ms = 0, bwd_ms = 0;  // compute time of the forward and backward step
  double offload_bytes = 0;       // the layer's input map, raw
  double ratio = 1;               // that map's ZVC ratio, raw / compressed
};

struct Network {
  std::string name;
  std::vector<Layer> layers;  // forward order
  nlohmann::json notes;       // the file's other top-level members, passed through
};

// Parses a network file's JSON; `source` names it in error messages.
// Throws zvc::Error on anything that is not a valid network.
Network parse_network(const nlohmann::json& j, std::string_view source);

// Bandwidths in GB/s (10^9 bytes per second); infinity is allowed.
struct System {
  double link_gbps = 16;         // per direction
  double compress_gbps = 200;    // engine, raw bytes read per second
  double decompress_gbps = 200;  // engine, raw bytes written per second
  double dram_gbps = 236;        // GPU DRAM bandwidth left for the engine
};

enum class Policy { oracle, vdnn, cdma, cdma_unbounded };  // in kPolicyNames order (vdnn.cpp)
inline constexpr Policy kPolicies[] = {Policy::oracle, Policy::vdnn, Policy::cdma,
                                       Policy::cdma_unbounded};
const char* key(Policy p);    // JSON key stem: oracle, vdnn, cdma, cdma_inf
const char* label(Policy p);  // as tables print it

// One map's transfer time in ms under a policy, offload (compress) or
// prefetch (decompress). cDMA takes the faster of a compressed transfer and
// a plain copy, as a driver that knows the map's ratio would.
double transfer_ms(const Layer& l, const System& s, Policy p, bool offload);
// True when cDMA sends the map as a plain copy (compression would be slower).
bool copies(const Layer& l, const System& s, bool offload);

struct LayerTime {
  double fwd_step_ms = 0, bwd_step_ms = 0;
  double offload_stall_ms = 0;   // forward step beyond compute, while this map is offloaded
  double prefetch_stall_ms = 0;  // the backward step (or the prelude) that fetches this map back
};

struct Iteration {
  double ms = 0;
  double prelude_ms = 0;  // the last layer's map fetched back before the backward pass
  std::vector<LayerTime> layers;
};

Iteration simulate(const Network& n, const System& s, Policy p);

// Every policy on one network and system: the object `cdma-vdnn --json` prints.
nlohmann::json report(const Network& n, const System& s);
// That report as Markdown: the policies (Figure 13's normalized performance)
// and the per-layer stalls.
std::string markdown(const nlohmann::json& report);

}  // namespace cdma::vdnn
