// Delayed precision reduction of one fp32 element, exactly as the golden
// model converts (golden/include/zvc/precision.hpp, docs/format.md "Modes"):
//   bf16_o: round to nearest, ties to even, on the top 16 bits; a NaN keeps
//           its top bits with the quiet bit set; overflow gives +-inf.
//   fp8_o:  OCP FP8 E4M3FN (1-4-3, bias 7), round to nearest, ties to even,
//           subnormals down to 2^-9; beyond 448 and +-inf saturate to
//           +-448; NaN gives 0x7F.
// bf16_nz_o and fp8_nz_o say whether the code is non-zero, from comparisons
// on the input alone (no adder), for the compressor's zero detect.
// Purely combinational; formal/fv_fp_convert.sv checks it against
// a reference written another way.
module zvc_fp_reduce (
  input  logic [31:0] fp32_i,
  output logic [15:0] bf16_o,
  output logic        bf16_nz_o,
  output logic [7:0]  fp8_o,
  output logic        fp8_nz_o
);
  logic        nan;
  logic [7:0]  exp;
  logic [22:0] man;
  logic [23:0] sig;
  logic [7:0]  mag;   // fp8 magnitude after rounding, 0..128
  logic [2:0]  whole;  // subnormal range: the kept bits of sig
  logic        guard, sticky;

  assign exp = fp32_i[30:23];
  assign man = fp32_i[22:0];
  assign sig = {1'b1, man};
  assign nan = exp == 8'hFF && man != '0;

  // bf16: round up when the dropped half is above one half, or exactly one
  // half with an odd kept part (the golden model adds 0x7FFF plus that bit).
  assign bf16_o    = nan ? (fp32_i[31:16] | 16'h0040) :
                     fp32_i[31:16] + 16'(fp32_i[15] && (fp32_i[14:0] != '0 || fp32_i[16]));
  // Only +0 .. 0x00008000 (the tie rounds to the even 0) give the zero code.
  assign bf16_nz_o = fp32_i > 32'h0000_8000;

  always @* begin  // reads what it writes: see docs/rtl.md, Icarus
    whole  = '0;
    guard  = 1'b0;
    sticky = 1'b0;
    mag    = '0;
    if (exp >= 8'd136) begin
      mag = 8'd127;  // 512 and above, and inf: saturate
    end else if (exp >= 8'd121) begin
      // Normal: exponent exp - 120 (bias 7), three mantissa bits, rounded at man[19].
      mag = {1'b0, 4'(exp - 8'd120), man[22:20]} +
            8'(man[19] && (man[18:0] != '0 || man[20]));
    end else begin
      // Subnormal: the value in units of 2^-9 is sig >> (141 - exp).
      case (exp)
        8'd120:  begin whole = sig[23:21];        guard = sig[20]; sticky = sig[19:0] != '0; end
        8'd119:  begin whole = {1'b0, sig[23:22]}; guard = sig[21]; sticky = sig[20:0] != '0; end
        8'd118:  begin whole = {2'b0, sig[23]};    guard = sig[22]; sticky = sig[21:0] != '0; end
        8'd117:  begin whole = '0;                 guard = sig[23]; sticky = sig[22:0] != '0; end
        default: begin whole = '0;                 guard = 1'b0;    sticky = 1'b0;           end
      endcase
      mag = 8'(whole) + 8'(guard && (sticky || whole[0]));
    end
  end

  assign fp8_o = nan ? 8'h7F : {fp32_i[31], (mag > 8'd126) ? 7'h7E : mag[6:0]};
  // The zero code: +0 up to 2^-10 (0x3A800000, the tie rounds to the even 0).
  assign fp8_nz_o = fp32_i > 32'h3A80_0000;
endmodule
