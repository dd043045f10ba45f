// Scalar reference codec, dispatch, statistics and the hardware-semantics decoder.
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cstring>

#include "kernels.hpp"
#include "zvc/zvc.hpp"

namespace zvc {

const char* to_string(DecodeFault fault) {
  switch (fault) {
    case DecodeFault::kTruncated:
      return "truncated";
    case DecodeFault::kTrailing:
      return "trailing";
    case DecodeFault::kBadMask:
      return "bad-mask";
  }
  return "?";
}

DecodeError::DecodeError(DecodeFault fault, std::size_t offset, const std::string& what)
    : Error(what), fault_(fault), offset_(offset) {}

void check_elem_bytes(int elem_bytes) {
  if (elem_bytes != 1 && elem_bytes != 2 && elem_bytes != 4) {
    throw Error(fmt::format("element size must be 1, 2 or 4 bytes, not {}", elem_bytes));
  }
}

std::size_t elem_count(std::size_t raw_bytes, int elem_bytes) {
  check_elem_bytes(elem_bytes);
  if (raw_bytes % static_cast<std::size_t>(elem_bytes) != 0) {
    throw Error(fmt::format("raw length {} bytes is not a multiple of the element size {}",
                            raw_bytes, elem_bytes));
  }
  return raw_bytes / static_cast<std::size_t>(elem_bytes);
}

std::size_t payload_bytes(std::size_t n_elems, std::size_t nnz, int elem_bytes) {
  return kMaskBytes * ((n_elems + kWindowElems - 1) / kWindowElems) +
         static_cast<std::size_t>(elem_bytes) * nnz;
}

std::size_t max_payload_bytes(std::size_t raw_bytes, int elem_bytes) {
  const std::size_t n = elem_count(raw_bytes, elem_bytes);
  return payload_bytes(n, n, elem_bytes);
}

bool avx2_available() {
#if defined(__x86_64__) || defined(__i386__)
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2");
#else
  return false;
#endif
}

const char* to_string(Impl impl) {
  switch (impl) {
    case Impl::kAuto:
      return "auto";
    case Impl::kScalar:
      return "scalar";
    case Impl::kAvx2:
      return "avx2";
  }
  return "?";
}

namespace {
bool use_avx2(Impl impl) {
  if (impl == Impl::kAvx2 && !avx2_available()) {
    throw Error("the AVX2 implementation was requested but this CPU lacks AVX2/BMI2");
  }
  return impl == Impl::kAvx2 || (impl == Impl::kAuto && avx2_available());
}
}  // namespace

namespace detail {

std::size_t encode_window(const std::uint8_t* raw, std::size_t count, int elem_bytes,
                          std::uint8_t* out) {
  const auto e = static_cast<std::size_t>(elem_bytes);
  std::uint32_t mask = 0;
  std::uint8_t* p = out + kMaskBytes;
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint8_t* elem = raw + i * e;
    if (!elem_is_zero(elem, elem_bytes)) {
      mask |= std::uint32_t{1} << i;
      std::memcpy(p, elem, e);
      p += e;
    }
  }
  store_le32(out, mask);
  return static_cast<std::size_t>(p - out);
}

std::size_t compress_scalar_from(const std::uint8_t* raw, std::size_t n_elems, int elem_bytes,
                                 std::uint8_t* out, std::size_t first_elem, std::size_t out_pos) {
  const auto e = static_cast<std::size_t>(elem_bytes);
  for (std::size_t i = first_elem; i < n_elems; i += kWindowElems) {
    out_pos +=
        encode_window(raw + i * e, std::min(kWindowElems, n_elems - i), elem_bytes, out + out_pos);
  }
  return out_pos;
}

void decompress_scalar_from(ByteView payload, std::size_t pos, int elem_bytes,
                            std::span<std::uint8_t> raw_out, std::size_t first_elem) {
  const auto e = static_cast<std::size_t>(elem_bytes);
  const std::size_t n = raw_out.size() / e;
  for (std::size_t i = first_elem; i < n; i += kWindowElems) {
    const std::size_t count = std::min(kWindowElems, n - i);
    if (payload.size() - pos < kMaskBytes) {
      throw DecodeError(DecodeFault::kTruncated, pos,
                        fmt::format("truncated payload: the mask of window {} is missing "
                                    "(payload ends at byte {})",
                                    i / kWindowElems, payload.size()));
    }
    const std::uint32_t mask = load_le32(payload.data() + pos);
    if ((mask & ~valid_bits(count)) != 0) {
      throw DecodeError(DecodeFault::kBadMask, pos,
                        fmt::format("bad mask 0x{:08x} at byte {}: the final window holds only "
                                    "{} elements",
                                    mask, pos, count));
    }
    pos += kMaskBytes;
    const std::size_t need = e * static_cast<std::size_t>(std::popcount(mask));
    if (payload.size() - pos < need) {
      throw DecodeError(DecodeFault::kTruncated, payload.size(),
                        fmt::format("truncated payload: window {} needs {} element bytes at byte "
                                    "{}, only {} remain",
                                    i / kWindowElems, need, pos, payload.size() - pos));
    }
    std::uint8_t* dst = raw_out.data() + i * e;
    for (std::size_t k = 0; k < count; ++k, dst += e) {
      if ((mask >> k) & 1u) {
        std::memcpy(dst, payload.data() + pos, e);
        pos += e;
      } else {
        std::memset(dst, 0, e);
      }
    }
  }
  if (pos != payload.size()) {
    throw DecodeError(DecodeFault::kTrailing, pos,
                      fmt::format("{} trailing bytes after the last window (payload is {} bytes, "
                                  "the windows end at byte {})",
                                  payload.size() - pos, payload.size(), pos));
  }
}

}  // namespace detail

std::size_t compress_to(ByteView raw, int elem_bytes, std::span<std::uint8_t> out, Impl impl) {
  const std::size_t n = elem_count(raw.size(), elem_bytes);
  const std::size_t bound = payload_bytes(n, n, elem_bytes);
  if (out.size() < bound) {
    throw Error(
        fmt::format("output buffer of {} bytes is smaller than the bound {}", out.size(), bound));
  }
  if (use_avx2(impl)) return detail::compress_avx2(raw.data(), n, elem_bytes, out.data(), bound);
  return detail::compress_scalar_from(raw.data(), n, elem_bytes, out.data(), 0, 0);
}

Bytes compress(ByteView raw, int elem_bytes, Impl impl) {
  Bytes out(max_payload_bytes(raw.size(), elem_bytes));
  out.resize(compress_to(raw, elem_bytes, out, impl));
  return out;
}

void decompress_to(ByteView payload, int elem_bytes, std::span<std::uint8_t> raw_out, Impl impl) {
  elem_count(raw_out.size(), elem_bytes);
  if (use_avx2(impl)) {
    detail::decompress_avx2(payload, elem_bytes, raw_out);
  } else {
    detail::decompress_scalar_from(payload, 0, elem_bytes, raw_out, 0);
  }
}

Bytes decompress(ByteView payload, std::size_t raw_bytes, int elem_bytes, Impl impl) {
  Bytes raw(raw_bytes);
  decompress_to(payload, elem_bytes, raw, impl);
  return raw;
}

unsigned LenientResult::error_bits() const {
  return (bad_mask ? 4u : 0u) | (trailing ? 2u : 0u) | (truncated ? 1u : 0u);
}

LenientResult decode_lenient(ByteView payload, int elem_bytes, std::span<std::uint8_t> raw_out) {
  const std::size_t n = elem_count(raw_out.size(), elem_bytes);
  const auto e = static_cast<std::size_t>(elem_bytes);
  LenientResult result;
  std::size_t pos = 0;
  // A byte past the end of the payload reads as zero.
  auto byte_at = [&](std::size_t k) -> std::uint8_t {
    return k < payload.size() ? payload[k] : std::uint8_t{0};
  };
  for (std::size_t i = 0; i < n; i += kWindowElems) {
    const std::size_t count = std::min(kWindowElems, n - i);
    std::uint32_t mask = std::uint32_t{byte_at(pos)} | std::uint32_t{byte_at(pos + 1)} << 8 |
                         std::uint32_t{byte_at(pos + 2)} << 16 |
                         std::uint32_t{byte_at(pos + 3)} << 24;
    if (pos + kMaskBytes > payload.size()) result.truncated = true;
    if ((mask & ~detail::valid_bits(count)) != 0) result.bad_mask = true;
    mask &= detail::valid_bits(count);
    pos += kMaskBytes;
    for (std::size_t k = 0; k < count; ++k) {
      std::uint8_t* dst = raw_out.data() + (i + k) * e;
      for (std::size_t b = 0; b < e; ++b) {
        dst[b] = ((mask >> k) & 1u) ? byte_at(pos + b) : std::uint8_t{0};
      }
      if ((mask >> k) & 1u) {
        if (pos + e > payload.size()) result.truncated = true;
        pos += e;
      }
    }
  }
  result.trailing = pos < payload.size();
  return result;
}

double Stats::zero_fraction() const {
  return elems == 0 ? 0.0 : static_cast<double>(zero_elems) / static_cast<double>(elems);
}
double Stats::ratio() const {
  return payload_bytes == 0 ? 0.0
                            : static_cast<double>(raw_bytes) / static_cast<double>(payload_bytes);
}

Stats analyze(ByteView raw, int elem_bytes) {
  Stats s;
  s.elems = elem_count(raw.size(), elem_bytes);
  s.raw_bytes = raw.size();
  for (std::size_t i = 0; i < s.elems; ++i) {
    s.zero_elems +=
        detail::elem_is_zero(raw.data() + i * static_cast<std::size_t>(elem_bytes), elem_bytes);
  }
  s.payload_bytes = payload_bytes(s.elems, s.elems - s.zero_elems, elem_bytes);
  return s;
}

std::vector<std::size_t> window_offsets(ByteView payload, std::size_t n_elems, int elem_bytes) {
  check_elem_bytes(elem_bytes);
  std::vector<std::size_t> offsets;
  std::size_t at = 0;
  for (std::size_t w = 0; w < (n_elems + 31) / 32 && at + 4 <= payload.size(); ++w) {
    offsets.push_back(at);
    std::uint32_t mask;
    std::memcpy(&mask, payload.data() + at, 4);
    at += 4 + static_cast<std::size_t>(std::popcount(mask)) * static_cast<std::size_t>(elem_bytes);
  }
  return offsets;
}

}  // namespace zvc
