// value_i + 1 (mod 2^Width) in log2(Width) levels: bit i flips when every
// bit below it is set, a prefix AND made in rounds (Kogge-Stone), each round
// a wire Yosys keeps. Left alone, ABC maps an incrementer that stands
// between two registers into a chain of Width ANDs (18 levels for the 26
// bits of cdma_len_acc at B=32, the compressor's slowest path with its
// network stage). Purely combinational.
`include "cdma_assert.svh"

module cdma_incr #(
  parameter int Width = 32
) (
  input  logic [Width-1:0] value_i,
  output logic [Width-1:0] incr_o
);
  `CDMA_PARAM_CHECK(g_width_check, Width >= 1, "Width must be at least 1")

  localparam int Rounds = $clog2(Width);

  // (Verilator orders the rounds as separate variables: split_var.)
  (* keep *) logic [Width-1:0] all_r [Rounds+1] /* verilator split_var */;  // bit i: value_i[i:i-2^r+1] all set
  logic [Width-1:0] flip;  // bit i: every bit below i is set
  logic             top_all_unused;  // whether every bit is set: the wrap

  assign all_r[0] = value_i;
  for (genvar r = 0; r < Rounds; r++) begin : g_round
    for (genvar i = 0; i < Width; i++) begin : g_bit
      if (i >= (1 << r)) begin : g_and
        assign all_r[r+1][i] = all_r[r][i] && all_r[r][i - (1 << r)];
      end else begin : g_pass
        assign all_r[r+1][i] = all_r[r][i];
      end
    end
  end

  if (Width > 1) begin : gen_flip
    assign flip = {all_r[Rounds][Width-2:0], 1'b1};
  end else begin : gen_flip_one
    assign flip = 1'b1;
  end
  assign top_all_unused = all_r[Rounds][Width-1];
  assign incr_o = value_i ^ flip;
endmodule
