// What the ZVC format fixes (docs/format.md) and what the compressor and the
// decompressor derive from ElemBytes and BusBytes, defined once (constant
// functions, usable in parameter declarations).
package zvc_pkg;
  localparam int WindowElems = 32;  // elements per window
  localparam int MaskBytes = 4;     // a window's non-zero mask

  // Elements in a beat.
  function automatic int num_elems(input int elem_bytes, input int bus_bytes);
    num_elems = bus_bytes / elem_bytes;
  endfunction

  // A beat holds whole windows (else a window spans several beats).
  function automatic bit whole_windows(input int elem_bytes, input int bus_bytes);
    whole_windows = num_elems(elem_bytes, bus_bytes) >= WindowElems;
  endfunction

  // Windows a beat holds (1 when a window spans several beats).
  function automatic int win_per_beat(input int elem_bytes, input int bus_bytes);
    win_per_beat = whole_windows(elem_bytes, bus_bytes) ?
                   num_elems(elem_bytes, bus_bytes) / WindowElems : 1;
  endfunction

  // Element-sized slots a mask takes in the compaction network.
  function automatic int mask_slots(input int elem_bytes);
    mask_slots = MaskBytes / elem_bytes;
  endfunction

  // Network slots of one window: its mask, then its elements.
  function automatic int window_slots(input int elem_bytes);
    window_slots = mask_slots(elem_bytes) + WindowElems;
  endfunction

  // Payload bytes of a dense window: the mask and every element.
  function automatic int dense_window_bytes(input int elem_bytes);
    dense_window_bytes = MaskBytes + WindowElems * elem_bytes;
  endfunction
endpackage
