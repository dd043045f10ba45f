// Byte-stream packer: variable-length chunks in, dense AXI4-Stream beats out.
//
// A chunk is chunk_len_i bytes (0..ChunkBytes) at the bottom of chunk_data_i;
// chunk_last_i ends the frame and carries chunk_info_i, an opaque record that
// comes back on the status port together with the frame's byte count, after
// the frame's last beat has left. An empty frame (a zero-length last chunk
// with no bytes before it) leaves as one beat with tkeep = 0 and tlast.
//
// Mask holes (HoldMask = 1): chunk_hold_i reserves 4 bytes in front of the
// chunk's bytes, to be filled later; chunk_patch_i writes chunk_mask_i into the
// reserved bytes (in the same chunk as the hold, or in a later one). Nothing
// at or after a hole leaves before it is filled, so a ZVC window's elements
// can be stored as they arrive and its mask written in front of them when the
// window ends. At most one hole is open at a time.
//
// Storage is Rows rows of BusBytes bytes; byte lane k of a row is byte k of a
// beat, so a beat is one row and the only shifters are BusBytes-wide
// rotators on the way in. Every frame starts a new row. A row leaves when a later byte
// of its frame has been written (so the frame's last byte is still here to
// carry tlast when the frame's end arrives) or when it is its frame's last
// row. A chunk is accepted while the rows it can touch are free.
//
// m_axis_* come from registers (the row at the head through a Rows:1
// multiplexer) and chunk_ready_o from one register; m_axis_tdata bytes
// outside tkeep are zero. Latency: a chunk accepted in cycle t is visible on
// m_axis from t+1. Throughput: one beat per cycle while chunks average at
// most BusBytes per cycle and holes are filled before the head reaches them.
// Reset: asynchronous, active low.
`include "cdma_assert.svh"

module zvc_packer #(
  // Bytes per output beat: a power of two, 8 to 256.
  parameter int BusBytes = 32,
  // Largest chunk in bytes, 1 or more.
  parameter int ChunkBytes = 36,
  // Bits of the per-frame record passed to the status port, 1 or more.
  parameter int InfoBits = 33,
  // Frames that may be queued between chunk input and status output: a power of two, 2 or more.
  parameter int FrameDepth = 4,
  // 1: chunks may open and fill 4-byte mask holes (chunk_hold_i, chunk_patch_i); 0: no holes.
  parameter int HoldMask = 0,
  // Rows of storage: a power of two, at least the rows one chunk (hole included) can touch
  // plus the rows one hole can keep waiting (see zvc_compressor).
  parameter int Rows = 8,
  localparam int LenW = $clog2(ChunkBytes + 1)
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,
  input  logic                    chunk_valid_i,
  output logic                    chunk_ready_o,
  input  logic [ChunkBytes*8-1:0] chunk_data_i,
  input  logic [LenW-1:0]         chunk_len_i,
  input  logic                    chunk_last_i,
  input  logic [InfoBits-1:0]     chunk_info_i,
  input  logic                    chunk_hold_i,
  input  logic                    chunk_patch_i,
  input  logic [31:0]             chunk_mask_i,
  output logic [BusBytes*8-1:0]   m_axis_tdata,
  output logic [BusBytes-1:0]     m_axis_tkeep,
  output logic                    m_axis_tlast,
  output logic                    m_axis_tvalid,
  input  logic                    m_axis_tready,
  output logic                    sts_valid_o,
  input  logic                    sts_ready_i,
  output logic [31:0]             sts_len_o,
  output logic [InfoBits-1:0]     sts_info_o
);
  `CDMA_CHECK_BUS_BYTES(BusBytes)
  `CDMA_PARAM_CHECK(g_chunk_check, ChunkBytes >= 1, "ChunkBytes must be at least 1")
  `CDMA_PARAM_CHECK(g_info_check, InfoBits >= 1, "InfoBits must be at least 1")
  `CDMA_PARAM_CHECK(g_depth_check, FrameDepth >= 2 && (FrameDepth & (FrameDepth - 1)) == 0,
                    "FrameDepth must be a power of two, 2 or more")

  localparam int HoleBytes = HoldMask != 0 ? 4 : 0;
  localparam int Groups = (ChunkBytes + BusBytes - 1) / BusBytes;  // bus-wide pieces of a chunk
  localparam int SpanRows = (HoleBytes + ChunkBytes + BusBytes - 1) / BusBytes;
  `CDMA_PARAM_CHECK(g_rows_check, Rows >= 2 && (Rows & (Rows - 1)) == 0 && Rows >= SpanRows + 1,
                    "Rows must be a power of two above the rows one chunk spans")

  localparam int LaneW = $clog2(BusBytes);
  localparam int RowW = $clog2(Rows) + 1;  // row pointers carry a wrap bit
  localparam int PosW = RowW + LaneW;      // byte pointers
  localparam int BeatW = $clog2(BusBytes + 1);
  localparam int PtrW = $clog2(FrameDepth);
  localparam int CntW = $clog2(FrameDepth + 1);
  localparam int StoreBytes = Rows * BusBytes;
  localparam int AddW = $clog2(HoleBytes + ChunkBytes + 1);  // bytes one chunk adds to a frame

  logic [StoreBytes*8-1:0] store_q, store_d;
  logic [StoreBytes-1:0]   store_we;
  logic [Rows-1:0]         last_d, last_q;        // the row is its frame's last
  logic [BeatW-1:0]        cnt_q [Rows];          // bytes in a last row
  logic [PosW-1:0]         wr_d, wr_q;            // next byte to write
  logic [RowW-1:0]         rd_d, rd_q, closed_d, closed_q;  // head row; rows before closed_q may leave
  logic [PosW-2:0]         hole_d, hole_q;        // position of the open hole
  logic                    hole_open_d, hole_open_q;
  logic [31:0]             in_len_q;              // bytes of the frame being filled
  logic [31:0]             fq_len_q [FrameDepth];
  logic [InfoBits-1:0]     fq_info_q [FrameDepth];
  logic [PtrW-1:0]         fq_wr_d, fq_wr_q, fq_sts_d, fq_sts_q;
  logic [CntW-1:0]         fq_count_d, fq_count_q, fq_done_d, fq_done_q;  // queued frames; of them, fully sent

  logic             chunk_fire, push, out_fire, sts_fire, hold, patch, frame_some;
  logic [RowW-1:0]  used_rows, final_next, wr_row, wr_row_next, last_row;
  logic [LaneW-1:0] wr_lane;
  logic [PosW-2:0]  wr_off;
  logic [31:0]      frame_len;
  logic [BeatW-1:0] final_cnt;
  logic [LaneW-1:0] lane0, hole_lane;
  logic [Groups*BusBytes*8-1:0] chunk_pad;

  assign wr_row    = wr_q[PosW-1:LaneW];
  assign wr_lane   = wr_q[LaneW-1:0];
  assign chunk_pad = (Groups*BusBytes*8)'(chunk_data_i);

  // ---- Output side ----------------------------------------------------------
  logic [RowW-2:0] rd_idx;
  assign rd_idx        = rd_q[RowW-2:0];
  assign m_axis_tvalid = rd_q != closed_q && !(hole_open_q && hole_q[PosW-2:LaneW] == rd_idx);
  assign out_fire      = m_axis_tvalid && m_axis_tready;

  // The head row is also kept one-hot (rd_dec_q), so the output select is an
  // AND-OR of registers, with no decode of rd_idx in front of it; each row's
  // kept lanes are decoded from its own registers.
  logic [Rows-1:0] rd_dec_q;
  assign m_axis_tlast = (rd_dec_q & last_q) != '0;
  for (genvar b = 0; b < BusBytes; b++) begin : gen_out
    logic [Rows-1:0]   kept;    // kept[p]: row p is the head and keeps lane b
    logic [8*Rows-1:0] picked;  // bit k of row p's byte b at k*Rows + p, where kept
    for (genvar p = 0; p < Rows; p++) begin : gen_row
      assign kept[p] = rd_dec_q[p] && (!last_q[p] || BeatW'(b) < cnt_q[p]);
      for (genvar k = 0; k < 8; k++) begin : gen_bit
        assign picked[k*Rows + p] = kept[p] && store_q[(p*BusBytes + b)*8 + k];
      end
    end
    assign m_axis_tkeep[b] = kept != '0;
    for (genvar k = 0; k < 8; k++) begin : gen_bit
      assign m_axis_tdata[b*8 + k] = picked[k*Rows +: Rows] != '0;
    end
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)       rd_dec_q <= Rows'(1);
    else if (out_fire) rd_dec_q <= {rd_dec_q[Rows-2:0], rd_dec_q[Rows-1]};
  end

  // ---- Input side -------------------------------------------------------------
  // A partly written row counts as used; a chunk touches at most SpanRows more.
  // chunk_ready_o is worked out a cycle ahead and registered inverted
  // (busy_q, 0 at reset), so the store's write enables start from one
  // flip-flop, not from row arithmetic. The rows in use next cycle are the
  // rows from the head to the write row (registers), plus k, the rows the
  // write row's bytes fill next cycle (0 to KMax), less one if a beat leaves:
  // the verdict is made for every k, and the chunk's end (lane arithmetic,
  // not a pointer add) selects one.
  localparam int KMax = SpanRows + 1;
  logic             busy_q, busy_d;
  logic [RowW-1:0]  rows_ahead;  // rows from the head to the write row
  logic [KMax:0]    k_fire, k_next;  // one-hot: k rows
  logic [KMax:0]    busy_stay, busy_out;  // the verdict for each k, without and with a beat leaving
  assign used_rows  = wr_row + RowW'(wr_lane != '0) - rd_q;
  assign rows_ahead = wr_row - rd_q;
  for (genvar k = 0; k <= KMax; k++) begin : gen_busy
    assign busy_stay[k] = RowW'(Rows) - (rows_ahead + RowW'(k)) < RowW'(SpanRows);
    assign busy_out[k]  = RowW'(Rows) - (rows_ahead + RowW'(k) - 1'b1) < RowW'(SpanRows);
  end

  // Where the chunk ends, without a pointer add: r, the row of its last byte
  // counted from the write row (-1 to SpanRows), from compares of the chunk's
  // length with thresholds made a cycle ahead from the lanes left in the
  // write row (left = BusBytes - wr_lane): the last byte is in row j or later
  // when hole + length > (j-1)*BusBytes + left, that is length >= thr0_q[j]
  // without a hole and length >= thr4_q[j] with one. r_sel is r one-hot
  // (bit r + 1); a chunk that writes nothing in front of lane 0 ends in the
  // row before. The rows the chunk touches (k) and the pointers follow from
  // r_sel by selects of the write row's neighbours (wr_near: wr_row - 1 to
  // wr_row + SpanRows + 1) and of their decodes (rotations of wr_dec).
  localparam int ThrW = $clog2(SpanRows * BusBytes + 2);
  logic [SpanRows*ThrW-1:0]   thr0_q, thr4_q, thr0_d, thr4_d;  // j = 1..SpanRows at j - 1
  logic [SpanRows-1:0]        past;        // past[j-1]: the last byte is in row j or later
  logic [SpanRows+1:0]        r_sel, f_sel, w_sel;  // one-hot rows: the last byte's, the frame's last, the next write
  logic [(SpanRows+3)*RowW-1:0] wr_near;   // wr_row + i - 1 at i
  logic                       some_here;   // the chunk or the write row has bytes in front of its end
  logic [LaneW-1:0]           end_lane, left_lane;  // the lane after the chunk; BusBytes - that, mod BusBytes
  assign some_here = hold || chunk_len_i != '0 || wr_lane != '0;
  for (genvar j = 1; j <= SpanRows; j++) begin : gen_past
    assign past[j-1] = hold ? ThrW'(chunk_len_i) >= thr4_q[(j-1)*ThrW +: ThrW] :
                              ThrW'(chunk_len_i) >= thr0_q[(j-1)*ThrW +: ThrW];
  end
  assign r_sel[0] = !some_here;
  assign r_sel[1] = some_here && !past[0];
  for (genvar j = 1; j <= SpanRows; j++) begin : gen_r_sel
    assign r_sel[j+1] = past[j-1] && (j == SpanRows || !past[j % SpanRows]);
  end
  // A frame's last row: the row of its last byte, or for an empty frame a row
  // of its own. The frame is empty when nothing came before and nothing comes
  // now, not when the 32-bit sum is zero (that would put an adder in front).
  assign frame_some = in_len_q != '0 || hold || chunk_len_i != '0;
  assign f_sel      = frame_some ? r_sel : (SpanRows+2)'(2);
  assign end_lane   = wr_lane + LaneW'(hold ? 4 : 0) + LaneW'(chunk_len_i);
  // The next write row: r + 1 when the chunk fills its last row, the write
  // row when nothing is written.
  assign w_sel      = !some_here ? (SpanRows+2)'(2) : (end_lane == '0) ? {r_sel[SpanRows:0], 1'b0} : r_sel;
  // A frame's last chunk ends its row; an empty frame takes a row of its own.
  assign k_fire     = (chunk_last_i && !frame_some) ? (KMax+1)'(2) : (KMax+1)'(r_sel);
  assign k_next     = chunk_fire ? k_fire : (KMax+1)'(wr_lane != '0 ? 2 : 1);
  for (genvar i = 0; i < SpanRows + 3; i++) begin : gen_near
    assign wr_near[i*RowW +: RowW] = wr_row + RowW'(i) - 1'b1;
  end
  always @* begin  // reads what it writes: see docs/rtl.md, Icarus
    last_row    = '0;
    final_next  = '0;
    wr_row_next = '0;
    for (int i = 0; i < SpanRows + 2; i++) begin
      if (r_sel[i]) last_row = last_row | wr_near[i*RowW +: RowW];
      if (f_sel[i]) final_next = final_next | wr_near[(i+1)*RowW +: RowW];
      if (w_sel[i]) wr_row_next = wr_row_next | wr_near[i*RowW +: RowW];
    end
  end
  assign busy_d = (k_next & (out_fire ? busy_out : busy_stay)) != '0 || fq_count_d == CntW'(FrameDepth);
  // The thresholds for next cycle's write lane.
  assign left_lane = LaneW'(0) - wr_d[LaneW-1:0];
  for (genvar j = 1; j <= SpanRows; j++) begin : gen_thr
    localparam int Base = (j - 1) * BusBytes;
    logic [ThrW-1:0] t;  // (j-1)*BusBytes + left
    assign t = ThrW'(Base) + ((wr_d[LaneW-1:0] == '0) ? ThrW'(BusBytes) : ThrW'(left_lane));
    assign thr0_d[(j-1)*ThrW +: ThrW] = t + 1'b1;
    assign thr4_d[(j-1)*ThrW +: ThrW] = (t >= ThrW'(3)) ? t - ThrW'(3) : '0;
  end
  assign chunk_ready_o = !busy_q;
  assign chunk_fire    = chunk_valid_i && chunk_ready_o;
  assign push          = chunk_fire && chunk_last_i;
  assign hold          = HoldMask != 0 && chunk_hold_i;
  assign patch         = HoldMask != 0 && chunk_patch_i;

  assign wr_off    = wr_q[PosW-2:0];
  // frame_len = in_len_q + the hole + the chunk, without a 32-bit carry chain.
  cdma_len_acc #(.Width(32), .LowW(AddW)) u_in_len (
    .clk_i,
    .rst_ni,
    .en_i   (chunk_fire),
    .clear_i(chunk_last_i),
    .add_i  (AddW'(hold ? 4 : 0) + AddW'(chunk_len_i)),
    .sum_o  (frame_len),
    .value_o(in_len_q)
  );
  // The last row's bytes: end_lane, where 0 means a full row (no -1 then +1
  // around the lanes of the last byte).
  assign final_cnt = !frame_some ? '0 : (end_lane == '0) ? BeatW'(BusBytes) : BeatW'(end_lane);
  assign lane0     = wr_lane + LaneW'(hold ? 4 : 0);
  assign hole_lane = hold ? wr_lane : hole_q[LaneW-1:0];  // the hole opened now, or the open one

  // Chunk byte g*BusBytes + i goes to lane (lane0 + i) mod BusBytes: each
  // bus-wide piece g of the chunk is rotated by lane0 and written to row
  // row0 + g (lanes at or above lane0) or row0 + g + 1 (lanes below). The mask
  // fills the 4-byte hole the same way from hole_lane in hole_row.
  logic [Groups*BusBytes*8-1:0] rot;
  logic [BusBytes*8-1:0]        mask_rot;
  logic [Groups*BusBytes-1:0]   rot_valid;
  logic [BusBytes-1:0]          mask_valid;

  // lane0 is wr_lane, or 4 lanes on when a hole opens: the pieces and their
  // byte-valid bits rotate by wr_lane (a register), then by 4 or not, so no
  // add stands in front of the rotator. The mask rotates by wr_lane when
  // its hole opens now, else by the open hole's lane (a register): both
  // rotations are made and hold selects (hold selecting the rotation's
  // copies instead timed 0.04 ns slower into the store at E=4 B=32). Every
  // rotator takes its amount from copies of a register, one per 4 lanes
  // (cdma_rotate): from one register it fed every multiplexer of a stage
  // through a chain of buffers (one per 8 lanes: 0.33 ns of buffers on the
  // slowest path at E=4 B=16).
  localparam int LaneGroup = 4;
  localparam int LaneCopies = (BusBytes + LaneGroup - 1) / LaneGroup;
  logic [LaneCopies*LaneW-1:0]  lane_copy_q, hole_copy_q;  // copies of wr_lane and of the hole's lane
  logic [Groups*BusBytes*8-1:0] rot_lane;                  // the pieces rotated by wr_lane
  logic [Groups*BusBytes-1:0]   piece_valid, valid_lane;   // their byte-valid bits, before and after
  logic [BusBytes*8-1:0]        mask_now, mask_open;       // the mask rotated by wr_lane, by the hole's lane
  logic [BusBytes-1:0]          lanes_now, lanes_open;     // the lanes each fills
  for (genvar g = 0; g < Groups; g++) begin : gen_rotate
    for (genvar i = 0; i < BusBytes; i++) begin : gen_valid
      assign piece_valid[g*BusBytes + i] = 32'(g * BusBytes + i) < 32'(chunk_len_i);
    end
    cdma_rotate #(.Elems(BusBytes), .ElemBits(8), .GroupElems(LaneGroup)) u_data (
      .data_i (chunk_pad[g*BusBytes*8 +: BusBytes*8]),
      .shift_i(lane_copy_q),
      .data_o (rot_lane[g*BusBytes*8 +: BusBytes*8])
    );
    cdma_rotate #(.Elems(BusBytes), .ElemBits(1), .GroupElems(LaneGroup)) u_valid (
      .data_i (piece_valid[g*BusBytes +: BusBytes]),
      .shift_i(lane_copy_q),
      .data_o (valid_lane[g*BusBytes +: BusBytes])
    );
  end
  cdma_rotate #(.Elems(BusBytes), .ElemBits(8), .GroupElems(LaneGroup)) u_mask_now (
    .data_i ((BusBytes*8)'(chunk_mask_i)), .shift_i(lane_copy_q), .data_o(mask_now));
  cdma_rotate #(.Elems(BusBytes), .ElemBits(8), .GroupElems(LaneGroup)) u_mask_open (
    .data_i ((BusBytes*8)'(chunk_mask_i)), .shift_i(hole_copy_q), .data_o(mask_open));
  cdma_rotate #(.Elems(BusBytes), .ElemBits(1), .GroupElems(LaneGroup)) u_lanes_now (
    .data_i (BusBytes'(4'hf)), .shift_i(lane_copy_q), .data_o(lanes_now));
  cdma_rotate #(.Elems(BusBytes), .ElemBits(1), .GroupElems(LaneGroup)) u_lanes_open (
    .data_i (BusBytes'(4'hf)), .shift_i(hole_copy_q), .data_o(lanes_open));
  (* keep *) always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      lane_copy_q <= '0;
      hole_copy_q <= '0;
    end else begin
      lane_copy_q <= {LaneCopies{wr_d[LaneW-1:0]}};
      hole_copy_q <= {LaneCopies{hole_d[LaneW-1:0]}};
    end
  end
  always @* begin  // reads what it writes: see docs/rtl.md, Icarus
    logic [2*BusBytes*8-1:0] twice;
    logic [2*BusBytes-1:0]   twice_valid;
    for (int g = 0; g < Groups; g++) begin
      twice = {rot_lane[g*BusBytes*8 +: BusBytes*8], rot_lane[g*BusBytes*8 +: BusBytes*8]};
      if (hold) twice = twice << 32;
      rot[g*BusBytes*8 +: BusBytes*8] = (BusBytes*8)'(twice >> (BusBytes*8));
      twice_valid = {valid_lane[g*BusBytes +: BusBytes], valid_lane[g*BusBytes +: BusBytes]};
      if (hold) twice_valid = twice_valid << 4;
      rot_valid[g*BusBytes +: BusBytes] = chunk_fire ? BusBytes'(twice_valid >> BusBytes) : '0;
    end
  end
  assign mask_rot   = hold ? mask_now : mask_open;
  assign mask_valid = (chunk_fire && patch) ? (hold ? lanes_now : lanes_open) : '0;

  // The row a lane writes is the write row, or the open hole's, plus a small
  // offset: each candidate row's one-hot decode comes from registers (a
  // rotation of the write row's or the hole row's), and the offset, from the
  // lanes, only selects among them.
  logic [Rows-1:0] wr_dec, hole_dec;
  logic            row0_carry;  // the hole in front moves the chunk's bytes to the next row
  for (genvar p = 0; p < Rows; p++) begin : gen_row_dec
    assign wr_dec[p]   = wr_row[RowW-2:0] == (RowW-1)'(p);
    assign hole_dec[p] = hole_q[PosW-2:LaneW] == (RowW-1)'(p);
  end
  assign row0_carry = hold && wr_lane >= LaneW'(BusBytes - 4);
  // The frame's last row one-hot (f_sel's row, or the write row for an empty
  // frame): the write row's decode rotated by each candidate offset, selected.
  logic [Rows-1:0] final_dec;
  for (genvar p = 0; p < Rows; p++) begin : gen_final_dec
    logic [SpanRows+1:0] at;  // at[i]: f_sel[i] and the write row i - 1 rows before p
    for (genvar i = 0; i < SpanRows + 2; i++) begin : gen_at
      assign at[i] = f_sel[i] && wr_dec[(p - i + 1 + Rows) % Rows];
    end
    assign final_dec[p] = at != '0;
  end

  always @* begin  // reads what it writes: see docs/rtl.md, Icarus
    logic [RowW-2:0] off;
    store_we = '0;
    store_d  = '0;
    for (int p = 0; p < Rows; p++) begin
      for (int l = 0; l < BusBytes; l++) begin
        for (int g = 0; g < Groups; g++) begin
          off = (RowW-1)'(row0_carry) + (RowW-1)'(g) + (RowW-1)'(LaneW'(l) < lane0);
          if (rot_valid[g*BusBytes + l] && wr_dec[(RowW-1)'(p) - off]) begin
            store_we[p*BusBytes + l] = 1'b1;
            store_d[(p*BusBytes + l)*8 +: 8] = rot[(g*BusBytes + l)*8 +: 8];
          end
        end
        off = (RowW-1)'(LaneW'(l) < hole_lane);
        if (mask_valid[l] && (hold ? wr_dec[(RowW-1)'(p) - off] : hole_dec[(RowW-1)'(p) - off])) begin
          store_we[p*BusBytes + l] = 1'b1;
          store_d[(p*BusBytes + l)*8 +: 8] = mask_rot[l*8 +: 8];
        end
      end
    end
  end

  assign sts_valid_o = fq_done_q != '0;
  assign sts_len_o   = fq_len_q[fq_sts_q];
  assign sts_info_o  = fq_info_q[fq_sts_q];
  assign sts_fire    = sts_valid_o && sts_ready_i;

  always_comb begin
    wr_d        = wr_q;
    rd_d        = rd_q;
    closed_d    = closed_q;
    // The head row's flag clears as it leaves; the frame's last row's sets.
    last_d      = (last_q & ~(out_fire ? rd_dec_q : '0)) | ((chunk_fire && chunk_last_i) ? final_dec : '0);
    hole_d      = hole_q;
    hole_open_d = hole_open_q;
    fq_wr_d     = fq_wr_q;
    fq_sts_d    = fq_sts_q;
    fq_count_d  = fq_count_q;
    fq_done_d   = fq_done_q;
    if (out_fire) begin
      rd_d = rd_q + 1'b1;
    end
    if (chunk_fire) begin
      if (chunk_last_i) begin
        // The next frame starts a new row.
        wr_d     = {final_next, LaneW'(0)};
        closed_d = final_next;
      end else begin
        wr_d = {wr_row_next, end_lane};
        // Rows below the one holding the frame's newest byte are complete.
        if (frame_some) closed_d = last_row;
      end
      if (hold) hole_d = wr_off;
      hole_open_d = (hole_open_q || hold) && !patch;
    end
    if (push) fq_wr_d = fq_wr_q + 1'b1;
    if (sts_fire) fq_sts_d = fq_sts_q + 1'b1;
    fq_count_d = fq_count_q + CntW'(push) - CntW'(sts_fire);
    fq_done_d  = fq_done_q + CntW'(out_fire && m_axis_tlast) - CntW'(sts_fire);
  end

  // Kept (* keep *) so that Yosys does not merge wr_q's lanes into a rotator's
  // copy: the pointer logic and the rotator each get their own register.
  (* keep *) always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wr_q        <= '0;
      rd_q        <= '0;
      closed_q    <= '0;
      last_q      <= '0;
      hole_q      <= '0;
      hole_open_q <= 1'b0;
      fq_wr_q     <= '0;
      fq_sts_q    <= '0;
      fq_count_q  <= '0;
      fq_done_q   <= '0;
      busy_q      <= 1'b0;
      for (int j = 1; j <= SpanRows; j++) begin
        thr0_q[(j-1)*ThrW +: ThrW] <= ThrW'(j * BusBytes + 1);
        thr4_q[(j-1)*ThrW +: ThrW] <= ThrW'(j * BusBytes - 3);
      end
    end else begin
      wr_q        <= wr_d;
      rd_q        <= rd_d;
      closed_q    <= closed_d;
      last_q      <= last_d;
      hole_q      <= hole_d;
      hole_open_q <= hole_open_d;
      fq_wr_q     <= fq_wr_d;
      fq_sts_q    <= fq_sts_d;
      fq_count_q  <= fq_count_d;
      fq_done_q   <= fq_done_d;
      busy_q      <= busy_d;
      thr0_q      <= thr0_d;
      thr4_q      <= thr4_d;
    end
  end

  // Data storage needs no reset: only rows between rd_q and wr_q and queue
  // entries below fq_count_q are ever used.
  always_ff @(posedge clk_i) begin
    for (int k = 0; k < StoreBytes; k++) begin
      if (store_we[k]) store_q[k*8 +: 8] <= store_d[k*8 +: 8];
    end
    if (push) begin
      for (int r = 0; r < Rows; r++) begin
        if (final_dec[r]) cnt_q[r] <= final_cnt;
      end
      fq_len_q[fq_wr_q]  <= frame_len;
      fq_info_q[fq_wr_q] <= chunk_info_i;
    end
  end

  `CDMA_ASSERT(chunk_len_in_range, !chunk_valid_i || chunk_len_i <= LenW'(ChunkBytes))
  `CDMA_ASSERT(done_le_count, fq_done_q <= fq_count_q)
  `CDMA_ASSERT(one_hole, !(chunk_valid_i && chunk_hold_i && hole_open_q))
  `CDMA_ASSERT(ready_ahead, chunk_ready_o == (RowW'(Rows) - used_rows >= RowW'(SpanRows) &&
                                            fq_count_q != CntW'(FrameDepth)))
  `CDMA_ASSERT(lane_copies, lane_copy_q == {LaneCopies{wr_lane}} &&
                            hole_copy_q == {LaneCopies{hole_q[LaneW-1:0]}})
  `CDMA_ASSERT(rd_one_hot, rd_dec_q == Rows'(1) << rd_idx)
  `CDMA_ASSERT(rows_in_range, used_rows <= RowW'(Rows) && closed_q - rd_q <= RowW'(Rows))
endmodule
