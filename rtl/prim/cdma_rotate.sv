// Rotator for a rotation held in registers with a large fan-out: element j
// of data_i (ElemBits bits each) leaves as element (j + shift) mod Elems of
// data_o. The amount comes in Copies equal copies, one per group of
// GroupElems output elements (the caller keeps them in registers of their
// own, with (* keep *) on their always_ff: Yosys merges equal registers
// otherwise), and every multiplexer of the log2(Elems) stages takes its
// select from the copy of the output group it sits in, so no copy drives
// more than GroupElems * ElemBits multiplexers a stage. From one register
// the amount fed a whole stage, which ABC's fan-out buffering made a chain
// of 8 to 11 buffers (0.8 ns at 45 nm in the compressor's packer at E=4
// B=32). Purely combinational; all copies must be equal.
`include "cdma_assert.svh"

module cdma_rotate #(
  // Elements rotated: a power of two, 2 or more.
  parameter int Elems = 32,
  parameter int ElemBits = 8,
  // Output elements per copy of the rotation.
  parameter int GroupElems = 8,
  localparam int ShiftW = $clog2(Elems),
  localparam int Copies = (Elems + GroupElems - 1) / GroupElems
) (
  input  logic [Elems*ElemBits-1:0] data_i,
  input  logic [Copies*ShiftW-1:0]  shift_i,  // copy g selects for output elements g*GroupElems onwards
  output logic [Elems*ElemBits-1:0] data_o
);
  `CDMA_PARAM_CHECK(g_elems_check, Elems >= 2 && (Elems & (Elems - 1)) == 0,
                    "Elems must be a power of two, 2 or more")
  `CDMA_PARAM_CHECK(g_bits_check, ElemBits >= 1, "ElemBits must be at least 1")
  `CDMA_PARAM_CHECK(g_group_check, GroupElems >= 1, "GroupElems must be at least 1")

  // One process, stage by stage (stage s rotates by 2^s or not): as
  // continuous assigns into an array of stages, Icarus re-evaluated whole
  // stages per element: the widest engine took 39 s to start, not 0.6 s.
  always @* begin  // reads what it writes: see docs/rtl.md, Icarus
    logic [Elems*ElemBits-1:0] cur, nxt;
    cur = data_i;
    for (int s = 0; s < ShiftW; s++) begin
      for (int j = 0; j < Elems; j++) begin
        nxt[j*ElemBits +: ElemBits] = shift_i[(j / GroupElems)*ShiftW + s] ?
            cur[((j - (1 << s) + Elems) % Elems)*ElemBits +: ElemBits] : cur[j*ElemBits +: ElemBits];
      end
      cur = nxt;
    end
    data_o = cur;
  end
endmodule
