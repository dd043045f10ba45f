// Combinational: the sum of two bytes and its carry.
module equiv_sum (
  input  logic [7:0] a_i,
  input  logic [7:0] b_i,
  output logic [8:0] sum_o
);
  assign sum_o = {1'b0, a_i} + {1'b0, b_i};
endmodule
