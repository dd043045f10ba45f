// Landing-buffer properties (docs/formal.md, set "buffer").
//
// Any writes, reads and reservation requests under the AXI4-Stream handshake
// (a reservation request is held, unchanged, until granted):
// - no overflow: a write is accepted only while fewer than DepthBeats beats
//   are held; no underflow: a beat is offered only while one is held;
// - reservations never exceed capacity: held + reserved <= DepthBeats, and
//   level_o / free_o are exactly held and DepthBeats - held - reserved, where
//   reserved is the sum of a ledger written from the contract
//   (RTL-INTERFACES.md, cdma_buffer), not from the RTL's counter: each grant
//   opens an entry of its beats, each write uses up one beat of the oldest
//   entry (one opened in the same cycle included), an empty entry closes;
// - order: two tracked beats (any indices) leave as the i-th and j-th beats
//   out, unchanged;
// - no stall: a held beat is offered within 3 cycles of its write while the
//   consumer is ready, and m_axis obeys AXI4-Stream.
module fv_buffer #(
  parameter int BusBytes = 8,
  parameter int DepthBeats = 5,
  parameter bit Order = 1'b1,  // check the tracked beats (BMC); else the accounting
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

  // ---- Reference accounting: beats held, and the ledger of reservations ----
  // Every open entry holds at least one beat, so DepthBeats entries suffice.
  localparam int SumW = CountW + 1;
  logic [SumW-1:0]   held_q;
  logic [CountW-1:0] ledger_q [DepthBeats];      // beats left per entry, oldest first
  logic [CountW-1:0] ledger_g [DepthBeats + 1];  // with this cycle's grant appended
  logic [CountW-1:0] ledger_d [DepthBeats];
  logic [SumW-1:0]   open_q, open_g, open_d;     // open entries
  logic [31:0]       reserved;                   // the ledger's sum, never wrapped

  always_comb begin
    for (int i = 0; i < DepthBeats; i++) ledger_g[i] = ledger_q[i];
    ledger_g[DepthBeats] = '0;
    open_g = open_q;
    if (grant && rsv_beats_i != '0) begin
      for (int i = 0; i < DepthBeats + 1; i++) if (open_q == SumW'(i)) ledger_g[i] = rsv_beats_i;
      open_g = open_q + 1'b1;
    end
    // A write uses up a beat of the oldest entry; an emptied entry closes.
    if (push && open_g != '0) ledger_g[0] = ledger_g[0] - 1'b1;
    open_d = open_g;
    if (push && open_g != '0 && ledger_g[0] == '0) begin
      for (int i = 0; i < DepthBeats; i++) ledger_d[i] = ledger_g[i + 1];
      open_d = open_g - 1'b1;
    end else begin
      for (int i = 0; i < DepthBeats; i++) ledger_d[i] = ledger_g[i];
    end
  end
  always_comb begin
    reserved = '0;
    for (int i = 0; i < DepthBeats; i++) reserved = reserved + 32'(ledger_q[i]);
  end

  // ---- Tracked beats ----
  (* anyconst *) logic [IdxW-1:0] idx_a, idx_b;
  logic [IdxW-1:0]  wr_n_q, rd_n_q;
  logic [Width-1:0] beat_a_q, beat_b_q;
  logic [2:0]       stall_q;  // cycles a held beat has not been offered to a ready consumer

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      held_q     <= '0;
      open_q     <= '0;
      for (int i = 0; i < DepthBeats; i++) ledger_q[i] <= '0;
      wr_n_q     <= '0;
      rd_n_q     <= '0;
      stall_q    <= '0;
    end else begin
      held_q     <= held_q + SumW'(push) - SumW'(pop);
      open_q     <= open_d;
      for (int i = 0; i < DepthBeats; i++) ledger_q[i] <= ledger_d[i];
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
      assert (!push || held_q < SumW'(DepthBeats));
      assert (!m_axis_tvalid || held_q != '0);
      if (!Order) begin
        assert (32'(held_q) + reserved <= 32'(DepthBeats));
        assert (SumW'(level_o) == held_q);
        assert (32'(free_o) == 32'(DepthBeats) - 32'(held_q) - reserved);
        // The ledger itself: open entries first, each non-empty.
        assert (open_q <= SumW'(DepthBeats));
        for (int i = 0; i < DepthBeats; i++) assert ((SumW'(i) < open_q) == (ledger_q[i] != '0));
      end
      assert (stall_q <= 3'd3);
      if (Order && pop && rd_n_q == idx_a) assert ({m_axis_tlast, m_axis_tkeep, m_axis_tdata} == beat_a_q);
      if (Order && pop && rd_n_q == idx_b) assert ({m_axis_tlast, m_axis_tkeep, m_axis_tdata} == beat_b_q);
      cover (pop && rd_n_q == idx_b && idx_b > IdxW'(DepthBeats));  // tracked beats after a wrap
      cover (held_q == SumW'(DepthBeats));                             // full
      cover (32'(held_q) + reserved == 32'(DepthBeats) && reserved != '0);
      cover (open_q >= SumW'(2));                                       // two reservations open
    end
  end
endmodule
