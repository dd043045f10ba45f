// Widths and sizes that several primitives derive from their parameters,
// defined once (constant functions, usable in parameter lists).
package cdma_prim_pkg;
  // Bits of an index into Depth entries; at least 1, so that a 2-entry ring
  // (or an illegal Depth) still has a 1-bit index.
  function automatic int ptr_width(input int depth);
    ptr_width = depth > 2 ? $clog2(depth) : 1;
  endfunction

  // Stages of the log-depth compaction network over num_slots slots: one per
  // bit of a slot's shift distance; at least 1 for the same reason.
  function automatic int compact_stages(input int num_slots);
    compact_stages = num_slots > 2 ? $clog2(num_slots) : 1;
  endfunction
endpackage
