// One harness for both codec modules: a Verilated model, its AXI4-Stream
// source and sink, the status port and (for the decompressor) the command
// port, all with seeded idle/backpressure patterns, and cycle accounting for
// the throughput and latency assertions. Set ZVC_TRACE=1 to write
// <scenario>_<n>.fst for every bench (rerun a failing test with it).
#pragma once

#include <unistd.h>
#include <verilated.h>
#include <verilated_fst_c.h>

#include <cstdlib>
#include <limits>
#include <memory>

#include "axis.hpp"

namespace tb {

struct Status {
  std::uint32_t raw = 0;  // compressor only
  std::uint32_t comp = 0;
  std::uint32_t err = 0;
  bool operator==(const Status&) const = default;
};
std::string to_string(const Status& s);

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
      : dut_(std::make_unique<M>(&ctx_, "dut")),
        src_(bus_bytes, p.in, seed * 4 + 1),
        sink_(bus_bytes, p.out, seed * 4 + 2),
        sts_(p.sts, seed * 4 + 3),
        cmd_gate_(p.cmd, seed * 4 + 4),
        in_delay_(p.in_delay),
        name_(name) {
    // Uninitialised state gets random values (--x-initial unique): nothing may rely on it.
    ctx_.randReset(2);
    ctx_.randSeed(static_cast<int>(seed % 1000003));
    const char* trace = std::getenv("ZVC_TRACE");
    if (trace != nullptr && std::string(trace) == "1") {
      ctx_.traceEverOn(true);
      trace_ = std::make_unique<VerilatedFstC>();
      dut_->trace(trace_.get(), 99);
      // Numbered, so that a scenario running several benches keeps each one.
      static int traces = 0;
      std::string file = fmt::format("{}-{}", name, traces++);
      for (char& c : file) c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
      trace_->open((file + ".fst").c_str());
    }
    reset();
  }
  ~Bench() {
    if (trace_) trace_->close();
    dut_->final();
#if VM_COVERAGE
    // One file per model instance; tools/rtl-coverage.sh merges them.
    static int instance = 0;
    ctx_.coveragep()->write(
        fmt::format("coverage-{}-{}-{}.dat", name_, ::getpid(), instance++).c_str());
#endif
  }

  M& dut() {
    return *dut_;
  }

  // A frame: its input beats, the output bytes and status it must produce,
  // and (decompressor) the raw length command.
  void push(const std::vector<Beat>& beats, Bytes expect, Status status, std::uint32_t cmd = 0) {
    src_.push(beats);
    sink_.expect(std::move(expect));
    expected_sts_.push_back(status);
    if constexpr (kHasCmd) cmd_queue_.push_back(cmd);
    pending_in_beats_ += beats.size();
  }

  // Runs until every frame and status is out, a check fails, a hang is
  // detected, or stop_after cycles have passed (for reset tests).
  RunStats run(std::uint64_t stop_after = std::numeric_limits<std::uint64_t>::max()) {
    RunStats st;
    const std::uint64_t limit = 2000 + 60 * (pending_in_beats_ + 64);
    const std::uint64_t start = cycle_;
    while (!(src_.idle() && sink_.done() && sts_.records.size() >= expected_sts_.size())) {
      if (cycle_ - start >= stop_after) break;
      if (cycle_ - start > limit) {
        st.error = fmt::format(
            "hang: no progress after {} cycles ({} frames left, {} statuses of {})", limit,
            expected_sts_.size() - sts_.records.size(), sts_.records.size(), expected_sts_.size());
        break;
      }
      if (cycle_ - start >= in_delay_) {
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
        dut_->cmd_raw_bytes_i = cmd_offering_ ? cmd_queue_.front() : 0xDEADBEEF;
      }
      dut_->eval();
      const bool in_fire = src_.fires(*dut_);
      if (src_.offering() && !dut_->s_axis_tready) ++st.in_stall;
      if constexpr (kHasCmd) cmd_fire = cmd_offering_ && dut_->cmd_ready_o;
      const std::uint64_t rel = cycle_ - start;
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
      edge();
      src_.advance(in_fire);
      if constexpr (kHasCmd) {
        if (cmd_fire) {
          cmd_queue_.pop_front();
          cmd_offering_ = false;
        }
      }
      if (!sink_.error().empty()) break;
    }
    st.cycles = cycle_ - start;
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
    for (int i = 0; i < 4; ++i) edge();
    dut_->rst_ni = 1;
    edge();
  }

 private:
  static Status read_status(const M& m) {
    Status s;
    if constexpr (requires { m.sts_raw_bytes_o; }) s.raw = m.sts_raw_bytes_o;
    s.comp = m.sts_comp_bytes_o;
    s.err = m.sts_error_o;
    return s;
  }
  void edge() {
    dut_->clk_i = 1;
    dut_->eval();
    if (trace_) trace_->dump(ctx_.time());
    ctx_.timeInc(1);
    dut_->clk_i = 0;
    dut_->eval();
    if (trace_) trace_->dump(ctx_.time());
    ctx_.timeInc(1);
    ++cycle_;
  }

  VerilatedContext ctx_;
  std::unique_ptr<M> dut_;
  std::unique_ptr<VerilatedFstC> trace_;
  Source src_;
  Sink sink_;
  StatusSink<Status> sts_;
  Gate cmd_gate_;
  std::deque<std::uint32_t> cmd_queue_;
  bool cmd_offering_ = false;
  std::vector<Status> expected_sts_;
  std::uint64_t in_delay_;
  std::string name_;
  std::uint64_t cycle_ = 0;
  std::uint64_t pending_in_beats_ = 0;
};

}  // namespace tb
