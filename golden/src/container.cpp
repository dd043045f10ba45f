// The .zvc container (docs/format.md): header, optional block index, payload.
#include <fmt/format.h>
#include <zlib.h>

#include <algorithm>
#include <array>
#include <limits>

#include "kernels.hpp"
#include "zvc/zvc.hpp"

namespace zvc {
namespace {

constexpr std::array<std::uint8_t, 4> kMagic = {'Z', 'V', 'C', 'F'};
constexpr std::uint16_t kVersion = 1;
constexpr std::size_t kHeaderBytes = 40;
constexpr std::size_t kHeaderCrcOffset = 36;
constexpr std::uint8_t kFlagBlockIndex = 0x01;
constexpr int kModeShift = 1;  // flags bits 2:1: the mode
constexpr std::uint8_t kFlagMode = 0x06;

void put_le(Bytes& out, std::uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}
std::uint64_t get_le(ByteView in, std::size_t at, int bytes) {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i)
    v |= std::uint64_t{in[at + static_cast<std::size_t>(i)]} << (8 * i);
  return v;
}

void check_block_bytes(std::uint32_t block_bytes, int elem_bytes) {
  const auto unit =
      static_cast<std::uint32_t>(kWindowElems) * static_cast<std::uint32_t>(elem_bytes);
  if (block_bytes % unit != 0) {
    throw Error(fmt::format("block size {} bytes is not a multiple of 32 elements ({} bytes)",
                            block_bytes, unit));
  }
}

}  // namespace

std::uint32_t crc32(ByteView data) {
  uLong crc = ::crc32(0L, Z_NULL, 0);
  // zlib takes uInt lengths; feed large buffers in pieces.
  constexpr std::size_t kPiece = std::size_t{1} << 30;
  for (std::size_t at = 0; at < data.size(); at += kPiece) {
    const std::size_t n = std::min(kPiece, data.size() - at);
    crc = ::crc32(crc, data.data() + at, static_cast<uInt>(n));
  }
  return static_cast<std::uint32_t>(crc);
}

bool looks_like_container(ByteView file) {
  return file.size() >= kMagic.size() && std::equal(kMagic.begin(), kMagic.end(), file.begin());
}

Bytes write_container(ByteView raw, int elem_bytes, std::uint32_t block_bytes, Mode mode,
                      Impl impl) {
  elem_count(raw.size(), elem_bytes);
  check_mode(mode, elem_bytes);
  check_block_bytes(block_bytes, elem_bytes);
  const Bytes payload = compress(raw, elem_bytes, mode, impl);
  std::vector<std::uint32_t> sizes;
  if (block_bytes != 0) {
    for (std::size_t at = 0; at < raw.size(); at += block_bytes) {
      const std::size_t len = std::min<std::size_t>(block_bytes, raw.size() - at);
      const Stats s = analyze(raw.subspan(at, len), elem_bytes, mode);
      sizes.push_back(static_cast<std::uint32_t>(s.payload_bytes));
    }
  }
  if (sizes.size() > std::numeric_limits<std::uint32_t>::max()) {
    throw Error("too many blocks for the container's 32-bit block count");
  }
  Bytes out(kMagic.begin(), kMagic.end());
  out.reserve(kHeaderBytes + 4 * sizes.size() + payload.size());
  put_le(out, kVersion, 2);
  put_le(out, static_cast<std::uint64_t>(elem_bytes), 1);
  put_le(out, (block_bytes != 0 ? kFlagBlockIndex : 0) | static_cast<unsigned>(mode) << kModeShift,
         1);
  put_le(out, raw.size(), 8);
  put_le(out, payload.size(), 8);
  // The CRC of what a reader decodes: in the lossy modes, not the input.
  put_le(out,
         mode == Mode::kZvc ? crc32(raw)
                            : crc32(decompress(payload, raw.size(), elem_bytes, mode, impl)),
         4);
  put_le(out, block_bytes, 4);
  put_le(out, sizes.size(), 4);
  put_le(out, crc32(ByteView(out).first(kHeaderCrcOffset)), 4);
  for (const std::uint32_t s : sizes) put_le(out, s, 4);
  out.insert(out.end(), payload.begin(), payload.end());
  return out;
}

ContainerInfo read_container_info(ByteView file) {
  if (!looks_like_container(file)) throw Error("not a .zvc container (bad magic)");
  if (file.size() < kHeaderBytes) {
    throw Error(fmt::format("truncated container: {} bytes, the header alone is {}", file.size(),
                            kHeaderBytes));
  }
  const auto header_crc = static_cast<std::uint32_t>(get_le(file, kHeaderCrcOffset, 4));
  if (header_crc != crc32(file.first(kHeaderCrcOffset))) {
    throw Error("corrupted container: header checksum mismatch");
  }
  const auto version = get_le(file, 4, 2);
  if (version != kVersion) {
    throw Error(
        fmt::format("unsupported container version {} (this build reads {})", version, kVersion));
  }
  ContainerInfo info;
  info.elem_bytes = static_cast<int>(get_le(file, 6, 1));
  check_elem_bytes(info.elem_bytes);
  const auto flags = get_le(file, 7, 1);
  if ((flags & ~std::uint64_t{kFlagBlockIndex | kFlagMode}) != 0) {
    throw Error(fmt::format("unknown container flags 0x{:02x}", flags));
  }
  info.mode = static_cast<Mode>((flags & kFlagMode) >> kModeShift);
  try {
    check_mode(info.mode, info.elem_bytes);
  } catch (const Error& e) {
    throw Error(fmt::format("corrupted container: {}", e.what()));
  }
  info.raw_bytes = get_le(file, 8, 8);
  info.payload_bytes = get_le(file, 16, 8);
  info.raw_crc32 = static_cast<std::uint32_t>(get_le(file, 24, 4));
  info.block_bytes = static_cast<std::uint32_t>(get_le(file, 28, 4));
  const auto blocks = get_le(file, 32, 4);
  elem_count(info.raw_bytes, info.elem_bytes);
  const bool indexed = (flags & kFlagBlockIndex) != 0;
  if (indexed != (info.block_bytes != 0)) {
    throw Error("corrupted container: block-index flag and block size disagree");
  }
  check_block_bytes(info.block_bytes, info.elem_bytes);
  const std::uint64_t expect_blocks =
      indexed ? (info.raw_bytes + info.block_bytes - 1) / info.block_bytes : 0;
  if (blocks != expect_blocks) {
    throw Error(
        fmt::format("corrupted container: {} index entries for {} raw bytes in blocks of {}",
                    blocks, info.raw_bytes, info.block_bytes));
  }
  // Bounds before any allocation: the index and payload must fit the file exactly.
  const std::uint64_t body = file.size() - kHeaderBytes;
  if (blocks > body / 4 || info.payload_bytes > body - 4 * blocks) {
    throw Error(
        fmt::format("truncated container: {} bytes, the header promises more", file.size()));
  }
  if (info.payload_bytes != body - 4 * blocks) {
    throw Error(fmt::format("container has {} trailing bytes after the payload",
                            body - 4 * blocks - info.payload_bytes));
  }
  const std::uint64_t n = info.raw_bytes / static_cast<std::uint64_t>(info.elem_bytes);
  const int code_bytes = payload_elem_bytes(info.mode, info.elem_bytes);
  if (info.payload_bytes > payload_bytes(n, n, code_bytes) ||
      info.payload_bytes < payload_bytes(n, 0, code_bytes)) {
    throw Error(
        fmt::format("corrupted container: payload of {} bytes is impossible for {} raw bytes",
                    info.payload_bytes, info.raw_bytes));
  }
  std::uint64_t sum = 0;
  info.block_sizes.reserve(blocks);
  for (std::uint64_t b = 0; b < blocks; ++b) {
    info.block_sizes.push_back(static_cast<std::uint32_t>(get_le(file, kHeaderBytes + 4 * b, 4)));
    sum += info.block_sizes.back();
  }
  if (indexed && sum != info.payload_bytes) {
    throw Error(fmt::format("corrupted container: block index sums to {} bytes, payload is {}", sum,
                            info.payload_bytes));
  }
  info.payload_offset = kHeaderBytes + 4 * blocks;
  return info;
}

Bytes read_container(ByteView file, Impl impl) {
  const ContainerInfo info = read_container_info(file);
  Bytes raw;
  try {
    raw = decompress(file.subspan(info.payload_offset), info.raw_bytes, info.elem_bytes, info.mode,
                     impl);
  } catch (const DecodeError& e) {
    throw Error(fmt::format("corrupted container payload: {}", e.what()));
  }
  if (crc32(raw) != info.raw_crc32) throw Error("corrupted container: raw data checksum mismatch");
  return raw;
}

Bytes read_container_block(ByteView file, const ContainerInfo& info, std::size_t block) {
  if (info.block_sizes.empty()) throw Error("the container has no block index");
  return decompress_blocks(file.subspan(info.payload_offset), info.block_sizes, info.raw_bytes,
                           info.elem_bytes, info.block_bytes, block, 1, info.mode);
}

Bytes decompress_blocks(ByteView payload, std::span<const std::uint32_t> block_sizes,
                        std::uint64_t raw_bytes, int elem_bytes, std::uint32_t block_bytes,
                        std::size_t first, std::size_t count, Mode mode) {
  check_elem_bytes(elem_bytes);
  const std::uint64_t window = 32 * static_cast<std::uint64_t>(elem_bytes);
  if (block_bytes == 0 || block_bytes % window != 0) {
    throw Error(fmt::format("block size {} is not a positive multiple of {} (32 elements)",
                            block_bytes, window));
  }
  const std::uint64_t blocks = (raw_bytes + block_bytes - 1) / block_bytes;
  if (block_sizes.size() != blocks) {
    throw Error(fmt::format("block index has {} entries, {} raw bytes make {} blocks of {}",
                            block_sizes.size(), raw_bytes, blocks, block_bytes));
  }
  std::uint64_t sum = 0;
  for (const std::uint32_t size : block_sizes) sum += size;
  if (sum != payload.size()) {
    throw Error(
        fmt::format("block index sums to {} bytes, the payload has {}", sum, payload.size()));
  }
  if (count == 0 || first >= blocks || count > blocks - first) {
    throw Error(fmt::format("blocks {} to {} are outside the map's {} blocks", first,
                            first + count - 1, blocks));
  }
  std::uint64_t offset = 0, size = 0;
  for (std::size_t b = 0; b < first + count; ++b) (b < first ? offset : size) += block_sizes[b];
  const std::uint64_t start = std::uint64_t{first} * block_bytes;
  const std::uint64_t len =
      std::min<std::uint64_t>(std::uint64_t{count} * block_bytes, raw_bytes - start);
  try {
    return decompress(payload.subspan(offset, size), static_cast<std::size_t>(len), elem_bytes,
                      mode);
  } catch (const DecodeError& e) {
    throw Error(
        fmt::format("blocks {} to {} do not decode: {}", first, first + count - 1, e.what()));
  }
}

std::vector<std::uint32_t> parse_block_index(ByteView bytes) {
  if (bytes.size() % 4 != 0) {
    throw Error(fmt::format("a block index is 4 bytes per block, not {} bytes", bytes.size()));
  }
  std::vector<std::uint32_t> sizes(bytes.size() / 4);
  for (std::size_t b = 0; b < sizes.size(); ++b)
    sizes[b] = static_cast<std::uint32_t>(get_le(bytes, 4 * b, 4));
  return sizes;
}

}  // namespace zvc
