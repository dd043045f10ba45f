// AXI4-Stream test-bench parts shared by every Verilator bench: port access
// for Verilator's signal types, seeded idle/backpressure patterns, a source,
// a sink with protocol checks and the scoreboard that reports the first
// mismatch by frame, beat and byte. No ZVC logic lives here: expected data
// comes from the golden library.
#pragma once

#include <fmt/format.h>
#include <verilated.h>

#include <cstdint>
#include <deque>
#include <optional>
#include <ostream>
#include <string>
#include <type_traits>
#include <vector>

#include "zvc/synth.hpp"
#include "zvc/zvc.hpp"

namespace tb {

using zvc::Bytes;
using zvc::SplitMix64;

// ---- Verilator port access (integers up to 64 bits, VlWide above) -----------
template <typename T>
void put_bits(T& sig, std::size_t bit, bool value) {
  if constexpr (std::is_integral_v<T>) {
    const T mask = static_cast<T>(T{1} << bit);
    sig = value ? static_cast<T>(sig | mask) : static_cast<T>(sig & ~mask);
  } else {
    const EData mask = EData{1} << (bit % 32);
    sig.at(bit / 32) = value ? (sig.at(bit / 32) | mask) : (sig.at(bit / 32) & ~mask);
  }
}
template <typename T>
bool get_bit(const T& sig, std::size_t bit) {
  if constexpr (std::is_integral_v<T>) {
    return ((sig >> bit) & 1u) != 0;
  } else {
    return ((sig.at(bit / 32) >> (bit % 32)) & 1u) != 0;
  }
}
template <typename T>
void put_bytes(T& sig, const Bytes& bytes) {
  if constexpr (std::is_integral_v<T>) {
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < bytes.size(); ++i) v |= std::uint64_t{bytes[i]} << (8 * i);
    sig = static_cast<T>(v);
  } else {
    for (std::size_t w = 0; w < bytes.size() / 4; ++w) {
      sig.at(w) = EData{bytes[4 * w]} | EData{bytes[4 * w + 1]} << 8 |
                  EData{bytes[4 * w + 2]} << 16 | EData{bytes[4 * w + 3]} << 24;
    }
  }
}
template <typename T>
Bytes get_bytes(const T& sig, std::size_t n) {
  Bytes out(n);
  for (std::size_t i = 0; i < n; ++i) {
    if constexpr (std::is_integral_v<T>) {
      out[i] = static_cast<std::uint8_t>(static_cast<std::uint64_t>(sig) >> (8 * i));
    } else {
      out[i] = static_cast<std::uint8_t>(sig.at(i / 4) >> (8 * (i % 4)));
    }
  }
  return out;
}

// The shipped real activation maps (data/sample/*.zvc, fp32), sorted by
// name: {file stem, raw bytes}.
std::vector<std::pair<std::string, Bytes>> sample_maps(const std::string& dir);

// ---- Beats --------------------------------------------------------------------
struct Beat {
  Bytes data;              // bus_bytes bytes
  std::vector<bool> keep;  // bus_bytes flags
  bool last = false;
  std::uint8_t user = 0;  // s_axis_tuser, where the module has it (the compressor's mode)
  bool operator==(const Beat&) const = default;
};

// A frame's bytes as beats (ZVC-FORMAT.md, "Byte order on a bus"); an empty
// frame is one beat with tkeep = 0 and tlast.
std::vector<Beat> to_beats(const Bytes& frame, std::size_t bus_bytes);

// ---- Idle / backpressure patterns -----------------------------------------------
enum class Pattern { kNone, kLight, kHeavy, kBursty };
inline constexpr Pattern kAllPatterns[] = {Pattern::kNone, Pattern::kLight, Pattern::kHeavy,
                                           Pattern::kBursty};
const char* to_string(Pattern p);

// Says, cycle by cycle, whether a side may be active (valid offered, ready high).
class Gate {
 public:
  Gate(Pattern pattern, std::uint64_t seed) : pattern_(pattern), rng_(seed) {}
  bool next();

 private:
  Pattern pattern_;
  SplitMix64 rng_;
  bool burst_on_ = true;
};

// ---- Source: drives s_axis_* from a queue of beats ------------------------------
class Source {
 public:
  Source(std::size_t bus_bytes, Pattern pattern, std::uint64_t seed)
      : bus_bytes_(bus_bytes), gate_(pattern, seed), junk_(seed ^ 0x5555) {}
  void push(const std::vector<Beat>& beats) {
    queue_.insert(queue_.end(), beats.begin(), beats.end());
  }
  void clear() {
    queue_.clear();
    offering_ = false;
  }
  bool idle() const { return queue_.empty(); }
  bool offering() const { return offering_; }

  template <class M>
  void drive(M& m) {
    if (!offering_ && !queue_.empty() && gate_.next()) offering_ = true;
    m.s_axis_tvalid = offering_;
    if (offering_) {
      put_bytes(m.s_axis_tdata, queue_.front().data);
      for (std::size_t b = 0; b < bus_bytes_; ++b)
        put_bits(m.s_axis_tkeep, b, queue_.front().keep[b]);
      m.s_axis_tlast = queue_.front().last;
      if constexpr (requires { m.s_axis_tuser; }) m.s_axis_tuser = queue_.front().user;
    } else {
      // Junk on an idle bus must not matter.
      Bytes junk(bus_bytes_);
      for (auto& b : junk) b = static_cast<std::uint8_t>(junk_.next());
      put_bytes(m.s_axis_tdata, junk);
      m.s_axis_tlast = junk[0] & 1;
      if constexpr (requires { m.s_axis_tuser; }) m.s_axis_tuser = junk[0] >> 6;
    }
  }
  template <class M>
  bool fires(const M& m) const {
    return offering_ && m.s_axis_tready;
  }
  void advance(bool fired) {
    if (!fired) return;
    queue_.pop_front();
    offering_ = false;
  }

 private:
  std::size_t bus_bytes_;
  Gate gate_;
  SplitMix64 junk_;
  std::deque<Beat> queue_;
  bool offering_ = false;
};

// ---- Sink: m_axis_* with protocol checks and the golden scoreboard ---------------
class Sink {
 public:
  Sink(std::size_t bus_bytes, Pattern pattern, std::uint64_t seed)
      : bus_bytes_(bus_bytes), gate_(pattern, seed) {}
  void expect(Bytes frame) { expected_.push_back(std::move(frame)); }
  void clear() {
    expected_.clear();
    offset_ = 0;
    beat_in_frame_ = 0;
    stalled_.reset();
  }
  bool done() const { return expected_.empty(); }
  const std::string& error() const { return error_; }

  template <class M>
  void drive(M& m) {
    ready_ = gate_.next();
    m.m_axis_tready = ready_;
  }
  // Call after eval() with the clock low; returns whether a beat was taken.
  template <class M>
  bool sample(const M& m) {
    if (!m.m_axis_tvalid) {
      if (stalled_) fail("tvalid dropped before tready");
      stalled_.reset();
      return false;
    }
    Beat beat{get_bytes(m.m_axis_tdata, bus_bytes_), std::vector<bool>(bus_bytes_),
              m.m_axis_tlast != 0};
    for (std::size_t b = 0; b < bus_bytes_; ++b) beat.keep[b] = get_bit(m.m_axis_tkeep, b);
    if (stalled_ && !(beat == *stalled_)) fail("tdata/tkeep/tlast changed while stalled");
    if (!ready_) {
      stalled_ = beat;
      return false;
    }
    stalled_.reset();
    take(beat);
    return true;
  }

 private:
  void fail(const std::string& what);
  void take(const Beat& beat);

  std::size_t bus_bytes_;
  Gate gate_;
  bool ready_ = false;
  std::optional<Beat> stalled_;
  std::deque<Bytes> expected_;
  std::size_t offset_ = 0;  // bytes of the current frame already taken
  std::size_t beat_in_frame_ = 0;
  std::uint64_t frames_ = 0;  // frames taken, for the failure message
  std::string error_;
};

// ---- Status records ---------------------------------------------------------------
// One record type for every status port: the codecs fill raw (compressor),
// comp and err; the DMA engine all four.
struct Status {
  std::uint16_t tag = 0;
  std::uint32_t raw = 0;
  std::uint32_t comp = 0;
  std::uint32_t err = 0;
  bool operator==(const Status&) const = default;
};
std::string to_string(const Status& s);
// doctest prints both sides of a failed comparison with this.
std::ostream& operator<<(std::ostream& os, const Status& s);

// ---- Status port: records in order, with its own ready pattern --------------------
template <typename Record>
class StatusSink {
 public:
  StatusSink(Pattern pattern, std::uint64_t seed) : gate_(pattern, seed) {}
  template <class M>
  void drive(M& m) {
    ready_ = gate_.next();
    m.sts_ready_i = ready_;
  }
  template <class M, class Read>
  void sample(const M& m, Read read) {
    if (m.sts_valid_o && ready_) records.push_back(read(m));
  }
  std::vector<Record> records;

 private:
  Gate gate_;
  bool ready_ = false;
};

}  // namespace tb
