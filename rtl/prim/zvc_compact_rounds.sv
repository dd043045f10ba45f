// Rounds FirstRound to LastRound - 1 of zvc_compact_scan's Hillis-Steele
// scan: round r adds to each slot's count the count 2^r slots further down.
// part_i holds each slot's count after the rounds before FirstRound; after
// all log2(N) rounds part_o is zvc_compact_ctrl's d_i.
// Purely combinational.
`include "cdma_assert.svh"

module zvc_compact_rounds #(
  // Slots in the network, 2 or more.
  parameter int NumSlots = 8,
  localparam int Stages = cdma_prim_pkg::compact_stages(NumSlots),
  // The rounds added: FirstRound <= r < LastRound, within 0 to Stages.
  parameter int FirstRound = 0,
  parameter int LastRound = Stages
) (
  input  logic [NumSlots*Stages-1:0] part_i,  // slot i's count at [i*Stages +: Stages]
  output logic [NumSlots*Stages-1:0] part_o
);
  `CDMA_PARAM_CHECK(g_slots_check, NumSlots >= 2, "NumSlots must be at least 2")
  `CDMA_PARAM_CHECK(g_rounds_check, FirstRound >= 0 && FirstRound <= LastRound && LastRound <= Stages,
                    "the rounds must lie within 0 to log2(NumSlots)")

  // After round r a count covers 2^(r+1) slots: its bits from r+2 up are
  // zero, and are cut so that synthesis keeps no adder or register for them.
  // (The mask is int arithmetic: Yosys 0.23 sizes a '1 in a conditional
  // operand as one bit.)
  always @* begin  // reads what it writes: see docs/rtl.md, Icarus
    part_o = part_i;
    // Downwards, so that a round reads only sums of the round before.
    for (int r = FirstRound; r < LastRound; r++) begin
      for (int i = NumSlots - 1; i >= (1 << r); i--) begin
        part_o[i*Stages +: Stages] = (part_o[i*Stages +: Stages] +
                                      part_o[((i - (1 << r) + NumSlots) % NumSlots)*Stages +: Stages]) &
                                     Stages'((1 << ((r + 2 < Stages) ? r + 2 : Stages)) - 1);
      end
    end
  end
endmodule
