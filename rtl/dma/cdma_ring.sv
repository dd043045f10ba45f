// The descriptor ring of cdma_dma (docs/dma.md, "Descriptor rings"): the
// frontend that feeds the engine from two sources, the register file's
// descriptor stream and a ring of 32-byte descriptors in memory, and sends
// each status back where its descriptor came from: to the register file, or
// as a 16-byte completion record written to memory.
//
// Ring: 2**size_log2_i slots at ring_base_i (32-byte aligned; the low 5 bits
// are ignored), completion records at cpl_base_i (the same slot numbers, 16
// bytes each; the low 4 bits are ignored). Software writes descriptors and
// moves tail_i on; the ring fetches the slots from head_o up to tail_i over
// its AXI4 master, at most Fetch descriptors ahead of the engine, hands them
// to the engine in order, and writes one record per descriptor. head_o moves
// on when a record's write response has come back, so software may reuse
// every slot before head_o. The interrupt coalescing raises irq_set_o for a
// cycle after irq_count_i records (0 counts as 1), or irq_timer_i cycles after
// the first record not yet signalled (0: no timer).
//
// Register descriptors and ring descriptors go to the engine in turn when
// both wait; at most CsrDepth register descriptors are in flight or waiting
// to be read, so their statuses always find room here.
//
// A descriptor whose fetch answers SLVERR/DECERR is completed with error 11
// (its record's tag 0), and one with reserved bits set with error 8; neither
// moves data, and the ring goes on. A record write that answers an error
// raises cpl_err_o for a cycle (the register file keeps it). While en_i is
// low and the ring is quiet (quiet_o: nothing fetched, being fetched or in
// flight), head_o follows tail_i: the ring is empty when it is enabled.
// Reset: asynchronous, active low.
`include "cdma_assert.svh"

module cdma_ring #(
  parameter int BusBytes = 32,
  // Longest AXI4 burst in beats (a fetch or a record write is cut to it).
  parameter int MaxBurstBeats = 16,
  // Descriptors fetched ahead of the engine, 2 or more.
  parameter int Fetch = 2,
  // Descriptors handed to the engine and not yet answered, 2 or more.
  parameter int InFlight = 8,
  // Register descriptors whose statuses software has not yet taken, 2 or
  // more: their statuses wait here, so they never hold up the ring's.
  parameter int CsrDepth = 4,
  localparam int LaneW = $clog2(BusBytes)
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  // Configuration (register file).
  input  logic                  en_i,
  input  logic [3:0]            size_log2_i,
  input  logic [63:0]           ring_base_i,
  input  logic [63:0]           cpl_base_i,
  input  logic [15:0]           tail_i,
  input  logic [15:0]           irq_count_i,
  input  logic [15:0]           irq_timer_i,
  output logic [15:0]           head_o,
  output logic                  quiet_o,
  output logic                  irq_set_o,
  output logic                  cpl_err_o,
  // Descriptors from the register file.
  input  logic                  csr_desc_valid_i,
  output logic                  csr_desc_ready_o,
  input  logic [1:0]            csr_desc_op_i,
  input  logic [1:0]            csr_desc_mode_i,
  input  logic                  csr_desc_index_i,
  input  logic [63:0]           csr_desc_src_addr_i,
  input  logic [63:0]           csr_desc_dst_addr_i,
  input  logic [31:0]           csr_desc_raw_bytes_i,
  input  logic [31:0]           csr_desc_comp_bytes_i,
  input  logic [15:0]           csr_desc_tag_i,
  // Their statuses, to the register file.
  output logic                  csr_sts_valid_o,
  input  logic                  csr_sts_ready_i,
  output logic [15:0]           csr_sts_tag_o,
  output logic [31:0]           csr_sts_raw_bytes_o,
  output logic [31:0]           csr_sts_comp_bytes_o,
  output logic [3:0]            csr_sts_error_o,
  // Descriptors to the engine, and its statuses.
  output logic                  desc_valid_o,
  input  logic                  desc_ready_i,
  output logic [1:0]            desc_op_o,
  output logic [1:0]            desc_mode_o,
  output logic                  desc_index_o,
  output logic [63:0]           desc_src_addr_o,
  output logic [63:0]           desc_dst_addr_o,
  output logic [31:0]           desc_raw_bytes_o,
  output logic [31:0]           desc_comp_bytes_o,
  output logic [15:0]           desc_tag_o,
  input  logic                  sts_valid_i,
  output logic                  sts_ready_o,
  input  logic [15:0]           sts_tag_i,
  input  logic [31:0]           sts_raw_bytes_i,
  input  logic [31:0]           sts_comp_bytes_i,
  input  logic [3:0]            sts_error_i,
  // AXI4 master (INCR bursts of AxSIZE log2(BusBytes); the rest is cdma_dma's).
  output logic [63:0]           m_axi_araddr,
  output logic [7:0]            m_axi_arlen,
  output logic                  m_axi_arvalid,
  input  logic                  m_axi_arready,
  input  logic [8*BusBytes-1:0] m_axi_rdata,
  input  logic [1:0]            m_axi_rresp,
  input  logic                  m_axi_rvalid,
  output logic                  m_axi_rready,
  output logic [63:0]           m_axi_awaddr,
  output logic [7:0]            m_axi_awlen,
  output logic                  m_axi_awvalid,
  input  logic                  m_axi_awready,
  output logic [8*BusBytes-1:0] m_axi_wdata,
  output logic [BusBytes-1:0]   m_axi_wstrb,
  output logic                  m_axi_wlast,
  output logic                  m_axi_wvalid,
  input  logic                  m_axi_wready,
  input  logic [1:0]            m_axi_bresp,
  input  logic                  m_axi_bvalid,
  output logic                  m_axi_bready
);
  `CDMA_CHECK_BUS_BYTES(BusBytes)
  `CDMA_PARAM_CHECK(g_burst_check, MaxBurstBeats >= 1 && MaxBurstBeats <= 256,
                    "MaxBurstBeats must be from 1 to 256")
  `CDMA_PARAM_CHECK(g_fetch_check, Fetch >= 2 && Fetch <= 16, "Fetch must be from 2 to 16")
  `CDMA_PARAM_CHECK(g_inflight_check, InFlight >= 2 && InFlight <= 64,
                    "InFlight must be from 2 to 64")
  `CDMA_PARAM_CHECK(g_csr_depth_check, CsrDepth >= 2 && CsrDepth <= 64,
                    "CsrDepth must be from 2 to 64")

  localparam logic [3:0] ErrFetch = 4'd11;
  // A descriptor is 32 bytes, a record 16: beats of each, and the bursts
  // (chunks) they are fetched and written in.
  localparam int DescBeats = BusBytes >= 32 ? 1 : 32 / BusBytes;
  localparam int CplBeats  = BusBytes >= 16 ? 1 : 16 / BusBytes;
  localparam int DescBurst = DescBeats < MaxBurstBeats ? DescBeats : MaxBurstBeats;
  localparam int CplBurst  = CplBeats < MaxBurstBeats ? CplBeats : MaxBurstBeats;
  localparam int DescChunks = DescBeats / DescBurst;
  localparam int CplChunks  = CplBeats / CplBurst;
  localparam int FetchW = $clog2(Fetch + 2);  // above Fetch, for the bound's check

  logic [15:0] mask, fetch_d, fetch_q, recv_d, recv_q, head_d, head_q;
  // The address of a slot (32 bytes each) of the ring at ring_base_i.
  function automatic logic [63:0] slot_addr(input logic [63:5] base, input logic [15:0] slot);
    slot_addr = {base, 5'b0} + {43'b0, slot, 5'b0};
  endfunction
  assign mask    = 16'((17'(1) << size_log2_i) - 17'(1));
  assign head_o  = head_q;
  // Nothing fetched, being fetched or in flight.
  assign quiet_o = fetch_q == head_q && !ar_valid_q && ar_chunk_q == '0;

  // ---- Fetch: AR per chunk of a slot, at most Fetch descriptors reserved ----
  logic              ar_valid_d, ar_valid_q, ar_issue, ar_last_chunk;
  logic [63:0]       ar_addr_d, ar_addr_q, ar_next_addr;
  logic [2:0]        ar_chunk_d, ar_chunk_q;  // DescChunks <= 4
  logic [FetchW-1:0] reserved_d, reserved_q;  // fetched (or being fetched) and not yet handed on
  logic              fifo_pop;
  assign ar_last_chunk = 32'(ar_chunk_q) == DescChunks - 1;
  // A descriptor's later chunks follow its first whatever en_i does.
  assign ar_issue = !ar_valid_q && (ar_chunk_q != '0 ||
                    (en_i && fetch_q != (tail_i & mask) && 32'(reserved_q) < Fetch));
  assign m_axi_arvalid = ar_valid_q;
  assign m_axi_araddr  = ar_addr_q;
  assign m_axi_arlen   = 8'(DescBurst - 1);
  // The next chunk of slot fetch_q, beat aligned.
  assign ar_next_addr = (slot_addr(ring_base_i[63:5], fetch_q) +
                         64'(ar_chunk_q) * 64'(DescBurst * BusBytes)) & ~(64'(BusBytes) - 64'(1));

  // ---- R: gather each descriptor, then a FIFO of Fetch ----
  logic [255:0]         desc_bits;
  logic [7:0]           r_beat_d, r_beat_q;
  logic                 r_err_d, r_err_q, r_fire, r_desc_done, r_beat_err;
  assign m_axi_rready = 1'b1;  // the reservation leaves room for every fetched descriptor
  assign r_fire       = m_axi_rvalid;
  assign r_beat_err   = m_axi_rresp[1];
  assign r_desc_done  = r_fire && 32'(r_beat_q) == DescBeats - 1;
  if (BusBytes >= 32) begin : g_wide
    // Several descriptors share a beat: the one of slot recv_q.
    logic [63:0]           r_addr;
    logic [LaneW-1:0]      r_lane;
    logic [8*BusBytes-1:0] shifted;
    assign r_addr    = slot_addr(ring_base_i[63:5], recv_q);
    assign r_lane    = r_addr[LaneW-1:0];
    assign shifted   = m_axi_rdata >> {r_lane, 3'b000};
    assign desc_bits = shifted[255:0];
    logic unused_wide;
    assign unused_wide = ^{r_addr[63:LaneW], shifted};
  end else begin : g_narrow
    // Beats arrive low bytes first: each new one goes in at the top.
    localparam int AccW = 256 - 8 * BusBytes;
    logic [AccW-1:0] acc_q;
    always_ff @(posedge clk_i) begin
      if (r_fire) acc_q <= AccW'({m_axi_rdata, acc_q} >> (8 * BusBytes));
    end
    assign desc_bits = {m_axi_rdata, acc_q};
  end

  localparam int EntryW = 256 + 1 + 16;
  logic               fifo_wready_unused, fifo_valid;
  logic [EntryW-1:0]  fifo_data;
  cdma_fifo_sync #(.Width(EntryW), .Depth(Fetch)) u_fetched (
    .clk_i, .rst_ni,
    .wvalid_i(r_desc_done), .wready_o(fifo_wready_unused),
    .wdata_i({desc_bits, r_err_q || m_axi_rresp[1], recv_q}),
    .rvalid_o(fifo_valid), .rready_i(fifo_pop), .rdata_o(fifo_data)
  );

  // The fetched descriptor at the FIFO's head (layout: docs/dma.md).
  logic [255:0] f_bits;
  logic         f_err;
  logic [15:0]  f_slot, f_ctrl_lo, f_tag;
  logic [63:0]  f_src, f_dst;
  logic [31:0]  f_raw, f_comp, f_reserved;
  logic         f_bad;
  assign {f_bits, f_err, f_slot} = fifo_data;
  assign {f_reserved, f_tag, f_ctrl_lo, f_comp, f_raw, f_dst, f_src} = f_bits;
  // Bits other than op [1:0], mode [5:4] and the index flag [8] of the
  // control word, and the reserved word, must be 0 (later flags then cannot
  // be silently ignored).
  assign f_bad = (f_ctrl_lo & ~16'h0133) != '0 || f_reserved != '0;

  // ---- Into the engine: the two sources in turn, each descriptor's source noted ----
  localparam int OwedW = $clog2(CsrDepth + 2);
  logic             src_wready, src_valid, src_ring, src_fetch_err, take_ring, hand;
  logic             last_ring_d, last_ring_q;
  logic             csr_ok, csr_hand, csr_sts_pop;
  logic [15:0]      src_slot;
  logic [OwedW-1:0] csr_owed_d, csr_owed_q;  // register descriptors handed on, status not yet taken
  assign csr_ok    = csr_desc_valid_i && 32'(csr_owed_q) < CsrDepth;
  assign take_ring = fifo_valid && (!csr_ok || !last_ring_q);
  assign desc_valid_o = src_wready && (fifo_valid || csr_ok);
  assign hand = desc_valid_o && desc_ready_i;
  assign fifo_pop = hand && take_ring;
  assign csr_hand = hand && !take_ring;
  assign csr_desc_ready_o = csr_hand;
  // A failed fetch or a descriptor with reserved bits goes in as an unknown
  // operation, which the engine answers with error 8 and no bus traffic.
  logic [1:0] f_op, f_mode;
  assign f_op              = f_ctrl_lo[1:0];
  assign f_mode            = f_ctrl_lo[5:4];
  assign desc_op_o         = !take_ring ? csr_desc_op_i : (f_err || f_bad) ? 2'd3 : f_op;
  assign desc_mode_o       = take_ring ? f_mode : csr_desc_mode_i;
  assign desc_index_o      = take_ring ? f_ctrl_lo[8] : csr_desc_index_i;
  assign desc_src_addr_o   = take_ring ? f_src : csr_desc_src_addr_i;
  assign desc_dst_addr_o   = take_ring ? f_dst : csr_desc_dst_addr_i;
  assign desc_raw_bytes_o  = take_ring ? f_raw : csr_desc_raw_bytes_i;
  assign desc_comp_bytes_o = take_ring ? f_comp : csr_desc_comp_bytes_i;
  assign desc_tag_o        = !take_ring ? csr_desc_tag_i : f_err ? 16'h0 : f_tag;

  logic sts_fire;
  cdma_fifo_sync #(.Width(1 + 1 + 16), .Depth(InFlight)) u_source (
    .clk_i, .rst_ni,
    .wvalid_i(hand), .wready_o(src_wready), .wdata_i({take_ring, take_ring && f_err, f_slot}),
    .rvalid_o(src_valid), .rready_i(sts_fire), .rdata_o({src_ring, src_fetch_err, src_slot})
  );

  // ---- Statuses: to the register file, or a completion record ----
  // A register descriptor's status always finds room: csr_owed_q counts it.
  logic cpl_idle, csr_q_wready_unused;
  assign sts_ready_o = src_valid && (src_ring ? cpl_idle : 1'b1);
  assign sts_fire    = sts_valid_i && sts_ready_o;
  assign csr_sts_pop = csr_sts_valid_o && csr_sts_ready_i;
  cdma_fifo_sync #(.Width(16 + 32 + 32 + 4), .Depth(CsrDepth)) u_csr_sts (
    .clk_i, .rst_ni,
    .wvalid_i(sts_fire && !src_ring), .wready_o(csr_q_wready_unused),
    .wdata_i({sts_tag_i, sts_raw_bytes_i, sts_comp_bytes_i, sts_error_i}),
    .rvalid_o(csr_sts_valid_o), .rready_i(csr_sts_ready_i),
    .rdata_o({csr_sts_tag_o, csr_sts_raw_bytes_o, csr_sts_comp_bytes_o, csr_sts_error_o})
  );

  // The record: tag and error; raw bytes; payload bytes; slot and the done
  // bit, in the last word, so that it is written last. A record split into
  // several bursts (BusBytes = 8 with MaxBurstBeats = 1) sends its last burst
  // only once the ring's earlier writes are answered.
  logic [127:0] rec_d, rec_q, rec_new;
  logic [63:0]  cpl_addr;
  logic         aw_valid_d, aw_valid_q, w_valid_d, w_valid_q;
  logic         cpl_take, aw_fire, w_fire, b_fire, b_last;
  logic [2:0]   aw_chunk_d, aw_chunk_q, b_chunk_d, b_chunk_q;  // CplChunks <= 2
  logic [7:0]   w_beat_d, w_beat_q;
  logic [3:0]   cpl_out_d, cpl_out_q;  // record writes awaiting their responses
  logic [4:0]   aw_out_d, aw_out_q;    // the ring's write bursts awaiting theirs
  logic [63:0]  aw_addr_d, aw_addr_q;  // the record's address (its lane in a wider beat)
  assign cpl_take = sts_fire && src_ring;
  assign cpl_idle = !aw_valid_q && !w_valid_q && cpl_out_q != '1;
  assign cpl_addr = {cpl_base_i[63:4], 4'b0} + {44'b0, src_slot, 4'b0};
  assign aw_fire  = m_axi_awvalid && m_axi_awready;
  assign w_fire   = m_axi_wvalid && m_axi_wready;
  assign b_fire   = m_axi_bvalid;
  assign b_last   = b_fire && 32'(b_chunk_q) == CplChunks - 1;
  assign rec_new  = {1'b1, 15'b0, src_slot, sts_comp_bytes_i, sts_raw_bytes_i, 12'b0,
                     src_fetch_err ? ErrFetch : sts_error_i, src_fetch_err ? 16'h0 : sts_tag_i};

  assign m_axi_awvalid = aw_valid_q && (aw_chunk_q == '0 || aw_out_q == '0);
  assign m_axi_awaddr  = aw_addr_q & ~(64'(BusBytes) - 64'(1));
  assign m_axi_awlen   = 8'(CplBurst - 1);
  assign m_axi_wvalid  = w_valid_q;
  assign m_axi_wlast   = 32'(w_beat_q) % CplBurst == CplBurst - 1;
  assign m_axi_bready  = 1'b1;
  if (BusBytes >= 16) begin : g_wide_rec
    logic [LaneW-1:0] lane;
    assign lane         = aw_addr_q[LaneW-1:0];
    assign m_axi_wdata  = (8*BusBytes)'(rec_q) << {lane, 3'b000};
    assign m_axi_wstrb  = BusBytes'(16'hFFFF) << lane;
  end else begin : g_narrow_rec
    // B = 8: two beats, low half first.
    assign m_axi_wdata = w_beat_q[0] ? rec_q[127:64] : rec_q[63:0];
    assign m_axi_wstrb = '1;
  end

  // ---- Interrupt coalescing ----
  logic [15:0] pend_sum, pend_d, pend_q, timer_d, timer_q;
  logic        irq_fire;
  assign pend_sum  = pend_q + 16'(b_last);
  assign irq_fire  = pend_sum != '0 && (pend_sum >= irq_count_i ||
                     (irq_timer_i != '0 && timer_q >= irq_timer_i));
  assign irq_set_o = irq_fire;
  assign cpl_err_o = b_fire && m_axi_bresp[1];

  // Next state.
  always_comb begin
    fetch_d     = fetch_q;
    recv_d      = recv_q;
    head_d      = head_q;
    ar_valid_d  = ar_valid_q;
    ar_addr_d   = ar_addr_q;
    ar_chunk_d  = ar_chunk_q;
    reserved_d  = reserved_q;
    r_beat_d    = r_beat_q;
    r_err_d     = r_err_q;
    last_ring_d = last_ring_q;
    csr_owed_d  = csr_owed_q;
    rec_d       = rec_q;
    aw_valid_d  = aw_valid_q;
    w_valid_d   = w_valid_q;
    aw_chunk_d  = aw_chunk_q;
    b_chunk_d   = b_chunk_q;
    w_beat_d    = w_beat_q;
    cpl_out_d   = cpl_out_q;
    aw_out_d    = aw_out_q;
    aw_addr_d   = aw_addr_q;
    pend_d      = pend_q;
    timer_d     = timer_q;
    // Fetch.
    if (ar_issue) begin
      ar_valid_d = 1'b1;
      ar_addr_d  = ar_next_addr;
    end
    if (m_axi_arvalid && m_axi_arready) begin
      ar_valid_d = 1'b0;
      ar_chunk_d = ar_last_chunk ? '0 : ar_chunk_q + 1'b1;
      if (ar_last_chunk) fetch_d = (fetch_q + 1'b1) & mask;
    end
    reserved_d = reserved_q + FetchW'(ar_issue && ar_chunk_q == '0) - FetchW'(fifo_pop);
    // R.
    if (r_fire) begin
      r_beat_d = r_desc_done ? '0 : r_beat_q + 1'b1;
      r_err_d  = r_desc_done ? 1'b0 : r_err_q || r_beat_err;
      if (r_desc_done) recv_d = (recv_q + 1'b1) & mask;
    end
    if (hand) last_ring_d = take_ring;
    csr_owed_d = csr_owed_q + OwedW'(csr_hand) - OwedW'(csr_sts_pop);
    // Completion records.
    if (cpl_take) begin
      rec_d      = rec_new;
      aw_valid_d = 1'b1;
      w_valid_d  = 1'b1;
      aw_addr_d  = cpl_addr;
    end
    if (aw_fire) begin
      aw_chunk_d = 32'(aw_chunk_q) == CplChunks - 1 ? '0 : aw_chunk_q + 1'b1;
      aw_valid_d = 32'(aw_chunk_q) != CplChunks - 1;
      aw_addr_d  = aw_addr_q + 64'(CplBurst * BusBytes);
    end
    if (w_fire) begin
      w_beat_d  = 32'(w_beat_q) == CplBeats - 1 ? '0 : w_beat_q + 1'b1;
      w_valid_d = 32'(w_beat_q) != CplBeats - 1;
    end
    cpl_out_d = cpl_out_q + 4'(cpl_take) - 4'(b_last);
    aw_out_d  = aw_out_q + 5'(aw_fire) - 5'(b_fire);
    if (b_fire) b_chunk_d = b_last ? '0 : b_chunk_q + 1'b1;
    if (b_last) head_d = (head_q + 1'b1) & mask;
    // Interrupts.
    pend_d      = irq_fire ? '0 : pend_sum;
    timer_d     = (irq_fire || pend_q == '0) ? '0 : timer_q + 16'(timer_q != '1);
    // A disabled, quiet ring is empty from the tail on.
    if (!en_i && quiet_o && !ar_valid_q) begin
      fetch_d = tail_i & mask;
      recv_d  = tail_i & mask;
      head_d  = tail_i & mask;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      fetch_q     <= '0;
      recv_q      <= '0;
      head_q      <= '0;
      ar_valid_q  <= 1'b0;
      ar_addr_q   <= '0;
      ar_chunk_q  <= '0;
      reserved_q  <= '0;
      r_beat_q    <= '0;
      r_err_q     <= 1'b0;
      last_ring_q <= 1'b0;
      csr_owed_q  <= '0;
      rec_q       <= '0;
      aw_valid_q  <= 1'b0;
      w_valid_q   <= 1'b0;
      aw_chunk_q  <= '0;
      b_chunk_q   <= '0;
      w_beat_q    <= '0;
      cpl_out_q   <= '0;
      aw_out_q    <= '0;
      aw_addr_q   <= '0;
      pend_q      <= '0;
      timer_q     <= '0;
    end else begin
      fetch_q     <= fetch_d;
      recv_q      <= recv_d;
      head_q      <= head_d;
      ar_valid_q  <= ar_valid_d;
      ar_addr_q   <= ar_addr_d;
      ar_chunk_q  <= ar_chunk_d;
      reserved_q  <= reserved_d;
      r_beat_q    <= r_beat_d;
      r_err_q     <= r_err_d;
      last_ring_q <= last_ring_d;
      csr_owed_q  <= csr_owed_d;
      rec_q       <= rec_d;
      aw_valid_q  <= aw_valid_d;
      w_valid_q   <= w_valid_d;
      aw_chunk_q  <= aw_chunk_d;
      b_chunk_q   <= b_chunk_d;
      w_beat_q    <= w_beat_d;
      cpl_out_q   <= cpl_out_d;
      aw_out_q    <= aw_out_d;
      aw_addr_q   <= aw_addr_d;
      pend_q      <= pend_d;
      timer_q     <= timer_d;
    end
  end

  logic unused;
  // The bases' low bits are ignored (aligned slots); a response's bit 0 only
  // tells SLVERR from DECERR, which the ring does not report apart.
  assign unused = ^{fifo_wready_unused, csr_q_wready_unused, ring_base_i[4:0], cpl_base_i[3:0], m_axi_rresp[0],
                    m_axi_bresp[0]};

  `CDMA_ASSERT(fetched_fits, !r_desc_done || fifo_wready_unused)
  `CDMA_ASSERT(status_has_source, !sts_valid_i || src_valid)
  `CDMA_ASSERT(csr_status_fits, !(sts_fire && !src_ring) || csr_q_wready_unused)
  `CDMA_ASSERT(csr_owed_bounded, 32'(csr_owed_q) <= CsrDepth)
  `CDMA_ASSERT(reserved_bounded, 32'(reserved_q) <= Fetch)
endmodule
