// Compressor properties (docs/formal.md, set "compressor").
//
// Any input frames obeying the AXI4-Stream handshake, with any tkeep, and any
// back-pressure on the payload and status ports:
// - m_axis obeys AXI4-Stream, packed, null bytes zero;
// - each payload frame is 4*ceil(n/32) + ElemBytes*nnz bytes, where n and nnz
//   are the frame's elements and non-zero elements under the compressor's
//   input rules (a non-last beat is BusBytes bytes, the last one
//   floor(popcount(tkeep)/ElemBytes) elements, null bytes read as zero);
// - each status record reports that length, n*ElemBytes raw bytes, and the
//   error flag exactly when an input rule was broken;
// - no payload frame and no status record without an input frame.
module fv_compressor #(
  parameter int ElemBytes = 1,
  parameter int BusBytes = 8
) (
  input logic                  clk_i,
  input logic [BusBytes*8-1:0] s_axis_tdata,
  input logic [BusBytes-1:0]   s_axis_tkeep,
  input logic                  s_axis_tlast,
  input logic                  s_axis_tvalid,
  input logic                  m_axis_tready,
  input logic                  sts_ready_i
);
  localparam int NumElems = BusBytes / ElemBytes;
  localparam int ElemBits = 8 * ElemBytes;
  localparam int CntW = 16;

  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  wire rst_ni = !init_q;

  logic                  s_axis_tready;
  logic [BusBytes*8-1:0] m_axis_tdata;
  logic [BusBytes-1:0]   m_axis_tkeep;
  logic                  m_axis_tlast, m_axis_tvalid, sts_valid_o, sts_error_o;
  logic [31:0]           sts_raw_bytes_o, sts_comp_bytes_o;

  zvc_compressor #(.ElemBytes(ElemBytes), .BusBytes(BusBytes)) dut (.*);

  fv_axis #(.Bytes(BusBytes), .Assume(1), .Packed(0)) in_rules (
    .clk_i, .rst_ni, .tdata(s_axis_tdata), .tkeep(s_axis_tkeep), .tlast(s_axis_tlast),
    .tvalid(s_axis_tvalid), .tready(s_axis_tready));
  fv_axis #(.Bytes(BusBytes), .Assume(0), .Packed(1), .NullZero(1)) out_rules (
    .clk_i, .rst_ni, .tdata(m_axis_tdata), .tkeep(m_axis_tkeep), .tlast(m_axis_tlast),
    .tvalid(m_axis_tvalid), .tready(m_axis_tready));

  // ---- Reference: the frame's elements, non-zero elements and rule breaks ----
  logic [CntW-1:0] n_q, nnz_q, n_d, nnz_d, beat_n, beat_nnz, keep_n, exp_len;
  logic            err_q, err_d, in_fire, out_fire, sts_fire;

  always_comb begin
    keep_n = '0;
    for (int b = 0; b < BusBytes; b++) keep_n = keep_n + CntW'(s_axis_tkeep[b]);
    beat_n = s_axis_tlast ? keep_n / CntW'(ElemBytes) : CntW'(NumElems);
    beat_nnz = '0;
    for (int i = 0; i < NumElems; i++) begin
      logic [ElemBits-1:0] elem;
      for (int b = 0; b < ElemBytes; b++)
        elem[b*8 +: 8] = s_axis_tkeep[i*ElemBytes + b] ? s_axis_tdata[(i*ElemBytes + b)*8 +: 8] : 8'h00;
      if (CntW'(i) < beat_n && elem != '0) beat_nnz = beat_nnz + 1'b1;
    end
    n_d = n_q + beat_n;
    nnz_d = nnz_q + beat_nnz;
    err_d = err_q || (s_axis_tkeep & (s_axis_tkeep + 1'b1)) != '0 ||
            (!s_axis_tlast && !(&s_axis_tkeep)) || keep_n % CntW'(ElemBytes) != '0;
    exp_len = CntW'(4) * ((n_d + CntW'(31)) / CntW'(32)) + CntW'(ElemBytes) * nnz_d;
  end

  assign in_fire  = s_axis_tvalid && s_axis_tready;
  assign out_fire = m_axis_tvalid && m_axis_tready;
  assign sts_fire = sts_valid_o && sts_ready_i;

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      n_q <= '0;
      nnz_q <= '0;
      err_q <= 1'b0;
    end else if (in_fire) begin
      n_q <= s_axis_tlast ? '0 : n_d;
      nnz_q <= s_axis_tlast ? '0 : nnz_d;
      err_q <= s_axis_tlast ? 1'b0 : err_d;
    end
  end

  // Expected records, one queue for the payload side and one for status.
  localparam int RecW = 2 * CntW + 1;
  logic [RecW-1:0] pay_head, sts_head;
  logic            pay_empty, sts_empty;
  wire [RecW-1:0]  rec = {err_d, CntW'(n_d * CntW'(ElemBytes)), exp_len};

  fv_queue #(.Width(RecW), .Depth(8)) q_pay (
    .clk_i, .rst_ni, .push_i(in_fire && s_axis_tlast), .data_i(rec),
    .pop_i(out_fire && m_axis_tlast), .head_o(pay_head), .empty_o(pay_empty));
  fv_queue #(.Width(RecW), .Depth(8)) q_sts (
    .clk_i, .rst_ni, .push_i(in_fire && s_axis_tlast), .data_i(rec),
    .pop_i(sts_fire), .head_o(sts_head), .empty_o(sts_empty));

  // ---- Payload bytes per output frame ----------------------------------------
  logic [CntW-1:0] out_len_q, out_len_d;
  always_comb begin
    out_len_d = out_len_q;
    for (int b = 0; b < BusBytes; b++) out_len_d = out_len_d + CntW'(m_axis_tkeep[b]);
  end
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) out_len_q <= '0;
    else if (out_fire) out_len_q <= m_axis_tlast ? '0 : out_len_d;
  end

  always @(posedge clk_i) begin
    if (rst_ni) begin
      // A null beat is an empty frame, never the tail of a longer one.
      if (out_fire && m_axis_tkeep == '0) assert (m_axis_tlast && out_len_q == '0);
      if (out_fire && m_axis_tlast) begin
        assert (!pay_empty);
        assert (out_len_d == pay_head[CntW-1:0]);
      end
      if (sts_fire) begin
        assert (!sts_empty);
        assert (sts_comp_bytes_o == 32'(sts_head[CntW-1:0]));
        assert (sts_raw_bytes_o == 32'(sts_head[2*CntW-1:CntW]));
        assert (sts_error_o == sts_head[RecW-1]);
      end
      // Covers: a frame end, a dense window's payload end, an all-zero
      // window, a dense window's status, a flagged frame.
      cover (out_fire && m_axis_tlast);
      cover (out_fire && m_axis_tlast && out_len_d == CntW'(4 + 32 * ElemBytes));
      cover (sts_fire && sts_head[CntW-1:0] == 16'd4 && sts_head[2*CntW-1:CntW] == 16'(32 * ElemBytes));
      cover (sts_fire && sts_head[CntW-1:0] == 16'(4 + 32 * ElemBytes));
      cover (sts_fire && sts_error_o);
    end
  end
endmodule
