// AXI4-Lite register file of the DMA engine (map: rtl/cdma_regs.json, docs/dma.md):
// a CPU stages a descriptor in DESC_* and queues it with DESC_PUSH, reads the
// oldest status record from STS_* and removes it with STS_POP, and gets a
// completion interrupt (irq_o = CTRL.IRQ_EN & IRQ.DONE, DONE set whenever a
// new status record reaches the head, cleared by writing 1).
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
  output logic        irq_o
);
  localparam logic [1:0] RespOkay = 2'b00, RespSlvErr = 2'b10;

  logic        irq_en_q, done_q, desc_pending_q, sts_seen_q;
  logic [1:0]  op_q;
  logic [15:0] tag_q;
  logic [31:0] src_lo_q, src_hi_q, dst_lo_q, dst_hi_q, raw_q, comp_q;
  logic        bvalid_q, rvalid_q;
  logic [1:0]  bresp_q, rresp_q;
  logic [31:0] rdata_q;

  // ---- Writes ----
  logic        wr_fire, wr_ok, push, pop, new_head;
  logic [7:0]  waddr;
  assign s_axil_awready = s_axil_awvalid && s_axil_wvalid && !bvalid_q;
  assign s_axil_wready  = s_axil_awready;
  assign wr_fire        = s_axil_awready;
  assign waddr          = {s_axil_awaddr[7:2], 2'b00};

  function automatic logic [31:0] merge(input logic [31:0] old, input logic [31:0] data,
                                        input logic [3:0] strb);
    for (int i = 0; i < 4; i++) merge[8*i +: 8] = strb[i] ? data[8*i +: 8] : old[8*i +: 8];
  endfunction

  always_comb begin
    case (waddr)
      cdma_regs_pkg::CTRL_OFFSET, cdma_regs_pkg::IRQ_OFFSET, cdma_regs_pkg::DESC_OP_OFFSET,
      cdma_regs_pkg::DESC_TAG_OFFSET, cdma_regs_pkg::DESC_SRC_LO_OFFSET,
      cdma_regs_pkg::DESC_SRC_HI_OFFSET, cdma_regs_pkg::DESC_DST_LO_OFFSET,
      cdma_regs_pkg::DESC_DST_HI_OFFSET, cdma_regs_pkg::DESC_RAW_BYTES_OFFSET,
      cdma_regs_pkg::DESC_COMP_BYTES_OFFSET: wr_ok = 1'b1;
      cdma_regs_pkg::DESC_PUSH_OFFSET: wr_ok = !desc_pending_q;
      cdma_regs_pkg::STS_POP_OFFSET: wr_ok = sts_valid_i;
      default: wr_ok = 1'b0;
    endcase
  end
  // Write data with unstrobed bytes taken from the register's current value.
  logic [31:0] wdata_merged;
  assign wdata_merged = merge(rd_value_at_waddr, s_axil_wdata, s_axil_wstrb);
  assign push        = wr_fire && waddr == cdma_regs_pkg::DESC_PUSH_OFFSET && wr_ok;
  assign pop         = wr_fire && waddr == cdma_regs_pkg::STS_POP_OFFSET && wr_ok;
  assign sts_ready_o = pop;
  // A record reaches the head: the queue was empty, or the head was just popped.
  assign new_head    = sts_valid_i && !sts_seen_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      irq_en_q       <= 1'b0;
      done_q         <= 1'b0;
      desc_pending_q <= 1'b0;
      sts_seen_q     <= 1'b0;
      op_q           <= '0;
      tag_q          <= '0;
      src_lo_q       <= '0;
      src_hi_q       <= '0;
      dst_lo_q       <= '0;
      dst_hi_q       <= '0;
      raw_q          <= '0;
      comp_q         <= '0;
      bvalid_q       <= 1'b0;
      bresp_q        <= RespOkay;
    end else begin
      sts_seen_q <= sts_valid_i && !pop;
      if (desc_valid_o && desc_ready_i) desc_pending_q <= 1'b0;
      if (push) desc_pending_q <= 1'b1;
      if (new_head) done_q <= 1'b1;
      if (wr_fire) begin
        bvalid_q <= 1'b1;
        bresp_q  <= wr_ok ? RespOkay : RespSlvErr;
        case (waddr)
          cdma_regs_pkg::CTRL_OFFSET:
            irq_en_q <= wdata_merged[cdma_regs_pkg::CTRL_IRQ_EN_LSB +: cdma_regs_pkg::CTRL_IRQ_EN_WIDTH] != '0;
          cdma_regs_pkg::IRQ_OFFSET:
            if (wdata_merged[cdma_regs_pkg::IRQ_DONE_LSB +: cdma_regs_pkg::IRQ_DONE_WIDTH] != '0) done_q <= new_head;
          cdma_regs_pkg::DESC_OP_OFFSET: op_q <= wdata_merged[cdma_regs_pkg::DESC_OP_OP_LSB +: cdma_regs_pkg::DESC_OP_OP_WIDTH];
          cdma_regs_pkg::DESC_TAG_OFFSET: tag_q <= wdata_merged[cdma_regs_pkg::DESC_TAG_TAG_LSB +: cdma_regs_pkg::DESC_TAG_TAG_WIDTH];
          cdma_regs_pkg::DESC_SRC_LO_OFFSET: src_lo_q <= wdata_merged;
          cdma_regs_pkg::DESC_SRC_HI_OFFSET: src_hi_q <= wdata_merged;
          cdma_regs_pkg::DESC_DST_LO_OFFSET: dst_lo_q <= wdata_merged;
          cdma_regs_pkg::DESC_DST_HI_OFFSET: dst_hi_q <= wdata_merged;
          cdma_regs_pkg::DESC_RAW_BYTES_OFFSET: raw_q <= wdata_merged;
          cdma_regs_pkg::DESC_COMP_BYTES_OFFSET: comp_q <= wdata_merged;
          default: ;
        endcase
      end else if (s_axil_bvalid && s_axil_bready) begin
        bvalid_q <= 1'b0;
      end
    end
  end

  assign s_axil_bvalid     = bvalid_q;
  assign s_axil_bresp      = bresp_q;
  // The pushed descriptor is a copy, so that the CPU may stage the next one
  // while this one waits for the engine.
  logic [209:0] pushed_q;
  always_ff @(posedge clk_i) begin
    if (push) pushed_q <= {op_q, tag_q, src_hi_q, src_lo_q, dst_hi_q, dst_lo_q, raw_q, comp_q};
  end
  assign desc_valid_o = desc_pending_q;
  assign {desc_op_o, desc_tag_o, desc_src_addr_o, desc_dst_addr_o, desc_raw_bytes_o,
          desc_comp_bytes_o} = pushed_q;
  assign irq_o             = irq_en_q && done_q;

  // ---- Reads ----
  // The value of the register at addr (and whether it exists), for reads and
  // for merging partial writes.
  function automatic logic [32:0] reg_value(input logic [7:0] addr);
    reg_value = {1'b1, 32'h0};  // bit 32: the register exists
    case (addr)
      cdma_regs_pkg::ID_OFFSET: reg_value[31:0] = cdma_regs_pkg::ID_VALUE;
      cdma_regs_pkg::CONFIG_OFFSET: begin
        reg_value[cdma_regs_pkg::CONFIG_ELEM_BYTES_LSB +: cdma_regs_pkg::CONFIG_ELEM_BYTES_WIDTH]     = cdma_regs_pkg::CONFIG_ELEM_BYTES_WIDTH'(ElemBytes);
        reg_value[cdma_regs_pkg::CONFIG_BUS_BYTES_LOG2_LSB +: cdma_regs_pkg::CONFIG_BUS_BYTES_LOG2_WIDTH] = cdma_regs_pkg::CONFIG_BUS_BYTES_LOG2_WIDTH'($clog2(BusBytes));
        reg_value[cdma_regs_pkg::CONFIG_MAX_BURST_LSB +: cdma_regs_pkg::CONFIG_MAX_BURST_WIDTH]      = cdma_regs_pkg::CONFIG_MAX_BURST_WIDTH'(MaxBurstBeats);
      end
      cdma_regs_pkg::CTRL_OFFSET: reg_value[cdma_regs_pkg::CTRL_IRQ_EN_LSB +: cdma_regs_pkg::CTRL_IRQ_EN_WIDTH] = irq_en_q;
      cdma_regs_pkg::IRQ_OFFSET: reg_value[cdma_regs_pkg::IRQ_DONE_LSB +: cdma_regs_pkg::IRQ_DONE_WIDTH] = done_q;
      cdma_regs_pkg::DESC_OP_OFFSET: reg_value[cdma_regs_pkg::DESC_OP_OP_LSB +: cdma_regs_pkg::DESC_OP_OP_WIDTH] = op_q;
      cdma_regs_pkg::DESC_TAG_OFFSET: reg_value[cdma_regs_pkg::DESC_TAG_TAG_LSB +: cdma_regs_pkg::DESC_TAG_TAG_WIDTH] = tag_q;
      cdma_regs_pkg::DESC_SRC_LO_OFFSET: reg_value[31:0] = src_lo_q;
      cdma_regs_pkg::DESC_SRC_HI_OFFSET: reg_value[31:0] = src_hi_q;
      cdma_regs_pkg::DESC_DST_LO_OFFSET: reg_value[31:0] = dst_lo_q;
      cdma_regs_pkg::DESC_DST_HI_OFFSET: reg_value[31:0] = dst_hi_q;
      cdma_regs_pkg::DESC_RAW_BYTES_OFFSET: reg_value[31:0] = raw_q;
      cdma_regs_pkg::DESC_COMP_BYTES_OFFSET: reg_value[31:0] = comp_q;
      cdma_regs_pkg::QUEUE_OFFSET: begin
        reg_value[cdma_regs_pkg::QUEUE_DESC_FULL_LSB +: cdma_regs_pkg::QUEUE_DESC_FULL_WIDTH] = desc_pending_q;
        reg_value[cdma_regs_pkg::QUEUE_STS_VALID_LSB +: cdma_regs_pkg::QUEUE_STS_VALID_WIDTH] = sts_valid_i;
        reg_value[cdma_regs_pkg::QUEUE_BUSY_LSB +: cdma_regs_pkg::QUEUE_BUSY_WIDTH]      = busy_i;
      end
      cdma_regs_pkg::STS_TAG_OFFSET: reg_value[15:0] = sts_tag_i;
      cdma_regs_pkg::STS_RAW_BYTES_OFFSET: reg_value[31:0] = sts_raw_bytes_i;
      cdma_regs_pkg::STS_COMP_BYTES_OFFSET: reg_value[31:0] = sts_comp_bytes_i;
      cdma_regs_pkg::STS_ERROR_OFFSET: reg_value[3:0] = sts_error_i;
      cdma_regs_pkg::DESC_PUSH_OFFSET, cdma_regs_pkg::STS_POP_OFFSET: reg_value[31:0] = '0;
      default: reg_value[32] = 1'b0;
    endcase
  endfunction

  logic [31:0] rd_value, rd_value_at_waddr;
  logic        rd_ok, unused_wr_exists;
  logic [7:0]  raddr;
  assign raddr          = {s_axil_araddr[7:2], 2'b00};
  assign {rd_ok, rd_value} = reg_value(raddr);
  assign {unused_wr_exists, rd_value_at_waddr} = reg_value(waddr);
  assign s_axil_arready = !rvalid_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rvalid_q <= 1'b0;
      rresp_q  <= RespOkay;
      rdata_q  <= '0;
    end else if (s_axil_arvalid && s_axil_arready) begin
      rvalid_q <= 1'b1;
      rresp_q  <= rd_ok ? RespOkay : RespSlvErr;
      rdata_q  <= rd_value;
    end else if (s_axil_rready) begin
      rvalid_q <= 1'b0;
    end
  end
  assign s_axil_rvalid = rvalid_q;
  assign s_axil_rresp  = rresp_q;
  assign s_axil_rdata  = rdata_q;

  // Protection bits and the low address bits are not used: every access is a 32-bit word.
  logic unused;
  assign unused = ^{s_axil_awprot, s_axil_arprot, s_axil_awaddr[1:0], s_axil_araddr[1:0]};
endmodule
