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
