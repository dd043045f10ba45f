// The owner queue on its own (docs/formal.md, set "owner queue"): the order
// in which cdma_axi_mux routes R, W and B to its two masters. Any pushes the
// queue says it can take, any pops of outstanding requests; one request,
// chosen freely when it is pushed, is tracked:
// - head_valid_o is high exactly while a request is outstanding;
// - an empty queue takes a request of either owner;
// - when every request pushed before the tracked one has been popped, the
//   head is the tracked request's owner (so each pop goes to the master that
//   made that request, whatever runs and counts the queue merged it into).
// Bounded (BMC, 16 steps) at Depth = 3 and CountW = 2, deep enough to fill every entry
// to its count's limit and wrap the entries around.
module fv_owner_queue #(
  parameter int Depth = 3,
  parameter int CountW = 2
) (
  input logic clk_i,
  input logic push_i,
  input logic push_owner_i,
  input logic pop_i,
  input logic track_i
);
  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  wire rst_ni = !init_q;

  logic [1:0] ready_o;
  logic       head_valid_o, head_owner_o;
  cdma_owner_queue #(.Depth(Depth), .CountW(CountW)) dut (.*);

  always @(posedge clk_i) begin
    if (rst_ni) begin
      assume (!push_i || ready_o[push_owner_i]);
      assume (!pop_i || head_valid_o);
    end else begin
      assume (!push_i && !pop_i);
    end
  end

  // Requests outstanding, and the tracked one: its owner and how many
  // requests pushed before it are still outstanding.
  logic [7:0] out_q, ahead_q, ahead0_q;
  logic       tracking_q, owner_q, start;
  assign start = push_i && track_i && !tracking_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      out_q      <= '0;
      ahead_q    <= '0;
      ahead0_q   <= '0;
      tracking_q <= 1'b0;
      owner_q    <= 1'b0;
    end else begin
      out_q <= out_q + 8'(push_i) - 8'(pop_i);
      if (start) begin
        tracking_q <= 1'b1;
        owner_q    <= push_owner_i;
        ahead_q    <= out_q - 8'(pop_i);
        ahead0_q   <= out_q - 8'(pop_i);
      end else if (tracking_q && pop_i) begin
        if (ahead_q == '0) tracking_q <= 1'b0;
        else ahead_q <= ahead_q - 1'b1;
      end
    end
  end

  always @(posedge clk_i) begin
    if (rst_ni) begin
      assert (head_valid_o == (out_q != '0));
      if (out_q == '0) assert (ready_o == 2'b11);
      if (tracking_q && ahead_q == '0) assert (head_valid_o && head_owner_o == owner_q);
      // Covers: every entry a run of one request (owners alternating), the
      // newest run at its count's limit (neither owner taken), and a tracked
      // request popped behind 6 others.
      cover (out_q == 8'(Depth) && ready_o != 2'b11);
      cover (ready_o == 2'b00);
      cover (tracking_q && pop_i && ahead_q == '0 && ahead0_q >= 8'd6);
    end
  end
endmodule
