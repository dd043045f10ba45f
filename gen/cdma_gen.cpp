// cdma-gen: turns a configuration into a drop-in IP bundle directory.
//
//   cdma-gen --elem 1 --bus 8 [--buffer 64] [--blocks compressor,decompressor,dma]
//            [--name cdma_e1_b8] [--results docs/resources.json] OUTDIR
//
// The bundle: the RTL (rtl/ as listed by rtl/cdma.f, its folders kept), one
// parameter-free wrapper per block (NAME_compressor.sv, ...: the block's own
// ports, its parameters fixed as header localparams), a file list (NAME.f), a
// FuseSoC CAPI2 core (NAME.core), the register map as a C header and the C
// driver library when the DMA block is in (cdma_regs.h, cdma.h, cdma.c) and a
// README with the configuration's ports, area and throughput. Wrapper ports
// are read from the RTL itself, so they cannot drift from it. OUTDIR must not
// exist; it appears only when complete.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/io.hpp"
#include "zvc/zvc.hpp"

namespace fs = std::filesystem;

namespace {

struct Param {
  std::string type, name, value;
};
struct Port {
  std::string dir, range, name;
};
struct ModuleHeader {
  std::vector<Param> params;
  std::vector<Port> ports;
};

// The blocks a bundle can hold: CLI name, RTL module, the module the synthesis
// results list its area under.
struct Block {
  std::string key, module, synth_module, what;
};
const std::vector<Block> kBlocks = {
    {"compressor", "zvc_compressor", "zvc_compressor", "ZVC compressor (AXI4-Stream in and out)"},
    {"decompressor", "zvc_decompressor", "zvc_decompressor",
     "ZVC decompressor (raw length + AXI4-Stream in, AXI4-Stream out)"},
    {"dma", "cdma_dma", "cdma_engine",
     "compressing DMA engine: AXI4-Lite registers, two AXI4 masters, interrupt"},
};

std::string read_text(const fs::path& path) {
  const zvc::Bytes bytes = zvc::cli::read_file(path.string());
  return {bytes.begin(), bytes.end()};
}

// The ANSI header of `module` in our RTL style: one parameter or port per line.
ModuleHeader parse_header(const fs::path& file, const std::string& module) {
  const std::string text = read_text(file);
  const auto start = text.find("module " + module);
  const auto end = text.find(");", start);
  if (start == std::string::npos || end == std::string::npos)
    throw zvc::Error(fmt::format("{}: no module {}", file.string(), module));
  static const std::regex param_re(
      R"(^\s*(?:parameter|localparam)\s+(int|bit|logic(?:\s*\[[^\]]*\])?)\s+(\w+)\s*=\s*(.+?)\s*,?\s*(?://.*)?$)");
  static const std::regex port_re(
      R"(^\s*(input|output)\s+logic\s*(\[[^\]]*\])?\s*(\w+)\s*,?\s*(?://.*)?$)");
  ModuleHeader h;
  std::istringstream lines(text.substr(start, end - start));
  std::smatch m;
  for (std::string line; std::getline(lines, line);) {
    if (std::regex_match(line, m, param_re))
      h.params.push_back({m[1], m[2], m[3]});
    else if (std::regex_match(line, m, port_re))
      h.ports.push_back({m[1], m[2], m[3]});
  }
  if (h.ports.empty()) throw zvc::Error(fmt::format("{}: no ports parsed", module));
  return h;
}

struct Config {
  int elem = 4;
  int bus = 32;
  int buffer = 64;
  std::vector<std::string> blocks{"compressor", "decompressor"};
  std::string name;
  fs::path rtl_dir = CDMA_RTL_DIR;  // holds cdma.f, the source list
  fs::path regs_header = CDMA_REGS_HEADER;
  fs::path driver_header = CDMA_DRIVER_HEADER;
  fs::path driver_source = CDMA_DRIVER_SOURCE;
  fs::path results = CDMA_RESULTS;
};

void validate(const Config& c) {
  if (c.elem != 1 && c.elem != 2 && c.elem != 4)
    throw zvc::Error(fmt::format("--elem must be 1, 2 or 4, not {}", c.elem));
  if (c.bus < 8 || c.bus > 256 || (c.bus & (c.bus - 1)) != 0)
    throw zvc::Error(fmt::format("--bus must be a power of two from 8 to 256, not {}", c.bus));
  if (c.buffer < 16 || c.buffer > 65536)
    throw zvc::Error(fmt::format(
        "--buffer must be 16 to 65536 beats (at least the 16-beat bursts), not {}", c.buffer));
  if (!std::regex_match(c.name, std::regex("[A-Za-z_][A-Za-z0-9_]*")))
    throw zvc::Error(fmt::format("--name must be a Verilog identifier, not '{}'", c.name));
  if (c.blocks.empty()) throw zvc::Error("--blocks names no block");
  for (const auto& b : c.blocks) {
    bool known = false;
    for (const auto& k : kBlocks) known = known || k.key == b;
    if (!known)
      throw zvc::Error(fmt::format("unknown block '{}' (compressor, decompressor, dma)", b));
  }
}

const Block& block_of(const std::string& key) {
  for (const auto& k : kBlocks)
    if (k.key == key) return k;
  throw zvc::Error(fmt::format("unknown block {{}}", key));
}

// The value a wrapper fixes for a module parameter: the configuration's, or
// the module's own default.
std::string param_value(const Config& c, const Param& p) {
  if (p.name == "ElemBytes") return std::to_string(c.elem);
  if (p.name == "BusBytes") return std::to_string(c.bus);
  if (p.name == "BufferBeats") return std::to_string(c.buffer);
  return p.value;
}

std::string wrapper(const Config& c, const Block& b, const ModuleHeader& h) {
  std::string s = fmt::format(
      "// Generated by cdma-gen: {} with its parameters fixed (ElemBytes {}, BusBytes {}{}).\n"
      "// Ports and behaviour: those of {} (README.md). Do not edit; regenerate.\n"
      "module {}_{} #(\n",
      b.module, c.elem, c.bus, b.key == "dma" ? fmt::format(", BufferBeats {}", c.buffer) : "",
      b.module, c.name, b.key);
  for (std::size_t i = 0; i < h.params.size(); ++i) {
    const auto& p = h.params[i];
    s += fmt::format("  localparam {} {} = {}{}\n", p.type, p.name, param_value(c, p),
                     i + 1 < h.params.size() ? "," : "");
  }
  s += ") (\n";
  for (std::size_t i = 0; i < h.ports.size(); ++i) {
    const auto& p = h.ports[i];
    s += fmt::format("  {:<6} logic {:<22} {}{}\n", p.dir, p.range, p.name,
                     i + 1 < h.ports.size() ? "," : "");
  }
  s += fmt::format(");\n  {} #(\n", b.module);
  for (std::size_t i = 0; i < h.params.size(); ++i)
    s += fmt::format("    .{0}({0}){1}\n", h.params[i].name, i + 1 < h.params.size() ? "," : "");
  s += "  ) u_core (\n";
  for (std::size_t i = 0; i < h.ports.size(); ++i)
    s += fmt::format("    .{0}({0}){1}\n", h.ports[i].name, i + 1 < h.ports.size() ? "," : "");
  s += "  );\nendmodule\n";
  return s;
}

// The sources rtl/cdma.f lists, relative to the RTL folder, in its order
// (comment lines and +incdir+ options skipped).
std::vector<fs::path> rtl_sources(const Config& c) {
  const fs::path list = c.rtl_dir / "cdma.f";
  if (!fs::is_regular_file(list))
    throw zvc::Error(
        fmt::format("cannot read the RTL folder {}: no cdma.f in it", c.rtl_dir.string()));
  std::vector<fs::path> files;
  std::istringstream lines(read_text(list));
  for (std::string line; std::getline(lines, line);)
    if (!line.empty() && !line.starts_with("//") && !line.starts_with("+"))
      files.emplace_back(line);
  if (files.empty()) throw zvc::Error(fmt::format("{} lists no source", list.string()));
  return files;
}

// The listed source that defines `module` (files are named like their module).
fs::path module_source(const std::vector<fs::path>& rtl, const std::string& module) {
  for (const auto& f : rtl)
    if (f.stem() == module) return f;
  throw zvc::Error(fmt::format("cdma.f lists no {}.sv", module));
}

std::string area_table(const Config& c) {
  if (!fs::exists(c.results))
    return fmt::format(
        "No synthesis results at {} (run `cmake --build build --target synth-sweep`).\n",
        c.results.string());
  const auto results = nlohmann::json::parse(read_text(c.results));
  std::string rows;
  for (const auto& key : c.blocks) {
    const Block& b = block_of(key);
    for (const auto& r : results) {
      if (r.value("module", "") != b.synth_module || r.value("elem_bytes", 0) != c.elem ||
          r.value("bus_bytes", 0) != c.bus)
        continue;
      const std::string flow = r.value("flow", "");
      std::string what;
      if (flow == "asic")
        what = fmt::format("{} kGE (45 nm, {} µm²)", r.value("kge", 0.0), r.value("area_um2", 0.0));
      else if (flow == "generic")
        what =
            fmt::format("{} cells, {} transistors", r.value("cells", 0), r.value("transistors", 0));
      else
        what = fmt::format("{} LUT, {} FF, {} BRAM", r.value("lut4", r.value("lut", 0)),
                           r.value("ff", 0), r.value("bram", 0));
      rows += fmt::format("| {} | {} | {} |\n", b.synth_module, flow, what);
    }
  }
  if (rows.empty())
    return fmt::format("This configuration is not in {} yet (synth/sweep.sh fills it in).\n",
                       c.results.string());
  return "| module | flow | area |\n|---|---|---|\n" + rows +
         (std::find(c.blocks.begin(), c.blocks.end(), "dma") != c.blocks.end()
              ? "\nThe DMA row is `cdma_engine` at its default buffers, without the register "
                "file.\n"
              : "");
}

std::string readme(const Config& c, const std::vector<fs::path>& rtl,
                   const std::vector<std::pair<Block, ModuleHeader>>& blocks) {
  std::string s = fmt::format(
      "# {}: cDMA IP bundle\n\nGenerated by `cdma-gen`. Configuration: ElemBytes {}, BusBytes {} "
      "({} bytes per beat){}.\n\n"
      "Use: add `{}.f` to your tool (or `fusesoc library add` this folder and use `{}.core`); the "
      "tops are:\n\n",
      c.name, c.elem, c.bus, c.bus,
      std::find(c.blocks.begin(), c.blocks.end(), "dma") != c.blocks.end()
          ? fmt::format(", DMA landing buffer {} beats", c.buffer)
          : "",
      c.name, c.name);
  for (const auto& [b, h] : blocks) {
    s += fmt::format(
        "## `{}_{}`: {}\n\nWraps `{}` (rtl/{}).\n\n| port | direction | width |\n"
        "|---|---|---|\n",
        c.name, b.key, b.what, b.module, module_source(rtl, b.module).generic_string());
    for (const auto& p : h.ports)
      s += fmt::format("| `{}` | {} | `{}` |\n", p.name, p.dir, p.range.empty() ? "1" : p.range);
    s += "\n";
  }
  s += fmt::format(
      "## Throughput and latency\n\nThe codec moves one beat ({} raw bytes) per cycle while a "
      "beat's "
      "payload fits the bus (sparse data); all-non-zero data is limited by the bus to {} raw bytes "
      "in every {} payload bytes (a 4-byte mask per {} raw bytes). Latency: 2 cycles through the "
      "compressor (from the beat that ends a window) and 2 through the decompressor. Clock "
      "`clk_i`, asynchronous active-low reset `rst_ni` (hold it low at least 4 cycles).\n\n"
      "## Area\n\n{}",
      c.bus, 32 * c.elem, 4 + 32 * c.elem, 32 * c.elem, area_table(c));
  return s;
}

std::string core_file(const Config& c, const std::vector<fs::path>& rtl,
                      const std::vector<std::pair<Block, ModuleHeader>>& blocks) {
  std::string s = fmt::format(
      "CAPI=2:\nname: cdma:ip:{}:0.1.0\ndescription: cDMA ZVC IP, ElemBytes {} BusBytes {}\n\n"
      "filesets:\n  rtl:\n    files:\n      - rtl/include/cdma_assert.svh: {{is_include_file: "
      "true}}\n",
      c.name, c.elem, c.bus);
  for (const auto& f : rtl) s += fmt::format("      - rtl/{}\n", f.generic_string());
  for (const auto& [b, h] : blocks) s += fmt::format("      - {}_{}.sv\n", c.name, b.key);
  s += "    file_type: systemVerilogSource\n\ntargets:\n  default:\n    filesets: [rtl]\n";
  s += fmt::format("    toplevel: {}_{}\n", c.name, blocks.front().first.key);
  return s;
}

void generate(const Config& c, const fs::path& out_dir) {
  validate(c);
  if (fs::exists(out_dir))
    throw zvc::Error(fmt::format("{} exists; cdma-gen writes a new folder", out_dir.string()));
  const auto rtl = rtl_sources(c);
  std::vector<std::pair<Block, ModuleHeader>> blocks;
  for (const auto& key : c.blocks) {
    const Block& b = block_of(key);
    blocks.emplace_back(b, parse_header(c.rtl_dir / module_source(rtl, b.module), b.module));
  }
  // Build next to the target and rename: the bundle appears whole or not at all.
  const fs::path tmp = out_dir.string() + ".cdma-gen-tmp";
  fs::remove_all(tmp);
  try {
    fs::create_directories(tmp / "rtl" / "include");
    for (const auto& f : rtl) {
      fs::create_directories((tmp / "rtl" / f).parent_path());
      fs::copy_file(c.rtl_dir / f, tmp / "rtl" / f);
    }
    for (const auto& inc : fs::directory_iterator(c.rtl_dir / "include"))
      fs::copy_file(inc.path(), tmp / "rtl" / "include" / inc.path().filename());
    std::string filelist = "+incdir+rtl/include\n";
    for (const auto& f : rtl) filelist += "rtl/" + f.generic_string() + "\n";
    for (const auto& [b, h] : blocks) {
      zvc::cli::write_file((tmp / (c.name + "_" + b.key + ".sv")).string(), wrapper(c, b, h));
      filelist += c.name + "_" + b.key + ".sv\n";
    }
    zvc::cli::write_file((tmp / (c.name + ".f")).string(), filelist);
    zvc::cli::write_file((tmp / (c.name + ".core")).string(), core_file(c, rtl, blocks));
    if (std::find(c.blocks.begin(), c.blocks.end(), "dma") != c.blocks.end()) {
      fs::copy_file(c.regs_header, tmp / "cdma_regs.h");
      fs::copy_file(c.driver_header, tmp / "cdma.h");
      fs::copy_file(c.driver_source, tmp / "cdma.c");
    }
    zvc::cli::write_file((tmp / "README.md").string(), readme(c, rtl, blocks));
    fs::rename(tmp, out_dir);
  } catch (...) {
    std::error_code ec;
    fs::remove_all(tmp, ec);
    throw;
  }
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"cdma-gen: a drop-in IP bundle for one cDMA configuration"};
  Config c;
  std::string blocks = "compressor,decompressor";
  std::string out;
  app.add_option("--elem", c.elem, "bytes per element: 1, 2 or 4")->default_val(4);
  app.add_option("--bus", c.bus, "bytes per beat: a power of two, 8 to 256")->default_val(32);
  app.add_option("--buffer", c.buffer, "DMA landing buffer depth in beats")->default_val(64);
  app.add_option("--blocks", blocks, "comma-separated: compressor, decompressor, dma")
      ->default_val(blocks);
  app.add_option("--name", c.name, "name prefix of the wrappers (default cdma_eE_bB)");
  app.add_option("--rtl", c.rtl_dir, "RTL folder (default: the project's rtl/)");
  app.add_option("--results", c.results, "synthesis results JSON for the README's area table");
  app.add_option("OUTDIR", out, "bundle folder to create")->required();
  CLI11_PARSE(app, argc, argv);
  if (c.name.empty()) c.name = fmt::format("cdma_e{}_b{}", c.elem, c.bus);
  c.blocks.clear();
  std::stringstream ss(blocks);
  for (std::string b; std::getline(ss, b, ',');)
    if (!b.empty()) c.blocks.push_back(b);
  try {
    generate(c, out);
  } catch (const std::exception& e) {
    fmt::print(stderr, "cdma-gen: {}\n", e.what());
    return 1;
  }
  fmt::print("cdma-gen: wrote {} ({} block(s), E={} B={})\n", out, c.blocks.size(), c.elem, c.bus);
  return 0;
}
