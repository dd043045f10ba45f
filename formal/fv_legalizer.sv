// The burst legalizer on its own (docs/formal.md, set "legalizer"): any
// transfers (any beat-aligned start address, any length up to 2^33 - 1
// beats), any beats the requester covers, any requests it makes when a burst
// may go, any AxREADY. Watched from outside, as an AXI4 monitor would:
// - the address channel holds AxVALID, the address and the length until
//   AxREADY;
// - every burst is 1 to MaxBurstBeats beats, starts on a beat, never crosses a
//   4 KB boundary, and starts where the previous burst of its transfer ended
//   (the first at the transfer's start);
// - a burst offered is at least one beat and no more than the requester
//   covers; short of final_i, it is full-size (MaxBurstBeats, up to the 4 KB
//   boundary, or the transfer's last beats): no short burst in the middle of
//   a transfer;
// - the beats accepted never exceed the transfer's length, and the
//   legalizer is idle exactly when all of them are accepted.
// Proven by k-induction (the invariant ties the beats accepted and the beats
// left to the transfer's length).
module fv_legalizer #(
  parameter int BusBytes = 8,
  parameter int MaxBurstBeats = 4
) (
  input logic        clk_i,
  input logic        start_i,
  input logic [63:0] start_addr_i,
  input logic [32:0] start_beats_i,
  input logic [32:0] avail_i,
  input logic        final_i,
  input logic        take_i,
  input logic        ax_ready_i
);
  localparam int LaneW = $clog2(BusBytes);

  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  wire rst_ni = !init_q;

  logic        burst_ok_o, idle_o, ax_valid_o;
  logic [8:0]  burst_beats_o, ax_beats_o;
  logic [32:0] left_o;
  logic [63:0] ax_addr_o;
  logic [7:0]  ax_len_o;

  cdma_legalizer #(.BusBytes(BusBytes), .MaxBurstBeats(MaxBurstBeats)) dut (.*);

  // The requester: starts a transfer only with no burst waiting, at a beat
  // address; asks for a burst only when one may go, not while starting.
  always @(posedge clk_i) begin
    if (rst_ni) begin
      assume (!start_i || !ax_valid_o);
      assume (!start_i || start_addr_i[LaneW-1:0] == '0);
      assume (!take_i || (burst_ok_o && !start_i));
    end else begin
      assume (!start_i && !take_i);
    end
  end

  // The transfer as the requester and the channel saw it.
  logic        fire, stall_q, started_q;
  logic [63:0] next_q, addr_q;     // where the next burst must start; last cycle's address
  logic [32:0] total_q, issued_q;  // the transfer's beats, those accepted so far
  logic [8:0]  beats_q;
  logic [12:0] to4k;
  logic [31:0] end4k;  // wide: a product cut to 13 bits would wrap at BusBytes 256
  assign fire  = ax_valid_o && ax_ready_i;
  assign to4k  = (13'd4096 - {1'b0, ax_addr_o[11:0]}) >> LaneW;
  assign end4k = 32'(ax_addr_o[11:0]) + 32'(ax_beats_o) * BusBytes;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      started_q <= 1'b0;
      stall_q   <= 1'b0;
      next_q    <= '0;
      total_q   <= '0;
      issued_q  <= '0;
    end else begin
      stall_q <= ax_valid_o && !ax_ready_i;
      addr_q  <= ax_addr_o;
      beats_q <= ax_beats_o;
      if (start_i) begin
        started_q <= 1'b1;
        next_q    <= start_addr_i;
        total_q   <= start_beats_i;
        issued_q  <= '0;
      end else if (fire) begin
        next_q   <= ax_addr_o + 64'(ax_beats_o) * 64'(BusBytes);
        issued_q <= issued_q + 33'(ax_beats_o);
      end
    end
  end

  always @(posedge clk_i) begin
    if (rst_ni) begin
      // The address channel.
      if (stall_q) assert (ax_valid_o && ax_addr_o == addr_q && ax_beats_o == beats_q);
      assert (ax_len_o == 8'(ax_beats_o - 1'b1));
      if (ax_valid_o) begin
        assert (started_q);
        assert (ax_beats_o >= 9'd1 && 32'(ax_beats_o) <= MaxBurstBeats);
        assert (ax_addr_o[LaneW-1:0] == '0);
        assert (end4k <= 32'd4096);
        assert (ax_addr_o == next_q);
        assert (33'(ax_beats_o) <= left_o);
      end
      // The burst offered.
      if (burst_ok_o) begin
        assert (burst_beats_o >= 9'd1 && 33'(burst_beats_o) <= avail_i);
        if (!final_i)
          assert (32'(burst_beats_o) == MaxBurstBeats || 13'(burst_beats_o) == to4k ||
                  33'(burst_beats_o) == left_o);
        assert (33'(burst_beats_o) <= left_o);
      end
      // The transfer's beats: accepted plus left is its length.
      if (started_q) begin
        assert (issued_q + left_o == total_q);
        assert (ax_addr_o == next_q);
        assert (idle_o == (issued_q == total_q && !ax_valid_o));
      end else begin
        assert (!ax_valid_o && left_o == '0);
      end
      // Covers: a burst cut at a 4 KB boundary below full size, a short last
      // burst, a transfer of several bursts accepted to its end.
      cover (fire && 32'(ax_beats_o) < MaxBurstBeats && end4k == 32'd4096);
      cover (fire && 32'(ax_beats_o) < MaxBurstBeats && left_o == 33'(ax_beats_o) && end4k != 32'd4096);
      cover (started_q && idle_o && total_q > 33'(MaxBurstBeats));
    end
  end
endmodule
