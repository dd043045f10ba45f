# Timing constraints of the 45 nm timing flow (synth/timing.sh, OpenSTA).
# Tcl variables set by synth/timing.tcl before sourcing:
#   period     clock period in ns
#   io_budget  the fraction of the period that the logic outside the module
#              takes before an input and after an output (0 or 0.2)
# The clock is ideal (no tree yet), and so is the reset: rst_ni is
# asynchronous in every module, and its fan-out is a tree that place and
# route builds, as it builds the clock's, so its paths are not timed here.
create_clock -name clk -period $period [get_ports clk_i]
set cdma_inputs [delete_from_list [all_inputs] [get_ports {clk_i rst_ni}]]
set_input_delay [expr {$io_budget * $period}] -clock clk $cdma_inputs
set_output_delay [expr {$io_budget * $period}] -clock clk [all_outputs]
# Every input driven by a 2x buffer; every output loads 10 fF (a few gates).
set_driving_cell -lib_cell BUFX2 -pin Y $cdma_inputs
set_load 0.010 [all_outputs]
set_false_path -from [get_ports rst_ni]
