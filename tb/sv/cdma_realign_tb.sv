// Self-checking bench for cdma_realign, in plain simulation SystemVerilog so
// that Icarus 11, Verilator (--binary --timing) and the Yosys netlist run
// the same stimulus (tb/sv/run.sh). The reference is the module's contract,
// written here without looking at its implementation: a frame's output is
// offset absent lanes followed by every input byte, packed densely into
// beats, lanes outside the bytes not kept and zero, tlast on the last beat.
//
// Cases: the minimal case of issue 17 (one last beat, s_lo 4, s_len 4,
// offset 0: the low four output bytes are 88776655), every single-beat frame
// (offset, s_lo, s_len) exhaustively, then random multi-beat frames with
// random idle and backpressure. Prints "cdma_realign_tb: N frames, M beats,
// 0 errors" and finishes with $finish, or stops with $fatal on the first
// mismatch. Random numbers come from a xorshift32 of the bench's own, so
// every simulator sees the same stimulus (seeded $random differs).
/* verilator lint_off INITIALDLY */  // the driver's tasks run in an initial block
/* verilator lint_off BLKSEQ */      // the clock, and the monitor's counters shared with the driver
/* verilator lint_off SYNCASYNCNET */
module cdma_realign_tb;
  parameter int BusBytes = 8;
  parameter int Seed = 1;
  parameter int RandomFrames = 400;
  localparam int LaneW = $clog2(BusBytes);
  localparam int LenW = LaneW + 1;
  localparam int MaxBeats = 4096;

  logic                  clk = 1'b0;
  logic                  rst_n = 1'b0;
  logic [LaneW-1:0]      offset;
  logic [8*BusBytes-1:0] s_data;
  logic [LaneW-1:0]      s_lo;
  logic [LenW-1:0]       s_len;
  logic                  s_last, s_valid, s_ready;
  logic [8*BusBytes-1:0] m_data;
  logic [BusBytes-1:0]   m_keep;
  logic                  m_last, m_valid, m_ready;

  always #5 clk = !clk;

`ifdef CDMA_NETLIST
  cdma_realign dut (
`else
  cdma_realign #(.BusBytes(BusBytes)) dut (
`endif
    .clk_i(clk), .rst_ni(rst_n), .offset_i(offset), .s_data_i(s_data), .s_lo_i(s_lo),
    .s_len_i(s_len), .s_last_i(s_last), .s_valid_i(s_valid), .s_ready_o(s_ready),
    .m_axis_tdata(m_data), .m_axis_tkeep(m_keep), .m_axis_tlast(m_last),
    .m_axis_tvalid(m_valid), .m_axis_tready(m_ready));

  // Expected output beats, queued by the driver, popped by the monitor.
  logic [8*BusBytes-1:0] exp_data [MaxBeats];
  logic [BusBytes-1:0]   exp_keep [MaxBeats];
  logic                  exp_last [MaxBeats];
  integer exp_wr = 0, exp_rd = 0, frames = 0;
  logic [31:0] rng = 32'(Seed) ^ 32'h9E37_79B9;
  integer backpressure = 0;  // percent of cycles with m_axis_tready low

  // One frame: its input beats (lane of the first byte, byte count) and data.
  logic [LaneW-1:0]      in_lo   [MaxBeats];
  logic [LenW-1:0]       in_len  [MaxBeats];
  logic [8*BusBytes-1:0] in_data [MaxBeats];
  logic [7:0]            stream  [MaxBeats * 8];

  // The frame's expected output, from the contract.
  task automatic expect_frame(input integer off, input integer beats);
    integer n, b, l, pos, total;
    n = 0;
    for (b = 0; b < beats; b++)
      for (l = 0; l < in_len[b]; l++) begin
        stream[n] = in_data[b][8*(32'(in_lo[b]) + l) +: 8];
        n = n + 1;
      end
    total = off + n;
    for (b = 0; b * BusBytes < total; b++) begin
      exp_data[exp_wr % MaxBeats] = '0;
      exp_keep[exp_wr % MaxBeats] = '0;
      for (l = 0; l < BusBytes; l++) begin
        pos = b * BusBytes + l;
        if (pos >= off && pos < total) begin
          exp_keep[exp_wr % MaxBeats][l] = 1'b1;
          exp_data[exp_wr % MaxBeats][8*l +: 8] = stream[pos - off];
        end
      end
      exp_last[exp_wr % MaxBeats] = (b + 1) * BusBytes >= total;
      exp_wr = exp_wr + 1;
    end
  endtask

  // Drive the frame's beats, with random idle cycles when idle > 0.
  task automatic send_frame(input integer off, input integer beats, input integer idle);
    integer b;
    expect_frame(off, beats);
    for (b = 0; b < beats; b++) begin
      while (idle > 0 && urand(100) < idle) @(posedge clk);
      offset  <= LaneW'(off);
      s_data  <= in_data[b];
      s_lo    <= in_lo[b];
      s_len   <= in_len[b];
      s_last  <= b == beats - 1;
      s_valid <= 1'b1;
      @(posedge clk);
      while (!s_ready) @(posedge clk);
      s_valid <= 1'b0;
    end
    frames = frames + 1;
  endtask

  function automatic logic [31:0] xorshift32(input logic [31:0] x);
    xorshift32 = x ^ (x << 13);
    xorshift32 = xorshift32 ^ (xorshift32 >> 17);
    xorshift32 = xorshift32 ^ (xorshift32 << 5);
  endfunction

  // The driver's random words.
  function automatic logic [31:0] next_word();
    rng = xorshift32(rng);
    next_word = rng;
  endfunction

  function automatic integer urand(input integer n);
    urand = next_word() % 32'(n);
  endfunction

  function automatic logic [8*BusBytes-1:0] random_beat();
    integer i;
    logic [31:0] w;
    for (i = 0; i < BusBytes; i++) begin
      w = next_word();
      random_beat[8*i +: 8] = 8'(w >> 24);
    end
  endfunction

  // Monitor: every output handshake against the next expected beat.
  always @(posedge clk) begin
    if (rst_n && m_valid && m_ready) begin
      if (exp_rd == exp_wr) $fatal(1, "cdma_realign_tb: output beat %0d that no frame expects", exp_rd);
      if (m_keep !== exp_keep[exp_rd % MaxBeats] || m_last !== exp_last[exp_rd % MaxBeats] ||
          m_data !== exp_data[exp_rd % MaxBeats])
        $fatal(1, "cdma_realign_tb: beat %0d: expected keep %h last %b data %h, got keep %h last %b data %h",
               exp_rd, exp_keep[exp_rd % MaxBeats], exp_last[exp_rd % MaxBeats],
               exp_data[exp_rd % MaxBeats], m_keep, m_last, m_data);
      exp_rd = exp_rd + 1;
    end
  end
  // The sink's own random words: the driver's and the sink's draws would
  // otherwise interleave in an order that differs between simulators.
  logic [31:0] sink_rng = 32'(Seed) ^ 32'h85EB_CA6B;
  always @(posedge clk) begin
    sink_rng <= xorshift32(sink_rng);
    m_ready  <= backpressure == 0 || sink_rng % 100 >= 32'(backpressure);
  end

  task automatic drain;
    integer wait_cycles;
    wait_cycles = 0;
    while (exp_rd != exp_wr) begin
      @(posedge clk);
      wait_cycles = wait_cycles + 1;
      if (wait_cycles > 10000) $fatal(1, "cdma_realign_tb: %0d expected beats never came", exp_wr - exp_rd);
    end
  endtask

  integer off, lo, len, beats, b, used, f;
  initial begin
    s_valid = 1'b0;
    s_last  = 1'b0;
    s_data  = '0;
    s_lo    = '0;
    s_len   = LenW'(1);
    offset  = '0;
    m_ready = 1'b1;
    repeat (4) @(posedge clk);
    rst_n = 1'b1;
    @(posedge clk);

    // Issue 17's minimal case (at BusBytes 8 it is exactly the reported beat).
    in_lo[0]   = LaneW'(4);
    in_len[0]  = LenW'(4);
    in_data[0] = '0;
    in_data[0][63:0] = 64'h8877665544332211;
    send_frame(0, 1, 0);
    drain();

    // Every single-beat frame.
    for (off = 0; off < BusBytes; off++)
      for (lo = 0; lo < BusBytes; lo++)
        for (len = 1; lo + len <= BusBytes; len++) begin
          in_lo[0]   = LaneW'(lo);
          in_len[0]  = LenW'(len);
          in_data[0] = random_beat();
          send_frame(off, 1, 0);
        end
    drain();

    // Random frames as the engine makes them (read side: the first beat
    // starts anywhere, the rest at lane 0; write side: packed beats to an
    // offset) and beats of any lane and length, with idle and backpressure.
    for (f = 0; f < RandomFrames; f++) begin
      backpressure <= (f % 3) * 30;  // from the next edge on, in every simulator
      beats = 1 + urand(6);
      off = urand(BusBytes);
      for (b = 0; b < beats; b++) begin
        // No `?:` around a draw: Verilator evaluates both arms.
        lo = 0;
        if (f % 2 != 0 || b == 0) lo = urand(BusBytes);
        used = BusBytes - lo;
        len = used;
        if (f % 2 != 0 || b == beats - 1) len = 1 + urand(used);
        in_lo[b]   = LaneW'(lo);
        in_len[b]  = LenW'(len);
        in_data[b] = random_beat();
      end
      send_frame(off, beats, (f % 4) * 20);
    end
    drain();
    $display("cdma_realign_tb: %0d frames, %0d beats, 0 errors", frames, exp_rd);
    $finish;
  end
endmodule
