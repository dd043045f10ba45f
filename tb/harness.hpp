// The core every Verilator bench in tb/ is built on: one model in its own
// VerilatedContext with a seeded random initial state, the reset sequence,
// the one clock loop, an optional FST trace and the coverage file, and the
// command line every bench's main() takes (tb/main.hpp).
//
//   --seed=N     the seed every test derives its stimulus and the models'
//                random initial state from (default 1, printed at start)
//   ZVC_TRACE=1  (environment) write <name>_<n>.fst for every model
#pragma once

#include <fmt/format.h>
#include <unistd.h>
#include <verilated.h>
#include <verilated_fst_c.h>

#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

namespace tb {

// The --seed=N given to the bench (1 without one; tb/main.hpp sets it).
inline std::uint64_t& seed() {
  static std::uint64_t value = 1;
  return value;
}

// Whether ZVC_TRACE=1 asks for traces.
inline bool tracing() {
  const char* trace = std::getenv("ZVC_TRACE");
  return trace != nullptr && std::string(trace) == "1";
}

template <class M>
class Harness {
 public:
  // The model's state that reset does not set starts random (the models are
  // verilated with --x-initial unique), from `seed`: nothing may rely on it.
  // Coverage builds start from zeros instead: random values settling into
  // their reset values would count as toggles of every bit of every register.
  // `name` names the trace and coverage files.
  Harness(const std::string& name, std::uint64_t seed) : name_(name) {
    // Verilator draws the initial values when the model is constructed.
#if VM_COVERAGE
    ctx_.randReset(0);
#else
    ctx_.randReset(2);
#endif
    ctx_.randSeed(static_cast<int>(seed % 1000003));
    dut_ = std::make_unique<M>(&ctx_, "dut");
    if (tracing()) {
      ctx_.traceEverOn(true);
      trace_ = std::make_unique<VerilatedFstC>();
      dut_->trace(trace_.get(), 99);
      // Numbered, so that a test running several models keeps each trace.
      static int traces = 0;
      std::string file = fmt::format("{}-{}", name, traces++);
      for (char& c : file) c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
      trace_->open((file + ".fst").c_str());
    }
  }
  ~Harness() {
    if (trace_) trace_->close();
    dut_->final();
#if VM_COVERAGE
    // One file per model instance; tools/rtl-coverage.sh merges them.
    static int instance = 0;
    ctx_.coveragep()->write(
        fmt::format("coverage-{}-{}-{}.dat", name_, ::getpid(), instance++).c_str());
#endif
  }
  Harness(const Harness&) = delete;
  Harness& operator=(const Harness&) = delete;

  M& dut() {
    return *dut_;
  }
  const M& dut() const {
    return *dut_;
  }
  std::uint64_t cycle() const {
    return cycle_;
  }

  // One clock cycle: the rising edge, then the falling one.
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
  // rst_ni low for 4 cycles (the RTL's minimum), then one cycle high. Inputs
  // start random too: the caller drives the valid and ready inputs low first.
  void reset() {
    dut_->rst_ni = 0;
    for (int i = 0; i < 4; ++i) edge();
    dut_->rst_ni = 1;
    edge();
  }

 private:
  VerilatedContext ctx_;
  std::unique_ptr<M> dut_;
  std::unique_ptr<VerilatedFstC> trace_;
  std::string name_;
  std::uint64_t cycle_ = 0;
};

}  // namespace tb
