# OpenSTA script of synth/limiters.sh: every endpoint's worst setup slack
# (the slowest COUNT of them), I/O delays 0, at a 1 ns clock.
# Arguments (set by limiters.sh): liberty netlist top sdc count out
read_liberty $liberty
read_verilog $netlist
link_design $top
set period 1.0
set io_budget 0
source $sdc
report_checks -path_delay max -group_count $count -endpoint_count 1 -format end > $out
