// A pointer into a ring of Depth entries (any Depth, not only a power of
// two): ptr_o counts 0, 1, ..., Depth-1, 0, ... and moves on each cycle with
// inc_i high. Reset: asynchronous, active low, to 0.
`include "cdma_assert.svh"

module cdma_ring_ptr #(
  // Entries in the ring, 2 or more.
  parameter int Depth = 2,
  localparam int PtrW = cdma_prim_pkg::ptr_width(Depth)
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic            inc_i,
  output logic [PtrW-1:0] ptr_o
);
  `CDMA_PARAM_CHECK(g_depth_check, Depth >= 2, "Depth must be at least 2")

  logic [PtrW-1:0] ptr_d, ptr_q;

  always_comb begin
    ptr_d = ptr_q;
    if (inc_i) ptr_d = (ptr_q == PtrW'(Depth - 1)) ? '0 : ptr_q + 1'b1;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) ptr_q <= '0;
    else ptr_q <= ptr_d;
  end

  assign ptr_o = ptr_q;

  `CDMA_ASSERT(ptr_in_range, 32'(ptr_q) < Depth)
endmodule
