// The order in which two masters' requests were granted on a shared AXI4
// channel, so that the responses (which come back in request order for one
// ID) can be routed to their master. Consecutive requests of one master share
// an entry with a count, so Depth entries cover any number of outstanding
// requests as long as the owner changes at most Depth-1 times among them.
//
// push_i with push_owner_i adds one request; ready_o[o] says whether a
// request of owner o can be added now (it depends only on registers). pop_i
// removes one request of the head's owner, head_owner_o, valid while
// head_valid_o. Reset: asynchronous, active low, to empty.
`include "cdma_assert.svh"

module cdma_owner_queue #(
  // Entries (owner runs), 2 or more.
  parameter int Depth = 4,
  // Requests per entry at most: 2**CountW - 1; CountW 1 to 16.
  parameter int CountW = 8
) (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic       push_i,
  input  logic       push_owner_i,
  output logic [1:0] ready_o,
  input  logic       pop_i,
  output logic       head_valid_o,
  output logic       head_owner_o
);
  `CDMA_PARAM_CHECK(g_depth_check, Depth >= 2, "Depth must be at least 2")
  `CDMA_PARAM_CHECK(g_count_check, CountW >= 1 && CountW <= 16, "CountW must be from 1 to 16")

  localparam int PtrW = cdma_prim_pkg::ptr_width(Depth);
  localparam int CntW = $clog2(Depth + 1);

  logic              owner_q [Depth];
  logic [CountW-1:0] count_q [Depth];
  logic [PtrW-1:0]   wr_ptr, rd_ptr, tail;
  logic [CntW-1:0]   used_d, used_q;
  logic              merge, append, retire;

  // The newest entry, which a push of the same owner extends.
  assign tail = (wr_ptr == '0) ? PtrW'(Depth - 1) : wr_ptr - 1'b1;
  always_comb begin
    for (int o = 0; o < 2; o++) begin
      ready_o[o] = used_q != CntW'(Depth) ||
                   (owner_q[tail] == 1'(o) && count_q[tail] != '1);
    end
  end
  assign head_valid_o = used_q != '0;
  assign head_owner_o = owner_q[rd_ptr];

  assign merge  = push_i && used_q != '0 && owner_q[tail] == push_owner_i && count_q[tail] != '1;
  assign append = push_i && !merge;
  // The head entry's last request leaves (unless a push extends it this cycle).
  assign retire = pop_i && count_q[rd_ptr] == CountW'(1) && !(merge && tail == rd_ptr);

  cdma_ring_ptr #(.Depth(Depth)) u_wr_ptr (.clk_i, .rst_ni, .inc_i(append), .ptr_o(wr_ptr));
  cdma_ring_ptr #(.Depth(Depth)) u_rd_ptr (.clk_i, .rst_ni, .inc_i(retire), .ptr_o(rd_ptr));

  always_comb begin
    used_d = used_q;
    if (append && !retire) used_d = used_q + 1'b1;
    if (retire && !append) used_d = used_q - 1'b1;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) used_q <= '0;
    else used_q <= used_d;
  end

  // Storage has no reset: it is read only where used_q says it was written.
  always_ff @(posedge clk_i) begin
    for (int i = 0; i < Depth; i++) begin
      if (append && wr_ptr == PtrW'(i)) begin
        owner_q[i] <= push_owner_i;
        count_q[i] <= CountW'(1);
      end else begin
        count_q[i] <= count_q[i] + CountW'(merge && tail == PtrW'(i)) -
                      CountW'(pop_i && rd_ptr == PtrW'(i));
      end
    end
  end

  `CDMA_ASSERT(push_only_when_ready, !push_i || ready_o[push_owner_i])
  `CDMA_ASSERT(pop_only_when_valid, !pop_i || head_valid_o)
  `CDMA_ASSERT(used_in_range, used_q <= CntW'(Depth))
endmodule
