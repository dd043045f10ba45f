// The compaction and expansion networks (zvc_compact, zvc_expand and their
// shared router zvc_compact_ctrl) proven equal to plain references written
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
//   count:   the number of kept slots, for both.
// The references search every pair (i, q) with a comparison of prefix
// counts: an N^2 gather, where the networks route in log2(N) stages.
module fv_networks #(
  parameter int NumSlots = 8,
  parameter int SlotBits = 8,
  localparam int CntW = $clog2(NumSlots + 1)
) (
  input logic                         clk_i,
  input logic [NumSlots-1:0]          keep,
  input logic [NumSlots*SlotBits-1:0] data
);
  logic [NumSlots*SlotBits-1:0] packed_data, spread_data, packed_ref, spread_ref;
  logic [CntW-1:0]              packed_count, spread_count;

  zvc_compact #(.NumSlots(NumSlots), .SlotBits(SlotBits)) dut_compact (
    .data_i(data), .keep_i(keep), .data_o(packed_data), .count_o(packed_count));
  zvc_expand #(.NumSlots(NumSlots), .SlotBits(SlotBits)) dut_expand (
    .data_i(data), .keep_i(keep), .data_o(spread_data), .count_o(spread_count));

  // below[i]: kept slots under slot i.
  logic [NumSlots*CntW-1:0] below;
  for (genvar i = 0; i < NumSlots; i++) begin : g_below
    if (i == 0) begin : g_first
      assign below[0 +: CntW] = '0;
    end else begin : g_rest
      assign below[i*CntW +: CntW] = CntW'($countones(keep[i-1:0]));
    end
  end

  // The OR of the data slots whose bit of `match` is set (at most one is).
  function automatic logic [SlotBits-1:0] pick(input logic [NumSlots-1:0] match);
    pick = '0;
    for (int i = 0; i < NumSlots; i++) if (match[i]) pick |= data[i*SlotBits +: SlotBits];
  endfunction

  for (genvar q = 0; q < NumSlots; q++) begin : g_ref
    // compact_match[i]: slot i is kept with rank q; spread_match[k]: slot q
    // is kept and k kept slots lie below it.
    logic [NumSlots-1:0] compact_match, spread_match;
    for (genvar i = 0; i < NumSlots; i++) begin : g_match
      assign compact_match[i] = keep[i] && below[i*CntW +: CntW] == CntW'(q);
      assign spread_match[i]  = keep[q] && below[q*CntW +: CntW] == CntW'(i);
    end
    assign packed_ref[q*SlotBits +: SlotBits] = pick(compact_match);
    assign spread_ref[q*SlotBits +: SlotBits] = pick(spread_match);
  end

  // Immediate assertions outside a clocked block: they check the inputs of
  // the same step, with no register between (a BDD engine sees no state).
  always @* begin
    assert (packed_count == CntW'($countones(keep)));
    assert (spread_count == CntW'($countones(keep)));
    assert (packed_data == packed_ref);
    assert (spread_data == spread_ref);
  end
endmodule
