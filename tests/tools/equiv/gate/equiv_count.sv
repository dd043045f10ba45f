// The same counter with its register one behind and reset to 0: equivalent
// only from each side's reset state, not from all registers at 0.
module equiv_count (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic       en_i,
  output logic [3:0] count_o
);
  logic [3:0] before_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) before_q <= 4'd0;
    else if (en_i) before_q <= before_q + 4'd1;
  end
  assign count_o = before_q + 4'd1;
endmodule
