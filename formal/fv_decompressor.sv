// Decompressor properties (docs/formal.md, set "decompressor").
//
// Any commands (raw lengths up to MaxRaw, any value, not only whole
// elements) and any payload bytes whatsoever, with any tkeep, under the
// AXI4-Stream handshake:
// - m_axis obeys AXI4-Stream, packed, null bytes zero;
// - each output frame is exactly its command's raw length (a zero length: one
//   null beat), tlast on its last beat and on no other;
// - each status record counts exactly the payload bytes accepted for its
//   frame (no input is taken that is not accounted for), and flags
//   sts_bad_keep_o exactly when a beat of the frame had a tkeep with holes;
// - with a draining consumer (Fair), no hang: input is taken within Bound
//   cycles while a frame is owed input, and a status record follows within
//   Bound cycles while a frame has both its command and its payload end;
// - with Flags (a check of its own, on legal framing: commands of at least
//   one whole element, packed tkeep, a frame's payload offered once its
//   command is in), each status's error bits are exactly the format's faults
//   (ZVC-FORMAT.md, "Decoding"), from a byte-by-byte parse of the payload
//   written from the format's text: truncated when the frame ends before its
//   last window, trailing when bytes follow the last window, bad_mask when
//   the final partial window's mask (its bytes that arrived) has a bit at or
//   above its element count.
// CountAhead is the decompressor's (1, its default, or 0, the smaller decoder);
// so is Pipeline (1: its network stage, one cycle more latency).
module fv_decompressor #(
  parameter int ElemBytes = 1,
  parameter int BusBytes = 8,
  parameter int MaxRaw = 40,
  parameter bit Fair = 1'b0,
  parameter int Bound = 8,
  parameter bit Flags = 1'b0,
  parameter int CountAhead = 1,
  parameter int Pipeline = 0
) (
  input logic                  clk_i,
  input logic                  cmd_valid_i,
  input logic [31:0]           cmd_raw_bytes_i,
  input logic [BusBytes*8-1:0] s_axis_tdata,
  input logic [BusBytes-1:0]   s_axis_tkeep,
  input logic                  s_axis_tlast,
  input logic                  s_axis_tvalid,
  input logic                  m_axis_tready,
  input logic                  sts_ready_i
);
  localparam int CntW = 12;

  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  wire rst_ni = !init_q;

  logic                  cmd_ready_o, s_axis_tready, m_axis_tlast, m_axis_tvalid, sts_valid_o;
  logic [BusBytes*8-1:0] m_axis_tdata;
  logic [BusBytes-1:0]   m_axis_tkeep;
  logic [31:0]           sts_comp_bytes_o;
  logic [2:0]            sts_error_o;

  logic [1:0]            cmd_mode_i;
  logic                  sts_bad_mode_o, sts_bad_keep_o;
  assign cmd_mode_i = 2'd0;  // plain ZVC frames

  zvc_decompressor #(.ElemBytes(ElemBytes), .BusBytes(BusBytes), .CountAhead(CountAhead),
                     .Pipeline(Pipeline)) dut (.*);

  fv_axis #(.Bytes(BusBytes), .Assume(1), .Packed(0)) in_rules (
    .clk_i, .rst_ni, .tdata(s_axis_tdata), .tkeep(s_axis_tkeep), .tlast(s_axis_tlast),
    .tvalid(s_axis_tvalid), .tready(s_axis_tready));
  fv_axis #(.Bytes(BusBytes), .Assume(0), .Packed(1), .NullZero(1)) out_rules (
    .clk_i, .rst_ni, .tdata(m_axis_tdata), .tkeep(m_axis_tkeep), .tlast(m_axis_tlast),
    .tvalid(m_axis_tvalid), .tready(m_axis_tready));
  // The command port is a valid/ready stream of one 32-bit word.
  fv_axis #(.Bytes(4), .Assume(1), .Packed(0)) cmd_rules (
    .clk_i, .rst_ni, .tdata(cmd_raw_bytes_i), .tkeep(4'hF), .tlast(1'b1),
    .tvalid(cmd_valid_i), .tready(cmd_ready_o));

  logic cmd_fire, in_fire, out_fire, sts_fire;
  assign cmd_fire = cmd_valid_i && cmd_ready_o;
  assign in_fire  = s_axis_tvalid && s_axis_tready;
  assign out_fire = m_axis_tvalid && m_axis_tready;
  assign sts_fire = sts_valid_o && sts_ready_i;

  always @(posedge clk_i) begin
    assume (!cmd_valid_i || cmd_raw_bytes_i <= 32'(MaxRaw));
    if (Fair) assume (m_axis_tready && sts_ready_i);
  end

  // ---- Byte counts per frame on both sides -------------------------------------
  logic [CntW-1:0] in_len_q, in_len_d, out_len_q, out_len_d;
  logic            holes_q, holes_d;  // a beat of the arriving frame had holes in tkeep
  // Contiguous from bit 0 means tkeep + 1 is a power of two.
  assign holes_d = holes_q || (s_axis_tkeep & (s_axis_tkeep + 1'b1)) != '0;
  always_comb begin
    in_len_d  = in_len_q;
    out_len_d = out_len_q;
    for (int b = 0; b < BusBytes; b++) begin
      in_len_d  = in_len_d + CntW'(s_axis_tkeep[b]);
      out_len_d = out_len_d + CntW'(m_axis_tkeep[b]);
    end
  end
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      in_len_q  <= '0;
      out_len_q <= '0;
      holes_q   <= 1'b0;
    end else begin
      if (in_fire) in_len_q <= s_axis_tlast ? '0 : in_len_d;
      if (in_fire) holes_q <= !s_axis_tlast && holes_d;
      if (out_fire) out_len_q <= m_axis_tlast ? '0 : out_len_d;
    end
  end

  logic [CntW-1:0] raw_head, comp_head;
  logic            raw_empty, comp_empty, holes_head, holes_empty_unused;
  fv_queue #(.Width(CntW), .Depth(8)) q_raw (
    .clk_i, .rst_ni, .push_i(cmd_fire), .data_i(cmd_raw_bytes_i[CntW-1:0]),
    .pop_i(out_fire && m_axis_tlast), .head_o(raw_head), .empty_o(raw_empty));
  fv_queue #(.Width(CntW), .Depth(8)) q_comp (
    .clk_i, .rst_ni, .push_i(in_fire && s_axis_tlast), .data_i(in_len_d),
    .pop_i(sts_fire), .head_o(comp_head), .empty_o(comp_empty));
  fv_queue #(.Width(1), .Depth(8)) q_holes (
    .clk_i, .rst_ni, .push_i(in_fire && s_axis_tlast), .data_i(holes_d),
    .pop_i(sts_fire), .head_o(holes_head), .empty_o(holes_empty_unused));

  // ---- Liveness bookkeeping: frames commanded, ended on input, reported ----------
  logic [3:0]      cmds_q, ends_q, stss_q;
  logic [CntW-1:0] starve_q, wait_q;
  logic [3:0]      cmd_lead, end_lead;
  logic            owed_input, owed_status;
  // Counts are modulo 16; the depths used keep them within 8 of each other.
  assign cmd_lead    = cmds_q - ends_q;  // commands whose payload has not ended
  assign end_lead    = ends_q - stss_q;  // payload ends not yet reported
  assign owed_input  = cmd_lead != '0 && !cmd_lead[3];
  assign owed_status = cmds_q != stss_q && end_lead != '0;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cmds_q   <= '0;
      ends_q   <= '0;
      stss_q   <= '0;
      starve_q <= '0;
      wait_q   <= '0;
    end else begin
      cmds_q   <= cmds_q + 4'(cmd_fire);
      ends_q   <= ends_q + 4'(in_fire && s_axis_tlast);
      stss_q   <= stss_q + 4'(sts_fire);
      starve_q <= (owed_input && !s_axis_tready) ? starve_q + 1'b1 : '0;
      wait_q   <= (owed_status && !sts_fire) ? wait_q + 1'b1 : '0;
    end
  end

  // ---- Reference for the error flags: the payload parsed as the format says ----
  if (Flags) begin : gen_flags
    localparam int NW = 8;  // element and byte counts within MaxRaw
    logic [CntW-1:0] n_head;
    logic            n_empty, flags_empty, started_q;
    logic [2:0]      flags_head, flags_d;
    logic [NW-1:0]   win_q, win_d;    // the current window's first element
    logic [NW-1:0]   need_q, need_d;  // its element bytes still to come
    logic [2:0]      mi_q, mi_d;      // its mask bytes seen (4: all)
    logic [31:0]     mask_q, mask_d;
    logic            done_q, done_d, trail_q, trail_d, bad_q, bad_d;

    // The commanded length of the frame whose payload is arriving, and the
    // expected flags of each frame whose payload ended.
    fv_queue #(.Width(CntW), .Depth(8)) q_n (
      .clk_i, .rst_ni, .push_i(cmd_fire), .data_i(cmd_raw_bytes_i[CntW-1:0]),
      .pop_i(in_fire && s_axis_tlast), .head_o(n_head), .empty_o(n_empty));
    fv_queue #(.Width(3), .Depth(8)) q_flags (
      .clk_i, .rst_ni, .push_i(in_fire && s_axis_tlast), .data_i(flags_d),
      .pop_i(sts_fire), .head_o(flags_head), .empty_o(flags_empty));

    always @(posedge clk_i) begin
      assume (!cmd_valid_i || (cmd_raw_bytes_i != '0 && cmd_raw_bytes_i % 32'(ElemBytes) == 0));
      assume (!s_axis_tvalid || !n_empty);
      assume (!s_axis_tvalid || (s_axis_tkeep & (s_axis_tkeep + 1'b1)) == '0);
      assume (!s_axis_tvalid || s_axis_tlast || &s_axis_tkeep);
    end

    always_comb begin
      logic [NW-1:0] n, r, nz;
      logic [31:0]   valid;
      n = NW'(n_head / CntW'(ElemBytes));
      win_d = started_q ? win_q : '0;
      need_d = started_q ? need_q : '0;
      mi_d = started_q ? mi_q : '0;
      mask_d = started_q ? mask_q : '0;
      done_d = started_q ? done_q : n == '0;
      trail_d = started_q && trail_q;
      bad_d = started_q && bad_q;
      r = '0;
      valid = '0;
      nz = '0;
      for (int b = 0; b < BusBytes; b++) begin
        if (s_axis_tkeep[b]) begin
          if (done_d) begin
            trail_d = 1'b1;
          end else if (mi_d != 3'd4) begin
            mask_d[8*mi_d +: 8] = s_axis_tdata[8*b +: 8];
            mi_d = mi_d + 1'b1;
            if (mi_d == 3'd4) begin
              r = (n - win_d > NW'(32)) ? NW'(32) : n - win_d;
              valid = (r == NW'(32)) ? 32'hFFFF_FFFF : (32'd1 << r) - 32'd1;
              if ((mask_d & ~valid) != '0) bad_d = 1'b1;
              nz = '0;
              for (int i = 0; i < 32; i++) nz = nz + NW'(mask_d[i] & valid[i]);
              need_d = nz * NW'(ElemBytes);
            end
          end else begin
            need_d = need_d - 1'b1;
          end
          // A window whose mask and elements are all in: the next one.
          if (!done_d && mi_d == 3'd4 && need_d == '0) begin
            win_d = win_d + NW'(32);
            mi_d = '0;
            mask_d = '0;
            done_d = win_d >= n;
          end
        end
      end
      // A frame that ends inside its final window's mask: the bytes that came.
      if (!done_d && mi_d != 3'd4 && mi_d != '0 && n - win_d < NW'(32)) begin
        if ((mask_d & ~((32'd1 << (n - win_d)) - 32'd1)) != '0) bad_d = 1'b1;
      end
      flags_d = {bad_d, trail_d, !done_d};
    end

    always @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        started_q <= 1'b0;
        win_q <= '0;
        need_q <= '0;
        mi_q <= '0;
        mask_q <= '0;
        done_q <= 1'b0;
        trail_q <= 1'b0;
        bad_q <= 1'b0;
      end else if (in_fire) begin
        started_q <= !s_axis_tlast;
        win_q <= win_d;
        need_q <= need_d;
        mi_q <= mi_d;
        mask_q <= mask_d;
        done_q <= done_d;
        trail_q <= trail_d;
        bad_q <= bad_d;
      end
    end

    always @(posedge clk_i) begin
      if (rst_ni && sts_fire) begin
        assert (!flags_empty);
        assert (sts_error_o == flags_head);
      end
    end
  end

  always @(posedge clk_i) begin
    if (rst_ni) begin
      if (out_fire && m_axis_tkeep == '0) assert (m_axis_tlast && out_len_q == '0);
      if (out_fire) begin
        assert (!raw_empty);
        if (m_axis_tlast) assert (out_len_d == raw_head);
        else assert (out_len_d < raw_head);
      end
      if (sts_fire) begin
        assert (!comp_empty);
        assert (sts_comp_bytes_o == 32'(comp_head));
        assert (sts_bad_keep_o == holes_head);
      end
      if (Fair) begin
        assert (starve_q <= CntW'(Bound));
        assert (wait_q <= CntW'(Bound));
      end
      // Covers: a frame end, each error flag, a clean frame of a dense window.
      cover (out_fire && m_axis_tlast);
      cover (sts_fire && sts_error_o[0]);
      cover (sts_fire && sts_error_o[1]);
      cover (sts_fire && sts_error_o[2]);
      cover (sts_fire && sts_bad_keep_o);
      cover (sts_fire && sts_error_o == '0 && comp_head == CntW'(4 + 32 * ElemBytes));
    end
  end
endmodule
