// AVX2 fast path. Works on groups of 8 elements: a zero-compare yields the
// window mask, and an 8-bit slice of it indexes a shuffle table that packs
// (compress) or spreads (decompress) the group. Full-width stores and loads
// may touch bytes past the group, so the loops stop while a whole window plus
// a vector of slack still fits and hand the tail to the scalar code.
// Compiled with -mavx2 -mbmi2 and called only when the CPU has both.
#include "kernels.hpp"

#if defined(__AVX2__) && defined(__BMI2__)
#include <immintrin.h>

#include <array>

namespace zvc::detail {
namespace {

constexpr std::size_t kSlack = 32;

// pack[m]: lane j receives the index of the j-th set bit of m.
// spread[m]: lane i receives the rank of bit i among the set bits of m.
template <typename Lane, std::size_t kLanes>
struct ShuffleTables {
  std::array<std::array<Lane, kLanes>, 256> pack{};
  std::array<std::array<Lane, kLanes>, 256> spread{};
};

// Tables in units of whole elements (E = 4: vpermd lane indices).
constexpr ShuffleTables<std::uint32_t, 8> make_dword_tables() {
  ShuffleTables<std::uint32_t, 8> t;
  for (unsigned m = 0; m < 256; ++m) {
    unsigned rank = 0;
    for (unsigned i = 0; i < 8; ++i) {
      if ((m >> i) & 1u) {
        t.pack[m][rank] = i;
        t.spread[m][i] = rank++;
      }
    }
  }
  return t;
}

// Byte shuffles (pshufb) for elements of `elem` bytes; 0x80 zeroes a lane.
template <unsigned kElem>
constexpr ShuffleTables<std::uint8_t, 16> make_byte_tables() {
  ShuffleTables<std::uint8_t, 16> t;
  for (unsigned m = 0; m < 256; ++m) {
    for (auto& lane : t.spread[m]) lane = 0x80;
    unsigned rank = 0;
    for (unsigned i = 0; i < 8; ++i) {
      if ((m >> i) & 1u) {
        for (unsigned b = 0; b < kElem; ++b) {
          t.pack[m][rank * kElem + b] = static_cast<std::uint8_t>(i * kElem + b);
          t.spread[m][i * kElem + b] = static_cast<std::uint8_t>(rank * kElem + b);
        }
        ++rank;
      }
    }
  }
  return t;
}

constexpr auto kDword = make_dword_tables();
constexpr auto kWord = make_byte_tables<2>();
constexpr auto kByte = make_byte_tables<1>();

inline __m128i load128(const void* p) {
  return _mm_loadu_si128(static_cast<const __m128i*>(p));
}
inline __m256i load256(const void* p) {
  return _mm256_loadu_si256(static_cast<const __m256i*>(p));
}

// Non-zero mask of one full window (32 elements starting at p).
inline std::uint32_t window_mask(const std::uint8_t* p, int elem_bytes) {
  const __m256i zero = _mm256_setzero_si256();
  switch (elem_bytes) {
    case 1:
      return ~static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(load256(p), zero)));
    case 2: {
      // Two bits per element from movemask_epi8; pext keeps one of each pair.
      const auto lo =
          static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi16(load256(p), zero)));
      const auto hi = static_cast<std::uint32_t>(
          _mm256_movemask_epi8(_mm256_cmpeq_epi16(load256(p + 32), zero)));
      return ~(_pext_u32(lo, 0x55555555u) | _pext_u32(hi, 0x55555555u) << 16);
    }
    default: {
      std::uint32_t zeros = 0;
      for (int v = 0; v < 4; ++v) {
        const __m256i cmp = _mm256_cmpeq_epi32(load256(p + 32 * v), zero);
        zeros |= static_cast<std::uint32_t>(_mm256_movemask_ps(_mm256_castsi256_ps(cmp)))
                 << (8 * v);
      }
      return ~zeros;
    }
  }
}

// Packs the non-zero elements of an 8-element group; returns bytes written.
inline std::size_t pack_group(const std::uint8_t* src, unsigned m, int elem_bytes,
                              std::uint8_t* dst) {
  const auto n = static_cast<std::size_t>(std::popcount(m));
  switch (elem_bytes) {
    case 1: {
      const __m128i v = _mm_loadl_epi64(static_cast<const __m128i*>(static_cast<const void*>(src)));
      _mm_storel_epi64(reinterpret_cast<__m128i*>(dst),
                       _mm_shuffle_epi8(v, load128(kByte.pack[m].data())));
      return n;
    }
    case 2:
      _mm_storeu_si128(reinterpret_cast<__m128i*>(dst),
                       _mm_shuffle_epi8(load128(src), load128(kWord.pack[m].data())));
      return 2 * n;
    default:
      _mm256_storeu_si256(
          reinterpret_cast<__m256i*>(dst),
          _mm256_permutevar8x32_epi32(load256(src), load256(kDword.pack[m].data())));
      return 4 * n;
  }
}

// Spreads the packed elements of an 8-element group; returns bytes read.
inline std::size_t spread_group(const std::uint8_t* src, unsigned m, int elem_bytes,
                                std::uint8_t* dst) {
  const auto n = static_cast<std::size_t>(std::popcount(m));
  switch (elem_bytes) {
    case 1: {
      const __m128i v = _mm_loadl_epi64(static_cast<const __m128i*>(static_cast<const void*>(src)));
      _mm_storel_epi64(reinterpret_cast<__m128i*>(dst),
                       _mm_shuffle_epi8(v, load128(kByte.spread[m].data())));
      return n;
    }
    case 2:
      _mm_storeu_si128(reinterpret_cast<__m128i*>(dst),
                       _mm_shuffle_epi8(load128(src), load128(kWord.spread[m].data())));
      return 2 * n;
    default: {
      const __m256i bit = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
      const __m256i keep =
          _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_set1_epi32(static_cast<int>(m)), bit), bit);
      const __m256i v = _mm256_permutevar8x32_epi32(load256(src), load256(kDword.spread[m].data()));
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst), _mm256_and_si256(v, keep));
      return 4 * n;
    }
  }
}

}  // namespace

std::size_t compress_avx2(const std::uint8_t* raw, std::size_t n_elems, int elem_bytes,
                          std::uint8_t* out, std::size_t out_capacity) {
  const auto e = static_cast<std::size_t>(elem_bytes);
  const std::size_t window_bytes = kMaskBytes + kWindowElems * e;
  std::size_t i = 0;
  std::size_t pos = 0;
  for (; i + kWindowElems <= n_elems && pos + window_bytes + kSlack <= out_capacity;
       i += kWindowElems) {
    const std::uint8_t* src = raw + i * e;
    const std::uint32_t mask = window_mask(src, elem_bytes);
    store_le32(out + pos, mask);
    std::size_t p = pos + kMaskBytes;
    for (unsigned g = 0; g < 4; ++g) {
      p += pack_group(src + 8 * g * e, (mask >> (8 * g)) & 0xFFu, elem_bytes, out + p);
    }
    pos = p;
  }
  return compress_scalar_from(raw, n_elems, elem_bytes, out, i, pos);
}

void decompress_avx2(ByteView payload, int elem_bytes, std::span<std::uint8_t> raw_out) {
  const auto e = static_cast<std::size_t>(elem_bytes);
  const std::size_t n = raw_out.size() / e;
  const std::size_t window_bytes = kMaskBytes + kWindowElems * e;
  std::size_t i = 0;
  std::size_t pos = 0;
  for (; i + kWindowElems <= n && pos + window_bytes + kSlack <= payload.size();
       i += kWindowElems) {
    const std::uint32_t mask = load_le32(payload.data() + pos);
    std::size_t p = pos + kMaskBytes;
    std::uint8_t* dst = raw_out.data() + i * e;
    for (unsigned g = 0; g < 4; ++g) {
      p += spread_group(payload.data() + p, (mask >> (8 * g)) & 0xFFu, elem_bytes, dst + 8 * g * e);
    }
    pos = p;
  }
  decompress_scalar_from(payload, pos, elem_bytes, raw_out, i);
}

}  // namespace zvc::detail

#else  // Not an x86 build with AVX2: avx2_available() is false, these are never reached.

namespace zvc::detail {
std::size_t compress_avx2(const std::uint8_t* raw, std::size_t n_elems, int elem_bytes,
                          std::uint8_t* out, std::size_t) {
  return compress_scalar_from(raw, n_elems, elem_bytes, out, 0, 0);
}
void decompress_avx2(ByteView payload, int elem_bytes, std::span<std::uint8_t> raw_out) {
  decompress_scalar_from(payload, 0, elem_bytes, raw_out, 0);
}
}  // namespace zvc::detail

#endif
