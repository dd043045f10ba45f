// Burst legalizer: cuts a transfer of whole beats into legal AXI4 bursts and
// drives one address channel (AR or AW) with them. Every burst is INCR, of
// 1 to MaxBurstBeats beats of BusBytes, and never crosses a 4 KB boundary;
// each starts where the previous one ended. cdma_engine has one for its reads
// and one for its writes.
//
// start_i loads a transfer: its first beat's address (aligned to BusBytes)
// and its length in beats (all ones for a transfer whose end is not known
// yet: the engine's writes). The requester then says how many beats it can
// cover now (avail_i: the beats left for reads, the beats queued for writes)
// and whether more will come (final_i low). The next burst is
// min(MaxBurstBeats, beats to the 4 KB boundary, beats left, avail_i) beats
// (burst_beats_o); it may go (burst_ok_o) when no burst waits on the channel,
// beats are left and avail_i covers a full-size burst or final_i is high. A
// request (take_i, only with burst_ok_o) puts it on the channel: ax_valid_o
// until ax_ready_i, address and length stable (ax_beats_o: the length in
// beats). The address and the beats left
// move on when the channel accepts it; idle_o says no beat is left and no
// burst waits. Reset: asynchronous, active low.
`include "cdma_assert.svh"

module cdma_legalizer #(
  // Bytes per beat: a power of two, 8 to 256.
  parameter int BusBytes = 32,
  // Longest burst in beats, 1 to 256.
  parameter int MaxBurstBeats = 16,
  localparam int BurstW = 9  // 1..256 beats
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              start_i,
  input  logic [63:0]       start_addr_i,
  input  logic [32:0]       start_beats_i,
  input  logic [32:0]       avail_i,
  input  logic              final_i,
  output logic              burst_ok_o,
  output logic [BurstW-1:0] burst_beats_o,
  input  logic              take_i,
  output logic              idle_o,
  output logic [32:0]       left_o,  // beats of the transfer not yet accepted on the channel
  output logic [63:0]       ax_addr_o,
  output logic [7:0]        ax_len_o,
  output logic [BurstW-1:0] ax_beats_o,  // ax_len_o + 1
  output logic              ax_valid_o,
  input  logic              ax_ready_i
);
  `CDMA_CHECK_BUS_BYTES(BusBytes)
  `CDMA_PARAM_CHECK(g_burst_check, MaxBurstBeats >= 1 && MaxBurstBeats <= 256,
                    "MaxBurstBeats must be from 1 to 256")

  localparam int LaneW = $clog2(BusBytes);

  logic [63:0]       addr_q;
  logic [32:0]       left_q;
  logic              pending_q;
  logic [BurstW-1:0] len_q, max_here;
  logic [12:0]       to4k, lo_next;
  logic [63:12]      hi_inc_q, hi_inc;
  logic [32:0]       left_next;               // left_q - len_q
  logic [BurstW:0]   lo_diff;                 // its low bits, with the borrow on top
  logic [32-BurstW:0] hi_dec_n;               // ~(left_q's high bits - 1)
  logic              fire;

  // min(MaxBurstBeats, to4k): at most 256, so it fits BurstW; then the beats
  // left and those the requester covers.
  assign to4k     = (13'd4096 - {1'b0, addr_q[11:0]}) >> LaneW;
  assign max_here = (33'(to4k) < 33'(MaxBurstBeats)) ? BurstW'(to4k) : BurstW'(MaxBurstBeats);
  always_comb begin
    burst_beats_o = max_here;
    if (left_q < 33'(burst_beats_o)) burst_beats_o = BurstW'(left_q);
    if (avail_i < 33'(burst_beats_o)) burst_beats_o = BurstW'(avail_i);
  end
  assign burst_ok_o = !pending_q && left_q != '0 && avail_i != '0 &&
                      (avail_i >= 33'(max_here) || final_i);
  assign idle_o     = left_q == '0 && !pending_q;
  assign left_o     = left_q;
  assign fire       = ax_valid_o && ax_ready_i;

  // The next burst's address. A burst never crosses a 4 KB boundary, so
  // the low 12 bits plus its bytes reach at most 4096, and the bits above
  // move by one exactly when they do. That increment is kept ready in a
  // register (hi_inc_q, addr_q's page + 1 a cycle after addr_q changes)
  // rather than a 64-bit add in the cycle the channel accepts: a burst is
  // accepted at the earliest two cycles after addr_q last changed (a take,
  // then the acceptance). The increment itself is log-depth (cdma_incr).
  assign lo_next = {1'b0, addr_q[11:0]} + 13'({len_q, {LaneW{1'b0}}});

  // The beats left after a burst: a BurstW-bit subtract whose borrow picks
  // the high bits or those less one, a log-depth decrement (x - 1 is
  // ~(~x + 1), cdma_incr) rather than a 33-bit borrow chain.
  assign lo_diff = {1'b0, left_q[BurstW-1:0]} - {1'b0, len_q};
  cdma_incr #(.Width(33 - BurstW)) u_hi_dec (.value_i(~left_q[32:BurstW]), .incr_o(hi_dec_n));
  assign left_next = {lo_diff[BurstW] ? ~hi_dec_n : left_q[32:BurstW], lo_diff[BurstW-1:0]};

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      addr_q    <= '0;
      left_q    <= '0;
      pending_q <= 1'b0;
      len_q     <= '0;
    end else if (start_i) begin
      addr_q    <= start_addr_i;
      left_q    <= start_beats_i;
      pending_q <= 1'b0;
    end else begin
      if (take_i) begin
        pending_q <= 1'b1;
        len_q     <= burst_beats_o;
      end
      if (fire) begin
        pending_q <= 1'b0;
        addr_q    <= {lo_next[12] ? hi_inc_q : addr_q[63:12], lo_next[11:0]};
        left_q    <= left_next;
      end
    end
  end

  cdma_incr #(.Width(52)) u_hi_inc (.value_i(addr_q[63:12]), .incr_o(hi_inc));
  always_ff @(posedge clk_i) hi_inc_q <= hi_inc;

  assign ax_addr_o  = addr_q;
  assign ax_len_o   = 8'(len_q - 1'b1);
  assign ax_beats_o = len_q;
  assign ax_valid_o = pending_q;

  `CDMA_ASSERT(take_when_ok, !take_i || burst_ok_o)
  `CDMA_ASSERT(left_next_is_diff, left_next == left_q - 33'(len_q))
  `CDMA_ASSERT(start_when_idle, !start_i || !pending_q)
  `CDMA_ASSERT(addr_beat_aligned, addr_q[LaneW-1:0] == '0)
  `CDMA_ASSERT(page_inc_ready, !pending_q || hi_inc_q == addr_q[63:12] + 52'd1)
  `CDMA_ASSERT(burst_in_page, !pending_q || !lo_next[12] || lo_next[11:0] == '0)
endmodule
