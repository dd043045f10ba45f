// AXI4-Stream rules for one interface, as assumptions (an input of the
// design: the environment obeys them) or assertions (an output: the design
// does). Formal only; see docs/formal.md.
//
// Handshake: no tvalid in reset; once tvalid is high it stays high, with
// tdata, tkeep and tlast unchanged, until tready.
// Packed (optional): tkeep is contiguous from bit 0 and only a tlast beat may
// be partial. NullZero (optional): tdata bytes outside tkeep are zero.
module fv_axis #(
  parameter int Bytes = 8,
  parameter bit Assume = 1'b0,
  parameter bit Packed = 1'b1,
  parameter bit NullZero = 1'b0
) (
  input logic               clk_i,
  input logic               rst_ni,
  input logic [Bytes*8-1:0] tdata,
  input logic [Bytes-1:0]   tkeep,
  input logic               tlast,
  input logic               tvalid,
  input logic               tready
);
  // The previous cycle: out of reset, stalled (tvalid without tready), payload.
  logic               past_q = 1'b0, stall_q;
  logic [Bytes*8-1:0] data_q;
  logic [Bytes-1:0]   keep_q;
  logic               last_q;
  always @(posedge clk_i) begin
    past_q  <= rst_ni;
    stall_q <= tvalid && !tready;
    data_q  <= tdata;
    keep_q  <= tkeep;
    last_q  <= tlast;
  end

  logic stalled, ok_reset, ok_hold, ok_stable, ok_packed, ok_null;
  logic [Bytes*8-1:0] keep_bits;

  always_comb begin
    for (int b = 0; b < Bytes; b++) keep_bits[b*8 +: 8] = {8{tkeep[b]}};
  end

  assign stalled   = past_q && rst_ni && stall_q;
  assign ok_reset  = rst_ni || !tvalid;
  assign ok_hold   = !stalled || tvalid;
  assign ok_stable = !stalled || (tdata == data_q && tkeep == keep_q && tlast == last_q);
  assign ok_packed = !Packed || !tvalid || ((tkeep & (tkeep + 1'b1)) == '0 && (tlast || &tkeep));
  assign ok_null   = !NullZero || !tvalid || (tdata & ~keep_bits) == '0;

  always @(posedge clk_i) begin
    if (Assume) begin
      assume (ok_reset);
      assume (ok_hold);
      assume (ok_stable);
      assume (ok_packed);
      assume (ok_null);
    end else begin
      assert (ok_reset);
      assert (ok_hold);
      assert (ok_stable);
      assert (ok_packed);
      assert (ok_null);
    end
  end
endmodule
