// Malformed payloads: strict decoders name the fault, the hardware-semantics
// decoder never fails and flags it, nothing reads or writes out of bounds.
#include <doctest/doctest.h>

#include <array>
#include <string>

#include "helpers.hpp"
#include "zvc/zvc.hpp"

using namespace zvc;
using zvc::test::impls;

namespace {

DecodeFault strict_fault(const Bytes& payload, std::size_t raw_bytes, int e, Impl impl) {
  try {
    decompress(payload, raw_bytes, e, impl);
  } catch (const DecodeError& err) {
    return err.fault();
  }
  FAIL("no DecodeError");
  return DecodeFault::kTruncated;
}

DecodeFault stream_fault(const Bytes& payload, std::size_t raw_bytes, int e) {
  try {
    StreamDecoder dec(e, raw_bytes);
    Bytes out;
    for (const std::uint8_t byte : payload) dec.feed(ByteView(&byte, 1), out);
    dec.finish();
  } catch (const DecodeError& err) {
    return err.fault();
  }
  FAIL("no DecodeError");
  return DecodeFault::kTruncated;
}

}  // namespace

TEST_CASE("truncated payloads: every proper prefix") {
  SplitMix64 rng(7);
  for (const int e : {1, 2, 4}) {
    const std::size_t n = 100;
    const Bytes raw = random_sparse(n, e, 0.5, rng);
    const Bytes p = compress(raw, e);
    for (std::size_t cut = 0; cut < p.size(); ++cut) {
      const Bytes prefix(p.begin(), p.begin() + static_cast<std::ptrdiff_t>(cut));
      CAPTURE(cut);
      for (const Impl impl : impls())
        CHECK(strict_fault(prefix, raw.size(), e, impl) == DecodeFault::kTruncated);
      CHECK(stream_fault(prefix, raw.size(), e) == DecodeFault::kTruncated);
      Bytes out(raw.size(), 0xEE);
      const LenientResult r = decode_lenient(prefix, e, out);
      CHECK(r.error_bits() == 1u);
    }
  }
}

TEST_CASE("trailing bytes") {
  for (const int e : {1, 2, 4}) {
    Bytes raw(40 * static_cast<std::size_t>(e), 0);
    raw[0] = 9;
    Bytes p = compress(raw, e);
    p.push_back(0);
    for (const Impl impl : impls())
      CHECK(strict_fault(p, raw.size(), e, impl) == DecodeFault::kTrailing);
    CHECK(stream_fault(p, raw.size(), e) == DecodeFault::kTrailing);
    Bytes out(raw.size());
    const LenientResult r = decode_lenient(p, e, out);
    CHECK(r.error_bits() == 2u);
    CHECK(out == raw);
  }
}

TEST_CASE("bad mask in the final partial window") {
  for (const int e : {1, 2, 4}) {
    const std::size_t n = 35;  // the final window holds 3 elements
    Bytes raw(n * static_cast<std::size_t>(e), 0);
    raw[32 * static_cast<std::size_t>(e)] = 1;
    Bytes p = compress(raw, e);
    p[4] |= 0x08;  // bit 3 of window 1: element 35 does not exist
    for (const Impl impl : impls())
      CHECK(strict_fault(p, raw.size(), e, impl) == DecodeFault::kBadMask);
    CHECK(stream_fault(p, raw.size(), e) == DecodeFault::kBadMask);
    Bytes out(raw.size());
    LenientResult r = decode_lenient(p, e, out);
    CHECK(r.error_bits() == 4u);  // the bit is ignored and claims no bytes
    CHECK(out == raw);
    // With the bytes the bit would claim present, they count as trailing.
    p.insert(p.end(), static_cast<std::size_t>(e), 0x11);
    r = decode_lenient(p, e, out);
    CHECK(r.error_bits() == 6u);
    CHECK(out == raw);
  }
}

TEST_CASE("hardware-semantics decode: missing bytes read as zero, raw length always full") {
  const Bytes p = {0x03, 0x00, 0x00, 0x00, 0xAA, 0xBB, 0xCC};  // 2 elements claimed, 1.75 present
  Bytes out(8 * 4, 0xEE);
  const LenientResult r = decode_lenient(p, 4, out);
  CHECK(r.truncated);
  CHECK_FALSE(r.trailing);
  const Bytes expect_head = {0xAA, 0xBB, 0xCC, 0x00, 0x00, 0x00, 0x00, 0x00};
  CHECK(Bytes(out.begin(), out.begin() + 8) == expect_head);
  for (std::size_t i = 8; i < out.size(); ++i) CHECK(out[i] == 0);
}

TEST_CASE("random garbage never escapes as anything but DecodeError, and lenient agrees") {
  SplitMix64 rng(99);
  for (int iter = 0; iter < 3000; ++iter) {
    const int e = 1 << (rng.next() % 3);
    const std::size_t n = 1 + rng.next() % 80;
    Bytes junk(rng.next() % 64);
    for (auto& b : junk) b = static_cast<std::uint8_t>(rng.next() & (rng.next() & 1 ? 0xFF : 0x01));
    Bytes out(n * static_cast<std::size_t>(e));
    const LenientResult lenient = decode_lenient(junk, e, out);
    bool strict_ok = true;
    try {
      const Bytes raw = decompress(junk, out.size(), e);
      CHECK(raw == out);
    } catch (const DecodeError&) {
      strict_ok = false;
    }
    CHECK(strict_ok == (lenient.error_bits() == 0));
  }
}

namespace {

// A payload written from the format's text alone (ZVC-FORMAT.md, "Windows"),
// with where each raw byte travels: at[k] is the payload offset of raw byte
// k, or npos for a zero element's bytes, which the payload does not carry.
struct Layout {
  Bytes payload;
  std::vector<std::size_t> at;
  std::size_t final_mask = 0;  // offset of the final window's mask
};

Layout lay_out(const Bytes& raw, int e) {
  const auto eb = static_cast<std::size_t>(e);
  const std::size_t n = raw.size() / eb;
  Layout l;
  l.at.assign(raw.size(), std::string::npos);
  for (std::size_t w = 0; w * 32 < n; ++w) {
    l.final_mask = l.payload.size();
    std::uint32_t mask = 0;
    Bytes body;
    for (std::size_t i = 0; i < 32 && w * 32 + i < n; ++i) {
      const std::size_t first = (w * 32 + i) * eb;
      bool nonzero = false;
      for (std::size_t b = 0; b < eb; ++b) nonzero = nonzero || raw[first + b] != 0;
      if (!nonzero) continue;
      mask |= std::uint32_t{1} << i;
      for (std::size_t b = 0; b < eb; ++b) {
        l.at[first + b] = l.payload.size() + 4 + body.size();
        body.push_back(raw[first + b]);
      }
    }
    for (int b = 0; b < 4; ++b) l.payload.push_back(static_cast<std::uint8_t>(mask >> (8 * b)));
    l.payload.insert(l.payload.end(), body.begin(), body.end());
  }
  return l;
}

}  // namespace

TEST_CASE("hardware-semantics decode: every combination of the three faults, by construction") {
  // Each payload is a valid one with faults put in: a stray mask bit above
  // the final partial window's last element (bad_mask), extra bytes at the
  // end (trailing), a cut (truncated). The expected flags and output follow
  // from the construction, not from a second decoder: a byte the cut removes
  // reads as zero, a stray bit claims nothing, trailing bytes are ignored
  // and cannot follow a cut.
  SplitMix64 rng(2024);
  std::array<int, 8> seen{};
  for (int iter = 0; iter < 4000; ++iter) {
    const int e = 1 << (rng.next() % 3);
    std::size_t n = 1 + rng.next() % 150;
    const bool stray = rng.next() % 2 == 1;
    if (stray && n % 32 == 0) ++n;  // a stray bit needs a partial final window
    Bytes raw = random_sparse(n, e, static_cast<double>(rng.next() % 101) / 100.0, rng);
    Layout l = lay_out(raw, e);
    REQUIRE(l.payload == compress(raw, e));  // the two writers agree on valid data
    Bytes p = l.payload;
    std::size_t stray_byte = std::string::npos;
    if (stray) {
      const std::size_t bit = n % 32 + rng.next() % (32 - n % 32);
      stray_byte = l.final_mask + bit / 8;
      p[stray_byte] |= static_cast<std::uint8_t>(1u << (bit % 8));
    }
    const std::size_t extra = rng.next() % 2 == 1 ? 1 + rng.next() % 9 : 0;
    for (std::size_t k = 0; k < extra; ++k) p.push_back(static_cast<std::uint8_t>(rng.next()));
    const std::size_t full = p.size();
    const bool cut = rng.next() % 2 == 1;
    if (cut) p.resize(rng.next() % l.payload.size());  // at least one byte of the frame missing

    const bool expect_bad_mask = stray && stray_byte < p.size();
    const bool expect_truncated = cut;
    const bool expect_trailing = !cut && extra > 0;
    Bytes expect(raw.size());
    for (std::size_t k = 0; k < raw.size(); ++k)
      expect[k] = l.at[k] < p.size() ? raw[k] : std::uint8_t{0};

    Bytes out(raw.size(), 0xEE);
    const LenientResult r = decode_lenient(p, e, out);
    CAPTURE(iter);
    CAPTURE(e);
    CAPTURE(n);
    CAPTURE(full);
    CAPTURE(p.size());
    CHECK(r.bad_mask == expect_bad_mask);
    CHECK(r.truncated == expect_truncated);
    CHECK(r.trailing == expect_trailing);
    CHECK(out == expect);
    ++seen[r.error_bits()];
  }
  // Every combination of flags was produced.
  for (std::size_t bits = 0; bits < seen.size(); ++bits) {
    CAPTURE(bits);
    if (bits == 3 || bits == 7) continue;  // truncated and trailing exclude each other
    CHECK(seen[bits] > 0);
  }
}
