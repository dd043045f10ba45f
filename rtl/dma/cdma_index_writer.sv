// The block index writer of cdma_engine: an OFFLOAD with the index flag
// writes, beside its payload, the payload bytes of every 4 KiB of raw data
// as a little-endian 32-bit entry (docs/dma.md, "Block index").
//
// Entries come in descriptor order; an entry with s_first_i is its
// descriptor's first and goes to the word address s_base_i, each further one
// to the next word. Each entry is one single-beat INCR write burst whose
// strobes select the entry's 4 bytes; the next entry is taken once the
// previous one's AW and W have gone, so a burst's W never waits for data.
// Up to Outstanding entries await their write responses; when the last entry
// of a descriptor (s_last_i) has its response, res_* gives the first error
// response among the descriptor's entries (0 OKAY), in order. Reset:
// asynchronous, active low.
`include "cdma_assert.svh"

module cdma_index_writer #(
  parameter int BusBytes = 32,
  parameter int IdW = 4,
  parameter int AxiId = 0,
  // Entries awaiting their write response at most, 1 to 255.
  parameter int Outstanding = 16,
  // Results (descriptors whose entries are all answered) held at most.
  parameter int Results = 4,
  localparam int LaneW = $clog2(BusBytes)
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  input  logic                  s_valid_i,
  output logic                  s_ready_o,
  input  logic                  s_first_i,
  input  logic [61:0]           s_base_i,   // byte address / 4 of the descriptor's entry 0
  input  logic [31:0]           s_value_i,
  input  logic                  s_last_i,
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
  input  logic [1:0]            m_axi_bresp,
  input  logic                  m_axi_bvalid,
  output logic                  m_axi_bready,
  output logic                  res_valid_o,
  input  logic                  res_ready_i,
  output logic [1:0]            res_resp_o,
  output logic                  idle_o
);
  `CDMA_CHECK_BUS_BYTES(BusBytes)
  `CDMA_PARAM_CHECK(g_outstanding_check, Outstanding >= 1 && Outstanding <= 255,
                    "Outstanding must be from 1 to 255")

  localparam int OutW = $clog2(Outstanding + 1);
  logic        aw_pend_q, w_pend_q, last_q, accept, aw_fire, w_fire, b_fire;
  logic [61:0] addr_q;
  logic [31:0] value_q;
  logic [OutW-1:0] out_d, out_q;  // entries taken, response not yet in
  logic [1:0]  resp_d, resp_q, resp_first;

  assign s_ready_o = !aw_pend_q && !w_pend_q && out_q != OutW'(Outstanding);
  assign accept    = s_valid_i && s_ready_o;

  assign m_axi_awid    = IdW'(AxiId);
  assign m_axi_awaddr  = {addr_q[61:LaneW-2], {LaneW{1'b0}}};
  assign m_axi_awlen   = 8'd0;
  assign m_axi_awsize  = 3'(LaneW);
  assign m_axi_awburst = 2'b01;
  assign m_axi_awcache = 4'b0011;
  assign m_axi_awprot  = 3'b000;
  assign m_axi_awvalid = aw_pend_q;
  assign m_axi_wdata   = {(BusBytes / 4){value_q}};
  assign m_axi_wstrb   = BusBytes'(4'hF) << {addr_q[LaneW-3:0], 2'b00};
  assign m_axi_wlast   = 1'b1;
  assign m_axi_wvalid  = w_pend_q;
  assign m_axi_bready  = 1'b1;
  assign aw_fire = m_axi_awvalid && m_axi_awready;
  assign w_fire  = m_axi_wvalid && m_axi_wready;
  assign b_fire  = m_axi_bvalid;
  assign out_d   = out_q + OutW'(accept) - OutW'(b_fire);

  // Responses come in order: each entry's last-of-descriptor bit waits here
  // for its response.
  logic head_last, head_valid, last_wready, res_wready;
  cdma_fifo_sync #(.Width(1), .Depth(Outstanding < 2 ? 2 : Outstanding)) u_pending (
    .clk_i, .rst_ni, .wvalid_i(aw_fire), .wready_o(last_wready), .wdata_i(last_q),
    .rvalid_o(head_valid), .rready_i(b_fire), .rdata_o(head_last)
  );
  // The first error response of the descriptor's entries so far.
  assign resp_first = resp_q[1] ? resp_q : m_axi_bresp;
  assign resp_d     = !b_fire ? resp_q : head_last ? 2'b00 : resp_first;
  cdma_fifo_sync #(.Width(2), .Depth(Results < 2 ? 2 : Results)) u_results (
    .clk_i, .rst_ni, .wvalid_i(b_fire && head_last), .wready_o(res_wready), .wdata_i(resp_first),
    .rvalid_o(res_valid_o), .rready_i(res_ready_i), .rdata_o(res_resp_o)
  );
  assign idle_o = !aw_pend_q && !w_pend_q && out_q == '0 && !res_valid_o;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      aw_pend_q <= 1'b0;
      w_pend_q  <= 1'b0;
      out_q     <= '0;
      resp_q    <= 2'b00;
    end else begin
      aw_pend_q <= accept || (aw_pend_q && !aw_fire);
      w_pend_q  <= accept || (w_pend_q && !w_fire);
      out_q     <= out_d;
      resp_q    <= resp_d;
    end
  end
  // No reset: read only while an entry is pending.
  always_ff @(posedge clk_i) begin
    if (accept) begin
      addr_q  <= s_first_i ? s_base_i : addr_q + 62'd1;
      value_q <= s_value_i;
      last_q  <= s_last_i;
    end
  end

  `CDMA_ASSERT(pending_never_full, !aw_fire || last_wready)
  `CDMA_ASSERT(results_never_full, !(b_fire && head_last) || res_wready)
  `CDMA_ASSERT(b_expected, !b_fire || head_valid)
endmodule
