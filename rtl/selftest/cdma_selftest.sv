// On-chip self-test of the codec: a pseudo-random source of activation-like
// frames (a selectable share of zero elements) -> zvc_compressor ->
// (a register slice, Slice = 1) -> zvc_decompressor -> a checker that
// regenerates the same frames and compares every output byte. The FPGA flow
// (Makefile.fpga) builds it for iCE40 boards and the Verilator bench
// tb/selftest_tb.cpp runs the same module.
//
// Source: frames of FrameBeats full beats. Element values come from a bank of
// xorshift64 generators (one per 8 bytes of the bus). Element i is zero when
// the beat's byte (i+1)*ElemBytes mod BusBytes (the lowest byte of the next
// element's value) is below a threshold: sparsity_i = 0, 1, 2, 3 gives 0 %,
// 50 %, 75 % and 90 % zeros (plus the rare all-zero random value); change it
// only while rst_ni is low, as source and checker both read it. Reading the
// zero decision from the same bank, not a second one, halves the generator
// logic (the UP5K build needs the room). The checker runs an identical bank,
// advanced by the decompressor's output beats.
//
// Checks: every output byte, tkeep all ones, tlast exactly on each frame's
// last beat, compressor status (raw length, no error), decompressor status (no
// error flag). pass_count_o counts frames that passed every check; error_o is
// sticky until reset. stall_i makes the checker's tready random, inject_i
// flips bit 0 of every payload beat between the two codecs while it is high
// (the self-test must then report an error). Reset: asynchronous, active low.
`include "cdma_assert.svh"

module cdma_selftest #(
  // Bytes per element: 1, 2 or 4.
  parameter int ElemBytes = 1,
  // Bytes per beat: a power of two, 8 to 256, at least ElemBytes.
  parameter int BusBytes = 8,
  // Beats per frame, 1 or more.
  parameter int FrameBeats = 64,
  // Seed of the generators (any value; 0 is replaced).
  parameter logic [63:0] Seed = 64'h9E37_79B9_7F4A_7C15,
  // 1 puts a register slice between the two codecs (a cycle of latency, 8
  // flip-flops a byte of bus), so that no path runs from the compressor's
  // output through the decompressor's input; 0 leaves it out (the UP5K
  // build has no room for it).
  parameter int Slice = 1
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic [1:0]  sparsity_i,
  input  logic        stall_i,
  input  logic        inject_i,
  output logic [31:0] pass_count_o,
  output logic [31:0] comp_bytes_o,  // payload bytes of the last compressed frame
  output logic        error_o
);
  `CDMA_PARAM_CHECK(g_frame_check, FrameBeats >= 1, "FrameBeats must be at least 1")
  `CDMA_PARAM_CHECK(g_slice_check, Slice == 0 || Slice == 1, "Slice must be 0 or 1")

  localparam int ElemBits = 8 * ElemBytes;
  localparam int NumElems = BusBytes / ElemBytes;
  localparam int Gens = BusBytes / 8;  // generators in a bank
  localparam int BeatW = FrameBeats > 1 ? $clog2(FrameBeats) : 1;  // beat counter, 0..FrameBeats-1
  localparam logic [31:0] FrameBytes = 32'(FrameBeats * BusBytes);

  function automatic logic [63:0] xorshift64(input logic [63:0] x);
    xorshift64 = x ^ (x << 13);
    xorshift64 = xorshift64 ^ (xorshift64 >> 7);
    xorshift64 = xorshift64 ^ (xorshift64 << 17);
  endfunction

  // Bank seeds: distinct non-zero values per generator. It runs only while
  // the design elaborates (Seeds below), so simulation cannot cover it.
  /* verilator coverage_off */
  function automatic logic [Gens*64-1:0] seeds(input logic [63:0] s);
    seeds = '0;
    for (int g = 0; g < Gens; g++) begin
      seeds[g*64 +: 64] = (s == '0 ? 64'h1 : s) ^ (64'(g) * 64'hD1B5_4A32_D192_ED03);
      if (seeds[g*64 +: 64] == '0) seeds[g*64 +: 64] = 64'h1;
    end
  endfunction
  /* verilator coverage_on */

  localparam logic [Gens*64-1:0] Seeds = seeds(Seed);

  // ---- Frame generator (used twice: source and checker) ----------------------
  logic [Gens*64-1:0]    src_q, chk_q, src_next, chk_next;
  logic [BusBytes*8-1:0] src_data, chk_data;
  logic [7:0]            threshold;

  always @* begin  // reads what it writes: see docs/rtl.md, Icarus
    case (sparsity_i)
      2'd0:    threshold = 8'd0;
      2'd1:    threshold = 8'd128;
      2'd2:    threshold = 8'd192;
      default: threshold = 8'd230;
    endcase
    for (int g = 0; g < Gens; g++) begin
      src_next[g*64 +: 64] = xorshift64(src_q[g*64 +: 64]);
      chk_next[g*64 +: 64] = xorshift64(chk_q[g*64 +: 64]);
    end
    // Element i is zero when byte (i+1)*ElemBytes mod BusBytes is below the threshold.
    for (int i = 0; i < NumElems; i++) begin
      src_data[i*ElemBits +: ElemBits] =
          src_q[((i + 1) * ElemBytes % BusBytes) * 8 +: 8] < threshold ? '0 : src_q[i*ElemBits +: ElemBits];
      chk_data[i*ElemBits +: ElemBits] =
          chk_q[((i + 1) * ElemBytes % BusBytes) * 8 +: 8] < threshold ? '0 : chk_q[i*ElemBits +: ElemBits];
    end
  end

  // ---- Source -> compressor -> decompressor -> checker ------------------------
  logic [BeatW-1:0]      src_beat_q, chk_beat_q;
  logic                  src_last, src_fire, chk_fire, chk_last, chk_ready;
  logic                  c_ready, l_valid, l_ready, l_last, d_valid, d_ready, d_last;
  logic [BusBytes*8-1:0] l_data, d_data, o_data;
  logic [BusBytes-1:0]   l_keep, d_keep, o_keep;
  logic                  o_valid, o_last, cs_valid, cs_error, ds_valid;
  logic [31:0]           cs_raw, cs_comp;
  logic [2:0]            ds_error;
  logic                  cmd_ready_unused;
  logic [31:0]           ds_comp_unused;
  logic                  ds_bad_mode_unused, ds_bad_keep_unused;
  logic [15:0]           stall_q;

  assign src_last = src_beat_q == BeatW'(FrameBeats - 1);
  assign src_fire = c_ready;  // the source always has a beat

  // Plain ZVC codecs (Modes = 0): the self-test does not exercise the modes,
  // and the UP5K has no room for them.
  zvc_compressor #(.ElemBytes(ElemBytes), .BusBytes(BusBytes), .Modes(0)) u_comp (
    .clk_i,
    .rst_ni,
    .s_axis_tdata    (src_data),
    .s_axis_tkeep    ({BusBytes{1'b1}}),
    .s_axis_tlast    (src_last),
    .s_axis_tuser    (zvc_pkg::ModeZvc),
    .s_axis_tvalid   (1'b1),
    .s_axis_tready   (c_ready),
    .m_axis_tdata    (l_data),
    .m_axis_tkeep    (l_keep),
    .m_axis_tlast    (l_last),
    .m_axis_tvalid   (l_valid),
    .m_axis_tready   (l_ready),
    .sts_valid_o     (cs_valid),
    .sts_ready_i     (1'b1),
    .sts_raw_bytes_o (cs_raw),
    .sts_comp_bytes_o(cs_comp),
    .sts_error_o     (cs_error)
  );

  // The payload between the codecs: l_* out of the compressor, d_* into the
  // decompressor.
  if (Slice != 0) begin : g_slice
    logic                  valid_q, last_q;
    logic [BusBytes*8-1:0] data_q;
    logic [BusBytes-1:0]   keep_q;
    assign l_ready = !valid_q || d_ready;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni)      valid_q <= 1'b0;
      else if (l_ready) valid_q <= l_valid;
    end
    // Read only while valid_q: no reset.
    always_ff @(posedge clk_i) begin
      if (l_ready) begin
        data_q <= l_data;
        keep_q <= l_keep;
        last_q <= l_last;
      end
    end
    assign {d_valid, d_data, d_keep, d_last} = {valid_q, data_q, keep_q, last_q};
  end else begin : g_no_slice
    assign l_ready = d_ready;
    assign {d_valid, d_data, d_keep, d_last} = {l_valid, l_data, l_keep, l_last};
  end

  // One command per frame; the decompressor queues them.
  zvc_decompressor #(
    .ElemBytes (ElemBytes),
    .BusBytes  (BusBytes),
    .Modes     (0),
    .CountAhead(0)  // the smaller decoder: the UP5K build is nearly full
  ) u_decomp (
    .clk_i,
    .rst_ni,
    .cmd_valid_i     (1'b1),
    .cmd_ready_o     (cmd_ready_unused),
    .cmd_raw_bytes_i (FrameBytes),
    .cmd_mode_i      (zvc_pkg::ModeZvc),
    .s_axis_tdata    (d_data ^ (BusBytes*8)'(inject_i)),
    .s_axis_tkeep    (d_keep),
    .s_axis_tlast    (d_last),
    .s_axis_tvalid   (d_valid),
    .s_axis_tready   (d_ready),
    .m_axis_tdata    (o_data),
    .m_axis_tkeep    (o_keep),
    .m_axis_tlast    (o_last),
    .m_axis_tvalid   (o_valid),
    .m_axis_tready   (chk_ready),
    .sts_valid_o     (ds_valid),
    .sts_ready_i     (1'b1),
    .sts_comp_bytes_o(ds_comp_unused),
    .sts_error_o     (ds_error),
    .sts_bad_mode_o  (ds_bad_mode_unused),
    .sts_bad_keep_o  (ds_bad_keep_unused)
  );

  assign chk_ready = !stall_i || stall_q[0];
  assign chk_fire  = o_valid && chk_ready;
  assign chk_last  = chk_beat_q == BeatW'(FrameBeats - 1);

  logic frame_ok_q, beat_ok, sts_bad;
  assign beat_ok = o_data == chk_data && o_keep == {BusBytes{1'b1}} && o_last == chk_last;
  assign sts_bad = (cs_valid && (cs_error || cs_raw != FrameBytes)) || (ds_valid && ds_error != '0);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      src_q        <= Seeds;
      chk_q        <= Seeds;
      src_beat_q   <= '0;
      chk_beat_q   <= '0;
      stall_q      <= 16'hACE1;
      frame_ok_q   <= 1'b1;
      pass_count_o <= '0;
      comp_bytes_o <= '0;
      error_o      <= 1'b0;
    end else begin
      stall_q <= {stall_q[0] ^ stall_q[2] ^ stall_q[3] ^ stall_q[5], stall_q[15:1]};
      if (src_fire) begin
        src_q      <= src_next;
        src_beat_q <= src_last ? '0 : src_beat_q + 1'b1;
      end
      if (chk_fire) begin
        chk_q      <= chk_next;
        chk_beat_q <= chk_last ? '0 : chk_beat_q + 1'b1;
        frame_ok_q <= chk_last || (frame_ok_q && beat_ok);
        if (chk_last && frame_ok_q && beat_ok && !error_o) pass_count_o <= pass_count_o + 1'b1;
        if (!beat_ok) error_o <= 1'b1;
      end
      if (cs_valid) comp_bytes_o <= cs_comp;
      if (sts_bad) error_o <= 1'b1;
    end
  end
endmodule
