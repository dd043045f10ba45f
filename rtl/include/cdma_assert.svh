// Checks shared by every RTL file, one form per tool (SV-SUBSET.md).
//
// CDMA_PARAM_CHECK(label, cond, msg): stops elaboration with msg when a
//   parameter is illegal. Icarus 11 has no generate-time $error, so it gets an
//   initial $fatal; Verilator and Yosys get the generate form.
// CDMA_ASSERT(label, cond): a clocked invariant on clk_i, checked while rst_ni
//   is high. Formal (yosys -formal) sees an immediate assert; simulators print
//   and stop via $error; synthesis drops it.
// CDMA_COVER(label, cond): a state the formal harnesses must reach (their
//   cover runs report it); nothing outside formal.
`ifndef CDMA_ASSERT_SVH
`define CDMA_ASSERT_SVH

`ifdef __ICARUS__
`define CDMA_PARAM_CHECK(label, cond, msg) \
  initial if (!(cond)) $fatal(1, "%m: %s", msg);
`else
`define CDMA_PARAM_CHECK(label, cond, msg) \
  if (!(cond)) begin : label \
    $error(msg); \
  end
`endif

// The project-wide parameter rules (RTL-INTERFACES.md), stated once.
`define CDMA_CHECK_ELEM_BYTES(value) \
  `CDMA_PARAM_CHECK(g_elem_bytes_check, (value) == 1 || (value) == 2 || (value) == 4, \
                    "ElemBytes must be 1, 2 or 4")
`define CDMA_CHECK_BUS_BYTES(value) \
  `CDMA_PARAM_CHECK(g_bus_bytes_check, \
                    (value) >= 8 && (value) <= 256 && ((value) & ((value) - 1)) == 0, \
                    "BusBytes must be a power of two from 8 to 256")

`ifdef FORMAL
`define CDMA_ASSERT(label, cond) \
  always @(posedge clk_i) if (rst_ni) assert (cond);
`define CDMA_COVER(label, cond) \
  always @(posedge clk_i) if (rst_ni) cover (cond);
`elsif SYNTHESIS
`define CDMA_ASSERT(label, cond)
`define CDMA_COVER(label, cond)
`else
`define CDMA_ASSERT(label, cond) \
  always @(posedge clk_i or negedge rst_ni) \
    if (rst_ni && !(cond)) $error("%m: assertion %s failed", `"label`");
`define CDMA_COVER(label, cond)
`endif

`endif
