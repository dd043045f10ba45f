// Self-checking bench for cdma_engine, in plain simulation SystemVerilog so
// that any simulator runs the same stimulus on the RTL or on a Yosys netlist
// (tb/sv/run_engine.sh). The default suite runs it under Verilator and under
// Icarus, and checks that both finish on the same cycle. The stimulus and the
// expected results come from the golden model (tb/sv/engine_vectors.py
// writes them into the folder given by +vectors=DIR): the initial memory
// image, the descriptors with their expected status records, and the memory
// image after every descriptor has run. +seed=N seeds the bench's random
// handshakes.
//
// The bench is an AXI4 memory with random AR/AW/W acceptance, random gaps in
// R and random B latency, up to 16 bursts queued per direction. It checks the
// engine's AXI4 rules as docs/dma.md states them (INCR, AxSIZE, beat-aligned
// addresses, no 4 KB crossing, at most MaxBurstBeats beats, WLAST on the last
// beat, RREADY never low while a beat is owed), every status record in order,
// and the whole memory image at the end. Prints "cdma_engine_tb: N
// descriptors, last status at cycle C, 0 errors" and finishes, or stops with
// $fatal on the first mismatch or after a cycle limit.
/* verilator lint_off BLKSEQ */      // the memory model's state, shared by its processes
/* verilator lint_off UNUSEDSIGNAL */
/* verilator lint_off SYNCASYNCNET */
module cdma_engine_tb;
  parameter int ElemBytes = 4;
  parameter int BusBytes = 32;
  parameter int MaxBurstBeats = 16;
  parameter int MaxReads = 4;
  parameter int BufferBeats = 64;
  parameter int WriteBeats = 32;
  localparam int MemBytes = 1 << 16;  // 16-bit byte addresses
  localparam int MaxDescs = 64;
  localparam int QDepth = 16;
  localparam int SizeLog = $clog2(BusBytes);
  parameter int CycleLimit = 400000;

  logic clk = 1'b0;
  logic rst_n = 1'b0;
  always #5 clk = !clk;

  logic        desc_valid, desc_ready;
  logic [1:0]  desc_op;
  logic [63:0] desc_src, desc_dst;
  logic [31:0] desc_raw, desc_comp;
  logic [15:0] desc_tag;
  logic        sts_valid, sts_ready;
  logic [15:0] sts_tag;
  logic [31:0] sts_raw, sts_comp;
  logic [3:0]  sts_error;
  logic        busy;

  logic [3:0]            arid, rid, awid, bid;
  logic [63:0]           araddr, awaddr;
  logic [7:0]            arlen, awlen;
  logic [2:0]            arsize, awsize, arprot, awprot;
  logic [1:0]            arburst, awburst, rresp, bresp;
  logic [3:0]            arcache, awcache;
  logic                  arvalid, arready, rlast, rvalid, rready;
  logic                  awvalid, awready, wlast, wvalid, wready, bvalid, bready;
  logic [8*BusBytes-1:0] rdata, wdata;
  logic [BusBytes-1:0]   wstrb;

`ifdef CDMA_NETLIST
  cdma_engine dut (
`else
  cdma_engine #(
    .ElemBytes(ElemBytes), .BusBytes(BusBytes), .MaxBurstBeats(MaxBurstBeats),
    .MaxReads(MaxReads), .BufferBeats(BufferBeats), .WriteBeats(WriteBeats)
  ) dut (
`endif
    .clk_i(clk), .rst_ni(rst_n),
    .desc_valid_i(desc_valid), .desc_ready_o(desc_ready), .desc_op_i(desc_op),
    .desc_src_addr_i(desc_src), .desc_dst_addr_i(desc_dst), .desc_raw_bytes_i(desc_raw),
    .desc_comp_bytes_i(desc_comp), .desc_tag_i(desc_tag),
    .sts_valid_o(sts_valid), .sts_ready_i(sts_ready), .sts_tag_o(sts_tag),
    .sts_raw_bytes_o(sts_raw), .sts_comp_bytes_o(sts_comp), .sts_error_o(sts_error),
    .busy_o(busy),
    .m_axi_arid(arid), .m_axi_araddr(araddr), .m_axi_arlen(arlen), .m_axi_arsize(arsize),
    .m_axi_arburst(arburst), .m_axi_arcache(arcache), .m_axi_arprot(arprot),
    .m_axi_arvalid(arvalid), .m_axi_arready(arready),
    .m_axi_rid(rid), .m_axi_rdata(rdata), .m_axi_rresp(rresp), .m_axi_rlast(rlast),
    .m_axi_rvalid(rvalid), .m_axi_rready(rready),
    .m_axi_awid(awid), .m_axi_awaddr(awaddr), .m_axi_awlen(awlen), .m_axi_awsize(awsize),
    .m_axi_awburst(awburst), .m_axi_awcache(awcache), .m_axi_awprot(awprot),
    .m_axi_awvalid(awvalid), .m_axi_awready(awready),
    .m_axi_wdata(wdata), .m_axi_wstrb(wstrb), .m_axi_wlast(wlast), .m_axi_wvalid(wvalid),
    .m_axi_wready(wready),
    .m_axi_bid(bid), .m_axi_bresp(bresp), .m_axi_bvalid(bvalid), .m_axi_bready(bready));

  // ---- Vectors ---------------------------------------------------------------
  logic [7:0]  mem      [MemBytes];
  logic [7:0]  expected [MemBytes];
  logic [1:0]  d_op     [MaxDescs];
  logic [63:0] d_src    [MaxDescs];
  logic [63:0] d_dst    [MaxDescs];
  logic [31:0] d_raw    [MaxDescs];
  logic [31:0] d_comp   [MaxDescs];
  logic [15:0] d_tag    [MaxDescs];
  logic [31:0] e_raw    [MaxDescs];
  logic [31:0] e_comp   [MaxDescs];
  logic [3:0]  e_error  [MaxDescs];
  integer      n_descs = 0, n_sts = 0, cycles = 0, done_cycles = 0;

  // The bench's own xorshift32, one state per process, so that every
  // simulator sees the same stimulus whatever order it runs the processes in.
  function automatic logic [31:0] next(input logic [31:0] x);
    logic [31:0] y;
    y = x ^ (x << 13);
    y = y ^ (y >> 17);
    return y ^ (y << 5);
  endfunction
  function automatic logic below(input logic [31:0] x, input integer pct);
    return (x % 100) < 32'(pct);
  endfunction
  logic [31:0] rng_ar, rng_r, rng_aw, rng_w, rng_b, rng_s, rng_d;  // seeded by the driver

  task automatic fail(input string what);
    $display("cdma_engine_tb: FAIL at cycle %0d: %s", cycles, what);
    $fatal(1, "cdma_engine_tb: 1 error");
  endtask

  // ---- AXI4 memory: reads ----------------------------------------------------
  logic [63:0] rq_addr [QDepth];
  logic [7:0]  rq_len  [QDepth];
  integer      rq_wr = 0, rq_rd = 0, r_beat = 0;

  function automatic logic [8*BusBytes-1:0] mem_beat(input logic [63:0] addr);
    logic [8*BusBytes-1:0] beat;
    for (int i = 0; i < BusBytes; i++) beat[8*i +: 8] = mem[16'(addr + 64'(i))];
    return beat;
  endfunction

  task automatic check_burst(input string ch, input logic [63:0] addr, input logic [7:0] len,
                             input logic [2:0] size, input logic [1:0] burst);
    if (burst != 2'b01) fail({ch, ": not an INCR burst"});
    if (size != 3'(SizeLog)) fail({ch, ": AxSIZE is not log2(BusBytes)"});
    if (addr % 64'(BusBytes) != 0) fail({ch, ": address not beat-aligned"});
    if (32'(len) + 1 > 32'(MaxBurstBeats)) fail({ch, ": burst longer than MaxBurstBeats"});
    if ((addr % 4096) + (64'(len) + 1) * 64'(BusBytes) > 4096) fail({ch, ": burst crosses 4 KB"});
    if (addr + (64'(len) + 1) * 64'(BusBytes) > 64'(MemBytes)) fail({ch, ": burst outside the memory"});
  endtask

  // Every process reads the cycle count before this edge's update, so the
  // reported count is the same under every simulator.
  always @(posedge clk) begin
    if (rst_n) cycles <= cycles + 1;
    if (cycles > CycleLimit) fail("cycle limit: the engine hangs");
  end

  always @(posedge clk) begin
    if (rst_n) begin
      if (arvalid && arready) begin
        check_burst("AR", araddr, arlen, arsize, arburst);
        if (rq_wr - rq_rd >= MaxReads) fail("more than MaxReads read bursts outstanding");
        rq_addr[rq_wr % QDepth] = araddr;
        rq_len[rq_wr % QDepth]  = arlen;
        rq_wr = rq_wr + 1;
      end
      if (rvalid) begin
        if (!rready) fail("RREADY low while a read beat is owed");
        r_beat = r_beat + 1;
        if (rlast) begin
          rq_rd  = rq_rd + 1;
          r_beat = 0;
        end
      end
    end
    rng_ar = next(rng_ar);
    rng_r  = next(rng_r);
    arready <= rst_n && below(rng_ar, 70);
    if (rvalid && !rready) begin
      // Hold the beat (the check above has already failed the run).
    end else if (rq_wr != rq_rd && below(rng_r, 80)) begin
      rvalid <= 1'b1;
      rdata  <= mem_beat(rq_addr[rq_rd % QDepth] + 64'(r_beat) * 64'(BusBytes));
      rlast  <= r_beat == 32'(rq_len[rq_rd % QDepth]);
    end else begin
      rvalid <= 1'b0;
      rdata  <= '0;
      rlast  <= 1'b0;
    end
  end
  assign rid   = '0;
  assign rresp = 2'b00;

  // ---- AXI4 memory: writes ---------------------------------------------------
  logic [63:0] wq_addr [QDepth];
  logic [7:0]  wq_len  [QDepth];
  integer      wq_wr = 0, wq_rd = 0, w_beat = 0, b_owed = 0;

  always @(posedge clk) begin
    if (rst_n) begin
      if (awvalid && awready) begin
        check_burst("AW", awaddr, awlen, awsize, awburst);
        wq_addr[wq_wr % QDepth] = awaddr;
        wq_len[wq_wr % QDepth]  = awlen;
        wq_wr = wq_wr + 1;
      end
      if (wvalid && wready) begin
        if (wq_wr == wq_rd) fail("W beat before its AW");
        for (int i = 0; i < BusBytes; i++)
          if (wstrb[i]) mem[16'(wq_addr[wq_rd % QDepth] + 64'(w_beat) * 64'(BusBytes) + 64'(i))]
              = wdata[8*i +: 8];
        if (wlast != (w_beat == 32'(wq_len[wq_rd % QDepth]))) fail("WLAST not on the burst's last beat");
        w_beat = w_beat + 1;
        if (wlast) begin
          wq_rd  = wq_rd + 1;
          w_beat = 0;
          b_owed = b_owed + 1;
        end
      end
      if (bvalid && bready) b_owed = b_owed - 1;
    end
    rng_aw = next(rng_aw);
    rng_w  = next(rng_w);
    rng_b  = next(rng_b);
    awready <= rst_n && below(rng_aw, 70);
    wready  <= rst_n && wq_wr != wq_rd && below(rng_w, 75);
    // BVALID, once high, stays high until BREADY (AXI4); then a random wait.
    if (!(bvalid && !bready)) bvalid <= rst_n && b_owed > 0 && !bvalid && below(rng_b, 50);
  end
  assign bid   = '0;
  assign bresp = 2'b00;

  // ---- Status records --------------------------------------------------------
  always @(posedge clk) begin
    if (rst_n && sts_valid && sts_ready) begin
      if (n_sts >= n_descs) fail("a status record with no descriptor");
      if (sts_tag != d_tag[n_sts] || sts_raw != e_raw[n_sts] || sts_comp != e_comp[n_sts] ||
          sts_error != e_error[n_sts])
        fail($sformatf("status %0d: tag %0d raw %0d comp %0d error %0d, expected %0d %0d %0d %0d",
                       n_sts, sts_tag, sts_raw, sts_comp, sts_error, d_tag[n_sts], e_raw[n_sts],
                       e_comp[n_sts], e_error[n_sts]));
      n_sts = n_sts + 1;
      if (n_sts == n_descs) done_cycles = cycles;
    end
    rng_s = next(rng_s);
    sts_ready <= below(rng_s, 80);
  end

  // ---- Driver ----------------------------------------------------------------
  logic desc_taken = 1'b0;  // a descriptor was accepted on the last rising edge
  always @(posedge clk) desc_taken <= desc_valid && desc_ready;

  string  dir;
  logic [31:0] seed;
  integer fd, k, bad;
  initial begin
    desc_valid = 1'b0;
    {desc_op, desc_src, desc_dst, desc_raw, desc_comp, desc_tag} = '0;
    {arready, awready, wready, bvalid, rvalid, rlast, sts_ready} = '0;
    rdata = '0;
    if (!$value$plusargs("vectors=%s", dir)) $fatal(1, "cdma_engine_tb: no +vectors=DIR");
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    rng_ar = seed ^ 32'h9E37_79B9;
    rng_r  = seed ^ 32'h85EB_CA6B;
    rng_aw = seed ^ 32'hC2B2_AE35;
    rng_w  = seed ^ 32'h27D4_EB2F;
    rng_b  = seed ^ 32'h1656_67B1;
    rng_s  = seed ^ 32'hD3A2_646C;
    rng_d  = seed ^ 32'hFD70_46C5;
    $readmemh({dir, "/mem.hex"}, mem);
    $readmemh({dir, "/expect.hex"}, expected);
    fd = $fopen({dir, "/desc.txt"}, "r");
    if (fd == 0) $fatal(1, "cdma_engine_tb: cannot open %s/desc.txt", dir);
    while (n_descs < MaxDescs &&
           $fscanf(fd, "%h %h %h %h %h %h %h %h %h\n", d_op[n_descs], d_src[n_descs],
                   d_dst[n_descs], d_raw[n_descs], d_comp[n_descs], d_tag[n_descs],
                   e_raw[n_descs], e_comp[n_descs], e_error[n_descs]) == 9)
      n_descs = n_descs + 1;
    $fclose(fd);
    if (n_descs == 0) $fatal(1, "cdma_engine_tb: no descriptors in %s/desc.txt", dir);
    // The driver changes and samples signals only on falling edges: what a
    // process that resumes on a rising edge sees of that edge's updates
    // differs between simulators (Verilator applies this process's
    // nonblocking writes before the memory model's processes run).
    repeat (3) @(negedge clk);
    rst_n = 1'b1;
    for (k = 0; k < n_descs; k++) begin
      rng_d = next(rng_d);
      while (below(rng_d, 30)) begin
        @(negedge clk);
        rng_d = next(rng_d);
      end
      desc_valid = 1'b1;
      desc_op    = d_op[k];
      desc_src   = d_src[k];
      desc_dst   = d_dst[k];
      desc_raw   = d_raw[k];
      desc_comp  = d_comp[k];
      desc_tag   = d_tag[k];
      @(negedge clk);
      while (!desc_taken) @(negedge clk);
      desc_valid = 1'b0;
    end
    while (n_sts < n_descs || busy || b_owed > 0) @(negedge clk);
    repeat (20) @(posedge clk);
    bad = 0;
    for (k = 0; k < MemBytes; k++)
      if (mem[k] !== expected[k]) begin
        if (bad < 8) $display("cdma_engine_tb: byte 0x%h is %h, expected %h", k, mem[k], expected[k]);
        bad = bad + 1;
      end
    if (bad != 0) fail($sformatf("%0d memory bytes differ from the golden image", bad));
    $display("cdma_engine_tb: %0d descriptors, last status at cycle %0d, 0 errors", n_descs,
             done_cycles);
    $finish;
  end
endmodule
