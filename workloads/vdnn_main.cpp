// cdma-vdnn: one training iteration under vDNN, with and without cDMA, on a
// network file of per-layer compute times, map sizes and ZVC ratios
// (docs/results.md, "Training time"). Markdown by default, --json for one
// JSON object.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cmath>
#include <filesystem>

#include "cli/io.hpp"
#include "links.hpp"
#include "vdnn.hpp"
#include "zvc/zvc.hpp"

namespace {
// A rate in GB/s: a number > 0, "inf" for unlimited.
const CLI::Validator kRate(
    [](std::string& s) {
      double v = 0;
      return CLI::detail::lexical_cast(s, v) && v > 0 ? std::string()
                                                      : "expected a rate > 0 in GB/s or inf";
    },
    "GBPS");
}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Training-iteration model: oracle, vDNN and vDNN + cDMA (see docs/results.md)"};
  std::string network, link;
  cdma::vdnn::System sys;
  double link_gbps = 0;
  bool as_json = false;
  app.add_option("--network", network, "Network file (JSON, layers in forward order)")->required();
  std::vector<std::string> presets;
  for (const auto& l : cdma::kLinks) presets.emplace_back(l.key);
  auto* preset = app.add_option("--link", link, "Link preset (default pcie3, 16 GB/s)")
                     ->check(CLI::IsMember(presets));
  app.add_option("--link-gbps", link_gbps, "Link bandwidth per direction, GB/s (inf: unlimited)")
      ->check(kRate)
      ->excludes(preset);
  app.add_option("--compress-gbps", sys.compress_gbps,
                 "Engine compression rate, raw GB/s read (default 200)")
      ->check(kRate);
  app.add_option("--decompress-gbps", sys.decompress_gbps,
                 "Engine decompression rate, raw GB/s written (default 200)")
      ->check(kRate);
  app.add_option("--dram-gbps", sys.dram_gbps,
                 "GPU DRAM bandwidth left for the engine (default 236)")
      ->check(kRate);
  app.add_flag("--json", as_json, "Print one JSON object instead of Markdown");
  CLI11_PARSE(app, argc, argv);
  try {
    if (link_gbps > 0) {
      sys.link_gbps = link_gbps;
    } else {
      for (const auto& l : cdma::kLinks)
        if (link == l.key) sys.link_gbps = l.gbps;
    }
    const auto bytes = zvc::cli::read_file(network);
    const auto j = nlohmann::json::parse(bytes.begin(), bytes.end(), nullptr, false);
    if (j.is_discarded()) throw zvc::Error(fmt::format("{}: not valid JSON", network));
    auto net = cdma::vdnn::parse_network(j, network);
    if (net.name.empty()) net.name = std::filesystem::path(network).stem().string();
    const auto r = cdma::vdnn::report(net, sys);
    if (as_json)
      fmt::print("{}\n", r.dump(1));
    else
      fmt::print("{}", cdma::vdnn::markdown(r));
  } catch (const std::exception& e) {
    fmt::print(stderr, "cdma-vdnn: error: {}\n", e.what());
    return 1;
  }
  return 0;
}
