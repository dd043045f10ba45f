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

  // Clamped so that an illegal Depth still elaborates far enough to be reported.
  localparam int PtrW = Depth > 2 ? $clog2(Depth) : 1;
  localparam int CntW = $clog2(Depth + 1);

  logic [Width-1:0] mem_q [Depth];
  logic [PtrW-1:0]  wr_ptr_q, rd_ptr_q;
  logic [CntW-1:0]  count_q;
  logic             push, pop;

  assign wready_o = count_q != CntW'(Depth);
  assign rvalid_o = count_q != '0;
  assign rdata_o  = mem_q[rd_ptr_q];
  assign push     = wvalid_i && wready_o;
  assign pop      = rvalid_o && rready_i;

  function automatic logic [PtrW-1:0] next_ptr(input logic [PtrW-1:0] ptr);
    next_ptr = (ptr == PtrW'(Depth - 1)) ? '0 : ptr + 1'b1;
  endfunction

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wr_ptr_q <= '0;
      rd_ptr_q <= '0;
      count_q  <= '0;
    end else begin
      if (push) wr_ptr_q <= next_ptr(wr_ptr_q);
      if (pop) rd_ptr_q <= next_ptr(rd_ptr_q);
      if (push != pop) count_q <= push ? count_q + 1'b1 : count_q - 1'b1;
    end
  end

  // Storage has no reset: it is read only where count_q says it was written.
  always_ff @(posedge clk_i) begin
    if (push) mem_q[wr_ptr_q] <= wdata_i;
  end

  `CDMA_ASSERT(count_in_range, count_q <= CntW'(Depth))
endmodule
