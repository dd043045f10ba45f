// The DMA engine's landing buffer: an AXI4-Stream FIFO whose storage infers
// block RAM, with a reservation port so that a read master claims space
// before it issues a request (the paper sizes it bandwidth x latency: 70 KB
// for 200 GB/s at 350 ns). A reservation of N beats is granted
// (rsv_valid_i && rsv_ready_o) only when N beats are neither held nor
// reserved; each accepted write consumes one reserved beat if any are left
// (including one granted in the same cycle).
// So a master that reserves before every request can never have read data
// refused: no overflow, and no deadlock on the read channel.
//
// Capacity is exactly DepthBeats beats (level_o + reservations never exceed
// it). The RAM read is registered, and the RAM's read register is the first
// of two output places (it keeps its word until the next read); one output
// register after it keeps one beat per cycle in and out when DepthBeats >= 4
// (a beat occupies its place for 4 cycles). Latency: a beat written into an
// empty buffer is offered 3 cycles later (RAM write, RAM read, output
// register). Reset: asynchronous, active low.
`include "cdma_assert.svh"

module cdma_buffer #(
  // Bytes per beat: a power of two from 8 to 256.
  parameter int BusBytes = 32,
  // Capacity in beats, 2 to 2^20 (any value; a power of two is not needed).
  parameter int DepthBeats = 256,
  // Width of rsv_beats_i, level_o and free_o (derived).
  localparam int CountW = $clog2(DepthBeats + 1)
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  // Stream in.
  input  logic [8*BusBytes-1:0] s_axis_tdata,
  input  logic [BusBytes-1:0]   s_axis_tkeep,
  input  logic                  s_axis_tlast,
  input  logic                  s_axis_tvalid,
  output logic                  s_axis_tready,
  // Stream out.
  output logic [8*BusBytes-1:0] m_axis_tdata,
  output logic [BusBytes-1:0]   m_axis_tkeep,
  output logic                  m_axis_tlast,
  output logic                  m_axis_tvalid,
  input  logic                  m_axis_tready,
  // Reservations: held until granted; a request above DepthBeats is never
  // granted (the requester bounds its bursts by DepthBeats).
  input  logic                  rsv_valid_i,
  output logic                  rsv_ready_o,
  input  logic [CountW-1:0]     rsv_beats_i,
  // Beats held (written, not yet read out) and beats neither held nor reserved.
  output logic [CountW-1:0]     level_o,
  output logic [CountW-1:0]     free_o
);
  `CDMA_CHECK_BUS_BYTES(BusBytes)
  `CDMA_PARAM_CHECK(g_depth_check, DepthBeats >= 2 && DepthBeats <= (1 << 20),
                    "DepthBeats must be from 2 to 2^20")

  localparam int Width = 8 * BusBytes + BusBytes + 1;
  localparam int PtrW = cdma_prim_pkg::ptr_width(DepthBeats);

  // ---- Accounting ----
  // The free beats are a register of their own (free_q = DepthBeats -
  // level_q - reserved_q), and so is full (full_q: level_q == DepthBeats);
  // the next free and reserved counts are made for a grant and for none,
  // the grant only choosing. So the path from the counts to a grant and
  // back is a compare and a choice, and a write's handshake starts from a
  // register.
  logic [CountW-1:0] level_d, level_q, reserved_d, reserved_q, free_d, free_q;
  logic [CountW-1:0] reserved_kept, reserved_granted, free_kept, free_granted;
  logic              push, pop, grant, full_q, unreserved;

  assign s_axis_tready = !full_q;
  assign push          = s_axis_tvalid && !full_q;
  assign pop           = m_axis_tvalid && m_axis_tready;
  assign free_o        = free_q;
  assign level_o       = level_q;
  assign rsv_ready_o   = rsv_beats_i <= free_q;
  assign grant         = rsv_valid_i && rsv_ready_o;

  // A write consumes a reservation, one granted in the same cycle included;
  // this keeps level_q + reserved_q <= DepthBeats in every case. A write
  // that finds none takes a free beat.
  assign unreserved       = push && reserved_q == '0;
  assign level_d          = level_q + CountW'(push) - CountW'(pop);
  assign reserved_kept    = reserved_q - CountW'(push && !unreserved);
  assign reserved_granted = reserved_q + rsv_beats_i - CountW'(push && (!unreserved || rsv_beats_i != '0));
  assign free_kept        = free_q + CountW'(pop) - CountW'(unreserved);
  assign free_granted     = free_kept - rsv_beats_i + CountW'(unreserved && rsv_beats_i != '0);
  assign reserved_d       = grant ? reserved_granted : reserved_kept;
  assign free_d           = grant ? free_granted : free_kept;

  // ---- Storage: one write port, one registered read port (block RAM) ----
  logic [Width-1:0]  rdata;
  logic [PtrW-1:0]   wr_ptr, rd_ptr;
  logic [CountW-1:0] in_ram_d, in_ram_q;  // written, not yet read from the RAM
  logic              ram_re, rdata_valid_q;

  cdma_ring_ptr #(.Depth(DepthBeats)) u_wr_ptr (.clk_i, .rst_ni, .inc_i(push), .ptr_o(wr_ptr));
  cdma_ring_ptr #(.Depth(DepthBeats)) u_rd_ptr (.clk_i, .rst_ni, .inc_i(ram_re), .ptr_o(rd_ptr));

  cdma_ram_1r1w #(.Width(Width), .Depth(DepthBeats)) u_ram (
    .clk_i,
    .we_i   (push),
    .waddr_i(wr_ptr),
    .wdata_i({s_axis_tlast, s_axis_tkeep, s_axis_tdata}),
    .re_i   (ram_re),
    .raddr_i(rd_ptr),
    .rdata_o(rdata)
  );

  // ---- Output: the RAM's read register, then one output register ----
  // rdata_valid_q: the RAM's read register holds a beat not yet moved on
  // (the RAM keeps it until the next read). It moves to the output register
  // when that is empty or its beat leaves, and the RAM is read again when its
  // register's beat is gone or moves on in this cycle.
  logic [Width-1:0] out_q;
  logic             out_valid_q, out_valid_d, rdata_valid_d, move;
  assign move          = rdata_valid_q && (!out_valid_q || pop);
  assign ram_re        = in_ram_q != '0 && (!rdata_valid_q || move);
  assign in_ram_d      = in_ram_q + CountW'(push) - CountW'(ram_re);
  assign rdata_valid_d = ram_re || (rdata_valid_q && !move);
  assign out_valid_d   = move || (out_valid_q && !pop);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      level_q       <= '0;
      reserved_q    <= '0;
      free_q        <= CountW'(DepthBeats);
      full_q        <= 1'b0;
      in_ram_q      <= '0;
      rdata_valid_q <= 1'b0;
      out_valid_q   <= 1'b0;
    end else begin
      level_q       <= level_d;
      reserved_q    <= reserved_d;
      free_q        <= free_d;
      full_q        <= (full_q || (push && level_q == CountW'(DepthBeats - 1))) && !pop;
      in_ram_q      <= in_ram_d;
      rdata_valid_q <= rdata_valid_d;
      out_valid_q   <= out_valid_d;
    end
  end

  // No reset: read only while out_valid_q says it was written.
  always_ff @(posedge clk_i) begin
    if (move) out_q <= rdata;
  end

  assign m_axis_tvalid = out_valid_q;
  assign {m_axis_tlast, m_axis_tkeep, m_axis_tdata} = out_q;

  `CDMA_ASSERT(capacity_kept, 32'(level_q) + 32'(reserved_q) <= DepthBeats)
  `CDMA_ASSERT(free_adds_up, 32'(free_q) + 32'(level_q) + 32'(reserved_q) == DepthBeats)
  `CDMA_ASSERT(full_exact, full_q == (level_q == CountW'(DepthBeats)))
  `CDMA_ASSERT(level_adds_up, 32'(level_q) == 32'(in_ram_q) + 32'(rdata_valid_q) + 32'(out_valid_q))
endmodule
