// Self-checking bench for the register top cdma_dma: cdma_engine_tb.sv's
// AXI4 memory, golden vectors and checks, with the descriptors queued and
// the status records read by a CPU over AXI4-Lite (see CDMA_REGTOP there).
// Run it with tb/sv/run_golden.sh dma.
`define CDMA_REGTOP
// The module cdma_dma_tb is declared in the included file.
/* verilator lint_off DECLFILENAME */
`include "cdma_engine_tb.sv"
