// value_i + 1 (mod 2^Width) in log2(Width) levels: bit i flips when every
// bit below it is set (cdma_prefix_and). Left alone, ABC maps an incrementer
// that stands between two registers into a chain of Width ANDs (18 levels
// for the 26 bits of cdma_len_acc at B=32, the compressor's slowest path
// with its network stage). Purely combinational.
`include "cdma_assert.svh"

module cdma_incr #(
  parameter int Width = 32
) (
  input  logic [Width-1:0] value_i,
  output logic [Width-1:0] incr_o
);
  `CDMA_PARAM_CHECK(g_width_check, Width >= 1, "Width must be at least 1")

  logic [Width-1:0] all_set;  // bit i: bits 0 to i of value_i all set
  logic [Width-1:0] flip;     // bit i: every bit below i is set
  logic             top_all_unused;  // whether every bit is set: the wrap

  cdma_prefix_and #(.Width(Width)) u_all (
    .bits_i(value_i),
    .all_o (all_set)
  );

  if (Width > 1) begin : gen_flip
    assign flip = {all_set[Width-2:0], 1'b1};
  end else begin : gen_flip_one
    assign flip = 1'b1;
  end
  assign top_all_unused = all_set[Width-1];
  assign incr_o = value_i ^ flip;
endmodule
