// A small FIFO for harness bookkeeping (expected lengths, commands). Formal
// only. Pushing into a full queue is a harness error and asserted against.
module fv_queue #(
  parameter int Width = 16,
  parameter int Depth = 8  // a power of two
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             push_i,
  input  logic [Width-1:0] data_i,
  input  logic             pop_i,
  output logic [Width-1:0] head_o,
  output logic             empty_o
);
  localparam int PtrW = $clog2(Depth);
  logic [Width-1:0] mem_q [Depth];
  logic [PtrW:0]    wr_q, rd_q;

  assign empty_o = wr_q == rd_q;
  assign head_o  = mem_q[rd_q[PtrW-1:0]];

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wr_q <= '0;
      rd_q <= '0;
    end else begin
      if (push_i) wr_q <= wr_q + 1'b1;
      if (pop_i) rd_q <= rd_q + 1'b1;
    end
  end
  always @(posedge clk_i) if (push_i) mem_q[wr_q[PtrW-1:0]] <= data_i;

  always @(posedge clk_i) begin
    if (rst_ni) begin
      assert (!(push_i && !pop_i && (wr_q - rd_q) == (PtrW + 1)'(Depth)));
      assert (!(pop_i && empty_o));
    end
  end
endmodule
