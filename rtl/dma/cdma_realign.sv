// Byte realigner between bus-aligned memory beats and packed streams.
//
// A frame's output is offset_i absent lanes followed by every input byte,
// packed densely into beats: in the first output beat the lanes below
// offset_i are not kept (m_axis_tkeep low, data zero), every other beat is
// full except the last, which has tlast. An input beat carries s_len_i bytes
// (1..BusBytes) starting at lane s_lo_i. So the read side strips the bytes
// in front of an unaligned source address (s_lo_i, offset_i = 0), and the
// write side shifts a packed stream to an unaligned destination (s_lo_i = 0,
// offset_i = destination % BusBytes, tkeep used as write strobes).
//
// offset_i is sampled with each frame's first input beat. One input beat per
// cycle; a frame whose last input beat overflows a beat takes one extra
// cycle to flush. m_axis_* comes from registers. Latency 1 cycle. Reset:
// asynchronous, active low.
`include "cdma_assert.svh"

module cdma_realign #(
  // Bytes per beat: a power of two from 8 to 256.
  parameter int BusBytes = 32,
  localparam int LaneW = $clog2(BusBytes),
  localparam int LenW = LaneW + 1
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  input  logic [LaneW-1:0]      offset_i,
  input  logic [8*BusBytes-1:0] s_data_i,
  input  logic [LaneW-1:0]      s_lo_i,
  input  logic [LenW-1:0]       s_len_i,
  input  logic                  s_last_i,
  input  logic                  s_valid_i,
  output logic                  s_ready_o,
  output logic [8*BusBytes-1:0] m_axis_tdata,
  output logic [BusBytes-1:0]   m_axis_tkeep,
  output logic                  m_axis_tlast,
  output logic                  m_axis_tvalid,
  input  logic                  m_axis_tready
);
  `CDMA_CHECK_BUS_BYTES(BusBytes)

  logic [8*BusBytes-1:0] hold_q, hold_d;
  logic [LaneW-1:0]      fill_q, fill_d;  // bytes in hold_q, at lanes [0, fill)
  logic [LaneW-1:0]      lead_q, lead_d;  // absent lanes at the bottom of the beat being built
  logic                  first_q, first_d, flush_q, flush_d;
  logic [8*BusBytes-1:0] out_data_q, out_data_d;
  logic [BusBytes-1:0]   out_keep_q, out_keep_d;
  logic                  out_last_q, out_last_d, out_valid_q, out_valid_d;

  logic                  out_free, accept;
  logic [LaneW-1:0]      fill_eff, lead_eff, rot;
  logic [LenW:0]         total;
  logic [8*BusBytes-1:0] rotated, merged;

  assign out_free  = !out_valid_q || m_axis_tready;
  assign s_ready_o = out_free && !flush_q;
  assign accept    = s_valid_i && s_ready_o;

  // The input byte at lane s_lo_i lands at lane fill_eff.
  assign fill_eff = first_q ? offset_i : fill_q;
  assign lead_eff = first_q ? offset_i : lead_q;
  assign rot      = fill_eff - s_lo_i;
  assign total    = (LenW + 1)'(fill_eff) + (LenW + 1)'(s_len_i);

  // Rotate left by rot bytes (lane i takes input lane (i - rot) mod
  // BusBytes) as a shift of a doubled vector, as zvc_packer does: an index
  // such as 8*(i - rot) would be computed 32 bits wide, go negative instead
  // of wrapping, and select out of range, which the three tools read
  // differently (docs/rtl.md, "Constructs the RTL avoids").
  assign rotated = (8*BusBytes)'({s_data_i, s_data_i} << {rot, 3'b000} >> (8*BusBytes));
  always_comb begin
    for (int i = 0; i < BusBytes; i++) begin
      merged[8*i +: 8] = (i < 32'(fill_eff)) ? hold_q[8*i +: 8] : rotated[8*i +: 8];
    end
  end

  // Lanes [lo, hi) kept, data outside them zero.
  function automatic logic [BusBytes-1:0] lanes(input logic [LenW:0] lo, input logic [LenW:0] hi);
    for (int i = 0; i < BusBytes; i++) lanes[i] = (i >= 32'(lo)) && (i < 32'(hi));
  endfunction
  function automatic logic [8*BusBytes-1:0] masked(input logic [8*BusBytes-1:0] data,
                                                   input logic [BusBytes-1:0] keep);
    for (int i = 0; i < BusBytes; i++) masked[8*i +: 8] = keep[i] ? data[8*i +: 8] : 8'h00;
  endfunction

  // The beat emitted next, if any: lanes [emit_lo, emit_hi) of emit_src.
  // Blocks that read what they write make Icarus 11 loop (docs/rtl.md), so
  // the state update below only selects among these.
  logic [LenW:0]         emit_lo, emit_hi;
  logic [8*BusBytes-1:0] emit_src, emit_data;
  logic [BusBytes-1:0]   emit_keep;
  always_comb begin
    emit_lo  = (LenW + 1)'(lead_eff);
    emit_hi  = total;
    emit_src = merged;
    if (flush_q) begin
      // The bytes that overflowed the frame's last full beat.
      emit_lo  = '0;
      emit_hi  = (LenW + 1)'(fill_q);
      emit_src = hold_q;
    end else if (total >= (LenW + 1)'(BusBytes)) begin
      emit_hi = (LenW + 1)'(BusBytes);
    end
  end
  assign emit_keep = lanes(emit_lo, emit_hi);
  assign emit_data = masked(emit_src, emit_keep);

  always_comb begin
    hold_d      = hold_q;
    fill_d      = fill_q;
    lead_d      = lead_q;
    first_d     = first_q;
    flush_d     = flush_q;
    out_data_d  = out_data_q;
    out_keep_d  = out_keep_q;
    out_last_d  = out_last_q;
    out_valid_d = out_valid_q && !m_axis_tready;
    if (flush_q && out_free) begin
      out_keep_d  = emit_keep;
      out_data_d  = emit_data;
      out_last_d  = 1'b1;
      out_valid_d = 1'b1;
      flush_d     = 1'b0;
      first_d     = 1'b1;
      fill_d      = '0;
      lead_d      = '0;
    end else if (accept) begin
      first_d = 1'b0;
      if (total >= (LenW + 1)'(BusBytes)) begin
        out_keep_d  = emit_keep;
        out_data_d  = emit_data;
        out_last_d  = s_last_i && total == (LenW + 1)'(BusBytes);
        out_valid_d = 1'b1;
        hold_d      = rotated;
        fill_d      = LaneW'(total - (LenW + 1)'(BusBytes));
        lead_d      = '0;
        flush_d     = s_last_i && total != (LenW + 1)'(BusBytes);
        first_d     = s_last_i && total == (LenW + 1)'(BusBytes);
      end else if (s_last_i) begin
        out_keep_d  = emit_keep;
        out_data_d  = emit_data;
        out_last_d  = 1'b1;
        out_valid_d = 1'b1;
        fill_d      = '0;
        lead_d      = '0;
        first_d     = 1'b1;
      end else begin
        hold_d = merged;
        fill_d = LaneW'(total);
        lead_d = lead_eff;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      fill_q      <= '0;
      lead_q      <= '0;
      first_q     <= 1'b1;
      flush_q     <= 1'b0;
      out_valid_q <= 1'b0;
      out_last_q  <= 1'b0;
      out_keep_q  <= '0;
    end else begin
      fill_q      <= fill_d;
      lead_q      <= lead_d;
      first_q     <= first_d;
      flush_q     <= flush_d;
      out_valid_q <= out_valid_d;
      out_last_q  <= out_last_d;
      out_keep_q  <= out_keep_d;
    end
  end

  // Data registers need no reset: they are read only under their valid flags.
  always_ff @(posedge clk_i) begin
    hold_q     <= hold_d;
    out_data_q <= out_data_d;
  end

  assign m_axis_tdata  = out_data_q;
  assign m_axis_tkeep  = out_keep_q;
  assign m_axis_tlast  = out_last_q;
  assign m_axis_tvalid = out_valid_q;

  `CDMA_ASSERT(input_len_in_range, !s_valid_i || (s_len_i != '0 && s_len_i <= LenW'(BusBytes)))
endmodule
