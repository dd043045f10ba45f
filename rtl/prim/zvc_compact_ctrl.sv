// Routing of a log-depth compaction network (the cDMA prefix-sum gather).
//
// Slot i with keep_i[i] set must move down by d_i, the number of dropped
// slots below it. Stage s moves every kept slot whose d_i has bit s set down
// by 2^s, least significant stage first. Because d is non-decreasing over kept
// slots and i - d_i is strictly increasing, two kept slots never meet at any
// stage, so each stage is one 2:1 mux per slot: N*log2(N) muxes instead of an
// N^2 gather. sel_o[s*N + q] set means "after stage s, position q holds the
// slot that was at q + 2^s". zvc_compact applies these selects forwards,
// zvc_expand backwards. valid_o[q] is set when position q holds a kept slot
// after the last stage (q below count_o). The distances d_i come from
// zvc_compact_scan. Purely combinational.
`include "cdma_assert.svh"

module zvc_compact_ctrl #(
  // Slots in the network, 2 or more.
  parameter int NumSlots = 8,
  localparam int Stages = cdma_prim_pkg::compact_stages(NumSlots),
  localparam int CntW = $clog2(NumSlots + 1)
) (
  input  logic [NumSlots-1:0]        keep_i,
  input  logic [NumSlots*Stages-1:0] dist_i,  // zvc_compact_scan's dist_o
  output logic [Stages*NumSlots-1:0] sel_o,
  output logic [NumSlots-1:0]        valid_o,
  output logic [CntW-1:0]            count_o
);
  `CDMA_PARAM_CHECK(g_slots_check, NumSlots >= 2, "NumSlots must be at least 2")

  localparam int ShiftW = Stages;

  always @* begin  // reads what it writes: see docs/rtl.md, Icarus
    logic [(Stages+1)*NumSlots-1:0]        valid_s;
    logic [(Stages+1)*NumSlots*ShiftW-1:0] shift_s;
    logic [ShiftW-1:0]                     hi_shift;
    logic                                  from_hi, stay;
    // Every slot of every stage is assigned below, so no wide default is needed.
    sel_o = '0;
    for (int i = 0; i < NumSlots; i++) begin
      valid_s[i] = keep_i[i];
      shift_s[i*ShiftW +: ShiftW] = dist_i[i*Stages +: Stages];
    end
    for (int s = 0; s < Stages; s++) begin
      for (int q = 0; q < NumSlots; q++) begin
        from_hi  = 1'b0;
        hi_shift = '0;
        // The modulo keeps every select in range; the guard makes the wrap dead code.
        if (q + (1 << s) < NumSlots) begin
          hi_shift = shift_s[(s*NumSlots + (q + (1 << s)) % NumSlots)*ShiftW +: ShiftW];
          from_hi  = valid_s[s*NumSlots + (q + (1 << s)) % NumSlots] && hi_shift[s];
        end
        stay = valid_s[s*NumSlots + q] && !shift_s[(s*NumSlots + q)*ShiftW + s];
        sel_o[s*NumSlots + q] = from_hi;
        valid_s[(s+1)*NumSlots + q] = from_hi || stay;
        shift_s[((s+1)*NumSlots + q)*ShiftW +: ShiftW] =
            from_hi ? hi_shift : shift_s[(s*NumSlots + q)*ShiftW +: ShiftW];
      end
    end
    valid_o = valid_s[Stages*NumSlots +: NumSlots];
    // The kept slots: all but those dropped below the top slot and the top
    // slot itself if dropped, from the scan rather than a popcount chain.
    count_o = CntW'(NumSlots) - CntW'(dist_i[(NumSlots-1)*Stages +: Stages]) - CntW'(!keep_i[NumSlots-1]);
  end
endmodule
