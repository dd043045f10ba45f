// zvc: the command-line front end of the golden ZVC library.
//   zvc compress [--elem 1|2|4] [--mode M] [--raw] [--block BYTES] INPUT OUTPUT
//   zvc decompress INPUT OUTPUT
//   zvc decompress --raw --elem E --length BYTES [--mode M] [--lenient] INPUT OUTPUT
//   zvc decompress [--raw ... --index FILE [--block BYTES]] --blocks FIRST:COUNT INPUT OUTPUT
//   zvc stats [--elem E] [--mode M] [--json] FILE...
// M is zvc (the default), binarize, bf16 or fp8 (docs/format.md, "Modes").
//   zvc bench [--elem E] [--seconds S] [--markdown] [FILE...]
//   zvc synth [--elem E] [--zeros F] [--count N] [--seed S] OUTPUT
// "-" is standard input/output. Errors go to stderr with a non-zero exit and
// leave no output file behind.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <nlohmann/json.hpp>
#include <optional>

#include "bench.hpp"
#include "io.hpp"
#include "zvc/synth.hpp"
#include "zvc/zvc.hpp"

namespace {

using namespace zvc;

int cmd_compress(int elem, Mode mode, bool raw_payload, std::uint32_t block, const std::string& in,
                 const std::string& out) {
  check_mode(mode, elem);
  const Bytes raw = cli::read_file(in);
  const Bytes result =
      raw_payload ? compress(raw, elem, mode) : write_container(raw, elem, block, mode);
  cli::OutputFile file(out);
  file.write(result);
  file.commit();
  return 0;
}

// --lenient: zvc_decompressor's reading of any payload (decode_lenient); the
// status bits it would raise go to stderr as "sts_error N (names)".
// --blocks FIRST:COUNT: only those blocks, by the container's index or, for a
// bare payload, the index file (--index) with its block size (--block).
struct BlockRange {
  std::string index;  // a bare payload's index file
  std::uint32_t block_bytes = kDefaultBlockBytes;
  std::optional<std::pair<std::size_t, std::size_t>> range;  // first, count
};

std::pair<std::size_t, std::size_t> parse_range(const std::string& text) {
  const auto colon = text.find(':');
  std::size_t first = 0, count = 0, used = 0, used2 = 0;
  try {
    if (colon == std::string::npos) throw std::invalid_argument("no colon");
    first = std::stoull(text.substr(0, colon), &used);
    count = std::stoull(text.substr(colon + 1), &used2);
  } catch (const std::logic_error&) {
    used = 0;
  }
  if (used == 0 || used != colon || used2 != text.size() - colon - 1 || count == 0)
    throw Error(fmt::format("--blocks takes FIRST:COUNT (COUNT at least 1), not '{}'", text));
  return {first, count};
}

int cmd_decompress(bool raw_payload, bool lenient, int elem, Mode mode, std::uint64_t length,
                   const BlockRange& blocks, const std::string& in, const std::string& out) {
  check_mode(mode, elem);
  const Bytes data = cli::read_file(in);
  if (blocks.range) {
    const auto [first, count] = *blocks.range;
    Bytes raw;
    if (raw_payload) {
      raw = decompress_blocks(data, parse_block_index(cli::read_file(blocks.index)), length, elem,
                              blocks.block_bytes, first, count, mode);
    } else {
      const ContainerInfo info = read_container_info(data);
      if (info.block_sizes.empty()) throw Error("the container has no block index");
      raw = decompress_blocks(ByteView(data).subspan(info.payload_offset), info.block_sizes,
                              info.raw_bytes, info.elem_bytes, info.block_bytes, first, count,
                              info.mode);
    }
    cli::OutputFile file(out);
    file.write(raw);
    file.commit();
    return 0;
  }
  if (lenient) {
    if (length == 0 || length % static_cast<std::uint64_t>(elem) != 0) {
      throw Error(fmt::format("--length {} is not a positive multiple of --elem {}", length, elem));
    }
    Bytes raw(length);
    const LenientResult r = decode_lenient(data, elem, mode, raw);
    cli::OutputFile file(out);
    file.write(raw);
    file.commit();
    std::vector<std::string> names;
    if (r.bad_mask) names.emplace_back("bad_mask");
    if (r.trailing) names.emplace_back("trailing");
    if (r.truncated) names.emplace_back("truncated");
    fmt::print(stderr, "sts_error {} ({})\n", r.error_bits(),
               names.empty() ? "none" : fmt::format("{}", fmt::join(names, " ")));
    return 0;
  }
  const Bytes raw = raw_payload ? decompress(data, length, elem, mode) : read_container(data);
  cli::OutputFile file(out);
  file.write(raw);
  file.commit();
  return 0;
}

// Each file measured in one mode; a container is decoded first and, unless
// a mode is given, measured in its own.
int cmd_stats(int elem, std::optional<Mode> mode_opt, bool json,
              const std::vector<std::string>& files) {
  nlohmann::json report = nlohmann::json::array();
  if (!json) {
    fmt::print("{:<32} {:>2} {:>8} {:>12} {:>8} {:>14} {:>14} {:>7}\n", "file", "E", "mode",
               "elements", "zeros", "raw bytes", "payload bytes", "ratio");
  }
  for (const auto& path : files) {
    const Bytes data = cli::read_file(path);
    int e = elem;
    Mode mode = mode_opt.value_or(Mode::kZvc);
    Stats s;
    if (looks_like_container(data)) {
      const ContainerInfo info = read_container_info(data);
      e = info.elem_bytes;
      mode = mode_opt.value_or(info.mode);
      s = analyze(read_container(data), e, mode);
    } else {
      s = analyze(data, e, mode);
    }
    if (json) {
      report.push_back({{"file", path},
                        {"elem_bytes", e},
                        {"mode", to_string(mode)},
                        {"elements", s.elems},
                        {"zero_elements", s.zero_elems},
                        {"zero_fraction", s.zero_fraction()},
                        {"raw_bytes", s.raw_bytes},
                        {"payload_bytes", s.payload_bytes},
                        {"ratio", s.ratio()}});
    } else {
      fmt::print("{:<32} {:>2} {:>8} {:>12} {:>7.1f}% {:>14} {:>14} {:>7.3f}\n", path, e,
                 to_string(mode), s.elems, 100.0 * s.zero_fraction(), s.raw_bytes, s.payload_bytes,
                 s.ratio());
    }
  }
  if (json) fmt::print("{}\n", report.dump(2));
  return 0;
}

int cmd_synth(int elem, double zeros, std::size_t count, std::uint64_t seed,
              const std::string& out) {
  const Bytes raw = synth_activations(count, elem, zeros, seed);
  cli::OutputFile file(out);
  file.write(raw);
  file.commit();
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"zvc: zero-value compression (ZVC) of activation maps, the cDMA golden codec"};
  app.require_subcommand(1);
  const auto elem_check = CLI::IsMember({1, 2, 4});
  const std::string mode_help =
      "zvc (default), binarize (masks only), bf16 or fp8 (fp32 reduced, then ZVC; --elem 4)";
  std::string mode_name = "zvc";

  int elem = 4;
  bool raw_payload = false;
  std::uint32_t block = kDefaultBlockBytes;
  std::uint64_t length = 0;
  bool json = false;
  std::string in, out;
  std::vector<std::string> files;

  auto* c = app.add_subcommand("compress", "compress a raw file into a .zvc container");
  c->add_option("--elem", elem, "element size in bytes: 1, 2 or 4")->check(elem_check);
  c->add_option("--mode", mode_name, mode_help);
  c->add_flag("--raw", raw_payload, "write the bare payload (no container)");
  c->add_option("--block", block, "block-index granularity in raw bytes (0: no index)");
  c->add_option("INPUT", in, "raw input file, - for stdin")->required();
  c->add_option("OUTPUT", out, "output file, - for stdout")->required();

  auto* d = app.add_subcommand("decompress", "decompress a .zvc container or a bare payload");
  d->add_flag("--raw", raw_payload, "the input is a bare payload (needs --elem and --length)");
  auto* d_elem = d->add_option("--elem", elem, "element size of a bare payload")->check(elem_check);
  auto* d_len = d->add_option("--length", length, "raw length in bytes of a bare payload");
  auto* d_mode = d->add_option("--mode", mode_name, "mode of a bare payload: " + mode_help);
  bool lenient = false;
  d->add_flag("--lenient", lenient,
              "decode a bare payload as zvc_decompressor does: never fails, missing bytes read as "
              "zero; its sts_error bits {bad_mask,trailing,truncated} go to stderr");
  BlockRange blocks;
  std::string range;
  auto* d_blocks = d->add_option("--blocks", range,
                                 "decode only blocks FIRST to FIRST+COUNT-1 (FIRST:COUNT), by the "
                                 "container's block index or a bare payload's --index");
  auto* d_index = d->add_option("--index", blocks.index,
                                "a bare payload's block index: payload bytes per block, "
                                "little-endian u32 each (as in the container)");
  auto* d_block =
      d->add_option("--block", blocks.block_bytes, "raw bytes per block of --index (default 4096)");
  d->add_option("INPUT", in, "input file, - for stdin")->required();
  d->add_option("OUTPUT", out, "raw output file, - for stdout")->required();

  auto* s = app.add_subcommand("stats", "zero fraction and ZVC ratio of raw files or containers");
  s->add_option("--elem", elem, "element size of raw files")->check(elem_check);
  auto* s_mode = s->add_option(
      "--mode", mode_name, "measure in this mode (a container: its own by default): " + mode_help);
  s->add_flag("--json", json, "print JSON");
  s->add_option("FILE", files, "raw files or .zvc containers")->required();

  cli::BenchOptions bench;
  auto* b = app.add_subcommand("bench", "measure ZVC against memcpy, lz4, zstd and zlib");
  b->add_option("--elem", bench.elem_bytes, "element size of raw files and synthetic data")
      ->check(elem_check);
  b->add_option("--seconds", bench.min_seconds, "minimum time per measurement")
      ->check(CLI::Range(0.0, 60.0));
  b->add_option("--synth-bytes", bench.synth_bytes, "size of each synthetic data set")
      ->check(CLI::Range(std::size_t{128}, std::size_t{1} << 32));
  b->add_flag("--markdown", bench.markdown, "print a Markdown table");
  b->add_option("FILE", bench.files, "raw files or .zvc containers");

  double zeros = 0.6;
  std::size_t count = 1 << 20;
  std::uint64_t seed = 1;
  auto* g = app.add_subcommand("synth", "write synthetic ReLU-like activations (raw)");
  g->add_option("--elem", elem, "element size: 4 fp32, 2 bf16, 1 int8")->check(elem_check);
  g->add_option("--zeros", zeros, "target zero fraction")->check(CLI::Range(0.0, 1.0));
  g->add_option("--count", count, "number of elements");
  g->add_option("--seed", seed, "random seed");
  g->add_option("OUTPUT", out, "output file, - for stdout")->required();

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }

  try {
    const Mode mode = parse_mode(mode_name);
    if (c->parsed()) return cmd_compress(elem, mode, raw_payload, block, in, out);
    if (d->parsed()) {
      if (raw_payload && (d_elem->count() == 0 || d_len->count() == 0)) {
        throw Error("decompress --raw needs --elem and --length");
      }
      if (!raw_payload && (d_elem->count() != 0 || d_len->count() != 0 || d_mode->count() != 0)) {
        throw Error("--elem, --length and --mode apply only with --raw (a container records them)");
      }
      if (lenient && !raw_payload) throw Error("--lenient applies only with --raw");
      if ((d_index->count() != 0 || d_block->count() != 0) &&
          (!raw_payload || d_blocks->count() == 0))
        throw Error("--index and --block apply only with --raw and --blocks");
      if (d_blocks->count() != 0) {
        if (lenient) throw Error("--blocks does not apply with --lenient");
        if (raw_payload && d_index->count() == 0) throw Error("--blocks with --raw needs --index");
        blocks.range = parse_range(range);
      }
      return cmd_decompress(raw_payload, lenient, elem, mode, length, blocks, in, out);
    }
    if (s->parsed()) {
      return cmd_stats(elem, s_mode->count() != 0 ? std::optional<Mode>(mode) : std::nullopt, json,
                       files);
    }
    if (b->parsed()) return cli::run_bench(bench);
    if (g->parsed()) return cmd_synth(elem, zeros, count, seed, out);
  } catch (const std::exception& e) {
    fmt::print(stderr, "zvc: error: {}\n", e.what());
    return 1;
  }
  return 2;
}
