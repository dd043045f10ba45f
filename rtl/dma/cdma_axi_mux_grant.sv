// The grant of one request channel: round robin between two valid inputs,
// held on the granted one while its request waits for ready_i (cdma_axi_mux).
// Reset: asynchronous, active low.
`include "cdma_assert.svh"

module cdma_axi_mux_grant (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic [1:0] valid_i,
  input  logic       ready_i,
  output logic       valid_o,
  output logic       sel_o
);
  logic held_d, held_q, held_sel_q, last_d, last_q;
  assign sel_o   = held_q ? held_sel_q : (valid_i == 2'b11) ? !last_q : valid_i[1];
  assign valid_o = held_q || valid_i != '0;
  assign held_d  = valid_o && !ready_i;
  assign last_d  = (valid_o && ready_i) ? sel_o : last_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      held_q     <= 1'b0;
      held_sel_q <= 1'b0;
      last_q     <= 1'b0;
    end else begin
      held_q     <= held_d;
      held_sel_q <= sel_o;
      last_q     <= last_d;
    end
  end

  `CDMA_ASSERT(held_stays_valid, !held_q || valid_i[held_sel_q])
endmodule
