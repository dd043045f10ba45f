// Simple dual-port RAM: one write port and one registered read port on one
// clock. Written so that FPGA tools infer block RAM; the one place where an
// ASIC flow puts an SRAM macro. A read of the address written in the same
// cycle returns the old word. No reset: a user reads only words it wrote.
// Latency: rdata_o holds the word addressed by raddr_i one cycle after re_i,
// and keeps it until the next read (cdma_buffer uses the read register as a
// pipeline place, so an SRAM macro bound here must hold its output too).
`include "cdma_assert.svh"

module cdma_ram_1r1w #(
  // Bits per word, 1 or more.
  parameter int Width = 8,
  // Words, 2 or more (any value; a power of two is not needed).
  parameter int Depth = 2,
  localparam int AddrW = cdma_prim_pkg::ptr_width(Depth)
) (
  input  logic             clk_i,
  input  logic             we_i,
  input  logic [AddrW-1:0] waddr_i,
  input  logic [Width-1:0] wdata_i,
  input  logic             re_i,
  input  logic [AddrW-1:0] raddr_i,
  output logic [Width-1:0] rdata_o
);
  `CDMA_PARAM_CHECK(g_width_check, Width >= 1, "Width must be at least 1")
  `CDMA_PARAM_CHECK(g_depth_check, Depth >= 2, "Depth must be at least 2")

  logic [Width-1:0] mem_q [Depth];
  logic [Width-1:0] rdata_q;

  always_ff @(posedge clk_i) begin
    if (we_i) mem_q[waddr_i] <= wdata_i;
    if (re_i) rdata_q <= mem_q[raddr_i];
  end

  assign rdata_o = rdata_q;
endmodule
