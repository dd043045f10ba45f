// The compaction and expansion networks (zvc_compact, zvc_expand and their
// shared scan and router, zvc_compact_scan and zvc_compact_ctrl) proven equal to plain references written
// from their contracts, for every keep pattern and every data word at the
// full width of a codec configuration (docs/formal.md, set "networks").
// Combinational: the proof holds for all inputs, not a bounded set (z3's
// k-induction closes at k = 1; formal/run.sh --solver bdd collapses the
// properties into constant BDDs). The BDD variable order is the input order:
// keep before data, which keeps every BDD here polynomial in the slots (data
// first, the expansion's grows exponentially).
//   compact: output slot q is the input slot i that is kept and has exactly
//            q kept slots below it; slots at and above the count are zero.
//   expand:  output slot p is input slot (number of kept slots below p) when
//            p is kept, zero otherwise.
//   count:   the number of kept slots, for both, and cdma_popcount's.
// The references gather over every pair (i, q) by prefix counts: an N^2
// gather, where the networks route in log2(N) stages. They are written
// bit-plane-wise (a wide AND and OR per output bit) so that Yosys builds
// them in minutes at the widest points (136 x 16 and 288 x 8), where
// word-wise comparisons took it over 10 minutes and 3 GB at 136 x 16.
module fv_networks #(
  parameter int NumSlots = 8,
  parameter int SlotBits = 8,
  localparam int CntW = $clog2(NumSlots + 1)
) (
  input logic                         clk_i,
  input logic [NumSlots-1:0]          keep,
  input logic [NumSlots*SlotBits-1:0] data
);
  logic [NumSlots*SlotBits-1:0] packed_data, spread_data;
  logic [CntW-1:0]              packed_count, spread_count;

  logic [NumSlots*cdma_prim_pkg::compact_stages(NumSlots)-1:0] shift_dist;
  zvc_compact_scan #(.NumSlots(NumSlots)) dut_scan (.keep_i(keep), .dist_o(shift_dist));
  zvc_compact #(.NumSlots(NumSlots), .SlotBits(SlotBits)) dut_compact (
    .data_i(data), .keep_i(keep), .dist_i(shift_dist), .data_o(packed_data), .count_o(packed_count));
  zvc_expand #(.NumSlots(NumSlots), .SlotBits(SlotBits)) dut_expand (
    .data_i(data), .keep_i(keep), .dist_i(shift_dist), .data_o(spread_data), .count_o(spread_count));

  // The codecs' adder-tree population count, against $countones.
  logic [CntW-1:0] tree_count;
  cdma_popcount #(.Width(NumSlots)) dut_popcount (.bits_i(keep), .count_o(tree_count));

  wire [CntW-1:0] count = CntW'($countones(keep));

  // The scan stopped after each number of rounds and finished by
  // zvc_compact_rounds (the compressor's Pipeline = 1 splits it there), against
  // the whole scan; and cdma_incr (the codecs' length counters) against + 1.
  localparam int Stages = cdma_prim_pkg::compact_stages(NumSlots);
  logic [(Stages+1)*NumSlots*Stages-1:0] split_dist;
  for (genvar r = 0; r <= Stages; r++) begin : g_split
    logic [NumSlots*Stages-1:0] part;
    zvc_compact_scan #(.NumSlots(NumSlots), .Rounds(r)) dut_first (.keep_i(keep), .dist_o(part));
    zvc_compact_rounds #(.NumSlots(NumSlots), .FirstRound(r)) dut_rest (
      .part_i(part), .part_o(split_dist[r*NumSlots*Stages +: NumSlots*Stages]));
  end
  logic [NumSlots-1:0] keep_incr;
  cdma_incr #(.Width(NumSlots)) dut_incr (.value_i(keep), .incr_o(keep_incr));

  // cdma_rotate (the packer's rotators) over the largest power of two
  // of data's bytes, every copy of the rotation keep's low bits (the shift
  // first in the BDD order), against a rotation by the operators.
  localparam int RotBytes = 1 << ($clog2(NumSlots * SlotBits / 8 + 1) - 1);
  localparam int RotW = $clog2(RotBytes);
  logic [RotBytes*8-1:0] rot_out;
  cdma_rotate #(.Elems(RotBytes), .GroupElems(2)) dut_rotate (
    .data_i(data[RotBytes*8-1:0]), .shift_i({(RotBytes / 2){RotW'(keep)}}), .data_o(rot_out));
  wire [2*RotBytes*8-1:0] rot_twice = {data[RotBytes*8-1:0], data[RotBytes*8-1:0]} << {RotW'(keep), 3'b000};

  // below[i]: kept slots under slot i, a chain of increments.
  logic [NumSlots*CntW-1:0] below;
  assign below[0 +: CntW] = '0;
  for (genvar i = 1; i < NumSlots; i++) begin : g_below
    assign below[i*CntW +: CntW] = below[(i-1)*CntW +: CntW] + CntW'(keep[i-1]);
  end

  // hot[i*NumSlots + r]: slot i is kept with r kept slots below it (a
  // decoder per slot, one bit set per kept slot); rank is its transpose;
  // column[j*NumSlots + i]: bit j of data slot i. Output bit j of
  // compacted slot o is the OR of column j ANDed with rank row o; of
  // expanded slot o, the OR of column j ANDed with hot row o. N^2 gathers,
  // written bit-plane-wise so that Yosys makes a few wide cells.
  logic [NumSlots*NumSlots-1:0] hot, rank;
  logic [SlotBits*NumSlots-1:0] column;
  logic [NumSlots*SlotBits-1:0] packed_ref, spread_ref;
  for (genvar i = 0; i < NumSlots; i++) begin : g_rank
    assign hot[i*NumSlots +: NumSlots] = keep[i] ? NumSlots'(1) << below[i*CntW +: CntW] : '0;
    for (genvar r = 0; r < NumSlots; r++) begin : g_row
      assign rank[r*NumSlots + i] = hot[i*NumSlots + r];
    end
    for (genvar j = 0; j < SlotBits; j++) begin : g_column
      assign column[j*NumSlots + i] = data[i*SlotBits + j];
    end
  end
  for (genvar o = 0; o < NumSlots; o++) begin : g_ref
    for (genvar j = 0; j < SlotBits; j++) begin : g_bit
      assign packed_ref[o*SlotBits + j] =
          |(column[j*NumSlots +: NumSlots] & rank[o*NumSlots +: NumSlots]);
      assign spread_ref[o*SlotBits + j] =
          |(column[j*NumSlots +: NumSlots] & hot[o*NumSlots +: NumSlots]);
    end
  end

  // Immediate assertions outside a clocked block: they check the inputs of
  // the same step, with no register between (a BDD engine sees no state).
  always @* begin
    assert (packed_count == count);
    assert (spread_count == count);
    assert (tree_count == count);
    assert (keep_incr == keep + 1'b1);
    assert (rot_out == rot_twice[RotBytes*8 +: RotBytes*8]);
    for (int r = 0; r <= Stages; r++) assert (split_dist[r*NumSlots*Stages +: NumSlots*Stages] == shift_dist);
    assert (packed_data == packed_ref);
    assert (spread_data == spread_ref);
  end
endmodule
