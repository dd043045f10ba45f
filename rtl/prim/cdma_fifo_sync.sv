// Small synchronous FIFO in flip-flops (status records, commands).
// Full/empty come from registers only, so wready_o and rvalid_o never depend
// on the other side's handshake in the same cycle. Latency: a word written in
// cycle t is readable in t+1. With RegHead = 1 the head word has a register
// of its own and the words behind it a ring of Depth - 1 entries: the same
// capacity and about the same flip-flops, but rdata_o leaves a register
// rather than the storage's read multiplexer (a shorter path behind the
// FIFO). Reset: asynchronous, active low.
`include "cdma_assert.svh"

module cdma_fifo_sync #(
  // Bits per word, 1 or more.
  parameter int Width = 8,
  // Words, 2 or more.
  parameter int Depth = 2,
  // 1: rdata_o straight from a head register.
  parameter int RegHead = 0
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             wvalid_i,
  output logic             wready_o,
  input  logic [Width-1:0] wdata_i,
  output logic             rvalid_o,
  input  logic             rready_i,
  output logic [Width-1:0] rdata_o
);
  `CDMA_PARAM_CHECK(g_width_check, Width >= 1, "Width must be at least 1")
  `CDMA_PARAM_CHECK(g_depth_check, Depth >= 2, "Depth must be at least 2")
  `CDMA_PARAM_CHECK(g_head_check, RegHead == 0 || RegHead == 1, "RegHead must be 0 or 1")

  localparam int MemDepth = RegHead != 0 ? Depth - 1 : Depth;  // words in mem_q
  localparam int PtrW = cdma_prim_pkg::ptr_width(MemDepth);
  localparam int CntW = $clog2(Depth + 2);  // above Depth, for the bound's check

  logic [Width-1:0] mem_q [MemDepth];
  logic [PtrW-1:0]  wr_ptr, rd_ptr;
  logic [CntW-1:0]  count_d, count_q;
  logic             push, pop, mem_push, mem_pop;

  assign wready_o = count_q != CntW'(Depth);
  assign rvalid_o = count_q != '0;
  assign push     = wvalid_i && wready_o;
  assign pop      = rvalid_o && rready_i;

  if (MemDepth >= 2) begin : gen_ptrs
    cdma_ring_ptr #(.Depth(MemDepth)) u_wr_ptr (.clk_i, .rst_ni, .inc_i(mem_push), .ptr_o(wr_ptr));
    cdma_ring_ptr #(.Depth(MemDepth)) u_rd_ptr (.clk_i, .rst_ni, .inc_i(mem_pop), .ptr_o(rd_ptr));
  end else begin : gen_one_word
    assign wr_ptr = '0;
    assign rd_ptr = '0;
  end

  always_comb begin
    count_d = count_q;
    if (push && !pop) count_d = count_q + 1'b1;
    if (pop && !push) count_d = count_q - 1'b1;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) count_q <= '0;
    else count_q <= count_d;
  end

  // Storage has no reset: it is read only where count_q says it was written.
  always_ff @(posedge clk_i) begin
    if (mem_push) mem_q[wr_ptr] <= wdata_i;
  end

  if (RegHead != 0) begin : gen_head
    // The write goes to the head register when the FIFO is empty or its one
    // word leaves now, else behind the others in mem_q; a pop refills the
    // head from mem_q while it holds words.
    logic             to_head;
    logic [Width-1:0] head_q;
    assign to_head  = count_q == '0 || (count_q == CntW'(1) && pop);
    assign mem_push = push && !to_head;
    assign mem_pop  = pop && count_q > CntW'(1);
    always_ff @(posedge clk_i) begin
      if (push && to_head) head_q <= wdata_i;
      else if (mem_pop)    head_q <= mem_q[rd_ptr];
    end
    assign rdata_o = head_q;
  end else begin : gen_mem_head
    assign mem_push = push;
    assign mem_pop  = pop;
    assign rdata_o  = mem_q[rd_ptr];
  end

  `CDMA_ASSERT(count_in_range, count_q <= CntW'(Depth))
endmodule
