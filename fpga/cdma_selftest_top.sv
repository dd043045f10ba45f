// FPGA top for the codec self-test (cdma_selftest) on iCE40 boards: a
// power-on reset, the self-test at a fixed sparsity, and its state on LEDs.
// led[0]: error (sticky); led[1]: toggles every 2^16 passed frames;
// led[Leds-1:2]: the passed-frame count's next bits. Built by Makefile.fpga.
module cdma_selftest_top #(
  parameter int ElemBytes = 1,
  parameter int BusBytes = 8,
  // 0, 1, 2, 3: 0 %, 50 %, 75 %, 90 % zero elements.
  parameter int Sparsity = 2,
  // LEDs on the board, 2 or more.
  parameter int Leds = 8,
  // 1 when the board's LEDs light on a low level (iCEBreaker).
  parameter bit LedActiveLow = 1'b0,
  // The register slice between the codecs (cdma_selftest's Slice).
  parameter int Slice = 1
) (
  input  logic            clk,
  output logic [Leds-1:0] led
);
  // iCE40 flip-flops start at 0 after configuration: hold reset for 15 cycles.
  logic [3:0]  por_q = 4'd0;
  logic        rst_n, error;
  logic [31:0] passed, comp_bytes_unused;

  always_ff @(posedge clk) if (por_q != 4'hF) por_q <= por_q + 1'b1;
  assign rst_n = por_q == 4'hF;

  cdma_selftest #(.ElemBytes(ElemBytes), .BusBytes(BusBytes), .Slice(Slice)) u_selftest (
    .clk_i       (clk),
    .rst_ni      (rst_n),
    .sparsity_i  (2'(Sparsity)),
    .stall_i     (1'b0),
    .inject_i    (1'b0),
    .pass_count_o(passed),
    .comp_bytes_o(comp_bytes_unused),
    .error_o     (error)
  );

  logic            unused_bits;  // the count's low and high bits are not shown
  logic [Leds-1:0] lit;
  assign unused_bits = ^{passed, comp_bytes_unused};
  assign lit = {passed[16 +: Leds-1], error};
  assign led = LedActiveLow ? ~lit : lit;
endmodule
