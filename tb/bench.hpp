// One bench for both codec modules, on the common harness (harness.hpp): a
// Verilated model, its AXI4-Stream source and sink, the status port and (for
// the decompressor) the command port, all with seeded idle/backpressure
// patterns, and cycle accounting for the throughput and latency assertions.
#pragma once

#include <limits>

#include "axis.hpp"
#include "harness.hpp"

namespace tb {

struct RunStats {
  std::uint64_t cycles = 0;
  std::uint64_t in_stall = 0;  // cycles with s_axis_tvalid high and tready low
  std::uint64_t in_beats = 0, out_beats = 0;
  std::uint64_t first_in = kNever, last_in = 0, first_out = kNever, last_out = 0;
  std::uint64_t out_gaps = 0;  // idle output cycles between the first and last beat
  std::string error;           // first failure, empty when all matched
  static constexpr std::uint64_t kNever = std::numeric_limits<std::uint64_t>::max();
};

struct Patterns {
  Pattern in = Pattern::kNone, out = Pattern::kNone, sts = Pattern::kNone, cmd = Pattern::kNone;
  std::uint64_t in_delay = 0;  // cycles before the first input beat is offered
};

template <class M>
class Bench {
 public:
  static constexpr bool kHasCmd = requires(M m) { m.cmd_valid_i; };

  Bench(std::size_t bus_bytes, const std::string& name, std::uint64_t seed, Patterns p)
      : h_(name, seed),
        dut_(&h_.dut()),
        src_(bus_bytes, p.in, seed * 4 + 1),
        sink_(bus_bytes, p.out, seed * 4 + 2),
        sts_(p.sts, seed * 4 + 3),
        cmd_gate_(p.cmd, seed * 4 + 4),
        in_delay_(p.in_delay) {
    reset();
  }

  M& dut() { return *dut_; }

  // A frame: its input beats, the output bytes and status it must produce,
  // and (decompressor) the raw length command with the frame's mode.
  void push(const std::vector<Beat>& beats, Bytes expect, Status status, std::uint32_t cmd = 0,
            std::uint8_t cmd_mode = 0) {
    src_.push(beats);
    sink_.expect(std::move(expect));
    expected_sts_.push_back(status);
    if constexpr (kHasCmd) cmd_queue_.push_back({cmd, cmd_mode});
    pending_in_beats_ += beats.size();
  }

  // Runs until every frame and status is out, a check fails, a hang is
  // detected, or stop_after cycles have passed (for reset tests).
  RunStats run(std::uint64_t stop_after = std::numeric_limits<std::uint64_t>::max()) {
    RunStats st;
    const std::uint64_t limit = 2000 + 60 * (pending_in_beats_ + 64);
    const std::uint64_t start = h_.cycle();
    while (!(src_.idle() && sink_.done() && sts_.records.size() >= expected_sts_.size())) {
      if (h_.cycle() - start >= stop_after) break;
      if (h_.cycle() - start > limit) {
        st.error = fmt::format(
            "hang: no progress after {} cycles ({} frames left, {} statuses of {})", limit,
            expected_sts_.size() - sts_.records.size(), sts_.records.size(), expected_sts_.size());
        break;
      }
      if (h_.cycle() - start >= in_delay_) {
        src_.drive(*dut_);
      } else {
        dut_->s_axis_tvalid = 0;
      }
      sink_.drive(*dut_);
      sts_.drive(*dut_);
      bool cmd_fire = false;
      if constexpr (kHasCmd) {
        if (!cmd_offering_ && !cmd_queue_.empty() && cmd_gate_.next()) cmd_offering_ = true;
        dut_->cmd_valid_i = cmd_offering_;
        dut_->cmd_raw_bytes_i = cmd_offering_ ? cmd_queue_.front().first : 0xDEADBEEF;
        dut_->cmd_mode_i = cmd_offering_ ? cmd_queue_.front().second : 3;
      }
      dut_->eval();
      const bool in_fire = src_.fires(*dut_);
      if (src_.offering() && !dut_->s_axis_tready) ++st.in_stall;
      if constexpr (kHasCmd) cmd_fire = cmd_offering_ && dut_->cmd_ready_o;
      const std::uint64_t rel = h_.cycle() - start;
      if (in_fire) {
        ++st.in_beats;
        st.first_in = std::min(st.first_in, rel);
        st.last_in = rel;
      }
      if (sink_.sample(*dut_)) {
        ++st.out_beats;
        if (st.first_out != RunStats::kNever) st.out_gaps += rel - st.last_out - 1;
        st.first_out = std::min(st.first_out, rel);
        st.last_out = rel;
      }
      sts_.sample(*dut_, [](const M& m) { return read_status(m); });
      h_.edge();
      src_.advance(in_fire);
      if constexpr (kHasCmd) {
        if (cmd_fire) {
          cmd_queue_.pop_front();
          cmd_offering_ = false;
        }
      }
      if (!sink_.error().empty()) break;
    }
    st.cycles = h_.cycle() - start;
    pending_in_beats_ = 0;
    if (st.error.empty()) st.error = sink_.error();
    if (st.error.empty() && stop_after == std::numeric_limits<std::uint64_t>::max()) {
      for (std::size_t i = 0; i < expected_sts_.size(); ++i) {
        if (i >= sts_.records.size() || !(sts_.records[i] == expected_sts_[i])) {
          st.error =
              fmt::format("status of frame {}: expected {}, got {}", i, to_string(expected_sts_[i]),
                          i < sts_.records.size() ? to_string(sts_.records[i]) : "none");
          break;
        }
      }
      if (st.error.empty() && sts_.records.size() != expected_sts_.size()) {
        st.error = fmt::format("{} status records for {} frames", sts_.records.size(),
                               expected_sts_.size());
      }
    }
    return st;
  }

  // Reset in the middle of traffic: everything in flight is forgotten.
  void reset() {
    src_.clear();
    sink_.clear();
    sts_.records.clear();
    expected_sts_.clear();
    cmd_queue_.clear();
    cmd_offering_ = false;
    dut_->rst_ni = 0;
    dut_->s_axis_tvalid = 0;
    dut_->m_axis_tready = 0;
    dut_->sts_ready_i = 0;
    if constexpr (kHasCmd) dut_->cmd_valid_i = 0;
    h_.reset();
  }

 private:
  static Status read_status(const M& m) {
    Status s;
    if constexpr (requires { m.sts_raw_bytes_o; }) s.raw = m.sts_raw_bytes_o;
    s.comp = m.sts_comp_bytes_o;
    s.err = m.sts_error_o;
    // The decompressor's sts_bad_mode_o and sts_bad_keep_o as bits 3 and 4 of
    // the error.
    if constexpr (requires { m.sts_bad_mode_o; })
      s.err |= static_cast<std::uint32_t>(m.sts_bad_mode_o) << 3;
    if constexpr (requires { m.sts_bad_keep_o; })
      s.err |= static_cast<std::uint32_t>(m.sts_bad_keep_o) << 4;
    return s;
  }

  Harness<M> h_;
  M* dut_;
  Source src_;
  Sink sink_;
  StatusSink<Status> sts_;
  Gate cmd_gate_;
  std::deque<std::pair<std::uint32_t, std::uint8_t>> cmd_queue_;  // raw length, mode
  bool cmd_offering_ = false;
  std::vector<Status> expected_sts_;
  std::uint64_t in_delay_;
  std::uint64_t pending_in_beats_ = 0;
};

}  // namespace tb
