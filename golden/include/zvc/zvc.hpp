// The golden ZVC (zero-value compression) model: the one C++ implementation of
// ../shared/spec/ZVC-FORMAT.md (restated in docs/format.md) that the CLI, the
// test benches and the tools link. Nothing else re-implements the format.
//
// Payload of one buffer: per window of 32 elements, a little-endian uint32
// mask (bit i set iff element i is non-zero) followed by the window's non-zero
// elements, E bytes each, in index order. No padding, no header.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace zvc {

inline constexpr std::size_t kWindowElems = 32;
inline constexpr std::size_t kMaskBytes = 4;

using Bytes = std::vector<std::uint8_t>;
using ByteView = std::span<const std::uint8_t>;

// Every error the library reports. The message names the problem in words a
// user understands.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The three ways a payload can be malformed (ZVC-FORMAT.md, "Decoding").
enum class DecodeFault { kTruncated, kTrailing, kBadMask };
const char* to_string(DecodeFault fault);

class DecodeError : public Error {
 public:
  DecodeError(DecodeFault fault, std::size_t offset, const std::string& what);
  DecodeFault fault() const { return fault_; }
  // Payload byte offset at which the fault was detected.
  std::size_t offset() const { return offset_; }

 private:
  DecodeFault fault_;
  std::size_t offset_;
};

// Throws Error unless elem_bytes is 1, 2 or 4.
void check_elem_bytes(int elem_bytes);
// Throws Error unless raw_bytes is a multiple of elem_bytes (and elem_bytes is legal).
std::size_t elem_count(std::size_t raw_bytes, int elem_bytes);

// Payload bytes for n elements of which nnz are non-zero: 4*ceil(n/32) + E*nnz.
std::size_t payload_bytes(std::size_t n_elems, std::size_t nnz, int elem_bytes);
// Largest payload a raw buffer of raw_bytes can produce (all elements non-zero).
std::size_t max_payload_bytes(std::size_t raw_bytes, int elem_bytes);

// Which implementation runs. kAuto picks AVX2 when the CPU has it.
enum class Impl { kAuto, kScalar, kAvx2 };
bool avx2_available();
const char* to_string(Impl impl);

// ---- Whole-buffer codec ----------------------------------------------------
Bytes compress(ByteView raw, int elem_bytes, Impl impl = Impl::kAuto);
// Writes the payload into out (out.size() >= max_payload_bytes) and returns its size.
std::size_t compress_to(ByteView raw, int elem_bytes, std::span<std::uint8_t> out,
                        Impl impl = Impl::kAuto);
// Strict decode: throws DecodeError on a truncated, trailing or bad-mask payload.
Bytes decompress(ByteView payload, std::size_t raw_bytes, int elem_bytes, Impl impl = Impl::kAuto);
void decompress_to(ByteView payload, int elem_bytes, std::span<std::uint8_t> raw_out,
                   Impl impl = Impl::kAuto);

// ---- Hardware-semantics decode ---------------------------------------------
// What zvc_decompressor does with any payload (RTL-INTERFACES.md): it never
// fails. Missing bytes read as zero (truncated); mask bits at or above the end
// of the final partial window are ignored (bad_mask), so the bytes they would
// have claimed count as trailing; bytes left after the last window are
// skipped (trailing). raw_out always receives its full length.
struct LenientResult {
  bool truncated = false;
  bool trailing = false;
  bool bad_mask = false;
  // {bad_mask, trailing, truncated}, as sts_error_o[2:0].
  unsigned error_bits() const;
};
LenientResult decode_lenient(ByteView payload, int elem_bytes, std::span<std::uint8_t> raw_out);

// Byte offset of each window's mask in a payload of n_elems elements: window
// w's mask starts at the result's [w]. The walk reads each mask to step over
// its elements and stops early where the payload ends.
std::vector<std::size_t> window_offsets(ByteView payload, std::size_t n_elems, int elem_bytes);

// ---- Statistics ------------------------------------------------------------
struct Stats {
  std::size_t elems = 0;
  std::size_t zero_elems = 0;
  std::size_t raw_bytes = 0;
  std::size_t payload_bytes = 0;
  double zero_fraction() const;
  double ratio() const;  // raw / payload (0 when both are empty)
};
Stats analyze(ByteView raw, int elem_bytes);

// ---- Streaming codec -------------------------------------------------------
// Feed raw bytes in chunks of any size; complete windows are appended to out
// as soon as they are known. finish() flushes the final partial window.
class StreamEncoder {
 public:
  explicit StreamEncoder(int elem_bytes);
  void feed(ByteView raw, Bytes& out);
  void finish(Bytes& out);  // throws Error if a partial element is pending
  std::uint64_t raw_bytes() const { return raw_bytes_; }
  std::uint64_t payload_bytes() const { return payload_bytes_; }

 private:
  void emit_window(ByteView window, Bytes& out);
  int elem_;
  std::size_t window_bytes_;
  Bytes pending_;
  std::uint64_t raw_bytes_ = 0;
  std::uint64_t payload_bytes_ = 0;
  bool finished_ = false;
};

// Feed payload bytes in chunks of any size; raw bytes are appended to out as
// each window completes. Strict: throws DecodeError on any malformed payload
// (trailing and bad-mask as soon as seen, truncated at finish()).
class StreamDecoder {
 public:
  StreamDecoder(int elem_bytes, std::uint64_t raw_bytes);
  void feed(ByteView payload, Bytes& out);
  void finish();
  bool done() const { return produced_ == total_elems_; }

 private:
  std::size_t window_elems() const;
  int elem_;
  std::uint64_t total_elems_;
  std::uint64_t produced_ = 0;  // elements written so far
  std::uint64_t consumed_ = 0;  // payload bytes consumed so far
  Bytes window_;                // bytes of the current window (mask first)
  std::size_t need_ = kMaskBytes;
};

// ---- Modes (docs/format.md, "Modes") ---------------------------------------
// What a frame's payload holds. kZvc is the format above, unchanged. The
// others are Gist's encodings (Jain et al., ISCA 2018):
//   kBinarize: the 32-bit non-zero masks only, 4 bytes per window of 32
//     elements; decoding gives each element all-ones bytes where its bit is
//     set and zeros elsewhere (a bitwise mask: dY AND it is ReLU's backward).
//   kBf16, kFp8: delayed precision reduction of fp32 elements (E = 4): each
//     one converted as to_bf16 / to_fp8_e4m3 do (zvc/precision.hpp), then
//     ZVC at 2 or 1 bytes per element; decoding converts back to fp32.
// The values are the frame's 2-bit mode field (sideband of the codecs, bits
// 2:1 of the container's flags).
enum class Mode : std::uint8_t { kZvc = 0, kBinarize = 1, kBf16 = 2, kFp8 = 3 };
inline constexpr Mode kModes[] = {Mode::kZvc, Mode::kBinarize, Mode::kBf16, Mode::kFp8};
const char* to_string(Mode mode);
// "zvc", "binarize", "bf16" or "fp8"; throws Error otherwise.
Mode parse_mode(const std::string& name);
// Throws Error unless the mode applies to raw elements of elem_bytes (bf16
// and fp8 need fp32, E = 4).
void check_mode(Mode mode, int elem_bytes);
// Bytes each non-zero element takes in the payload: E, 0 (binarize), 2 or 1.
int payload_elem_bytes(Mode mode, int elem_bytes);
// fp32 elements (little-endian) -> bf16 or fp8 codes (kZvc and kBinarize: a copy).
Bytes reduce_elements(ByteView raw, Mode mode);
// bf16 or fp8 codes -> fp32 elements; NaN codes give 0x7FC00000.
Bytes expand_elements(ByteView codes, Mode mode);

Bytes compress(ByteView raw, int elem_bytes, Mode mode, Impl impl = Impl::kAuto);
// Strict: throws DecodeError as decompress() does (offsets within the payload).
Bytes decompress(ByteView payload, std::size_t raw_bytes, int elem_bytes, Mode mode,
                 Impl impl = Impl::kAuto);
// zvc_decompressor's reading of a payload in any mode (the faults as above;
// a binarize payload has no element bytes, so a bad mask never makes trailing).
LenientResult decode_lenient(ByteView payload, int elem_bytes, Mode mode,
                             std::span<std::uint8_t> raw_out);
// Statistics of a mode: zero_elems counts the elements whose mask bit is 0
// (for bf16 and fp8, after conversion: an underflow counts as zero).
Stats analyze(ByteView raw, int elem_bytes, Mode mode);

// ---- Container (.zvc files) ------------------------------------------------
// Layout in docs/format.md: a 40-byte header (magic "ZVCF", version, element
// size, flags with the mode, raw and payload lengths, CRC-32 of the decoded
// data, block index shape, header CRC-32), an optional block index
// (compressed bytes per block of block_bytes raw bytes) and the payload, byte
// for byte as compress() makes it in the container's mode.
inline constexpr std::uint32_t kDefaultBlockBytes = 4096;

struct ContainerInfo {
  int elem_bytes = 4;
  Mode mode = Mode::kZvc;
  std::uint64_t raw_bytes = 0;
  std::uint64_t payload_bytes = 0;
  std::uint32_t raw_crc32 = 0;             // of the decoded data (the raw data in ZVC mode)
  std::uint32_t block_bytes = 0;           // 0: no index
  std::vector<std::uint32_t> block_sizes;  // payload bytes per block
  std::size_t payload_offset = 0;          // where the payload starts in the file
};

// block_bytes 0 writes no index; otherwise it must be a multiple of 32*elem_bytes.
Bytes write_container(ByteView raw, int elem_bytes, std::uint32_t block_bytes = kDefaultBlockBytes,
                      Mode mode = Mode::kZvc, Impl impl = Impl::kAuto);
// Validates the header and index against the file size; throws Error on any mismatch.
ContainerInfo read_container_info(ByteView file);
// Full decode, CRC-checked.
Bytes read_container(ByteView file, Impl impl = Impl::kAuto);
// Random access: decode block i only (needs an index).
Bytes read_container_block(ByteView file, const ContainerInfo& info, std::size_t block);

// A bare payload with its block index (payload bytes per block of block_bytes
// raw bytes: the container's index, and what cdma's OFFLOAD will write beside
// the payload): decodes blocks [first, first + count) of a map of raw_bytes,
// their raw bytes in order. Throws Error when the index does not fit the map
// (block_bytes not a multiple of 32*elem_bytes, a block count other than
// ceil(raw_bytes / block_bytes), sizes not summing to the payload's length),
// the range is outside it, or a block does not decode.
Bytes decompress_blocks(ByteView payload, std::span<const std::uint32_t> block_sizes,
                        std::uint64_t raw_bytes, int elem_bytes, std::uint32_t block_bytes,
                        std::size_t first, std::size_t count, Mode mode = Mode::kZvc);
// A block index as stored (little-endian u32 per block); Error unless its
// length is a multiple of 4.
std::vector<std::uint32_t> parse_block_index(ByteView bytes);
bool looks_like_container(ByteView file);

std::uint32_t crc32(ByteView data);

}  // namespace zvc
