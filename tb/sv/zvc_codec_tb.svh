// The body of the codec benches, zvc_compressor_tb.sv and
// zvc_decompressor_tb.sv (the latter defines ZVC_DEC first): plain
// simulation SystemVerilog, so that any simulator runs the same stimulus on
// the RTL or on a Yosys netlist (tb/sv/run_golden.sh). The frames and the
// expected output and status records come from the golden model
// (tb/sv/codec_vectors.py, in the folder given by +vectors=DIR). The input
// stream has random gaps, the output stream and the status port random
// backpressure (the bench's own xorshift, seeded by +seed=N). Checked: every
// output byte, tkeep contiguous from lane 0 and full but on the last beat,
// tlast exactly on each frame's last byte, and every status record in order.
// Prints "<bench>: N frames, last status at cycle C, 0 errors", or stops
// with $fatal on the first mismatch or after a cycle limit.
  parameter int ElemBytes = 4;
  parameter int BusBytes = 32;
  parameter int CycleLimit = 200000;
  parameter int Pipeline = 0;  // the codec's network stage
  localparam int MaxBytes = 1 << 16;
  localparam int MaxFrames = 32;

  logic clk = 1'b0;
  logic rst_n = 1'b0;
  always #5 clk = !clk;

  logic [8*BusBytes-1:0] s_tdata, m_tdata;
  logic [BusBytes-1:0]   s_tkeep, m_tkeep;
  logic                  s_tlast, s_tvalid, s_tready, m_tlast, m_tvalid, m_tready;
  logic                  sts_valid, sts_ready;
  logic [31:0]           sts_comp;
`ifdef ZVC_DEC
  logic                  cmd_valid, cmd_ready;
  logic [31:0]           cmd_raw;
  logic [2:0]            sts_error;
  logic                  sts_bad_mode;  // plain ZVC frames only: never set
  logic                  sts_bad_keep;  // packed beats only: never set
`ifdef CDMA_NETLIST
  zvc_decompressor dut (
`else
  zvc_decompressor #(.ElemBytes(ElemBytes), .BusBytes(BusBytes), .Pipeline(Pipeline)) dut (
`endif
    .clk_i(clk), .rst_ni(rst_n),
    .cmd_valid_i(cmd_valid), .cmd_ready_o(cmd_ready), .cmd_raw_bytes_i(cmd_raw),
    .cmd_mode_i(2'd0), .sts_bad_mode_o(sts_bad_mode),
    .sts_bad_keep_o(sts_bad_keep),
`else
  logic [31:0]           sts_raw;
  logic                  sts_error;
`ifdef CDMA_NETLIST
  zvc_compressor dut (
`else
  zvc_compressor #(.ElemBytes(ElemBytes), .BusBytes(BusBytes), .Pipeline(Pipeline)) dut (
`endif
    .clk_i(clk), .rst_ni(rst_n), .sts_raw_bytes_o(sts_raw), .s_axis_tuser(2'd0),
`endif
    .s_axis_tdata(s_tdata), .s_axis_tkeep(s_tkeep), .s_axis_tlast(s_tlast),
    .s_axis_tvalid(s_tvalid), .s_axis_tready(s_tready),
    .m_axis_tdata(m_tdata), .m_axis_tkeep(m_tkeep), .m_axis_tlast(m_tlast),
    .m_axis_tvalid(m_tvalid), .m_axis_tready(m_tready),
    .sts_valid_o(sts_valid), .sts_ready_i(sts_ready), .sts_comp_bytes_o(sts_comp),
    .sts_error_o(sts_error));

  // ---- Vectors ---------------------------------------------------------------
  logic [7:0]  in_bytes  [MaxBytes];
  logic [7:0]  out_bytes [MaxBytes];
  logic [31:0] f_raw     [MaxFrames];
  logic [31:0] f_comp    [MaxFrames];
  logic [31:0] f_error   [MaxFrames];
  integer      n_frames = 0, cycles = 0, done_cycles = 0, n_sts = 0;
  integer      out_frame = 0, out_pos = 0, out_base = 0;

  function automatic logic [31:0] next(input logic [31:0] x);
    logic [31:0] y;
    y = x ^ (x << 13);
    y = y ^ (y >> 17);
    return y ^ (y << 5);
  endfunction
  function automatic logic below(input logic [31:0] x, input integer pct);
    return (x % 100) < 32'(pct);
  endfunction
  logic [31:0] rng_in, rng_out, rng_sts, rng_cmd;  // seeded by the driver

  task automatic fail(input string what);
    $display("%s: FAIL at cycle %0d: %s", Name, cycles, what);
    $fatal(1, "%s: 1 error", Name);
  endtask

`ifdef ZVC_DEC
  function automatic integer in_len(input integer f);
    return f_comp[f];
  endfunction
  function automatic integer out_len(input integer f);
    return f_raw[f];
  endfunction
`else
  function automatic integer in_len(input integer f);
    return f_raw[f];
  endfunction
  function automatic integer out_len(input integer f);
    return f_comp[f];
  endfunction
`endif

  always @(posedge clk) begin
    if (rst_n) cycles <= cycles + 1;
    if (cycles > CycleLimit) fail("cycle limit: the codec hangs");
  end

  // ---- Output stream and status ----------------------------------------------
  always @(posedge clk) begin
    if (rst_n && m_tvalid && m_tready) begin
      if (out_frame >= n_frames) fail("an output beat after the last frame");
      for (int i = 0; i < BusBytes; i++) begin
        if (i > 0 && m_tkeep[i] && !m_tkeep[i-1]) fail("tkeep not contiguous from lane 0");
        if (!m_tlast && !m_tkeep[i]) fail("a partial beat that is not the last");
        if (m_tkeep[i]) begin
          if (out_pos >= out_len(out_frame))
            fail($sformatf("frame %0d: more than %0d output bytes", out_frame, out_len(out_frame)));
          if (m_tdata[8*i +: 8] !== out_bytes[out_base + out_pos])
            fail($sformatf("frame %0d byte %0d is %h, expected %h", out_frame, out_pos,
                           m_tdata[8*i +: 8], out_bytes[out_base + out_pos]));
          out_pos = out_pos + 1;
        end
      end
      if (m_tlast != (out_pos == out_len(out_frame)))
        fail($sformatf("frame %0d: tlast %0d after %0d of %0d bytes", out_frame, m_tlast, out_pos,
                       out_len(out_frame)));
      if (m_tlast) begin
        out_base  = out_base + out_pos;
        out_pos   = 0;
        out_frame = out_frame + 1;
      end
    end
    if (rst_n && sts_valid && sts_ready) begin
      if (n_sts >= n_frames) fail("a status record with no frame");
`ifdef ZVC_DEC
      if (sts_comp != f_comp[n_sts] || 32'(sts_error) != f_error[n_sts] || sts_bad_mode ||
          sts_bad_keep)
        fail($sformatf("status %0d: comp %0d error %0d bad mode %0d bad keep %0d, expected %0d %0d 0 0",
                       n_sts, sts_comp, sts_error, sts_bad_mode, sts_bad_keep, f_comp[n_sts],
                       f_error[n_sts]));
`else
      if (sts_raw != f_raw[n_sts] || sts_comp != f_comp[n_sts] || sts_error)
        fail($sformatf("status %0d: raw %0d comp %0d error %0d, expected %0d %0d 0", n_sts,
                       sts_raw, sts_comp, sts_error, f_raw[n_sts], f_comp[n_sts]));
`endif
      n_sts = n_sts + 1;
      if (n_sts == n_frames) done_cycles = cycles;
    end
    rng_out = next(rng_out);
    rng_sts = next(rng_sts);
    m_tready  <= below(rng_out, 75);
    sts_ready <= below(rng_sts, 70);
  end

  // ---- Drivers: on falling edges, handshakes seen through flops --------------
  logic s_hs = 1'b0;
  always @(posedge clk) s_hs <= s_tvalid && s_tready;
`ifdef ZVC_DEC
  logic cmd_hs = 1'b0;
  always @(posedge clk) cmd_hs <= cmd_valid && cmd_ready;
  initial begin : commands
    integer f;
    {cmd_valid, cmd_raw} = '0;
    @(posedge rst_n);
    for (f = 0; f < n_frames; f++) begin
      rng_cmd = next(rng_cmd);
      while (below(rng_cmd, 30)) begin
        @(negedge clk);
        rng_cmd = next(rng_cmd);
      end
      {cmd_valid, cmd_raw} = {1'b1, f_raw[f]};
      do @(negedge clk); while (!cmd_hs);
      cmd_valid = 1'b0;
    end
  end
`endif

  string       dir;
  logic [31:0] seed;
  integer      fd, f, pos, base, len;
  initial begin
    {s_tdata, s_tkeep, s_tlast, s_tvalid, m_tready, sts_ready} = '0;
    if (!$value$plusargs("vectors=%s", dir)) $fatal(1, "%s: no +vectors=DIR", Name);
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    rng_in  = seed ^ 32'h9E37_79B9;
    rng_out = seed ^ 32'h85EB_CA6B;
    rng_sts = seed ^ 32'hC2B2_AE35;
    rng_cmd = seed ^ 32'h27D4_EB2F;
`ifdef ZVC_DEC
    $readmemh({dir, "/dec_in.hex"}, in_bytes);
    $readmemh({dir, "/dec_out.hex"}, out_bytes);
    fd = $fopen({dir, "/dec.txt"}, "r");
`else
    $readmemh({dir, "/comp_in.hex"}, in_bytes);
    $readmemh({dir, "/comp_out.hex"}, out_bytes);
    fd = $fopen({dir, "/comp.txt"}, "r");
`endif
    if (fd == 0) $fatal(1, "%s: cannot open the frame list in %s", Name, dir);
    while (n_frames < MaxFrames &&
           $fscanf(fd, "%h %h %h\n", f_raw[n_frames], f_comp[n_frames], f_error[n_frames]) == 3)
      n_frames = n_frames + 1;
    $fclose(fd);
    if (n_frames == 0) $fatal(1, "%s: no frames in %s", Name, dir);
    repeat (5) @(negedge clk);
    rst_n = 1'b1;
    base = 0;
    for (f = 0; f < n_frames; f++) begin
      len = in_len(f);
      for (pos = 0; pos < len; pos += BusBytes) begin
        rng_in = next(rng_in);
        while (below(rng_in, 25)) begin
          @(negedge clk);
          rng_in = next(rng_in);
        end
        for (int i = 0; i < BusBytes; i++) begin
          s_tkeep[i]        = pos + i < len;
          s_tdata[8*i +: 8] = pos + i < len ? in_bytes[base + pos + i] : 8'h00;
        end
        s_tlast  = pos + BusBytes >= len;
        s_tvalid = 1'b1;
        do @(negedge clk); while (!s_hs);
        s_tvalid = 1'b0;
      end
      base = base + len;
    end
    while (n_sts < n_frames || out_frame < n_frames) @(negedge clk);
    $display("%s: %0d frames, last status at cycle %0d, 0 errors", Name, n_frames, done_cycles);
    $finish;
  end
