// Registered-I/O wrapper for measuring a codec block's Fmax on its own
// (Makefile.fpga `fmax`): every input of the block comes from a shift
// register loaded from one pin, every output goes into a register, and the
// output registers are XOR-folded into one registered pin, so no logic is
// optimized away and every timing path of the block starts and ends at a
// flip-flop. Block 0: zvc_compressor; 1: zvc_decompressor, with CountAhead.
module cdma_fmax_top #(
  parameter int ElemBytes = 1,
  parameter int BusBytes = 8,
  parameter int Block = 0,
  parameter int CountAhead = 1
) (
  input  logic clk,
  input  logic din,
  output logic dout
);
  localparam int DataW = 9 * BusBytes;   // tdata + tkeep
  localparam int InW = DataW + 40;       // stream in + command + readies
  localparam int OutW = DataW + 72;      // stream out + status

  logic [InW-1:0]  in_q;
  logic [OutW-1:0] out_d, out_q;
  logic            dout_q;

  always_ff @(posedge clk) begin
    in_q   <= {in_q[InW-2:0], din};
    out_q  <= out_d;
    dout_q <= ^out_q;
  end
  assign dout = dout_q;

  if (Block == 0) begin : gen_compressor
    zvc_compressor #(.ElemBytes(ElemBytes), .BusBytes(BusBytes)) u_block (
      .clk_i           (clk),
      .rst_ni          (in_q[InW-1]),
      .s_axis_tdata    (in_q[BusBytes*8-1:0]),
      .s_axis_tkeep    (in_q[BusBytes*8 +: BusBytes]),
      .s_axis_tlast    (in_q[DataW]),
      .s_axis_tuser    (in_q[DataW+4 +: 2]),
      .s_axis_tvalid   (in_q[DataW+1]),
      .s_axis_tready   (out_d[DataW+2]),
      .m_axis_tdata    (out_d[BusBytes*8-1:0]),
      .m_axis_tkeep    (out_d[BusBytes*8 +: BusBytes]),
      .m_axis_tlast    (out_d[DataW]),
      .m_axis_tvalid   (out_d[DataW+1]),
      .m_axis_tready   (in_q[DataW+2]),
      .sts_valid_o     (out_d[DataW+3]),
      .sts_ready_i     (in_q[DataW+3]),
      .sts_raw_bytes_o (out_d[DataW+4 +: 32]),
      .sts_comp_bytes_o(out_d[DataW+36 +: 32]),
      .sts_error_o     (out_d[DataW+68])
    );
    assign out_d[OutW-1:DataW+69] = '0;
  end else begin : gen_decompressor
    zvc_decompressor #(.ElemBytes(ElemBytes), .BusBytes(BusBytes), .CountAhead(CountAhead)) u_block (
      .clk_i           (clk),
      .rst_ni          (in_q[InW-1]),
      .cmd_valid_i     (in_q[DataW+4]),
      .cmd_ready_o     (out_d[DataW+4]),
      .cmd_raw_bytes_i (in_q[DataW+5 +: 32]),
      .cmd_mode_i      (in_q[DataW+37 +: 2]),
      .s_axis_tdata    (in_q[BusBytes*8-1:0]),
      .s_axis_tkeep    (in_q[BusBytes*8 +: BusBytes]),
      .s_axis_tlast    (in_q[DataW]),
      .s_axis_tvalid   (in_q[DataW+1]),
      .s_axis_tready   (out_d[DataW+2]),
      .m_axis_tdata    (out_d[BusBytes*8-1:0]),
      .m_axis_tkeep    (out_d[BusBytes*8 +: BusBytes]),
      .m_axis_tlast    (out_d[DataW]),
      .m_axis_tvalid   (out_d[DataW+1]),
      .m_axis_tready   (in_q[DataW+2]),
      .sts_valid_o     (out_d[DataW+3]),
      .sts_ready_i     (in_q[DataW+3]),
      .sts_comp_bytes_o(out_d[DataW+5 +: 32]),
      .sts_error_o     (out_d[DataW+37 +: 3]),
      .sts_bad_mode_o  (out_d[DataW+40]),
      .sts_bad_keep_o  (out_d[DataW+41])
    );
    assign out_d[OutW-1:DataW+42] = '0;
  end
endmodule
