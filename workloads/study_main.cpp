// cdma-study: the compression study on one or more capture folders.
// Writes study.json, study.md, summary.md and SVG figures into --out; --export writes
// chosen activation maps as .zvc containers (the shipped sample, data/sample).
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <filesystem>

#include "cli/io.hpp"
#include "npy.hpp"
#include "study.hpp"
#include "zvc/zvc.hpp"

namespace fs = std::filesystem;

namespace {
void write_text(const fs::path& path, const std::string& text) {
  zvc::cli::write_file(path.string(), text);
}
// --pick NET:CHECKPOINT:LAYER, CHECKPOINT an index into the capture's
// checkpoints (negative counts from the end). Writes NET-ID-LAYER.zvc and a
// manifest describing each file's source.
void export_sample(const std::vector<fs::path>& captures, const std::vector<std::string>& picks,
                   const fs::path& out) {
  using nlohmann::json;
  std::map<std::string, std::pair<fs::path, json>> by_net;
  for (const auto& dir : captures) {
    json m = json::parse(zvc::cli::read_file((dir / "manifest.json").string()));
    by_net[m.at("net")] = {dir, m};
  }
  json files = json::array();
  fs::create_directories(out);
  for (const auto& pick : picks) {
    const auto a = pick.find(':'), b = pick.rfind(':');
    if (a == std::string::npos || a == b)
      throw zvc::Error(fmt::format("--pick '{}': expected NET:CHECKPOINT:LAYER", pick));
    const std::string net = pick.substr(0, a), layer = pick.substr(b + 1);
    const auto it = by_net.find(net);
    if (it == by_net.end())
      throw zvc::Error(fmt::format("--pick '{}': no capture of {}", pick, net));
    const auto& [dir, m] = it->second;
    const auto& cks = m.at("checkpoints");
    long index = std::stol(pick.substr(a + 1, b - a - 1));
    if (index < 0) index += static_cast<long>(cks.size());
    if (index < 0 || index >= static_cast<long>(cks.size()))
      throw zvc::Error(fmt::format("--pick '{}': {} has {} checkpoints", pick, net, cks.size()));
    const auto& ck = cks[static_cast<std::size_t>(index)];
    if (!ck.at("files").contains(layer))
      throw zvc::Error(fmt::format("--pick '{}': no layer {}", pick, layer));
    const auto arr = cdma::npy::read_f32(dir / ck.at("files").at(layer).get<std::string>());
    const std::string name =
        fmt::format("{}-{}-{}.zvc", net, ck.at("id").get<std::string>(), layer);
    const zvc::ByteView raw(reinterpret_cast<const std::uint8_t*>(arr.data.data()),
                            arr.data.size() * 4);
    zvc::cli::OutputFile f((out / name).string());
    f.write(zvc::write_container(raw, 4));
    f.commit();
    json meta;
    for (const auto& l : m.at("layers"))
      if (l.at("name") == layer) meta = l;
    files.push_back({{"file", name},
                     {"net", net},
                     {"layer", layer},
                     {"kind", meta.at("kind")},
                     {"consumer", meta.at("consumer")},
                     {"shape", arr.shape},
                     {"dtype", "fp32"},
                     {"iteration", ck.at("iteration")},
                     {"epoch", ck.at("epoch")},
                     {"capture",
                      {{"seed", m.at("seed")},
                       {"epochs", m.at("epochs")},
                       {"lr", m.at("lr")},
                       {"batch", m.at("batch")},
                       {"test_accuracy", m.at("test_accuracy")}}}});
  }
  write_text(out / "manifest.json",
             json({{"format", "cdma-sample 1"}, {"files", files}}).dump(1) + "\n");
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Compression study on captured activation maps (see docs/results.md)"};
  std::vector<fs::path> captures;
  fs::path out;
  bool no_speed = false;
  app.add_option("captures", captures, "Capture folders written by cdma-capture")->required();
  app.add_option("--out", out, "Output folder for study.json, study.md and summary.md")->required();
  app.add_flag("--no-speed", no_speed, "Skip the codec speed measurement");
  fs::path export_dir;
  std::vector<std::string> picks;
  app.add_option("--export", export_dir, "Also write the --pick maps as .zvc containers here");
  app.add_option("--pick", picks, "NET:CHECKPOINT:LAYER to export (CHECKPOINT: index, -1 = last)");
  CLI11_PARSE(app, argc, argv);
  try {
    nlohmann::json all = nlohmann::json::array();
    for (const auto& dir : captures) all.push_back(cdma::study::study_capture(dir, !no_speed));
    fs::create_directories(out);
    write_text(out / "study.json", all.dump(1) + "\n");
    write_text(out / "study.md", cdma::study::markdown(all));
    write_text(out / "summary.md", cdma::study::markdown_summary(all));
    fmt::print("{}: {} capture(s)\n", (out / "study.md").string(), all.size());
    if (!export_dir.empty()) {
      if (picks.empty()) throw zvc::Error("--export needs at least one --pick");
      export_sample(captures, picks, export_dir);
      fmt::print("{}: {} activation map(s)\n", export_dir.string(), picks.size());
    }
  } catch (const std::exception& e) {
    fmt::print(stderr, "cdma-study: error: {}\n", e.what());
    return 1;
  }
  return 0;
}
