// The shift distances of the compaction network (zvc_compact_ctrl): d_i, the
// number of dropped slots below slot i, for every slot. An exclusive scan
// (Hillis-Steele): log2(N) rounds, each adding the sum 2^r slots further
// down (zvc_compact_rounds), so its depth grows with log2(N), not N.
// Rounds < log2(N) stops early: dist_o then holds each slot's count of
// dropped slots among the 2^Rounds below it, which zvc_compact_rounds
// finishes from round Rounds on. zvc_compressor and zvc_decompressor can
// register the scan's result, finished or not, before the routing (Pipeline).
// Purely combinational.
`include "cdma_assert.svh"

module zvc_compact_scan #(
  // Slots in the network, 2 or more.
  parameter int NumSlots = 8,
  // Rounds to add, 0 to log2(NumSlots).
  parameter int Rounds = cdma_prim_pkg::compact_stages(NumSlots),
  localparam int Stages = cdma_prim_pkg::compact_stages(NumSlots)
) (
  input  logic [NumSlots-1:0]        keep_i,
  output logic [NumSlots*Stages-1:0] dist_o  // slot i's d_i at [i*Stages +: Stages]
);
  `CDMA_PARAM_CHECK(g_slots_check, NumSlots >= 2, "NumSlots must be at least 2")
  `CDMA_PARAM_CHECK(g_rounds_check, Rounds >= 0 && Rounds <= Stages, "Rounds must be 0 to log2(NumSlots)")

  logic [NumSlots*Stages-1:0] drop;  // slot i's count before round 0: whether slot i-1 is dropped

  always_comb begin
    for (int i = 0; i < NumSlots; i++) begin
      drop[i*Stages +: Stages] = (i > 0) ? Stages'(!keep_i[(i + NumSlots - 1) % NumSlots]) : '0;
    end
  end

  zvc_compact_rounds #(.NumSlots(NumSlots), .FirstRound(0), .LastRound(Rounds)) u_rounds (
    .part_i(drop),
    .part_o(dist_o)
  );
endmodule
