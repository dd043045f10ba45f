#!/usr/bin/env bash
# Writes the flattened gate-level netlist of one module, for simulation with
# the same benches as the RTL (ctest labels `gate` and `gate-long`,
# docs/testing.md).
#   synth/netlist.sh FILELIST TOP FLOW OUT.v [LIBERTY] [NAME=VALUE...]
# FLOW: generic (Yosys's internal gates, written as Verilog expressions and
# always blocks) or asic (LIBERTY's standard cells; OUT.v then also holds a
# model of every cell, which Yosys builds from the liberty's functions, so
# the file simulates on its own). NAME=VALUE: the top's parameters.
set -euo pipefail
. "$(dirname "$0")/yosys.sh"
filelist=$1 top=$2 flow=$3 out=$4
shift 4
liberty=""
if [ $# -gt 0 ] && [[ $1 != *=* ]]; then
  liberty=$1
  shift
fi
params=""
for p in "$@"; do
  [[ $p == *=* ]] || { echo "netlist.sh: '$p' is not NAME=VALUE" >&2; exit 2; }
  params+=" -set ${p%%=*} ${p#*=}"
done
map=$(cdma_map "$flow" "$top" "$liberty")
mkdir -p "$(dirname "$out")"
tmp="$out.tmp"
script="$(cdma_elaborate "$filelist" "$top" "$params") $map write_verilog -noattr $tmp;"
# The cell models come from the liberty's function statements (read without -lib).
[ "$flow" = asic ] && script+=" design -reset; read_liberty $liberty; write_verilog -noattr $tmp.cells;"
cdma_yosys "netlist.sh: $top ($flow)" "$out.log" "$script"
[ "$flow" = asic ] && { cat "$tmp.cells" >>"$tmp"; rm -f "$tmp.cells"; }
mv "$tmp" "$out"
