// Self-checking bench for cdma_engine, in plain simulation SystemVerilog so
// that any simulator runs the same stimulus on the RTL or on a Yosys netlist
// (tb/sv/run_golden.sh engine). The default suite runs it under Verilator and under
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
//
// With CDMA_REGTOP defined (tb/sv/cdma_dma_tb.sv) the same bench runs the
// register top cdma_dma instead: a CPU process checks ID and CONFIG, stages
// each descriptor in DESC_* and queues it with DESC_PUSH when QUEUE says
// there is room, and, whenever QUEUE shows a status record, checks that
// irq_o is up (CTRL.IRQ_EN set), reads STS_*, clears IRQ and pops the
// record; at the end a STS_POP with no record must answer SLVERR. It prints
// "cdma_dma_tb: ..." instead.
/* verilator lint_off BLKSEQ */      // the memory model's state, shared by its processes
/* verilator lint_off UNUSEDSIGNAL */
/* verilator lint_off SYNCASYNCNET */
`ifdef CDMA_REGTOP
module cdma_dma_tb;
  localparam Name = "cdma_dma_tb";
`else
module cdma_engine_tb;
  localparam Name = "cdma_engine_tb";
`endif
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
`ifdef CDMA_REGTOP
  // The descriptor ring's fetches share the read channel: RingFetch (2)
  // descriptors of 32 bytes, each in bursts of at most MaxBurstBeats beats.
  localparam int DescBeats = BusBytes >= 32 ? 1 : 32 / BusBytes;
  localparam int ReadsOut = MaxReads + 2 * (DescBeats / (DescBeats < MaxBurstBeats ? DescBeats : MaxBurstBeats));
`else
  localparam int ReadsOut = MaxReads;
`endif

  logic clk = 1'b0;
  logic rst_n = 1'b0;
  always #5 clk = !clk;

`ifndef CDMA_REGTOP
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
`endif

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

  // The AXI4 master ports, the same on both tops.
`define CDMA_TB_AXI \
    .m_axi_arid(arid), .m_axi_araddr(araddr), .m_axi_arlen(arlen), .m_axi_arsize(arsize), \
    .m_axi_arburst(arburst), .m_axi_arcache(arcache), .m_axi_arprot(arprot), \
    .m_axi_arvalid(arvalid), .m_axi_arready(arready), \
    .m_axi_rid(rid), .m_axi_rdata(rdata), .m_axi_rresp(rresp), .m_axi_rlast(rlast), \
    .m_axi_rvalid(rvalid), .m_axi_rready(rready), \
    .m_axi_awid(awid), .m_axi_awaddr(awaddr), .m_axi_awlen(awlen), .m_axi_awsize(awsize), \
    .m_axi_awburst(awburst), .m_axi_awcache(awcache), .m_axi_awprot(awprot), \
    .m_axi_awvalid(awvalid), .m_axi_awready(awready), \
    .m_axi_wdata(wdata), .m_axi_wstrb(wstrb), .m_axi_wlast(wlast), .m_axi_wvalid(wvalid), \
    .m_axi_wready(wready), \
    .m_axi_bid(bid), .m_axi_bresp(bresp), .m_axi_bvalid(bvalid), .m_axi_bready(bready)

`ifdef CDMA_REGTOP
  logic [7:0]  l_awaddr, l_araddr;
  logic [31:0] l_wdata, l_rdata;
  logic [1:0]  l_bresp, l_rresp;
  logic        l_awvalid, l_awready, l_wvalid, l_wready, l_bvalid, l_bready;
  logic        l_arvalid, l_arready, l_rvalid, l_rready, irq;
`ifdef CDMA_NETLIST
  cdma_dma dut (
`else
  cdma_dma #(
    .ElemBytes(ElemBytes), .BusBytes(BusBytes), .MaxBurstBeats(MaxBurstBeats),
    .MaxReads(MaxReads), .BufferBeats(BufferBeats), .WriteBeats(WriteBeats)
  ) dut (
`endif
    .clk_i(clk), .rst_ni(rst_n),
    .s_axil_awaddr(l_awaddr), .s_axil_awprot(3'b000), .s_axil_awvalid(l_awvalid),
    .s_axil_awready(l_awready), .s_axil_wdata(l_wdata), .s_axil_wstrb(4'hF),
    .s_axil_wvalid(l_wvalid), .s_axil_wready(l_wready), .s_axil_bresp(l_bresp),
    .s_axil_bvalid(l_bvalid), .s_axil_bready(l_bready), .s_axil_araddr(l_araddr),
    .s_axil_arprot(3'b000), .s_axil_arvalid(l_arvalid), .s_axil_arready(l_arready),
    .s_axil_rdata(l_rdata), .s_axil_rresp(l_rresp), .s_axil_rvalid(l_rvalid),
    .s_axil_rready(l_rready), .irq_o(irq),
    `CDMA_TB_AXI);
`else
`ifdef CDMA_NETLIST
  cdma_engine dut (
`else
  cdma_engine #(
    .ElemBytes(ElemBytes), .BusBytes(BusBytes), .MaxBurstBeats(MaxBurstBeats),
    .MaxReads(MaxReads), .BufferBeats(BufferBeats), .WriteBeats(WriteBeats),
    // Without the block index, which this bench never asks for (the
    // netlist benches run the default, with it).
    .BlockIndex(0)
  ) dut (
`endif
    .clk_i(clk), .rst_ni(rst_n),
    .desc_valid_i(desc_valid), .desc_ready_o(desc_ready), .desc_op_i(desc_op), .desc_mode_i(2'd0), .desc_index_i(1'b0),
    .desc_src_addr_i(desc_src), .desc_dst_addr_i(desc_dst), .desc_raw_bytes_i(desc_raw),
    .desc_comp_bytes_i(desc_comp), .desc_tag_i(desc_tag),
    .sts_valid_o(sts_valid), .sts_ready_i(sts_ready), .sts_tag_o(sts_tag),
    .sts_raw_bytes_o(sts_raw), .sts_comp_bytes_o(sts_comp), .sts_error_o(sts_error),
    .busy_o(busy),
    `CDMA_TB_AXI);
`endif

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
    $display("%s: FAIL at cycle %0d: %s", Name, cycles, what);
    $fatal(1, "%s: 1 error", Name);
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
        if (rq_wr - rq_rd >= ReadsOut) fail("more read bursts outstanding than ReadsOut");
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
  // Checks descriptor k's status record against the golden one.
  task automatic check_status(input integer k, input logic [15:0] tag, input logic [31:0] raw,
                              input logic [31:0] comp, input logic [3:0] error);
    if (k >= n_descs) fail("a status record with no descriptor");
    if (tag != d_tag[k] || raw != e_raw[k] || comp != e_comp[k] || error != e_error[k])
      fail($sformatf("status %0d: tag %0d raw %0d comp %0d error %0d, expected %0d %0d %0d %0d",
                     k, tag, raw, comp, error, d_tag[k], e_raw[k], e_comp[k], e_error[k]));
    n_sts = n_sts + 1;
    if (n_sts == n_descs) done_cycles = cycles;
  endtask

`ifndef CDMA_REGTOP
  always @(posedge clk) begin
    if (rst_n && sts_valid && sts_ready) check_status(n_sts, sts_tag, sts_raw, sts_comp, sts_error);
    rng_s = next(rng_s);
    sts_ready <= below(rng_s, 80);
  end

  logic desc_taken = 1'b0;  // a descriptor was accepted on the last rising edge
  always @(posedge clk) desc_taken <= desc_valid && desc_ready;
`else
  // ---- CPU: AXI4-Lite ----------------------------------------------------------
  // Handshakes seen on the last rising edge, for the CPU on falling edges.
  logic aw_hs = 1'b0, w_hs = 1'b0, b_hs = 1'b0, ar_hs = 1'b0, r_hs = 1'b0;
  always @(posedge clk) begin
    aw_hs <= l_awvalid && l_awready;
    w_hs  <= l_wvalid && l_wready;
    b_hs  <= l_bvalid && l_bready;
    ar_hs <= l_arvalid && l_arready;
    r_hs  <= l_rvalid && l_rready;
  end
  logic [31:0] r_data_q;
  logic [1:0]  r_resp_q, b_resp_q;
  always @(posedge clk) begin
    if (l_rvalid && l_rready) {r_data_q, r_resp_q} <= {l_rdata, l_rresp};
    if (l_bvalid && l_bready) b_resp_q <= l_bresp;
  end

  task automatic csr_write(input logic [7:0] addr, input logic [31:0] data,
                           output logic [1:0] resp);
    logic aw_done, w_done;
    {aw_done, w_done} = 2'b00;
    {l_awaddr, l_awvalid, l_wdata, l_wvalid, l_bready} = {addr, 1'b1, data, 1'b1, 1'b1};
    while (!(aw_done && w_done)) begin
      @(negedge clk);
      if (aw_hs) {aw_done, l_awvalid} = 2'b10;
      if (w_hs) {w_done, l_wvalid} = 2'b10;
    end
    while (!b_hs) @(negedge clk);
    l_bready = 1'b0;
    resp = b_resp_q;
  endtask

  task automatic csr_read(input logic [7:0] addr, output logic [31:0] data,
                          output logic [1:0] resp);
    {l_araddr, l_arvalid, l_rready} = {addr, 1'b1, 1'b1};
    do @(negedge clk); while (!ar_hs);
    l_arvalid = 1'b0;
    while (!r_hs) @(negedge clk);
    l_rready = 1'b0;
    {data, resp} = {r_data_q, r_resp_q};
  endtask

  // An access that must answer OKAY.
  task automatic wr(input logic [7:0] addr, input logic [31:0] data);
    logic [1:0] resp;
    csr_write(addr, data, resp);
    if (resp != 2'b00) fail($sformatf("write 0x%h to 0x%h answered %0d", data, addr, resp));
  endtask
  task automatic rd(input logic [7:0] addr, output logic [31:0] data);
    logic [1:0] resp;
    csr_read(addr, data, resp);
    if (resp != 2'b00) fail($sformatf("read of 0x%h answered %0d", addr, resp));
  endtask

  // Offsets of rtl/dma/cdma_regs.json (docs/dma.md).
  localparam logic [7:0] RegId = 8'h00, RegConfig = 8'h04, RegCtrl = 8'h08, RegIrq = 8'h0C,
      RegDescOp = 8'h10, RegDescTag = 8'h14, RegDescSrcLo = 8'h18, RegDescSrcHi = 8'h1C,
      RegDescDstLo = 8'h20, RegDescDstHi = 8'h24, RegDescRaw = 8'h28, RegDescComp = 8'h2C,
      RegDescPush = 8'h30, RegQueue = 8'h34, RegStsTag = 8'h38, RegStsRaw = 8'h3C,
      RegStsComp = 8'h40, RegStsError = 8'h44, RegStsPop = 8'h48, RegRingCtrl = 8'h4C,
      RegRingBaseLo = 8'h50, RegRingBaseHi = 8'h54, RegCplBaseLo = 8'h58, RegCplBaseHi = 8'h5C,
      RegRingTail = 8'h60, RegRingHead = 8'h64, RegIrqCoal = 8'h68;

  // The descriptor ring (docs/dma.md): 8 slots at RingBase, records at
  // CplBase, in the top 2 KB that engine_vectors.py leaves free. The first
  // half of the descriptors go through it (the OFFLOAD and the PREFETCH that
  // reads its payload among them: one path keeps their order), the rest
  // through the registers, both at once.
  localparam logic [15:0] RingBase = 16'hF800, CplBase = 16'hFC00;
  localparam int RingSlots = 8;
  // Unsigned 16-bit addresses: a cast of a signed integer stays signed, and
  // Icarus then reads an index above 32767 as negative (out of range).
  task automatic put_bytes(input logic [15:0] addr, input logic [63:0] v, input integer n);
    for (int i = 0; i < n; i++) mem[addr + 16'(i)] = v[8*i +: 8];
  endtask
  function automatic logic [31:0] get32(input logic [15:0] addr);
    get32 = {mem[addr + 16'd3], mem[addr + 16'd2], mem[addr + 16'd1], mem[addr]};
  endfunction

  task automatic cpu_run;
    logic [31:0] q, tag, raw, comp, error;
    logic [1:0]  resp;
    integer      pushed, n_ring, ring_pushed, ring_next, csr_next;
    logic [15:0] slot;
    rd(RegId, q);
    if (q != 32'h6344_4D41) fail($sformatf("ID reads 0x%h", q));
    rd(RegConfig, q);
    if (q != {16'(MaxBurstBeats), 8'($clog2(BusBytes)), 8'(ElemBytes)})
      fail($sformatf("CONFIG reads 0x%h", q));
    wr(RegCtrl, 32'd1);
    for (int a = 0; a < 16 * RingSlots; a++) mem[CplBase + 16'(a)] = 8'h00;
    wr(RegRingBaseLo, 32'(RingBase));
    wr(RegRingBaseHi, 32'd0);
    wr(RegCplBaseLo, 32'(CplBase));
    wr(RegCplBaseHi, 32'd0);
    wr(RegIrqCoal, 32'd1);
    wr(RegRingCtrl, 32'h301);  // enabled, 2**3 slots
    n_ring = n_descs / 2;
    pushed = n_ring;  // the register path's next descriptor
    csr_next = n_ring;
    {ring_pushed, ring_next} = '0;
    while (n_sts < n_descs) begin
      // The ring: fill free slots (one stays empty), move the tail on.
      if (ring_pushed < n_ring && ring_pushed - ring_next < RingSlots - 1) begin
        slot = RingBase + 16'((ring_pushed % RingSlots) * 32);
        put_bytes(slot, d_src[ring_pushed], 8);
        put_bytes(slot + 8, d_dst[ring_pushed], 8);
        put_bytes(slot + 16, 64'(d_raw[ring_pushed]), 4);
        put_bytes(slot + 20, 64'(d_comp[ring_pushed]), 4);
        put_bytes(slot + 24, {32'b0, d_tag[ring_pushed], 14'b0, d_op[ring_pushed]}, 8);
        ring_pushed = ring_pushed + 1;
        wr(RegRingTail, 32'(ring_pushed % RingSlots));
      end
      // Its oldest record, once done: check, clear, move on.
      slot = CplBase + 16'((ring_next % RingSlots) * 16);
      q = get32(slot + 16'd12);
      if (ring_next < ring_pushed && q[31]) begin
        if (get32(slot + 12) != {1'b1, 15'b0, 16'(ring_next % RingSlots)})
          fail($sformatf("record of descriptor %0d: word 3 is 0x%h", ring_next, get32(slot + 12)));
        q = get32(slot);
        check_status(ring_next, q[15:0], get32(slot + 4), get32(slot + 8), q[19:16]);
        put_bytes(slot, 64'd0, 8);
        put_bytes(slot + 8, 64'd0, 8);
        ring_next = ring_next + 1;
      end
      rd(RegQueue, q);
      if (pushed < n_descs && !q[0]) begin
        wr(RegDescOp, 32'(d_op[pushed]));
        wr(RegDescTag, 32'(d_tag[pushed]));
        wr(RegDescSrcLo, d_src[pushed][31:0]);
        wr(RegDescSrcHi, d_src[pushed][63:32]);
        wr(RegDescDstLo, d_dst[pushed][31:0]);
        wr(RegDescDstHi, d_dst[pushed][63:32]);
        wr(RegDescRaw, d_raw[pushed]);
        wr(RegDescComp, d_comp[pushed]);
        wr(RegDescPush, 32'd0);
        pushed = pushed + 1;
      end else if (q[1]) begin
        if (!irq) fail("irq_o low while a status record waits");
        rd(RegStsTag, tag);
        rd(RegStsRaw, raw);
        rd(RegStsComp, comp);
        rd(RegStsError, error);
        check_status(csr_next, tag[15:0], raw, comp, error[3:0]);
        csr_next = csr_next + 1;
        wr(RegIrq, 32'd3);  // DONE and RING
        wr(RegStsPop, 32'd0);
      end
    end
    rd(RegRingHead, q);
    if (q != {15'b0, 1'b1, 16'(n_ring % RingSlots)})
      fail($sformatf("RING_HEAD reads 0x%h after %0d ring descriptors", q, n_ring));
    csr_write(RegStsPop, 32'd0, resp);
    if (resp != 2'b10) fail("STS_POP with no record did not answer SLVERR");
    do rd(RegQueue, q); while (q[2] || b_owed > 0);
  endtask
`endif

  // ---- Driver ----------------------------------------------------------------
  string  dir;
  logic [31:0] seed;
  integer fd, k, bad;
  initial begin
`ifdef CDMA_REGTOP
    {l_awaddr, l_awvalid, l_wdata, l_wvalid, l_bready, l_araddr, l_arvalid, l_rready} = '0;
`else
    desc_valid = 1'b0;
    {desc_op, desc_src, desc_dst, desc_raw, desc_comp, desc_tag, sts_ready} = '0;
`endif
    {arready, awready, wready, bvalid, rvalid, rlast} = '0;
    rdata = '0;
    if (!$value$plusargs("vectors=%s", dir)) $fatal(1, "%s: no +vectors=DIR", Name);
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
    if (fd == 0) $fatal(1, "%s: cannot open %s/desc.txt", Name, dir);
    while (n_descs < MaxDescs &&
           $fscanf(fd, "%h %h %h %h %h %h %h %h %h\n", d_op[n_descs], d_src[n_descs],
                   d_dst[n_descs], d_raw[n_descs], d_comp[n_descs], d_tag[n_descs],
                   e_raw[n_descs], e_comp[n_descs], e_error[n_descs]) == 9)
      n_descs = n_descs + 1;
    $fclose(fd);
    if (n_descs == 0) $fatal(1, "%s: no descriptors in %s/desc.txt", Name, dir);
    // The driver changes and samples signals only on falling edges: what a
    // process that resumes on a rising edge sees of that edge's updates
    // differs between simulators (Verilator applies this process's
    // nonblocking writes before the memory model's processes run).
    repeat (3) @(negedge clk);
    rst_n = 1'b1;
`ifdef CDMA_REGTOP
    cpu_run();
`else
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
`endif
    repeat (20) @(posedge clk);
    bad = 0;
    for (k = 0; k < MemBytes; k++)
`ifdef CDMA_REGTOP
      if (k < 32'(RingBase) && mem[k] !== expected[k]) begin  // the ring's 2 KB hold its own bytes
`else
      if (mem[k] !== expected[k]) begin
`endif
        if (bad < 8) $display("%s: byte 0x%h is %h, expected %h", Name, k, mem[k], expected[k]);
        bad = bad + 1;
      end
    if (bad != 0) fail($sformatf("%0d memory bytes differ from the golden image", bad));
    $display("%s: %0d descriptors, last status at cycle %0d, 0 errors", Name, n_descs,
             done_cycles);
    $finish;
  end
endmodule
