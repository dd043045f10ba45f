// Self-checking bench for cdma_buffer, in plain simulation SystemVerilog so
// that Icarus 11, Verilator (--binary --timing) and the Yosys netlist run
// the same stimulus (tb/sv/run.sh). The reference is the contract
// (RTL-INTERFACES.md, cdma_buffer), written here without the module's code:
// beats leave unchanged and in order; level_o counts beats written and not
// read; a reservation is granted exactly when its beats are neither held nor
// reserved; each write uses up one beat of the oldest reservation left, one
// granted in the same cycle included; free_o is the depth minus both;
// s_axis_tready is high exactly when a beat has room.
//
// Frames of random length and tkeep on the last beat go in with random idle
// cycles, out under random backpressure (none, 30 %, 60 %, and a sink that
// waits until the buffer has been full for 8 cycles), while a reservation driver asks for 0 to DepthBeats
// beats and holds each request until it is granted. Every cycle compares
// level_o, free_o, rsv_ready_o and s_axis_tready with the model. Prints
// "cdma_buffer_tb: N frames, M beats, G grants, C cycles, 0 errors" and finishes, or
// stops with $fatal on the first mismatch. Random numbers come from
// xorshift32s of the bench's own, so every simulator sees the same stimulus;
// the bench drives on falling edges and samples on rising ones, so no
// simulator's ordering of a rising edge changes what it sees.
/* verilator lint_off BLKSEQ */  // the drivers assign on falling edges, the model's counters on rising ones
/* verilator lint_off SYNCASYNCNET */
module cdma_buffer_tb;
  parameter int BusBytes = 8;
  parameter int DepthBeats = 5;
  parameter int Seed = 1;
  parameter int Frames = 300;
  localparam int CountW = $clog2(DepthBeats + 1);
  localparam int MaxBeats = 4096;
  localparam int MaxRsv = 64;

  logic                  clk = 1'b0;
  logic                  rst_n = 1'b0;
  logic [8*BusBytes-1:0] s_data, m_data;
  logic [BusBytes-1:0]   s_keep, m_keep;
  logic                  s_last, s_valid, s_ready, m_last, m_valid, m_ready;
  logic                  rsv_valid, rsv_ready;
  logic [CountW-1:0]     rsv_beats, level, free;

  always #5 clk = !clk;

`ifdef CDMA_NETLIST
  cdma_buffer dut (
`else
  cdma_buffer #(.BusBytes(BusBytes), .DepthBeats(DepthBeats)) dut (
`endif
    .clk_i(clk), .rst_ni(rst_n),
    .s_axis_tdata(s_data), .s_axis_tkeep(s_keep), .s_axis_tlast(s_last),
    .s_axis_tvalid(s_valid), .s_axis_tready(s_ready),
    .m_axis_tdata(m_data), .m_axis_tkeep(m_keep), .m_axis_tlast(m_last),
    .m_axis_tvalid(m_valid), .m_axis_tready(m_ready),
    .rsv_valid_i(rsv_valid), .rsv_ready_o(rsv_ready), .rsv_beats_i(rsv_beats),
    .level_o(level), .free_o(free));

  function automatic logic [31:0] xorshift32(input logic [31:0] x);
    xorshift32 = x ^ (x << 13);
    xorshift32 = xorshift32 ^ (xorshift32 >> 17);
    xorshift32 = xorshift32 ^ (xorshift32 << 5);
  endfunction

  // Beats written, in order, for the monitor.
  logic [8*BusBytes-1:0] exp_data [MaxBeats];
  logic [BusBytes-1:0]   exp_keep [MaxBeats];
  logic                  exp_last [MaxBeats];
  integer exp_wr = 0, exp_rd = 0, frames = 0, grants = 0, cycles = 0;
  // Percent of cycles with m_axis_tready low (100: stopped). The driver sets
  // backpressure_next on a falling edge; the sink reads the copy taken at the
  // next rising edge, so no simulator's order within a falling edge matters.
  integer backpressure = 0, backpressure_next = 0;
  logic [31:0] rng = 32'(Seed) ^ 32'h9E37_79B9;

  function automatic integer urand(input integer n);
    rng = xorshift32(rng);
    urand = rng % 32'(n);
  endfunction

  // ---- The contract's model, checked and updated at every edge ----------------
  integer model_level = 0;
  integer ledger [MaxRsv];  // beats left of each granted reservation, oldest first
  integer led_rd = 0, led_wr = 0, reserved = 0;
  logic push = 1'b0, pop = 1'b0, grant = 1'b0;  // the handshakes at the last edge
  always @(posedge clk) begin
    backpressure = backpressure_next;
    if (rst_n) begin
      cycles = cycles + 1;
      if (32'(level) != 32'(model_level))
        $fatal(1, "cdma_buffer_tb: cycle %0d: level_o %0d, expected %0d", cycles, level, model_level);
      if (32'(free) != 32'(DepthBeats - model_level - reserved))
        $fatal(1, "cdma_buffer_tb: cycle %0d: free_o %0d, expected %0d", cycles, free,
               DepthBeats - model_level - reserved);
      if (s_ready !== (model_level < DepthBeats))
        $fatal(1, "cdma_buffer_tb: cycle %0d: s_axis_tready %b at level %0d", cycles, s_ready, model_level);
      if (rsv_valid && rsv_ready !== (32'(rsv_beats) <= 32'(DepthBeats - model_level - reserved)))
        $fatal(1, "cdma_buffer_tb: cycle %0d: rsv_ready_o %b for %0d beats with %0d free", cycles,
               rsv_ready, rsv_beats, DepthBeats - model_level - reserved);
      push = s_valid && s_ready;
      pop = m_valid && m_ready;
      grant = rsv_valid && rsv_ready;
      if (pop) begin
        if (exp_rd == exp_wr) $fatal(1, "cdma_buffer_tb: output beat %0d that was never written", exp_rd);
        if (m_keep !== exp_keep[exp_rd % MaxBeats] || m_last !== exp_last[exp_rd % MaxBeats] ||
            m_data !== exp_data[exp_rd % MaxBeats])
          $fatal(1, "cdma_buffer_tb: beat %0d: expected keep %h last %b data %h, got keep %h last %b data %h",
                 exp_rd, exp_keep[exp_rd % MaxBeats], exp_last[exp_rd % MaxBeats],
                 exp_data[exp_rd % MaxBeats], m_keep, m_last, m_data);
        exp_rd = exp_rd + 1;
      end
      if (push) begin
        exp_data[exp_wr % MaxBeats] = s_data;
        exp_keep[exp_wr % MaxBeats] = s_keep;
        exp_last[exp_wr % MaxBeats] = s_last;
        exp_wr = exp_wr + 1;
      end
      model_level = model_level + (push ? 1 : 0) - (pop ? 1 : 0);
      if (grant && rsv_beats != '0) begin
        ledger[led_wr % MaxRsv] = 32'(rsv_beats);
        led_wr = led_wr + 1;
        reserved = reserved + 32'(rsv_beats);
      end
      if (grant) grants = grants + 1;
      if (push && led_rd != led_wr) begin
        ledger[led_rd % MaxRsv] = ledger[led_rd % MaxRsv] - 1;
        reserved = reserved - 1;
        if (ledger[led_rd % MaxRsv] == 0) led_rd = led_rd + 1;
      end
    end
  end

  // ---- Reservations: random requests, each held until granted -----------------
  logic [31:0] rsv_rng = 32'(Seed) ^ 32'hC2B2_AE35;
  always @(negedge clk) begin
    rsv_rng = xorshift32(rsv_rng);
    if (!rst_n) begin
      rsv_valid = 1'b0;
      rsv_beats = '0;
    end else if (!rsv_valid || grant) begin
      rsv_valid = rsv_rng % 4 == 0;
      rsv_beats = CountW'((rsv_rng >> 8) % 32'(DepthBeats + 1));
    end
  end

  // ---- Sink: random backpressure from its own words -------------------------
  // Stopped (100): ready only once the buffer has been full for 8 cycles.
  logic [31:0] sink_rng = 32'(Seed) ^ 32'h85EB_CA6B;
  integer full_for = 0;
  always @(negedge clk) begin
    sink_rng = xorshift32(sink_rng);
    full_for = model_level == DepthBeats ? full_for + 1 : 0;
    if (backpressure == 100) m_ready = full_for > 8;
    else m_ready = backpressure == 0 || sink_rng % 100 >= 32'(backpressure);
  end

  // One frame of `beats` beats, random data, the last beat's tkeep contiguous
  // from bit 0 with 1 to BusBytes bytes; random idle cycles before each beat.
  task automatic send_frame(input integer beats, input integer idle);
    integer b, i, kept;
    for (b = 0; b < beats; b++) begin
      while (idle > 0 && urand(100) < idle) @(negedge clk);
      for (i = 0; i < BusBytes; i++) s_data[8*i +: 8] = 8'(urand(256));
      kept = BusBytes;
      if (b == beats - 1) kept = 1 + urand(BusBytes);
      for (i = 0; i < BusBytes; i++) s_keep[i] = i < kept;
      s_last  = b == beats - 1;
      s_valid = 1'b1;
      @(negedge clk);
      while (!push) @(negedge clk);  // taken at the edge before
      s_valid = 1'b0;
    end
    frames = frames + 1;
  endtask

  task automatic drain;
    integer wait_cycles;
    backpressure_next = 0;
    wait_cycles = 0;
    while (exp_rd != exp_wr) begin
      @(negedge clk);
      wait_cycles = wait_cycles + 1;
      if (wait_cycles > 10000) $fatal(1, "cdma_buffer_tb: %0d written beats never came out", exp_wr - exp_rd);
    end
  endtask

  integer f;
  initial begin
    s_valid = 1'b0;
    s_last  = 1'b0;
    s_data  = '0;
    s_keep  = '0;
    m_ready = 1'b0;
    repeat (4) @(negedge clk);
    rst_n = 1'b1;
    @(negedge clk);
    for (f = 0; f < Frames; f++) begin
      backpressure_next = f % 4 == 3 ? 100 : (f % 4) * 30;
      send_frame(1 + urand(2 * DepthBeats + 2), (f % 3) * 25);
    end
    drain();
    repeat (4) @(negedge clk);
    if (level !== '0) $fatal(1, "cdma_buffer_tb: level_o %0d after every beat left", level);
    $display("cdma_buffer_tb: %0d frames, %0d beats, %0d grants, %0d cycles, 0 errors", frames, exp_rd, grants,
             cycles);
    $finish;
  end
endmodule
