// The shift distances of the compaction network (zvc_compact_ctrl): d_i, the
// number of dropped slots below slot i, for every slot. An exclusive scan
// (Hillis-Steele): log2(N) rounds, each adding the sum 2^r slots further
// down, so its depth grows with log2(N), not N. The network's first half:
// zvc_compressor and zvc_decompressor can register its result before the
// routing (Pipeline).
// Purely combinational.
`include "cdma_assert.svh"

module zvc_compact_scan #(
  // Slots in the network, 2 or more.
  parameter int NumSlots = 8,
  localparam int Stages = cdma_prim_pkg::compact_stages(NumSlots)
) (
  input  logic [NumSlots-1:0]        keep_i,
  output logic [NumSlots*Stages-1:0] dist_o  // slot i's d_i at [i*Stages +: Stages]
);
  `CDMA_PARAM_CHECK(g_slots_check, NumSlots >= 2, "NumSlots must be at least 2")

  always @* begin  // reads what it writes: see docs/rtl.md, Icarus
    for (int i = 0; i < NumSlots; i++) begin
      dist_o[i*Stages +: Stages] = (i > 0) ? Stages'(!keep_i[(i + NumSlots - 1) % NumSlots]) : '0;
    end
    // Downwards, so that a round reads only sums of the round before.
    for (int r = 0; r < Stages; r++) begin
      for (int i = NumSlots - 1; i >= (1 << r); i--) begin
        dist_o[i*Stages +: Stages] = dist_o[i*Stages +: Stages] +
                                     dist_o[((i - (1 << r) + NumSlots) % NumSlots)*Stages +: Stages];
      end
    end
  end
endmodule
