// Round-trip property (docs/formal.md, set "round trip"): the compressor
// feeding the decompressor returns every element unchanged.
//
// Well-formed input frames (packed tkeep, whole elements) under the
// AXI4-Stream handshake, any back-pressure at the end; the decompressor's
// command is each frame's raw length, known when the frame's input ends (as
// the engine knows it from the descriptor). One element, chosen by the
// solver ((* anyconst *) frame and element index), is recorded on the way in
// and compared on the way out; the output frame is as long as the input
// frame and the decompressor flags no error.
// Mode 1 (binarize, docs/format.md "Modes"): every frame goes through as
// masks only, and the element comes back as all-ones bytes if it was non-zero
// and as zeros if it was zero.
// Pipeline builds both codecs with their network stage (one cycle more
// latency each).
module fv_roundtrip #(
  parameter int ElemBytes = 1,
  parameter int BusBytes = 8,
  parameter int Mode = 0,
  parameter int Pipeline = 0
) (
  input logic                  clk_i,
  input logic [BusBytes*8-1:0] s_axis_tdata,
  input logic [BusBytes-1:0]   s_axis_tkeep,
  input logic                  s_axis_tlast,
  input logic                  s_axis_tvalid,
  input logic                  m_axis_tready,
  input logic                  csts_ready_i,
  input logic                  dsts_ready_i
);
  localparam int NumElems = BusBytes / ElemBytes;
  localparam int ElemBits = 8 * ElemBytes;
  localparam int LaneW = $clog2(NumElems);
  localparam int CntW = 12;
  // Frames in flight in the harness's queues: one-beat frames enter every
  // cycle, so the deeper codecs hold more of them within the same steps.
  localparam int QueueDepth = Pipeline != 0 ? 16 : 8;

  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  wire rst_ni = !init_q;

  // ---- Compressor -> decompressor ----
  logic                  s_axis_tready, p_tvalid, p_tready, p_tlast;
  logic [BusBytes*8-1:0] p_tdata, m_axis_tdata;
  logic [BusBytes-1:0]   p_tkeep, m_axis_tkeep;
  logic                  m_axis_tlast, m_axis_tvalid;
  logic                  csts_valid, csts_error, dsts_valid, cmd_valid, cmd_ready;
  logic [31:0]           csts_raw, csts_comp, dsts_comp;
  logic [2:0]            dsts_error;
  logic [CntW-1:0]       cmd_len;

  zvc_compressor #(.ElemBytes(ElemBytes), .BusBytes(BusBytes), .Pipeline(Pipeline)) comp (
    .clk_i, .rst_ni, .s_axis_tdata, .s_axis_tkeep, .s_axis_tlast, .s_axis_tuser(2'(Mode)),
    .s_axis_tvalid, .s_axis_tready, .m_axis_tdata(p_tdata), .m_axis_tkeep(p_tkeep), .m_axis_tlast(p_tlast),
    .m_axis_tvalid(p_tvalid), .m_axis_tready(p_tready),
    .sts_valid_o(csts_valid), .sts_ready_i(csts_ready_i), .sts_raw_bytes_o(csts_raw),
    .sts_comp_bytes_o(csts_comp), .sts_error_o(csts_error));
  zvc_decompressor #(.ElemBytes(ElemBytes), .BusBytes(BusBytes), .Pipeline(Pipeline)) decomp (
    .clk_i, .rst_ni, .cmd_valid_i(cmd_valid), .cmd_ready_o(cmd_ready), .cmd_raw_bytes_i(32'(cmd_len)),
    .cmd_mode_i(2'(Mode)),
    .s_axis_tdata(p_tdata), .s_axis_tkeep(p_tkeep), .s_axis_tlast(p_tlast),
    .s_axis_tvalid(p_tvalid), .s_axis_tready(p_tready),
    .m_axis_tdata, .m_axis_tkeep, .m_axis_tlast, .m_axis_tvalid, .m_axis_tready,
    .sts_valid_o(dsts_valid), .sts_ready_i(dsts_ready_i), .sts_comp_bytes_o(dsts_comp),
    .sts_error_o(dsts_error), .sts_bad_mode_o(), .sts_bad_keep_o());

  fv_axis #(.Bytes(BusBytes), .Assume(1), .Packed(1)) in_rules (
    .clk_i, .rst_ni, .tdata(s_axis_tdata), .tkeep(s_axis_tkeep), .tlast(s_axis_tlast),
    .tvalid(s_axis_tvalid), .tready(s_axis_tready));

  logic in_fire, out_fire;
  logic [CntW-1:0] in_len_q, in_len_d, keep_n;
  assign in_fire  = s_axis_tvalid && s_axis_tready;
  assign out_fire = m_axis_tvalid && m_axis_tready;
  always_comb begin
    keep_n = '0;
    for (int b = 0; b < BusBytes; b++) keep_n = keep_n + CntW'(s_axis_tkeep[b]);
    in_len_d = in_len_q + keep_n;
  end
  always @(posedge clk_i) begin
    if (s_axis_tvalid) assume (keep_n % CntW'(ElemBytes) == '0);  // whole elements
  end

  // Commands: each frame's raw length, in order.
  logic cmd_empty;
  fv_queue #(.Width(CntW), .Depth(QueueDepth)) q_cmd (
    .clk_i, .rst_ni, .push_i(in_fire && s_axis_tlast), .data_i(in_len_d),
    .pop_i(cmd_valid && cmd_ready), .head_o(cmd_len), .empty_o(cmd_empty));
  assign cmd_valid = !cmd_empty;

  // ---- The tracked element ----
  (* anyconst *) logic [3:0]      sel_frame;  // wide enough not to wrap within the depth
  (* anyconst *) logic [CntW-1:0] sel_elem;
  logic [3:0]          in_frame_q, out_frame_q;
  logic [CntW-1:0]     in_elem_q, out_elem_q, out_len_q, out_len_d;
  logic [ElemBits-1:0] value_q;
  logic                seen_q;
  logic [LaneW-1:0]    in_lane, out_lane;
  logic                in_hit, out_hit;

  assign in_lane  = LaneW'(sel_elem - in_elem_q);
  assign out_lane = LaneW'(sel_elem - out_elem_q);
  assign in_hit   = in_fire && in_frame_q == sel_frame && sel_elem >= in_elem_q &&
                    sel_elem < in_elem_q + CntW'(NumElems) && s_axis_tkeep[32'(in_lane) * ElemBytes];
  assign out_hit  = out_fire && out_frame_q == sel_frame && sel_elem >= out_elem_q &&
                    sel_elem < out_elem_q + CntW'(NumElems) && m_axis_tkeep[32'(out_lane) * ElemBytes];
  always_comb begin
    out_len_d = out_len_q;
    for (int b = 0; b < BusBytes; b++) out_len_d = out_len_d + CntW'(m_axis_tkeep[b]);
  end

  logic [CntW-1:0] raw_head;
  logic            raw_empty;
  fv_queue #(.Width(CntW), .Depth(QueueDepth)) q_raw (
    .clk_i, .rst_ni, .push_i(in_fire && s_axis_tlast), .data_i(in_len_d),
    .pop_i(out_fire && m_axis_tlast), .head_o(raw_head), .empty_o(raw_empty));

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      in_frame_q  <= '0;
      out_frame_q <= '0;
      in_elem_q   <= '0;
      out_elem_q  <= '0;
      in_len_q    <= '0;
      out_len_q   <= '0;
      seen_q      <= 1'b0;
    end else begin
      if (in_fire) begin
        in_frame_q <= in_frame_q + 4'(s_axis_tlast);
        in_elem_q  <= s_axis_tlast ? '0 : in_elem_q + CntW'(NumElems);
        in_len_q   <= s_axis_tlast ? '0 : in_len_d;
      end
      if (out_fire) begin
        out_frame_q <= out_frame_q + 4'(m_axis_tlast);
        out_elem_q  <= m_axis_tlast ? '0 : out_elem_q + CntW'(NumElems);
        out_len_q   <= m_axis_tlast ? '0 : out_len_d;
      end
      if (in_hit) seen_q <= 1'b1;
    end
  end
  always @(posedge clk_i) if (in_hit) value_q <= s_axis_tdata[32'(in_lane) * ElemBits +: ElemBits];

  always @(posedge clk_i) begin
    if (rst_ni) begin
      if (out_hit) begin
        assert (seen_q);
        if (Mode == 1)
          assert (m_axis_tdata[32'(out_lane) * ElemBits +: ElemBits] == {ElemBits{value_q != '0}});
        else
          assert (m_axis_tdata[32'(out_lane) * ElemBits +: ElemBits] == value_q);
      end
      if (out_fire && m_axis_tlast) begin
        assert (!raw_empty);
        assert (out_len_d == raw_head);
      end
      if (dsts_valid) assert (dsts_error == '0);
      cover (out_hit && value_q != '0 && sel_elem >= CntW'(NumElems));  // past the first beat
      cover (out_hit && value_q == '0);
    end
  end
endmodule
