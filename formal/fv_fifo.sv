// The FIFO's registered head (docs/formal.md, set "fifo"): cdma_fifo_sync
// with RegHead = 1 (the head word in a register, the others in a ring of
// Depth - 1 entries) against RegHead = 0 (every word in one ring), fed the
// same writes and reads: wready_o and rvalid_o agree in every cycle, and
// rdata_o whenever a word is there. Any writes and reads, legal or not (the
// FIFOs refuse what they cannot take). Bounded (BMC) at Depth 2 (a one-word
// ring behind the head) and 4 (three words), deep enough to fill, drain and
// wrap each ring more than once.
module fv_fifo #(
  parameter int Depth = 2
) (
  input logic       clk_i,
  input logic       wvalid_i,
  input logic [1:0] wdata_i,
  input logic       rready_i
);
  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  wire rst_ni = !init_q;

  logic       wready_ref, rvalid_ref, wready_reg, rvalid_reg;
  logic [1:0] rdata_ref, rdata_reg;
  cdma_fifo_sync #(.Width(2), .Depth(Depth), .RegHead(0)) u_ref (
    .clk_i, .rst_ni, .wvalid_i, .wready_o(wready_ref), .wdata_i,
    .rvalid_o(rvalid_ref), .rready_i, .rdata_o(rdata_ref)
  );
  cdma_fifo_sync #(.Width(2), .Depth(Depth), .RegHead(1)) u_reg (
    .clk_i, .rst_ni, .wvalid_i, .wready_o(wready_reg), .wdata_i,
    .rvalid_o(rvalid_reg), .rready_i, .rdata_o(rdata_reg)
  );

  always @(posedge clk_i) begin
    if (rst_ni) begin
      assert (wready_reg == wready_ref);
      assert (rvalid_reg == rvalid_ref);
      assert (!rvalid_ref || rdata_reg == rdata_ref);
      cover (!wready_ref);  // full
    end
  end
endmodule
