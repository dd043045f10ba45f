// Prefix AND: all_o[i] is set when bits_i[0] to bits_i[i] all are, in
// log2(Width) rounds (Kogge-Stone), each round a wire Yosys keeps. Left
// alone, ABC turns the rounds into a chain of Width ANDs (the fewest gates
// for all Width prefixes): about half the path from s_axis_tkeep into the
// compressor's chunk register at E=1 B=32, and 18 levels for a 26-bit
// incrementer between two registers (cdma_incr). Purely combinational.
`include "cdma_assert.svh"

module cdma_prefix_and #(
  parameter int Width = 32
) (
  input  logic [Width-1:0] bits_i,
  output logic [Width-1:0] all_o
);
  `CDMA_PARAM_CHECK(g_width_check, Width >= 1, "Width must be at least 1")

  localparam int Rounds = $clog2(Width);

  // Bit i of round r: bits i-2^r+1 to i all set. (Verilator orders the
  // rounds as separate variables: split_var.)
  (* keep *) logic [Width-1:0] all_r [Rounds+1] /* verilator split_var */;

  assign all_r[0] = bits_i;
  for (genvar r = 0; r < Rounds; r++) begin : g_round
    for (genvar i = 0; i < Width; i++) begin : g_bit
      if (i >= (1 << r)) begin : g_and
        assign all_r[r+1][i] = all_r[r][i] && all_r[r][i - (1 << r)];
      end else begin : g_pass
        assign all_r[r+1][i] = all_r[r][i];
      end
    end
  end

  assign all_o = all_r[Rounds];
endmodule
