// AXI4-Lite register file of the DMA engine (map: rtl/dma/cdma_regs.json, docs/dma.md;
// the decode and storage are cdma_csr_regs, generated from it by tools/regmap.py):
// a CPU stages a descriptor in DESC_* and queues it with DESC_PUSH, reads the
// oldest status record from STS_* and removes it with STS_POP, and gets a
// completion interrupt (irq_o = CTRL.IRQ_EN & any IRQ bit: DONE set whenever
// a new status record reaches the head, RING and CPL_ERR by the descriptor
// ring (cdma_ring), each cleared by writing 1). The RING_* registers configure
// the ring; those a running ring reads refuse writes unless it is quiet.
//
// One read and one write in flight (AW and W are taken together). A write
// to a read-only or unmapped register, a DESC_PUSH while the previous push is
// still waiting for the engine, or a STS_POP with no record answers SLVERR
// and changes nothing; an unmapped read answers SLVERR with data 0.
// desc_valid_o and irq_o come from registers. Reset: asynchronous, active low.
`include "cdma_assert.svh"

module cdma_csr #(
  // Reported in the CONFIG register.
  parameter int ElemBytes = 4,
  parameter int BusBytes = 32,
  parameter int MaxBurstBeats = 16
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  // AXI4-Lite slave.
  input  logic [7:0]  s_axil_awaddr,
  input  logic [2:0]  s_axil_awprot,
  input  logic        s_axil_awvalid,
  output logic        s_axil_awready,
  input  logic [31:0] s_axil_wdata,
  input  logic [3:0]  s_axil_wstrb,
  input  logic        s_axil_wvalid,
  output logic        s_axil_wready,
  output logic [1:0]  s_axil_bresp,
  output logic        s_axil_bvalid,
  input  logic        s_axil_bready,
  input  logic [7:0]  s_axil_araddr,
  input  logic [2:0]  s_axil_arprot,
  input  logic        s_axil_arvalid,
  output logic        s_axil_arready,
  output logic [31:0] s_axil_rdata,
  output logic [1:0]  s_axil_rresp,
  output logic        s_axil_rvalid,
  input  logic        s_axil_rready,
  // To the engine.
  output logic        desc_valid_o,
  input  logic        desc_ready_i,
  output logic [1:0]  desc_op_o,
  output logic [1:0]  desc_mode_o,
  output logic        desc_index_o,
  output logic [63:0] desc_src_addr_o,
  output logic [63:0] desc_dst_addr_o,
  output logic [31:0] desc_raw_bytes_o,
  output logic [31:0] desc_comp_bytes_o,
  output logic [15:0] desc_tag_o,
  input  logic        sts_valid_i,
  output logic        sts_ready_o,
  input  logic [15:0] sts_tag_i,
  input  logic [31:0] sts_raw_bytes_i,
  input  logic [31:0] sts_comp_bytes_i,
  input  logic [3:0]  sts_error_i,
  input  logic        busy_i,
  output logic        irq_o,
  // To the descriptor ring (cdma_ring).
  output logic        ring_en_o,
  output logic [3:0]  ring_size_log2_o,
  output logic [63:0] ring_base_o,
  output logic [63:0] ring_cpl_base_o,
  output logic [15:0] ring_tail_o,
  output logic [15:0] ring_irq_count_o,
  output logic [15:0] ring_irq_timer_o,
  input  logic [15:0] ring_head_i,
  input  logic        ring_quiet_i,
  input  logic        ring_irq_set_i,
  input  logic        ring_cpl_err_i
);
  localparam logic [1:0] RespOkay = 2'b00, RespSlvErr = 2'b10;

  // ---- The register map: decode and storage, generated from cdma_regs.json ----
  logic        wr_fire, wr_ok, push, pop, new_head, rd_ok;
  logic [7:0]  waddr, raddr;
  logic [31:0] rd_value;
  logic        irq_en, done, ring_irq, cpl_err;
  logic [31:0] ring_base_lo, ring_base_hi, cpl_base_lo, cpl_base_hi;
  logic [1:0]  op, mode;
  logic        index;
  logic [15:0] tag;
  logic [31:0] src_lo, src_hi, dst_lo, dst_hi, raw, comp;
  logic        desc_pending_q, sts_seen_q;
  assign waddr = {s_axil_awaddr[7:2], 2'b00};
  assign raddr = {s_axil_araddr[7:2], 2'b00};

  cdma_csr_regs u_regs (
    .clk_i,
    .rst_ni,
    .we_i                   (wr_fire),
    .waddr_i                (waddr),
    .wdata_i                (s_axil_wdata),
    .wstrb_i                (s_axil_wstrb),
    .wr_ok_o                (wr_ok),
    .raddr_i                (raddr),
    .rdata_o                (rd_value),
    .rd_ok_o                (rd_ok),
    .config_elem_bytes_i    (8'(ElemBytes)),
    .config_bus_bytes_log2_i(8'($clog2(BusBytes))),
    .config_max_burst_i     (16'(MaxBurstBeats)),
    .ctrl_irq_en_o          (irq_en),
    .irq_done_set_i         (new_head),
    .irq_done_o             (done),
    .irq_ring_set_i         (ring_irq_set_i),
    .irq_ring_o             (ring_irq),
    .irq_cpl_err_set_i      (ring_cpl_err_i),
    .irq_cpl_err_o          (cpl_err),
    .desc_op_op_o           (op),
    .desc_op_mode_o         (mode),
    .desc_op_index_o        (index),
    .desc_tag_tag_o         (tag),
    .desc_src_lo_o          (src_lo),
    .desc_src_hi_o          (src_hi),
    .desc_dst_lo_o          (dst_lo),
    .desc_dst_hi_o          (dst_hi),
    .desc_raw_bytes_o       (raw),
    .desc_comp_bytes_o      (comp),
    .desc_push_ready_i      (!desc_pending_q),
    .desc_push_we_o         (push),
    .queue_desc_full_i      (desc_pending_q),
    .queue_sts_valid_i      (sts_valid_i),
    .queue_busy_i           (busy_i),
    .sts_tag_tag_i          (sts_tag_i),
    .sts_raw_bytes_i        (sts_raw_bytes_i),
    .sts_comp_bytes_i       (sts_comp_bytes_i),
    .sts_error_code_i       (sts_error_i),
    .sts_pop_ready_i        (sts_valid_i),
    .sts_pop_we_o           (pop),
    .ring_ctrl_en_o         (ring_en_o),
    .ring_ctrl_size_log2_o  (ring_size_log2_o),
    .ring_ctrl_ready_i      (ring_quiet_i),
    .ring_base_lo_o         (ring_base_lo),
    .ring_base_lo_ready_i   (ring_quiet_i),
    .ring_base_hi_o         (ring_base_hi),
    .ring_base_hi_ready_i   (ring_quiet_i),
    .cpl_base_lo_o          (cpl_base_lo),
    .cpl_base_lo_ready_i    (ring_quiet_i),
    .cpl_base_hi_o          (cpl_base_hi),
    .cpl_base_hi_ready_i    (ring_quiet_i),
    .ring_tail_tail_o       (ring_tail_o),
    .ring_head_head_i       (ring_head_i),
    .ring_head_quiet_i      (ring_quiet_i),
    .irq_coal_count_o       (ring_irq_count_o),
    .irq_coal_timer_o       (ring_irq_timer_o)
  );
  assign ring_base_o     = {ring_base_hi, ring_base_lo};
  assign ring_cpl_base_o = {cpl_base_hi, cpl_base_lo};

  // ---- Descriptor and status queues, interrupt ----
  // A record reaches the head: the queue was empty, or the head was just popped.
  assign new_head    = sts_valid_i && !sts_seen_q;
  assign sts_ready_o = pop;

  logic desc_pending_d;
  always_comb begin
    desc_pending_d = desc_pending_q;
    if (desc_valid_o && desc_ready_i) desc_pending_d = 1'b0;
    if (push) desc_pending_d = 1'b1;
  end

  // The pushed descriptor is a copy, so that the CPU may stage the next one
  // while this one waits for the engine.
  logic [212:0] pushed_q;
  always_ff @(posedge clk_i) begin
    if (push) pushed_q <= {op, mode, index, tag, src_hi, src_lo, dst_hi, dst_lo, raw, comp};
  end
  assign desc_valid_o = desc_pending_q;
  assign {desc_op_o, desc_mode_o, desc_index_o, desc_tag_o, desc_src_addr_o, desc_dst_addr_o, desc_raw_bytes_o,
          desc_comp_bytes_o} = pushed_q;
  assign irq_o = irq_en && (done || ring_irq || cpl_err);

  // ---- AXI4-Lite handshakes: one write (AW and W together) and one read ----
  logic       bvalid_d, bvalid_q, rvalid_d, rvalid_q;
  logic [1:0] bresp_d, bresp_q, rresp_d, rresp_q;
  logic [31:0] rdata_d, rdata_q;
  assign s_axil_awready = s_axil_awvalid && s_axil_wvalid && !bvalid_q;
  assign s_axil_wready  = s_axil_awready;
  assign wr_fire        = s_axil_awready;
  assign s_axil_arready = !rvalid_q;

  always_comb begin
    bvalid_d = bvalid_q;
    bresp_d  = bresp_q;
    if (wr_fire) begin
      bvalid_d = 1'b1;
      bresp_d  = wr_ok ? RespOkay : RespSlvErr;
    end else if (s_axil_bvalid && s_axil_bready) begin
      bvalid_d = 1'b0;
    end
    rvalid_d = rvalid_q;
    rresp_d  = rresp_q;
    rdata_d  = rdata_q;
    if (s_axil_arvalid && s_axil_arready) begin
      rvalid_d = 1'b1;
      rresp_d  = rd_ok ? RespOkay : RespSlvErr;
      rdata_d  = rd_value;
    end else if (s_axil_rready) begin
      rvalid_d = 1'b0;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      desc_pending_q <= 1'b0;
      sts_seen_q     <= 1'b0;
      bvalid_q       <= 1'b0;
      bresp_q        <= RespOkay;
      rvalid_q       <= 1'b0;
      rresp_q        <= RespOkay;
      rdata_q        <= '0;
    end else begin
      desc_pending_q <= desc_pending_d;
      sts_seen_q     <= sts_valid_i && !pop;
      bvalid_q       <= bvalid_d;
      bresp_q        <= bresp_d;
      rvalid_q       <= rvalid_d;
      rresp_q        <= rresp_d;
      rdata_q        <= rdata_d;
    end
  end

  assign s_axil_bvalid = bvalid_q;
  assign s_axil_bresp  = bresp_q;
  assign s_axil_rvalid = rvalid_q;
  assign s_axil_rresp  = rresp_q;
  assign s_axil_rdata  = rdata_q;

  // Protection bits and the low address bits are not used: every access is a 32-bit word.
  logic unused;
  assign unused = ^{s_axil_awprot, s_axil_arprot, s_axil_awaddr[1:0], s_axil_araddr[1:0]};
endmodule
