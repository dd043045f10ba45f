// An OCP FP8 E4M3FN code back to fp32, exactly (golden from_fp8_e4m3): both
// NaN codes give the quiet NaN 0x7FC00000, -0 stays -0.0f, subnormals
// (m x 2^-9) become normal fp32 values. bf16 needs no logic: the code is the
// top half of the fp32. Purely combinational.
module zvc_fp_widen (
  input  logic [7:0]  fp8_i,
  output logic [31:0] fp32_o
);
  logic       sign;
  logic [3:0] exp;
  logic [2:0] man;

  assign sign = fp8_i[7];
  assign exp  = fp8_i[6:3];
  assign man  = fp8_i[2:0];

  assign fp32_o = (fp8_i[6:0] == 7'h7F) ? 32'h7FC0_0000 :
                  (exp != '0)            ? {sign, 8'(exp) + 8'd120, man, 20'b0} :
                  man[2]                 ? {sign, 8'd120, man[1:0], 21'b0} :
                  man[1]                 ? {sign, 8'd119, man[0], 22'b0} :
                  man[0]                 ? {sign, 8'd118, 23'b0} :
                                           {sign, 31'b0};
endmodule
