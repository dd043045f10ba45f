// Compressor properties (docs/formal.md, set "compressor").
//
// Any input frames obeying the AXI4-Stream handshake, with any tkeep, and any
// back-pressure on the payload and status ports:
// - m_axis obeys AXI4-Stream, packed, null bytes zero;
// - each payload frame is 4*ceil(n/32) + ElemBytes*nnz bytes, where n and nnz
//   are the frame's elements and non-zero elements under the compressor's
//   input rules (a non-last beat is BusBytes bytes, the last one the
//   elements in front of its first element with a null byte, null bytes
//   read as zero);
// - each status record reports that length, n*ElemBytes raw bytes, and the
//   error flag exactly when an input rule was broken;
// - no payload frame and no status record without an input frame;
// - the payload's content (ZVC-FORMAT.md, "Windows"), by a tracked element
//   chosen by the solver ((* anyconst *) frame and element index, any index
//   up to the end of the frame's last window): the bit of its window's mask
//   is 1 exactly when the element exists and is non-zero, and a non-zero
//   element's bytes follow its mask after the window's earlier non-zero
//   elements, in order. Payload offsets are counted from the format's rule
//   as the input arrives, never from the RTL's state.
module fv_compressor #(
  parameter int ElemBytes = 1,
  parameter int BusBytes = 8,
  // 1: also the payload's content (a separate check: it needs more solver
  // time per step than the rest together).
  parameter bit Content = 0,
  // The compressor's network stage (its Pipeline parameter).
  parameter int Pipeline = 0
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

  logic [1:0]            s_axis_tuser;
  assign s_axis_tuser = 2'd0;  // plain ZVC frames

  zvc_compressor #(.ElemBytes(ElemBytes), .BusBytes(BusBytes), .Pipeline(Pipeline)) dut (.*);

  fv_axis #(.Bytes(BusBytes), .Assume(1), .Packed(0)) in_rules (
    .clk_i, .rst_ni, .tdata(s_axis_tdata), .tkeep(s_axis_tkeep), .tlast(s_axis_tlast),
    .tvalid(s_axis_tvalid), .tready(s_axis_tready));
  fv_axis #(.Bytes(BusBytes), .Assume(0), .Packed(1), .NullZero(1)) out_rules (
    .clk_i, .rst_ni, .tdata(m_axis_tdata), .tkeep(m_axis_tkeep), .tlast(m_axis_tlast),
    .tvalid(m_axis_tvalid), .tready(m_axis_tready));

  // ---- Reference: the frame's elements, non-zero elements and rule breaks ----
  logic [CntW-1:0] n_q, nnz_q, n_d, nnz_d, beat_n, beat_nnz, keep_n, lead_n, exp_len;
  logic            err_q, err_d, in_fire, out_fire, sts_fire;

  always_comb begin
    keep_n = '0;
    lead_n = '0;  // kept bytes in front of the first null byte
    for (int b = 0; b < BusBytes; b++) begin
      keep_n = keep_n + CntW'(s_axis_tkeep[b]);
      if (s_axis_tkeep[b] && lead_n == CntW'(b)) lead_n = lead_n + 1'b1;
    end
    beat_n = s_axis_tlast ? lead_n / CntW'(ElemBytes) : CntW'(NumElems);
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

  if (Content) begin : gen_content
    // ---- Reference: where the tracked element goes in its frame's payload ------
    // pos: payload bytes of the frame's elements before this beat, the mask of
    // each window they opened included; mask_off: where the current window's
    // mask is.
    // Payload offsets in PW bits: a frame of fewer than 16 input beats (every
    // frame within 15 steps) has a payload under 16 beats.
    localparam int PW = $clog2(BusBytes * 16);
    (* anyconst *) logic [3:0]    sel_frame;  // wide enough not to wrap within the depth
    (* anyconst *) logic [PW-1:0]   sel_elem;
    logic [3:0]          in_frames_q, out_frames_q;
    logic [PW-1:0]       pos_q, pos_d, mask_off_q, mask_off_d;
    logic                hit_q, hit_d, nz_q, nz_d;
    logic [PW-1:0]       t_mask_q, t_mask_d, t_elem_q, t_elem_d;
    logic [ElemBits-1:0] val_q, val_d;

    always_comb begin
      pos_d = pos_q;
      mask_off_d = mask_off_q;
      hit_d = hit_q;
      nz_d = nz_q;
      t_mask_d = t_mask_q;
      t_elem_d = t_elem_q;
      val_d = val_q;
      for (int i = 0; i < NumElems; i++) begin
        logic [ElemBits-1:0] elem;
        logic [PW-1:0]       k;
        for (int b = 0; b < ElemBytes; b++)
          elem[b*8 +: 8] = s_axis_tkeep[i*ElemBytes + b] ? s_axis_tdata[(i*ElemBytes + b)*8 +: 8] : 8'h00;
        k = PW'(n_q) + PW'(i);
        if (CntW'(i) < beat_n) begin
          if (k % PW'(32) == '0) begin
            mask_off_d = pos_d;
            pos_d = pos_d + PW'(4);
          end
          if (in_frames_q == sel_frame && k == sel_elem) begin
            hit_d = 1'b1;
            nz_d = elem != '0;
            t_mask_d = mask_off_d;
            t_elem_d = pos_d;
            val_d = elem;
          end
          if (elem != '0) pos_d = pos_d + PW'(ElemBytes);
        end
      end
      // An index past the frame's end but inside its last window: a mask bit
      // that must be 0.
      if (s_axis_tlast && !hit_d && in_frames_q == sel_frame && sel_elem >= PW'(n_d) &&
          sel_elem / PW'(32) == (PW'(n_d) + PW'(31)) / PW'(32) - PW'(1) && n_d != '0) begin
        hit_d = 1'b1;
        nz_d = 1'b0;
        t_mask_d = mask_off_d;
      end
    end

    always @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        in_frames_q <= '0;
        pos_q <= '0;
        mask_off_q <= '0;
        hit_q <= 1'b0;
        nz_q <= 1'b0;
        t_mask_q <= '0;
        t_elem_q <= '0;
        val_q <= '0;
      end else if (in_fire) begin
        in_frames_q <= in_frames_q + 4'(s_axis_tlast);
        pos_q <= s_axis_tlast ? '0 : pos_d;
        mask_off_q <= s_axis_tlast ? '0 : mask_off_d;
        hit_q <= hit_d;
        nz_q <= nz_d;
        t_mask_q <= t_mask_d;
        t_elem_q <= t_elem_d;
        val_q <= val_d;
      end
    end

    always @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) out_frames_q <= '0;
      else if (out_fire) out_frames_q <= out_frames_q + 4'(m_axis_tlast);
    end

    // The tracked element's mask bit and bytes as they leave.
    always @(posedge clk_i) begin
      if (rst_ni && out_fire && out_frames_q == sel_frame) begin
        for (int b = 0; b < BusBytes; b++) begin
          if (m_axis_tkeep[b]) begin
            if (hit_q && PW'(out_len_q) + PW'(b) == t_mask_q + sel_elem % PW'(32) / PW'(8))
              assert (m_axis_tdata[b*8 + 32'(sel_elem % PW'(8))] == nz_q);
            for (int j = 0; j < ElemBytes; j++) begin
              if (hit_q && nz_q && PW'(out_len_q) + PW'(b) == t_elem_q + PW'(j))
                assert (m_axis_tdata[b*8 +: 8] == val_q[j*8 +: 8]);
            end
          end
        end
      end
    end
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
