// AXI4 rules for a master's read or write side (one ID, in-order), asserted
// on the master's requests and assumed on the slave's responses. Formal
// only; see docs/formal.md.
//
// Asserted (the master): no request in reset; AxVALID held with the request
// unchanged until AxREADY; INCR bursts of Size = log2(Bytes), at most
// MaxBurst beats, starting on a beat (our masters issue only bus-aligned
// addresses), not crossing a 4 KB boundary; ID = Id. Write side: WVALID
// held with data, strobes and WLAST unchanged until WREADY; W beats only for
// bursts already requested; WLAST exactly on each burst's last beat. Read
// side (Reserve): RREADY high whenever read data is owed.
// Assumed (the slave): responses carry ID = Id, come only for requests made
// (R beats for accepted AR bursts, RLAST on each burst's last beat; B only
// after a burst's WLAST), and are held until accepted, unchanged. With Eager
// the slave also answers at once: R data whenever a burst is owed, B as soon
// as a burst's WLAST has gone (for bounded-response checks).
// d_addr_o: the byte address of the current R or W beat (its burst's
// address, aligned to the bus, plus Bytes per beat already transferred), in
// AddrW bits, for harnesses that follow data through memory.
module fv_axi4_master #(
  parameter int Bytes = 8,
  parameter int IdW = 1,
  parameter int Id = 0,
  parameter int MaxBurst = 4,
  parameter bit Write = 1'b0,
  parameter bit Reserve = 1'b1,
  parameter bit Eager = 1'b0,
  parameter int AddrW = 16
) (
  input logic             clk_i,
  input logic             rst_ni,
  // AR or AW.
  input logic [IdW-1:0]   a_id,
  input logic [63:0]      a_addr,
  input logic [7:0]       a_len,
  input logic [2:0]       a_size,
  input logic [1:0]       a_burst,
  input logic             a_valid,
  input logic             a_ready,
  // R or W (write: d_id, d_resp unused).
  input logic [IdW-1:0]   d_id,
  input logic [Bytes*8-1:0] d_data,
  input logic [Bytes-1:0] d_strb,
  input logic [1:0]       d_resp,
  input logic             d_last,
  input logic             d_valid,
  input logic             d_ready,
  // B (write only).
  input logic [IdW-1:0]   b_id,
  input logic [1:0]       b_resp,
  input logic             b_valid,
  input logic             b_ready,
  output logic [AddrW-1:0] d_addr_o
);
  localparam int Lane = $clog2(Bytes);
  localparam int CntW = 6;

  // The previous cycle, for the stability rules.
  logic               past_q = 1'b0, a_stall_q, d_stall_q, b_stall_q;
  logic [IdW+64+8+3+2-1:0] a_q;
  logic [IdW+Bytes*9+2+1-1:0] d_q;
  logic [IdW+2-1:0]   b_q;
  wire [IdW+64+8+3+2-1:0]    a_now = {a_id, a_addr, a_len, a_size, a_burst};
  wire [IdW+Bytes*9+2+1-1:0] d_now = {d_id, d_data, d_strb, d_resp, d_last};
  wire [IdW+2-1:0]           b_now = {b_id, b_resp};
  always @(posedge clk_i) begin
    past_q    <= rst_ni;
    a_stall_q <= a_valid && !a_ready;
    d_stall_q <= d_valid && !d_ready;
    b_stall_q <= b_valid && !b_ready;
    a_q       <= a_now;
    d_q       <= d_now;
    b_q       <= b_now;
  end

  // Bursts requested and data beats owed or allowed.
  logic a_fire, d_fire, b_fire;
  assign a_fire = a_valid && a_ready;
  assign d_fire = d_valid && d_ready;
  assign b_fire = b_valid && b_ready;

  logic [8:0]       len_head;
  logic [AddrW-1:0] addr_head;
  logic             len_empty;
  logic [8:0]       beat_q;      // beats of the oldest burst already transferred
  logic [CntW-1:0]  bursts_done_q, b_done_q;
  fv_queue #(.Width(9 + AddrW), .Depth(8)) q_len (
    .clk_i, .rst_ni, .push_i(a_fire), .data_i({9'(a_len) + 9'd1, a_addr[AddrW-1:Lane], Lane'(0)}),
    .pop_i(d_fire && beat_q + 9'd1 == len_head), .head_o({len_head, addr_head}),
    .empty_o(len_empty));
  assign d_addr_o = addr_head + AddrW'(beat_q) * AddrW'(Bytes);
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      beat_q        <= '0;
      bursts_done_q <= '0;
      b_done_q      <= '0;
    end else begin
      if (d_fire) beat_q <= (beat_q + 9'd1 == len_head) ? '0 : beat_q + 9'd1;
      bursts_done_q <= bursts_done_q + CntW'(d_fire && d_last);
      b_done_q      <= b_done_q + CntW'(b_fire);
    end
  end

  logic [12:0] a_end;  // 4 KB page offset one past the burst's last byte
  assign a_end = 13'({a_addr[11:Lane], Lane'(0)}) + 13'((9'(a_len) + 9'd1) << Lane);

  always @(posedge clk_i) begin
    if (rst_ni) begin
      // The master's requests.
      if (past_q && a_stall_q) assert (a_valid && a_now == a_q);
      if (a_valid) begin
        assert (a_burst == 2'b01);
        assert (a_size == 3'(Lane));
        assert (a_addr[Lane-1:0] == '0);
        assert (32'(a_len) < MaxBurst);
        assert (a_end <= 13'd4096);
        assert (a_id == IdW'(Id));
      end
      if (Write) begin
        if (past_q && d_stall_q) assert (d_valid && d_now == d_q);
        if (d_valid) begin
          assert (!len_empty);
          assert (d_last == (beat_q + 9'd1 == len_head));
        end
        // The slave's responses.
        if (past_q && b_stall_q) assume (b_valid && b_now == b_q);
        assume (!b_valid || (b_done_q != bursts_done_q && b_id == IdW'(Id)));
        if (Eager) assume (b_valid || b_done_q == bursts_done_q);
      end else begin
        if (Reserve) assert (len_empty || d_ready);
        if (past_q && d_stall_q) assume (d_valid && d_now == d_q);
        assume (!d_valid || (!len_empty && d_id == IdW'(Id) && d_last == (beat_q + 9'd1 == len_head)));
        if (Eager) assume (d_valid || len_empty);
        assume (!b_valid);
      end
    end else begin
      assert (!a_valid);
      if (Write) assert (!d_valid);
      else assume (!d_valid);
      if (Write) assume (!b_valid);
    end
  end
endmodule
