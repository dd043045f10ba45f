// What the ZVC format fixes (docs/format.md) and what the compressor and the
// decompressor derive from ElemBytes and BusBytes, defined once (constant
// functions, usable in parameter declarations).
package zvc_pkg;
  localparam int WindowElems = 32;  // elements per window
  localparam int MaskBytes = 4;     // a window's non-zero mask

  // Frame modes (docs/format.md, "Modes"): the codecs' 2-bit mode field.
  localparam logic [1:0] ModeZvc = 2'd0;
  localparam logic [1:0] ModeBinarize = 2'd1;
  localparam logic [1:0] ModeBf16 = 2'd2;
  localparam logic [1:0] ModeFp8 = 2'd3;

  // Payload bytes of a non-zero element in a mode (zvc::payload_elem_bytes):
  // the element's, none (binarize), or its code's (bf16, fp8).
  function automatic logic [2:0] payload_elem_bytes(input logic [1:0] mode,
                                                    input logic [2:0] elem_bytes);
    case (mode)
      ModeZvc:      payload_elem_bytes = elem_bytes;
      ModeBinarize: payload_elem_bytes = 3'd0;
      ModeBf16:     payload_elem_bytes = 3'd2;
      ModeFp8:      payload_elem_bytes = 3'd1;
      default:      payload_elem_bytes = elem_bytes;  // no other 2-bit value
    endcase
  endfunction

  // The bf16 and fp8 modes exist in a codec built with Modes for fp32.
  function automatic bit has_dpr(input int modes, input int elem_bytes);
    has_dpr = modes != 0 && elem_bytes == 4;
  endfunction

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

  // Element-sized slots a mask takes in the compaction network. With the
  // bf16 and fp8 modes, four: a slot then carries one code's width of the
  // mask (4, 2 or 1 bytes), so the mask fills 1, 2 or 4 of them.
  function automatic int mask_slots(input int elem_bytes, input bit dpr);
    mask_slots = dpr ? MaskBytes : MaskBytes / elem_bytes;
  endfunction

  // Network slots of one window: its mask, then its elements.
  function automatic int window_slots(input int elem_bytes, input bit dpr);
    window_slots = mask_slots(elem_bytes, dpr) + WindowElems;
  endfunction

  // Payload bytes of a dense window: the mask and every element.
  function automatic int dense_window_bytes(input int elem_bytes);
    dense_window_bytes = MaskBytes + WindowElems * elem_bytes;
  endfunction
endpackage
