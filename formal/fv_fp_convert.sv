// The precision conversions of the bf16 and fp8 modes (docs/formal.md, set
// "conversions"), proven equal to references written another way, for every
// fp32 input and every fp8 code (k-induction closes at once: no state).
//   bf16: the golden model's formula, (x + 0x7FFF + x[16]) >> 16, NaN quieted.
//   fp8:  rounding as counting: the magnitude code is the number of the 126
//         midpoints between neighbouring E4M3 values that |x| lies above
//         (on a midpoint, above when that rounds to the even code); that
//         saturates at 448 by itself. NaN gives 0x7F.
//   widening: each E4M3 value's exact fp32 encoding from its integer value.
//   zero detect: bf16_nz_o and fp8_nz_o are exactly "the code is not zero".
module fv_fp_convert (
  input logic        clk_i,
  input logic [31:0] fp32,
  input logic [7:0]  fp8
);
  logic [15:0] bf16;
  logic [7:0]  code;
  logic [31:0] wide;
  logic        bf16_nz, fp8_nz;

  zvc_fp_reduce dut_reduce (
    .fp32_i(fp32), .bf16_o(bf16), .bf16_nz_o(bf16_nz), .fp8_o(code), .fp8_nz_o(fp8_nz));
  zvc_fp_widen dut_widen (.fp8_i(fp8), .fp32_o(wide));

  // E4M3 magnitude code k (0..126) in units of 2^-10: subnormals 2m, normals (8+m) << e.
  function automatic int unit_value(input int k);
    unit_value = (k < 8) ? 2 * (k % 8) : (8 + k % 8) << (k / 8);
  endfunction

  // fp32 encoding of the positive value n * 2^-s (n < 2^24, exactly representable).
  function automatic logic [31:0] fp32_of(input int n, input int s);
    int p;
    p = 0;
    for (int b = 0; b < 24; b++) if ((n >> b) & 1) p = b;
    fp32_of = (n == 0) ? 32'd0 : {1'b0, 8'(127 + p - s), 23'((n << (23 - p)) & 32'h7F_FFFF)};
  endfunction

  logic nan;
  assign nan = fp32[30:23] == 8'hFF && fp32[22:0] != '0;

  // ---- bf16 ----
  logic [31:0] bf16_sum;
  logic [15:0] bf16_ref;
  assign bf16_sum = fp32 + 32'h7FFF + 32'(fp32[16]);
  assign bf16_ref = nan ? (fp32[31:16] | 16'h0040) : bf16_sum[31:16];

  // ---- fp8 by counting midpoints ----
  logic [125:0] above;
  for (genvar k = 0; k < 126; k++) begin : g_mid
    // The midpoint of codes k and k+1 is (v(k) + v(k+1)) * 2^-11.
    localparam logic [31:0] Mid = fp32_of(unit_value(k) + unit_value(k + 1), 11);
    assign above[k] = fp32[30:0] > Mid[30:0] || (fp32[30:0] == Mid[30:0] && (k % 2 == 1));
  end
  logic [7:0] fp8_ref;
  assign fp8_ref = nan ? 8'h7F : {fp32[31], 7'($countones(above))};

  // ---- widening by table ----
  logic [31:0] wide_table [0:127];
  for (genvar k = 0; k < 127; k++) begin : g_value
    assign wide_table[k] = fp32_of(unit_value(k), 10);
  end
  assign wide_table[127] = 32'h7FC0_0000;
  logic [31:0] wide_ref;
  assign wide_ref = (fp8[6:0] == 7'h7F) ? 32'h7FC0_0000 : {fp8[7], wide_table[fp8[6:0]][30:0]};

  always @(posedge clk_i) begin
    assert (bf16 == bf16_ref);
    assert (bf16_nz == (bf16 != '0));
    assert (code == fp8_ref);
    assert (fp8_nz == (code != '0));
    assert (wide == wide_ref);
  end
endmodule
