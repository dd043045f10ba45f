// The write half of cdma_axi_mux: two AXI4 write masters (AW, W, B) onto one.
// Both use the same ID, so the slave answers in request order: AW is granted
// in turn (round robin when both wait, the grant held while a request is
// stalled), and the order of the grants routes W and B (cdma_owner_queue).
// A master runs on the shared channels as it would alone: every rule it keeps
// (stable requests, W after AW) holds on m_*. With one master active the mux
// is transparent: its requests pass in the same cycle. Purely combinational
// but for the queues and the grant state. Used by cdma_axi_mux and by
// cdma_engine (payload writes and block-index writes). Reset: asynchronous,
// active low.
`include "cdma_assert.svh"

module cdma_axi_wmux #(
  parameter int BusBytes = 32,
  parameter int IdW = 4,
  // Owner changes tracked among outstanding requests (>= 2).
  parameter int Depth = 4
) (
  input  logic clk_i,
  input  logic rst_ni,
  // Slave ports: index 0 and 1.
  input  logic [2*IdW-1:0]       s_axi_awid,
  input  logic [127:0]           s_axi_awaddr,
  input  logic [15:0]            s_axi_awlen,
  input  logic [5:0]             s_axi_awsize,
  input  logic [3:0]             s_axi_awburst,
  input  logic [7:0]             s_axi_awcache,
  input  logic [5:0]             s_axi_awprot,
  input  logic [1:0]             s_axi_awvalid,
  output logic [1:0]             s_axi_awready,
  input  logic [16*BusBytes-1:0] s_axi_wdata,
  input  logic [2*BusBytes-1:0]  s_axi_wstrb,
  input  logic [1:0]             s_axi_wlast,
  input  logic [1:0]             s_axi_wvalid,
  output logic [1:0]             s_axi_wready,
  output logic [1:0]             s_axi_bvalid,
  input  logic [1:0]             s_axi_bready,
  // Master port (the B payload goes to both slave ports unchanged).
  output logic [IdW-1:0]         m_axi_awid,
  output logic [63:0]            m_axi_awaddr,
  output logic [7:0]             m_axi_awlen,
  output logic [2:0]             m_axi_awsize,
  output logic [1:0]             m_axi_awburst,
  output logic [3:0]             m_axi_awcache,
  output logic [2:0]             m_axi_awprot,
  output logic                   m_axi_awvalid,
  input  logic                   m_axi_awready,
  output logic [8*BusBytes-1:0]  m_axi_wdata,
  output logic [BusBytes-1:0]    m_axi_wstrb,
  output logic                   m_axi_wlast,
  output logic                   m_axi_wvalid,
  input  logic                   m_axi_wready,
  input  logic                   m_axi_bvalid,
  output logic                   m_axi_bready
);
  logic [1:0] w_ready, b_ready;
  logic       aw_sel, aw_fire, w_head_valid, w_head, w_pop, b_head_valid, b_head, b_pop;
  cdma_axi_mux_grant u_aw_grant (
    .clk_i, .rst_ni, .valid_i(s_axi_awvalid & w_ready & b_ready), .ready_i(m_axi_awready),
    .valid_o(m_axi_awvalid), .sel_o(aw_sel)
  );
  assign aw_fire       = m_axi_awvalid && m_axi_awready;
  assign s_axi_awready = aw_fire ? (aw_sel ? 2'b10 : 2'b01) : 2'b00;
  assign m_axi_awid    = s_axi_awid[IdW * aw_sel +: IdW];
  assign m_axi_awaddr  = s_axi_awaddr[64 * aw_sel +: 64];
  assign m_axi_awlen   = s_axi_awlen[8 * aw_sel +: 8];
  assign m_axi_awsize  = s_axi_awsize[3 * aw_sel +: 3];
  assign m_axi_awburst = s_axi_awburst[2 * aw_sel +: 2];
  assign m_axi_awcache = s_axi_awcache[4 * aw_sel +: 4];
  assign m_axi_awprot  = s_axi_awprot[3 * aw_sel +: 3];

  cdma_owner_queue #(.Depth(Depth)) u_w_order (
    .clk_i, .rst_ni, .push_i(aw_fire), .push_owner_i(aw_sel), .ready_o(w_ready),
    .pop_i(w_pop), .head_valid_o(w_head_valid), .head_owner_o(w_head)
  );
  assign m_axi_wvalid = w_head_valid && s_axi_wvalid[w_head];
  assign m_axi_wdata  = s_axi_wdata[8*BusBytes * w_head +: 8*BusBytes];
  assign m_axi_wstrb  = s_axi_wstrb[BusBytes * w_head +: BusBytes];
  assign m_axi_wlast  = s_axi_wlast[w_head];
  assign s_axi_wready = (m_axi_wready && w_head_valid) ? (w_head ? 2'b10 : 2'b01) : 2'b00;
  assign w_pop        = m_axi_wvalid && m_axi_wready && m_axi_wlast;

  cdma_owner_queue #(.Depth(Depth)) u_b_order (
    .clk_i, .rst_ni, .push_i(aw_fire), .push_owner_i(aw_sel), .ready_o(b_ready),
    .pop_i(b_pop), .head_valid_o(b_head_valid), .head_owner_o(b_head)
  );
  assign s_axi_bvalid = (m_axi_bvalid && b_head_valid) ? (b_head ? 2'b10 : 2'b01) : 2'b00;
  assign m_axi_bready = b_head_valid && s_axi_bready[b_head];
  assign b_pop        = m_axi_bvalid && m_axi_bready;

  // The slave answers only what was asked.
  `CDMA_ASSERT(b_expected, !m_axi_bvalid || b_head_valid)
endmodule
