// Byte-stream packer: variable-length chunks in, dense AXI4-Stream beats out.
//
// A chunk is chunk_len_i bytes (0..ChunkBytes) at the bottom of chunk_data_i;
// chunk_last_i ends the frame and carries chunk_info_i, an opaque record that
// comes back on the status port together with the frame's byte count, after
// the frame's last beat has left. Frame ends are kept as lengths in a small
// queue, not as per-byte flags, so an empty frame (a zero-length last chunk
// with no bytes before it) leaves as one beat with tkeep = 0 and tlast.
//
// While the end of the frame being sent is not known yet, a beat leaves only
// when more than BusBytes are buffered, so the frame's last byte is always
// still here to carry tlast when its end arrives. m_axis_tvalid, its payload
// and chunk_ready_o come from registers only. m_axis_tdata bytes outside
// tkeep are zero. Latency: a chunk accepted in cycle t is visible on m_axis
// from t+1. Throughput: one beat per cycle while chunks average at most
// BusBytes per cycle. Reset: asynchronous, active low.
`include "cdma_assert.svh"

module zvc_packer #(
  // Bytes per output beat: a power of two, 8 to 256.
  parameter int BusBytes = 32,
  // Largest chunk in bytes, 1 or more.
  parameter int ChunkBytes = 36,
  // Bits of the per-frame record passed to the status port, 1 or more.
  parameter int InfoBits = 33,
  // Frames that may be queued between chunk input and status output: a power of two, 2 or more.
  parameter int FrameDepth = 4,
  localparam int LenW = $clog2(ChunkBytes + 1)
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,
  input  logic                    chunk_valid_i,
  output logic                    chunk_ready_o,
  input  logic [ChunkBytes*8-1:0] chunk_data_i,
  input  logic [LenW-1:0]         chunk_len_i,
  input  logic                    chunk_last_i,
  input  logic [InfoBits-1:0]     chunk_info_i,
  output logic [BusBytes*8-1:0]   m_axis_tdata,
  output logic [BusBytes-1:0]     m_axis_tkeep,
  output logic                    m_axis_tlast,
  output logic                    m_axis_tvalid,
  input  logic                    m_axis_tready,
  output logic                    sts_valid_o,
  input  logic                    sts_ready_i,
  output logic [31:0]             sts_len_o,
  output logic [InfoBits-1:0]     sts_info_o
);
  `CDMA_CHECK_BUS_BYTES(BusBytes)
  `CDMA_PARAM_CHECK(g_chunk_check, ChunkBytes >= 1, "ChunkBytes must be at least 1")
  `CDMA_PARAM_CHECK(g_info_check, InfoBits >= 1, "InfoBits must be at least 1")
  `CDMA_PARAM_CHECK(g_depth_check, FrameDepth >= 2 && (FrameDepth & (FrameDepth - 1)) == 0,
                    "FrameDepth must be a power of two, 2 or more")

  // A chunk is accepted while a whole chunk and a beat more still fit, so two
  // chunks may arrive in consecutive cycles (a window end followed by a frame
  // end) on top of the up to BusBytes held back for tlast, without a stall.
  localparam int CapBytes = 2 * ChunkBytes + BusBytes + 4;
  localparam int FillW = $clog2(CapBytes + 1);
  localparam int BeatW = $clog2(BusBytes + 1);
  localparam int PtrW = $clog2(FrameDepth);
  localparam int CntW = $clog2(FrameDepth + 1);

  logic [CapBytes*8-1:0] buf_q, buf_d;
  logic [FillW-1:0]      fill_q, fill_d;
  logic [31:0]           in_len_q, in_len_d;    // bytes of the frame being filled
  logic [31:0]           out_sent_q, out_sent_d;  // bytes of the frame being sent
  logic [31:0]           fq_len_q [FrameDepth];
  logic [InfoBits-1:0]   fq_info_q [FrameDepth];
  logic [PtrW-1:0]       fq_wr_q, fq_sts_q, fq_out;
  logic [CntW-1:0]       fq_count_q, fq_done_q;  // queued frames; of them, fully sent

  logic             end_known, out_fire, chunk_fire, push, sts_fire;
  logic [31:0]      out_rem;
  logic [BeatW-1:0] beat_bytes;
  logic [FillW-1:0] fill_mid;

  // ---- Output side ----------------------------------------------------------
  assign end_known = fq_count_q != fq_done_q;
  assign fq_out    = fq_sts_q + PtrW'(fq_done_q);
  assign out_rem   = fq_len_q[fq_out] - out_sent_q;

  always_comb begin
    if (end_known) begin
      beat_bytes    = (out_rem < 32'(BusBytes)) ? BeatW'(out_rem) : BeatW'(BusBytes);
`ifdef CDMA_MUTATE_PACKER_TLAST  // formal mutation (formal/CMakeLists.txt): must be caught
      m_axis_tlast  = out_rem < 32'(BusBytes);
`else
      m_axis_tlast  = out_rem <= 32'(BusBytes);
`endif
      m_axis_tvalid = fill_q >= FillW'(beat_bytes);
    end else begin
      beat_bytes    = BeatW'(BusBytes);
      m_axis_tlast  = 1'b0;
      m_axis_tvalid = fill_q > FillW'(BusBytes);
    end
    for (int b = 0; b < BusBytes; b++) begin
      m_axis_tkeep[b] = BeatW'(b) < beat_bytes;
      m_axis_tdata[b*8 +: 8] = m_axis_tkeep[b] ? buf_q[b*8 +: 8] : 8'h00;
    end
  end

  assign out_fire = m_axis_tvalid && m_axis_tready;

  // ---- Input side -------------------------------------------------------------
  assign chunk_ready_o = fill_q <= FillW'(CapBytes - ChunkBytes) && fq_count_q != CntW'(FrameDepth);
  assign chunk_fire    = chunk_valid_i && chunk_ready_o;
  assign push          = chunk_fire && chunk_last_i;

  assign sts_valid_o = fq_done_q != '0;
  assign sts_len_o   = fq_len_q[fq_sts_q];
  assign sts_info_o  = fq_info_q[fq_sts_q];
  assign sts_fire    = sts_valid_o && sts_ready_i;

  always_comb begin
    logic [CapBytes*8-1:0] shifted, appended;
    fill_mid = fill_q - (out_fire ? FillW'(beat_bytes) : '0);
    shifted  = buf_q >> {beat_bytes, 3'b000};
    if (!out_fire) shifted = buf_q;
    appended = (CapBytes*8)'(chunk_data_i) << {fill_mid, 3'b000};
    for (int k = 0; k < CapBytes; k++) begin
      buf_d[k*8 +: 8] = (chunk_fire && FillW'(k) >= fill_mid) ? appended[k*8 +: 8] : shifted[k*8 +: 8];
    end
    fill_d     = fill_mid + (chunk_fire ? FillW'(chunk_len_i) : '0);
    in_len_d   = chunk_fire ? (chunk_last_i ? '0 : in_len_q + 32'(chunk_len_i)) : in_len_q;
    out_sent_d = out_fire ? (m_axis_tlast ? '0 : out_sent_q + 32'(beat_bytes)) : out_sent_q;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      fill_q     <= '0;
      in_len_q   <= '0;
      out_sent_q <= '0;
      fq_wr_q    <= '0;
      fq_sts_q   <= '0;
      fq_count_q <= '0;
      fq_done_q  <= '0;
    end else begin
      fill_q     <= fill_d;
      in_len_q   <= in_len_d;
      out_sent_q <= out_sent_d;
      if (push) fq_wr_q <= fq_wr_q + 1'b1;
      if (sts_fire) fq_sts_q <= fq_sts_q + 1'b1;
      fq_count_q <= fq_count_q + CntW'(push) - CntW'(sts_fire);
      fq_done_q  <= fq_done_q + CntW'(out_fire && m_axis_tlast) - CntW'(sts_fire);
    end
  end

  // Data storage needs no reset: only bytes below fill_q and queue entries
  // below fq_count_q are ever used.
  always_ff @(posedge clk_i) begin
    buf_q <= buf_d;
    if (push) begin
      fq_len_q[fq_wr_q]  <= in_len_q + 32'(chunk_len_i);
      fq_info_q[fq_wr_q] <= chunk_info_i;
    end
  end

  `CDMA_ASSERT(fill_in_range, fill_q <= FillW'(CapBytes))
  `CDMA_ASSERT(chunk_len_in_range, !chunk_valid_i || chunk_len_i <= LenW'(ChunkBytes))
  `CDMA_ASSERT(done_le_count, fq_done_q <= fq_count_q)
  `CDMA_ASSERT(sent_le_len, !end_known || out_sent_q <= fq_len_q[fq_out])
endmodule
