// Verilator bench for cdma_engine at one parameter point: a C++ AXI4 memory
// slave (latency, bandwidth, random stalls, injected SLVERR/DECERR ranges), a
// protocol checker on every AXI channel, and the golden library as the
// reference for every byte written and every status returned.
// Built twice per point: against cdma_engine (descriptor and status streams)
// and, with TB_CSR, against cdma_dma, where a CPU model drives the same
// descriptors through the AXI4-Lite registers and collects the statuses from
// its interrupt handler: the same test text runs against both tops.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>
#include <verilated.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <filesystem>
#include <functional>
#include <memory>
#include <ostream>
#include <unordered_map>

#if TB_CSR
#include "Vcdma_dma.h"
#include "cdma_regs.h"
using Dut = Vcdma_dma;
#else
#include "Vcdma_engine.h"
using Dut = Vcdma_engine;
#endif
#include "axis.hpp"
#include "cli/io.hpp"

namespace {

using namespace tb;

constexpr int E = TB_ELEM;
constexpr std::size_t B = TB_BUS;
constexpr unsigned kMaxBurst = TB_BURST;
constexpr unsigned kMaxReads = TB_READS;
std::uint64_t g_seed = 1;

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
  kDescriptor = 8
};

struct Desc {
  std::uint8_t op;
  std::uint64_t src, dst;
  std::uint32_t raw, comp;
  std::uint16_t tag;
};
struct Status {
  std::uint16_t tag;
  std::uint32_t raw, comp;
  std::uint8_t err;
  bool operator==(const Status&) const = default;
};
// doctest prints both sides of a failed comparison with this.
std::ostream& operator<<(std::ostream& os, const Status& s) {
  return os << fmt::format("{{tag {} raw {} comp {} error {}}}", s.tag, s.raw, s.comp, s.err);
}

// ---- Sparse byte-addressed memory ---------------------------------------------------
// Untouched memory reads 0xEE, not zero, so a stray or missing write shows.
constexpr std::uint8_t kUntouched = 0xEE;

class Memory {
 public:
  std::uint8_t get(std::uint64_t a) const {
    const auto it = pages_.find(a >> 12);
    return it == pages_.end() ? kUntouched : it->second[a & 4095];
  }
  void set(std::uint64_t a, std::uint8_t v) { page(a)[a & 4095] = v; }
  void write(std::uint64_t a, const Bytes& b) {
    for (std::size_t i = 0; i < b.size(); ++i) set(a + i, b[i]);
  }
  Bytes read(std::uint64_t a, std::size_t n) const {
    Bytes b(n);
    for (std::size_t i = 0; i < n; ++i) b[i] = get(a + i);
    return b;
  }

 private:
  std::array<std::uint8_t, 4096>& page(std::uint64_t a) {
    auto [it, fresh] = pages_.try_emplace(a >> 12);
    if (fresh) it->second.fill(kUntouched);
    return it->second;
  }
  std::unordered_map<std::uint64_t, std::array<std::uint8_t, 4096>> pages_;
};

struct SlaveConfig {
  unsigned read_latency = 8;           // cycles from AR accepted to the first R beat
  double read_bytes_per_cycle = 1e9;   // R bandwidth (beats are spaced to meet it)
  double write_bytes_per_cycle = 1e9;  // W bandwidth (wready is spaced to meet it)
  Pattern ready = Pattern::kNone;      // arready / awready / wready stalls
  Pattern resp = Pattern::kNone;       // rvalid / bvalid gaps
};

struct ErrorRange {
  std::uint64_t lo, hi;  // [lo, hi)
  bool read;
  std::uint8_t resp;  // 2 SLVERR, 3 DECERR
};

// ---- The bench --------------------------------------------------------------------------
class DmaBench {
 public:
  // auto_irq (CSR top): enable the interrupt and collect statuses from its
  // handler; off for tests that drive the registers by hand.
  DmaBench(std::uint64_t seed, SlaveConfig cfg, Pattern sts = Pattern::kNone, bool auto_irq = true)
      : dut_(std::make_unique<Dut>(&ctx_, "dut")),
        cfg_(cfg),
        ar_gate_(cfg.ready, seed * 7 + 1),
        aw_gate_(cfg.ready, seed * 7 + 2),
        w_gate_(cfg.ready, seed * 7 + 3),
        r_gate_(cfg.resp, seed * 7 + 4),
        b_gate_(cfg.resp, seed * 7 + 5),
        sts_gate_(sts, seed * 7 + 6) {
    ctx_.randReset(2);
    ctx_.randSeed(static_cast<int>(seed % 1000003));
    dut_->rst_ni = 0;
    for (int i = 0; i < 4; ++i) edge();
    dut_->rst_ni = 1;
    edge();
#if TB_CSR
    auto_irq_ = auto_irq;
    if (auto_irq_) lite(true, CDMA_CTRL, CDMA_CTRL_IRQ_EN_MASK);
#else
    (void)auto_irq;
#endif
  }
  ~DmaBench() {
    dut_->final();
  }

  Memory mem;
  std::vector<ErrorRange> errors;
  std::vector<Status> statuses;
  std::string error;  // first protocol or bench failure
  std::uint64_t ar_count = 0, aw_count = 0, r_beats = 0, w_beats = 0;
  std::uint64_t first_ar = kNever, last_b = 0;
  static constexpr std::uint64_t kNever = ~std::uint64_t{0};

#if TB_CSR
  // One AXI4-Lite transaction, queued; done(data, resp) runs when it completes.
  using LiteDone = std::function<void(std::uint32_t, std::uint8_t)>;
  void lite(bool write, std::uint8_t addr, std::uint32_t data, LiteDone done = {},
            std::uint8_t strb = 0xF, bool front = false) {
    LiteOp op{write, addr, data, strb, std::move(done)};
    if (front) {  // next, but behind a transaction already on the bus
      lite_ops_.insert(lite_ops_.begin() + (lite_active_ ? 1 : 0), std::move(op));
    } else {
      lite_ops_.push_back(std::move(op));
    }
  }
  // Runs one transaction to completion: {data, resp}.
  std::pair<std::uint32_t, std::uint8_t> lite_now(bool write, std::uint8_t addr,
                                                  std::uint32_t data = 0, std::uint8_t strb = 0xF) {
    std::optional<std::pair<std::uint32_t, std::uint8_t>> got;
    lite(
        write, addr, data,
        [&](std::uint32_t d, std::uint8_t r) {
          got = {d, r};
        },
        strb);
    for (int i = 0; i < 1000 && !got && error.empty(); ++i) step();
    if (!got) fail("AXI4-Lite transaction did not complete");
    return got.value_or(std::pair<std::uint32_t, std::uint8_t>{0, 0xFF});
  }
  bool irq() const {
    return dut_->irq_o;
  }
  void submit(const Desc& d) {
    lite(true, CDMA_DESC_OP, d.op);
    lite(true, CDMA_DESC_TAG, d.tag);
    lite(true, CDMA_DESC_SRC_LO, static_cast<std::uint32_t>(d.src));
    lite(true, CDMA_DESC_SRC_HI, static_cast<std::uint32_t>(d.src >> 32));
    lite(true, CDMA_DESC_DST_LO, static_cast<std::uint32_t>(d.dst));
    lite(true, CDMA_DESC_DST_HI, static_cast<std::uint32_t>(d.dst >> 32));
    lite(true, CDMA_DESC_RAW_BYTES, d.raw);
    lite(true, CDMA_DESC_COMP_BYTES, d.comp);
    push_descriptor();
  }
#else
  void submit(const Desc& d) {
    descs_.push_back(d);
  }
#endif
  std::uint64_t cycle() const {
    return cycle_;
  }

  // Runs until `count` statuses have arrived in total; false (with error set) on a hang.
  bool run_until(std::size_t count, std::uint64_t limit = 2'000'000) {
    const std::uint64_t start = cycle_;
    while (statuses.size() < count && error.empty()) {
      if (cycle_ - start > limit) {
        error =
            fmt::format("hang: {} of {} statuses after {} cycles", statuses.size(), count, limit);
        break;
      }
      step();
    }
    return error.empty();
  }
  void idle(std::uint64_t cycles) {
    for (std::uint64_t i = 0; i < cycles && error.empty(); ++i) step();
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

  std::uint8_t resp_for(std::uint64_t lo, std::uint64_t hi, bool read) const {
    std::uint8_t r = 0;
    for (const auto& e : errors)
      if (e.read == read && lo < e.hi && e.lo < hi) r = std::max(r, e.resp);
    return r;
  }
  void fail(const std::string& what) {
    if (error.empty()) error = fmt::format("cycle {}: {}", cycle_, what);
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
    if (beats > kMaxBurst)
      fail(fmt::format("{}LEN {} beyond MaxBurstBeats {}", ch, len, kMaxBurst));
    if ((addr & 4095) + std::uint64_t{beats} * B > 4096)
      fail(fmt::format("{} burst at 0x{:x} of {} beats crosses a 4 KB boundary", ch, addr, beats));
    if ((1u << size) != B) fail(fmt::format("{}SIZE {} on a {}-byte bus", ch, size, B));
    if (burst != 1) fail(fmt::format("{}BURST {} is not INCR", ch, burst));
    if (addr % B) fail(fmt::format("{}ADDR 0x{:x} not beat aligned", ch, addr));
    if (id != 0) fail(fmt::format("{}ID {}", ch, id));
  }

  void step() {
    auto& d = *dut_;
    // ---- drive inputs ----
#if TB_CSR
    if (auto_irq_ && d.irq_o && !servicing_) {
      servicing_ = true;
      service_irq();
    }
    if (!lite_active_ && !lite_ops_.empty()) {
      lite_active_ = true;
      lite_addr_phase_ = true;
    }
    const LiteOp* op = lite_active_ ? &lite_ops_.front() : nullptr;
    d.s_axil_awvalid = op && op->write && lite_addr_phase_;
    d.s_axil_wvalid = d.s_axil_awvalid;
    d.s_axil_awaddr = op ? op->addr : 0;
    d.s_axil_wdata = op ? op->data : 0;
    d.s_axil_wstrb = op ? op->strb : 0;
    d.s_axil_arvalid = op && !op->write && lite_addr_phase_;
    d.s_axil_araddr = op ? op->addr : 0;
    d.s_axil_bready = 1;
    d.s_axil_rready = 1;
#else
    const bool desc_offer = !descs_.empty();
    d.desc_valid_i = desc_offer;
    if (desc_offer) {
      const Desc& x = descs_.front();
      d.desc_op_i = x.op;
      d.desc_src_addr_i = x.src;
      d.desc_dst_addr_i = x.dst;
      d.desc_raw_bytes_i = x.raw;
      d.desc_comp_bytes_i = x.comp;
      d.desc_tag_i = x.tag;
    }
    const bool sts_ready = sts_gate_.next();
    d.sts_ready_i = sts_ready;
#endif
    d.m_axi_arready = ar_gate_.next();
    d.m_axi_awready = aw_gate_.next();
    w_tokens_ = std::min(w_tokens_ + cfg_.write_bytes_per_cycle, 2.0 * B);
    d.m_axi_wready = w_gate_.next() && w_tokens_ >= B;
    // R: offer the next beat of the oldest burst once its latency has passed.
    r_tokens_ = std::min(r_tokens_ + cfg_.read_bytes_per_cycle, 2.0 * B);
    if (!r_offering_ && !reads_.empty() && reads_.front().ready_at <= cycle_ && r_tokens_ >= B &&
        r_gate_.next()) {
      r_offering_ = true;
      r_tokens_ -= B;
    }
    d.m_axi_rvalid = r_offering_;
    if (r_offering_) {
      const ReadBurst& rb = reads_.front();
      const std::uint64_t a = rb.addr + std::uint64_t{rb.sent} * B;
      put_bytes(d.m_axi_rdata, mem.read(a, B));
      d.m_axi_rresp = resp_for(a, a + B, true);
      d.m_axi_rlast = rb.sent + 1 == rb.beats;
      d.m_axi_rid = 0;
    }
    if (!b_offering_ && !bresps_.empty() && b_gate_.next()) b_offering_ = true;
    d.m_axi_bvalid = b_offering_;
    d.m_axi_bresp = b_offering_ ? bresps_.front() : 0;
    d.m_axi_bid = 0;
    d.eval();

    // ---- sample ----
#if TB_CSR
    if (op && lite_addr_phase_ && (op->write ? d.s_axil_awready : d.s_axil_arready)) {
      lite_addr_phase_ = false;
    } else if (op && !lite_addr_phase_ && (op->write ? d.s_axil_bvalid : d.s_axil_rvalid)) {
      LiteOp done = std::move(lite_ops_.front());
      lite_ops_.pop_front();
      lite_active_ = false;
      if (done.done)
        done.done(done.write ? 0 : d.s_axil_rdata, done.write ? d.s_axil_bresp : d.s_axil_rresp);
    }
#else
    if (desc_offer && d.desc_ready_o) descs_.pop_front();
    if (d.sts_valid_o && sts_ready)
      statuses.push_back({d.sts_tag_o, d.sts_raw_bytes_o, d.sts_comp_bytes_o, d.sts_error_o});
#endif
    {
      Bytes p;
      append(p, d.m_axi_araddr), append(p, d.m_axi_arlen), append(p, d.m_axi_arsize),
          append(p, d.m_axi_arburst);
      check_stable(ar_held_, d.m_axi_arvalid, d.m_axi_arready, p, "AR");
    }
    if (d.m_axi_arvalid && d.m_axi_arready) {
      check_burst(d.m_axi_araddr, d.m_axi_arlen, d.m_axi_arsize, d.m_axi_arburst, d.m_axi_arid,
                  "AR");
      reads_.push_back({d.m_axi_araddr, d.m_axi_arlen + 1u, 0, cycle_ + cfg_.read_latency});
      ++ar_count;
      first_ar = std::min(first_ar, cycle_);
      if (++reads_out_ > kMaxReads)
        fail(fmt::format("{} reads outstanding, MaxReads {}", reads_out_, kMaxReads));
    }
    if (r_offering_ && d.m_axi_rready) {
      ReadBurst& rb = reads_.front();
      ++r_beats;
      if (++rb.sent == rb.beats) {
        reads_.pop_front();
        --reads_out_;
      }
      r_offering_ = false;
    } else if (r_offering_ && !d.m_axi_rready) {
      // The landing buffer's reservations must make this impossible.
      fail("RREADY low: read data refused despite the reservation");
    }
    {
      Bytes p;
      append(p, d.m_axi_awaddr), append(p, d.m_axi_awlen), append(p, d.m_axi_awsize),
          append(p, d.m_axi_awburst);
      check_stable(aw_held_, d.m_axi_awvalid, d.m_axi_awready, p, "AW");
    }
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
      ++w_beats;
      if (writes_.empty()) {
        fail("W beat before its AW");
      } else {
        WriteBurst& wb = writes_.front();
        const std::uint64_t a = wb.addr + std::uint64_t{wb.got} * B;
        const Bytes data = get_bytes(d.m_axi_wdata, B);
        for (std::size_t i = 0; i < B; ++i)
          if (get_bit(d.m_axi_wstrb, i)) mem.set(a + i, data[i]);
        wb.resp = std::max(wb.resp, resp_for(a, a + B, false));
        const bool last = ++wb.got == wb.beats;
        if (static_cast<bool>(d.m_axi_wlast) != last)
          fail(fmt::format("WLAST {} on beat {} of a {}-beat burst", d.m_axi_wlast, wb.got,
                           wb.beats));
        if (last) {
          bresps_.push_back(wb.resp);
          writes_.pop_front();
        }
      }
    }
    if (b_offering_ && d.m_axi_bready) {
      bresps_.pop_front();
      b_offering_ = false;
      last_b = cycle_;
    }
    edge();
  }
  void edge() {
    dut_->clk_i = 1;
    dut_->eval();
    dut_->clk_i = 0;
    dut_->eval();
    ++cycle_;
  }

#if TB_CSR
  struct LiteOp {
    bool write;
    std::uint8_t addr;
    std::uint32_t data;
    std::uint8_t strb;
    LiteDone done;
  };
  // DESC_PUSH, again after a SLVERR (queue full) until it is taken.
  void push_descriptor(bool front = false) {
    lite(
        true, CDMA_DESC_PUSH, 1,
        [this](std::uint32_t, std::uint8_t resp) {
          if (resp != 0) push_descriptor(true);
        },
        0xF, front);
  }
  // The interrupt handler: acknowledge first, then drain every waiting status
  // record (a record arriving after the acknowledgement raises DONE again).
  void service_irq() {
    lite(
        true, CDMA_IRQ, CDMA_IRQ_DONE_MASK, [this](std::uint32_t, std::uint8_t) { drain(); }, 0xF,
        true);
  }
  void drain() {
    lite(
        false, CDMA_QUEUE, 0,
        [this](std::uint32_t q, std::uint8_t) {
          if ((q & CDMA_QUEUE_STS_VALID_MASK) == 0) {
            servicing_ = false;
            return;
          }
          auto rec = std::make_shared<Status>();
          // Queued at the front in reverse: TAG, RAW, COMP, ERROR, POP, then drain again.
          lite(
              true, CDMA_STS_POP, 1,
              [this, rec](std::uint32_t, std::uint8_t) {
                statuses.push_back(*rec);
                drain();
              },
              0xF, true);
          lite(
              false, CDMA_STS_ERROR, 0,
              [rec](std::uint32_t v, std::uint8_t) { rec->err = static_cast<std::uint8_t>(v); },
              0xF, true);
          lite(
              false, CDMA_STS_COMP_BYTES, 0,
              [rec](std::uint32_t v, std::uint8_t) { rec->comp = v; }, 0xF, true);
          lite(
              false, CDMA_STS_RAW_BYTES, 0, [rec](std::uint32_t v, std::uint8_t) { rec->raw = v; },
              0xF, true);
          lite(
              false, CDMA_STS_TAG, 0,
              [rec](std::uint32_t v, std::uint8_t) { rec->tag = static_cast<std::uint16_t>(v); },
              0xF, true);
        },
        0xF, true);
  }
  std::deque<LiteOp> lite_ops_;
  bool lite_active_ = false, lite_addr_phase_ = false, auto_irq_ = true, servicing_ = false;
#endif
  VerilatedContext ctx_;
  std::unique_ptr<Dut> dut_;
  SlaveConfig cfg_;
  Gate ar_gate_, aw_gate_, w_gate_, r_gate_, b_gate_, sts_gate_;
  std::deque<Desc> descs_;
  std::deque<ReadBurst> reads_;
  std::deque<WriteBurst> writes_;
  std::deque<std::uint8_t> bresps_;
  Held ar_held_, aw_held_, w_held_;
  bool r_offering_ = false, b_offering_ = false;
  double r_tokens_ = 0, w_tokens_ = 0;
  unsigned reads_out_ = 0;
  std::uint64_t cycle_ = 0;
};

// ---- Data -------------------------------------------------------------------------------
Bytes relu_like(SplitMix64& rng, std::size_t elems, double zeros) {
  Bytes raw(elems * E, 0);
  for (std::size_t i = 0; i < elems; ++i) {
    if (rng.uniform() < zeros) continue;
    std::uint32_t v;
    do v = static_cast<std::uint32_t>(rng.next()) & (E == 4 ? ~0u : (1u << (8 * E)) - 1);
    while (v == 0);
    std::memcpy(raw.data() + i * E, &v, E);
  }
  return raw;
}

std::uint64_t aligned_addr(SplitMix64& rng, std::uint64_t region) {
  // Anywhere in a 1 MiB region, at element granularity (so usually not beat aligned).
  return region + (rng.next() % (1u << 20)) / E * E;
}

// Runs until `count` statuses are in; any protocol or bench failure stops the test with its
// message.
void run(DmaBench& b, std::size_t count) {
  INFO("E=", E, " B=", B, " seed ", g_seed);
  const bool done = b.run_until(count);
  REQUIRE_MESSAGE(done, b.error);
}

void check_ok(DmaBench& b) {
  INFO("E=", E, " B=", B, " seed ", g_seed);
  REQUIRE_MESSAGE(b.error.empty(), b.error);
}

// OFFLOAD raw at src to dst, then PREFETCH it back to back_dst; checks the
// payload against the golden model and the raw data coming back.
void round_trip(DmaBench& b, const Bytes& raw, std::uint64_t src, std::uint64_t dst,
                std::uint64_t back, std::uint16_t tag) {
  b.mem.write(src, raw);
  const std::size_t before = b.statuses.size();
  const auto n = static_cast<std::uint32_t>(raw.size());
  const Bytes payload = zvc::compress(raw, E);
  b.submit({kOffload, src, dst, n, 0, tag});
  run(b, before + 1);
  check_ok(b);
  CHECK(b.statuses[before] == Status{tag, n, static_cast<std::uint32_t>(payload.size()), kOk});
  CHECK(b.mem.read(dst, payload.size()) == payload);
  CHECK(b.mem.get(dst + payload.size()) == kUntouched);  // nothing written past the payload
  b.submit({kPrefetch, dst, back, n, static_cast<std::uint32_t>(payload.size()),
            static_cast<std::uint16_t>(tag + 1)});
  run(b, before + 2);
  check_ok(b);
  CHECK(b.statuses[before + 1] == Status{static_cast<std::uint16_t>(tag + 1), n,
                                         static_cast<std::uint32_t>(payload.size()), kOk});
  CHECK(b.mem.read(back, n) == raw);
  CHECK(b.mem.get(back - 1) == kUntouched);
  CHECK(b.mem.get(back + n) == kUntouched);
}

}  // namespace

TEST_CASE("engine: OFFLOAD then PREFETCH round-trips random data at unaligned addresses") {
  SplitMix64 rng(g_seed);
  DmaBench b(g_seed, {});
  for (int i = 0; i < 12; ++i) {
    const std::size_t elems = 1 + rng.next() % (i < 6 ? 100 : 3000);
    const Bytes raw = relu_like(rng, elems, std::vector<double>{0.0, 0.5, 0.9, 1.0}[i % 4]);
    const std::uint64_t region = static_cast<std::uint64_t>(i) << 24;  // fresh memory each time
    round_trip(b, raw, aligned_addr(rng, 0x1000'0000 + region),
               aligned_addr(rng, 0x2000'0000 + region), aligned_addr(rng, 0x3000'0000 + region),
               static_cast<std::uint16_t>(2 * i));
  }
}

TEST_CASE("engine: round trips under slow, stalling memory on every channel") {
  for (const Pattern p : {Pattern::kLight, Pattern::kHeavy, Pattern::kBursty}) {
    SplitMix64 rng(g_seed + static_cast<std::uint64_t>(p));
    DmaBench b(g_seed + static_cast<std::uint64_t>(p), {23, 0.7 * B, 0.5 * B, p, p}, p);
    for (int i = 0; i < 4; ++i) {
      const Bytes raw = relu_like(rng, 1 + rng.next() % 2000, 0.6);
      const std::uint64_t region = static_cast<std::uint64_t>(i) << 24;
      round_trip(b, raw, aligned_addr(rng, 0x1000'0000 + region),
                 aligned_addr(rng, 0x2000'0000 + region), aligned_addr(rng, 0x3000'0000 + region),
                 static_cast<std::uint16_t>(100 + 2 * i));
    }
  }
}

TEST_CASE("engine: real activation maps (data/sample) round-trip bit-exact") {
  DmaBench b(g_seed, {40, 2.0 * B, 1.0 * B});
  std::vector<std::filesystem::path> files;
  for (const auto& f : std::filesystem::directory_iterator(CDMA_SAMPLE_DIR))
    if (f.path().extension() == ".zvc") files.push_back(f.path());
  std::sort(files.begin(), files.end());
  REQUIRE(files.size() >= 4);
  std::uint16_t tag = 500;
  for (const auto& f : files) {
    Bytes raw = zvc::read_container(zvc::cli::read_file(f.string()));
    raw.resize(std::min<std::size_t>(raw.size(), 32 * 1024) / E * E);
    const std::uint64_t region = std::uint64_t{tag} << 20;
    round_trip(b, raw, 0x4000'0000 + region + 4 * E, 0x5000'0000 + region + 8 * E,
               0x6000'0000 + region + 12 * E, tag);
    tag = static_cast<std::uint16_t>(tag + 2);
  }
}

TEST_CASE("engine: many descriptors in flight with random tags and operations") {
  SplitMix64 rng(g_seed + 40);
  DmaBench b(g_seed + 40, {15, 1.0 * B, 1.0 * B, Pattern::kLight, Pattern::kLight},
             Pattern::kLight);
  std::vector<Status> expected;
  std::vector<std::pair<std::uint64_t, Bytes>> expected_mem;
  std::uint64_t dst = 0x7000'0000;
  for (int i = 0; i < 40; ++i) {
    const Bytes raw = relu_like(rng, 1 + rng.next() % 600, 0.5);
    const std::uint64_t src =
        0x1000'0000 + static_cast<std::uint64_t>(i) * 0x10000 + (rng.next() % 64) * E;
    const auto tag = static_cast<std::uint16_t>(rng.next());
    const auto n = static_cast<std::uint32_t>(raw.size());
    const Bytes payload = zvc::compress(raw, E);
    b.mem.write(src, raw);
    dst += 0x10000 + (rng.next() % 64) * E;
    switch (rng.next() % 3) {
      case 0:
        b.submit({kCopy, src, dst, n, 0, tag});
        expected.push_back({tag, n, n, kOk});
        expected_mem.emplace_back(dst, raw);
        break;
      case 1:
        b.submit({kOffload, src, dst, n, 0, tag});
        expected.push_back({tag, n, static_cast<std::uint32_t>(payload.size()), kOk});
        expected_mem.emplace_back(dst, payload);
        break;
      default:
        b.mem.write(src + 0x8000, payload);
        b.submit(
            {kPrefetch, src + 0x8000, dst, n, static_cast<std::uint32_t>(payload.size()), tag});
        expected.push_back({tag, n, static_cast<std::uint32_t>(payload.size()), kOk});
        expected_mem.emplace_back(dst, raw);
    }
  }
  run(b, expected.size());
  check_ok(b);
  for (std::size_t i = 0; i < expected.size(); ++i) {
    INFO("descriptor ", i);
    CHECK(b.statuses[i] == expected[i]);
    CHECK(b.mem.read(expected_mem[i].first, expected_mem[i].second.size()) ==
          expected_mem[i].second);
  }
}

TEST_CASE("engine: a misaligned or empty descriptor is rejected with no bus traffic") {
  DmaBench b(g_seed, {});
  const std::vector<Desc> bad = {
      {kCopy, 0x1000 + (E > 1 ? 1 : 0), 0x2000, 64, 0, 1},  // source not element aligned
      {kOffload, 0x1000, 0x2000 + (E > 1 ? 1 : 0), 64, 0, 2},
      {kCopy, 0x1000, 0x2000, 64 + (E > 1 ? 1 : 0), 0, 3},  // length not whole elements
      {kCopy, 0x1000, 0x2000, 0, 0, 4},                     // empty
      {kPrefetch, 0x1000, 0x2000, 64, 0, 5},                // no payload
      {3, 0x1000, 0x2000, 64, 0, 6},                        // unknown operation
  };
  std::size_t expected = 0;
  for (const Desc& d : bad) {
    if (E == 1 && d.tag <= 3 && d.tag != 0) continue;  // every address and length is aligned at E=1
    b.submit(d);
    ++expected;
  }
  run(b, expected);
  check_ok(b);
  CHECK(b.ar_count == 0);
  CHECK(b.aw_count == 0);
  for (const Status& s : b.statuses) CHECK(s.err == kDescriptor);
  // The engine goes on working.
  SplitMix64 rng(g_seed + 50);
  round_trip(b, relu_like(rng, 300, 0.5), 0x1000, 0x9000, 0x11000, 77);
}

TEST_CASE("engine: bus errors are reported, the transfer finishes, the next one works") {
  SplitMix64 rng(g_seed + 60);
  DmaBench b(g_seed + 60, {10, 1e9, 1e9, Pattern::kLight, Pattern::kLight});
  const Bytes raw = relu_like(rng, 700, 0.5);
  const auto n = static_cast<std::uint32_t>(raw.size());
  b.mem.write(0x100000, raw);
  b.errors = {{0x100000 + 64, 0x100000 + 65, true, 2},
              {0x200000, 0x201000, true, 3},
              {0x300000 + 100, 0x300000 + 101, false, 2},
              {0x400000, 0x401000, false, 3}};
  b.mem.write(0x200000, raw);
  b.submit({kOffload, 0x100000, 0x500000, n, 0, 1});            // read SLVERR inside
  b.submit({kCopy, 0x200000, 0x600000, n, 0, 2});               // read DECERR
  b.submit({kCopy, 0x100000 + 0x1000 * 0, 0x300000, n, 0, 3});  // write SLVERR
  b.submit({kOffload, 0x200000 + 0x2000, 0x400000, n, 0, 4});   // write DECERR
  run(b, 4);
  check_ok(b);
  CHECK(b.statuses[0].err == kReadSlv);
  CHECK(b.statuses[1].err == kReadDec);
  CHECK(b.statuses[2].err ==
        kReadSlv);  // the source range still answers SLVERR: read errors come first
  CHECK(b.statuses[3].err == kWriteDec);
  b.errors.clear();
  b.submit({kCopy, 0x100000, 0x300000, n, 0, 5});
  run(b, 5);
  CHECK(b.statuses[4] == Status{5, n, n, kOk});
  CHECK(b.mem.read(0x300000, n) == raw);
  b.errors = {{0x300000 + 100, 0x300000 + 101, false, 2}};
  b.submit({kCopy, 0x100000 + 0x80000, 0x300000, n, 0, 6});
  run(b, 6);
  CHECK(b.statuses[5].err == kWriteSlv);
}

TEST_CASE("engine: decode errors are reported with the hardware's output") {
  SplitMix64 rng(g_seed + 70);
  DmaBench b(g_seed + 70, {6});
  const Bytes raw = relu_like(rng, 500, 0.5);
  const auto n = static_cast<std::uint32_t>(raw.size());
  const Bytes payload = zvc::compress(raw, E);
  struct Case {
    Bytes payload;
    std::uint8_t err;
  };
  Bytes truncated(payload.begin(), payload.end() - 4 * E);
  Bytes trailing = payload;
  trailing.insert(trailing.end(), 4 * E, 0x5A);
  Bytes bad_mask = payload;
  // The last window holds 500 % 32 = 20 elements: set mask bit 31 of it.
  std::size_t at = 0;
  for (std::size_t w = 0; w + 1 < (500 + 31) / 32; ++w) {
    std::uint32_t m;
    std::memcpy(&m, payload.data() + at, 4);
    at += 4 + static_cast<std::size_t>(std::popcount(m)) * E;
  }
  bad_mask[at + 3] |= 0x80;
  const std::vector<Case> cases = {
      {truncated, kTruncated}, {trailing, kTrailing}, {bad_mask, kBadMask}};
  std::uint16_t tag = 10;
  for (const Case& c : cases) {
    b.mem.write(0x800000 + tag * 0x10000, c.payload);
    const std::uint64_t dst = 0x900000 + tag * 0x10000;
    b.submit({kPrefetch, 0x800000 + tag * 0x10000u, dst, n,
              static_cast<std::uint32_t>(c.payload.size()), tag});
    run(b, static_cast<std::size_t>(tag - 9));
    check_ok(b);
    Bytes expect(n);
    zvc::decode_lenient(c.payload, E, expect);
    CHECK(b.statuses.back().err == c.err);
    CHECK(b.statuses.back().comp == c.payload.size());
    CHECK(b.mem.read(dst, n) == expect);
    ++tag;
  }
  round_trip(b, raw, 0xA00000, 0xB00000, 0xC00000, 90);
}

TEST_CASE("engine: transfers crossing many 4 KB boundaries from every byte lane") {
  SplitMix64 rng(g_seed + 80);
  DmaBench b(g_seed + 80, {3});
  for (std::size_t lane = 0; lane < B; lane += E) {
    const Bytes raw = relu_like(rng, (3 * 4096 + 100) / E, 0.3);
    const auto n = static_cast<std::uint32_t>(raw.size());
    b.mem.write(0x1000'0000 + 4096 - B + lane, raw);
    b.submit({kCopy, 0x1000'0000 + 4096 - B + lane, 0x2000'0000 + 4096 - 2 * B + (B - lane) % B, n,
              0, 1});
    run(b, lane / E + 1);
    check_ok(b);
    CHECK(b.mem.read(0x2000'0000 + 4096 - 2 * B + (B - lane) % B, n) == raw);
  }
}

#if TB_CSR
TEST_CASE("csr: identity, read-back with byte strobes, and SLVERR for every bad access") {
  DmaBench b(g_seed, {}, Pattern::kNone, false);
  CHECK(b.lite_now(false, CDMA_ID).first == CDMA_ID_VALUE);
  const std::uint32_t config = b.lite_now(false, CDMA_CONFIG).first;
  CHECK(((config & CDMA_CONFIG_ELEM_BYTES_MASK) >> CDMA_CONFIG_ELEM_BYTES_SHIFT) == E);
  CHECK((1u << ((config & CDMA_CONFIG_BUS_BYTES_LOG2_MASK) >> CDMA_CONFIG_BUS_BYTES_LOG2_SHIFT)) ==
        B);
  CHECK(((config & CDMA_CONFIG_MAX_BURST_MASK) >> CDMA_CONFIG_MAX_BURST_SHIFT) == kMaxBurst);
  for (const std::uint8_t reg : {CDMA_DESC_SRC_LO, CDMA_DESC_SRC_HI, CDMA_DESC_DST_LO,
                                 CDMA_DESC_DST_HI, CDMA_DESC_RAW_BYTES, CDMA_DESC_COMP_BYTES}) {
    CHECK(b.lite_now(true, reg, 0x11223344).second == 0);
    CHECK(b.lite_now(true, reg, 0xAABBCCDD, 0x5).second == 0);  // bytes 0 and 2 only
    CHECK(b.lite_now(false, reg).first == 0x11BB33DD);
  }
  CHECK(b.lite_now(true, CDMA_DESC_TAG, 0xFFFFBEEF).second == 0);
  CHECK(b.lite_now(false, CDMA_DESC_TAG).first == 0xBEEF);
  CHECK(b.lite_now(true, CDMA_DESC_OP, 2).second == 0);
  CHECK(b.lite_now(false, CDMA_DESC_OP).first == 2);
  // Read-only and unmapped registers, an empty pop: SLVERR, nothing changes.
  CHECK(b.lite_now(true, CDMA_ID, 0).second == 2);
  CHECK(b.lite_now(true, CDMA_STS_TAG, 0).second == 2);
  CHECK(b.lite_now(true, 0xFC, 0).second == 2);
  CHECK(b.lite_now(false, 0xFC).second == 2);
  CHECK(b.lite_now(true, CDMA_STS_POP, 1).second == 2);
  CHECK(b.lite_now(false, CDMA_ID).first == CDMA_ID_VALUE);
  CHECK(b.ar_count == 0);
}

TEST_CASE("csr: a full descriptor queue refuses DESC_PUSH with SLVERR, nothing is lost") {
  DmaBench b(g_seed, {200, 1e9, 1e9}, Pattern::kNone, false);  // slow memory keeps the engine busy
  SplitMix64 rng(g_seed + 90);
  const Bytes raw = relu_like(rng, 64, 0.5);
  b.mem.write(0x1000, raw);
  const auto n = static_cast<std::uint32_t>(raw.size());
  b.lite_now(true, CDMA_DESC_OP, kCopy);
  b.lite_now(true, CDMA_DESC_SRC_LO, 0x1000);
  b.lite_now(true, CDMA_DESC_RAW_BYTES, n);
  int accepted = 0, refused = 0;
  for (int i = 0; i < 8; ++i) {
    b.lite_now(true, CDMA_DESC_TAG, static_cast<std::uint32_t>(i));
    b.lite_now(true, CDMA_DESC_DST_LO, 0x10000 + 0x1000 * static_cast<std::uint32_t>(i));
    if (b.lite_now(true, CDMA_DESC_PUSH, 1).second == 0) {
      ++accepted;
    } else {
      ++refused;
      CHECK((b.lite_now(false, CDMA_QUEUE).first & CDMA_QUEUE_DESC_FULL_MASK) != 0);
    }
  }
  CHECK(refused > 0);
  // Collect every accepted descriptor's status by polling.
  int done = 0;
  for (int guard = 0; done < accepted && guard < 200000; ++guard) {
    if ((b.lite_now(false, CDMA_QUEUE).first & CDMA_QUEUE_STS_VALID_MASK) == 0) continue;
    CHECK(b.lite_now(false, CDMA_STS_ERROR).first == kOk);
    CHECK(b.lite_now(false, CDMA_STS_RAW_BYTES).first == n);
    CHECK(b.lite_now(true, CDMA_STS_POP, 1).second == 0);
    ++done;
  }
  CHECK(done == accepted);
  check_ok(b);
}

TEST_CASE("csr: the completion interrupt is enabled, raised and acknowledged") {
  DmaBench b(g_seed, {}, Pattern::kNone, false);
  SplitMix64 rng(g_seed + 91);
  const Bytes raw = relu_like(rng, 100, 0.5);
  const auto n = static_cast<std::uint32_t>(raw.size());
  b.mem.write(0x1000, raw);
  auto copy = [&](std::uint32_t tag) {
    b.lite_now(true, CDMA_DESC_OP, kCopy);
    b.lite_now(true, CDMA_DESC_TAG, tag);
    b.lite_now(true, CDMA_DESC_SRC_LO, 0x1000);
    b.lite_now(true, CDMA_DESC_DST_LO, 0x8000);
    b.lite_now(true, CDMA_DESC_RAW_BYTES, n);
    REQUIRE(b.lite_now(true, CDMA_DESC_PUSH, 1).second == 0);
    for (int i = 0;
         i < 1000 && (b.lite_now(false, CDMA_QUEUE).first & CDMA_QUEUE_STS_VALID_MASK) == 0; ++i) {
    }
  };
  copy(1);
  CHECK(b.lite_now(false, CDMA_IRQ).first == CDMA_IRQ_DONE_MASK);
  CHECK_FALSE(b.irq());  // disabled
  b.lite_now(true, CDMA_CTRL, CDMA_CTRL_IRQ_EN_MASK);
  CHECK(b.irq());
  b.lite_now(true, CDMA_IRQ, CDMA_IRQ_DONE_MASK);  // acknowledge
  CHECK_FALSE(b.irq());
  CHECK(b.lite_now(false, CDMA_STS_TAG).first == 1);
  CHECK(b.lite_now(true, CDMA_STS_POP, 1).second == 0);
  CHECK_FALSE(b.irq());
  copy(2);
  CHECK(b.irq());
  CHECK(b.lite_now(false, CDMA_STS_TAG).first == 2);
  CHECK(b.mem.read(0x8000, n) == raw);
  check_ok(b);
}
#endif

int main(int argc, char** argv) {
  doctest::Context ctx;
  ctx.applyCommandLine(argc, argv);
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a.rfind("--seed=", 0) == 0) g_seed = std::stoull(a.substr(7));
  }
  fmt::print("cdma_engine E={} B={} MaxBurstBeats={} MaxReads={} seed {}\n", E, B, kMaxBurst,
             kMaxReads, g_seed);
  return ctx.run();
}
