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

  // Stage s has rotated by the amount's bits below s. (Verilator orders the
  // stages as separate variables: split_var.)
  logic [Elems*ElemBits-1:0] st [ShiftW+1] /* verilator split_var */;

  assign st[0] = data_i;
  for (genvar s = 0; s < ShiftW; s++) begin : g_stage
    for (genvar j = 0; j < Elems; j++) begin : g_elem
      localparam int From = (j - (1 << s) + Elems) % Elems;
      assign st[s+1][j*ElemBits +: ElemBits] = shift_i[(j / GroupElems)*ShiftW + s] ?
          st[s][From*ElemBits +: ElemBits] : st[s][j*ElemBits +: ElemBits];
    end
  end

  assign data_o = st[ShiftW];
endmodule
