# OpenSTA script of the 45 nm timing flow (synth/timing.sh runs it).
# Arguments (sta has no argv: timing.sh sets them with `set` first):
#   liberty netlist top target (period in ns) report (path report prefix)
#   sdc (synth/cdma.sdc)
#   loads (optional: set_load commands with a routed netlist's wire
#        capacitance, from synth/pnr.sh; the clock is then propagated
#        through its buffers instead of ideal)
# For each boundary budget (synth/cdma.sdc's io_budget, 0 and 0.2): the worst
# and total negative slack at the target period, then the shortest period
# with no negative slack (bisection to 1 ps), and the critical path there,
# written to ${report}-io<percent>.txt. Prints one line per budget:
#   budget <b> wns <ns> tns <ns> period <ns>
read_liberty $liberty
read_verilog $netlist
link_design $top
if {[info exists loads]} { source $loads }

proc constrain {p b} {
  global period io_budget sdc loads
  set period $p
  set io_budget $b
  source $sdc
  if {[info exists loads]} { set_propagated_clock [all_clocks] }
}

foreach budget {0 0.2} {
  constrain $target $budget
  set wns [sta::worst_slack -max]
  set tns [sta::total_negative_slack -max]
  # The shortest period: lo fails, hi meets.
  set lo 0.0
  set hi $target
  while {1} {
    constrain $hi $budget
    if {[sta::worst_slack -max] >= 0} break
    set lo $hi
    set hi [expr {$hi * 2}]
  }
  while {$hi - $lo > 0.001} {
    set mid [expr {($lo + $hi) / 2}]
    constrain $mid $budget
    if {[sta::worst_slack -max] >= 0} { set hi $mid } else { set lo $mid }
  }
  constrain $hi $budget
  set pct [expr {int(round($budget * 100))}]
  report_checks -path_delay max -digits 3 > ${report}-io${pct}.txt
  puts [format "budget %s wns %.4f tns %.4f period %.4f" $budget $wns $tns $hi]
}
