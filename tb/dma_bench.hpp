// The DMA engine bench, shared by tb/dma_tb.cpp and the demo: a sparse
// memory, a C++ AXI4 slave (read latency, read/write bandwidth, random
// stalls, SLVERR/DECERR ranges), a protocol checker on every AXI channel, and
// for cdma_dma (a top with AXI4-Lite registers) a CPU model that runs the C
// driver library (include/cdma.h) on its registers and interrupt. DmaBench<Dut>
// takes the verilated top, cdma_engine or cdma_dma, and the engine parameters
// it checks the bus against.
#pragma once

#include <algorithm>
#include <array>
#include <deque>
#include <optional>
#include <unordered_map>

#include "axis.hpp"
#include "cdma.h"
#include "harness.hpp"

namespace tb::dma {

enum Op : std::uint8_t { kCopy = 0, kOffload = 1, kPrefetch = 2 };
enum Err : std::uint8_t {
  kOk = 0,
  kTruncated = 1,
  kTrailing = 2,
  kBadMask = 3,
  kReadSlv = 4,
  kReadDec = 5,
  kWriteSlv = 6,
  kWriteDec = 7,
  kDescriptor = 8,
  kCompress = 9,
  kCapacity = 10
};

struct Desc {
  std::uint8_t op;
  std::uint64_t src, dst;
  std::uint32_t raw, comp;
  std::uint16_t tag;
  std::uint8_t mode = 0;  // the codec's frame mode (zvc::Mode)
  bool index = false;     // OFFLOAD: write the block index at dst, the payload after it
};

// The parameters of the verilated engine that the bus checks depend on.
struct EngineConfig {
  std::size_t bus_bytes;  // BusBytes
  unsigned max_burst;     // MaxBurstBeats
  unsigned max_reads;     // MaxReads
};

// ---- Sparse byte-addressed memory ---------------------------------------------------
// Untouched memory reads 0xEE, not zero, so a stray or missing write shows.
constexpr std::uint8_t kUntouched = 0xEE;

class Memory {
 public:
  std::uint8_t get(std::uint64_t a) const;
  void set(std::uint64_t a, std::uint8_t v);
  void write(std::uint64_t a, const Bytes& b);
  Bytes read(std::uint64_t a, std::size_t n) const;

 private:
  std::array<std::uint8_t, 4096>& page(std::uint64_t a);
  std::unordered_map<std::uint64_t, std::array<std::uint8_t, 4096>> pages_;
};

struct SlaveConfig {
  unsigned read_latency = 8;           // cycles from AR accepted to the first R beat
  double read_bytes_per_cycle = 1e9;   // R bandwidth (beats are spaced to meet it)
  double write_bytes_per_cycle = 1e9;  // W bandwidth (wready is spaced to meet it)
  Pattern ready = Pattern::kNone;      // arready / awready / wready stalls
  Pattern resp = Pattern::kNone;       // rvalid / bvalid gaps
  unsigned write_latency = 0;          // cycles from a burst's last W beat to its B response
};

struct ErrorRange {
  std::uint64_t lo, hi;  // [lo, hi)
  bool read;
  std::uint8_t resp;  // 2 SLVERR, 3 DECERR
};

// Whether the slave's byte range [lo, hi) answers an error, and which: the
// highest resp of the ranges it touches (0 OKAY).
std::uint8_t error_resp(const std::vector<ErrorRange>& errors, std::uint64_t lo, std::uint64_t hi,
                        bool read);

// ---- The bench --------------------------------------------------------------------------
template <class Dut>
class DmaBench {
 public:
  // cdma_dma has the AXI4-Lite registers; cdma_engine takes descriptors directly.
  static constexpr bool kCsr = requires(Dut & d) { d.s_axil_awvalid; };

  // auto_irq (CSR top): the CPU model runs the driver library: it enables the
  // interrupt, queues descriptors with cdma_submit and collects statuses with
  // cdma_service_irq; off for tests that drive the registers by hand.
  DmaBench(EngineConfig engine, std::uint64_t seed, SlaveConfig cfg, Pattern sts = Pattern::kNone,
           bool auto_irq = true)
      : h_("dma", seed),
        dut_(&h_.dut()),
        engine_(engine),
        cfg_(cfg),
        ar_gate_(cfg.ready, seed * 7 + 1),
        aw_gate_(cfg.ready, seed * 7 + 2),
        w_gate_(cfg.ready, seed * 7 + 3),
        r_gate_(cfg.resp, seed * 7 + 4),
        b_gate_(cfg.resp, seed * 7 + 5),
        sts_gate_(sts, seed * 7 + 6),
        auto_irq_(kCsr && auto_irq) {
    // Inputs start random like the state: hold every handshake low through reset.
    auto& d = *dut_;
    if constexpr (kCsr) {
      d.s_axil_awvalid = d.s_axil_wvalid = d.s_axil_arvalid = 0;
      d.s_axil_bready = d.s_axil_rready = 0;
    } else {
      d.desc_valid_i = 0;
      d.sts_ready_i = 0;
    }
    d.m_axi_arready = d.m_axi_awready = d.m_axi_wready = 0;
    d.m_axi_rvalid = d.m_axi_bvalid = 0;
    h_.reset();
    if constexpr (kCsr) {
      // The descriptor ring's fetches (cdma_ring: Fetch = 2 descriptors, each
      // in bursts of at most MaxBurstBeats) share the read channel.
      const std::size_t desc_beats = std::max<std::size_t>(32 / engine_.bus_bytes, 1);
      engine_.max_reads += static_cast<unsigned>(
          2 * (desc_beats / std::min<std::size_t>(desc_beats, engine_.max_burst)));
      setup_driver();
    }
  }

 private:
  // The driver library's device: its register accesses are AXI4-Lite
  // transactions on the top (the clock runs meanwhile); any error response is
  // a driver bug and fails the bench. With auto_irq the CPU model opens it
  // with the interrupt enabled.
  void setup_driver() {
    cpu_.read32 = [](void* ctx, std::uint32_t offset) {
      auto& b = *static_cast<DmaBench*>(ctx);
      const auto [value, resp] = b.lite_now(false, static_cast<std::uint8_t>(offset));
      if (resp != 0) b.fail(fmt::format("driver read of 0x{:02x} answered {}", offset, resp));
      return value;
    };
    cpu_.write32 = [](void* ctx, std::uint32_t offset, std::uint32_t value) {
      auto& b = *static_cast<DmaBench*>(ctx);
      const std::uint8_t resp = b.lite_now(true, static_cast<std::uint8_t>(offset), value).second;
      if (resp != 0) b.fail(fmt::format("driver write of 0x{:02x} answered {}", offset, resp));
    };
    // Descriptor rings: the CPU's stores and loads reach the bench's memory at once.
    cpu_.write_mem = [](void* ctx, std::uint64_t addr, const void* src, std::uint32_t n) {
      const auto* p = static_cast<const std::uint8_t*>(src);
      static_cast<DmaBench*>(ctx)->mem.write(addr, Bytes(p, p + n));
    };
    cpu_.read_mem = [](void* ctx, std::uint64_t addr, void* dst, std::uint32_t n) {
      const Bytes b = static_cast<DmaBench*>(ctx)->mem.read(addr, n);
      std::copy(b.begin(), b.end(), static_cast<std::uint8_t*>(dst));
    };
    cpu_.ctx = this;
    if (auto_irq_) {
      cpu_.wait_irq = [](void*) {
      };  // only so that cdma_open enables the interrupt; tick() takes it
      if (cdma_open(&cpu_) != 0) fail("cdma_open: no cdma_dma at the registers");
      cpu_.wait_irq = nullptr;
    }
  }

 public:
  Memory mem;
  std::vector<ErrorRange> errors;
  std::vector<Status> statuses;
  std::string error;  // first protocol or bench failure
  std::uint64_t ar_count = 0, aw_count = 0, b_count = 0;
  std::uint64_t max_writes_out = 0;  // most write bursts accepted and not yet answered

  // ---- The CPU model (cdma_dma) ----
  // One AXI4-Lite transaction, run to completion: {data, resp}.
  std::pair<std::uint32_t, std::uint8_t> lite_now(bool write, std::uint8_t addr,
                                                  std::uint32_t data = 0, std::uint8_t strb = 0xF) {
    lite_op_ = LiteOp{write, addr, data, strb};
    ++lite_seq_;
    lite_addr_phase_ = true;
    lite_done_.reset();
    for (int i = 0; i < 1000 && !lite_done_ && error.empty(); ++i) step();
    lite_op_.reset();
    if (!lite_done_) fail("AXI4-Lite transaction did not complete");
    return lite_done_.value_or(std::pair<std::uint32_t, std::uint8_t>{0, 0xFF});
  }
  bool irq() const { return dut_->irq_o; }
  // The driver library's device on this top (kCsr), for tests that call the library.
  cdma_dev& driver() { return cpu_; }

  // A descriptor: through the driver library (cdma_dma), which waits while
  // the queue is full, taking interrupts meanwhile; or the descriptor port.
  void submit(const Desc& d) {
    if constexpr (kCsr) {
      const cdma_desc cd{d.op,  d.mode, d.tag,  d.src,
                         d.dst, d.raw,  d.comp, d.index ? unsigned{CDMA_FLAG_INDEX} : 0u};
      while (cdma_submit(&cpu_, &cd) == CDMA_RC_FULL && error.empty()) tick();
    } else {
      descs_.push_back(d);
    }
  }
  std::uint64_t cycle() const { return h_.cycle(); }

  // Runs until `count` statuses have arrived in total; false (with error set) on a hang.
  bool run_until(std::size_t count, std::uint64_t limit = 2'000'000) {
    const std::uint64_t start = cycle();
    while (statuses.size() < count && error.empty()) {
      if (cycle() - start > limit) {
        error =
            fmt::format("hang: {} of {} statuses after {} cycles", statuses.size(), count, limit);
        break;
      }
      tick();
    }
    return error.empty();
  }
  void idle(std::uint64_t cycles) {
    for (std::uint64_t i = 0; i < cycles && error.empty(); ++i) tick();
  }

 private:
  struct ReadBurst {
    std::uint64_t addr;
    unsigned beats, sent = 0;
    std::uint64_t ready_at;
  };
  struct WriteBurst {
    std::uint64_t addr;
    unsigned beats, got = 0;
    std::uint8_t resp = 0;
  };
  struct Held {  // a master channel's valid payload, to check it is stable until ready
    bool valid = false;
    Bytes payload;
  };

  void fail(const std::string& what) {
    if (error.empty()) error = fmt::format("cycle {}: {}", cycle(), what);
  }
  // An AR/AW request's fields as bytes, for the stability check.
  template <class A, class L, class S, class U>
  static Bytes request(A addr, L len, S size, U burst) {
    Bytes b;
    append(b, addr), append(b, len), append(b, size), append(b, burst);
    return b;
  }
  template <class T>
  static void append(Bytes& b, T v) {
    for (std::size_t i = 0; i < sizeof(T); ++i)
      b.push_back(static_cast<std::uint8_t>(static_cast<std::uint64_t>(v) >> (8 * i)));
  }
  void check_stable(Held& h, bool valid, bool ready, const Bytes& payload, const char* ch) {
    if (h.valid && !valid) fail(fmt::format("{}VALID dropped before {}READY", ch, ch));
    if (h.valid && valid && payload != h.payload)
      fail(fmt::format("{} payload changed while stalled", ch));
    h.valid = valid && !ready;
    h.payload = payload;
  }
  void check_burst(std::uint64_t addr, unsigned len, unsigned size, unsigned burst, unsigned id,
                   const char* ch) {
    const unsigned beats = len + 1;
    if (beats > engine_.max_burst)
      fail(fmt::format("{}LEN {} beyond MaxBurstBeats {}", ch, len, engine_.max_burst));
    const std::size_t bus = engine_.bus_bytes;
    if ((addr & 4095) + std::uint64_t{beats} * bus > 4096)
      fail(fmt::format("{} burst at 0x{:x} of {} beats crosses a 4 KB boundary", ch, addr, beats));
    if ((std::size_t{1} << size) != bus)
      fail(fmt::format("{}SIZE {} on a {}-byte bus", ch, size, bus));
    if (burst != 1) fail(fmt::format("{}BURST {} is not INCR", ch, burst));
    if (addr % bus) fail(fmt::format("{}ADDR 0x{:x} not beat aligned", ch, addr));
    if (id != 0) fail(fmt::format("{}ID {}", ch, id));
  }

  // One cycle of the CPU model: a clock, then the interrupt handler if irq_o
  // is high (its register accesses run the clock on).
  void tick() {
    step();
    if constexpr (kCsr) {
      if (auto_irq_ && dut_->irq_o && error.empty())
        cdma_service_irq(
            &cpu_,
            [](void* ctx, const cdma_status* s) {
              static_cast<DmaBench*>(ctx)->statuses.push_back(
                  {s->tag, s->raw_bytes, s->comp_bytes, static_cast<std::uint8_t>(s->error)});
            },
            this);
    }
  }

  void step() {
    auto& d = *dut_;
    const std::size_t B = engine_.bus_bytes;
    // ---- drive inputs ----
    const LiteOp* op = nullptr;
    bool desc_offer = false, sts_ready = false;
    if constexpr (kCsr) {
      op = lite_op_ && !lite_done_ ? &*lite_op_ : nullptr;
      d.s_axil_awvalid = op && op->write && lite_addr_phase_;
      d.s_axil_wvalid = d.s_axil_awvalid;
      // AxPROT and the byte offset within the register are ignored (docs/dma.md); the bench
      // drives every value of them in turn.
      const auto ignored = static_cast<std::uint8_t>(lite_seq_ % 32);
      d.s_axil_awaddr = op ? static_cast<std::uint8_t>(op->addr | (ignored & 3)) : 0;
      d.s_axil_awprot = ignored >> 2;
      d.s_axil_wdata = op ? op->data : 0;
      d.s_axil_wstrb = op ? op->strb : 0;
      d.s_axil_arvalid = op && !op->write && lite_addr_phase_;
      d.s_axil_araddr = op ? static_cast<std::uint8_t>(op->addr | (ignored >> 3)) : 0;
      d.s_axil_arprot = ignored & 7;
      d.s_axil_bready = 1;
      d.s_axil_rready = 1;
    } else {
      desc_offer = !descs_.empty();
      d.desc_valid_i = desc_offer;
      if (desc_offer) {
        const Desc& x = descs_.front();
        d.desc_op_i = x.op;
        d.desc_mode_i = x.mode;
        d.desc_src_addr_i = x.src;
        d.desc_dst_addr_i = x.dst;
        d.desc_raw_bytes_i = x.raw;
        d.desc_comp_bytes_i = x.comp;
        d.desc_tag_i = x.tag;
        d.desc_index_i = x.index;
      }
      sts_ready = sts_gate_.next();
      d.sts_ready_i = sts_ready;
    }
    d.m_axi_arready = ar_gate_.next();
    d.m_axi_awready = aw_gate_.next();
    w_tokens_ = std::min(w_tokens_ + cfg_.write_bytes_per_cycle, 2.0 * B);
    d.m_axi_wready = w_gate_.next() && w_tokens_ >= B;
    // R: offer the next beat of the oldest burst once its latency has passed.
    r_tokens_ = std::min(r_tokens_ + cfg_.read_bytes_per_cycle, 2.0 * B);
    if (!r_offering_ && !reads_.empty() && reads_.front().ready_at <= cycle() && r_tokens_ >= B &&
        r_gate_.next()) {
      r_offering_ = true;
      r_tokens_ -= B;
    }
    d.m_axi_rvalid = r_offering_;
    if (r_offering_) {
      const ReadBurst& rb = reads_.front();
      const std::uint64_t a = rb.addr + std::uint64_t{rb.sent} * B;
      put_bytes(d.m_axi_rdata, mem.read(a, B));
      d.m_axi_rresp = error_resp(errors, a, a + B, true);
      d.m_axi_rlast = rb.sent + 1 == rb.beats;
      d.m_axi_rid = 0;
    }
    if (!b_offering_ && !bresps_.empty() && bresps_.front().ready_at <= cycle() && b_gate_.next())
      b_offering_ = true;
    d.m_axi_bvalid = b_offering_;
    d.m_axi_bresp = b_offering_ ? bresps_.front().resp : 0;
    d.m_axi_bid = 0;
    d.eval();

    // ---- sample ----
    if constexpr (kCsr) {
      if (op && lite_addr_phase_ && (op->write ? d.s_axil_awready : d.s_axil_arready)) {
        lite_addr_phase_ = false;
      } else if (op && !lite_addr_phase_ && (op->write ? d.s_axil_bvalid : d.s_axil_rvalid)) {
        lite_done_ = {op->write ? 0 : d.s_axil_rdata, op->write ? d.s_axil_bresp : d.s_axil_rresp};
      }
    } else {
      if (desc_offer && d.desc_ready_o) descs_.pop_front();
      if (d.sts_valid_o && sts_ready)
        statuses.push_back({d.sts_tag_o, d.sts_raw_bytes_o, d.sts_comp_bytes_o, d.sts_error_o});
    }
    check_stable(ar_held_, d.m_axi_arvalid, d.m_axi_arready,
                 request(d.m_axi_araddr, d.m_axi_arlen, d.m_axi_arsize, d.m_axi_arburst), "AR");
    if (d.m_axi_arvalid && d.m_axi_arready) {
      check_burst(d.m_axi_araddr, d.m_axi_arlen, d.m_axi_arsize, d.m_axi_arburst, d.m_axi_arid,
                  "AR");
      reads_.push_back({d.m_axi_araddr, d.m_axi_arlen + 1u, 0, cycle() + cfg_.read_latency});
      ++ar_count;
      if (++reads_out_ > engine_.max_reads)
        fail(fmt::format("{} reads outstanding, MaxReads {}", reads_out_, engine_.max_reads));
    }
    if (r_offering_ && d.m_axi_rready) {
      ReadBurst& rb = reads_.front();
      if (++rb.sent == rb.beats) {
        reads_.pop_front();
        --reads_out_;
      }
      r_offering_ = false;
    } else if (r_offering_ && !d.m_axi_rready) {
      // The landing buffer's reservations must make this impossible.
      fail("RREADY low: read data refused despite the reservation");
    }
    check_stable(aw_held_, d.m_axi_awvalid, d.m_axi_awready,
                 request(d.m_axi_awaddr, d.m_axi_awlen, d.m_axi_awsize, d.m_axi_awburst), "AW");
    if (d.m_axi_awvalid && d.m_axi_awready) {
      check_burst(d.m_axi_awaddr, d.m_axi_awlen, d.m_axi_awsize, d.m_axi_awburst, d.m_axi_awid,
                  "AW");
      writes_.push_back({d.m_axi_awaddr, d.m_axi_awlen + 1u});
      ++aw_count;
    }
    {
      Bytes p = get_bytes(d.m_axi_wdata, B);
      for (std::size_t i = 0; i < B; ++i) p.push_back(get_bit(d.m_axi_wstrb, i));
      p.push_back(d.m_axi_wlast);
      check_stable(w_held_, d.m_axi_wvalid, d.m_axi_wready, p, "W");
    }
    if (d.m_axi_wvalid && d.m_axi_wready) {
      w_tokens_ -= B;
      if (writes_.empty()) {
        fail("W beat before its AW");
      } else {
        WriteBurst& wb = writes_.front();
        const std::uint64_t a = wb.addr + std::uint64_t{wb.got} * B;
        const Bytes data = get_bytes(d.m_axi_wdata, B);
        bool strobed = false;
        for (std::size_t i = 0; i < B; ++i)
          if (get_bit(d.m_axi_wstrb, i)) {
            mem.set(a + i, data[i]);
            strobed = true;
          }
        // Exact lengths: every write beat carries data, none pads a burst past the end.
        if (!strobed) fail(fmt::format("W beat at {:#x} with no byte strobe", a));
        wb.resp = std::max(wb.resp, error_resp(errors, a, a + B, false));
        const bool last = ++wb.got == wb.beats;
        if (static_cast<bool>(d.m_axi_wlast) != last)
          fail(fmt::format("WLAST {} on beat {} of a {}-beat burst", d.m_axi_wlast, wb.got,
                           wb.beats));
        if (last) {
          bresps_.push_back({wb.resp, cycle() + cfg_.write_latency});
          writes_.pop_front();
        }
      }
    }
    if (b_offering_ && d.m_axi_bready) {
      bresps_.pop_front();
      b_offering_ = false;
      ++b_count;
    }
    max_writes_out = std::max(max_writes_out, aw_count - b_count);
    h_.edge();
  }

  struct LiteOp {
    bool write;
    std::uint8_t addr;
    std::uint32_t data;
    std::uint8_t strb;
  };
  Harness<Dut> h_;
  Dut* dut_;
  EngineConfig engine_;
  SlaveConfig cfg_;
  Gate ar_gate_, aw_gate_, w_gate_, r_gate_, b_gate_, sts_gate_;
  std::optional<LiteOp> lite_op_;  // the AXI4-Lite transaction on the bus
  std::optional<std::pair<std::uint32_t, std::uint8_t>> lite_done_;  // its {data, resp}
  bool auto_irq_, lite_addr_phase_ = false;
  unsigned lite_seq_ = 0;  // AXI4-Lite transactions so far
  cdma_dev cpu_{};         // the driver library's device (auto_irq)
  std::deque<Desc> descs_;
  std::deque<ReadBurst> reads_;
  std::deque<WriteBurst> writes_;
  struct BResp {
    std::uint8_t resp;
    std::uint64_t ready_at;
  };
  std::deque<BResp> bresps_;
  Held ar_held_, aw_held_, w_held_;
  bool r_offering_ = false, b_offering_ = false;
  double r_tokens_ = 0, w_tokens_ = 0;
  unsigned reads_out_ = 0;
};

}  // namespace tb::dma
