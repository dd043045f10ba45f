// Population count as a balanced adder tree: log2(Width) levels of small
// adds, where `$countones` maps (Yosys 0.23, then ABC) to a chain of Width
// increments that ABC does not rebalance: a path Width levels deep, where
// this one is about 2 log2(Width).
// Purely combinational.
`include "cdma_assert.svh"

module cdma_popcount #(
  // Bits counted: 1 or more.
  parameter int Width = 8,
  localparam int CountW = (Width >= 1) ? $clog2(Width + 1) : 1
) (
  input  logic [Width-1:0]  bits_i,
  output logic [CountW-1:0] count_o
);
  `CDMA_PARAM_CHECK(g_width_check, Width >= 1, "Width must be at least 1")

  // Levels of the tree over the bits padded to a power of two; level l holds
  // Pad >> l sums of l + 1 bits each.
  localparam int Levels = (Width > 1) ? $clog2(Width) : 1;
  localparam int Pad = 1 << Levels;

  function automatic logic [Levels:0] low_bits(input int n);
    low_bits = ~({(Levels+1){1'b1}} << n);
  endfunction

  always @* begin  // reads what it writes: see docs/rtl.md, Icarus
    logic [Pad*(Levels+1)-1:0] cur, nxt;  // one level's sums, Levels+1 bits each
    cur = '0;
    for (int i = 0; i < Width; i++) cur[i*(Levels+1)] = bits_i[i];
    for (int l = 1; l <= Levels; l++) begin
      nxt = '0;
      for (int i = 0; i < (Pad >> l); i++) begin
        // Sums of level l - 1 have l bits: the mask makes the bits above
        // them constant zeros, so each add is l bits wide after synthesis.
        nxt[i*(Levels+1) +: Levels+1] = (cur[2*i*(Levels+1) +: Levels+1] & low_bits(l))
                                      + (cur[(2*i+1)*(Levels+1) +: Levels+1] & low_bits(l));
      end
      cur = nxt;
    end
    count_o = CountW'(cur[0 +: Levels+1]);
  end
endmodule
