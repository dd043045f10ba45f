// The DMA engine with its AXI4-Lite register file: the block a CPU-based SoC
// instantiates (AXI4-Lite slave for control, AXI4 masters for data, one
// interrupt). cdma_engine alone offers the descriptor and status streams for
// hardware-driven use. Parameters and behaviour: cdma_engine, cdma_csr,
// docs/dma.md. Reset: asynchronous, active low.
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
  parameter int AxiId = 0
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
  logic        desc_valid, desc_ready, sts_valid, sts_ready, busy;
  logic [1:0]  desc_op, desc_mode;
  logic [63:0] desc_src, desc_dst;
  logic [31:0] desc_raw, desc_comp, sts_raw, sts_comp;
  logic [15:0] desc_tag, sts_tag;
  logic [3:0]  sts_error;

  cdma_csr #(.ElemBytes(ElemBytes), .BusBytes(BusBytes), .MaxBurstBeats(MaxBurstBeats)) u_csr (
    .clk_i, .rst_ni,
    .s_axil_awaddr, .s_axil_awprot, .s_axil_awvalid, .s_axil_awready, .s_axil_wdata,
    .s_axil_wstrb, .s_axil_wvalid, .s_axil_wready, .s_axil_bresp, .s_axil_bvalid,
    .s_axil_bready, .s_axil_araddr, .s_axil_arprot, .s_axil_arvalid, .s_axil_arready,
    .s_axil_rdata, .s_axil_rresp, .s_axil_rvalid, .s_axil_rready,
    .desc_valid_o(desc_valid), .desc_ready_i(desc_ready), .desc_op_o(desc_op), .desc_mode_o(desc_mode),
    .desc_src_addr_o(desc_src), .desc_dst_addr_o(desc_dst), .desc_raw_bytes_o(desc_raw),
    .desc_comp_bytes_o(desc_comp), .desc_tag_o(desc_tag),
    .sts_valid_i(sts_valid), .sts_ready_o(sts_ready), .sts_tag_i(sts_tag),
    .sts_raw_bytes_i(sts_raw), .sts_comp_bytes_i(sts_comp), .sts_error_i(sts_error),
    .busy_i(busy), .irq_o
  );

  cdma_engine #(
    .ElemBytes(ElemBytes), .BusBytes(BusBytes), .MaxBurstBeats(MaxBurstBeats),
    .MaxReads(MaxReads), .BufferBeats(BufferBeats), .WriteBeats(WriteBeats), .IdW(IdW), .AxiId(AxiId)
  ) u_engine (
    .clk_i, .rst_ni,
    .desc_valid_i(desc_valid), .desc_ready_o(desc_ready), .desc_op_i(desc_op), .desc_mode_i(desc_mode),
    .desc_src_addr_i(desc_src), .desc_dst_addr_i(desc_dst), .desc_raw_bytes_i(desc_raw),
    .desc_comp_bytes_i(desc_comp), .desc_tag_i(desc_tag),
    .sts_valid_o(sts_valid), .sts_ready_i(sts_ready), .sts_tag_o(sts_tag),
    .sts_raw_bytes_o(sts_raw), .sts_comp_bytes_o(sts_comp), .sts_error_o(sts_error),
    .busy_o(busy),
    .m_axi_arid,
    .m_axi_araddr,
    .m_axi_arlen,
    .m_axi_arsize,
    .m_axi_arburst,
    .m_axi_arcache,
    .m_axi_arprot,
    .m_axi_arvalid,
    .m_axi_arready,
    .m_axi_rid,
    .m_axi_rdata,
    .m_axi_rresp,
    .m_axi_rlast,
    .m_axi_rvalid,
    .m_axi_rready,
    .m_axi_awid,
    .m_axi_awaddr,
    .m_axi_awlen,
    .m_axi_awsize,
    .m_axi_awburst,
    .m_axi_awcache,
    .m_axi_awprot,
    .m_axi_awvalid,
    .m_axi_awready,
    .m_axi_wdata,
    .m_axi_wstrb,
    .m_axi_wlast,
    .m_axi_wvalid,
    .m_axi_wready,
    .m_axi_bid,
    .m_axi_bresp,
    .m_axi_bvalid,
    .m_axi_bready
  );
endmodule
