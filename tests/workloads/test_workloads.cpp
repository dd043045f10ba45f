// The torch-free half of the workloads: .npy and IDX I/O and the study's
// measurements, checked against values computed independently here.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
#include <fmt/format.h>
#include <zlib.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>

#include "cli/io.hpp"
#include "idx.hpp"
#include "npy.hpp"
#include "study.hpp"
#include "vdnn.hpp"
#include "zvc/synth.hpp"
#include "zvc/zvc.hpp"

namespace fs = std::filesystem;

namespace {

struct TempDir {
  fs::path path;
  TempDir() {
    path = fs::temp_directory_path() /
           fmt::format("cdma-workloads-{}",
                       zvc::SplitMix64(reinterpret_cast<std::uintptr_t>(this)).next());
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
};

void write_bytes(const fs::path& p, const std::string& bytes) {
  std::ofstream(p, std::ios::binary) << bytes;
}

std::vector<float> relu_like(std::size_t n, double zeros, std::uint64_t seed) {
  zvc::SplitMix64 rng(seed);
  std::vector<float> v(n);
  for (auto& x : v) x = rng.uniform() < zeros ? 0.0f : static_cast<float>(rng.uniform() * 4 + 1e-3);
  return v;
}

}  // namespace

TEST_CASE("npy: round trip, NumPy's header layout, and clear errors") {
  TempDir dir;
  const std::vector<std::int64_t> shape = {2, 3};
  const std::vector<float> data = {0, 1, -2, 3.5f, 0, 6};
  cdma::npy::write_f32(dir.path / "a.npy", shape, data);
  const auto file = zvc::cli::read_file((dir.path / "a.npy").string());
  const std::string header(reinterpret_cast<const char*>(file.data() + 10), file[8]);
  CHECK(header.starts_with("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }"));
  CHECK((10 + header.size()) % 64 == 0);
  CHECK(header.back() == '\n');
  const auto a = cdma::npy::read_f32(dir.path / "a.npy");
  CHECK(a.shape == shape);
  CHECK(a.data == data);

  const std::vector<std::int64_t> one_d = {4};
  cdma::npy::write_f32(dir.path / "b.npy", one_d, std::vector<float>(4, 1.0f));
  const auto b = zvc::cli::read_file((dir.path / "b.npy").string());
  CHECK(std::string(reinterpret_cast<const char*>(b.data() + 10), b[8]).find("'shape': (4,)") !=
        std::string::npos);
  CHECK_THROWS_WITH_AS(cdma::npy::write_f32(dir.path / "c.npy", one_d, data),
                       doctest::Contains("shape holds 4 values"), std::runtime_error);
  CHECK_FALSE(fs::exists(dir.path / "c.npy"));

  write_bytes(dir.path / "bad.npy", "NUMPY nonsense");
  CHECK_THROWS_WITH_AS(cdma::npy::read_f32(dir.path / "bad.npy"), doctest::Contains("bad magic"),
                       std::runtime_error);
  std::string f64(reinterpret_cast<const char*>(file.data()), file.size());
  f64.replace(f64.find("<f4"), 3, "<f8");
  write_bytes(dir.path / "f64.npy", f64);
  CHECK_THROWS_WITH_AS(cdma::npy::read_f32(dir.path / "f64.npy"), doctest::Contains("float32"),
                       std::runtime_error);
  write_bytes(dir.path / "short.npy",
              std::string(reinterpret_cast<const char*>(file.data()), file.size() - 1));
  CHECK_THROWS_WITH_AS(cdma::npy::read_f32(dir.path / "short.npy"),
                       doctest::Contains("needs 24 bytes"), std::runtime_error);
}

TEST_CASE("IDX: gzip-compressed unsigned bytes, and clear errors") {
  TempDir dir;
  const fs::path p = dir.path / "x-idx3-ubyte.gz";
  auto write_gz = [](const fs::path& path, const std::string& bytes) {
    gzFile f = gzopen(path.c_str(), "wb");
    REQUIRE(f != nullptr);
    gzwrite(f, bytes.data(), static_cast<unsigned>(bytes.size()));
    gzclose(f);
  };
  std::string idx = {0, 0, 8, 3, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 3};
  for (int i = 0; i < 12; ++i) idx.push_back(static_cast<char>(i * 20));
  write_gz(p, idx);
  const auto a = cdma::idx::read_u8(p);
  CHECK(a.shape == std::vector<std::uint32_t>{2, 2, 3});
  REQUIRE(a.data.size() == 12);
  CHECK(a.data[11] == 220);
  write_gz(p, idx.substr(0, idx.size() - 1));
  CHECK_THROWS_WITH_AS(cdma::idx::read_u8(p), doctest::Contains("truncated"), std::runtime_error);
  write_gz(p, idx + "x");
  CHECK_THROWS_WITH_AS(cdma::idx::read_u8(p), doctest::Contains("trailing"), std::runtime_error);
  idx[2] = 0x0D;  // float32 elements
  write_gz(p, idx);
  CHECK_THROWS_WITH_AS(cdma::idx::read_u8(p), doctest::Contains("element type"),
                       std::runtime_error);
  CHECK_THROWS_WITH_AS(cdma::idx::read_u8(dir.path / "missing.gz"),
                       doctest::Contains("cannot open"), std::runtime_error);
}

TEST_CASE("RLE-0 counts one 5-byte token per non-zero and per 256 zeros") {
  using cdma::study::rle0_bytes;
  auto zeros_then = [](std::size_t z, bool one) {
    std::vector<float> v(z, 0.0f);
    if (one) v.push_back(1.0f);
    return v;
  };
  CHECK(rle0_bytes({}) == 0);
  CHECK(rle0_bytes(zeros_then(0, true)) == 5);
  CHECK(rle0_bytes(zeros_then(255, true)) == 5);
  CHECK(rle0_bytes(zeros_then(256, true)) == 10);
  CHECK(rle0_bytes(zeros_then(3, false)) == 5);
  CHECK(rle0_bytes(zeros_then(256, false)) == 5);
  CHECK(rle0_bytes(zeros_then(257, false)) == 10);
  const std::vector<float> neg_zero = {-0.0f, -0.0f};  // -0.0 is a non-zero bit pattern, as in ZVC
  CHECK(rle0_bytes(neg_zero) == 10);
}

TEST_CASE("analyze_layer measures what the golden codec and zlib measure") {
  const auto v = relu_like(10'000, 0.7, 3);
  const zvc::ByteView raw(reinterpret_cast<const std::uint8_t*>(v.data()), v.size() * 4);
  const auto relu_pool = cdma::study::analyze_layer("c", "relu", "maxpool", v);
  const auto relu_conv = cdma::study::analyze_layer("c", "relu", "conv", v);
  const std::size_t zeros = static_cast<std::size_t>(std::count(v.begin(), v.end(), 0.0f));
  CHECK(relu_pool.zeros == zeros);
  CHECK(relu_pool.sizes.at("zvc_fp32") == zvc::compress(raw, 4).size());
  uLongf zsize = compressBound(static_cast<uLong>(raw.size()));
  std::vector<std::uint8_t> zout(zsize);
  REQUIRE(compress2(zout.data(), &zsize, raw.data(), static_cast<uLong>(raw.size()), 6) == Z_OK);
  CHECK(relu_pool.sizes.at("zlib") == zsize);
  CHECK(relu_pool.sizes.at("csr") == 4 * (40 + 1) + (10'000 - zeros) * 5);
  // Only a ReLU feeding a max-pool is binarized.
  CHECK(relu_pool.sizes.at("binarize") == 1250);
  CHECK(relu_pool.sizes.at("gist") == 1250);
  CHECK(relu_conv.sizes.count("binarize") == 0);
  CHECK(relu_conv.sizes.at("gist") == relu_conv.sizes.at("csr"));
  // Precision: every value here is a normal fp16, so the relative error is at most 2^-11.
  CHECK(relu_conv.precision.at("fp16").max_rel <= 0x1p-11);
  CHECK(relu_conv.precision.at("bf16").max_rel <= 0x1p-8);
  CHECK(relu_conv.precision.at("fp8").max_rel > relu_conv.precision.at("bf16").max_rel);
  // The codec's modes, every map, against fp32: binarize is the masks alone
  // (313 windows), bf16 and fp8 are ZVC of the codes.
  CHECK(relu_conv.sizes.at("mode_binarize") == 4 * 313);
  CHECK(relu_conv.sizes.at("mode_bf16") == relu_conv.sizes.at("zvc_bf16"));
  CHECK(relu_conv.sizes.at("mode_fp8") == zvc::compress(raw, 4, zvc::Mode::kFp8).size());
  // A dense map is stored dense by Gist, never bigger than raw.
  const auto dense = relu_like(1000, 0.0, 4);
  CHECK(cdma::study::analyze_layer("d", "relu", "conv", dense).sizes.at("gist") == 4000);
}

TEST_CASE(
    "study_capture: network-wide ratios are totals over the layers, bad captures are refused") {
  TempDir dir;
  const auto a = relu_like(6 * 8 * 8 * 4, 0.6, 5), b = relu_like(4 * 100, 0.2, 6);
  fs::create_directories(dir.path / "it000000");
  const std::vector<std::int64_t> sa = {4, 6, 8, 8}, sb = {4, 100};
  cdma::npy::write_f32(dir.path / "it000000/a.npy", sa, a);
  cdma::npy::write_f32(dir.path / "it000000/b.npy", sb, b);
  const std::string manifest =
      R"({"format": "cdma-capture 1", "net": "toy", "epochs": 1, "train_images": 8,
    "probe": {"images": 4}, "test_accuracy": 0.5,
    "layers": [{"name": "a", "kind": "relu", "consumer": "maxpool"},
               {"name": "b", "kind": "relu", "consumer": "linear"}],
    "checkpoints": [{"id": "it000000", "iteration": 0, "epoch": 0.0,
                     "files": {"a": "it000000/a.npy", "b": "it000000/b.npy"}}]})";
  write_bytes(dir.path / "manifest.json", manifest);
  const auto study = cdma::study::study_capture(dir.path, false);
  const auto& net = study["checkpoints"][0]["network"];
  auto payload = [](const std::vector<float>& v) {
    return zvc::compress(
               zvc::ByteView(reinterpret_cast<const std::uint8_t*>(v.data()), v.size() * 4), 4)
        .size();
  };
  const double expected =
      static_cast<double>(4 * (a.size() + b.size())) / static_cast<double>(payload(a) + payload(b));
  CHECK(net["ratio_weighted"]["zvc_fp32"].get<double>() == doctest::Approx(expected));
  CHECK(net["ratio_weighted"]["binarize"].get<double>() == doctest::Approx(32.0));
  const std::size_t zeros = static_cast<std::size_t>(std::count(a.begin(), a.end(), 0.0f) +
                                                     std::count(b.begin(), b.end(), 0.0f));
  CHECK(net["zero_fraction_weighted"].get<double>() ==
        doctest::Approx(static_cast<double>(zeros) / static_cast<double>(a.size() + b.size())));
  const std::string md = cdma::study::markdown(nlohmann::json::array({study}));
  CHECK(md.find("| ours: toy |") != std::string::npos);
  // Per layer, each ratio against the encoding's own raw size (fp8: one byte).
  const auto& la = study["checkpoints"][0]["layers"][0];
  CHECK(la["ratio"]["zvc_fp32"].get<double>() ==
        doctest::Approx(static_cast<double>(4 * a.size()) / static_cast<double>(payload(a))));
  CHECK(la["ratio"]["zvc_fp8"].get<double>() ==
        doctest::Approx(static_cast<double>(a.size()) / la["sizes"]["zvc_fp8"].get<double>()));
  CHECK(la["ratio"]["mode_fp8"].get<double>() ==
        doctest::Approx(static_cast<double>(4 * a.size()) / la["sizes"]["mode_fp8"].get<double>()));

  write_bytes(dir.path / "manifest.json", "{\"format\": \"something else\"}");
  CHECK_THROWS_WITH_AS(cdma::study::study_capture(dir.path, false),
                       doctest::Contains("not a cdma-capture 1"), std::runtime_error);
  write_bytes(dir.path / "manifest.json", "{not json");
  CHECK_THROWS_WITH_AS(cdma::study::study_capture(dir.path, false),
                       doctest::Contains("not a capture manifest"), std::runtime_error);
}

TEST_CASE("study_capture: the layout study rearranges 4-D maps and cuts 4 KB windows") {
  TempDir dir;
  // [N=2, C=2, H=1, W=300]: channel 0 all zeros, channel 1 all non-zero.
  const std::vector<std::int64_t> shape = {2, 2, 1, 300};
  std::vector<float> map(1200, 0.0f);
  for (std::size_t n = 0; n < 2; ++n)
    for (std::size_t w = 0; w < 300; ++w) map[(n * 2 + 1) * 300 + w] = static_cast<float>(w + 1);
  fs::create_directories(dir.path / "it000000");
  cdma::npy::write_f32(dir.path / "it000000/m.npy", shape, map);
  cdma::npy::write_f32(dir.path / "it000000/f.npy", std::vector<std::int64_t>{2, 10},
                       std::vector<float>(20, 1.0f));
  write_bytes(dir.path / "manifest.json",
              R"({"format": "cdma-capture 1", "net": "toy", "epochs": 1, "train_images": 8,
    "probe": {"images": 2}, "layers": [{"name": "m", "kind": "relu", "consumer": "conv"},
                                       {"name": "f", "kind": "relu", "consumer": "linear"}],
    "checkpoints": [{"id": "it000000", "iteration": 0, "epoch": 0.0,
                     "files": {"m": "it000000/m.npy", "f": "it000000/f.npy"}}]})");
  const auto study = cdma::study::study_capture(dir.path, true);
  const auto& layouts = study.at("layouts");
  REQUIRE(layouts.at("layers").size() == 1);  // the 2-D map is left out
  const auto& sizes = layouts["layers"][0]["sizes"];
  // RLE-0, one 5-byte token per non-zero plus one per 256 zeros before it:
  // NCHW has two runs of 300 zeros (2 tokens each), NHWC alternates zero and
  // non-zero (600 tokens), CHWN has one run of 600 zeros (3 tokens).
  CHECK(sizes["nchw"]["rle0"] == 5 * (2 + 299 + 2 + 299));
  CHECK(sizes["nhwc"]["rle0"] == 5 * 600);
  CHECK(sizes["chwn"]["rle0"] == 5 * (3 + 599));
  // ZVC's size depends only on the element count and the non-zeros.
  const std::size_t zvc =
      zvc::compress(zvc::ByteView(reinterpret_cast<const std::uint8_t*>(map.data()), 4800), 4)
          .size();
  for (const char* l : {"nchw", "nhwc", "chwn", "window_4k"}) CHECK(sizes[l]["zvc_fp32"] == zvc);
  // 4 KB windows: 1024 elements, then 176; zlib compresses each alone.
  auto zlib = [](const float* p, std::size_t n) {
    uLongf size = compressBound(static_cast<uLong>(4 * n));
    std::vector<Bytef> out(size);
    REQUIRE(compress2(out.data(), &size, reinterpret_cast<const Bytef*>(p),
                      static_cast<uLong>(4 * n), 6) == Z_OK);
    return static_cast<std::uint64_t>(size);
  };
  CHECK(sizes["window_4k"]["zlib"] == zlib(map.data(), 1024) + zlib(map.data() + 1024, 176));
  CHECK(sizes["nchw"]["zlib"] == zlib(map.data(), 1200));
  CHECK(layouts["ratio_weighted"]["nhwc"]["rle0"].get<double>() == doctest::Approx(4800.0 / 3000));
  CHECK(layouts["speed_mbs"]["chwn"]["zstd"].get<double>() > 0);
  const std::string md = cdma::study::markdown(nlohmann::json::array({study}));
  CHECK(md.find("| toy | RLE-0 | 1.59× | 1.60× | 1.59× | 1.59× | 0.3 % |") != std::string::npos);
  CHECK(md.find("#### Compression speed by layout") != std::string::npos);
}

namespace {

cdma::vdnn::Network toy_network() {
  // Three layers, link 16 GB/s: maps of 32, 16 and 8 MB take 2, 1 and 0.5 ms raw.
  return cdma::vdnn::parse_network(nlohmann::json::parse(R"({"name": "toy", "source": "hand",
    "layers": [{"name": "a", "fwd_ms": 1, "bwd_ms": 2, "offload_bytes": 32e6, "ratio": 2},
               {"name": "b", "fwd_ms": 1, "bwd_ms": 2, "offload_bytes": 16e6, "ratio": 4},
               {"name": "c", "fwd_ms": 0.5, "bwd_ms": 1, "offload_bytes": 8e6, "ratio": 0.97}]})"),
                                   "toy.json");
}

double iteration_ms(const cdma::vdnn::Network& n, const cdma::vdnn::System& s,
                    cdma::vdnn::Policy p) {
  return cdma::vdnn::simulate(n, s, p).ms;
}

}  // namespace

TEST_CASE("vdnn: a hand-computed three-layer network") {
  using cdma::vdnn::Policy;
  const auto net = toy_network();
  const cdma::vdnn::System sys;  // 16 GB/s link, 200 GB/s engine, 236 GB/s DRAM
  CHECK(net.name == "toy");
  CHECK(net.notes.at("source") == "hand");
  // Oracle: the compute alone, 2.5 forward + 5 backward.
  CHECK(iteration_ms(net, sys, Policy::oracle) == doctest::Approx(7.5));
  // vDNN forward: max(1, 2) + max(1, 1) + max(0.5, 0.5) = 3.5; c's map comes
  // back first (0.5); backward: c with b's prefetch max(1, 1), b with a's
  // max(2, 2), a alone 2: 3.5 + 0.5 + 5 = 9.
  const auto v = cdma::vdnn::simulate(net, sys, Policy::vdnn);
  CHECK(v.ms == doctest::Approx(9.0));
  CHECK(v.prelude_ms == doctest::Approx(0.5));
  CHECK(v.layers[0].offload_stall_ms == doctest::Approx(1.0));
  CHECK(v.layers[2].prefetch_stall_ms == doctest::Approx(0.5));
  // cDMA: a's payload is 16 MB (1 ms on the link; the engine reads 32 MB in
  // 0.16 ms), b's 4 MB (0.25 ms), c's goes as a plain copy (it is dense:
  // ZVC would expand it):
  // forward 1 + 1 + 0.5, prelude 0.5, backward 1 + 2 + 2 = 8.
  CHECK(iteration_ms(net, sys, Policy::cdma) == doctest::Approx(8.0));
  CHECK(cdma::vdnn::transfer_ms(net.layers[0], sys, Policy::cdma, true) == doctest::Approx(1.0));
  // Ratio infinite: only the engine's time is left, c's 8 MB at 200 GB/s.
  CHECK(iteration_ms(net, sys, Policy::cdma_unbounded) == doctest::Approx(7.54));
  // An engine slower than the link: a compressed map costs its raw bytes at
  // the engine's rate, and cDMA sends it as a copy when that is faster.
  cdma::vdnn::System slow = sys;
  slow.compress_gbps = 8;
  CHECK(cdma::vdnn::transfer_ms(net.layers[0], slow, Policy::cdma, true) == doctest::Approx(2.0));
  CHECK(cdma::vdnn::copies(net.layers[0], slow, true));
  CHECK_FALSE(cdma::vdnn::copies(net.layers[0], slow, false));
  slow.dram_gbps = 4;  // the DRAM share bounds the engine too
  CHECK(cdma::vdnn::transfer_ms(net.layers[1], slow, Policy::cdma, false) == doctest::Approx(1.0));

  const auto r = cdma::vdnn::report(net, sys);
  CHECK(r.at("oracle_ms").get<double>() == doctest::Approx(7.5));
  CHECK(r.at("vdnn_ms").get<double>() == doctest::Approx(9.0));
  CHECK(r.at("cdma_ms").get<double>() == doctest::Approx(8.0));
  CHECK(r.at("normalized").at("vdnn").get<double>() == doctest::Approx(7.5 / 9.0));
  CHECK(r.at("cdma_speedup").get<double>() == doctest::Approx(9.0 / 8.0));
  CHECK(r.at("compressed_bytes").get<double>() ==
        doctest::Approx(32e6 / 2 + 16e6 / 4 + 8e6 / 0.97));
  CHECK(r.at("layers")[2].at("cdma_copies").at("offload").get<bool>());
  const auto md = cdma::vdnn::markdown(r);
  CHECK(md.find("| vDNN (raw copies) | 9.000 | 1.500 | 0.833 |") != std::string::npos);
  CHECK(md.find("| c | 0.500 | 1.000 | 8.000 | 0.97× (copied) |") != std::string::npos);
}

TEST_CASE("vdnn: invariants on random networks") {
  using cdma::vdnn::Policy;
  zvc::SplitMix64 rng(21);
  const double inf = std::numeric_limits<double>::infinity();
  for (int trial = 0; trial < 200; ++trial) {
    cdma::vdnn::Network net;
    net.name = "random";
    const int count = 1 + static_cast<int>(rng.uniform() * 12);
    for (int i = 0; i < count; ++i)
      net.layers.push_back({.name = fmt::format("l{}", i),
                            .fwd_ms = rng.uniform() * 3,
                            .bwd_ms = rng.uniform() * 6,
                            .offload_bytes = rng.uniform() < 0.1 ? 0 : rng.uniform() * 1e8,
                            .ratio = 0.9 + rng.uniform() * 9});
    cdma::vdnn::System sys{.link_gbps = 4 + rng.uniform() * 60,
                           .compress_gbps = 2 + rng.uniform() * 300,
                           .decompress_gbps = 2 + rng.uniform() * 300,
                           .dram_gbps = 10 + rng.uniform() * 300};
    CAPTURE(trial);
    const double oracle = iteration_ms(net, sys, Policy::oracle);
    const double vdnn = iteration_ms(net, sys, Policy::vdnn);
    const double cdma = iteration_ms(net, sys, Policy::cdma);
    const double bound = iteration_ms(net, sys, Policy::cdma_unbounded);
    double compute = 0;
    for (const auto& l : net.layers) compute += l.fwd_ms + l.bwd_ms;
    CHECK(oracle == doctest::Approx(compute));
    CHECK(oracle <= bound);
    CHECK(bound <= cdma);
    CHECK(cdma <= vdnn);
    // Every ratio 1: cDMA is vDNN.
    auto flat = net;
    for (auto& l : flat.layers) l.ratio = 1;
    CHECK(iteration_ms(flat, sys, Policy::cdma) == vdnn);
    // A higher ratio on any one map never slows the iteration.
    auto better = net;
    better.layers[static_cast<std::size_t>(rng.uniform() * count)].ratio *= 1 + rng.uniform() * 4;
    CHECK(iteration_ms(better, sys, Policy::cdma) <= cdma);
    // An unlimited link: every policy is the oracle.
    auto fast = sys;
    fast.link_gbps = inf;
    for (const Policy p : cdma::vdnn::kPolicies) CHECK(iteration_ms(net, fast, p) == oracle);
    // The stalls add up to the difference from the oracle.
    const auto it = cdma::vdnn::simulate(net, sys, Policy::cdma);
    double stalls = 0;
    for (const auto& t : it.layers) stalls += t.offload_stall_ms + t.prefetch_stall_ms;
    CHECK(stalls == doctest::Approx(cdma - oracle));
  }
}

TEST_CASE("vdnn: bad network files get clear errors") {
  auto fails = [](const char* text, const char* message) {
    CAPTURE(text);
    CHECK_THROWS_WITH_AS(cdma::vdnn::parse_network(nlohmann::json::parse(text), "n.json"),
                         doctest::Contains(message), std::runtime_error);
  };
  fails("[]", "n.json: expected a JSON object");
  fails("{}", "'layers' must be a non-empty array");
  fails(R"({"layers": []})", "'layers' must be a non-empty array");
  fails(R"({"name": 3, "layers": [{}]})", "'name' must be a non-empty string");
  fails(R"({"layers": [7]})", "layer 1: expected a JSON object");
  fails(R"({"layers": [{"fwd_ms": 1}]})", "layer 1: 'name' must be a non-empty string");
  const char* ok = R"("name": "x", "fwd_ms": 1, "bwd_ms": 2, "offload_bytes": 10, "ratio": 2})";
  fails(fmt::format(R"({{"layers": [{{{}, {{"name": "y", "bwd_ms": 1}}]}})", ok).c_str(),
        "layer 2 (y): no 'fwd_ms'");
  fails(R"({"layers": [{"name": "y", "fwd_ms": -1}]})", "'fwd_ms' must be a finite number >= 0");
  fails(R"({"layers": [{"name": "y", "fwd_ms": 1, "bwd_ms": "2"}]})", "'bwd_ms' must be");
  fails(R"({"layers": [{"name": "y", "fwd_ms": 1, "bwd_ms": 2, "offload_bytes": 1, "ratio": 0}]})",
        "'ratio' must be a finite number > 0 (got 0)");
  CHECK(cdma::vdnn::parse_network(nlohmann::json::parse(fmt::format(R"({{"layers": [{{{}]}})", ok)),
                                  "n.json")
            .layers.size() == 1);
}
