// The frame modes (docs/format.md, "Modes"): binarize, bf16 and fp8 against
// their definitions, in the codec, the decoders and the container.
#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <cstring>

#include "helpers.hpp"
#include "zvc/precision.hpp"
#include "zvc/synth.hpp"
#include "zvc/zvc.hpp"

using namespace zvc;

namespace {

std::vector<int> elem_sizes(Mode m) {
  if (m == Mode::kBf16 || m == Mode::kFp8) return {4};
  return {1, 2, 4};
}

std::uint32_t word(ByteView b, std::size_t i) {
  std::uint32_t v;
  std::memcpy(&v, b.data() + 4 * i, 4);
  return v;
}

// What decoding a frame must give, element by element, from the definitions.
Bytes expected_decode(ByteView raw, int e, Mode m) {
  Bytes out(raw.size());
  const auto eb = static_cast<std::size_t>(e);
  for (std::size_t i = 0; i < raw.size() / eb; ++i) {
    bool nonzero = false;
    for (std::size_t b = 0; b < eb; ++b) nonzero |= raw[i * eb + b] != 0;
    if (m == Mode::kZvc) {
      std::memcpy(out.data() + i * eb, raw.data() + i * eb, eb);
    } else if (m == Mode::kBinarize) {
      std::memset(out.data() + i * eb, nonzero ? 0xFF : 0, eb);
    } else {
      const float x = std::bit_cast<float>(word(raw, i));
      const float y = round_trip(x, m == Mode::kBf16 ? Precision::kBf16 : Precision::kFp8E4M3);
      const std::uint32_t bits =
          std::isnan(y) && m == Mode::kFp8 ? 0x7FC00000u : std::bit_cast<std::uint32_t>(y);
      std::memcpy(out.data() + 4 * i, &bits, 4);
    }
  }
  return out;
}

Bytes floats(std::initializer_list<float> v) {
  Bytes out(4 * v.size());
  std::memcpy(out.data(), std::data(v), out.size());
  return out;
}

}  // namespace

TEST_CASE("names, element sizes and the rule that bf16 and fp8 take fp32") {
  for (const Mode m : kModes) CHECK(parse_mode(to_string(m)) == m);
  CHECK_THROWS_WITH_AS(parse_mode("fp16"), doctest::Contains("unknown mode 'fp16'"), Error);
  CHECK(payload_elem_bytes(Mode::kZvc, 2) == 2);
  CHECK(payload_elem_bytes(Mode::kBinarize, 4) == 0);
  CHECK(payload_elem_bytes(Mode::kBf16, 4) == 2);
  CHECK(payload_elem_bytes(Mode::kFp8, 4) == 1);
  for (const Mode m : {Mode::kBf16, Mode::kFp8}) {
    for (const int e : {1, 2}) {
      CHECK_THROWS_WITH_AS(compress(Bytes(8), e, m), doctest::Contains("must be 4"), Error);
      CHECK_THROWS_WITH_AS(write_container(Bytes(8), e, 0, m), doctest::Contains("must be 4"),
                           Error);
    }
  }
}

TEST_CASE("the worked example in every mode") {
  const Bytes raw = floats({0, 1.0f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                            0, 0,    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2.0f});
  CHECK(compress(raw, 4, Mode::kZvc) == compress(raw, 4));
  CHECK(compress(raw, 4, Mode::kBinarize) == Bytes{0x02, 0x00, 0x00, 0x80});
  CHECK(compress(raw, 4, Mode::kBf16) == Bytes{0x02, 0x00, 0x00, 0x80, 0x80, 0x3F, 0x00, 0x40});
  CHECK(compress(raw, 4, Mode::kFp8) == Bytes{0x02, 0x00, 0x00, 0x80, 0x38, 0x40});
  Bytes ones(raw.size(), 0);
  std::memset(ones.data() + 4, 0xFF, 4);
  std::memset(ones.data() + 124, 0xFF, 4);
  CHECK(decompress(Bytes{0x02, 0x00, 0x00, 0x80}, raw.size(), 4, Mode::kBinarize) == ones);
}

TEST_CASE("round trips in every mode and element size give the definitions") {
  for (const Mode m : kModes) {
    for (const int e : elem_sizes(m)) {
      for (const std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{31}, std::size_t{32},
                                  std::size_t{33}, std::size_t{1000}}) {
        for (const double zeros : {0.0, 0.6, 1.0}) {
          const Bytes raw = synth_activations(n, e, zeros, n + 7);
          CAPTURE(to_string(m));
          CAPTURE(e);
          CAPTURE(n);
          const Bytes payload = compress(raw, e, m);
          const Stats s = analyze(raw, e, m);
          CHECK(s.payload_bytes == payload.size());
          CHECK(s.raw_bytes == raw.size());
          if (m == Mode::kBinarize) CHECK(payload.size() == 4 * ((n + 31) / 32));
          const Bytes expect = expected_decode(raw, e, m);
          for (const Impl impl : test::impls()) {
            CHECK(compress(raw, e, m, impl) == payload);
            CHECK(decompress(payload, raw.size(), e, m, impl) == expect);
          }
          Bytes lenient(raw.size());
          CHECK(decode_lenient(payload, e, m, lenient).error_bits() == 0);
          CHECK(lenient == expect);
        }
      }
    }
  }
}

TEST_CASE("bf16 and fp8: special values, and the payload is ZVC of the codes") {
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const Bytes raw = floats({0.0f, -0.0f, 1e-42f, -1e-42f, 1e-10f, 448.0f, 464.0f, 470.0f, 1e6f,
                            -1e6f, inf, -inf, nan, -nan, 3.14159f, -2.5e-3f});
  for (const Mode m : {Mode::kBf16, Mode::kFp8}) {
    CAPTURE(to_string(m));
    const Bytes codes = reduce_elements(raw, m);
    const int cb = payload_elem_bytes(m, 4);
    CHECK(compress(raw, 4, m) == compress(codes, cb));
    CHECK(expand_elements(codes, m) == expected_decode(raw, 4, m));
    // Zero is the all-zero code: fp32 +0 and every underflow to +0 drop out,
    // -0 (and a negative underflow) keep their sign bit and stay.
    const Stats s = analyze(raw, 4, m);
    CHECK(s.zero_elems == analyze(codes, cb).zero_elems);
  }
  const Bytes fp8 = reduce_elements(raw, Mode::kFp8);
  CHECK(fp8 == Bytes{0x00, 0x80, 0x00, 0x80, 0x00, 0x7E, 0x7E, 0x7E, 0x7E, 0xFE, 0x7E, 0xFE, 0x7F,
                     0x7F, 0x45, 0x81});
  CHECK(word(expand_elements(Bytes{0x7F, 0xFF}, Mode::kFp8), 0) == 0x7FC00000u);
  CHECK(word(expand_elements(Bytes{0x7F, 0xFF}, Mode::kFp8), 1) == 0x7FC00000u);
}

TEST_CASE("a binarized payload: every cut, extra byte and stray mask bit") {
  for (const int e : {1, 2, 4}) {
    const std::size_t n = 70;  // three windows, the last with 6 elements
    const Bytes raw = synth_activations(n, e, 0.5, 3);
    const Bytes payload = compress(raw, e, Mode::kBinarize);
    REQUIRE(payload.size() == 12);
    Bytes out(raw.size());
    for (std::size_t cut = 0; cut < payload.size(); ++cut) {
      const ByteView part = ByteView(payload).first(cut);
      CHECK_THROWS_AS(decompress(part, raw.size(), e, Mode::kBinarize), DecodeError);
      const LenientResult r = decode_lenient(part, e, Mode::kBinarize, out);
      CHECK(r.error_bits() == 1);  // truncated; the missing mask bytes read as zero
      Bytes padded(payload.size(), 0);
      std::copy(part.begin(), part.end(), padded.begin());
      CHECK(out == decompress(padded, raw.size(), e, Mode::kBinarize));
    }
    Bytes longer = payload;
    longer.push_back(0);
    try {
      decompress(longer, raw.size(), e, Mode::kBinarize);
      FAIL("trailing byte accepted");
    } catch (const DecodeError& err) {
      CHECK(err.fault() == DecodeFault::kTrailing);
      CHECK(err.offset() == 12);
    }
    CHECK(decode_lenient(longer, e, Mode::kBinarize, out).error_bits() == 2);
    CHECK(out == decompress(payload, raw.size(), e, Mode::kBinarize));
    Bytes stray = payload;
    stray[11] |= 0x80;  // bit 31 of the last window, which holds 6 elements
    try {
      decompress(stray, raw.size(), e, Mode::kBinarize);
      FAIL("stray mask bit accepted");
    } catch (const DecodeError& err) {
      CHECK(err.fault() == DecodeFault::kBadMask);
      CHECK(err.offset() == 8);
    }
    // Unlike ZVC, the ignored bit claims no bytes, so nothing becomes trailing.
    CHECK(decode_lenient(stray, e, Mode::kBinarize, out).error_bits() == 4);
    CHECK(out == decompress(payload, raw.size(), e, Mode::kBinarize));
  }
}

TEST_CASE("bf16 and fp8 payloads decode leniently as ZVC of the codes") {
  const Bytes raw = synth_activations(100, 4, 0.5, 9);
  for (const Mode m : {Mode::kBf16, Mode::kFp8}) {
    const int cb = payload_elem_bytes(m, 4);
    const Bytes payload = compress(raw, 4, m);
    for (std::size_t cut = 0; cut <= payload.size(); ++cut) {
      const ByteView part = ByteView(payload).first(cut);
      Bytes out(raw.size()), codes(raw.size() / 4 * static_cast<std::size_t>(cb));
      const LenientResult r = decode_lenient(part, 4, m, out);
      CHECK(r.error_bits() == decode_lenient(part, cb, codes).error_bits());
      CHECK(out == expand_elements(codes, m));
    }
  }
}

TEST_CASE("containers in every mode") {
  for (const Mode m : kModes) {
    for (const int e : elem_sizes(m)) {
      CAPTURE(to_string(m));
      CAPTURE(e);
      const Bytes raw = synth_activations(3000, e, 0.6, 21);
      const Bytes file = write_container(raw, e, 1024, m);
      const ContainerInfo info = read_container_info(file);
      CHECK(info.mode == m);
      CHECK(info.elem_bytes == e);
      CHECK(file[7] == (1 | static_cast<int>(m) << 1));
      const Bytes decoded = expected_decode(raw, e, m);
      CHECK(info.raw_crc32 == crc32(decoded));
      CHECK(Bytes(file.begin() + static_cast<std::ptrdiff_t>(info.payload_offset), file.end()) ==
            compress(raw, e, m));
      CHECK(read_container(file) == decoded);
      for (std::size_t b = 0; b < info.block_sizes.size(); ++b) {
        const std::size_t len = std::min<std::size_t>(1024, raw.size() - b * 1024);
        CHECK(read_container_block(file, info, b) ==
              Bytes(decoded.begin() + static_cast<std::ptrdiff_t>(b * 1024),
                    decoded.begin() + static_cast<std::ptrdiff_t>(b * 1024 + len)));
      }
    }
  }
  // A header naming bf16 for 2-byte elements is refused, header CRC and all.
  Bytes file = write_container(Bytes(64, 1), 2, 0, Mode::kZvc);
  file[7] = static_cast<std::uint8_t>(Mode::kBf16) << 1;
  const std::uint32_t crc = crc32(ByteView(file).first(36));
  std::memcpy(file.data() + 36, &crc, 4);
  CHECK_THROWS_WITH_AS(read_container(file), doctest::Contains("must be 4"), Error);
}

TEST_CASE("every single-byte corruption of a bf16 container is caught") {
  const Bytes raw = synth_activations(700, 4, 0.6, 11);
  const Bytes file = write_container(raw, 4, 1024, Mode::kBf16);
  for (std::size_t at = 0; at < file.size(); ++at) {
    Bytes bad = file;
    bad[at] ^= 0x10;
    CAPTURE(at);
    CHECK_THROWS_AS(read_container(bad), Error);
  }
}
