#include <doctest/doctest.h>

#include "helpers.hpp"
#include "zvc/synth.hpp"
#include "zvc/zvc.hpp"

using namespace zvc;

TEST_CASE("container round trip, block index and random access") {
  for (const int e : {1, 2, 4}) {
    const Bytes raw = synth_activations(5000, e, 0.7, 5);
    const Bytes file = write_container(raw, e, 4096);
    const ContainerInfo info = read_container_info(file);
    CHECK(info.elem_bytes == e);
    CHECK(info.raw_bytes == raw.size());
    CHECK(info.raw_crc32 == crc32(raw));
    CHECK(info.block_bytes == 4096);
    CHECK(info.block_sizes.size() == (raw.size() + 4095) / 4096);
    // The payload is the bare payload, byte for byte.
    const Bytes payload = compress(raw, e);
    CHECK(Bytes(file.begin() + static_cast<std::ptrdiff_t>(info.payload_offset), file.end()) ==
          payload);
    CHECK(read_container(file) == raw);
    for (std::size_t b = 0; b < info.block_sizes.size(); ++b) {
      const std::size_t len = std::min<std::size_t>(4096, raw.size() - b * 4096);
      CHECK(read_container_block(file, info, b) ==
            Bytes(raw.begin() + static_cast<std::ptrdiff_t>(b * 4096),
                  raw.begin() + static_cast<std::ptrdiff_t>(b * 4096 + len)));
    }
    CHECK_THROWS_AS(read_container_block(file, info, info.block_sizes.size()), Error);
  }
  const Bytes no_index = write_container(Bytes(256, 0), 4, 0);
  CHECK(read_container_info(no_index).block_sizes.empty());
  CHECK(read_container(no_index) == Bytes(256, 0));
  CHECK(read_container(write_container(Bytes{}, 2)) == Bytes{});
  CHECK_THROWS_WITH_AS(write_container(Bytes(256), 4, 100), doctest::Contains("block size"), Error);
}

TEST_CASE("block ranges of a bare payload and its index, every mode, every range") {
  for (const int e : {1, 2, 4}) {
    for (const Mode mode : {Mode::kZvc, Mode::kBinarize, Mode::kBf16, Mode::kFp8}) {
      if (e != 4 && (mode == Mode::kBf16 || mode == Mode::kFp8)) continue;  // fp32 conversions
      INFO("E=", e, " mode ", static_cast<int>(mode));
      const Bytes raw = synth_activations(3000, e, 0.6, 9);
      const std::uint32_t block = 1024;  // a multiple of 32*E for every E
      const ContainerInfo info = read_container_info(write_container(raw, e, block, mode));
      const Bytes payload = compress(raw, e, mode);
      const Bytes all = decompress(payload, raw.size(), e, mode);
      const std::size_t blocks = info.block_sizes.size();
      for (std::size_t first = 0; first < blocks; ++first) {
        for (std::size_t count = 1; first + count <= blocks; ++count) {
          const std::size_t lo = first * block, hi = std::min(raw.size(), (first + count) * block);
          CHECK(decompress_blocks(payload, info.block_sizes, raw.size(), e, block, first, count,
                                  mode) == Bytes(all.begin() + static_cast<std::ptrdiff_t>(lo),
                                                 all.begin() + static_cast<std::ptrdiff_t>(hi)));
        }
      }
      // What does not fit: a range past the end, an empty one, an index of
      // another map, one that does not sum to the payload, a block size that
      // cuts windows.
      CHECK_THROWS_AS(
          decompress_blocks(payload, info.block_sizes, raw.size(), e, block, blocks, 1, mode),
          Error);
      CHECK_THROWS_AS(
          decompress_blocks(payload, info.block_sizes, raw.size(), e, block, 0, 0, mode), Error);
      CHECK_THROWS_AS(
          decompress_blocks(payload, info.block_sizes, raw.size() + block, e, block, 0, 1, mode),
          Error);
      std::vector<std::uint32_t> wrong = info.block_sizes;
      wrong[0] += 1;
      CHECK_THROWS_AS(decompress_blocks(payload, wrong, raw.size(), e, block, 0, 1, mode), Error);
      CHECK_THROWS_AS(
          decompress_blocks(payload, info.block_sizes, raw.size(), e, block + 16, 0, 1, mode),
          Error);
    }
  }
  CHECK(parse_block_index(Bytes{1, 0, 0, 0, 0x10, 0x20, 0, 0}) ==
        std::vector<std::uint32_t>{1, 0x2010});
  CHECK_THROWS_AS(parse_block_index(Bytes{1, 2, 3}), Error);
}

TEST_CASE("every truncation and every single-byte corruption of a container is caught") {
  const Bytes raw = synth_activations(700, 4, 0.6, 11);
  const Bytes file = write_container(raw, 4, 1024);
  for (std::size_t cut = 0; cut < file.size(); ++cut) {
    CAPTURE(cut);
    CHECK_THROWS_AS(read_container(ByteView(file).first(cut)), Error);
  }
  Bytes longer = file;
  longer.push_back(0);
  CHECK_THROWS_WITH_AS(read_container(longer), doctest::Contains("trailing"), Error);
  // Header bytes are covered by the header CRC, index bytes by their sum,
  // payload bytes by the decoder and the raw CRC-32.
  for (std::size_t at = 0; at < file.size(); ++at) {
    Bytes bad = file;
    bad[at] ^= 0x10;
    CAPTURE(at);
    CHECK_THROWS_AS(read_container(bad), Error);
  }
}

TEST_CASE("synthetic activations hit their zero fraction") {
  for (const double z : {0.0, 0.5, 0.9, 1.0}) {
    const Stats s = analyze(synth_activations(1 << 16, 4, z, 2), 4);
    CHECK(s.zero_fraction() == doctest::Approx(z).epsilon(0.03));
  }
}
