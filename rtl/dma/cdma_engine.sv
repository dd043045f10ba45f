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
//
// Descriptors run one after another (a 2-deep queue in front). Reads are
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
// its end and reports the first error. Reset: asynchronous, active low.
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
  localparam int LaneW = $clog2(BusBytes)
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  // Descriptors.
  input  logic                  desc_valid_i,
  output logic                  desc_ready_o,
  input  logic [1:0]            desc_op_i,        // 0 COPY, 1 OFFLOAD, 2 PREFETCH
  input  logic [1:0]            desc_mode_i,      // codec mode; 0 ZVC
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
  localparam int DescW = 2 + 2 + 64 + 64 + 32 + 32 + 16;
  localparam int StsW = 16 + 32 + 32 + 4;

  // ---- Descriptor queue ----
  logic             dq_valid, dq_ready;
  logic [DescW-1:0] dq_data;
  cdma_fifo_sync #(.Width(DescW), .Depth(2)) u_desc_fifo (
    .clk_i, .rst_ni,
    .wvalid_i(desc_valid_i), .wready_o(desc_ready_o),
    .wdata_i({desc_op_i, desc_mode_i, desc_src_addr_i, desc_dst_addr_i, desc_raw_bytes_i, desc_comp_bytes_i,
              desc_tag_i}),
    .rvalid_o(dq_valid), .rready_i(dq_ready), .rdata_o(dq_data)
  );
  // The descriptor at the head of the queue.
  logic [1:0]  dq_op, dq_mode;
  logic [63:0] dq_src, dq_dst;
  logic [31:0] dq_raw, dq_comp;
  logic [15:0] dq_tag;
  assign {dq_op, dq_mode, dq_src, dq_dst, dq_raw, dq_comp, dq_tag} = dq_data;
  // The descriptor's addresses split into the beat's address and the byte lane.
  logic [63:0]      dq_src_beat, dq_dst_beat;
  logic [LaneW-1:0] dq_src_lane, dq_dst_lane;
  assign dq_src_beat = {dq_src[63:LaneW], {LaneW{1'b0}}};
  assign dq_dst_beat = {dq_dst[63:LaneW], {LaneW{1'b0}}};
  assign dq_src_lane = dq_src[LaneW-1:0];
  assign dq_dst_lane = dq_dst[LaneW-1:0];

  // ---- Control ----
  // State codes as localparams, not an enum: Icarus 11 simulated an enum
  // state register wrongly (docs/rtl.md, "Constructs the RTL avoids").
  localparam logic [1:0] StIdle = 2'd0, StRun = 2'd1, StDone = 2'd2;
  logic [1:0]  state_d, state_q;
  logic [1:0]  op_d, op_q, mode_d, mode_q;
  logic [15:0] tag_d, tag_q;
  logic [31:0] raw_d, raw_q, comp_result_d, comp_result_q;
  logic [3:0]  err_d, err_q, err_new;
  logic        sts_fifo_ready, sts_push, start, rd_done, wr_done, codec_done;

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
                    (dq_src[1:0] & (dq_op == OpPrefetch ? pay_mask : elem_mask)) != '0 ||
                    (dq_dst[1:0] & (dq_op == OpOffload ? pay_mask : elem_mask)) != '0 ||
                    (dq_raw[1:0] & elem_mask) != '0 ||
                    (dq_read_bytes[1:0] & (dq_op == OpPrefetch ? pay_mask : elem_mask)) != '0;
  assign dq_ready = state_q == StIdle;
  assign start    = dq_valid && state_q == StIdle && !bad_desc;
  assign sts_push = state_q == StDone && sts_fifo_ready;
  assign busy_o   = state_q != StIdle;

  // ---- Read side: reservations, AR, R into the landing buffer ----
  logic [ReadsW-1:0]  reads_out_d, reads_out_q;
  logic [BurstW-1:0]  ar_burst, ar_beats_unused;
  logic [32:0]        ar_left_unused;
  logic               ar_ok, ar_idle, rsv_valid, rsv_ready, ar_fire, r_fire, r_last_fire;
  logic [LaneW-1:0]   rd_off_d, rd_off_q;
  logic [31:0]        rd_bytes_left_d, rd_bytes_left_q;
  logic               rd_first_d, rd_first_q;

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
  assign rsv_valid = state_q == StRun && ar_ok && reads_out_q != ReadsW'(MaxReads);
  assign ar_fire   = m_axi_arvalid && m_axi_arready;

  assign m_axi_arid    = IdW'(AxiId);
  assign m_axi_arsize  = 3'(LaneW);
  assign m_axi_arburst = 2'b01;
  assign m_axi_arcache = 4'b0011;
  assign m_axi_arprot  = 3'b000;

  logic                  buf_s_ready, buf_m_valid, buf_m_ready;
  logic [8*BusBytes-1:0] buf_m_data;
  logic [BusBytes-1:0]   buf_m_keep_unused;
  logic                  buf_m_last_unused;
  logic [BufCntW-1:0]    buf_level, buf_free;
  assign m_axi_rready = buf_s_ready;
  assign r_fire       = m_axi_rvalid && m_axi_rready;
  assign r_last_fire  = r_fire && m_axi_rlast;

  cdma_buffer #(.BusBytes(BusBytes), .DepthBeats(BufferBeats)) u_landing (
    .clk_i, .rst_ni,
    .s_axis_tdata(m_axi_rdata), .s_axis_tkeep({BusBytes{1'b1}}), .s_axis_tlast(1'b0),
    .s_axis_tvalid(m_axi_rvalid), .s_axis_tready(buf_s_ready),
    .m_axis_tdata(buf_m_data), .m_axis_tkeep(buf_m_keep_unused), .m_axis_tlast(buf_m_last_unused),
    .m_axis_tvalid(buf_m_valid), .m_axis_tready(buf_m_ready),
    .rsv_valid_i(rsv_valid), .rsv_ready_o(rsv_ready), .rsv_beats_i(BufCntW'(ar_burst)),
    .level_o(buf_level), .free_o(buf_free)
  );

  // Landing buffer -> read realigner: only the descriptor's bytes.
  logic [LaneW-1:0] rd_lo;
  logic [LenW-1:0]  rd_len;
  logic             rd_last, rd_s_ready, rd_accept;
  logic [LenW-1:0]  rd_room;
  assign rd_lo   = rd_first_q ? rd_off_q : '0;
  assign rd_room = LenW'(BusBytes) - LenW'(rd_lo);
  assign rd_len  = (rd_bytes_left_q < 32'(rd_room)) ? LenW'(rd_bytes_left_q) : rd_room;
  assign rd_last = rd_bytes_left_q <= 32'(rd_room);
  assign buf_m_ready = rd_s_ready && rd_bytes_left_q != '0;
  assign rd_accept   = buf_m_valid && buf_m_ready;

  logic [8*BusBytes-1:0] rs_data;
  logic [BusBytes-1:0]   rs_keep;
  logic                  rs_last, rs_valid, rs_ready;
  cdma_realign #(.BusBytes(BusBytes)) u_read_align (
    .clk_i, .rst_ni, .offset_i(LaneW'(0)),
    .s_data_i(buf_m_data), .s_lo_i(rd_lo), .s_len_i(rd_len), .s_last_i(rd_last),
    .s_valid_i(buf_m_valid && rd_bytes_left_q != '0), .s_ready_o(rd_s_ready),
    .m_axis_tdata(rs_data), .m_axis_tkeep(rs_keep), .m_axis_tlast(rs_last),
    .m_axis_tvalid(rs_valid), .m_axis_tready(rs_ready)
  );

  // ---- Codecs ----
  logic                  c_s_ready, c_m_valid, c_m_ready, c_m_last, c_sts_valid, c_sts_error;
  logic [8*BusBytes-1:0] c_m_data;
  logic [BusBytes-1:0]   c_m_keep;
  logic [31:0]           c_sts_raw_unused, c_sts_comp;
  logic                  dec_s_ready, dec_m_valid, dec_m_last, dec_sts_valid, dec_cmd_ready;
  logic [8*BusBytes-1:0] dec_m_data;
  logic [BusBytes-1:0]   dec_m_keep;
  logic [31:0]           dec_sts_comp;
  logic [2:0]            dec_sts_error;
  logic                  dec_sts_bad_mode_unused;  // the engine refuses such descriptors
  logic                  dec_sts_bad_keep;         // never: the read realigner packs its beats
  logic                  cmd_pending_d, cmd_pending_q, codec_sts_pending_d, codec_sts_pending_q;
  logic                  ws_valid, ws_last, ws_ready;
  logic [8*BusBytes-1:0] ws_data;
  logic [BusBytes-1:0]   ws_keep;

  zvc_compressor #(.ElemBytes(ElemBytes), .BusBytes(BusBytes), .Modes(Modes)) u_compressor (
    .clk_i, .rst_ni,
    .s_axis_tdata(rs_data), .s_axis_tkeep(rs_keep), .s_axis_tlast(rs_last), .s_axis_tuser(mode_q),
    .s_axis_tvalid(rs_valid && op_q == OpOffload), .s_axis_tready(c_s_ready),
    .m_axis_tdata(c_m_data), .m_axis_tkeep(c_m_keep), .m_axis_tlast(c_m_last),
    .m_axis_tvalid(c_m_valid), .m_axis_tready(c_m_ready),
    .sts_valid_o(c_sts_valid), .sts_ready_i(1'b1), .sts_raw_bytes_o(c_sts_raw_unused),
    .sts_comp_bytes_o(c_sts_comp), .sts_error_o(c_sts_error)
  );
  zvc_decompressor #(.ElemBytes(ElemBytes), .BusBytes(BusBytes), .Modes(Modes)) u_decompressor (
    .clk_i, .rst_ni,
    .cmd_valid_i(cmd_pending_q), .cmd_ready_o(dec_cmd_ready), .cmd_raw_bytes_i(raw_q),
    .cmd_mode_i(mode_q),
    .s_axis_tdata(rs_data), .s_axis_tkeep(rs_keep), .s_axis_tlast(rs_last),
    .s_axis_tvalid(rs_valid && op_q == OpPrefetch), .s_axis_tready(dec_s_ready),
    .m_axis_tdata(dec_m_data), .m_axis_tkeep(dec_m_keep), .m_axis_tlast(dec_m_last),
    .m_axis_tvalid(dec_m_valid), .m_axis_tready(ws_ready && op_q == OpPrefetch),
    .sts_valid_o(dec_sts_valid), .sts_ready_i(1'b1), .sts_comp_bytes_o(dec_sts_comp),
    .sts_error_o(dec_sts_error), .sts_bad_mode_o(dec_sts_bad_mode_unused),
    .sts_bad_keep_o(dec_sts_bad_keep)
  );

  // ---- Payload capacity (OFFLOAD with comp_bytes != 0) ----
  // The beat that would pass the capacity (more bytes than the room left, or
  // exactly the room with more to come) is cut to the room and ends the
  // frame for the write side; the compressor's remaining beats are drained
  // unwritten (capped_q), and its status still gives the full payload size.
  logic                c_fire, cap_on_d, cap_on_q, capped_d, capped_q, cap_cut;
  logic [31:0]         cap_room_d, cap_room_q;
  logic [LenW-1:0]     c_m_bytes;
  logic [BusBytes-1:0] cap_keep;
  assign c_m_ready = (ws_ready || capped_q) && op_q == OpOffload;
  assign c_fire    = c_m_valid && c_m_ready;
  assign c_m_bytes = LenW'($countones(c_m_keep));
  assign cap_cut   = cap_on_q && !capped_q && c_m_valid &&
                     (32'(c_m_bytes) > cap_room_q || (32'(c_m_bytes) == cap_room_q && !c_m_last));
  // The room is below BusBytes when a beat is cut short (the compressor's
  // beats are packed from lane 0), or all of it when the beat fits exactly.
  assign cap_keep  = {BusBytes{1'b1}} >> (LenW'(BusBytes) - LenW'(cap_room_q));

  always_comb begin
    unique case (op_q)
      OpOffload: begin
        rs_ready = c_s_ready;
        ws_valid = c_m_valid && !capped_q;
        ws_data  = c_m_data;
        ws_keep  = cap_cut ? c_m_keep & cap_keep : c_m_keep;
        ws_last  = c_m_last || cap_cut;
      end
      OpPrefetch: begin
        rs_ready = dec_s_ready;
        ws_valid = dec_m_valid;
        ws_data  = dec_m_data;
        ws_keep  = dec_m_keep;
        ws_last  = dec_m_last;
      end
      default: begin
        rs_ready = ws_ready;
        ws_valid = rs_valid;
        ws_data  = rs_data;
        ws_keep  = rs_keep;
        ws_last  = rs_last;
      end
    endcase
  end

  // ---- Write side: realign to the destination, queue, AW/W/B ----
  logic [LaneW-1:0]      wr_off_d, wr_off_q;
  logic [8*BusBytes-1:0] wa_data;
  logic [BusBytes-1:0]   wa_keep;
  logic                  wa_last, wa_valid, wa_ready, wa_fire;
  cdma_realign #(.BusBytes(BusBytes)) u_write_align (
    .clk_i, .rst_ni, .offset_i(wr_off_q),
    .s_data_i(ws_data), .s_lo_i(LaneW'(0)), .s_len_i(LenW'($countones(ws_keep))), .s_last_i(ws_last),
    .s_valid_i(ws_valid && state_q == StRun), .s_ready_o(ws_ready),
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

  logic              aw_ok, aw_idle_unused, aw_fire, aw_issue, frame_in_d, frame_in_q;
  logic [BurstW-1:0] aw_burst_unused, aw_beats;  // the write queue's beats bound a burst
  logic [32:0]       aw_left_unused;
  logic [WqCntW-1:0] wq_unassigned_d, wq_unassigned_q;
  logic [WritesW-1:0] writes_out_d, writes_out_q;
  logic              wlen_valid, wlen_ready, wlen_wready, w_fire, b_fire;
  logic [BurstW-1:0] wlen_beats;
  logic [BurstW-1:0] w_beat_d, w_beat_q;

  // Write bursts cover the beats waiting in the write queue: full-size ones
  // while the frame comes in, then what is left. The payload's length is not
  // known in advance, so the transfer has no end of its own (all ones).
  cdma_legalizer #(.BusBytes(BusBytes), .MaxBurstBeats(MaxBurstBeats)) u_write_bursts (
    .clk_i, .rst_ni,
    .start_i(start), .start_addr_i(dq_dst_beat), .start_beats_i({33{1'b1}}),
    .avail_i(33'(wq_unassigned_q)), .final_i(frame_in_q),
    .burst_ok_o(aw_ok), .burst_beats_o(aw_burst_unused), .take_i(aw_issue), .idle_o(aw_idle_unused),
    .left_o(aw_left_unused),
    .ax_addr_o(m_axi_awaddr), .ax_len_o(m_axi_awlen), .ax_beats_o(aw_beats), .ax_valid_o(m_axi_awvalid),
    .ax_ready_i(m_axi_awready)
  );
  assign aw_issue = state_q == StRun && aw_ok && writes_out_q != '1 && wlen_wready;
  assign aw_fire  = m_axi_awvalid && m_axi_awready;

  assign m_axi_awid    = IdW'(AxiId);
  assign m_axi_awsize  = 3'(LaneW);
  assign m_axi_awburst = 2'b01;
  assign m_axi_awcache = 4'b0011;
  assign m_axi_awprot  = 3'b000;

  cdma_fifo_sync #(.Width(BurstW), .Depth(4)) u_wlen_fifo (
    .clk_i, .rst_ni,
    .wvalid_i(aw_fire), .wready_o(wlen_wready), .wdata_i(aw_beats),
    .rvalid_o(wlen_valid), .rready_i(wlen_ready), .rdata_o(wlen_beats)
  );
  assign m_axi_wvalid = wlen_valid && wq_valid;
  assign m_axi_wdata  = wq_data;
  assign m_axi_wstrb  = wq_keep;
  assign m_axi_wlast  = w_beat_q == wlen_beats - 1'b1;
  assign w_fire       = m_axi_wvalid && m_axi_wready;
  assign wq_ready     = wlen_valid && m_axi_wready;
  assign wlen_ready   = w_fire && m_axi_wlast;
  assign m_axi_bready = 1'b1;
  assign b_fire       = m_axi_bvalid;

  // ---- Completion ----
  assign rd_done    = ar_idle && reads_out_q == '0 && rd_bytes_left_q == '0;
  assign wr_done    = frame_in_q && wq_unassigned_q == '0 && !m_axi_awvalid && !wlen_valid &&
                      writes_out_q == '0;
  assign codec_done = !cmd_pending_q && !codec_sts_pending_q;

  // The error this cycle brings, if any (the first one of a descriptor is kept).
  logic r_err, b_err, dec_err, dec_truncated, dec_trailing, comp_err;
  assign r_err         = r_fire && m_axi_rresp[1];
  assign b_err         = b_fire && m_axi_bresp[1];
  assign dec_err       = dec_sts_valid && op_q == OpPrefetch && dec_sts_error != '0;
  assign dec_truncated = dec_sts_error[0];
  assign dec_trailing  = dec_sts_error[1];
  // The compressor's malformed-input flag: the descriptor checks and the
  // realigner's packed beats leave no way to raise it, but if one did,
  // the status says so (error 9) instead of a silent success.
  assign comp_err      = c_sts_valid && c_sts_error;
  assign err_new = r_err ? (m_axi_rresp[0] ? ErrReadDec : ErrReadSlv) :
                   dec_err ? (dec_truncated ? ErrTruncated : dec_trailing ? ErrTrailing : ErrBadMask) :
                   b_err ? (m_axi_bresp[0] ? ErrWriteDec : ErrWriteSlv) :
                   comp_err ? ErrCompress : (c_fire && cap_cut) ? ErrCapacity : ErrNone;

  // Next state of the control and of the transfer counters.
  always_comb begin
    state_d             = state_q;
    op_d                = op_q;
    mode_d              = mode_q;
    tag_d               = tag_q;
    raw_d               = raw_q;
    comp_result_d       = comp_result_q;
    err_d               = err_q;
    reads_out_d         = reads_out_q;
    rd_off_d            = rd_off_q;
    rd_bytes_left_d     = rd_bytes_left_q;
    rd_first_d          = rd_first_q;
    cmd_pending_d       = cmd_pending_q;
    codec_sts_pending_d = codec_sts_pending_q;
    wr_off_d            = wr_off_q;
    wq_unassigned_d     = wq_unassigned_q;
    frame_in_d          = frame_in_q;
    writes_out_d        = writes_out_q;
    w_beat_d            = w_beat_q;
    cap_on_d            = cap_on_q;
    cap_room_d          = cap_room_q;
    capped_d            = capped_q;
    // Control.
    unique case (state_q)
      StIdle: if (dq_valid) begin
        state_d = bad_desc ? StDone : StRun;
        err_d   = bad_desc ? ErrDescriptor : ErrNone;
        op_d    = dq_op;
        mode_d  = dq_mode;
        tag_d   = dq_tag;
        raw_d   = dq_raw;
      end
      StRun: begin
        if (err_q == ErrNone) err_d = err_new;
        if (rd_done && wr_done && codec_done) state_d = StDone;
      end
      default: if (sts_push) state_d = StIdle;
    endcase
    if (start) begin
      rd_off_d            = dq_src_lane;
      rd_bytes_left_d     = dq_read_bytes;
      rd_first_d          = 1'b1;
      cmd_pending_d       = dq_op == OpPrefetch;
      codec_sts_pending_d = dq_op != OpCopy;
      comp_result_d       = dq_raw;  // COPY: the raw length
      wr_off_d            = dq_dst_lane;
      frame_in_d          = 1'b0;
      cap_on_d            = dq_op == OpOffload && dq_comp != '0;
      cap_room_d          = dq_comp;
      capped_d            = 1'b0;
    end else begin
      // Reads (the bursts: u_read_bursts).
      reads_out_d = reads_out_q + ReadsW'(ar_fire) - ReadsW'(r_last_fire);
      if (rd_accept) begin
        rd_bytes_left_d = rd_bytes_left_q - 32'(rd_len);
        rd_first_d      = 1'b0;
      end
      // Codec handshakes.
      if (cmd_pending_q && dec_cmd_ready) cmd_pending_d = 1'b0;
      if (c_sts_valid && op_q == OpOffload) begin
        codec_sts_pending_d = 1'b0;
        comp_result_d       = c_sts_comp;
      end
      if (dec_sts_valid && op_q == OpPrefetch) begin
        codec_sts_pending_d = 1'b0;
        comp_result_d       = dec_sts_comp;
      end
      // Capacity: the room left, and the drain after a cut.
      if (c_fire) begin
        cap_room_d = cap_room_q - 32'(c_m_bytes);
        if (cap_cut) capped_d = !c_m_last;
        else if (c_m_last) capped_d = 1'b0;
      end
      // Writes (the bursts: u_write_bursts).
      if (wa_fire && wa_last) frame_in_d = 1'b1;
      wq_unassigned_d = wq_unassigned_q + WqCntW'(wa_fire) - (aw_fire ? WqCntW'(aw_beats) : '0);
      writes_out_d    = writes_out_q + WritesW'(aw_fire) - WritesW'(b_fire);
    end
    if (w_fire) w_beat_d = m_axi_wlast ? '0 : w_beat_q + 1'b1;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q             <= StIdle;
      op_q                <= OpCopy;
      mode_q              <= zvc_pkg::ModeZvc;
      tag_q               <= '0;
      raw_q               <= '0;
      comp_result_q       <= '0;
      err_q               <= ErrNone;
      reads_out_q         <= '0;
      rd_off_q            <= '0;
      rd_bytes_left_q     <= '0;
      rd_first_q          <= 1'b0;
      cmd_pending_q       <= 1'b0;
      codec_sts_pending_q <= 1'b0;
      wr_off_q            <= '0;
      wq_unassigned_q     <= '0;
      frame_in_q          <= 1'b0;
      writes_out_q        <= '0;
      w_beat_q            <= '0;
      cap_on_q            <= 1'b0;
      cap_room_q          <= '0;
      capped_q            <= 1'b0;
    end else begin
      state_q             <= state_d;
      op_q                <= op_d;
      mode_q              <= mode_d;
      tag_q               <= tag_d;
      raw_q               <= raw_d;
      comp_result_q       <= comp_result_d;
      err_q               <= err_d;
      reads_out_q         <= reads_out_d;
      rd_off_q            <= rd_off_d;
      rd_bytes_left_q     <= rd_bytes_left_d;
      rd_first_q          <= rd_first_d;
      cmd_pending_q       <= cmd_pending_d;
      codec_sts_pending_q <= codec_sts_pending_d;
      wr_off_q            <= wr_off_d;
      wq_unassigned_q     <= wq_unassigned_d;
      frame_in_q          <= frame_in_d;
      writes_out_q        <= writes_out_d;
      w_beat_q            <= w_beat_d;
      cap_on_q            <= cap_on_d;
      cap_room_q          <= cap_room_d;
      capped_q            <= capped_d;
    end
  end

  // ---- Status queue ----
  logic             sq_valid;
  logic [StsW-1:0]  sq_data;
  logic [31:0]      sts_comp;
  assign sts_comp = comp_result_q;
  cdma_fifo_sync #(.Width(StsW), .Depth(2)) u_sts_fifo (
    .clk_i, .rst_ni,
    .wvalid_i(state_q == StDone), .wready_o(sts_fifo_ready),
    .wdata_i({tag_q, raw_q, sts_comp, err_q}),
    .rvalid_o(sq_valid), .rready_i(sts_ready_i), .rdata_o(sq_data)
  );
  assign sts_valid_o = sq_valid;
  assign {sts_tag_o, sts_raw_bytes_o, sts_comp_bytes_o, sts_error_o} = sq_data;

  // Unused by design: the read data's tkeep/tlast are not needed (beats are
  // counted), IDs are all AxiId, the write queue takes no reservations, a read
  // burst's length fits the landing buffer's count (BufferBeats >=
  // MaxBurstBeats), the write bursts' transfer never ends by itself.
  logic unused;
  assign unused = ^{buf_m_keep_unused, buf_m_last_unused, m_axi_rid, m_axi_bid, c_sts_raw_unused,
                    dec_sts_bad_mode_unused, dec_sts_bad_keep, ar_burst, ar_beats_unused,
                    ar_left_unused, aw_burst_unused, aw_idle_unused, aw_left_unused,
                    wq_rsv_ready_unused, wq_free_unused, wq_last};

  // The formal harness (fv_engine) must reach these: a transfer cut into
  // several read bursts and several write bursts, a landing buffer fully
  // reserved, and a read burst held back because it was.
  `CDMA_COVER(read_burst_cut, ar_fire && ar_left_unused > 33'(ar_beats_unused))
  `CDMA_COVER(write_burst_cut, aw_fire && aw_left_unused != '1)
  `CDMA_COVER(buffer_full, buf_free == '0)
  `CDMA_COVER(read_held_back, rsv_valid && !rsv_ready)
  // An OFFLOAD's payload cut at its capacity in the middle of the frame.
  `CDMA_COVER(capacity_cut, c_fire && cap_cut && !c_m_last)

  `CDMA_ASSERT(aw_only_with_room, !aw_fire || wlen_wready)
  `CDMA_ASSERT(dec_keep_packed, !dec_sts_valid || !dec_sts_bad_keep)
  `CDMA_ASSERT(reads_bounded, 32'(reads_out_q) <= MaxReads)
  // Idle means empty: nothing of a descriptor outlives its status (no read
  // owed or landed, no codec output or status, no beat or burst left to
  // write), so every descriptor starts from the state reset leaves.
  `CDMA_ASSERT(idle_is_empty, state_q != StIdle ||
               (ar_idle && reads_out_q == '0 &&
                rd_bytes_left_q == '0 && buf_level == '0 && 32'(buf_free) == BufferBeats &&
                !rs_valid && !cmd_pending_q && !codec_sts_pending_q && !c_m_valid &&
                !dec_m_valid && !c_sts_valid && !dec_sts_valid && !capped_q && !wa_valid && wq_level == '0 &&
                wq_unassigned_q == '0 && !m_axi_awvalid && !wlen_valid && writes_out_q == '0 &&
                w_beat_q == '0))
endmodule
