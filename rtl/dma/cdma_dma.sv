// The DMA engine with its AXI4-Lite register file: the block a CPU-based SoC
// instantiates (AXI4-Lite slave for control, AXI4 masters for data, one
// interrupt). Descriptors come from the registers or from a ring in memory
// (cdma_ring), whose fetches and completion records share the AXI4 master
// with the engine's data (cdma_axi_mux; every request carries AxiId).
// cdma_engine alone offers the descriptor and status streams for
// hardware-driven use. Parameters and behaviour: cdma_engine, cdma_csr,
// cdma_ring, docs/dma.md. Reset: asynchronous, active low.
`include "cdma_assert.svh"

module cdma_dma #(
  // Element size of the data: 1, 2 or 4 bytes.
  parameter int ElemBytes = 4,
  // Data bus width in bytes (AXI4 and internal streams): a power of two, 8 to 256.
  parameter int BusBytes = 32,
  // Longest AXI4 burst in beats, 1 to 256 (bursts also stop at 4 KB boundaries).
  parameter int MaxBurstBeats = 16,
  // Read bursts outstanding at most, 1 to 255.
  parameter int MaxReads = 4,
  // Landing buffer in beats (bandwidth x latency), at least MaxBurstBeats and 4.
  parameter int BufferBeats = 64,
  // Write queue in beats, at least MaxBurstBeats and 4: a deeper queue keeps
  // the write link busy while the compression ratio varies along the data.
  parameter int WriteBeats = 32,
  // AXI4 ID width, 1 to 16, and the ID every request carries.
  parameter int IdW = 4,
  parameter int AxiId = 0,
  // Ring descriptors fetched ahead of the engine, 2 to 16.
  parameter int RingFetch = 2,
  // Descriptors in flight in the engine at most, 1 to 60 (cdma_engine).
  parameter int MaxDescs = 4,
  // The engine's block index (cdma_engine): 1 built, 0 left out.
  parameter int BlockIndex = 1
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  // AXI4-Lite register file (rtl/cdma_regs.json).
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
  output logic        irq_o,
  // AXI4 masters.
  output logic [IdW-1:0]          m_axi_arid,
  output logic [63:0]             m_axi_araddr,
  output logic [7:0]              m_axi_arlen,
  output logic [2:0]              m_axi_arsize,
  output logic [1:0]              m_axi_arburst,
  output logic [3:0]              m_axi_arcache,
  output logic [2:0]              m_axi_arprot,
  output logic                    m_axi_arvalid,
  input  logic                    m_axi_arready,
  input  logic [IdW-1:0]          m_axi_rid,
  input  logic [8*BusBytes-1:0]   m_axi_rdata,
  input  logic [1:0]              m_axi_rresp,
  input  logic                    m_axi_rlast,
  input  logic                    m_axi_rvalid,
  output logic                    m_axi_rready,
  output logic [IdW-1:0]          m_axi_awid,
  output logic [63:0]             m_axi_awaddr,
  output logic [7:0]              m_axi_awlen,
  output logic [2:0]              m_axi_awsize,
  output logic [1:0]              m_axi_awburst,
  output logic [3:0]              m_axi_awcache,
  output logic [2:0]              m_axi_awprot,
  output logic                    m_axi_awvalid,
  input  logic                    m_axi_awready,
  output logic [8*BusBytes-1:0]   m_axi_wdata,
  output logic [BusBytes-1:0]     m_axi_wstrb,
  output logic                    m_axi_wlast,
  output logic                    m_axi_wvalid,
  input  logic                    m_axi_wready,
  input  logic [IdW-1:0]          m_axi_bid,
  input  logic [1:0]              m_axi_bresp,
  input  logic                    m_axi_bvalid,
  output logic                    m_axi_bready
);
  // The engine checks its own parameters; this one also bounds the ring's.
  `CDMA_PARAM_CHECK(g_descs_check, MaxDescs >= 1 && MaxDescs <= 60, "MaxDescs must be from 1 to 60")

  logic        desc_valid, desc_ready, sts_valid, sts_ready, busy;
  logic [1:0]  desc_op, desc_mode;
  logic        desc_index, csr_desc_index;
  logic [63:0] desc_src, desc_dst;
  logic [31:0] desc_raw, desc_comp, sts_raw, sts_comp;
  logic [15:0] desc_tag, sts_tag;
  logic [3:0]  sts_error;
  // The register file's descriptors and statuses, before the ring merges them.
  logic        csr_desc_valid, csr_desc_ready, csr_sts_valid, csr_sts_ready;
  logic [1:0]  csr_desc_op, csr_desc_mode;
  logic [63:0] csr_desc_src, csr_desc_dst;
  logic [31:0] csr_desc_raw, csr_desc_comp;
  logic [15:0] csr_desc_tag, csr_sts_tag;
  logic [31:0] csr_sts_raw, csr_sts_comp;
  logic [3:0]  csr_sts_error;
  // Ring configuration and state.
  logic        ring_en, ring_quiet, ring_irq_set, ring_cpl_err;
  logic [3:0]  ring_size_log2;
  logic [63:0] ring_base, ring_cpl_base;
  logic [15:0] ring_tail, ring_head, ring_irq_count, ring_irq_timer;

  cdma_csr #(.ElemBytes(ElemBytes), .BusBytes(BusBytes), .MaxBurstBeats(MaxBurstBeats)) u_csr (
    .clk_i, .rst_ni,
    .s_axil_awaddr, .s_axil_awprot, .s_axil_awvalid, .s_axil_awready, .s_axil_wdata,
    .s_axil_wstrb, .s_axil_wvalid, .s_axil_wready, .s_axil_bresp, .s_axil_bvalid,
    .s_axil_bready, .s_axil_araddr, .s_axil_arprot, .s_axil_arvalid, .s_axil_arready,
    .s_axil_rdata, .s_axil_rresp, .s_axil_rvalid, .s_axil_rready,
    .desc_valid_o(csr_desc_valid), .desc_ready_i(csr_desc_ready), .desc_op_o(csr_desc_op),
    .desc_mode_o(csr_desc_mode), .desc_index_o(csr_desc_index), .desc_src_addr_o(csr_desc_src), .desc_dst_addr_o(csr_desc_dst),
    .desc_raw_bytes_o(csr_desc_raw), .desc_comp_bytes_o(csr_desc_comp), .desc_tag_o(csr_desc_tag),
    .sts_valid_i(csr_sts_valid), .sts_ready_o(csr_sts_ready), .sts_tag_i(csr_sts_tag),
    .sts_raw_bytes_i(csr_sts_raw), .sts_comp_bytes_i(csr_sts_comp), .sts_error_i(csr_sts_error),
    .busy_i(busy), .irq_o,
    .ring_en_o(ring_en), .ring_size_log2_o(ring_size_log2), .ring_base_o(ring_base),
    .ring_cpl_base_o(ring_cpl_base), .ring_tail_o(ring_tail), .ring_irq_count_o(ring_irq_count),
    .ring_irq_timer_o(ring_irq_timer), .ring_head_i(ring_head), .ring_quiet_i(ring_quiet),
    .ring_irq_set_i(ring_irq_set), .ring_cpl_err_i(ring_cpl_err)
  );

  // The engine's AXI4 master (port 0 of the mux) and the ring's (port 1).
  logic [IdW-1:0]        e_arid, e_awid;
  logic [63:0]           e_araddr, e_awaddr, q_araddr, q_awaddr;
  logic [7:0]            e_arlen, e_awlen, q_arlen, q_awlen;
  logic [2:0]            e_arsize, e_awsize, e_arprot, e_awprot;
  logic [1:0]            e_arburst, e_awburst;
  logic [3:0]            e_arcache, e_awcache;
  logic                  e_arvalid, e_awvalid, q_arvalid, q_awvalid, e_wlast, e_wvalid, q_wlast,
                         q_wvalid, q_rready_unused, q_bready_unused;
  logic [8*BusBytes-1:0] e_wdata, q_wdata;
  logic [BusBytes-1:0]   e_wstrb, q_wstrb;
  logic [1:0]            arready, rvalid, rready, awready, wready, bvalid, bready;

  cdma_ring #(.BusBytes(BusBytes), .MaxBurstBeats(MaxBurstBeats), .Fetch(RingFetch),
              // Every descriptor the engine may hold: the one waiting to be
              // taken, those in flight, its 2-entry status queue.
              .InFlight(MaxDescs + 3)) u_ring (
    .clk_i, .rst_ni,
    .en_i(ring_en), .size_log2_i(ring_size_log2), .ring_base_i(ring_base),
    .cpl_base_i(ring_cpl_base), .tail_i(ring_tail), .irq_count_i(ring_irq_count),
    .irq_timer_i(ring_irq_timer), .head_o(ring_head), .quiet_o(ring_quiet),
    .irq_set_o(ring_irq_set), .cpl_err_o(ring_cpl_err),
    .csr_desc_valid_i(csr_desc_valid), .csr_desc_ready_o(csr_desc_ready),
    .csr_desc_op_i(csr_desc_op), .csr_desc_mode_i(csr_desc_mode), .csr_desc_index_i(csr_desc_index),
    .csr_desc_src_addr_i(csr_desc_src), .csr_desc_dst_addr_i(csr_desc_dst),
    .csr_desc_raw_bytes_i(csr_desc_raw), .csr_desc_comp_bytes_i(csr_desc_comp),
    .csr_desc_tag_i(csr_desc_tag), .csr_sts_valid_o(csr_sts_valid), .csr_sts_ready_i(csr_sts_ready),
    .csr_sts_tag_o(csr_sts_tag), .csr_sts_raw_bytes_o(csr_sts_raw), .csr_sts_comp_bytes_o(csr_sts_comp),
    .csr_sts_error_o(csr_sts_error),
    .desc_valid_o(desc_valid), .desc_ready_i(desc_ready), .desc_op_o(desc_op),
    .desc_mode_o(desc_mode), .desc_index_o(desc_index), .desc_src_addr_o(desc_src), .desc_dst_addr_o(desc_dst),
    .desc_raw_bytes_o(desc_raw), .desc_comp_bytes_o(desc_comp), .desc_tag_o(desc_tag),
    .sts_valid_i(sts_valid), .sts_ready_o(sts_ready), .sts_tag_i(sts_tag),
    .sts_raw_bytes_i(sts_raw), .sts_comp_bytes_i(sts_comp), .sts_error_i(sts_error),
    .m_axi_araddr(q_araddr), .m_axi_arlen(q_arlen), .m_axi_arvalid(q_arvalid),
    .m_axi_arready(arready[1]), .m_axi_rdata, .m_axi_rresp, .m_axi_rvalid(rvalid[1]),
    .m_axi_rready(q_rready_unused), .m_axi_awaddr(q_awaddr), .m_axi_awlen(q_awlen),
    .m_axi_awvalid(q_awvalid), .m_axi_awready(awready[1]), .m_axi_wdata(q_wdata),
    .m_axi_wstrb(q_wstrb), .m_axi_wlast(q_wlast), .m_axi_wvalid(q_wvalid),
    .m_axi_wready(wready[1]), .m_axi_bresp, .m_axi_bvalid(bvalid[1]), .m_axi_bready(q_bready_unused)
  );
  // The ring takes every beat and response it is sent.
  assign rready[1] = 1'b1;
  assign bready[1] = 1'b1;

  cdma_engine #(
    .ElemBytes(ElemBytes), .BusBytes(BusBytes), .MaxBurstBeats(MaxBurstBeats),
    .MaxReads(MaxReads), .BufferBeats(BufferBeats), .WriteBeats(WriteBeats), .IdW(IdW), .AxiId(AxiId),
    .MaxDescs(MaxDescs), .BlockIndex(BlockIndex)
  ) u_engine (
    .clk_i, .rst_ni,
    .desc_valid_i(desc_valid), .desc_ready_o(desc_ready), .desc_op_i(desc_op), .desc_mode_i(desc_mode),
    .desc_index_i(desc_index),
    .desc_src_addr_i(desc_src), .desc_dst_addr_i(desc_dst), .desc_raw_bytes_i(desc_raw),
    .desc_comp_bytes_i(desc_comp), .desc_tag_i(desc_tag),
    .sts_valid_o(sts_valid), .sts_ready_i(sts_ready), .sts_tag_o(sts_tag),
    .sts_raw_bytes_o(sts_raw), .sts_comp_bytes_o(sts_comp), .sts_error_o(sts_error),
    .busy_o(busy),
    .m_axi_arid(e_arid), .m_axi_araddr(e_araddr), .m_axi_arlen(e_arlen), .m_axi_arsize(e_arsize),
    .m_axi_arburst(e_arburst), .m_axi_arcache(e_arcache), .m_axi_arprot(e_arprot),
    .m_axi_arvalid(e_arvalid), .m_axi_arready(arready[0]), .m_axi_rid, .m_axi_rdata, .m_axi_rresp,
    .m_axi_rlast, .m_axi_rvalid(rvalid[0]), .m_axi_rready(rready[0]),
    .m_axi_awid(e_awid), .m_axi_awaddr(e_awaddr), .m_axi_awlen(e_awlen), .m_axi_awsize(e_awsize),
    .m_axi_awburst(e_awburst), .m_axi_awcache(e_awcache), .m_axi_awprot(e_awprot),
    .m_axi_awvalid(e_awvalid), .m_axi_awready(awready[0]), .m_axi_wdata(e_wdata),
    .m_axi_wstrb(e_wstrb), .m_axi_wlast(e_wlast), .m_axi_wvalid(e_wvalid), .m_axi_wready(wready[0]),
    .m_axi_bid, .m_axi_bresp, .m_axi_bvalid(bvalid[0]), .m_axi_bready(bready[0])
  );

  // The ring's requests: the engine's ID, size, burst type, cache and protection.
  cdma_axi_mux #(.BusBytes(BusBytes), .IdW(IdW), .Depth(2 * RingFetch + 2)) u_mux (
    .clk_i, .rst_ni,
    .s_axi_arid({IdW'(AxiId), e_arid}), .s_axi_araddr({q_araddr, e_araddr}),
    .s_axi_arlen({q_arlen, e_arlen}), .s_axi_arsize({e_arsize, e_arsize}),
    .s_axi_arburst({e_arburst, e_arburst}), .s_axi_arcache({e_arcache, e_arcache}),
    .s_axi_arprot({e_arprot, e_arprot}), .s_axi_arvalid({q_arvalid, e_arvalid}),
    .s_axi_arready(arready), .s_axi_rvalid(rvalid), .s_axi_rready(rready),
    .s_axi_awid({IdW'(AxiId), e_awid}), .s_axi_awaddr({q_awaddr, e_awaddr}),
    .s_axi_awlen({q_awlen, e_awlen}), .s_axi_awsize({e_awsize, e_awsize}),
    .s_axi_awburst({e_awburst, e_awburst}), .s_axi_awcache({e_awcache, e_awcache}),
    .s_axi_awprot({e_awprot, e_awprot}), .s_axi_awvalid({q_awvalid, e_awvalid}),
    .s_axi_awready(awready), .s_axi_wdata({q_wdata, e_wdata}), .s_axi_wstrb({q_wstrb, e_wstrb}),
    .s_axi_wlast({q_wlast, e_wlast}), .s_axi_wvalid({q_wvalid, e_wvalid}), .s_axi_wready(wready),
    .s_axi_bvalid(bvalid), .s_axi_bready(bready),
    .m_axi_arid, .m_axi_araddr, .m_axi_arlen, .m_axi_arsize, .m_axi_arburst, .m_axi_arcache,
    .m_axi_arprot, .m_axi_arvalid, .m_axi_arready, .m_axi_rlast, .m_axi_rvalid, .m_axi_rready,
    .m_axi_awid, .m_axi_awaddr, .m_axi_awlen, .m_axi_awsize, .m_axi_awburst, .m_axi_awcache,
    .m_axi_awprot, .m_axi_awvalid, .m_axi_awready, .m_axi_wdata, .m_axi_wstrb, .m_axi_wlast,
    .m_axi_wvalid, .m_axi_wready, .m_axi_bvalid, .m_axi_bready
  );

  logic unused;
  assign unused = ^{q_rready_unused, q_bready_unused};
endmodule
