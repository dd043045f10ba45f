// ZVC compressor: raw AXI4-Stream frames in, ZVC payload frames out
// (docs/format.md; ports per RTL-INTERFACES.md).
//
// Structure: zero detect -> window encode (zvc_compact_scan, zvc_compact)
// -> chunk register -> zvc_packer; with Pipeline = 1, a register stage
// inside the network's scan (after its first three rounds). When a beat holds whole
// windows (32*ElemBytes <= BusBytes), each window's 4-byte mask enters the
// compaction network as 4/ElemBytes extra slots in front of the window's
// elements, so one network produces the beat's payload bytes in order
// (masks and non-zero elements). When a window spans
// several beats, each beat's non-zero elements go to the packer as they
// arrive: the window's first beat opens a 4-byte hole in front of them, and
// the window's last beat fills it with the finished mask (zvc_packer).
//
// Input rules: tkeep contiguous from bit 0; only the last beat of a frame
// partial; frame length a multiple of ElemBytes. A frame breaking them is
// still encoded and still ends with tlast, with sts_error_o set: bytes whose
// tkeep bit is 0 read as zero, a non-last beat counts as BusBytes bytes, and
// the last beat as the elements in front of its first element with a null
// byte (for a legal beat, popcount(tkeep) / ElemBytes). A frame of
// zero bytes (one beat, tkeep = 0) gives an empty payload: one output beat with
// tkeep = 0 and tlast, status raw = comp = 0, no error.
//
// Latency: an input beat accepted in cycle t reaches the packer in t+1 and can
// leave on m_axis from t+2; one cycle more with Pipeline = 1. Throughput: one
// input beat per cycle, frames back to back, whenever a beat's payload (or a
// window's, when windows span beats) fits the bus; dense data is limited by the bus (BusBytes / (payload per beat)).
// Status: one record per frame, after the frame's last output beat.
// Modes (docs/format.md, "Modes"): s_axis_tuser on a frame's first beat is
// its mode, 0 (plain ZVC, as with tuser tied to zero), 1 binarize (element
// slots never kept: only masks), 2 bf16 or 3 fp8 (each fp32 element converted
// by zvc_fp_reduce, zero detected on its code, compacted as 4-byte slots and
// squeezed to the code's width behind the chunk register). For the bf16 and fp8
// modes a window's mask takes four slots in the whole-window network, each
// carrying one code's width of it. A mode the build lacks (Modes = 0, or bf16
// and fp8 without fp32 elements) is encoded as ZVC with sts_error_o set.
// Reset: asynchronous, active low; a frame cut by reset is dropped.
`include "cdma_assert.svh"

module zvc_compressor #(
  // Bytes per element: 1, 2 or 4.
  parameter int ElemBytes = 4,
  // Bytes per beat on both streams: a power of two, 8 to 256, at least ElemBytes.
  parameter int BusBytes = 32,
  // Accept the frame modes of s_axis_tuser; 0 builds the plain ZVC codec.
  parameter int Modes = 1,
  // 1 registers the compaction network's inputs and partial shift distances
  // inside its scan: one cycle more latency for a shorter path from s_axis
  // to the chunk register (docs/rtl.md).
  parameter int Pipeline = 0
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  input  logic [BusBytes*8-1:0] s_axis_tdata,
  input  logic [BusBytes-1:0]   s_axis_tkeep,
  input  logic                  s_axis_tlast,
  input  logic [1:0]            s_axis_tuser,   // the frame's mode, on its first beat
  input  logic                  s_axis_tvalid,
  output logic                  s_axis_tready,
  output logic [BusBytes*8-1:0] m_axis_tdata,
  output logic [BusBytes-1:0]   m_axis_tkeep,
  output logic                  m_axis_tlast,
  output logic                  m_axis_tvalid,
  input  logic                  m_axis_tready,
  output logic                  sts_valid_o,
  input  logic                  sts_ready_i,
  output logic [31:0]           sts_raw_bytes_o,
  output logic [31:0]           sts_comp_bytes_o,
  output logic                  sts_error_o
);
  `CDMA_CHECK_ELEM_BYTES(ElemBytes)
  `CDMA_CHECK_BUS_BYTES(BusBytes)
  `CDMA_PARAM_CHECK(g_modes_check, Modes == 0 || Modes == 1, "Modes must be 0 or 1")
  `CDMA_PARAM_CHECK(g_pipeline_check, Pipeline == 0 || Pipeline == 1, "Pipeline must be 0 or 1")

  localparam int ElemBits = 8 * ElemBytes;
  localparam int NumElems = zvc_pkg::num_elems(ElemBytes, BusBytes);
  localparam bit WholeWindows = zvc_pkg::whole_windows(ElemBytes, BusBytes);
  localparam int WinPerBeat = zvc_pkg::win_per_beat(ElemBytes, BusBytes);
  localparam bit Dpr = zvc_pkg::has_dpr(Modes, ElemBytes);
  localparam int MaskSlots = zvc_pkg::mask_slots(ElemBytes, Dpr);
  localparam int WindowBytes = zvc_pkg::dense_window_bytes(ElemBytes);
  localparam int ChunkBytes = WholeWindows ? WinPerBeat * WindowBytes : BusBytes;
  // Packer rows: those one chunk can touch (a mask hole included), plus, when
  // windows span beats, those a window waiting for its mask can fill.
  localparam int SpanRows = ((WholeWindows ? 0 : 4) + ChunkBytes + BusBytes - 1) / BusBytes;
  localparam int HoleRows = WholeWindows ? 0 : (BusBytes - 1 + WindowBytes + BusBytes - 1) / BusBytes;
  localparam int PackRows = 1 << $clog2(SpanRows + (HoleRows > 0 ? HoleRows : 1));
  localparam int LenW = $clog2(ChunkBytes + 1);
  localparam int ElemW = $clog2(NumElems + 1);
  localparam int RawW = $clog2(BusBytes + 1);  // raw bytes of one beat
  localparam int InfoBits = 33;  // {error, raw bytes}

  // ---- Frame mode ------------------------------------------------------------------
  logic       first_q;     // the next beat starts a frame
  logic [1:0] mode;        // the mode of the frame the beat belongs to
  logic [1:0] mode_first;  // that mode if the beat is a frame's first
  logic [1:0] mode_cont;   // and if it is not
  logic       mode_bad;    // the first beat asks for a mode this build lacks
  logic       in_fire;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)      first_q <= 1'b1;
    else if (in_fire) first_q <= s_axis_tlast;
  end

  if (Modes != 0) begin : gen_modes
    logic [1:0] mode_q;
    assign mode_bad   = first_q && s_axis_tuser[1] && !Dpr;
    assign mode_first = (s_axis_tuser[1] && !Dpr) ? zvc_pkg::ModeZvc : s_axis_tuser;
    assign mode_cont  = mode_q;

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni)                  mode_q <= zvc_pkg::ModeZvc;
      else if (in_fire && first_q) mode_q <= mode_first;
    end
  end else begin : gen_zvc_only
    assign mode_bad   = first_q && s_axis_tuser != zvc_pkg::ModeZvc;
    assign mode_first = zvc_pkg::ModeZvc;
    assign mode_cont  = zvc_pkg::ModeZvc;
  end
  assign mode = first_q ? mode_first : mode_cont;

  // ---- Input beat: element validity and rule checks --------------------------
  logic [BusBytes*8-1:0] data_m;      // tdata with null bytes zeroed
  logic [BusBytes*8-1:0] elem_data;   // each element, or its code (bf16, fp8) in its low bytes
  logic [NumElems-1:0]   elem_nz;     // that is not all-zero bits
  logic [NumElems-1:0]   nonzero;     // element exists and is not all-zero bits
  logic [NumElems-1:0]   elem_keep;   // its bytes go into the payload (not in binarize)
  logic [NumElems-1:0]   elem_valid;  // the element is one of the beat's
  logic [ElemW-1:0]      beat_elems;  // elements the beat contributes
  logic                  elem_part;   // an element with some but not all bytes kept
  logic                  beat_error;
  logic [31:0]           raw_total;
  logic                  err_q, err_total;

  // A last beat's elements run up to its first element with a null byte: a
  // prefix AND of whole elements' tkeep bits (cdma_prefix_and, log-depth; a
  // popcount of tkeep would put an adder tree in front of the compaction
  // network). The count is that thermometer's length, as an OR of its
  // one-hot edge.
  logic [NumElems-1:0] whole, prefix;

  always @* begin  // reads what it writes: see docs/rtl.md, Icarus
    elem_part = 1'b0;
    for (int i = 0; i < NumElems; i++) begin
      whole[i]  = &s_axis_tkeep[i*ElemBytes +: ElemBytes];
      elem_part = elem_part || (|s_axis_tkeep[i*ElemBytes +: ElemBytes] && !whole[i]);
    end
  end

  cdma_prefix_and #(.Width(NumElems)) u_prefix (
    .bits_i(whole),
    .all_o (prefix)
  );

  always @* begin  // reads what it writes: see docs/rtl.md, Icarus
    for (int i = 0; i < NumElems; i++) elem_valid[i] = !s_axis_tlast || prefix[i];
    beat_elems = '0;
    for (int i = 0; i < NumElems; i++) begin
      if (elem_valid[i] && (i + 1 == NumElems || !elem_valid[(i + 1) % NumElems]))
        beat_elems = beat_elems | ElemW'(i + 1);
    end
  end

  // Contiguous from bit 0 means tkeep + 1 is a power of two; then the length
  // is a multiple of ElemBytes unless an element is partly kept.
  assign beat_error = ((s_axis_tkeep & (s_axis_tkeep + 1'b1)) != '0) ||
                      (!s_axis_tlast && !(&s_axis_tkeep)) || elem_part || mode_bad;
  // raw_total = the frame's raw bytes before this beat + this beat's, without
  // an adder: every beat before the frame's last counts as BusBytes bytes, so
  // the bytes before a beat are a number of beats (beats_q, and that plus
  // one in beats1_q), and this beat's bytes, at most BusBytes, only choose
  // between the two and fill the low bits.
  localparam int BeatShift = $clog2(BusBytes);
  localparam int BeatsW = 32 - BeatShift;
  logic [RawW-1:0]   beat_raw;  // the beat's raw bytes
  logic [BeatsW-1:0] beats_q, beats1_q, beats2;

  assign beat_raw  = RawW'(beat_elems) * RawW'(ElemBytes);
  assign raw_total = {beat_raw[BeatShift] ? beats1_q : beats_q, beat_raw[BeatShift-1:0]};

  cdma_incr #(.Width(BeatsW)) u_beats2 (
    .value_i(beats1_q),
    .incr_o (beats2)
  );

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      beats_q  <= '0;
      beats1_q <= BeatsW'(1);
    end else if (in_fire) begin
      beats_q  <= s_axis_tlast ? '0 : beats1_q;
      beats1_q <= s_axis_tlast ? BeatsW'(1) : beats2;
    end
  end
  assign err_total = err_q || beat_error;

  always_comb begin
    for (int b = 0; b < BusBytes; b++) data_m[b*8 +: 8] = s_axis_tkeep[b] ? s_axis_tdata[b*8 +: 8] : 8'h00;
  end

  if (Dpr) begin : gen_reduce
    for (genvar i = 0; i < NumElems; i++) begin : g_elem
      logic [15:0] bf16;
      logic [7:0]  fp8;
      logic        bf16_nz, fp8_nz;

      zvc_fp_reduce u_reduce (
        .fp32_i   (data_m[i*32 +: 32]),
        .bf16_o   (bf16),
        .bf16_nz_o(bf16_nz),
        .fp8_o    (fp8),
        .fp8_nz_o (fp8_nz)
      );

      assign elem_data[i*32 +: 32] = (mode == zvc_pkg::ModeBf16) ? {16'b0, bf16} :
                                     (mode == zvc_pkg::ModeFp8)  ? {24'b0, fp8}  : data_m[i*32 +: 32];
      // Whether the element is zero in the mode of a first beat and in the
      // frame's mode are both worked out; first_q only selects.
      logic nz_first, nz_cont;
      assign nz_first   = (mode_first == zvc_pkg::ModeBf16) ? bf16_nz :
                          (mode_first == zvc_pkg::ModeFp8)  ? fp8_nz  : data_m[i*32 +: 32] != '0;
      assign nz_cont    = (mode_cont == zvc_pkg::ModeBf16) ? bf16_nz :
                          (mode_cont == zvc_pkg::ModeFp8)  ? fp8_nz  : data_m[i*32 +: 32] != '0;
      assign elem_nz[i] = first_q ? nz_first : nz_cont;
    end
  end else begin : gen_raw
    assign elem_data = data_m;
    for (genvar i = 0; i < NumElems; i++) begin : g_elem
      assign elem_nz[i] = data_m[i*ElemBits +: ElemBits] != '0;
    end
  end

  logic binarize;  // the beat is binarized: also worked out for both, first_q selecting
  assign binarize = first_q ? mode_first == zvc_pkg::ModeBinarize : mode_cont == zvc_pkg::ModeBinarize;
  always_comb begin
    for (int i = 0; i < NumElems; i++) begin
      nonzero[i]   = elem_nz[i] && elem_valid[i];
      elem_keep[i] = elem_nz[i] && elem_valid[i] && !binarize;
    end
  end

  // Bytes a kept slot puts in the payload in mode m: an element's or its
  // code's (binarize keeps only mask slots, element-wide).
  function automatic logic [2:0] code_bytes(input logic [1:0] m);
    code_bytes = (m == zvc_pkg::ModeBinarize) ? 3'(ElemBytes) : zvc_pkg::payload_elem_bytes(m, 3'(ElemBytes));
  endfunction

  // The compaction network's output: with the bf16 and fp8 modes a window has
  // 36 slots of 4 bytes, more than a chunk, but no mode fills more than a chunk.
  localparam int NetBytes = WholeWindows ?
      WinPerBeat * zvc_pkg::window_slots(ElemBytes, Dpr) * ElemBytes : BusBytes;

  // The compacted slots' low code bytes, back to back (only bf16 and fp8
  // make them narrower than a slot).
  function automatic logic [ChunkBytes*8-1:0] squeeze(input logic [1:0] m,
                                                      input logic [NetBytes*8-1:0] slots);
    logic [ChunkBytes*8-1:0] halves, quarters;  // the low 2 bytes, the low byte of each slot
    halves   = '0;
    quarters = '0;
    for (int j = 0; j < ChunkBytes && j < NetBytes / 2; j++) halves[j*8 +: 8] = slots[((j/2)*4 + j%2)*8 +: 8];
    for (int j = 0; j < ChunkBytes && j < NetBytes / 4; j++) quarters[j*8 +: 8] = slots[(j*4)*8 +: 8];
    if (Dpr && m == zvc_pkg::ModeBf16)     squeeze = halves;
    else if (Dpr && m == zvc_pkg::ModeFp8) squeeze = quarters;
    else                                   squeeze = slots[ChunkBytes*8-1:0];
  endfunction

  // ---- Window encode: the network's slots --------------------------------------
  // One slot per element, and with whole windows the masks' slots in front of
  // each window's elements.
  localparam int NetSlots = NetBytes / ElemBytes;
  localparam int DistW = cdma_prim_pkg::compact_stages(NetSlots);
  logic [NetBytes*8-1:0]     net_data;
  logic [NetSlots-1:0]       net_keep;
  logic [NetSlots*DistW-1:0] net_dist;  // zvc_compact_scan's shift distances (with the stage, partial)
  logic                      chunk_hold_d;   // open a mask hole before the bytes
  logic                      chunk_patch_d;  // fill the hole with the mask
  logic [31:0]               chunk_mask_d;

  if (WholeWindows) begin : gen_whole_windows
    localparam int WinSlots = zvc_pkg::window_slots(ElemBytes, Dpr);
    localparam int Slots = WinPerBeat * WinSlots;
    logic [Slots*ElemBits-1:0] slot_data;
    logic [Slots-1:0]          slot_keep;
    logic [2:0]                mask_pieces;  // slots a mask fills: 4 / code bytes

    assign mask_pieces = Dpr ? 3'(4 / 32'(code_bytes(mode))) : 3'(MaskSlots);

    always_comb begin
      for (int w = 0; w < WinPerBeat; w++) begin
        for (int m = 0; m < MaskSlots; m++) begin
          if (Dpr) begin
            // Piece m: mask bytes [m*code_bytes, (m+1)*code_bytes).
            case (mode)
              zvc_pkg::ModeBf16: slot_data[(w*WinSlots + m)*32 +: 32] =
                                     (m < 2) ? {16'b0, nonzero[w*32 + (m%2)*16 +: 16]} : '0;
              zvc_pkg::ModeFp8:  slot_data[(w*WinSlots + m)*32 +: 32] = {24'b0, nonzero[w*32 + m*8 +: 8]};
              default:           slot_data[(w*WinSlots + m)*32 +: 32] = (m == 0) ? nonzero[w*32 +: 32] : '0;
            endcase
          end else begin
            slot_data[(w*WinSlots + m)*ElemBits +: ElemBits] = nonzero[w*32 + m*ElemBits +: ElemBits];
          end
          slot_keep[w*WinSlots + m] = elem_valid[w*32] && 3'(m) < mask_pieces;
        end
        for (int i = 0; i < 32; i++) begin
          slot_data[(w*WinSlots + MaskSlots + i)*ElemBits +: ElemBits] =
              elem_data[(w*32 + i)*ElemBits +: ElemBits];
          slot_keep[w*WinSlots + MaskSlots + i] = elem_keep[w*32 + i];
        end
      end
    end

    assign net_data      = slot_data;
    assign net_keep      = slot_keep;
    assign chunk_hold_d  = 1'b0;
    assign chunk_patch_d = 1'b0;
    assign chunk_mask_d  = '0;
  end else begin : gen_split_windows
    // Each beat's non-zero elements go to the packer as they arrive; the
    // window's first beat opens a 4-byte hole for the mask, its last fills it.
    localparam int PosW = 5;  // element position in the window, 0..31
    logic [31:0]      mask_q;
    logic [PosW-1:0]  pos_q;
    logic             window_end, window_exists;

    assign net_data = elem_data;
    assign net_keep = elem_keep;

    assign chunk_mask_d = mask_q | (32'(nonzero) << pos_q);
    assign window_end = (32'(pos_q) + 32'(NumElems) == 32) || s_axis_tlast;
    // A frame that ends exactly on a window boundary adds no empty window.
    assign window_exists = pos_q != '0 || elem_valid[0];
    assign chunk_hold_d  = pos_q == '0 && window_exists;
    assign chunk_patch_d = window_end && window_exists;

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        mask_q <= '0;
        pos_q  <= '0;
      end else if (in_fire) begin
        mask_q <= window_end ? '0 : chunk_mask_d;
        pos_q  <= window_end ? '0 : pos_q + PosW'(NumElems);
      end
    end
  end

  // With the stage, the scan's first ScanSplit rounds run before it and the
  // rest after it (zvc_compact_rounds), which balances the two halves: the
  // input's decode and a full scan would be the longer half, the routing the
  // shorter one.
  localparam int ScanSplit = (Pipeline != 0) ? ((DistW < 3) ? DistW : 3) : DistW;
  logic [NetSlots*DistW-1:0] stage_dist_all;  // the distances, all rounds added

  zvc_compact_scan #(.NumSlots(NetSlots), .Rounds(ScanSplit)) u_scan (
    .keep_i(net_keep),
    .dist_o(net_dist)
  );

  // ---- Network stage (Pipeline = 1) -----------------------------------------
  // The beat inside the scan: the network's slots and partial distances, and
  // what the chunk register takes besides the network's output.
  localparam int FieldBits = 2 + 1 + 1 + 32 + 1 + InfoBits;  // mode, hold, patch, mask, last, info
  logic [NetBytes*8-1:0]     stage_data;
  logic [NetSlots-1:0]       stage_keep;
  logic [NetSlots*DistW-1:0] stage_dist;
  logic [FieldBits-1:0]      in_fields, stage_fields;
  logic                      stage_valid, stage_ready, stage_fire;

  assign in_fields = {mode, chunk_hold_d, chunk_patch_d, chunk_mask_d, s_axis_tlast, err_total, raw_total};

  if (Pipeline != 0) begin : gen_stage
    logic stage_valid_q;

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni)          stage_valid_q <= 1'b0;
      else if (in_fire)     stage_valid_q <= 1'b1;
      else if (stage_ready) stage_valid_q <= 1'b0;
    end

    always_ff @(posedge clk_i) begin
      if (in_fire) begin
        stage_data   <= net_data;
        stage_keep   <= net_keep;
        stage_dist   <= net_dist;
        stage_fields <= in_fields;
      end
    end

    assign stage_valid   = stage_valid_q;
    assign s_axis_tready = !stage_valid_q || stage_ready;
  end else begin : gen_no_stage
    assign stage_data    = net_data;
    assign stage_keep    = net_keep;
    assign stage_dist    = net_dist;
    assign stage_fields  = in_fields;
    assign stage_valid   = s_axis_tvalid;
    assign s_axis_tready = stage_ready;
  end
  assign in_fire    = s_axis_tvalid && s_axis_tready;
  assign stage_fire = stage_valid && stage_ready;

  // ---- Routing into the chunk register -------------------------------------
  // The network's output is registered as it is and squeezed behind the
  // register, so the squeeze is off the path from the input to the register.
  logic [NetBytes*8-1:0]   chunk_d, chunk_q;
  logic [$clog2(NetSlots + 1)-1:0] net_count;
  logic [1:0]              stage_mode, chunk_mode_q;
  logic [LenW-1:0]         chunk_len_q;
  logic                    chunk_hold_q, chunk_patch_q;
  logic [31:0]             chunk_mask_q;
  logic                    chunk_valid_q, chunk_last_q, chunk_ready;
  logic [InfoBits-1:0]     chunk_info_q;

  zvc_compact_rounds #(.NumSlots(NetSlots), .FirstRound(ScanSplit)) u_rounds (
    .part_i(stage_dist),
    .part_o(stage_dist_all)
  );

  zvc_compact #(.NumSlots(NetSlots), .SlotBits(ElemBits)) u_compact (
    .data_i (stage_data),
    .keep_i (stage_keep),
    .dist_i (stage_dist_all),
    .data_o (chunk_d),
    .count_o(net_count)
  );

  assign stage_mode  = stage_fields[FieldBits-1 -: 2];
  assign stage_ready = !chunk_valid_q || chunk_ready;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      chunk_valid_q <= 1'b0;
      err_q         <= 1'b0;
    end else begin
      if (in_fire) begin
        err_q     <= s_axis_tlast ? 1'b0 : err_total;
      end
      if (stage_fire) chunk_valid_q <= 1'b1;
      else if (chunk_ready) chunk_valid_q <= 1'b0;
    end
  end

  always_ff @(posedge clk_i) begin
    if (stage_fire) begin
      chunk_q <= chunk_d;
      chunk_len_q <= LenW'(net_count) * LenW'(code_bytes(stage_mode));
      {chunk_mode_q, chunk_hold_q, chunk_patch_q, chunk_mask_q, chunk_last_q, chunk_info_q} <= stage_fields;
    end
  end

  // ---- Packer and status -------------------------------------------------------
  logic [InfoBits-1:0] sts_info;

  zvc_packer #(
    .BusBytes  (BusBytes),
    .ChunkBytes(ChunkBytes),
    .InfoBits  (InfoBits),
    .FrameDepth(4),
    .HoldMask  (WholeWindows ? 0 : 1),
    .Rows      (PackRows)
  ) u_packer (
    .clk_i,
    .rst_ni,
    .chunk_valid_i(chunk_valid_q),
    .chunk_ready_o(chunk_ready),
    .chunk_data_i (squeeze(chunk_mode_q, chunk_q)),
    .chunk_len_i  (chunk_len_q),
    .chunk_last_i (chunk_last_q),
    .chunk_info_i (chunk_info_q),
    .chunk_hold_i (chunk_hold_q),
    .chunk_patch_i(chunk_patch_q),
    .chunk_mask_i (chunk_mask_q),
    .m_axis_tdata,
    .m_axis_tkeep,
    .m_axis_tlast,
    .m_axis_tvalid,
    .m_axis_tready,
    .sts_valid_o,
    .sts_ready_i,
    .sts_len_o    (sts_comp_bytes_o),
    .sts_info_o   (sts_info)
  );

  assign sts_raw_bytes_o = sts_info[31:0];
  assign sts_error_o     = sts_info[32];

  `CDMA_ASSERT(beats1_ahead, beats1_q == beats_q + 1'b1)
  `CDMA_ASSERT(chunk_len_in_range, !chunk_valid_q || chunk_len_q <= LenW'(ChunkBytes))
endmodule
