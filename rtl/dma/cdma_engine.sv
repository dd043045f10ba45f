// The compressing DMA engine: descriptors in, status out, an AXI4 read
// master and an AXI4 write master (docs/dma.md).
//
//   OFFLOAD  read raw_bytes at src, compress, write the payload at dst;
//            the status returns the payload size (cudaMemcpyCompressed()).
//            A non-zero comp_bytes is the payload's capacity: a larger
//            payload is written up to the capacity and no further, and the
//            status reports error 10 with the size the payload needs.
//   PREFETCH read comp_bytes of payload at src, decompress to raw_bytes,
//            write them at dst; decode errors are reported.
//   COPY     read raw_bytes at src, write them at dst.
// desc_mode_i is the codec's frame mode for OFFLOAD and PREFETCH (docs/format.md,
// "Modes": 0 ZVC, 1 binarize, 2 bf16, 3 fp8); COPY ignores it.
// desc_index_i (OFFLOAD only) adds a block index (docs/dma.md, "Block
// index"): each 4 KiB of raw data is compressed as a frame of its own, the
// index, a 32-bit entry per block with its payload bytes, is written at dst
// (4-byte aligned) and the payload follows it at dst + 4 * ceil(raw / 4096);
// the capacity bounds the payload. Any range of blocks is then one PREFETCH.
//
// Descriptors are pipelined, up to MaxDescs in flight (a 2-deep queue in
// front): a descriptor's reads are issued as soon as the previous one's are,
// while earlier ones still decode, write and wait for their responses;
// statuses come one per descriptor, in order. A descriptor whose source
// overlaps what a descriptor in flight may write waits until nothing is in
// flight (the hazard check), so it reads the written data. Reads are
// INCR bursts of up to MaxBurstBeats beats that never cross a 4 KB boundary
// (cdma_legalizer cuts them, and the writes),
// at most MaxReads outstanding, each issued only after its beats are
// reserved in the landing buffer (cdma_buffer), so read data is never
// refused and the engine cannot deadlock. Writes are issued as bursts once
// their beats are waiting in the write queue, so W never stalls for data.
// Addresses need only be aligned to ElemBytes (a bf16 or fp8 payload's to its
// code's 2 or 1 bytes): cdma_realign strips the bytes
// in front of the source and shifts data to the destination's byte lane
// (write strobes). A descriptor with a misaligned address or length, a zero
// length, an unknown operation or a mode the codec lacks (bf16 and fp8 need
// ElemBytes = 4; none but ZVC with Modes = 0) is answered with error 8 and no bus
// traffic. Bus errors and decode errors do not stop a transfer: it runs to
// its end and reports the first error (read errors before codec and
// capacity errors before write errors). Reset: asynchronous, active low.
`include "cdma_assert.svh"

module cdma_engine #(
  // Element size of the data: 1, 2 or 4 bytes.
  parameter int ElemBytes = 4,
  // Data bus width in bytes (AXI4 and internal streams): a power of two, 8 to 256.
  parameter int BusBytes = 32,
  // Longest AXI4 burst in beats, 1 to 256 (bursts also stop at 4 KB boundaries).
  parameter int MaxBurstBeats = 16,
  // Read bursts outstanding at most, 1 to 255.
  parameter int MaxReads = 4,
  // Landing buffer in beats (bandwidth x latency), at least MaxBurstBeats and 4.
  parameter int BufferBeats = 64,
  // Write queue in beats, at least MaxBurstBeats and 4: a deeper queue keeps
  // the write link busy while the compression ratio varies along the data.
  parameter int WriteBeats = 32,
  // AXI4 ID width, 1 to 16, and the ID every request carries.
  parameter int IdW = 4,
  parameter int AxiId = 0,
  // The codec's frame modes (desc_mode_i); 0 builds plain ZVC codecs and
  // refuses OFFLOAD and PREFETCH descriptors with another mode.
  parameter int Modes = 1,
  // Descriptors in flight at most, 1 to 255: about (read latency + write
  // response latency) / beats per descriptor + 2 keeps the bus busy.
  parameter int MaxDescs = 4,
  // 1 builds the block index (desc_index_i: cdma_index_writer and the write
  // mux, about 10 kGE at E=4 B=32); 0 leaves it out and refuses the flag.
  parameter int BlockIndex = 1,
  localparam int LaneW = $clog2(BusBytes)
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  // Descriptors.
  input  logic                  desc_valid_i,
  output logic                  desc_ready_o,
  input  logic [1:0]            desc_op_i,        // 0 COPY, 1 OFFLOAD, 2 PREFETCH
  input  logic [1:0]            desc_mode_i,      // codec mode; 0 ZVC
  input  logic                  desc_index_i,     // OFFLOAD: write the block index too
  input  logic [63:0]           desc_src_addr_i,
  input  logic [63:0]           desc_dst_addr_i,
  input  logic [31:0]           desc_raw_bytes_i,
  input  logic [31:0]           desc_comp_bytes_i,  // PREFETCH: payload length; OFFLOAD: capacity, 0 none
  input  logic [15:0]           desc_tag_i,
  // Status, one record per descriptor, in order.
  output logic                  sts_valid_o,
  input  logic                  sts_ready_i,
  output logic [15:0]           sts_tag_o,
  output logic [31:0]           sts_raw_bytes_o,
  output logic [31:0]           sts_comp_bytes_o,   // payload size (OFFLOAD) / consumed (PREFETCH)
  output logic [3:0]            sts_error_o,
  output logic                  busy_o,
  // AXI4 read master.
  output logic [IdW-1:0]        m_axi_arid,
  output logic [63:0]           m_axi_araddr,
  output logic [7:0]            m_axi_arlen,
  output logic [2:0]            m_axi_arsize,
  output logic [1:0]            m_axi_arburst,
  output logic [3:0]            m_axi_arcache,
  output logic [2:0]            m_axi_arprot,
  output logic                  m_axi_arvalid,
  input  logic                  m_axi_arready,
  input  logic [IdW-1:0]        m_axi_rid,
  input  logic [8*BusBytes-1:0] m_axi_rdata,
  input  logic [1:0]            m_axi_rresp,
  input  logic                  m_axi_rlast,
  input  logic                  m_axi_rvalid,
  output logic                  m_axi_rready,
  // AXI4 write master.
  output logic [IdW-1:0]        m_axi_awid,
  output logic [63:0]           m_axi_awaddr,
  output logic [7:0]            m_axi_awlen,
  output logic [2:0]            m_axi_awsize,
  output logic [1:0]            m_axi_awburst,
  output logic [3:0]            m_axi_awcache,
  output logic [2:0]            m_axi_awprot,
  output logic                  m_axi_awvalid,
  input  logic                  m_axi_awready,
  output logic [8*BusBytes-1:0] m_axi_wdata,
  output logic [BusBytes-1:0]   m_axi_wstrb,
  output logic                  m_axi_wlast,
  output logic                  m_axi_wvalid,
  input  logic                  m_axi_wready,
  input  logic [IdW-1:0]        m_axi_bid,
  input  logic [1:0]            m_axi_bresp,
  input  logic                  m_axi_bvalid,
  output logic                  m_axi_bready
);
  `CDMA_CHECK_ELEM_BYTES(ElemBytes)
  `CDMA_CHECK_BUS_BYTES(BusBytes)
  `CDMA_PARAM_CHECK(g_burst_check, MaxBurstBeats >= 1 && MaxBurstBeats <= 256,
                    "MaxBurstBeats must be from 1 to 256")
  `CDMA_PARAM_CHECK(g_reads_check, MaxReads >= 1 && MaxReads <= 255,
                    "MaxReads must be from 1 to 255")
  `CDMA_PARAM_CHECK(g_buffer_check, BufferBeats >= MaxBurstBeats && BufferBeats >= 4,
                    "BufferBeats must be at least MaxBurstBeats and 4")
  `CDMA_PARAM_CHECK(g_write_check, WriteBeats >= MaxBurstBeats && WriteBeats >= 4,
                    "WriteBeats must be at least MaxBurstBeats and 4")
  `CDMA_PARAM_CHECK(g_id_check, IdW >= 1 && IdW <= 16, "IdW must be from 1 to 16")
  `CDMA_PARAM_CHECK(g_descs_check, MaxDescs >= 1 && MaxDescs <= 255, "MaxDescs must be from 1 to 255")
  `CDMA_PARAM_CHECK(g_index_check, BlockIndex == 0 || BlockIndex == 1, "BlockIndex must be 0 or 1")

  localparam logic [1:0] OpCopy = 2'd0, OpOffload = 2'd1, OpPrefetch = 2'd2;
  localparam logic [3:0] ErrNone = 4'd0, ErrTruncated = 4'd1, ErrTrailing = 4'd2,
                         ErrBadMask = 4'd3, ErrReadSlv = 4'd4, ErrReadDec = 4'd5,
                         ErrWriteSlv = 4'd6, ErrWriteDec = 4'd7, ErrDescriptor = 4'd8,
                         ErrCompress = 4'd9, ErrCapacity = 4'd10;
  localparam int LenW = LaneW + 1;
  localparam int BufCntW = $clog2(BufferBeats + 1);
  localparam int WqCntW = $clog2(WriteBeats + 1);
  localparam int BurstW = 9;  // 1..256 beats
  localparam int ReadsW = $clog2(MaxReads + 2);
  localparam int WritesW = 8;  // write bursts awaiting their response: at most 255
  localparam int DescW = 2 + 2 + 1 + 64 + 64 + 32 + 32 + 16;
  // The block index: an entry per 4 KiB of raw data, BlockBeats beats of it.
  localparam int BlockBeats = 4096 / BusBytes, BlkW = $clog2(BlockBeats), IdxW = 20;
  localparam int StsW = 16 + 32 + 32 + 4;
  // Bytes of a beat whose tkeep is contiguous from bit 0 (the codecs' and
  // the read realigner's beats are): the length of that thermometer, as an
  // OR of its one-hot edge, a few gate levels where $countones is an adder
  // tree in front of the capacity check and the write realigner.
  function automatic logic [LenW-1:0] keep_len(input logic [BusBytes-1:0] keep);
    keep_len = '0;
    for (int i = 0; i < BusBytes; i++)
      if (keep[i] && (i + 1 == BusBytes || !keep[(i + 1) % BusBytes])) keep_len = keep_len | LenW'(i + 1);
  endfunction
  // A stage keeps the first error of its head descriptor: an error already
  // kept wins over a new one.
  function automatic logic [3:0] first_err(input logic [3:0] kept, input logic [3:0] fresh);
    first_err = kept != ErrNone ? kept : fresh;
  endfunction

  // ---- Descriptor register ----
  // One descriptor waits here to be taken; the stage queues below hold the
  // ones in flight. desc_ready_o comes from the register alone.
  logic             dq_valid, dq_ready;
  logic [DescW-1:0] dq_data;
  assign desc_ready_o = !dq_valid;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) dq_valid <= 1'b0;
    else dq_valid <= dq_valid ? !dq_ready : desc_valid_i;
  end
  // No reset: read only while dq_valid says it was written.
  // Computed from the inputs as the descriptor is loaded, so that the
  // hazard check below starts from registers: the end of the source
  // (src_end), the payload's address (behind the block index, if any) and
  // the end of everything the descriptor may write (dst_end).
  logic [64:0] src_end, dst_end, src_end_n, dst_end_n;
  logic [63:0] dq_pay, pay_n;
  logic [IdxW:0] in_blocks;  // 4 KiB blocks: 1 to 2**20
  logic [33:0] in_idx_bytes, in_pay_max;
  assign in_blocks    = (IdxW + 1)'((33'(desc_raw_bytes_i) + 33'd4095) >> 12);
  assign in_idx_bytes = (BlockIndex != 0 && desc_index_i) ? 34'(in_blocks) << 2 : '0;
  assign pay_n        = desc_dst_addr_i + 64'(in_idx_bytes);
  // An OFFLOAD without capacity: its largest payload, at most raw + raw/8 + 4 bytes.
  assign in_pay_max   = desc_comp_bytes_i != '0 ? 34'(desc_comp_bytes_i) :
                        34'(desc_raw_bytes_i) + 34'(desc_raw_bytes_i[31:3]) + 34'd4;
  assign src_end_n    = 65'(desc_src_addr_i) +
                        (desc_op_i == OpPrefetch ? 65'(desc_comp_bytes_i) : 65'(desc_raw_bytes_i));
  assign dst_end_n    = 65'(desc_dst_addr_i) + (desc_op_i != OpOffload ? 65'(desc_raw_bytes_i) :
                                                65'(in_idx_bytes) + 65'(in_pay_max));
  always_ff @(posedge clk_i) begin
    if (desc_valid_i && desc_ready_o) begin
      dq_data <= {desc_op_i, desc_mode_i, desc_index_i, desc_src_addr_i, desc_dst_addr_i,
                  desc_raw_bytes_i, desc_comp_bytes_i, desc_tag_i};
      dq_pay  <= pay_n;
      src_end <= src_end_n;
      dst_end <= dst_end_n;
    end
  end
  // The descriptor waiting to be taken.
  logic [1:0]  dq_op, dq_mode;
  logic        dq_index;
  logic [63:0] dq_src, dq_dst;
  logic [31:0] dq_raw, dq_comp;
  logic [15:0] dq_tag;
  assign {dq_op, dq_mode, dq_index, dq_src, dq_dst, dq_raw, dq_comp, dq_tag} = dq_data;
  // Its last 4 KiB block (the block index's entries less one).
  logic [IdxW-1:0] dq_last_blk;
  assign dq_last_blk = IdxW'((dq_raw - 32'd1) >> 12);
  // The descriptor's addresses split into the beat's address and the byte lane.
  logic [63:0]      dq_src_beat;
  logic [LaneW-1:0] dq_src_lane, dq_pay_lane;
  assign dq_src_beat = {dq_src[63:LaneW], {LaneW{1'b0}}};
  assign dq_src_lane = dq_src[LaneW-1:0];
  assign dq_pay_lane = dq_pay[LaneW-1:0];

  // ---- Descriptor checks ----
  logic        bad_desc;
  logic [1:0]  elem_mask, pay_mask;
  logic [31:0] dq_read_bytes;
  assign elem_mask    = 2'(ElemBytes - 1);
  // The payload side (OFFLOAD's destination, PREFETCH's source and length) is
  // aligned to the payload's element: 2 bytes for bf16 codes, 1 for fp8.
  assign pay_mask = (dq_mode == zvc_pkg::ModeBf16) ? 2'b01 :
                    (dq_mode == zvc_pkg::ModeFp8)  ? 2'b00 : elem_mask;
  assign dq_read_bytes = dq_op == OpPrefetch ? dq_comp : dq_raw;
  assign bad_desc = dq_op == 2'd3 || dq_raw == '0 || dq_read_bytes == '0 ||
                    (dq_op != OpCopy && (Modes != 0 ? (dq_mode[1] && ElemBytes != 4) : dq_mode != '0)) ||
                    (dq_index && (BlockIndex == 0 || dq_op != OpOffload || dq_dst[1:0] != '0)) ||
                    (dq_src[1:0] & (dq_op == OpPrefetch ? pay_mask : elem_mask)) != '0 ||
                    (dq_dst[1:0] & (dq_op == OpOffload ? pay_mask : elem_mask)) != '0 ||
                    (dq_raw[1:0] & elem_mask) != '0 ||
                    (dq_read_bytes[1:0] & (dq_op == OpPrefetch ? pay_mask : elem_mask)) != '0;

  // ---- Acceptance: checks, the hazard check, the read bursts ----
  // A descriptor is taken when the read legalizer is free, fewer than
  // MaxDescs descriptors are in flight (taken, status not yet queued) and it
  // reads nothing that an earlier descriptor still in flight may write. Each
  // stage below keeps its own in-order queue of the descriptors it has yet to
  // finish (Depth MaxDescs: the bound on flight means none ever fills).
  localparam int QDepth = MaxDescs < 2 ? 2 : MaxDescs;
  localparam int FlightW = $clog2(MaxDescs + 1);
  logic [FlightW-1:0] flight_d, flight_q;
  logic               take, start, cpl_fire, ar_idle, hazard, any_write;
  logic [64:0]        wr_lo_d, wr_lo_q, wr_hi_d, wr_hi_q;
  logic               wr_any_d, wr_any_q;
  assign take     = dq_valid && flight_q != FlightW'(MaxDescs) && ar_idle && !hazard;
  assign start    = take && !bad_desc;
  assign dq_ready = take;
  assign busy_o   = flight_q != '0;

  // Read after write through memory: the union of the byte ranges that the
  // descriptors in flight may write (src_end and dst_end above) against the
  // new one's source. It empties when nothing is in flight.
  assign any_write = wr_any_q && flight_q != '0;
  assign hazard    = !bad_desc && any_write && 65'(dq_src) < wr_hi_q && src_end > wr_lo_q;
  always_comb begin
    wr_any_d = any_write;
    wr_lo_d  = wr_lo_q;
    wr_hi_d  = wr_hi_q;
    if (start) begin
      wr_any_d = 1'b1;
      wr_lo_d  = (!any_write || 65'(dq_dst) < wr_lo_q) ? 65'(dq_dst) : wr_lo_q;
      wr_hi_d  = (!any_write || dst_end > wr_hi_q) ? dst_end : wr_hi_q;
    end
  end
  assign flight_d = flight_q + FlightW'(take) - FlightW'(cpl_fire);

  // ---- Read side: reservations, AR, R into the landing buffer ----
  logic [ReadsW-1:0]  reads_out_d, reads_out_q;
  logic [BurstW-1:0]  ar_burst, ar_beats_unused;
  logic [32:0]        ar_left_unused;
  logic               ar_ok, rsv_valid, rsv_ready, ar_fire, r_fire, r_last_fire;

  // A read burst is taken when the landing buffer grants its beats.
  cdma_legalizer #(.BusBytes(BusBytes), .MaxBurstBeats(MaxBurstBeats)) u_read_bursts (
    .clk_i, .rst_ni,
    .start_i(start), .start_addr_i(dq_src_beat),
    // 33 bits: offset + length + BusBytes - 1 can exceed 32.
    .start_beats_i((33'(dq_src_lane) + 33'(dq_read_bytes) + 33'(BusBytes - 1)) >> LaneW),
    .avail_i({33{1'b1}}), .final_i(1'b1),
    .burst_ok_o(ar_ok), .burst_beats_o(ar_burst), .take_i(rsv_valid && rsv_ready), .idle_o(ar_idle),
    .left_o(ar_left_unused),
    .ax_addr_o(m_axi_araddr), .ax_len_o(m_axi_arlen), .ax_beats_o(ar_beats_unused),
    .ax_valid_o(m_axi_arvalid),
    .ax_ready_i(m_axi_arready)
  );
  assign rsv_valid = ar_ok && reads_out_q != ReadsW'(MaxReads);
  assign ar_fire   = m_axi_arvalid && m_axi_arready;
  assign reads_out_d = reads_out_q + ReadsW'(ar_fire) - ReadsW'(r_last_fire);

  assign m_axi_arid    = IdW'(AxiId);
  assign m_axi_arsize  = 3'(LaneW);
  assign m_axi_arburst = 2'b01;
  assign m_axi_arcache = 4'b0011;
  assign m_axi_arprot  = 3'b000;

  // The landing buffer keeps each beat's response with it, in its side
  // bits (tlast: an error; tkeep[0]: DECERR rather than SLVERR), so that an
  // error is charged to the descriptor that takes the beat.
  logic                  buf_s_ready, buf_m_valid, buf_m_ready, buf_m_err;
  logic [8*BusBytes-1:0] buf_m_data;
  logic [BusBytes-1:0]   buf_m_keep;
  logic [BufCntW-1:0]    buf_level, buf_free;
  assign m_axi_rready = buf_s_ready;
  assign r_fire       = m_axi_rvalid && m_axi_rready;
  assign r_last_fire  = r_fire && m_axi_rlast;

  cdma_buffer #(.BusBytes(BusBytes), .DepthBeats(BufferBeats)) u_landing (
    .clk_i, .rst_ni,
    .s_axis_tdata(m_axi_rdata), .s_axis_tkeep(BusBytes'(m_axi_rresp[0])), .s_axis_tlast(m_axi_rresp[1]),
    .s_axis_tvalid(m_axi_rvalid), .s_axis_tready(buf_s_ready),
    .m_axis_tdata(buf_m_data), .m_axis_tkeep(buf_m_keep), .m_axis_tlast(buf_m_err),
    .m_axis_tvalid(buf_m_valid), .m_axis_tready(buf_m_ready),
    .rsv_valid_i(rsv_valid), .rsv_ready_o(rsv_ready), .rsv_beats_i(BufCntW'(ar_burst)),
    .level_o(buf_level), .free_o(buf_free)
  );

  // ---- Stage queues, filled as a descriptor is taken ----
  // in: landing buffer -> read realigner; mid: realigner -> codec input;
  // out: codec output -> write realigner; aw: write bursts; cpl: statuses.
  // The queues the stages' handshakes read keep their heads in registers
  // (RegHead), off the storage's read multiplexer.
  localparam int InW = 2 + 2 + LaneW + 32 + 32, MidW = 2 + 2 + 1, OutW = 2 + LaneW + 1 + 32;
  localparam int BeatW = 64 - LaneW, CplW = 1 + 1 + 1 + 16 + 32, ResW = 32 + 4;
  logic            in_valid, in_pop, mid_valid, mid_pop, out_valid, out_pop, aw_valid, aw_pop;
  logic            cpl_valid, in_wready_unused, mid_wready_unused, out_wready_unused,
                   aw_wready_unused, cpl_wready_unused;
  logic [1:0]      in_op, in_mode, mid_op, mid_mode, out_op;
  logic [LaneW-1:0] in_lane, out_lane;
  logic [31:0]     in_bytes, in_raw, out_cap, cpl_raw;
  logic            out_cap_on, cpl_bad, cpl_copy, cpl_index, mid_index, out_index;
  logic [61:0]     out_base;
  logic [IdxW-1:0] out_last_blk;
  logic [15:0]     cpl_tag;
  logic [BeatW-1:0] aw_beat;
  cdma_fifo_sync #(.Width(InW), .Depth(QDepth), .RegHead(1)) u_in_q (
    .clk_i, .rst_ni, .wvalid_i(start), .wready_o(in_wready_unused),
    .wdata_i({dq_op, dq_mode, dq_src_lane, dq_read_bytes, dq_raw}),
    .rvalid_o(in_valid), .rready_i(in_pop), .rdata_o({in_op, in_mode, in_lane, in_bytes, in_raw})
  );
  cdma_fifo_sync #(.Width(MidW), .Depth(QDepth), .RegHead(1)) u_mid_q (
    .clk_i, .rst_ni, .wvalid_i(start), .wready_o(mid_wready_unused), .wdata_i({dq_op, dq_mode, dq_index}),
    .rvalid_o(mid_valid), .rready_i(mid_pop), .rdata_o({mid_op, mid_mode, mid_index})
  );
  cdma_fifo_sync #(.Width(OutW), .Depth(QDepth), .RegHead(1)) u_out_q (
    .clk_i, .rst_ni, .wvalid_i(start), .wready_o(out_wready_unused),
    .wdata_i({dq_op, dq_pay_lane, dq_op == OpOffload && dq_comp != '0, dq_comp}),
    .rvalid_o(out_valid), .rready_i(out_pop), .rdata_o({out_op, out_lane, out_cap_on, out_cap})
  );
  // The out stage's view of the block index: the flag, the index's word
  // address and the last block, beside the out queue.
  if (BlockIndex != 0) begin : g_ix_q
    logic ix_wready_unused, ix_rvalid_unused;
    cdma_fifo_sync #(.Width(1 + 62 + IdxW), .Depth(QDepth), .RegHead(1)) u_ix_q (
      .clk_i, .rst_ni, .wvalid_i(start), .wready_o(ix_wready_unused),
      .wdata_i({dq_index, dq_dst[63:2], dq_last_blk}),
      .rvalid_o(ix_rvalid_unused), .rready_i(out_pop), .rdata_o({out_index, out_base, out_last_blk})
    );
  end else begin : g_no_ix_q
    assign {out_index, out_base, out_last_blk} = '0;
  end
  // A write's beat address, without the byte lane's bits (zero).
  cdma_fifo_sync #(.Width(BeatW), .Depth(QDepth), .RegHead(1)) u_aw_q (
    .clk_i, .rst_ni, .wvalid_i(start), .wready_o(aw_wready_unused), .wdata_i(dq_pay[63:LaneW]),
    .rvalid_o(aw_valid), .rready_i(aw_pop), .rdata_o(aw_beat)
  );
  cdma_fifo_sync #(.Width(CplW), .Depth(QDepth)) u_cpl_q (
    .clk_i, .rst_ni, .wvalid_i(take), .wready_o(cpl_wready_unused),
    .wdata_i({bad_desc, dq_op == OpCopy, dq_index, dq_tag, dq_raw}),
    .rvalid_o(cpl_valid), .rready_i(cpl_fire), .rdata_o({cpl_bad, cpl_copy, cpl_index, cpl_tag, cpl_raw})
  );

  // ---- In: the descriptor's bytes out of the landing buffer ----
  // in_left: the head's bytes not yet taken; its length until its first
  // beat is taken (in_first_q), then a register that counts down, so no
  // subtract stands between the queue and the beat's length.
  logic [31:0]      in_left_d, in_left_q, in_left, in_left_step;
  logic             in_first_d, in_first_q;
  logic             cmd_sent_d, cmd_sent_q, cmd_fire, dec_cmd_ready;
  logic [3:0]       rerr_d, rerr_q, rerr_new;
  logic [LaneW-1:0] rd_lo;
  logic [LenW-1:0]  rd_len, rd_room;
  logic             rd_last, rd_s_ready, rd_accept, rd_first;
  assign in_left   = in_first_q ? in_bytes : in_left_q;
  assign rd_first  = in_first_q;
  assign rd_lo     = rd_first ? in_lane : '0;
  assign rd_room   = LenW'(BusBytes) - LenW'(rd_lo);
  assign rd_len    = (in_left < 32'(rd_room)) ? LenW'(in_left) : rd_room;
  assign rd_last   = in_left <= 32'(rd_room);
  assign in_left_step = in_left - 32'(rd_room);  // after a beat that is not the last
  assign buf_m_ready = rd_s_ready && in_valid && in_left != '0;
  assign rd_accept = buf_m_valid && buf_m_ready;
  // PREFETCH: the decompressor's command (raw length, mode) goes with the descriptor.
  assign cmd_fire  = in_valid && in_op == OpPrefetch && !cmd_sent_q && dec_cmd_ready;
  assign in_pop    = in_valid && (in_left == '0 || (rd_accept && rd_last)) &&
                     (in_op != OpPrefetch || cmd_sent_q || cmd_fire);
  assign rerr_new  = (rd_accept && buf_m_err) ? (buf_m_keep[0] ? ErrReadDec : ErrReadSlv) : ErrNone;

  logic [8*BusBytes-1:0] rs_data;
  logic [BusBytes-1:0]   rs_keep;
  logic                  rs_last, rs_valid, rs_ready;
  cdma_realign #(.BusBytes(BusBytes)) u_read_align (
    .clk_i, .rst_ni, .offset_i(LaneW'(0)),
    .s_data_i(buf_m_data), .s_lo_i(rd_lo), .s_len_i(rd_len), .s_last_i(rd_last),
    .s_valid_i(buf_m_valid && in_valid && in_left != '0), .s_ready_o(rd_s_ready),
    .m_axis_tdata(rs_data), .m_axis_tkeep(rs_keep), .m_axis_tlast(rs_last),
    .m_axis_tvalid(rs_valid), .m_axis_tready(rs_ready)
  );
  assign mid_pop = rs_valid && rs_ready && rs_last;

  // ---- Codecs ----
  logic                  c_s_ready, c_m_valid, c_m_ready, c_m_last, c_sts_valid, c_sts_ready, c_sts_error;
  logic [8*BusBytes-1:0] c_m_data;
  logic [BusBytes-1:0]   c_m_keep;
  logic [31:0]           c_sts_raw_unused, c_sts_comp;
  logic                  dec_s_ready, dec_m_valid, dec_m_ready, dec_m_last, dec_sts_valid, dec_sts_ready;
  logic [8*BusBytes-1:0] dec_m_data;
  logic [BusBytes-1:0]   dec_m_keep;
  logic [31:0]           dec_sts_comp;
  logic [2:0]            dec_sts_error;
  logic                  dec_sts_bad_mode_unused;  // the engine refuses such descriptors
  logic                  dec_sts_bad_keep;         // never: the read realigner packs its beats
  logic                  ws_valid, ws_last, ws_ready;
  logic [8*BusBytes-1:0] ws_data;
  logic [LenW-1:0]       ws_len;  // bytes in the beat, packed from lane 0

  // An indexed OFFLOAD is a frame per 4 KiB block: the read realigner's beats
  // are packed from the source's first byte, so a block is BlockBeats beats.
  logic [BlkW-1:0] mid_beat_d, mid_beat_q;
  logic            c_s_fire, c_s_last;
  assign c_s_fire   = rs_valid && mid_op == OpOffload && c_s_ready;
  assign c_s_last   = rs_last || (BlockIndex != 0 && mid_index && mid_beat_q == BlkW'(BlockBeats - 1));
  assign mid_beat_d = !c_s_fire ? mid_beat_q : rs_last ? '0 : mid_beat_q + 1'b1;

  zvc_compressor #(.ElemBytes(ElemBytes), .BusBytes(BusBytes), .Modes(Modes)) u_compressor (
    .clk_i, .rst_ni,
    .s_axis_tdata(rs_data), .s_axis_tkeep(rs_keep), .s_axis_tlast(c_s_last), .s_axis_tuser(mid_mode),
    .s_axis_tvalid(rs_valid && mid_op == OpOffload), .s_axis_tready(c_s_ready),
    .m_axis_tdata(c_m_data), .m_axis_tkeep(c_m_keep), .m_axis_tlast(c_m_last),
    .m_axis_tvalid(c_m_valid), .m_axis_tready(c_m_ready),
    .sts_valid_o(c_sts_valid), .sts_ready_i(c_sts_ready), .sts_raw_bytes_o(c_sts_raw_unused),
    .sts_comp_bytes_o(c_sts_comp), .sts_error_o(c_sts_error)
  );
  zvc_decompressor #(.ElemBytes(ElemBytes), .BusBytes(BusBytes), .Modes(Modes)) u_decompressor (
    .clk_i, .rst_ni,
    .cmd_valid_i(in_valid && in_op == OpPrefetch && !cmd_sent_q), .cmd_ready_o(dec_cmd_ready),
    .cmd_raw_bytes_i(in_raw), .cmd_mode_i(in_mode),
    .s_axis_tdata(rs_data), .s_axis_tkeep(rs_keep), .s_axis_tlast(rs_last),
    .s_axis_tvalid(rs_valid && mid_op == OpPrefetch), .s_axis_tready(dec_s_ready),
    .m_axis_tdata(dec_m_data), .m_axis_tkeep(dec_m_keep), .m_axis_tlast(dec_m_last),
    .m_axis_tvalid(dec_m_valid), .m_axis_tready(dec_m_ready),
    .sts_valid_o(dec_sts_valid), .sts_ready_i(dec_sts_ready), .sts_comp_bytes_o(dec_sts_comp),
    .sts_error_o(dec_sts_error), .sts_bad_mode_o(dec_sts_bad_mode_unused),
    .sts_bad_keep_o(dec_sts_bad_keep)
  );

  // ---- Out: the descriptor's output frame and its codec status ----
  // The head of the out queue owns the write realigner's input until its
  // frame has ended and, for OFFLOAD and PREFETCH, its codec has reported.
  // A COPY's beats go straight from the read realigner, so they flow only
  // while the COPY heads both the mid and the out queues.
  // An indexed OFFLOAD's frames are its blocks: its output ends with the
  // last block's frame (c_last), its codec has reported with the last
  // block's status, and each status is an index entry.
  logic       out_live, frame_done_d, frame_done_q, frame_end, sts_got_d, sts_got_q, codec_sts;
  logic       c_last, c_sts_fire, c_sts_final, ix_valid, ix_ready;
  logic [IdxW-1:0] blk_d, blk_q, sblk_d, sblk_q;  // the head's blocks out, and reported
  logic [IdxW-1:0] blk_inc, sblk_inc;               // each plus one (log-depth: cdma_incr)
  logic [31:0] comp_d, comp_q, out_comp, c_comp_sum;
  logic [3:0] oerr_d, oerr_q, oerr_new;
  assign out_live    = out_valid && !frame_done_q;
  assign c_last      = c_m_last && (!out_index || blk_q == out_last_blk);
  assign c_sts_final = !out_index || sblk_q == out_last_blk;
  cdma_incr #(.Width(IdxW)) u_blk_inc (.value_i(blk_q), .incr_o(blk_inc));
  cdma_incr #(.Width(IdxW)) u_sblk_inc (.value_i(sblk_q), .incr_o(sblk_inc));
  assign c_sts_ready = out_valid && out_op == OpOffload && !sts_got_q && (!out_index || ix_ready);
  assign c_sts_fire  = c_sts_valid && c_sts_ready;
  assign ix_valid    = c_sts_valid && out_valid && out_op == OpOffload && out_index && !sts_got_q;
  assign dec_sts_ready = out_valid && out_op == OpPrefetch && !sts_got_q;
  assign codec_sts   = (c_sts_fire && c_sts_final) || (dec_sts_valid && dec_sts_ready);
  assign out_pop     = out_valid && (frame_done_q || frame_end) &&
                       (out_op == OpCopy || sts_got_q || codec_sts);
  // An OFFLOAD's payload size sums its blocks' (comp_q starts at zero). A
  // COPY's payload size is its raw size, which the completion has.
  assign c_comp_sum  = comp_q + c_sts_comp;
  assign out_comp    = !codec_sts ? comp_q : out_op == OpOffload ? c_comp_sum : dec_sts_comp;

  // ---- Payload capacity (OFFLOAD with comp_bytes != 0) ----
  // The beat that would pass the capacity (more bytes than the room left, or
  // exactly the room with more to come) is cut to the room and ends the
  // frame for the write side; the compressor's remaining beats are drained
  // unwritten (capped_q), and its status still gives the full payload size.
  logic                c_fire, capped_d, capped_q, cap_cut;
  logic [31:0]         cap_used_q, cap_used_sum_unused, cap_room;
  logic [LenW-1:0]     c_m_bytes, dec_m_bytes, rs_bytes;
  assign c_m_ready = (ws_ready || capped_q) && out_live && out_op == OpOffload;
  assign c_fire    = c_m_valid && c_m_ready;
  assign c_m_bytes   = keep_len(c_m_keep);
  assign dec_m_bytes = keep_len(dec_m_keep);
  assign rs_bytes    = keep_len(rs_keep);
  cdma_len_acc #(.Width(32), .LowW(LenW)) u_cap_used (
    .clk_i, .rst_ni, .en_i(c_fire || out_pop), .clear_i(out_pop), .add_i(c_m_bytes),
    .sum_o(cap_used_sum_unused), .value_o(cap_used_q)
  );
  assign cap_room  = out_cap - cap_used_q;
  assign cap_cut   = out_cap_on && !capped_q && c_m_valid &&
                     (32'(c_m_bytes) > cap_room || (32'(c_m_bytes) == cap_room && !c_last));
  assign dec_m_ready = ws_ready && out_live && out_op == OpPrefetch;

  always_comb begin
    unique case (out_op)
      OpOffload: begin
        ws_valid = out_live && c_m_valid && !capped_q;
        ws_data  = c_m_data;
        // A cut beat keeps the room: below BusBytes when it is cut short
        // (the compressor's beats are packed from lane 0), or all of it
        // when it fits exactly. Its bytes past the room are not written.
        ws_len   = cap_cut ? LenW'(cap_room) : c_m_bytes;
        ws_last  = c_last || cap_cut;
      end
      OpPrefetch: begin
        ws_valid = out_live && dec_m_valid;
        ws_data  = dec_m_data;
        ws_len   = dec_m_bytes;
        ws_last  = dec_m_last;
      end
      default: begin
        ws_valid = out_live && mid_valid && mid_op == OpCopy && rs_valid;
        ws_data  = rs_data;
        ws_len   = rs_bytes;
        ws_last  = rs_last;
      end
    endcase
  end
  always_comb begin
    unique case (mid_op)
      OpOffload:  rs_ready = c_s_ready;
      OpPrefetch: rs_ready = dec_s_ready;
      default:    rs_ready = ws_ready && out_live && out_op == OpCopy;
    endcase
  end
  // The frame ends with the codec's last beat (an OFFLOAD cut at its
  // capacity drains the rest unwritten) or the COPY's last beat.
  assign frame_end = out_op == OpOffload  ? c_fire && c_last :
                     out_op == OpPrefetch ? dec_m_valid && dec_m_ready && dec_m_last :
                                            ws_valid && ws_ready && ws_last;

  // ---- Write side: realign to the destination, queue, AW/W/B ----
  logic [8*BusBytes-1:0] wa_data;
  logic [BusBytes-1:0]   wa_keep;
  logic                  wa_last, wa_valid, wa_ready, wa_fire;
  cdma_realign #(.BusBytes(BusBytes)) u_write_align (
    .clk_i, .rst_ni, .offset_i(out_lane),
    .s_data_i(ws_data), .s_lo_i(LaneW'(0)), .s_len_i(ws_len), .s_last_i(ws_last),
    .s_valid_i(ws_valid), .s_ready_o(ws_ready),
    .m_axis_tdata(wa_data), .m_axis_tkeep(wa_keep), .m_axis_tlast(wa_last),
    .m_axis_tvalid(wa_valid), .m_axis_tready(wa_ready)
  );
  assign wa_fire = wa_valid && wa_ready;

  logic                  wq_valid, wq_ready, wq_last;
  logic [8*BusBytes-1:0] wq_data;
  logic [BusBytes-1:0]   wq_keep;
  logic                  wq_rsv_ready_unused;
  logic [WqCntW-1:0]     wq_level, wq_free_unused;
  cdma_buffer #(.BusBytes(BusBytes), .DepthBeats(WriteBeats)) u_write_queue (
    .clk_i, .rst_ni,
    .s_axis_tdata(wa_data), .s_axis_tkeep(wa_keep), .s_axis_tlast(wa_last),
    .s_axis_tvalid(wa_valid), .s_axis_tready(wa_ready),
    .m_axis_tdata(wq_data), .m_axis_tkeep(wq_keep), .m_axis_tlast(wq_last),
    .m_axis_tvalid(wq_valid), .m_axis_tready(wq_ready),
    .rsv_valid_i(1'b0), .rsv_ready_o(wq_rsv_ready_unused), .rsv_beats_i(WqCntW'(0)),
    .level_o(wq_level), .free_o(wq_free_unused)
  );

  // Frames in the write queue: the beats of the one coming in, and the
  // length of each one that is whole, for the write bursts.
  logic [31:0] wa_beats_d, wa_beats_q, flen;
  logic        flen_valid, flen_wready_unused;
  assign wa_beats_d = wa_fire ? (wa_last ? '0 : wa_beats_q + 1'b1) : wa_beats_q;
  cdma_fifo_sync #(.Width(32), .Depth(QDepth), .RegHead(1)) u_frame_q (
    .clk_i, .rst_ni, .wvalid_i(wa_fire && wa_last), .wready_o(flen_wready_unused),
    .wdata_i(wa_beats_q + 1'b1), .rvalid_o(flen_valid), .rready_i(aw_pop), .rdata_o(flen)
  );

  logic              aw_ok, aw_idle_unused, aw_fire, aw_issue, aw_started_d, aw_started_q;
  logic [BurstW-1:0] aw_burst_unused, aw_beats;  // the write queue's beats bound a burst
  logic [32:0]       aw_left_unused;
  logic [31:0]       aw_assigned_q, aw_assigned_sum_unused, aw_bursts_d, aw_bursts_q, aw_bursts_inc, aw_avail;
  logic [WritesW-1:0] writes_out_d, writes_out_q;
  logic              wlen_valid, wlen_ready, wlen_wready, w_fire, b_fire;
  logic [63:0]       d_awaddr;  // the payload's write channels, before the index entries join
  logic [7:0]        d_awlen;
  logic              d_awvalid, d_awready, d_wvalid, d_wready, d_wlast;
  logic [BurstW-1:0] wlen_beats;
  logic [BurstW-1:0] w_beat_d, w_beat_q;

  // Write bursts cover the beats of the head descriptor's frame waiting in
  // the write queue: full-size ones while the frame comes in, then what is
  // left. The payload's length is not known in advance, so the transfer has
  // no end of its own (all ones); it is over when the whole frame is in
  // bursts.
  assign aw_avail = (flen_valid ? flen : wa_beats_q) - aw_assigned_q;
  cdma_legalizer #(.BusBytes(BusBytes), .MaxBurstBeats(MaxBurstBeats)) u_write_bursts (
    .clk_i, .rst_ni,
    .start_i(aw_valid && !aw_started_q), .start_addr_i({aw_beat, LaneW'(0)}), .start_beats_i({33{1'b1}}),
    .avail_i(33'(aw_avail)), .final_i(flen_valid),
    .burst_ok_o(aw_ok), .burst_beats_o(aw_burst_unused), .take_i(aw_issue), .idle_o(aw_idle_unused),
    .left_o(aw_left_unused),
    .ax_addr_o(d_awaddr), .ax_len_o(d_awlen), .ax_beats_o(aw_beats), .ax_valid_o(d_awvalid),
    .ax_ready_i(d_awready)
  );
  assign aw_issue = aw_started_q && aw_ok && writes_out_q != '1 && wlen_wready;
  assign aw_fire  = d_awvalid && d_awready;
  assign aw_pop   = aw_started_q && flen_valid && aw_assigned_q == flen && !d_awvalid;
  assign aw_started_d  = aw_pop ? 1'b0 : aw_started_q || aw_valid;
  // The beats and bursts the head's frame has on the channel. The channel's
  // acceptance comes late in the cycle: it picks a sum made from registers
  // (cdma_len_acc, cdma_incr) rather than entering a carry chain.
  cdma_len_acc #(.Width(32), .LowW(BurstW)) u_aw_assigned (
    .clk_i, .rst_ni, .en_i(aw_fire || aw_pop), .clear_i(aw_pop), .add_i(aw_beats),
    .sum_o(aw_assigned_sum_unused), .value_o(aw_assigned_q)
  );
  cdma_incr #(.Width(32)) u_aw_bursts_inc (.value_i(aw_bursts_q), .incr_o(aw_bursts_inc));
  assign aw_bursts_d = aw_pop ? '0 : aw_fire ? aw_bursts_inc : aw_bursts_q;

  cdma_fifo_sync #(.Width(BurstW), .Depth(4)) u_wlen_fifo (
    .clk_i, .rst_ni,
    .wvalid_i(aw_fire), .wready_o(wlen_wready), .wdata_i(aw_beats),
    .rvalid_o(wlen_valid), .rready_i(wlen_ready), .rdata_o(wlen_beats)
  );
  assign d_wvalid     = wlen_valid && wq_valid;
  assign d_wlast      = w_beat_q == wlen_beats - 1'b1;
  assign w_fire       = d_wvalid && d_wready;
  assign wq_ready     = wlen_valid && d_wready;
  assign wlen_ready   = w_fire && d_wlast;
  assign writes_out_d = writes_out_q + WritesW'(aw_fire) - WritesW'(b_fire);
  assign w_beat_d     = w_fire ? (d_wlast ? '0 : w_beat_q + 1'b1) : w_beat_q;

  // ---- Block index entries, and the write channels shared with them ----
  logic [1:0] ix_resp;
  logic [3:0] ix_err;
  logic       ix_res_valid, ix_idle;
  if (BlockIndex != 0) begin : g_index
    logic [IdW-1:0]        ix_awid;
    logic [63:0]           ix_awaddr;
    logic [7:0]            ix_awlen;
    logic [2:0]            ix_awsize, ix_awprot;
    logic [1:0]            ix_awburst;
    logic [3:0]            ix_awcache;
    logic                  ix_awvalid, ix_awready, ix_wlast, ix_wvalid, ix_wready, ix_bvalid, ix_bready;
    logic [8*BusBytes-1:0] ix_wdata;
    logic [BusBytes-1:0]   ix_wstrb;
    logic [1:0]            mux_awready, mux_wready, mux_bvalid;
    cdma_index_writer #(.BusBytes(BusBytes), .IdW(IdW), .AxiId(AxiId), .Results(QDepth)) u_index (
      .clk_i, .rst_ni,
      .s_valid_i(ix_valid), .s_ready_o(ix_ready), .s_first_i(sblk_q == '0), .s_base_i(out_base),
      .s_value_i(c_sts_comp), .s_last_i(c_sts_final),
      .m_axi_awid(ix_awid), .m_axi_awaddr(ix_awaddr), .m_axi_awlen(ix_awlen), .m_axi_awsize(ix_awsize),
      .m_axi_awburst(ix_awburst), .m_axi_awcache(ix_awcache), .m_axi_awprot(ix_awprot),
      .m_axi_awvalid(ix_awvalid), .m_axi_awready(ix_awready),
      .m_axi_wdata(ix_wdata), .m_axi_wstrb(ix_wstrb), .m_axi_wlast(ix_wlast), .m_axi_wvalid(ix_wvalid),
      .m_axi_wready(ix_wready), .m_axi_bresp(m_axi_bresp), .m_axi_bvalid(ix_bvalid),
      .m_axi_bready(ix_bready),
      .res_valid_o(ix_res_valid), .res_ready_i(cpl_fire && !cpl_bad && cpl_index), .res_resp_o(ix_resp),
      .idle_o(ix_idle)
    );

    // The payload's bursts (port 0) and the index entries (port 1) in turn;
    // with no index entry waiting the payload's pass in the same cycle.
    // Depth: an owner change per entry among the writes awaiting responses.
    cdma_axi_wmux #(.BusBytes(BusBytes), .IdW(IdW), .Depth(8)) u_write_mux (
      .clk_i, .rst_ni,
      .s_axi_awid({ix_awid, IdW'(AxiId)}), .s_axi_awaddr({ix_awaddr, d_awaddr}),
      .s_axi_awlen({ix_awlen, d_awlen}), .s_axi_awsize({ix_awsize, 3'(LaneW)}),
      .s_axi_awburst({ix_awburst, 2'b01}), .s_axi_awcache({ix_awcache, 4'b0011}),
      .s_axi_awprot({ix_awprot, 3'b000}), .s_axi_awvalid({ix_awvalid, d_awvalid}),
      .s_axi_awready(mux_awready),
      .s_axi_wdata({ix_wdata, wq_data}), .s_axi_wstrb({ix_wstrb, wq_keep}),
      .s_axi_wlast({ix_wlast, d_wlast}), .s_axi_wvalid({ix_wvalid, d_wvalid}), .s_axi_wready(mux_wready),
      .s_axi_bvalid(mux_bvalid), .s_axi_bready({ix_bready, 1'b1}),
      .m_axi_awid, .m_axi_awaddr, .m_axi_awlen, .m_axi_awsize, .m_axi_awburst, .m_axi_awcache,
      .m_axi_awprot, .m_axi_awvalid, .m_axi_awready, .m_axi_wdata, .m_axi_wstrb, .m_axi_wlast,
      .m_axi_wvalid, .m_axi_wready, .m_axi_bvalid, .m_axi_bready
    );
    assign {ix_awready, d_awready} = mux_awready;
    assign {ix_wready, d_wready}   = mux_wready;
    assign {ix_bvalid, b_fire}     = mux_bvalid;  // the payload's side is always ready
  end else begin : g_no_index
    assign m_axi_awid    = IdW'(AxiId);
    assign m_axi_awaddr  = d_awaddr;
    assign m_axi_awlen   = d_awlen;
    assign m_axi_awsize  = 3'(LaneW);
    assign m_axi_awburst = 2'b01;
    assign m_axi_awcache = 4'b0011;
    assign m_axi_awprot  = 3'b000;
    assign m_axi_awvalid = d_awvalid;
    assign d_awready     = m_axi_awready;
    assign m_axi_wdata   = wq_data;
    assign m_axi_wstrb   = wq_keep;
    assign m_axi_wlast   = d_wlast;
    assign m_axi_wvalid  = d_wvalid;
    assign d_wready      = m_axi_wready;
    assign m_axi_bready  = 1'b1;
    assign b_fire        = m_axi_bvalid;
    assign ix_ready      = 1'b0;
    assign ix_res_valid  = 1'b0;
    assign ix_resp       = 2'b00;
    assign ix_idle       = 1'b1;
  end
  assign ix_err = ix_resp[1] ? (ix_resp[0] ? ErrWriteDec : ErrWriteSlv) : ErrNone;

  // ---- B: responses counted per descriptor ----
  // Responses come in order (one ID); a descriptor's writes are done when
  // as many have come as it had bursts.
  logic [31:0] bursts, b_seen_d, b_seen_q;
  logic        bursts_valid, b_pop, bursts_wready_unused;
  logic [3:0]  werr_d, werr_q, werr_new;
  cdma_fifo_sync #(.Width(32), .Depth(QDepth)) u_bursts_q (
    .clk_i, .rst_ni, .wvalid_i(aw_pop), .wready_o(bursts_wready_unused), .wdata_i(aw_bursts_q),
    .rvalid_o(bursts_valid), .rready_i(b_pop), .rdata_o(bursts)
  );
  assign b_pop    = bursts_valid && b_seen_q == bursts;
  assign b_seen_d = (b_pop ? '0 : b_seen_q) + 32'(b_fire);
  assign werr_new = (b_fire && m_axi_bresp[1]) ? (m_axi_bresp[0] ? ErrWriteDec : ErrWriteSlv) : ErrNone;

  // ---- Results per stage, joined in order by the completion ----
  logic       rres_valid, ores_valid, wres_valid;
  logic       rres_wready_unused, ores_wready_unused, wres_wready_unused;
  logic [3:0] rres_err, ores_err, wres_err;
  logic [31:0] ores_comp;
  cdma_fifo_sync #(.Width(4), .Depth(QDepth)) u_rres_q (
    .clk_i, .rst_ni, .wvalid_i(in_pop), .wready_o(rres_wready_unused),
    .wdata_i(first_err(rerr_q, rerr_new)),
    .rvalid_o(rres_valid), .rready_i(cpl_fire && !cpl_bad), .rdata_o(rres_err)
  );
  cdma_fifo_sync #(.Width(ResW), .Depth(QDepth)) u_ores_q (
    .clk_i, .rst_ni, .wvalid_i(out_pop), .wready_o(ores_wready_unused),
    .wdata_i({out_comp, first_err(oerr_q, oerr_new)}),
    .rvalid_o(ores_valid), .rready_i(cpl_fire && !cpl_bad), .rdata_o({ores_comp, ores_err})
  );
  cdma_fifo_sync #(.Width(4), .Depth(QDepth)) u_wres_q (
    .clk_i, .rst_ni, .wvalid_i(b_pop), .wready_o(wres_wready_unused), .wdata_i(werr_q),
    .rvalid_o(wres_valid), .rready_i(cpl_fire && !cpl_bad), .rdata_o(wres_err)
  );

  // The codec's errors of the head of the out queue (the first one is kept).
  logic dec_err;
  assign dec_err  = dec_sts_valid && dec_sts_ready && dec_sts_error != '0;
  // The compressor's malformed-input flag: the descriptor checks and the
  // realigner's packed beats leave no way to raise it, but if one did,
  // the status says so (error 9) instead of a silent success.
  assign oerr_new = dec_err ? (dec_sts_error[0] ? ErrTruncated : dec_sts_error[1] ? ErrTrailing : ErrBadMask) :
                    (c_sts_fire && c_sts_error) ? ErrCompress :
                    (c_fire && cap_cut) ? ErrCapacity : ErrNone;

  // Per-stage state: a stage's registers go back to zero when its head leaves.
  always_comb begin
    in_left_d    = in_left_q;
    in_first_d   = in_first_q;
    cmd_sent_d   = cmd_sent_q || cmd_fire;
    rerr_d       = first_err(rerr_q, rerr_new);
    if (rd_accept) begin
      in_left_d  = rd_last ? '0 : in_left_step;
      in_first_d = 1'b0;
    end
    if (in_pop) begin
      in_left_d  = '0;
      in_first_d = 1'b1;
      cmd_sent_d = 1'b0;
      rerr_d     = ErrNone;
    end
    frame_done_d = frame_done_q || frame_end;
    sts_got_d    = sts_got_q || codec_sts;
    comp_d       = c_sts_fire ? c_comp_sum : codec_sts ? out_comp : comp_q;
    blk_d        = (c_fire && c_m_last) ? blk_inc : blk_q;
    sblk_d       = c_sts_fire ? sblk_inc : sblk_q;
    oerr_d       = first_err(oerr_q, oerr_new);
    capped_d     = capped_q;
    if (c_fire) begin
      if (cap_cut) capped_d = !c_last;
      else if (c_last) capped_d = 1'b0;
    end
    if (out_pop) begin
      frame_done_d = 1'b0;
      sts_got_d    = 1'b0;
      comp_d       = '0;
      blk_d        = '0;
      sblk_d       = '0;
      oerr_d       = ErrNone;
      capped_d     = 1'b0;
    end
    // A response that arrives as the head leaves belongs to the next descriptor.
    werr_d = b_pop ? werr_new : first_err(werr_q, werr_new);
  end

  // ---- Completion: one status per descriptor, in order ----
  // Errors by stage: the first read error, else the first codec or capacity
  // error, else the first write error (the payload's, then the index's);
  // error 8 for an illegal descriptor,
  // which reports payload bytes 0.
  logic sts_fifo_ready;
  logic [3:0] cpl_err;
  assign cpl_fire = cpl_valid && sts_fifo_ready &&
                    (cpl_bad || (rres_valid && ores_valid && wres_valid && (!cpl_index || ix_res_valid)));
  assign cpl_err  = cpl_bad ? ErrDescriptor :
                    first_err(rres_err, first_err(ores_err, first_err(wres_err, cpl_index ? ix_err : ErrNone)));

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      flight_q      <= '0;
      wr_any_q      <= 1'b0;
      wr_lo_q       <= '0;
      wr_hi_q       <= '0;
      reads_out_q   <= '0;
      in_left_q     <= '0;
      in_first_q    <= 1'b1;
      cmd_sent_q    <= 1'b0;
      rerr_q        <= ErrNone;
      frame_done_q  <= 1'b0;
      sts_got_q     <= 1'b0;
      comp_q        <= '0;
      mid_beat_q    <= '0;
      blk_q         <= '0;
      sblk_q        <= '0;
      oerr_q        <= ErrNone;
      capped_q      <= 1'b0;
      wa_beats_q    <= '0;
      aw_started_q  <= 1'b0;
      aw_bursts_q   <= '0;
      writes_out_q  <= '0;
      w_beat_q      <= '0;
      b_seen_q      <= '0;
      werr_q        <= ErrNone;
    end else begin
      flight_q      <= flight_d;
      wr_any_q      <= wr_any_d;
      wr_lo_q       <= wr_lo_d;
      wr_hi_q       <= wr_hi_d;
      reads_out_q   <= reads_out_d;
      in_left_q     <= in_left_d;
      in_first_q    <= in_first_d;
      cmd_sent_q    <= cmd_sent_d;
      rerr_q        <= rerr_d;
      frame_done_q  <= frame_done_d;
      sts_got_q     <= sts_got_d;
      comp_q        <= comp_d;
      mid_beat_q    <= mid_beat_d;
      blk_q         <= blk_d;
      sblk_q        <= sblk_d;
      oerr_q        <= oerr_d;
      capped_q      <= capped_d;
      wa_beats_q    <= wa_beats_d;
      aw_started_q  <= aw_started_d;
      aw_bursts_q   <= aw_bursts_d;
      writes_out_q  <= writes_out_d;
      w_beat_q      <= w_beat_d;
      b_seen_q      <= b_seen_d;
      werr_q        <= werr_d;
    end
  end

  // ---- Status queue ----
  logic             sq_valid;
  logic [StsW-1:0]  sq_data;
  cdma_fifo_sync #(.Width(StsW), .Depth(2)) u_sts_fifo (
    .clk_i, .rst_ni,
    .wvalid_i(cpl_fire), .wready_o(sts_fifo_ready),
    .wdata_i({cpl_tag, cpl_raw, cpl_bad ? 32'd0 : cpl_copy ? cpl_raw : ores_comp, cpl_err}),
    .rvalid_o(sq_valid), .rready_i(sts_ready_i), .rdata_o(sq_data)
  );
  assign sts_valid_o = sq_valid;
  assign {sts_tag_o, sts_raw_bytes_o, sts_comp_bytes_o, sts_error_o} = sq_data;

  // Unused by design: the landing buffer's data lanes are whole beats (only
  // tkeep[0] carries a response bit), IDs are all AxiId, the write queue
  // takes no reservations, a read burst's length fits the landing buffer's
  // count (BufferBeats >= MaxBurstBeats), the write bursts' transfer never
  // ends by itself, the stage queues never fill (at most MaxDescs in flight),
  // and without the block index (BlockIndex 0) its signals have no reader.
  logic unused;
  assign unused = ^{buf_m_keep[BusBytes-1:1], m_axi_rid, m_axi_bid, c_sts_raw_unused,
                    dec_sts_bad_mode_unused, dec_sts_bad_keep, ar_burst, ar_beats_unused,
                    ar_left_unused, aw_burst_unused, aw_idle_unused, aw_left_unused,
                    wq_rsv_ready_unused, wq_free_unused, wq_last, in_wready_unused, mid_wready_unused,
                    out_wready_unused, aw_wready_unused, cpl_wready_unused, flen_wready_unused,
                    bursts_wready_unused, rres_wready_unused, ores_wready_unused, wres_wready_unused,
                    ix_valid, out_base, c_sts_final, dq_last_blk, aw_assigned_sum_unused,
                    cap_used_sum_unused};

  // The formal harness (fv_engine) must reach these: a transfer cut into
  // several read bursts and several write bursts, a landing buffer fully
  // reserved, and a read burst held back because it was.
  `CDMA_COVER(read_burst_cut, ar_fire && ar_left_unused > 33'(ar_beats_unused))
  `CDMA_COVER(write_burst_cut, aw_fire && aw_left_unused != '1)
  `CDMA_COVER(buffer_full, buf_free == '0)
  `CDMA_COVER(read_held_back, rsv_valid && !rsv_ready)
  // An OFFLOAD's payload cut at its capacity in the middle of the frame.
  `CDMA_COVER(capacity_cut, c_fire && cap_cut && !c_m_last)
  // Two descriptors in flight: the next one's reads while the previous one writes.
  `CDMA_COVER(overlap, ar_fire && bursts_valid)

  `CDMA_ASSERT(aw_only_with_room, !aw_fire || wlen_wready)
  `CDMA_ASSERT(dec_keep_packed, !dec_sts_valid || !dec_sts_bad_keep)
  `CDMA_ASSERT(reads_bounded, 32'(reads_out_q) <= MaxReads)
  // No stage queue is written when full, and a COPY's beats leave the mid
  // queue's head and the out queue's head together.
  // keep_len's premise: the beats into the write side are packed from lane 0.
  `CDMA_ASSERT(beats_packed, (!c_m_valid || (c_m_keep & (c_m_keep + 1'b1)) == '0) &&
                             (!dec_m_valid || (dec_m_keep & (dec_m_keep + 1'b1)) == '0) &&
                             (!rs_valid || (rs_keep & (rs_keep + 1'b1)) == '0))
  `CDMA_ASSERT(queues_never_full, !start || (in_wready_unused && mid_wready_unused && out_wready_unused &&
                                             aw_wready_unused && cpl_wready_unused))
  `CDMA_ASSERT(results_never_full, (!in_pop || rres_wready_unused) && (!out_pop || ores_wready_unused) &&
                                   (!b_pop || wres_wready_unused) && (!aw_pop || bursts_wready_unused) &&
                                   (!(wa_fire && wa_last) || flen_wready_unused))
  // Idle means empty: nothing of a descriptor outlives its status (no read
  // owed or landed, no codec output or status, no beat or burst left to
  // write), so every descriptor starts from the state reset leaves.
  `CDMA_ASSERT(idle_is_empty, flight_q != '0 ||
               (ar_idle && reads_out_q == '0 && !in_valid && !mid_valid && !out_valid && !aw_valid &&
                !cpl_valid && !flen_valid && !bursts_valid && !rres_valid && !ores_valid && !wres_valid &&
                buf_level == '0 && 32'(buf_free) == BufferBeats && in_first_q && in_left_q == '0 && !cmd_sent_q &&
                !rs_valid && !c_m_valid && !dec_m_valid && !c_sts_valid && !dec_sts_valid &&
                !frame_done_q && !sts_got_q && !capped_q && cap_used_q == '0 && !wa_valid &&
                comp_q == '0 && mid_beat_q == '0 && blk_q == '0 && sblk_q == '0 && ix_idle &&
                wq_level == '0 && wa_beats_q == '0 && !aw_started_q && aw_assigned_q == '0 &&
                aw_bursts_q == '0 && !m_axi_awvalid && !wlen_valid && writes_out_q == '0 &&
                w_beat_q == '0 && b_seen_q == '0))
endmodule
