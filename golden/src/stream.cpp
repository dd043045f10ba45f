// Streaming encoder/decoder: chunk boundaries may fall anywhere, even inside
// an element; both hold at most one window of state.
#include <fmt/format.h>

#include <algorithm>

#include "kernels.hpp"
#include "zvc/zvc.hpp"

namespace zvc {

StreamEncoder::StreamEncoder(int elem_bytes)
    : elem_(elem_bytes), window_bytes_(kWindowElems * static_cast<std::size_t>(elem_bytes)) {
  check_elem_bytes(elem_bytes);
  pending_.reserve(window_bytes_);
}

void StreamEncoder::emit_window(ByteView window, Bytes& out) {
  const std::size_t at = out.size();
  out.resize(at + kMaskBytes + window.size());
  const std::size_t n = detail::encode_window(
      window.data(), window.size() / static_cast<std::size_t>(elem_), elem_, out.data() + at);
  out.resize(at + n);
  payload_bytes_ += n;
}

void StreamEncoder::feed(ByteView raw, Bytes& out) {
  if (finished_) throw Error("StreamEncoder::feed after finish");
  raw_bytes_ += raw.size();
  // Top up a pending partial window first, then encode whole windows in place.
  if (!pending_.empty()) {
    const std::size_t take = std::min(window_bytes_ - pending_.size(), raw.size());
    pending_.insert(pending_.end(), raw.begin(), raw.begin() + static_cast<std::ptrdiff_t>(take));
    raw = raw.subspan(take);
    if (pending_.size() < window_bytes_) return;
    emit_window(pending_, out);
    pending_.clear();
  }
  while (raw.size() >= window_bytes_) {
    emit_window(raw.first(window_bytes_), out);
    raw = raw.subspan(window_bytes_);
  }
  pending_.assign(raw.begin(), raw.end());
}

void StreamEncoder::finish(Bytes& out) {
  if (finished_) return;
  if (pending_.size() % static_cast<std::size_t>(elem_) != 0) {
    throw Error(fmt::format("raw length {} bytes is not a multiple of the element size {}",
                            raw_bytes_, elem_));
  }
  if (!pending_.empty()) emit_window(pending_, out);
  pending_.clear();
  finished_ = true;
}

StreamDecoder::StreamDecoder(int elem_bytes, std::uint64_t raw_bytes)
    : elem_(elem_bytes), total_elems_(elem_count(raw_bytes, elem_bytes)) {
  window_.reserve(kMaskBytes + kWindowElems * static_cast<std::size_t>(elem_bytes));
}

std::size_t StreamDecoder::window_elems() const {
  return static_cast<std::size_t>(std::min<std::uint64_t>(kWindowElems, total_elems_ - produced_));
}

void StreamDecoder::feed(ByteView payload, Bytes& out) {
  const auto e = static_cast<std::size_t>(elem_);
  while (!payload.empty()) {
    if (done()) {
      throw DecodeError(
          DecodeFault::kTrailing, consumed_,
          fmt::format("trailing bytes after the last window at payload byte {}", consumed_));
    }
    const std::size_t take = std::min(need_ - window_.size(), payload.size());
    window_.insert(window_.end(), payload.begin(),
                   payload.begin() + static_cast<std::ptrdiff_t>(take));
    payload = payload.subspan(take);
    consumed_ += take;
    if (window_.size() < need_) return;
    const std::uint32_t mask = detail::load_le32(window_.data());
    const std::size_t count = window_elems();
    if (window_.size() == kMaskBytes) {
      if ((mask & ~detail::valid_bits(count)) != 0) {
        throw DecodeError(DecodeFault::kBadMask, consumed_ - kMaskBytes,
                          fmt::format("bad mask 0x{:08x} at byte {}: the final window holds "
                                      "only {} elements",
                                      mask, consumed_ - kMaskBytes, count));
      }
      need_ = kMaskBytes + e * static_cast<std::size_t>(std::popcount(mask));
      if (window_.size() < need_) continue;
    }
    const std::size_t at = out.size();
    out.resize(at + count * e);
    detail::decompress_scalar_from(window_, 0, elem_, std::span(out).subspan(at, count * e), 0);
    produced_ += count;
    window_.clear();
    need_ = kMaskBytes;
  }
}

void StreamDecoder::finish() {
  if (!done()) {
    throw DecodeError(DecodeFault::kTruncated, consumed_,
                      fmt::format("truncated payload: it ends at byte {} with {} of {} elements "
                                  "decoded",
                                  consumed_, produced_, total_elems_));
  }
}

}  // namespace zvc
