#!/usr/bin/env bash
# Runs a self-checking SystemVerilog bench of tb/sv on the RTL or on a
# gate-level netlist, under Icarus or Verilator. The bench prints
# "<bench>: ... 0 errors" and stops with $fatal on the first mismatch.
#   tb/sv/run.sh SIM SOURCE FILELIST BENCH OUTDIR [LIBERTY] [NAME=VALUE...]
# SIM: icarus or verilator. SOURCE: rtl, or a netlist flow of
# synth/netlist.sh (generic, asic), synthesized here for the bench's DUT.
# NAME=VALUE: parameters of the DUT, passed to the bench (same names) and
# to the synthesis; +NAME=VALUE: plusargs of the simulation run. The DUT is
# the module the bench is named after (<dut>_tb.sv).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
sim=$1 source=$2 filelist=$3 bench=$4 outdir=$5
shift 5
liberty=""
if [ $# -gt 0 ] && [[ $1 != *=* ]]; then
  liberty=$1
  shift
fi
tb=$(basename "$bench" .sv)
dut=${tb%_tb}
mkdir -p "$outdir"
params_icarus=() params_verilator=() plusargs=() params=()
for p in "$@"; do
  case $p in
    +*) plusargs+=("$p") ;;
    *) params+=("$p"); params_icarus+=(-P "$tb.$p"); params_verilator+=("-G$p") ;;
  esac
done
defs=()
if [ "$source" = rtl ]; then
  incdir=$(sed -n 's/^+incdir+//p' "$filelist")
  mapfile -t design < <(grep -v '^+' "$filelist")
  incs=("-I$incdir")
else
  "$here/../../synth/netlist.sh" "$filelist" "$dut" "$source" "$outdir/$dut.v" $liberty "${params[@]}"
  design=("$outdir/$dut.v")
  incs=()
  defs=(-DCDMA_NETLIST)  # the netlist has no parameters: the bench passes none
fi
incs+=("-I$(dirname "$bench")")  # a bench may include another (cdma_dma_tb.sv)
log="$outdir/$tb-$sim-$source.log"
case $sim in
  icarus)
    iverilog -g2012 "${incs[@]}" "${defs[@]}" "${params_icarus[@]}" -s "$tb" -o "$outdir/$tb.vvp" \
      "${design[@]}" "$bench"
    vvp -n "$outdir/$tb.vvp" "${plusargs[@]}" | tee "$log" ;;
  verilator)
    # The netlist is generated code: its style warnings are not ours to fix.
    lint=(-Wall)
    [ "$source" = rtl ] || lint=(-Wno-fatal -Wno-lint -Wno-style)
    verilator --binary --timing -j 2 "${lint[@]}" "${incs[@]}" "${defs[@]}" "${params_verilator[@]}" \
      --top-module "$tb" -Mdir "$outdir/$tb-obj" -o "$tb" "${design[@]}" "$bench" >"$outdir/$tb-verilate.log"
    "$outdir/$tb-obj/$tb" "${plusargs[@]}" | tee "$log" ;;
  *) echo "run.sh: unknown simulator '$sim'" >&2; exit 2 ;;
esac
grep -q "^$tb: .* 0 errors" "$log" || { echo "run.sh: $tb did not report 0 errors" >&2; exit 1; }
