// Two AXI4 masters onto one (cdma_dma: the engine's data traffic, s0, and the
// descriptor ring's fetches and completion records, s1). Both use the same ID,
// so the slave answers in request order: AR and AW are granted in turn
// (round robin when both wait, the grant held while a request is stalled),
// and the order of the grants routes R, W and B (cdma_owner_queue; the write
// half is cdma_axi_wmux). A master
// runs on the shared bus as it would alone: every rule it keeps (stable
// requests, W after AW, RREADY high for data it reserved) holds on m_*.
// Purely combinational but for the queues and the grant state. Reset:
// asynchronous, active low.
`include "cdma_assert.svh"

module cdma_axi_mux #(
  parameter int BusBytes = 32,
  parameter int IdW = 4,
  // Owner changes tracked among outstanding requests per channel (>= 2).
  parameter int Depth = 4
) (
  input  logic clk_i,
  input  logic rst_ni,
  // Slave ports: index 0 and 1.
  input  logic [2*IdW-1:0]         s_axi_arid,
  input  logic [127:0]             s_axi_araddr,
  input  logic [15:0]              s_axi_arlen,
  input  logic [5:0]               s_axi_arsize,
  input  logic [3:0]               s_axi_arburst,
  input  logic [7:0]               s_axi_arcache,
  input  logic [5:0]               s_axi_arprot,
  input  logic [1:0]               s_axi_arvalid,
  output logic [1:0]               s_axi_arready,
  output logic [1:0]               s_axi_rvalid,
  input  logic [1:0]               s_axi_rready,
  input  logic [2*IdW-1:0]         s_axi_awid,
  input  logic [127:0]             s_axi_awaddr,
  input  logic [15:0]              s_axi_awlen,
  input  logic [5:0]               s_axi_awsize,
  input  logic [3:0]               s_axi_awburst,
  input  logic [7:0]               s_axi_awcache,
  input  logic [5:0]               s_axi_awprot,
  input  logic [1:0]               s_axi_awvalid,
  output logic [1:0]               s_axi_awready,
  input  logic [16*BusBytes-1:0]   s_axi_wdata,
  input  logic [2*BusBytes-1:0]    s_axi_wstrb,
  input  logic [1:0]               s_axi_wlast,
  input  logic [1:0]               s_axi_wvalid,
  output logic [1:0]               s_axi_wready,
  output logic [1:0]               s_axi_bvalid,
  input  logic [1:0]               s_axi_bready,
  // Master port (R and B payloads go to both slave ports unchanged).
  output logic [IdW-1:0]           m_axi_arid,
  output logic [63:0]              m_axi_araddr,
  output logic [7:0]               m_axi_arlen,
  output logic [2:0]               m_axi_arsize,
  output logic [1:0]               m_axi_arburst,
  output logic [3:0]               m_axi_arcache,
  output logic [2:0]               m_axi_arprot,
  output logic                       m_axi_arvalid,
  input  logic                       m_axi_arready,
  input  logic                       m_axi_rlast,
  input  logic                       m_axi_rvalid,
  output logic                       m_axi_rready,
  output logic [IdW-1:0]           m_axi_awid,
  output logic [63:0]              m_axi_awaddr,
  output logic [7:0]               m_axi_awlen,
  output logic [2:0]               m_axi_awsize,
  output logic [1:0]               m_axi_awburst,
  output logic [3:0]               m_axi_awcache,
  output logic [2:0]               m_axi_awprot,
  output logic                       m_axi_awvalid,
  input  logic                       m_axi_awready,
  output logic [8*BusBytes-1:0]    m_axi_wdata,
  output logic [BusBytes-1:0]      m_axi_wstrb,
  output logic                       m_axi_wlast,
  output logic                       m_axi_wvalid,
  input  logic                       m_axi_wready,
  input  logic                       m_axi_bvalid,
  output logic                       m_axi_bready
);
  // ---- AR: grant, then R in grant order ----
  logic [1:0] r_ready;
  logic       ar_sel, ar_fire, r_head_valid, r_head, r_pop;
  cdma_axi_mux_grant u_ar_grant (
    .clk_i, .rst_ni, .valid_i(s_axi_arvalid & r_ready), .ready_i(m_axi_arready),
    .valid_o(m_axi_arvalid), .sel_o(ar_sel)
  );
  assign ar_fire       = m_axi_arvalid && m_axi_arready;
  assign s_axi_arready = ar_fire ? (ar_sel ? 2'b10 : 2'b01) : 2'b00;
  assign m_axi_arid    = s_axi_arid[IdW * ar_sel +: IdW];
  assign m_axi_araddr  = s_axi_araddr[64 * ar_sel +: 64];
  assign m_axi_arlen   = s_axi_arlen[8 * ar_sel +: 8];
  assign m_axi_arsize  = s_axi_arsize[3 * ar_sel +: 3];
  assign m_axi_arburst = s_axi_arburst[2 * ar_sel +: 2];
  assign m_axi_arcache = s_axi_arcache[4 * ar_sel +: 4];
  assign m_axi_arprot  = s_axi_arprot[3 * ar_sel +: 3];

  cdma_owner_queue #(.Depth(Depth)) u_r_order (
    .clk_i, .rst_ni, .push_i(ar_fire), .push_owner_i(ar_sel), .ready_o(r_ready),
    .pop_i(r_pop), .head_valid_o(r_head_valid), .head_owner_o(r_head)
  );
  assign s_axi_rvalid = (m_axi_rvalid && r_head_valid) ? (r_head ? 2'b10 : 2'b01) : 2'b00;
  assign m_axi_rready = r_head_valid && s_axi_rready[r_head];
  assign r_pop        = m_axi_rvalid && m_axi_rready && m_axi_rlast;

  // ---- AW, W, B ----
  cdma_axi_wmux #(.BusBytes(BusBytes), .IdW(IdW), .Depth(Depth)) u_write (
    .clk_i, .rst_ni,
    .s_axi_awid, .s_axi_awaddr, .s_axi_awlen, .s_axi_awsize, .s_axi_awburst, .s_axi_awcache,
    .s_axi_awprot, .s_axi_awvalid, .s_axi_awready, .s_axi_wdata, .s_axi_wstrb, .s_axi_wlast,
    .s_axi_wvalid, .s_axi_wready, .s_axi_bvalid, .s_axi_bready,
    .m_axi_awid, .m_axi_awaddr, .m_axi_awlen, .m_axi_awsize, .m_axi_awburst, .m_axi_awcache,
    .m_axi_awprot, .m_axi_awvalid, .m_axi_awready, .m_axi_wdata, .m_axi_wstrb, .m_axi_wlast,
    .m_axi_wvalid, .m_axi_wready, .m_axi_bvalid, .m_axi_bready
  );

  // The slave answers only what was asked.
  `CDMA_ASSERT(r_expected, !m_axi_rvalid || r_head_valid)
endmodule

