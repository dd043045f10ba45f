// Packs the kept slots of data_i to the bottom of data_o in order (slot
// granularity: an element, or a 4-byte mask split into elements); slots of
// data_o at and above count_o are zero. dist_i: zvc_compact_scan's distances
// for keep_i, made by the caller so that it may register them between the
// scan and this routing (zvc_compressor's Pipeline). Purely combinational.
`include "cdma_assert.svh"

module zvc_compact #(
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
  logic [NumSlots-1:0]        valid;

  zvc_compact_ctrl #(.NumSlots(NumSlots)) u_ctrl (
    .keep_i (keep_i),
    .dist_i (dist_i),
    .sel_o  (sel),
    .valid_o(valid),
    .count_o(count_o)
  );

  always @* begin  // reads what it writes: see docs/rtl.md, Icarus
    logic [NumSlots*SlotBits-1:0] cur;
    cur = data_i;
    for (int s = 0; s < Stages; s++) begin
      // The modulo keeps every select in range; the guard makes the wrap dead code.
      for (int q = 0; q < NumSlots; q++) begin
        if (q + (1 << s) < NumSlots && sel[s*NumSlots + q]) begin
          cur[q*SlotBits +: SlotBits] = cur[((q + (1 << s)) % NumSlots)*SlotBits +: SlotBits];
        end
      end
    end
    for (int q = 0; q < NumSlots; q++) begin
      data_o[q*SlotBits +: SlotBits] = valid[q] ? cur[q*SlotBits +: SlotBits] : '0;
    end
  end
endmodule
