// Malformed payloads: strict decoders name the fault, the hardware-semantics
// decoder never fails and flags it, nothing reads or writes out of bounds.
#include <doctest/doctest.h>

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
