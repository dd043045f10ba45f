// Landing-buffer properties (docs/formal.md, set "buffer").
//
// Any writes, reads and reservation requests under the AXI4-Stream handshake
// (a reservation request is held, unchanged, until granted):
// - no overflow: a write is accepted only while fewer than DepthBeats beats
//   are held; no underflow: a beat is offered only while one is held;
// - reservations never exceed capacity: held + reserved <= DepthBeats, and
//   level_o / free_o are exactly held and DepthBeats - held - reserved;
// - order: two tracked beats (any indices) leave as the i-th and j-th beats
//   out, unchanged;
// - no stall: a held beat is offered within 3 cycles of its write while the
//   consumer is ready, and m_axis obeys AXI4-Stream.
module fv_buffer #(
  parameter int BusBytes = 8,
  parameter int DepthBeats = 5,
  parameter bit Order = 1'b1,  // check the tracked beats (BMC); else accounting only
  localparam int CountW = $clog2(DepthBeats + 1)
) (
  input logic                  clk_i,
  input logic [8*BusBytes-1:0] s_axis_tdata,
  input logic [BusBytes-1:0]   s_axis_tkeep,
  input logic                  s_axis_tlast,
  input logic                  s_axis_tvalid,
  input logic                  m_axis_tready,
  input logic                  rsv_valid_i,
  input logic [CountW-1:0]     rsv_beats_i
);
  localparam int Width = 8 * BusBytes + BusBytes + 1;
  localparam int IdxW = 6;

  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  wire rst_ni = !init_q;

  logic                  s_axis_tready, m_axis_tlast, m_axis_tvalid, rsv_ready_o;
  logic [8*BusBytes-1:0] m_axis_tdata;
  logic [BusBytes-1:0]   m_axis_tkeep;
  logic [CountW-1:0]     level_o, free_o;

  cdma_buffer #(.BusBytes(BusBytes), .DepthBeats(DepthBeats)) dut (.*);

  fv_axis #(.Bytes(BusBytes), .Assume(1), .Packed(0)) in_rules (
    .clk_i, .rst_ni, .tdata(s_axis_tdata), .tkeep(s_axis_tkeep), .tlast(s_axis_tlast),
    .tvalid(s_axis_tvalid), .tready(s_axis_tready));
  fv_axis #(.Bytes(BusBytes), .Assume(0), .Packed(0)) out_rules (
    .clk_i, .rst_ni, .tdata(m_axis_tdata), .tkeep(m_axis_tkeep), .tlast(m_axis_tlast),
    .tvalid(m_axis_tvalid), .tready(m_axis_tready));
  fv_axis #(.Bytes(1), .Assume(1), .Packed(0)) rsv_rules (
    .clk_i, .rst_ni, .tdata(8'(rsv_beats_i)), .tkeep(1'b1), .tlast(1'b1),
    .tvalid(rsv_valid_i), .tready(rsv_ready_o));

  logic push, pop, grant;
  assign push  = s_axis_tvalid && s_axis_tready;
  assign pop   = m_axis_tvalid && m_axis_tready;
  assign grant = rsv_valid_i && rsv_ready_o;

  // ---- Reference accounting ----
  logic [CountW:0] held_q, reserved_q, reserved_g;
  assign reserved_g = reserved_q + (grant ? (CountW + 1)'(rsv_beats_i) : '0);

  // ---- Tracked beats ----
  (* anyconst *) logic [IdxW-1:0] idx_a, idx_b;
  logic [IdxW-1:0]  wr_n_q, rd_n_q;
  logic [Width-1:0] beat_a_q, beat_b_q;
  logic [2:0]       stall_q;  // cycles a held beat has not been offered to a ready consumer

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      held_q     <= '0;
      reserved_q <= '0;
      wr_n_q     <= '0;
      rd_n_q     <= '0;
      stall_q    <= '0;
    end else begin
      held_q     <= held_q + (CountW + 1)'(push) - (CountW + 1)'(pop);
      reserved_q <= reserved_g - (CountW + 1)'(push && reserved_g != '0);
      wr_n_q     <= wr_n_q + IdxW'(push);
      rd_n_q     <= rd_n_q + IdxW'(pop);
      stall_q    <= (held_q != '0 && !m_axis_tvalid && m_axis_tready) ? stall_q + 1'b1 : '0;
    end
  end
  always @(posedge clk_i) begin
    if (push && wr_n_q == idx_a) beat_a_q <= {s_axis_tlast, s_axis_tkeep, s_axis_tdata};
    if (push && wr_n_q == idx_b) beat_b_q <= {s_axis_tlast, s_axis_tkeep, s_axis_tdata};
  end

  always @(posedge clk_i) begin
    assume (idx_a < idx_b);
    if (rst_ni) begin
      assert (!push || held_q < (CountW + 1)'(DepthBeats));
      assert (!m_axis_tvalid || held_q != '0);
      assert (held_q + reserved_q <= (CountW + 1)'(DepthBeats));
      assert ((CountW + 1)'(level_o) == held_q);
      assert ((CountW + 1)'(free_o) == (CountW + 1)'(DepthBeats) - held_q - reserved_q);
      assert (stall_q <= 3'd3);
      if (Order && pop && rd_n_q == idx_a) assert ({m_axis_tlast, m_axis_tkeep, m_axis_tdata} == beat_a_q);
      if (Order && pop && rd_n_q == idx_b) assert ({m_axis_tlast, m_axis_tkeep, m_axis_tdata} == beat_b_q);
      cover (pop && rd_n_q == idx_b && idx_b > IdxW'(DepthBeats));  // tracked beats after a wrap
      cover (held_q == (CountW + 1)'(DepthBeats));                    // full
      cover (held_q + reserved_q == (CountW + 1)'(DepthBeats) && reserved_q != '0);
    end
  end
endmodule
