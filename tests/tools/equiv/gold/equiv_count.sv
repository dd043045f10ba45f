// Counter from 1: the reference of tools/rtl-equiv.sh's test.
module equiv_count (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic       en_i,
  output logic [3:0] count_o
);
  logic [3:0] count_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) count_q <= 4'd1;
    else if (en_i) count_q <= count_q + 4'd1;
  end
  assign count_o = count_q;
endmodule
