// The frame modes (docs/format.md, "Modes"): plain ZVC, Gist's binarized
// ReLU masks, and delayed precision reduction to bf16 or fp8 before ZVC.
#include <fmt/format.h>

#include <bit>
#include <cstring>

#include "kernels.hpp"
#include "zvc/precision.hpp"
#include "zvc/zvc.hpp"

namespace zvc {
namespace {

bool reduces(Mode mode) {
  return mode == Mode::kBf16 || mode == Mode::kFp8;
}

std::size_t mask_count(std::size_t n_elems) {
  return (n_elems + kWindowElems - 1) / kWindowElems;
}

// Binarize: one mask per window of raw elements.
Bytes binarize(ByteView raw, int elem_bytes) {
  const std::size_t n = elem_count(raw.size(), elem_bytes);
  const auto e = static_cast<std::size_t>(elem_bytes);
  Bytes out(kMaskBytes * mask_count(n));
  for (std::size_t w = 0; w < mask_count(n); ++w) {
    std::uint32_t mask = 0;
    for (std::size_t k = 0; k < kWindowElems && w * kWindowElems + k < n; ++k) {
      if (!detail::elem_is_zero(raw.data() + (w * kWindowElems + k) * e, elem_bytes))
        mask |= std::uint32_t{1} << k;
    }
    detail::store_le32(out.data() + kMaskBytes * w, mask);
  }
  return out;
}

// Writes all-ones elements where a mask bit is set (bits of the final partial
// window at or above its size are dropped).
void expand_masks(ByteView masks, int elem_bytes, std::span<std::uint8_t> raw_out) {
  const auto e = static_cast<std::size_t>(elem_bytes);
  const std::size_t n = raw_out.size() / e;
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t mask = detail::load_le32(masks.data() + kMaskBytes * (i / kWindowElems));
    const bool set = (mask >> (i % kWindowElems)) & 1u;
    std::memset(raw_out.data() + i * e, set ? 0xFF : 0x00, e);
  }
}

}  // namespace

const char* to_string(Mode mode) {
  switch (mode) {
    case Mode::kZvc:
      return "zvc";
    case Mode::kBinarize:
      return "binarize";
    case Mode::kBf16:
      return "bf16";
    case Mode::kFp8:
      return "fp8";
  }
  return "?";
}

Mode parse_mode(const std::string& name) {
  for (const Mode m : kModes)
    if (name == to_string(m)) return m;
  throw Error(fmt::format("unknown mode '{}' (zvc, binarize, bf16 or fp8)", name));
}

void check_mode(Mode mode, int elem_bytes) {
  check_elem_bytes(elem_bytes);
  if (reduces(mode) && elem_bytes != 4) {
    throw Error(fmt::format("mode {} converts fp32 elements: the element size must be 4, not {}",
                            to_string(mode), elem_bytes));
  }
}

int payload_elem_bytes(Mode mode, int elem_bytes) {
  check_mode(mode, elem_bytes);
  switch (mode) {
    case Mode::kZvc:
      return elem_bytes;
    case Mode::kBinarize:
      return 0;
    case Mode::kBf16:
      return 2;
    case Mode::kFp8:
      return 1;
  }
  return elem_bytes;
}

Bytes reduce_elements(ByteView raw, Mode mode) {
  if (!reduces(mode)) return Bytes(raw.begin(), raw.end());
  const std::size_t n = elem_count(raw.size(), 4);
  std::vector<float> values(n);
  std::memcpy(values.data(), raw.data(), raw.size());
  return encode_precision(values, mode == Mode::kBf16 ? Precision::kBf16 : Precision::kFp8E4M3);
}

Bytes expand_elements(ByteView codes, Mode mode) {
  if (!reduces(mode)) return Bytes(codes.begin(), codes.end());
  const int code_bytes = payload_elem_bytes(mode, 4);
  const std::size_t n = elem_count(codes.size(), code_bytes);
  Bytes out(4 * n);
  for (std::size_t i = 0; i < n; ++i) {
    const float x =
        mode == Mode::kBf16
            ? from_bf16(static_cast<std::uint16_t>(codes[2 * i] | codes[2 * i + 1] << 8))
            : from_fp8_e4m3(codes[i]);
    // from_fp8_e4m3 gives the quiet NaN 0x7FC00000 for both NaN codes.
    detail::store_le32(out.data() + 4 * i, std::bit_cast<std::uint32_t>(x));
  }
  return out;
}

Bytes compress(ByteView raw, int elem_bytes, Mode mode, Impl impl) {
  check_mode(mode, elem_bytes);
  switch (mode) {
    case Mode::kZvc:
      return compress(raw, elem_bytes, impl);
    case Mode::kBinarize:
      return binarize(raw, elem_bytes);
    case Mode::kBf16:
    case Mode::kFp8:
      return compress(reduce_elements(raw, mode), payload_elem_bytes(mode, 4), impl);
  }
  return {};
}

Bytes decompress(ByteView payload, std::size_t raw_bytes, int elem_bytes, Mode mode, Impl impl) {
  check_mode(mode, elem_bytes);
  const std::size_t n = elem_count(raw_bytes, elem_bytes);
  if (mode == Mode::kZvc) return decompress(payload, raw_bytes, elem_bytes, impl);
  if (reduces(mode)) {
    const int code_bytes = payload_elem_bytes(mode, 4);
    return expand_elements(
        decompress(payload, n * static_cast<std::size_t>(code_bytes), code_bytes, impl), mode);
  }
  // Binarize: exactly one mask per window.
  const std::size_t need = kMaskBytes * mask_count(n);
  if (payload.size() < need) {
    throw DecodeError(DecodeFault::kTruncated, payload.size(),
                      fmt::format("truncated binarized payload: {} bytes, {} windows need {}",
                                  payload.size(), mask_count(n), need));
  }
  if (n % kWindowElems != 0) {
    const std::size_t last = need - kMaskBytes;
    const std::uint32_t mask = detail::load_le32(payload.data() + last);
    if ((mask & ~detail::valid_bits(n % kWindowElems)) != 0) {
      throw DecodeError(DecodeFault::kBadMask, last,
                        fmt::format("bad mask 0x{:08x} at byte {}: the final window holds only "
                                    "{} elements",
                                    mask, last, n % kWindowElems));
    }
  }
  if (payload.size() > need) {
    throw DecodeError(DecodeFault::kTrailing, need,
                      fmt::format("{} trailing bytes after the last mask (payload is {} bytes, "
                                  "the masks end at byte {})",
                                  payload.size() - need, payload.size(), need));
  }
  Bytes raw(raw_bytes);
  expand_masks(payload, elem_bytes, raw);
  return raw;
}

LenientResult decode_lenient(ByteView payload, int elem_bytes, Mode mode,
                             std::span<std::uint8_t> raw_out) {
  check_mode(mode, elem_bytes);
  const std::size_t n = elem_count(raw_out.size(), elem_bytes);
  if (mode == Mode::kZvc) return decode_lenient(payload, elem_bytes, raw_out);
  if (reduces(mode)) {
    const int code_bytes = payload_elem_bytes(mode, 4);
    Bytes codes(n * static_cast<std::size_t>(code_bytes));
    const LenientResult r = decode_lenient(payload, code_bytes, codes);
    const Bytes fp32 = expand_elements(codes, mode);
    std::memcpy(raw_out.data(), fp32.data(), fp32.size());
    return r;
  }
  // Binarize: missing mask bytes read as zero.
  const std::size_t need = kMaskBytes * mask_count(n);
  Bytes masks(need, 0);
  std::memcpy(masks.data(), payload.data(), std::min(need, payload.size()));
  LenientResult r;
  r.truncated = payload.size() < need;
  r.trailing = payload.size() > need;
  if (n % kWindowElems != 0) {
    const std::uint32_t last = detail::load_le32(masks.data() + need - kMaskBytes);
    r.bad_mask = (last & ~detail::valid_bits(n % kWindowElems)) != 0;
  }
  expand_masks(masks, elem_bytes, raw_out);
  return r;
}

Stats analyze(ByteView raw, int elem_bytes, Mode mode) {
  check_mode(mode, elem_bytes);
  switch (mode) {
    case Mode::kZvc:
      return analyze(raw, elem_bytes);
    case Mode::kBinarize: {
      Stats s = analyze(raw, elem_bytes);
      s.payload_bytes = payload_bytes(s.elems, 0, elem_bytes);
      return s;
    }
    case Mode::kBf16:
    case Mode::kFp8: {
      const int code_bytes = payload_elem_bytes(mode, 4);
      Stats s = analyze(reduce_elements(raw, mode), code_bytes);
      s.raw_bytes = raw.size();
      return s;
    }
  }
  return {};
}

}  // namespace zvc
