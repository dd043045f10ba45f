// Byte-stream unpacker: AXI4-Stream beats in, a window of the oldest
// PeekBytes buffered bytes out; the consumer takes any 0..avail_o of them per
// cycle (consume), avail_o being the bytes of the oldest unfinished frame in
// the window (so a frame's bytes are never taken together with the next
// frame's) and avail_keep_o the same as a byte mask (bit b set for
// b < avail_o). frame_known_o says that frame's tlast has arrived,
// frame_here_o that its last byte is in the window, frame_len_o is its byte
// count, frame_holes_o whether one of its beats had a tkeep with holes. The
// consumer pops the frame (pop) in the cycle it consumes the
// frame's last bytes, or any later cycle; a frame of zero bytes (a lone null
// beat) is popped like any other.
//
// The consumer gives its two possible decisions, worked out in parallel, and
// which one holds: consume1_i/pop1_i when take_sel_i is high, consume0_i/
// pop0_i when low. The next state is computed for both and the late select
// drives only the last multiplexers (and the buffer's shifter).
//
// avail_o, avail_keep_o, frame_here_o, frame_known_o and s_axis_tready come
// from registers only, so the consumer's decision does not start behind
// arithmetic on frame lengths. Input bytes are the low popcount(tkeep) lanes
// of a beat (any beat may be partial); a tkeep that is not contiguous from
// bit 0 is taken the same way and reported on frame_holes_o. Bytes of peek_o
// at or above avail_o are undefined.
// ahead_o is the window before this cycle's consume: the buffered bytes with
// this cycle's input beat behind them (its bytes count only if it is
// accepted), so that peek_o next cycle is ahead_o shifted down by consume; a
// consumer works out next cycle's values from it for each consume it may take.
// Latency: a beat accepted in cycle t is in peek_o from t+1.
// Reset: asynchronous, active low.
`include "cdma_assert.svh"

module zvc_unpacker #(
  // Bytes per input beat: a power of two, 8 to 256.
  parameter int BusBytes = 32,
  // Bytes visible to the consumer, 1 to 2*BusBytes.
  parameter int PeekBytes = 36,
  // Frames whose end may be buffered at once: 2 or more.
  parameter int FrameDepth = 4,
  // Bytes of ahead_o, 1 to 3*BusBytes.
  parameter int AheadBytes = 1,
  localparam int CapBytes = 3 * BusBytes,
  localparam int TakeW = $clog2(PeekBytes + 1)
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  input  logic [BusBytes*8-1:0]  s_axis_tdata,
  input  logic [BusBytes-1:0]    s_axis_tkeep,
  input  logic                   s_axis_tlast,
  input  logic                   s_axis_tvalid,
  output logic                   s_axis_tready,
  output logic [PeekBytes*8-1:0] peek_o,
  output logic [AheadBytes*8-1:0] ahead_o,
  output logic [TakeW-1:0]       avail_o,
  output logic [PeekBytes-1:0]   avail_keep_o,
  input  logic [TakeW-1:0]       consume0_i,
  input  logic                   pop0_i,
  input  logic [TakeW-1:0]       consume1_i,
  input  logic                   pop1_i,
  input  logic                   take_sel_i,
  output logic                   frame_known_o,
  output logic                   frame_here_o,
  output logic [31:0]            frame_len_o,
  output logic                   frame_holes_o
);
  `CDMA_CHECK_BUS_BYTES(BusBytes)
  `CDMA_PARAM_CHECK(g_peek_check, PeekBytes >= 1 && PeekBytes <= 2 * BusBytes,
                    "PeekBytes must be 1 to 2*BusBytes")
  `CDMA_PARAM_CHECK(g_depth_check, FrameDepth >= 2, "FrameDepth must be at least 2")
  `CDMA_PARAM_CHECK(g_ahead_check, AheadBytes >= 1 && AheadBytes <= 3 * BusBytes,
                    "AheadBytes must be 1 to 3*BusBytes")

  localparam int FillW = $clog2(CapBytes + 1);
  localparam int BeatW = $clog2(BusBytes + 1);
  localparam int CntW = $clog2(FrameDepth + 1);

  logic [CapBytes*8-1:0] buf_q, buf_d, placed, merged;
  logic [FillW-1:0]      fill_q, fill_d, fill_in, fill0, fill1;
  logic                  ready_q, ready0, ready1;  // s_axis_tready, now and for either decision
  logic [FillW-1:0]      head_q;  // bytes in the buffer of the oldest unfinished frame
  logic [FillW-1:0]      head_pre, head_pop, head0, head1;
  logic [TakeW-1:0]      avail_q, avail0, avail1;
  logic [PeekBytes-1:0]  keep_q, keep0, keep1;
  logic [TakeW-1:0]      consume;
  logic                  pop;
  logic                  here_q;
  logic [31:0]           in_len_d;  // bytes of the frame arriving, this beat's included
  logic [31:0]           in_len_unused;  // the same before this beat
  logic [FrameDepth*32-1:0] lens_q;  // lengths of the frames whose tlast arrived, oldest first
  logic [FrameDepth-1:0] holes_q;    // their holes flags, the same way
  logic                  in_holes_q, in_holes_d;  // the frame arriving had a beat with holes
  logic [CntW-1:0]       cnt_q, cnt0, cnt1;
  logic [BeatW-1:0]      beat_bytes, in_bytes;
  logic [FillW-1:0]      next_len;  // the second frame's length, when it is wholly buffered
  logic                  in_fire, push;

  cdma_popcount #(.Width(BusBytes)) u_beat_bytes (.bits_i(s_axis_tkeep), .count_o(beat_bytes));
  assign s_axis_tready = ready_q;
  assign in_fire       = s_axis_tvalid && s_axis_tready;
  assign in_bytes      = in_fire ? beat_bytes : '0;
  // in_len_d = the frame's bytes before this beat + in_bytes, without a 32-bit carry chain.
  cdma_len_acc #(.Width(32), .LowW(BeatW)) u_in_len (
    .clk_i,
    .rst_ni,
    .en_i   (in_fire),
    .clear_i(s_axis_tlast),
    .add_i  (in_bytes),
    .sum_o  (in_len_d),
    .value_o(in_len_unused)
  );
  assign push          = in_fire && s_axis_tlast;
  // Contiguous from bit 0 means tkeep + 1 is a power of two.
  assign in_holes_d    = in_holes_q || (in_fire && (s_axis_tkeep & (s_axis_tkeep + 1'b1)) != '0);
  assign consume       = take_sel_i ? consume1_i : consume0_i;
  assign pop           = take_sel_i ? pop1_i : pop0_i;
  assign peek_o        = buf_q[PeekBytes*8-1:0];
  assign avail_o       = avail_q;
  assign avail_keep_o  = keep_q;
  assign frame_known_o = cnt_q != '0;
  assign frame_here_o  = here_q;
  assign frame_len_o   = lens_q[31:0];
  assign frame_holes_o = holes_q[0];
  assign next_len      = lens_q[32 +: FillW];

  // The beat is written behind the buffered bytes first (bytes at and above
  // fill_q are free, so whether it is accepted does not matter), then the
  // whole buffer shifts by consume: the consumer's late decision drives one
  // shifter.
  assign placed = (CapBytes*8)'(s_axis_tdata) << {fill_q, 3'b000};
  always_comb begin
    for (int k = 0; k < CapBytes; k++) begin
      merged[k*8 +: 8] = (FillW'(k) >= fill_q) ? placed[k*8 +: 8] : buf_q[k*8 +: 8];
    end
  end
  assign buf_d   = merged >> {consume, 3'b000};
  assign fill_in = fill_q + FillW'(in_bytes);
  assign fill0   = fill_in - FillW'(consume0_i);
  assign fill1   = fill_in - FillW'(consume1_i);
  assign fill_d  = take_sel_i ? fill1 : fill0;
  // Room for a beat: worked out for both decisions, so that s_axis_tready
  // comes from a register.
  assign ready0  = fill0 <= FillW'(CapBytes - BusBytes) && cnt0 != CntW'(FrameDepth);
  assign ready1  = fill1 <= FillW'(CapBytes - BusBytes) && cnt1 != CntW'(FrameDepth);
  assign ahead_o = merged[AheadBytes*8-1:0];

  // The oldest frame's bytes next cycle, for either decision. After a pop the
  // next frame is oldest: a complete one is wholly in the buffer; the one
  // arriving has nothing consumed yet.
  assign head_pre = head_q + (frame_known_o ? '0 : FillW'(in_bytes));
  assign head_pop = (cnt_q >= CntW'(2)) ? next_len : FillW'(in_len_d);
  assign head0    = pop0_i ? head_pop : head_pre - FillW'(consume0_i);
  assign head1    = pop1_i ? head_pop : head_pre - FillW'(consume1_i);
  assign avail0   = (head0 < FillW'(PeekBytes)) ? TakeW'(head0) : TakeW'(PeekBytes);
  assign avail1   = (head1 < FillW'(PeekBytes)) ? TakeW'(head1) : TakeW'(PeekBytes);
  assign cnt0     = cnt_q + CntW'(push) - CntW'(pop0_i);
  assign cnt1     = cnt_q + CntW'(push) - CntW'(pop1_i);
  always_comb begin
    for (int b = 0; b < PeekBytes; b++) begin
      keep0[b] = TakeW'(b) < avail0;
      keep1[b] = TakeW'(b) < avail1;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      fill_q   <= '0;
      ready_q  <= 1'b1;
      head_q   <= '0;
      avail_q  <= '0;
      keep_q   <= '0;
      here_q   <= 1'b0;
      cnt_q    <= '0;
      in_holes_q <= 1'b0;
    end else begin
      fill_q  <= fill_d;
      ready_q <= take_sel_i ? ready1 : ready0;
      head_q  <= take_sel_i ? head1 : head0;
      avail_q <= take_sel_i ? avail1 : avail0;
      keep_q  <= take_sel_i ? keep1 : keep0;
      here_q  <= take_sel_i ? cnt1 != '0 && head1 <= FillW'(PeekBytes) : cnt0 != '0 && head0 <= FillW'(PeekBytes);
      cnt_q   <= take_sel_i ? cnt1 : cnt0;
      if (in_fire) begin
        in_holes_q <= !s_axis_tlast && in_holes_d;
      end
    end
  end

  // Bytes at and above fill_q, and lengths beyond cnt_q, are never used: no reset needed.
  always_ff @(posedge clk_i) begin
    buf_q <= buf_d;
    if (pop) begin
      lens_q  <= lens_q >> 32;
      holes_q <= holes_q >> 1;
    end
    for (int i = 0; i < FrameDepth; i++) begin
      if (push && CntW'(i) == cnt_q - CntW'(pop)) begin
        lens_q[i*32 +: 32] <= in_len_d;
        holes_q[i]         <= in_holes_d;
      end
    end
  end

  `CDMA_ASSERT(consume_le_avail, consume <= avail_q)
  `CDMA_ASSERT(pop_when_known, !pop || frame_known_o)
  `CDMA_ASSERT(fill_in_range, fill_q <= FillW'(CapBytes) && cnt_q <= CntW'(FrameDepth))
  `CDMA_ASSERT(ready_exact, ready_q == (fill_q <= FillW'(CapBytes - BusBytes) && cnt_q != CntW'(FrameDepth)))
  `CDMA_ASSERT(head_in_fill, head_q <= fill_q && (frame_known_o || head_q == fill_q))
endmodule
