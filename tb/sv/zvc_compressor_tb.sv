// Self-checking bench for zvc_compressor in plain simulation SystemVerilog:
// golden frames in, every payload byte and status record checked
// (tb/sv/zvc_codec_tb.svh; tb/sv/run_golden.sh runs it).
/* verilator lint_off BLKSEQ */      // the monitor's counters, shared with the driver
/* verilator lint_off UNUSEDSIGNAL */
/* verilator lint_off SYNCASYNCNET */  // the DUT resets asynchronously, the bench samples rst_n
module zvc_compressor_tb;
  localparam Name = "zvc_compressor_tb";
`include "zvc_codec_tb.svh"
endmodule
