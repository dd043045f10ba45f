// Internal kernels shared by the scalar reference and the AVX2 fast path.
// The SIMD code handles whole windows with room to spare and hands the rest
// (the tail of the buffer) to the scalar code, so both produce identical bytes.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

#include "zvc/zvc.hpp"

namespace zvc::detail {

inline std::uint32_t load_le32(const std::uint8_t* p) {
  return std::uint32_t{p[0]} | std::uint32_t{p[1]} << 8 | std::uint32_t{p[2]} << 16 |
         std::uint32_t{p[3]} << 24;
}
inline void store_le32(std::uint8_t* p, std::uint32_t v) {
  p[0] = static_cast<std::uint8_t>(v);
  p[1] = static_cast<std::uint8_t>(v >> 8);
  p[2] = static_cast<std::uint8_t>(v >> 16);
  p[3] = static_cast<std::uint8_t>(v >> 24);
}
inline bool elem_is_zero(const std::uint8_t* p, int elem_bytes) {
  switch (elem_bytes) {
    case 1:
      return p[0] == 0;
    case 2: {
      std::uint16_t v;
      std::memcpy(&v, p, 2);
      return v == 0;
    }
    default: {
      std::uint32_t v;
      std::memcpy(&v, p, 4);
      return v == 0;
    }
  }
}
// Mask of the bits a window of `count` elements may use.
inline std::uint32_t valid_bits(std::size_t count) {
  return count >= kWindowElems ? 0xFFFFFFFFu : (std::uint32_t{1} << count) - 1u;
}

// Encodes one window of `count` (1..32) elements; returns payload bytes written.
std::size_t encode_window(const std::uint8_t* raw, std::size_t count, int elem_bytes,
                          std::uint8_t* out);

// Scalar compressor from element `first_elem` on, writing at out + out_pos.
// Returns the total payload size.
std::size_t compress_scalar_from(const std::uint8_t* raw, std::size_t n_elems, int elem_bytes,
                                 std::uint8_t* out, std::size_t first_elem, std::size_t out_pos);
// Strict scalar decoder from payload offset `pos` and element `first_elem` on.
void decompress_scalar_from(ByteView payload, std::size_t pos, int elem_bytes,
                            std::span<std::uint8_t> raw_out, std::size_t first_elem);

std::size_t compress_avx2(const std::uint8_t* raw, std::size_t n_elems, int elem_bytes,
                          std::uint8_t* out, std::size_t out_capacity);
void decompress_avx2(ByteView payload, int elem_bytes, std::span<std::uint8_t> raw_out);

}  // namespace zvc::detail
