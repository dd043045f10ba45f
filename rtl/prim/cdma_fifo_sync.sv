// Small synchronous FIFO in flip-flops (status records, commands).
// Full/empty come from registers only, so wready_o and rvalid_o never depend
// on the other side's handshake in the same cycle. Latency: a word written in
// cycle t is readable in t+1. Reset: asynchronous, active low.
`include "cdma_assert.svh"

module cdma_fifo_sync #(
  // Bits per word, 1 or more.
  parameter int Width = 8,
  // Words, 2 or more.
  parameter int Depth = 2
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             wvalid_i,
  output logic             wready_o,
  input  logic [Width-1:0] wdata_i,
  output logic             rvalid_o,
  input  logic             rready_i,
  output logic [Width-1:0] rdata_o
);
  `CDMA_PARAM_CHECK(g_width_check, Width >= 1, "Width must be at least 1")
  `CDMA_PARAM_CHECK(g_depth_check, Depth >= 2, "Depth must be at least 2")

  localparam int PtrW = cdma_prim_pkg::ptr_width(Depth);
  localparam int CntW = $clog2(Depth + 2);  // above Depth, for the bound's check

  logic [Width-1:0] mem_q [Depth];
  logic [PtrW-1:0]  wr_ptr, rd_ptr;
  logic [CntW-1:0]  count_d, count_q;
  logic             push, pop;

  assign wready_o = count_q != CntW'(Depth);
  assign rvalid_o = count_q != '0;
  assign rdata_o  = mem_q[rd_ptr];
  assign push     = wvalid_i && wready_o;
  assign pop      = rvalid_o && rready_i;

  cdma_ring_ptr #(.Depth(Depth)) u_wr_ptr (.clk_i, .rst_ni, .inc_i(push), .ptr_o(wr_ptr));
  cdma_ring_ptr #(.Depth(Depth)) u_rd_ptr (.clk_i, .rst_ni, .inc_i(pop), .ptr_o(rd_ptr));

  always_comb begin
    count_d = count_q;
    if (push && !pop) count_d = count_q + 1'b1;
    if (pop && !push) count_d = count_q - 1'b1;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) count_q <= '0;
    else count_q <= count_d;
  end

  // Storage has no reset: it is read only where count_q says it was written.
  always_ff @(posedge clk_i) begin
    if (push) mem_q[wr_ptr] <= wdata_i;
  end

  `CDMA_ASSERT(count_in_range, count_q <= CntW'(Depth))
endmodule
