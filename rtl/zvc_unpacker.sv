// Byte-stream unpacker: AXI4-Stream beats in, a window of the oldest
// PeekBytes buffered bytes out; the consumer takes any 0..PeekBytes of them
// per cycle. Frame ends are kept as lengths in a small queue: frame_known_o
// says the oldest unfinished frame's tlast has arrived, frame_len_o is its
// byte count and frame_rem_o how many of its bytes are not consumed yet. The
// consumer pops a frame (frame_pop_i) in the cycle it consumes the frame's
// last bytes, or any later cycle; a frame of zero bytes (a lone null beat)
// is popped like any other.
//
// Input bytes are the low popcount(tkeep) lanes of a beat. s_axis_tready comes
// from registers only. Bytes of peek_o at or above fill_o are undefined.
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
  localparam int CapBytes = 3 * BusBytes,
  localparam int FillW = $clog2(CapBytes + 1),
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
  output logic [FillW-1:0]       fill_o,
  input  logic [TakeW-1:0]       consume_i,
  output logic                   frame_known_o,
  output logic [31:0]            frame_len_o,
  output logic [31:0]            frame_rem_o,
  input  logic                   frame_pop_i
);
  `CDMA_CHECK_BUS_BYTES(BusBytes)
  `CDMA_PARAM_CHECK(g_peek_check, PeekBytes >= 1 && PeekBytes <= 2 * BusBytes,
                    "PeekBytes must be 1 to 2*BusBytes")

  localparam int BeatW = $clog2(BusBytes + 1);

  logic [CapBytes*8-1:0] buf_q, buf_d;
  logic [FillW-1:0]      fill_q, fill_d, fill_mid;
  logic [31:0]           in_len_q;   // bytes of the frame arriving
  logic [31:0]           consumed_q; // bytes consumed of the oldest unfinished frame
  logic [BeatW-1:0]      beat_bytes;
  logic                  in_fire, len_ready;

  assign beat_bytes    = BeatW'($countones(s_axis_tkeep));
  assign s_axis_tready = fill_q <= FillW'(CapBytes - BusBytes) && len_ready;
  assign in_fire       = s_axis_tvalid && s_axis_tready;
  assign peek_o        = buf_q[PeekBytes*8-1:0];
  assign fill_o        = fill_q;
  assign frame_rem_o   = frame_len_o - consumed_q;

  cdma_fifo_sync #(.Width(32), .Depth(FrameDepth)) u_frame_len (
    .clk_i,
    .rst_ni,
    .wvalid_i(in_fire && s_axis_tlast),
    .wready_o(len_ready),
    .wdata_i (in_len_q + 32'(beat_bytes)),
    .rvalid_o(frame_known_o),
    .rready_i(frame_pop_i),
    .rdata_o (frame_len_o)
  );

  always_comb begin
    logic [CapBytes*8-1:0] shifted, appended;
    fill_mid = fill_q - FillW'(consume_i);
    shifted  = buf_q >> {consume_i, 3'b000};
    appended = (CapBytes*8)'(s_axis_tdata) << {fill_mid, 3'b000};
    for (int k = 0; k < CapBytes; k++) begin
      buf_d[k*8 +: 8] = (in_fire && FillW'(k) >= fill_mid) ? appended[k*8 +: 8] : shifted[k*8 +: 8];
    end
    fill_d = fill_mid + (in_fire ? FillW'(beat_bytes) : '0);
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      fill_q     <= '0;
      in_len_q   <= '0;
      consumed_q <= '0;
    end else begin
      fill_q <= fill_d;
      if (in_fire) in_len_q <= s_axis_tlast ? '0 : in_len_q + 32'(beat_bytes);
      consumed_q <= frame_pop_i ? '0 : consumed_q + 32'(consume_i);
    end
  end

  // Bytes at and above fill_q are never used: no reset needed.
  always_ff @(posedge clk_i) buf_q <= buf_d;

  `CDMA_ASSERT(consume_le_fill, consume_i <= TakeW'(PeekBytes) && FillW'(consume_i) <= fill_q)
  `CDMA_ASSERT(pop_when_known, !frame_pop_i || frame_known_o)
  `CDMA_ASSERT(fill_in_range, fill_q <= FillW'(CapBytes))
endmodule
