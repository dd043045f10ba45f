// libFuzzer target for the decoders and the container reader. The first byte
// picks the element size, the next two the raw length (bounded by the
// payload's size, below); the rest is a payload
// (or, with bit 7 of the first byte, a container). Checks, beyond "no crash":
// scalar, AVX2, streaming and hardware-semantics decoders agree.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "zvc/zvc.hpp"

using namespace zvc;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 3) return 0;
  const int e = 1 << (data[0] % 3);
  // The raw length, bounded by the payload: P bytes hold the masks of at most
  // 8P elements (4 bytes per 32), so a longer length adds only zero fill to
  // the work; 64 elements past that bound still reach every truncated path.
  // This keeps an input's cost proportional to its size (issue 23, item 10).
  const std::size_t asked = static_cast<std::size_t>(data[1]) | std::size_t{data[2]} << 8;
  const std::size_t raw_bytes = std::min(asked, 8 * (size - 3) + 64) * static_cast<std::size_t>(e);
  const ByteView payload(data + 3, size - 3);
  if (data[0] & 0x80) {
    try {
      const ContainerInfo info = read_container_info(payload);
      const Bytes raw = read_container(payload);
      if (raw.size() != info.raw_bytes) std::abort();
    } catch (const Error&) {
    }
    return 0;
  }
  Bytes lenient(raw_bytes);
  const LenientResult r = decode_lenient(payload, e, lenient);
  bool strict_ok = true;
  Bytes strict;
  try {
    strict = decompress(payload, raw_bytes, e, Impl::kScalar);
  } catch (const DecodeError&) {
    strict_ok = false;
  }
  if (strict_ok != (r.error_bits() == 0)) std::abort();
  if (strict_ok && strict != lenient) std::abort();
  if (avx2_available()) {
    try {
      if (decompress(payload, raw_bytes, e, Impl::kAvx2) != strict || !strict_ok) std::abort();
    } catch (const DecodeError&) {
      if (strict_ok) std::abort();
    }
  }
  try {
    StreamDecoder dec(e, raw_bytes);
    Bytes out;
    dec.feed(payload, out);
    dec.finish();
    if (!strict_ok || out != strict) std::abort();
  } catch (const DecodeError&) {
    if (strict_ok) std::abort();
  }
  if (strict_ok) {
    // Decoding is a left inverse of encoding (payloads with a set bit on a zero
    // element decode fine but re-encode shorter, so compare raw data).
    if (decompress(compress(strict, e), raw_bytes, e) != strict) std::abort();
  }
  return 0;
}
