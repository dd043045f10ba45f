// The same sum from a ripple of full adders.
module equiv_sum (
  input  logic [7:0] a_i,
  input  logic [7:0] b_i,
  output logic [8:0] sum_o
);
  logic [8:0] carry;
  assign carry[0] = 1'b0;
  for (genvar i = 0; i < 8; i++) begin : gen_bit
    assign sum_o[i]     = a_i[i] ^ b_i[i] ^ carry[i];
    assign carry[i + 1] = (a_i[i] & b_i[i]) | (carry[i] & (a_i[i] ^ b_i[i]));
  end
  assign sum_o[8] = carry[8];
endmodule
