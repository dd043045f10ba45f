// The inverse of zvc_compact: slot k of data_i (k below the number of kept
// slots) goes to the position of the k-th set bit of keep_i; other slots of
// data_o are zero. Runs the compaction network's selects backwards, most
// significant stage first. count_o is the number of kept slots (slots read).
// dist_i: zvc_compact_scan's distances for keep_i, made by the caller so that
// it may register them between the scan and this routing (zvc_decompressor's
// Pipeline). Purely combinational.
`include "cdma_assert.svh"

module zvc_expand #(
  // Slots, 2 or more.
  parameter int NumSlots = 8,
  // Bits per slot, 1 or more.
  parameter int SlotBits = 32,
  localparam int Stages = cdma_prim_pkg::compact_stages(NumSlots),
  localparam int CntW = $clog2(NumSlots + 1)
) (
  input  logic [NumSlots*SlotBits-1:0] data_i,
  input  logic [NumSlots-1:0]          keep_i,
  input  logic [NumSlots*Stages-1:0]   dist_i,
  output logic [NumSlots*SlotBits-1:0] data_o,
  output logic [CntW-1:0]              count_o
);
  `CDMA_PARAM_CHECK(g_bits_check, SlotBits >= 1, "SlotBits must be at least 1")

  logic [Stages*NumSlots-1:0] sel;
  logic [NumSlots-1:0]        valid_unused;  // expansion zeroes by keep_i

  zvc_compact_ctrl #(.NumSlots(NumSlots)) u_ctrl (
    .keep_i (keep_i),
    .dist_i (dist_i),
    .sel_o  (sel),
    .valid_o(valid_unused),
    .count_o(count_o)
  );

  always @* begin  // reads what it writes: see docs/rtl.md, Icarus
    logic [NumSlots*SlotBits-1:0] cur;
    cur = data_i;
    for (int s = Stages - 1; s >= 0; s--) begin
      // Walk downwards so that each move reads a position not yet rewritten.
      for (int p = NumSlots - 1; p >= 0; p--) begin
        // The modulo keeps every select in range; the guard makes the wrap dead code.
        if (p >= (1 << s) && sel[s*NumSlots + (p - (1 << s) + NumSlots) % NumSlots]) begin
          cur[p*SlotBits +: SlotBits] = cur[((p - (1 << s) + NumSlots) % NumSlots)*SlotBits +: SlotBits];
        end
      end
    end
    for (int p = 0; p < NumSlots; p++) begin
      data_o[p*SlotBits +: SlotBits] = keep_i[p] ? cur[p*SlotBits +: SlotBits] : '0;
    end
  end
endmodule
