// Self-checking bench for zvc_decompressor in plain simulation
// SystemVerilog: golden payloads (and three malformed ones) in, every raw
// byte, status record and error flag checked (tb/sv/zvc_codec_tb.svh;
// tb/sv/run_golden.sh runs it).
/* verilator lint_off BLKSEQ */      // the monitor's counters, shared with the driver
/* verilator lint_off UNUSEDSIGNAL */
/* verilator lint_off SYNCASYNCNET */  // the DUT resets asynchronously, the bench samples rst_n
`define ZVC_DEC
module zvc_decompressor_tb;
  localparam Name = "zvc_decompressor_tb";
`include "zvc_codec_tb.svh"
endmodule
