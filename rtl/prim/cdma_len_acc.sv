// A byte or element count that grows by a small amount per beat and returns
// to zero at a frame's end, with its next value (value_o + add_i) available
// in the same cycle but without a Width-bit carry chain on the way there.
//
// The count is kept as a low part of LowW bits and a high part together with
// the high part plus one (hi1_q, a register). add_i is below 2^LowW, so a step
// carries at most one into the high part: sum_o's high bits are a choice
// between two registers, by the low add's carry. The incrementer that keeps
// hi1_q ahead starts from a register too, and is log-depth (cdma_incr).
// Reset: asynchronous, active low.
`include "cdma_assert.svh"

module cdma_len_acc #(
  // Bits of the count.
  parameter int Width = 32,
  // Bits of the low part, below Width; add_i is at most LowW bits.
  parameter int LowW = 8
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             en_i,     // take a step: the count becomes sum_o, or 0 with clear_i
  input  logic             clear_i,  // with en_i: the step ends the frame
  input  logic [LowW-1:0]  add_i,
  output logic [Width-1:0] sum_o,    // value_o + add_i (mod 2^Width)
  output logic [Width-1:0] value_o
);
  `CDMA_PARAM_CHECK(g_low_check, LowW >= 1 && LowW < Width, "LowW must be 1 to Width-1")

  localparam int HighW = Width > LowW ? Width - LowW : 1;  // at least 1, for the check to report

  logic [LowW-1:0]  lo_q;
  logic [HighW-1:0] hi_q, hi1_q;
  logic [LowW:0]    lo_sum;
  logic [HighW-1:0] hi2;  // hi1_q + 1

  cdma_incr #(.Width(HighW)) u_hi2 (
    .value_i(hi1_q),
    .incr_o (hi2)
  );

  assign lo_sum  = {1'b0, lo_q} + {1'b0, add_i};
  assign sum_o   = {lo_sum[LowW] ? hi1_q : hi_q, lo_sum[LowW-1:0]};
  assign value_o = {hi_q, lo_q};

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      lo_q  <= '0;
      hi_q  <= '0;
      hi1_q <= HighW'(1);
    end else if (en_i && clear_i) begin
      lo_q  <= '0;
      hi_q  <= '0;
      hi1_q <= HighW'(1);
    end else if (en_i) begin
      lo_q <= lo_sum[LowW-1:0];
      if (lo_sum[LowW]) begin
        hi_q  <= hi1_q;
        hi1_q <= hi2;
      end
    end
  end

  `CDMA_ASSERT(hi1_ahead, hi1_q == hi_q + 1'b1)
endmodule
