// ZVC decompressor: a raw length per frame in, ZVC payload frames in, raw
// frames out (docs/format.md; ports per RTL-INTERFACES.md).
//
// Structure: zvc_unpacker (payload bytes, peek window) -> beat decode ->
// (with Pipeline = 1, a register stage inside the expansion network) ->
// output register. Each cycle one output beat of BusBytes raw bytes is decoded
// from the oldest payload bytes: when a beat holds whole windows, the masks
// are found one after another (mask j follows window j-1's elements) and the
// beat's slots (masks and elements, as in zvc_compressor) are spread by
// zvc_expand; when a window spans beats, its mask is read with its first beat
// and kept for the others.
// Timing: the decision to fire a beat starts from registers (the frame's
// bytes available, whether the beat is the frame's last, the beat's element
// bits, the window's remaining mask bits and their popcount; for split
// windows with CountAhead also the count of a window's first beat, made a
// cycle ahead from the unpacker's bytes at every offset the beat before may
// consume; for one whole window a beat with CountAhead, its mask and its
// popcount, made a cycle ahead at the offset the beat before consumes to), and
// what follows from it (bytes consumed, frame end, the next command's load)
// is worked out for both outcomes, fire only selecting. A command's first
// beat's element bits and its first window's element count are made as it
// enters its queue (Fmax at 45 nm and on the iCE40: docs/resources.md).
//
// Malformed payloads (hardware semantics, zvc::decode_lenient in the golden
// model) never hang and never disturb the next frame: a payload that ends
// early yields the full raw length with missing bytes read as zero
// (truncated); bytes left after the last window are drained up to tlast
// (trailing); mask bits at or above the frame's last element are ignored
// (bad_mask), so bytes meant for them count as trailing.
// sts_error_o = {bad_mask, trailing, truncated}; sts_comp_bytes_o counts every
// payload byte of the frame, up to and including tlast.
// Input beats: a beat's bytes are its kept lanes, tkeep contiguous from bit 0;
// any beat may be partial (its bytes follow the previous beat's directly). A
// tkeep with holes breaks the rule: the beat's low popcount(tkeep) lanes are
// taken as its bytes and the frame is flagged on sts_bad_keep_o.
// Commands: cmd_raw_bytes_i >= 1 and a multiple of ElemBytes. A length that is
// not a whole number of elements is decoded as ceil(length/ElemBytes) elements
// and cut to length bytes; length 0 gives one beat with tkeep = 0 and tlast.
//
// Latency: 2 cycles from a payload beat's acceptance to the first output beat
// that needs it (unpacker register, output register); 3 with Pipeline = 1 (a
// register between the expansion network's scan and its routing).
// Throughput: one output beat per cycle, frames back to back, whenever a
// beat's payload bytes (or, for split windows, the mask plus the beat's
// elements) fit the bus. With split windows and CountAhead, a malformed frame
// that ends truncated (its payload short) or with trailing bytes drained may
// make the next frame's first beat wait one cycle more (its count is then
// made from the bytes where it starts).
// Modes (docs/format.md, "Modes"): cmd_mode_i, with the command, is the
// frame's mode: 0 plain ZVC (as with it tied to zero), 1 binarize (masks only;
// each element leaves as all-ones bytes where its bit is set), 2 bf16 or 3 fp8
// (codes of 2 or 1 bytes, spread into 4-byte slots, widened to fp32 after the
// network: zvc_fp_widen). A mode the build lacks (Modes = 0, or bf16 and fp8
// without fp32 elements) is decoded as ZVC and flagged on sts_bad_mode_o.
// Reset: asynchronous, active low; a frame cut by reset is dropped.
`include "cdma_assert.svh"

module zvc_decompressor #(
  // Bytes per element: 1, 2 or 4.
  parameter int ElemBytes = 4,
  // Bytes per beat on both streams: a power of two, 8 to 256, at least ElemBytes.
  parameter int BusBytes = 32,
  // Accept the frame modes of cmd_mode_i; 0 builds the plain ZVC codec.
  parameter int Modes = 1,
  // Split windows (fewer than 32 elements a beat) and one whole window a beat
  // (B = 32 E): 1 makes the count of a window's first beat (and, for whole
  // windows, its mask) one cycle ahead, for a faster clock; 0 counts it from
  // the bytes where the window starts, in fewer gates (the FPGA self-test).
  parameter int CountAhead = 1,
  // 1 registers the expansion network's inputs and shift distances between
  // its scan and its routing: one cycle more latency for a shorter path from
  // the beat's decode to the output register (docs/rtl.md).
  parameter int Pipeline = 0
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  input  logic                  cmd_valid_i,
  output logic                  cmd_ready_o,
  input  logic [31:0]           cmd_raw_bytes_i,
  input  logic [1:0]            cmd_mode_i,
  input  logic [BusBytes*8-1:0] s_axis_tdata,
  input  logic [BusBytes-1:0]   s_axis_tkeep,
  input  logic                  s_axis_tlast,
  input  logic                  s_axis_tvalid,
  output logic                  s_axis_tready,
  output logic [BusBytes*8-1:0] m_axis_tdata,
  output logic [BusBytes-1:0]   m_axis_tkeep,
  output logic                  m_axis_tlast,
  output logic                  m_axis_tvalid,
  input  logic                  m_axis_tready,
  output logic                  sts_valid_o,
  input  logic                  sts_ready_i,
  output logic [31:0]           sts_comp_bytes_o,
  output logic [2:0]            sts_error_o,
  output logic                  sts_bad_mode_o,  // the frame asked for a mode this build lacks
  output logic                  sts_bad_keep_o   // a beat of the frame had a tkeep with holes
);
  `CDMA_CHECK_ELEM_BYTES(ElemBytes)
  `CDMA_CHECK_BUS_BYTES(BusBytes)
  `CDMA_PARAM_CHECK(g_modes_check, Modes == 0 || Modes == 1, "Modes must be 0 or 1")
  `CDMA_PARAM_CHECK(g_ahead_check, CountAhead == 0 || CountAhead == 1, "CountAhead must be 0 or 1")
  `CDMA_PARAM_CHECK(g_pipeline_check, Pipeline == 0 || Pipeline == 1, "Pipeline must be 0 or 1")

  localparam int ElemBits = 8 * ElemBytes;
  localparam int ElemShift = $clog2(ElemBytes);
  localparam int NumElems = zvc_pkg::num_elems(ElemBytes, BusBytes);
  localparam bit WholeWindows = zvc_pkg::whole_windows(ElemBytes, BusBytes);
  localparam int WinPerBeat = zvc_pkg::win_per_beat(ElemBytes, BusBytes);
  localparam bit Dpr = zvc_pkg::has_dpr(Modes, ElemBytes);
  localparam int MaskSlots = zvc_pkg::mask_slots(ElemBytes, Dpr);
  localparam int WinSlots = zvc_pkg::window_slots(ElemBytes, Dpr);
  // The expansion network's slots: a beat's masks and elements (whole
  // windows), or its elements (split windows).
  localparam int NetSlots = WholeWindows ? WinPerBeat * WinSlots : NumElems;
  localparam int NetStages = cdma_prim_pkg::compact_stages(NetSlots);
  localparam int PeekBytes = WholeWindows ? WinPerBeat * zvc_pkg::dense_window_bytes(ElemBytes) :
                                            zvc_pkg::MaskBytes + BusBytes;
  localparam int TakeW = $clog2(PeekBytes + 1);
  localparam int BeatW = $clog2(BusBytes + 1);
  localparam int ElemW = $clog2(NumElems + 1);
  // Split windows count a window's first mask bits one beat ahead, at every
  // offset a beat may consume up to (the header and B bytes of codes).
  localparam bit Ahead = !WholeWindows && CountAhead != 0;
  // One whole window a beat: its mask and the mask's popcount are made a
  // cycle ahead too, from the bytes the beat before leaves (its mask at most
  // PeekBytes on).
  localparam bit AheadWhole = WholeWindows && WinPerBeat == 1 && CountAhead != 0;
  localparam int AheadBytes = Ahead ? PeekBytes + (NumElems + 7) / 8 :
                              AheadWhole ? PeekBytes + zvc_pkg::MaskBytes : 1;

  // ---- Commands ------------------------------------------------------------------
  // Mask bits for a window holding `count` (0..32) elements.
  function automatic logic [31:0] valid_bits(input logic [31:0] count);
    valid_bits = ~(32'hFFFF_FFFF << count);  // a shift by 32 or more gives 0
  endfunction

  // Elements in `bytes` bytes, the last one maybe partial.
  function automatic logic [31:0] elems_in(input logic [31:0] bytes);
    elems_in = 32'((33'(bytes) + 33'(ElemBytes - 1)) >> ElemShift);
  endfunction

  // The element bits of a beat of `bytes` bytes.
  function automatic logic [NumElems-1:0] elem_bits(input logic [31:0] bytes);
    elem_bits = ~({NumElems{1'b1}} << elems_in(bytes));
  endfunction

  logic        cmd_avail, load;
  logic [31:0] cmd_bytes;
  logic [1:0]  cmd_mode, mode_q;
  logic        cmd_bad_mode, bad_mode_q;
  // Made as the command enters: the element bits of the frame's first beat
  // and the element count of its first window (32 for a frame of more than
  // 31 elements), decoded to mask bits at the load.
  logic [NumElems-1:0] cmd_first;
  logic [5:0]          cmd_win_count;

  cdma_fifo_sync #(.Width(40 + NumElems), .Depth(2)) u_cmd (
    .clk_i,
    .rst_ni,
    .wvalid_i(cmd_valid_i),
    .wready_o(cmd_ready_o),
    .wdata_i ({cmd_raw_bytes_i > 32'(31 * ElemBytes) ? 6'd32 : 6'(elems_in(cmd_raw_bytes_i)),
               cmd_raw_bytes_i >= 32'(BusBytes) ? '1 : elem_bits(cmd_raw_bytes_i), cmd_mode_i, cmd_raw_bytes_i}),
    .rvalid_o(cmd_avail),
    .rready_i(load),
    .rdata_o ({cmd_win_count, cmd_first, cmd_mode, cmd_bytes})
  );

  assign cmd_bad_mode = (Modes != 0) ? (cmd_mode[1] && !Dpr) : (cmd_mode != zvc_pkg::ModeZvc);

  // Bytes each non-zero element takes in the payload (binarize: none).
  logic [2:0] code_bytes;
  assign code_bytes = zvc_pkg::payload_elem_bytes(mode_q, 3'(ElemBytes));

  // The codes of a beat's elements, each in the low bytes of its slot.
  function automatic logic [BusBytes*8-1:0] unsqueeze(input logic [1:0] m,
                                                        input logic [BusBytes*8-1:0] bytes);
    logic [BusBytes*8-1:0] halves, quarters;  // 2-byte and 1-byte codes, one per 4-byte slot
    halves   = '0;
    quarters = '0;
    for (int i = 0; i < BusBytes / 4; i++) begin
      halves[i*32 +: 16]  = bytes[i*16 +: 16];
      quarters[i*32 +: 8] = bytes[i*8 +: 8];
    end
    if (Dpr && m == zvc_pkg::ModeBf16)     unsqueeze = halves;
    else if (Dpr && m == zvc_pkg::ModeFp8) unsqueeze = quarters;
    else                                   unsqueeze = bytes;
  endfunction

  // A beat of spread slots out as raw elements: fp32 from the codes (bf16,
  // fp8), all-ones for a set mask bit (binarize: bits), else as they are.
  function automatic logic [BusBytes*8-1:0] widen(input logic [1:0] m,
                                                    input logic [BusBytes*8-1:0] slots,
                                                    input logic [NumElems-1:0] bits,
                                                    input logic [BusBytes*8-1:0] fp8_wide);
    logic [BusBytes*8-1:0] ones, bf16_wide;
    bf16_wide = '0;
    for (int i = 0; i < NumElems; i++) ones[i*ElemBits +: ElemBits] = {ElemBits{bits[i]}};
    for (int i = 0; i < BusBytes / 4; i++) bf16_wide[i*32 +: 32] = {slots[i*32 +: 16], 16'b0};
    if (m == zvc_pkg::ModeBinarize)         widen = ones;
    else if (Dpr && m == zvc_pkg::ModeBf16) widen = bf16_wide;
    else if (Dpr && m == zvc_pkg::ModeFp8)  widen = fp8_wide;
    else                                    widen = slots;
  endfunction

  // ---- Payload bytes -------------------------------------------------------------
  logic [PeekBytes*8-1:0] peek, peek_m;
  logic [AheadBytes*8-1:0] ahead;
  logic [TakeW-1:0]       consume, avail, head_avail;
  logic [PeekBytes-1:0]   head_keep;
  logic                   frame_known, frame_here;
  logic [TakeW-1:0]       consume_idle, consume_fire;
  logic                   end_idle, end_fire;
  logic [31:0]            frame_len;
  logic                   frame_holes;
  logic                   fire;  // a beat leaves this cycle
  logic                   fits;  // the beat's payload bytes are available
  logic                   beat_ready;  // the beat's count is known (split windows)

  zvc_unpacker #(
    .BusBytes  (BusBytes),
    .PeekBytes (PeekBytes),
    .FrameDepth(4),
    .AheadBytes(AheadBytes)
  ) u_unpacker (
    .clk_i,
    .rst_ni,
    .s_axis_tdata,
    .s_axis_tkeep,
    .s_axis_tlast,
    .s_axis_tvalid,
    .s_axis_tready,
    .peek_o       (peek),
    .ahead_o      (ahead),
    .avail_o      (head_avail),
    .avail_keep_o (head_keep),
    .consume0_i   (consume_idle),
    .pop0_i       (end_idle),
    .consume1_i   (consume_fire),
    .pop1_i       (end_fire),
    .take_sel_i   (fire),
    .frame_known_o(frame_known),
    .frame_here_o (frame_here),
    .frame_len_o  (frame_len),
    .frame_holes_o(frame_holes)
  );

  // ---- Frame state ---------------------------------------------------------------
  logic             active_q, in_done_q, trunc_q, trail_q, bad_q, holes_q;
  logic             raw_done_q, last_beat_q;  // no beats left; one beat left
  // Beats left: full_q full beats, then the partial last beat while part_q.
  logic [31:0]      full_q, comp_q;
  logic             part_q;
  logic [BeatW-1:0] tail_q;  // bytes of the frame's last beat

  logic             all_here, out_free, drain, frame_open, frame_end, complete, load_fire, load_idle;
  logic             in_done_d, raw_done_d, trunc_d, trail_d, bad_d, holes_d, sts_space;
  logic [31:0]      comp_d;
  logic [BeatW-1:0] beat_bytes, cmd_tail;
  logic             cmd_part, cmd_one_beat, next_last;

  // Every beat but a frame's last is full; the last has the bytes left over
  // (none for a zero length: one null beat, counted as the partial one).
  assign cmd_part   = cmd_bytes[$clog2(BusBytes)-1:0] != '0 || cmd_bytes == '0;
  assign cmd_tail   = cmd_part ? BeatW'(cmd_bytes[$clog2(BusBytes)-1:0]) : BeatW'(BusBytes);
  // The beat count is kept as two parts (no ceil(length/B) at the command's
  // load) and as flags, so that the decision to fire and the beat's elements
  // start from registers, not from a compare.
  assign cmd_one_beat = cmd_bytes <= 32'(BusBytes);
  assign next_last  = part_q ? full_q == 32'd1 : full_q == 32'd2;  // after this beat, one is left
  // full_q - 1 as ~(~full_q + 1): a log-depth incrementer, not a borrow chain.
  logic [31:0] full_not_inc;
  cdma_incr #(.Width(32)) u_full_dec (.value_i(~full_q), .incr_o(full_not_inc));
  assign beat_bytes = last_beat_q ? tail_q : BeatW'(BusBytes);

  // Payload bytes of this frame the decoder may use now; bytes beyond read as
  // zero. Once the frame's tlast is in, all its bytes are.
  assign all_here = in_done_q || frame_known;
  assign avail    = in_done_q ? '0 : head_avail;

  always_comb begin
    for (int b = 0; b < PeekBytes; b++) peek_m[b*8 +: 8] = (head_keep[b] && !in_done_q) ? peek[b*8 +: 8] : 8'h00;
  end

  // ---- Beat decode ---------------------------------------------------------------
  logic [BusBytes*8-1:0] beat_data, beat_slots, fp8_wide;
  logic [NumElems-1:0]   beat_bits;  // the mask bit of each of the beat's elements
  logic [NetSlots*ElemBits-1:0] net_data;  // the network's slots, one code in each
  logic [NetSlots-1:0]          net_keep;
  logic [TakeW-1:0]      needed;
  logic                  beat_bad;

  // The element bits of the frame's last beat, from a register.
  logic [NumElems-1:0] tail_bits_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)   tail_bits_q <= '0;
    else if (load) tail_bits_q <= elem_bits(32'(cmd_tail));
  end

  // count * bytes for bytes of 0, 1, 2 or 4: a choice of shifts, not a multiplier.
  function automatic logic [31:0] times(input logic [31:0] count, input logic [2:0] bytes);
    times = (bytes[2] ? count << 2 : '0) | (bytes[1] ? count << 1 : '0) | (bytes[0] ? count : '0);
  endfunction

  if (WholeWindows) begin : gen_whole_windows
    localparam int Slots = NetSlots;
    localparam int SlotCntW = $clog2(Slots + 1);
    localparam int SourceBits = Slots * ElemBits;  // PeekBytes * 8, or more with bf16 and fp8
    logic [Slots*ElemBits-1:0] source;  // the peek bytes, one code per slot
    logic [Slots-1:0]          slot_keep;
    logic [NumElems-1:0]       beat_valid_q;  // the beat's elements (the last one maybe partial)
    // With AheadWhole, the beat's mask from a register: for its slots as it
    // is (where mask bytes are missing, so are all the codes: the slots read
    // zero whatever their keep bits), for binarize's bits as peek_m reads it.
    logic [31:0]               first_mask, first_bits;
    logic [2:0]                slot_bytes;   // bytes a slot takes from the payload
    logic [2:0]                mask_pieces;  // slots a mask fills
    logic [5:0]                window_unused;  // split windows only

    assign window_unused = cmd_win_count;

    assign slot_bytes  = (mode_q == zvc_pkg::ModeBinarize) ? 3'(ElemBytes) : code_bytes;
    assign mask_pieces = Dpr ? 3'(4 / 32'(slot_bytes)) : 3'(MaskSlots);

    always @* begin  // reads what it writes: see docs/rtl.md, Icarus
      logic [SourceBits-1:0] halves, quarters;  // 2-byte and 1-byte codes, one per 4-byte slot
      halves   = '0;
      quarters = '0;
      // Slots = 36 per window and PeekBytes = 132 per window with the modes,
      // so every slot has its two and its one payload bytes.
      for (int j = 0; j < (Dpr ? Slots : 0); j++) begin
        halves[j*32 +: 16] = peek_m[j*16 +: 16];
        quarters[j*32 +: 8] = peek_m[j*8 +: 8];
      end
      if (Dpr && mode_q == zvc_pkg::ModeBf16)     source = halves;
      else if (Dpr && mode_q == zvc_pkg::ModeFp8) source = quarters;
      else                                        source = SourceBits'(peek_m);
    end

    always @* begin  // reads what it writes: see docs/rtl.md, Icarus
      logic [31:0] win_valid, mask_raw, mask;
      logic [31:0] ones_before;  // non-zero elements of earlier windows in this beat
      logic [PeekBytes*8-1:0] bytes;
      bytes       = peek_m;
      slot_keep   = '0;
      beat_bad    = 1'b0;
      ones_before = '0;
      for (int w = 0; w < WinPerBeat; w++) begin
        win_valid = beat_valid_q[w*32 +: 32];  // none for a window past the beat's end
        // Mask w sits after w masks and ones_before codes.
        mask_raw = '0;
        for (int k = 0; k <= 32*(WinPerBeat-1); k++) begin
          if (k <= 32*w && ones_before == 32'(k)) begin
            mask_raw = bytes[(4*w + k*ElemBytes)*8 +: 32];
            if (Dpr && mode_q == zvc_pkg::ModeBf16) mask_raw = bytes[(4*w + k*2)*8 +: 32];
            if (Dpr && mode_q == zvc_pkg::ModeFp8) mask_raw = bytes[(4*w + k)*8 +: 32];
          end
        end
        if (mode_q == zvc_pkg::ModeBinarize) mask_raw = bytes[4*w*8 +: 32];
        mask = (AheadWhole && w == 0) ? first_mask : mask_raw & win_valid;
        if (win_valid[0] && (mask_raw & ~win_valid) != '0) beat_bad = 1'b1;
        for (int m = 0; m < MaskSlots; m++) slot_keep[w*WinSlots + m] = win_valid[0] && 3'(m) < mask_pieces;
        for (int i = 0; i < 32; i++) begin
          slot_keep[w*WinSlots + MaskSlots + i] = mask[i] && mode_q != zvc_pkg::ModeBinarize;
          beat_bits[w*32 + i] = (AheadWhole && w == 0) ? first_bits[i] : mask[i];
        end
        ones_before = ones_before + 32'($countones(mask));
      end
    end

    assign net_data = source;
    assign net_keep = slot_keep;

    if (AheadWhole) begin : gen_ahead
      // The beat's mask (mask_q) and its popcount (ones_q) are made one
      // cycle ahead from the unpacker's bytes before consume (ahead): for a
      // beat fired, at the offset it consumes to (its mask and ones_q codes:
      // a shift chosen by registers), with the next beat's element bits; for
      // a cycle without a beat, at offset 0. ok_q says they are those of the
      // bytes there; they are not after a truncated last beat or a drain of
      // trailing bytes (malformed payloads only), and the beat then waits one
      // cycle for them. The byte count then starts from registers: the mask
      // and ones_q codes (nothing for a beat without elements: a zero length),
      // and so do the network's keep bits.
      logic [5:0]              ones_q, fire_ones, idle_ones;
      logic [31:0]             mask_q, fire_mask, idle_mask;  // masks of the beat's elements
      logic                    ok_q;
      logic [TakeW-1:0]        codes;  // bytes of the beat's codes
      logic [NumElems-1:0]     fire_valid, idle_valid;

      assign codes      = TakeW'(times(32'(ones_q), code_bytes));
      assign needed     = beat_valid_q[0] ? TakeW'(zvc_pkg::MaskBytes) + codes : '0;
      // The next beat's elements: the next frame's first after a last beat.
      assign fire_valid = last_beat_q ? cmd_first : (next_last ? tail_bits_q : '1);
      assign idle_valid = load ? cmd_first : beat_valid_q;
      assign fire_mask  = 32'(ahead >> {needed, 3'b000}) & fire_valid;
      assign idle_mask  = ahead[31:0] & idle_valid;
      cdma_popcount #(.Width(32)) u_fire_ones (.bits_i(fire_mask), .count_o(fire_ones));
      cdma_popcount #(.Width(32)) u_idle_ones (.bits_i(idle_mask), .count_o(idle_ones));
      assign first_mask = mask_q;
      always_comb begin
        for (int b = 0; b < zvc_pkg::MaskBytes; b++) first_bits[b*8 +: 8] = (head_keep[b] && !in_done_q) ? mask_q[b*8 +: 8] : 8'h00;
      end

      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          ones_q <= '0;
          mask_q <= '0;
          ok_q   <= 1'b0;
        end else if (fire) begin
          // Consumed: the beat's bytes if they fit; else the frame's rest, so
          // that only a next frame's count can be off.
          ones_q <= fire_ones;
          mask_q <= fire_mask;
          ok_q   <= fits || !last_beat_q;
        end else begin
          ones_q <= idle_ones;
          mask_q <= idle_mask;
          ok_q   <= consume_idle == '0;
        end
      end

      assign beat_ready = ok_q;
      // Once a frame's bytes are all consumed its count no longer matters: a
      // beat needs its mask bytes (none there) or has no elements.
      `CDMA_ASSERT(mask_exact, !(active_q && !raw_done_q && !in_done_q && ok_q) ||
                               (mask_q == (peek[31:0] & beat_valid_q) && ones_q == 6'($countones(mask_q))))
      `CDMA_ASSERT(needed_match, !(fire && fits) || needed == TakeW'(times(32'($countones(slot_keep)), slot_bytes)))
    end else begin : gen_at_start
      // The beat's byte count from a tree count of its slots, beside the
      // network's own count (a prefix count: a chain of small adds).
      logic [SlotCntW-1:0]     slots_kept;
      logic [AheadBytes*8-1:0] ahead_unused;  // split windows and AheadWhole only

      assign ahead_unused = ahead;
      assign first_mask   = '0;
      assign first_bits   = '0;
      cdma_popcount #(.Width(Slots)) u_slots_kept (.bits_i(slot_keep), .count_o(slots_kept));
      assign needed     = TakeW'(times(32'(slots_kept), slot_bytes));
      assign beat_ready = 1'b1;

      `CDMA_ASSERT(slots_match, 32'(slots_kept) == $countones(slot_keep))
    end

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        beat_valid_q <= '0;
      end else if (load) begin
        beat_valid_q <= cmd_first;
      end else if (fire) begin
        // Past the frame's last beat the value is unused until the next load.
        beat_valid_q <= next_last ? tail_bits_q : '1;
      end
    end
  end else begin : gen_split_windows
    // The window's mask is read at its first beat; the part for later beats
    // is kept shifted down (mask_q) with the next beat's popcount (ones_q),
    // and win_valid_q holds the mask bits of the frame's remaining elements,
    // so that a beat's byte count starts from registers. The elements left
    // after a beat follow from the beats left: (beats left - 2) full beats
    // and the last beat's tail_elems; 32 or more (a whole window) when at
    // least WinBeats + 2 beats are left.
    localparam int PosW = 5;
    localparam int WinBeats = 32 / NumElems;       // beats per window
    localparam int NearW = $clog2(WinBeats + 2);   // beats left, below WinBeats + 2
    logic [31:0]                  mask_q, mask_cur, mask_raw, win_valid_q, win_valid_next;
    logic [ElemW-1:0]             tail_elems;
    logic [5:0]                   elems_next;
    logic [PosW-1:0]              pos_q;
    logic                         at_start, at_start_q;  // pos_q == 0, from a register
    logic [NumElems-1:0]          bits, bits_start;
    logic [ElemW-1:0]             ones, ones_q, ones_next;
    logic [ElemW-1:0]             start_ones;   // the popcount of a window's first beat
    logic                         start_ready;  // start_ones is that of the bytes where the window starts
    logic                         has_head;     // the beat starts a window: its mask first
    logic [2:0]                   head_bytes;   // the beat's mask bytes

    logic [5:0] near_left;  // beats left, when fewer than WinBeats + 2
    logic       far_left;   // WinBeats + 2 or more beats left
    assign tail_elems = ElemW'(elems_in(32'(tail_q)));
    assign near_left  = 6'(full_q[NearW-1:0]) + 6'(part_q);
    assign far_left   = full_q >= 32'(WinBeats + 2) - 32'(part_q);
    assign elems_next = 6'((near_left - 6'd2) * 6'(NumElems)) + 6'(tail_elems);
    assign win_valid_next = far_left ? '1 : valid_bits(32'(elems_next));
    assign at_start   = at_start_q;
    assign mask_raw   = peek_m[31:0];
    assign mask_cur   = at_start ? (mask_raw & win_valid_q) : mask_q;
    assign bits_start = mask_raw[NumElems-1:0] & win_valid_q[NumElems-1:0];
    assign bits       = at_start ? bits_start : mask_q[NumElems-1:0];
    cdma_popcount #(.Width(NumElems)) u_ones_next (.bits_i(mask_cur[2*NumElems-1:NumElems]), .count_o(ones_next));
    // The count that decides the beat reads the mask unmasked: where that
    // differs (fewer than 4 bytes available) the beat needs more bytes than
    // there are either way, and its slots read as zero.
    assign ones       = at_start ? start_ones : ones_q;
    assign beat_ready = !at_start || start_ready;
    assign has_head   = at_start && win_valid_q[0];
    assign head_bytes = has_head ? 3'd4 : 3'd0;
    // Where the next beat stands in its window after a beat fired: at a
    // window's start after the window's last beat or the frame's.
    logic wraps;
    assign wraps = 32'(pos_q) + 32'(NumElems) == 32 || last_beat_q;

    if (Ahead) begin : gen_ahead
      // A window's first beat takes its count from start_ones_q, made one
      // cycle ahead from the unpacker's bytes before consume (ahead): for a
      // beat fired, at each offset it may consume (its header and o codes, o =
      // 0..NumElems), its own count then choosing one; for a cycle without a
      // beat, at offset 0. start_ok_q says the count is that of the bytes
      // there; it is not after a truncated last beat or a drain of trailing
      // bytes (malformed payloads only), and the window's first beat then
      // waits one cycle for it.
      logic [ElemW-1:0]                 start_ones_q, cand_ones, idle_ones, idle_load_ones;
      logic                             start_ok_q;
      logic [NumElems-1:0]              cand_valid;
      logic [(NumElems+1)*NumElems-1:0] cand_bits;  // the mask bits at each offset
      logic [(NumElems+1)*ElemW-1:0]    cand_counts;
      logic [NumElems-1:0]              bin_bits;   // the next mask bits for binarize (no codes)

      assign bin_bits = has_head ? ahead[32 +: NumElems] : ahead[0 +: NumElems];

      // The next beat's mask bits at offset head_bytes + o * code_bytes, for
      // the modes this build has (each offset a constant, so each a small mux;
      // without bf16 and fp8 their offsets are ZVC's, so that no select of a
      // dead branch leaves ahead).
      localparam int HalfBytes = Dpr ? 2 : ElemBytes;
      localparam int QuarterBytes = Dpr ? 1 : ElemBytes;
      always_comb begin
        for (int o = 0; o <= NumElems; o++) begin
          if (code_bytes == 3'd0)
            cand_bits[o*NumElems +: NumElems] = bin_bits;
          else if (Dpr && code_bytes == 3'd2)
            cand_bits[o*NumElems +: NumElems] = has_head ? ahead[(4 + o*HalfBytes)*8 +: NumElems] :
                                                                ahead[(o*HalfBytes)*8 +: NumElems];
          else if (Dpr && code_bytes == 3'd1)
            cand_bits[o*NumElems +: NumElems] = has_head ? ahead[(4 + o*QuarterBytes)*8 +: NumElems] :
                                                                ahead[(o*QuarterBytes)*8 +: NumElems];
          else
            cand_bits[o*NumElems +: NumElems] = has_head ? ahead[(4 + o*ElemBytes)*8 +: NumElems] :
                                                                ahead[(o*ElemBytes)*8 +: NumElems];
        end
      end

      // The next beat's elements: the next frame's first after a last beat
      // (win_valid_next's low bits, but from registers).
      assign cand_valid = last_beat_q ? cmd_first : (next_last ? tail_bits_q : '1);
      for (genvar o = 0; o <= NumElems; o++) begin : g_cand
        cdma_popcount #(.Width(NumElems)) u_count (
          .bits_i (cand_bits[o*NumElems +: NumElems] & cand_valid),
          .count_o(cand_counts[o*ElemW +: ElemW])
        );
      end
      cdma_popcount #(.Width(NumElems)) u_idle (
        .bits_i (ahead[0 +: NumElems] & win_valid_q[NumElems-1:0]),
        .count_o(idle_ones)
      );
      cdma_popcount #(.Width(NumElems)) u_idle_load (
        .bits_i (ahead[0 +: NumElems] & cmd_first),
        .count_o(idle_load_ones)
      );
      always_comb begin
        cand_ones = '0;
        for (int o = 0; o <= NumElems; o++) begin
          if (ElemW'(o) == ones) cand_ones = cand_counts[o*ElemW +: ElemW];
        end
      end
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          start_ones_q <= '0;
          start_ok_q   <= 1'b0;
        end else if (fire) begin
          // Consumed: the beat's bytes if they fit; else the frame's rest, so
          // that only a next frame's count can be off.
          start_ones_q <= cand_ones;
          start_ok_q   <= fits || !last_beat_q;
        end else begin
          start_ones_q <= load ? idle_load_ones : idle_ones;
          start_ok_q   <= consume_idle == '0;
        end
      end

      // Once a frame's bytes are all consumed its counts no longer matter: a
      // beat needs its header bytes (none there) or has no elements.
      `CDMA_ASSERT(start_ones_exact, !(active_q && !raw_done_q && !in_done_q && at_start && start_ok_q) ||
                                     start_ones_q == ElemW'($countones(peek[NumElems-1:0] & win_valid_q[NumElems-1:0])))
      assign start_ones  = start_ones_q;
      assign start_ready = start_ok_q;
    end else begin : gen_at_start
      logic [AheadBytes*8-1:0] ahead_unused;
      logic [2*NumElems-1:0]   bits_unused;  // the next beats' elements, for the count ahead
      assign ahead_unused = ahead;
      assign bits_unused  = {cmd_first, tail_bits_q};
      cdma_popcount #(.Width(NumElems)) u_ones_start (
        .bits_i (peek[NumElems-1:0] & win_valid_q[NumElems-1:0]),
        .count_o(start_ones)
      );
      assign start_ready = 1'b1;
    end

    assign beat_bad   = at_start && (mask_raw & ~win_valid_q) != '0;
    assign net_data   = (mode_q == zvc_pkg::ModeBinarize) ? '1 :
                        unsqueeze(mode_q, at_start ? peek_m[32 +: NumElems*ElemBits] : peek_m[0 +: NumElems*ElemBits]);
    assign net_keep   = bits;
    assign beat_bits  = bits;
    // A mask is read at a window's start, unless the frame has no elements
    // (a zero length: one null beat, no payload bytes).
    assign needed = TakeW'(32'(head_bytes) + times(32'(ones), code_bytes));

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        mask_q       <= '0;
        ones_q       <= '0;
        pos_q        <= '0;
        at_start_q   <= 1'b1;
        win_valid_q  <= '0;
      end else if (load) begin
        pos_q        <= '0;
        at_start_q   <= 1'b1;
        win_valid_q  <= valid_bits(32'(cmd_win_count));
      end else if (fire) begin
        mask_q       <= mask_cur >> NumElems;
        ones_q       <= ones_next;
        pos_q        <= wraps ? '0 : pos_q + PosW'(NumElems);
        at_start_q   <= wraps;
        // Past the frame's last beat the value is unused until the next load.
        win_valid_q  <= win_valid_next;
      end
    end

    `CDMA_ASSERT(at_start_exact, at_start_q == (pos_q == '0))
    `CDMA_ASSERT(ones_match, !(fire && fits) || 32'(ones) == $countones(bits))
  end

  // ---- Network stage (Pipeline = 1) ---------------------------------------------
  // The beat between the expansion network's scan and its routing: the
  // network's slots, keep bits and distances, and what the output register
  // takes besides the network's output.
  localparam int FieldBits = 2 + NumElems + BeatW + 1;  // mode, bits, bytes, last
  logic [NetSlots*ElemBits-1:0]  stage_data, spread;
  logic [NetSlots-1:0]           stage_keep;
  logic [NetSlots*NetStages-1:0] net_dist, stage_dist;
  logic [FieldBits-1:0]          beat_fields, stage_fields;
  logic                          stage_valid, stage_free;
  logic [1:0]                    stage_mode;
  logic [NumElems-1:0]           stage_bits;
  logic [BeatW-1:0]              stage_bytes;
  logic                          stage_last;
  logic [$clog2(NetSlots+1)-1:0] spread_count_unused;  // the beat's count is made before the network

  zvc_compact_scan #(.NumSlots(NetSlots)) u_scan (
    .keep_i(net_keep),
    .dist_o(net_dist)
  );

  assign beat_fields = {mode_q, beat_bits, beat_bytes, last_beat_q};

  if (Pipeline != 0) begin : gen_stage
    logic stage_valid_q;

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni)         stage_valid_q <= 1'b0;
      else if (stage_free) stage_valid_q <= fire;
    end

    // Loaded whenever the stage may move on (a beat or none), so that the
    // decision to fire is not on the registers' enables.
    always_ff @(posedge clk_i) begin
      if (stage_free) begin
        stage_data   <= net_data;
        stage_keep   <= net_keep;
        stage_dist   <= net_dist;
        stage_fields <= beat_fields;
      end
    end

    assign stage_valid = stage_valid_q;
    assign stage_free  = !stage_valid_q || out_free;
  end else begin : gen_no_stage
    assign stage_data   = net_data;
    assign stage_keep   = net_keep;
    assign stage_dist   = net_dist;
    assign stage_fields = beat_fields;
    assign stage_valid  = fire;
    assign stage_free   = out_free;
  end
  assign {stage_mode, stage_bits, stage_bytes, stage_last} = stage_fields;

  zvc_expand #(.NumSlots(NetSlots), .SlotBits(ElemBits)) u_expand (
    .data_i (stage_data),
    .keep_i (stage_keep),
    .dist_i (stage_dist),
    .data_o (spread),
    .count_o(spread_count_unused)
  );

  if (WholeWindows) begin : gen_window_slots
    // Each window's elements follow its mask's slots.
    always_comb begin
      for (int w = 0; w < WinPerBeat; w++) begin
        beat_slots[w*32*ElemBits +: 32*ElemBits] = spread[(w*WinSlots + MaskSlots)*ElemBits +: 32*ElemBits];
      end
    end
  end else begin : gen_elem_slots
    assign beat_slots = spread;
  end

  if (Dpr) begin : gen_widen
    for (genvar i = 0; i < NumElems; i++) begin : g_elem
      zvc_fp_widen u_widen (.fp8_i(beat_slots[i*32 +: 8]), .fp32_o(fp8_wide[i*32 +: 32]));
    end
  end else begin : gen_no_widen
    assign fp8_wide = beat_slots;
  end
  assign beat_data = widen(stage_mode, beat_slots, stage_bits, fp8_wide);

  // ---- Control -------------------------------------------------------------------
  logic out_valid_q;

  assign out_free     = !out_valid_q || m_axis_tready;
  assign fits         = needed <= avail;
  // Once the frame's bytes are all consumed (in_done_q) all_here holds: the
  // decision compares with the unpacker's count directly.
  assign fire         = active_q && !raw_done_q && stage_free && beat_ready && (needed <= head_avail || all_here);
  assign drain        = active_q && raw_done_q && !in_done_q;
  // Bytes consumed and whether the frame ends (its last byte consumed), both
  // for a beat fired and for none: fire only selects (zvc_unpacker).
  assign consume_fire = fits ? needed : avail;
  assign consume_idle = drain ? avail : '0;
  assign frame_open   = active_q && !in_done_q && frame_here;
  assign end_fire     = frame_open && needed >= head_avail;
  assign end_idle     = frame_open && (drain || head_avail == '0);
  assign consume      = fire ? consume_fire : consume_idle;
  assign frame_end    = fire ? end_fire : end_idle;
  assign in_done_d    = in_done_q || frame_end;
  assign raw_done_d   = raw_done_q || (fire && last_beat_q);
  assign trunc_d      = trunc_q || (fire && !fits);
  assign trail_d      = trail_q || (drain && avail != '0);  // a drain fires no beat
  assign bad_d        = bad_q || (fire && beat_bad);
  assign comp_d       = frame_end ? frame_len : comp_q;
  assign holes_d      = frame_end ? frame_holes : holes_q;
  assign complete     = active_q && raw_done_d && in_done_d && sts_space;
  // The next command loads once the frame completes: worked out for a beat
  // fired and for none, fire only selecting.
  assign load_fire    = cmd_avail && (!active_q || ((raw_done_q || last_beat_q) && (in_done_q || end_fire) && sts_space));
  assign load_idle    = cmd_avail && (!active_q || (raw_done_q && (in_done_q || end_idle) && sts_space));
  assign load         = fire ? load_fire : load_idle;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      active_q     <= 1'b0;
      in_done_q    <= 1'b0;
      trunc_q      <= 1'b0;
      trail_q      <= 1'b0;
      bad_q        <= 1'b0;
      tail_q       <= '0;
      full_q       <= '0;
      part_q       <= 1'b0;
      raw_done_q   <= 1'b1;
      last_beat_q  <= 1'b0;
      comp_q       <= '0;
      holes_q      <= 1'b0;
      mode_q       <= zvc_pkg::ModeZvc;
      bad_mode_q   <= 1'b0;
    end else if (load) begin
      mode_q       <= (Modes != 0 && !cmd_bad_mode) ? cmd_mode : zvc_pkg::ModeZvc;
      bad_mode_q   <= cmd_bad_mode;
      active_q     <= 1'b1;
      in_done_q    <= 1'b0;
      trunc_q      <= 1'b0;
      trail_q      <= 1'b0;
      bad_q        <= 1'b0;
      tail_q       <= cmd_tail;
      full_q       <= cmd_bytes >> $clog2(BusBytes);
      part_q       <= cmd_part;
      raw_done_q   <= 1'b0;
      last_beat_q  <= cmd_one_beat;
      comp_q       <= '0;
      holes_q      <= 1'b0;
    end else begin
      if (complete) active_q <= 1'b0;
      in_done_q <= in_done_d;
      trunc_q   <= trunc_d;
      trail_q   <= trail_d;
      bad_q     <= bad_d;
      comp_q    <= comp_d;
      holes_q   <= holes_d;
      if (fire) begin
        if (full_q != '0) full_q <= ~full_not_inc;
        else              part_q <= 1'b0;
        raw_done_q   <= last_beat_q;
        last_beat_q  <= next_last;
      end
    end
  end

  // ---- Output register -----------------------------------------------------------
  logic [BusBytes*8-1:0] out_data_q;
  logic [BusBytes-1:0]   out_keep_q;
  logic                  out_last_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      out_valid_q <= 1'b0;
    end else if (out_free) begin
      out_valid_q <= stage_valid;
    end
  end

  always_ff @(posedge clk_i) begin
    if (stage_valid && out_free) begin
      for (int b = 0; b < BusBytes; b++) begin
        out_keep_q[b]       <= BeatW'(b) < stage_bytes;
        out_data_q[b*8 +: 8] <= (BeatW'(b) < stage_bytes) ? beat_data[b*8 +: 8] : 8'h00;
      end
      out_last_q <= stage_last;
    end
  end

  assign m_axis_tdata  = out_data_q;
  assign m_axis_tkeep  = out_keep_q;
  assign m_axis_tlast  = out_last_q;
  assign m_axis_tvalid = out_valid_q;

  // ---- Status ---------------------------------------------------------------------
  logic [36:0] sts_word;

  cdma_fifo_sync #(.Width(37), .Depth(2)) u_sts (
    .clk_i,
    .rst_ni,
    .wvalid_i(active_q && raw_done_d && in_done_d),
    .wready_o(sts_space),
    .wdata_i ({holes_d, bad_mode_q, comp_d, bad_d, trail_d, trunc_d}),
    .rvalid_o(sts_valid_o),
    .rready_i(sts_ready_i),
    .rdata_o (sts_word)
  );

  assign sts_bad_keep_o   = sts_word[36];
  assign sts_bad_mode_o   = sts_word[35];
  assign sts_comp_bytes_o = sts_word[34:3];
  assign sts_error_o      = sts_word[2:0];

  `CDMA_ASSERT(beat_flags, raw_done_q == (full_q == '0 && !part_q) && last_beat_q == (part_q ? full_q == '0 : full_q == 32'd1))
  `CDMA_ASSERT(consume_le_avail, consume <= avail)
  `CDMA_ASSERT(frame_end_at_last_byte, frame_end == (active_q && !in_done_q && frame_here && consume == head_avail))
  `CDMA_ASSERT(pop_only_known, !frame_end || frame_known)
endmodule
