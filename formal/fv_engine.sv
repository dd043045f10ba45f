// Engine properties (docs/formal.md, set "engine").
//
// Any descriptors (any operation, with or without the block index flag,
// addresses below 64 KB, lengths up to MaxLen, any tags; MaxLen 40 at B=8 spans up to 6 beats, more than a 4-beat burst
// and the 4-beat landing buffer, so bursts are cut and the buffer fills:
// cdma_engine's CDMA_COVERs),
// held until accepted; any AXI4 slave that answers only what was asked
// (fv_axi4_master's assumptions: any data, any response codes, any delays):
// - the read and write masters obey AXI4: stable requests, INCR bursts of the
//   bus size from bus-aligned addresses, at most MaxBurstBeats, never
//   across 4 KB; WLAST exactly on each
//   burst's last beat, W only for requested bursts; RREADY never low while
//   read data is owed (the landing-buffer reservations); every W beat has a
//   byte strobe (exact lengths: no beat pads a burst past the data);
// - one status record per accepted descriptor, in order, with its tag and raw
//   length, and error 8 exactly for an illegal descriptor (which makes no bus
//   request), never error 9 (the compressor's input flag), error 10 only for
//   an OFFLOAD whose capacity is below its largest payload;
// - data (a tracked byte, as ZipCPU's packer proofs do): a slave whose byte
//   at an arbitrary address (* anyconst *) reads an arbitrary value. The
//   write strobes of a legal descriptor stay inside its destination (raw
//   bytes for COPY and PREFETCH, the largest payload for OFFLOAD, and no
//   more than its capacity when it has one, behind its block index if
//   flagged); a COPY
//   whose source holds the tracked address writes the tracked value at the
//   same offset of its destination, in every W beat that covers it, and
//   reports success only once it has written it. So a dropped, misplaced
//   or altered byte breaks a property, at any alignment of source and
//   destination;
// - with Fair (a slave that is always ready and answers at once, a status
//   consumer always ready): no hang. While descriptors wait for their status,
//   one comes out within Bound cycles of the previous one (or of the first
//   acceptance), whatever the descriptors and whatever data the slave returns
//   (a prefetch of any bytes included).
module fv_engine #(
  parameter int ElemBytes = 1,
  parameter int BusBytes = 8,
  parameter int MaxLen = 40,
  parameter bit Fair = 1'b0,
  parameter int Bound = 30,
  // The engine's MaxDescs. At 1 descriptors run one at a time and every
  // property above is checked; above 1 a descriptor's writes may come before
  // an earlier one's status, so the data properties, which charge each W
  // beat to the oldest unanswered descriptor, are left out.
  parameter int Descs = 1,
  // The engine's BlockIndex: at 0 the index flag must be refused (error 8).
  parameter int BlockIndex = 1
) (
  input logic                  clk_i,
  input logic                  desc_valid_i,
  input logic [1:0]            desc_op_i,
  input logic [63:0]           desc_src_addr_i,
  input logic [63:0]           desc_dst_addr_i,
  input logic [31:0]           desc_raw_bytes_i,
  input logic [31:0]           desc_comp_bytes_i,
  input logic [15:0]           desc_tag_i,
  input logic                  desc_index_i,
  input logic                  sts_ready_i,
  input logic                  m_axi_arready,
  input logic                  m_axi_rid,
  input logic [8*BusBytes-1:0] m_axi_rdata,
  input logic [1:0]            m_axi_rresp,
  input logic                  m_axi_rlast,
  input logic                  m_axi_rvalid,
  input logic                  m_axi_awready,
  input logic                  m_axi_wready,
  input logic                  m_axi_bid,
  input logic [1:0]            m_axi_bresp,
  input logic                  m_axi_bvalid
);
  localparam int MaxBurst = 4;
  localparam int DescBits = 2 + 1 + 64 + 64 + 32 + 32 + 16;

  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  wire rst_ni = !init_q;

  logic                  desc_ready_o, sts_valid_o, busy_o;
  logic [1:0]            desc_mode_i;
  assign desc_mode_i = 2'd0;  // plain ZVC
  logic [15:0]           sts_tag_o;
  logic [31:0]           sts_raw_bytes_o, sts_comp_bytes_o;
  logic [3:0]            sts_error_o;
  logic [0:0]            m_axi_arid, m_axi_awid;
  logic [63:0]           m_axi_araddr, m_axi_awaddr;
  logic [7:0]            m_axi_arlen, m_axi_awlen;
  logic [2:0]            m_axi_arsize, m_axi_awsize, m_axi_arprot, m_axi_awprot;
  logic [1:0]            m_axi_arburst, m_axi_awburst;
  logic [3:0]            m_axi_arcache, m_axi_awcache;
  logic                  m_axi_arvalid, m_axi_rready, m_axi_awvalid, m_axi_wlast, m_axi_wvalid;
  logic                  m_axi_bready;
  logic [8*BusBytes-1:0] m_axi_wdata;
  logic [BusBytes-1:0]   m_axi_wstrb;

  cdma_engine #(
    .ElemBytes(ElemBytes), .BusBytes(BusBytes), .MaxBurstBeats(MaxBurst), .MaxReads(2),
    .BufferBeats(4), .WriteBeats(4), .IdW(1), .AxiId(0), .MaxDescs(Descs), .BlockIndex(BlockIndex)
  ) dut (.*);

  // Descriptors: a valid/ready stream; bounded lengths keep the traces short.
  fv_axis #(.Bytes((DescBits + 7) / 8), .Assume(1), .Packed(0)) desc_rules (
    .clk_i, .rst_ni,
    .tdata(((DescBits + 7) / 8 * 8)'({desc_op_i, desc_index_i, desc_src_addr_i, desc_dst_addr_i, desc_raw_bytes_i,
                                      desc_comp_bytes_i, desc_tag_i})),
    .tkeep('1), .tlast(1'b1), .tvalid(desc_valid_i), .tready(desc_ready_o));
  always @(posedge clk_i) begin
    assume (desc_raw_bytes_i <= 32'(MaxLen) && desc_comp_bytes_i <= 32'(MaxLen));
    // Addresses in the first 64 KB: above bit 12 they only pass through the
    // address adders, and narrow values keep the solver fast.
    assume (desc_src_addr_i[63:16] == '0 && desc_dst_addr_i[63:16] == '0);
  end

  logic bad;
  assign bad = desc_op_i == 2'd3 || desc_raw_bytes_i == '0 ||
               (desc_index_i && (BlockIndex == 0 || desc_op_i != 2'd1 || desc_dst_addr_i[1:0] != 2'b00)) ||
               (desc_op_i == 2'd2 && desc_comp_bytes_i == '0) ||
               ((desc_src_addr_i[1:0] | desc_dst_addr_i[1:0] | desc_raw_bytes_i[1:0] |
                 (desc_op_i == 2'd2 ? desc_comp_bytes_i[1:0] : 2'b00)) & 2'(ElemBytes - 1)) != '0;

  // The current R and W beats' addresses, in 17 bits: a transfer below 64 KB
  // may end past it.
  logic [16:0] rd_addr, wr_addr;
  fv_axi4_master #(.Bytes(BusBytes), .IdW(1), .Id(0), .MaxBurst(MaxBurst), .Write(0), .Eager(Fair),
                   .AddrW(17)) rd_rules (
    .clk_i, .rst_ni,
    .a_id(m_axi_arid), .a_addr(m_axi_araddr), .a_len(m_axi_arlen), .a_size(m_axi_arsize),
    .a_burst(m_axi_arburst), .a_valid(m_axi_arvalid), .a_ready(m_axi_arready),
    .d_id(m_axi_rid), .d_data(m_axi_rdata), .d_strb('0), .d_resp(m_axi_rresp), .d_last(m_axi_rlast),
    .d_valid(m_axi_rvalid), .d_ready(m_axi_rready),
    .b_id(m_axi_bid), .b_resp(m_axi_bresp), .b_valid(1'b0), .b_ready(1'b0), .d_addr_o(rd_addr));
  fv_axi4_master #(.Bytes(BusBytes), .IdW(1), .Id(0), .MaxBurst(MaxBurst), .Write(1), .Eager(Fair),
                   .AddrW(17)) wr_rules (
    .clk_i, .rst_ni,
    .a_id(m_axi_awid), .a_addr(m_axi_awaddr), .a_len(m_axi_awlen), .a_size(m_axi_awsize),
    .a_burst(m_axi_awburst), .a_valid(m_axi_awvalid), .a_ready(m_axi_awready),
    .d_id(1'b0), .d_data(m_axi_wdata), .d_strb(m_axi_wstrb), .d_resp(2'b00), .d_last(m_axi_wlast),
    .d_valid(m_axi_wvalid), .d_ready(m_axi_wready),
    .b_id(m_axi_bid), .b_resp(m_axi_bresp), .b_valid(m_axi_bvalid), .b_ready(m_axi_bready),
    .d_addr_o(wr_addr));

  // ---- Status: one per accepted descriptor, in order ----
  logic desc_fire, sts_fire;
  assign desc_fire = desc_valid_i && desc_ready_o;
  assign sts_fire  = sts_valid_o && sts_ready_i;

  localparam int RecW = 2 + 1 + 1 + 16 + 32 + 16 + 16 + 16;
  logic [RecW-1:0] head;
  logic            empty, h_bad, h_index;
  logic [1:0]      h_op;
  logic [15:0]     h_tag, h_src, h_dst, h_comp;
  logic [31:0]     h_raw;
  assign {h_op, h_bad, h_index, h_tag, h_raw, h_src, h_dst, h_comp} = head;
  fv_queue #(.Width(RecW), .Depth(8)) q_desc (
    .clk_i, .rst_ni, .push_i(desc_fire),
    .data_i({desc_op_i, bad, desc_index_i, desc_tag_i, desc_raw_bytes_i, desc_src_addr_i[15:0], desc_dst_addr_i[15:0],
             desc_comp_bytes_i[15:0]}),
    .pop_i(sts_fire), .head_o(head), .empty_o(empty));

  // An illegal descriptor makes no bus request: none while only such are queued.
  logic [3:0] legal_q;  // legal descriptors accepted, not yet reported
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) legal_q <= '0;
    else legal_q <= legal_q + 4'(desc_fire && !bad) - 4'(sts_fire && !h_bad);
  end

  // Bounded response: cycles since the last status (or since the queue of
  // unanswered descriptors stopped being empty), saturating.
  logic [7:0] wait_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) wait_q <= '0;
    else if (empty || sts_fire) wait_q <= '0;
    else if (wait_q != '1) wait_q <= wait_q + 1'b1;
  end
  always @(posedge clk_i) begin
    if (Fair && rst_ni) begin
      assume (m_axi_arready && m_axi_awready && m_axi_wready && sts_ready_i);
      assert (32'(wait_q) < Bound);
    end
  end

  // ---- Data: a tracked byte through memory ----
  localparam int LaneW = $clog2(BusBytes);
  (* anyconst *) logic [15:0] trk_addr;
  (* anyconst *) logic [7:0]  trk_val;
  logic [16:0] trk_dst, h_dst_end, h_pay_max;
  logic        trk_in_src, trk_copy, w_covers, trk_written_q;
  assign trk_in_src = 17'(trk_addr) >= 17'(h_src) && 17'(trk_addr) < 17'(h_src) + 17'(h_raw);
  assign trk_copy   = !empty && !h_bad && h_op == 2'd0 && trk_in_src;
  assign trk_dst    = 17'(h_dst) + 17'(trk_addr) - 17'(h_src);
  assign w_covers   = m_axi_wvalid && wr_addr >> LaneW == trk_dst >> LaneW;
  // Where a legal descriptor may write: raw bytes, or for OFFLOAD its largest
  // payload (a mask per started window of 32 elements, then every element)
  // or its capacity if that is smaller, behind its block index if it has one
  // (4 bytes per 4 KiB block).
  assign h_pay_max  = 17'(h_raw) + 17'(4 * ((h_raw / ElemBytes + 31) / 32));
  assign h_dst_end  = 17'(h_dst) + (h_op != 2'd1 ? 17'(h_raw) :
                                    (h_index ? 17'(4 * ((h_raw + 4095) / 4096)) : 17'd0) +
                                    ((h_comp != '0 && 17'(h_comp) < h_pay_max) ? 17'(h_comp) : h_pay_max));
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) trk_written_q <= 1'b0;
    else if (sts_fire) trk_written_q <= 1'b0;
    else if (trk_copy && w_covers && m_axi_wready && m_axi_wstrb[trk_dst[LaneW-1:0]]) trk_written_q <= 1'b1;
  end
  always @(posedge clk_i) begin
    if (rst_ni && Descs == 1) begin
      if (m_axi_rvalid && rd_addr >> LaneW == 17'(trk_addr) >> LaneW)
        assume (m_axi_rdata[8*trk_addr[LaneW-1:0] +: 8] == trk_val);
      for (int l = 0; l < BusBytes; l++)
        if (m_axi_wvalid && m_axi_wstrb[l] && !empty && !h_bad)
          assert (wr_addr + 17'(l) >= 17'(h_dst) && wr_addr + 17'(l) < h_dst_end);
      if (trk_copy && w_covers) begin
        assert (m_axi_wstrb[trk_dst[LaneW-1:0]]);
        assert (m_axi_wdata[8*trk_dst[LaneW-1:0] +: 8] == trk_val);
      end
      if (sts_fire && trk_copy && sts_error_o == 4'd0) assert (trk_written_q);
    end
    if (rst_ni) cover (trk_copy && w_covers && m_axi_wready && trk_dst[LaneW-1:0] != trk_addr[LaneW-1:0]);
  end

  always @(posedge clk_i) begin
    if (rst_ni) begin
      if (sts_fire) begin
        assert (!empty);
        assert (sts_tag_o == h_tag);
        assert (sts_raw_bytes_o == h_raw);
        assert ((sts_error_o == 4'd8) == h_bad);
        // Error 9 (the compressor's input flag) is unreachable: the descriptor
        // checks and the realigner leave the compressor only well-formed frames.
        assert (sts_error_o != 4'd9);
        // Error 10 only where the capacity can be too small.
        if (sts_error_o == 4'd10) assert (h_op == 2'd1 && h_comp != '0 && 17'(h_comp) < h_pay_max);
      end
      if (m_axi_wvalid) assert (m_axi_wstrb != '0);
      if (legal_q == '0) assert (!m_axi_arvalid && !m_axi_awvalid && !m_axi_wvalid);
      // A read burst completes near a 4 KB boundary, a write burst ends and
      // is answered (any, an offload's, a prefetch's), an illegal descriptor
      // is answered, a legal one of each kind (copy, offload, prefetch) gets
      // its status, and a prefetch of bytes that are no ZVC stream gets a
      // decode error.
      cover (m_axi_rvalid && m_axi_rready && m_axi_rlast && m_axi_araddr[11:0] > 12'hFF0);
      cover (m_axi_wvalid && m_axi_wready && m_axi_wlast);
      cover (m_axi_bvalid && m_axi_bready);
      cover (m_axi_bvalid && m_axi_bready && h_op == 2'd1 && !h_bad);
      cover (m_axi_bvalid && m_axi_bready && h_op == 2'd2 && !h_bad);
      cover (sts_fire && sts_error_o == 4'd8);
      cover (sts_fire && sts_error_o == 4'd0 && h_op == 2'd0);
      cover (sts_fire && sts_error_o == 4'd0 && h_op == 2'd1);
      cover (sts_fire && sts_error_o == 4'd0 && h_op == 2'd2);
      cover (sts_fire && sts_error_o != 4'd0 && sts_error_o != 4'd8 && h_op == 2'd2);
      cover (sts_fire && sts_error_o == 4'd10);
      cover (sts_fire && sts_error_o == 4'd0 && h_op == 2'd1 && h_index);
    end
  end
endmodule
