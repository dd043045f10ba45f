#!/usr/bin/env bash
# Synthesizes one module at one parameter point with one flow and writes
# Yosys's statistics as JSON. Every flow first elaborates with the checks
# users rely on: implicit wires are errors, no latches, `check -assert` (no
# multiple or missing drivers, no combinational loops).
#   synth/synth.sh FILELIST TOP ELEM BUS FLOW OUTDIR [LIBERTY]
# TOP: zvc_compressor, zvc_decompressor, cdma_engine (its default burst,
#      reads and buffers: 16 beats, 4, 64 and 32 beats) or cdma_buffer
#      (ELEM 0; DepthBeats 64, the engine's default).
# FLOW: generic (gates + `stat -tech cmos`), asic (LIBERTY standard cells),
#       ice40, ecp5, xilinx (7-series, -noiopad).
# Writes OUTDIR/TOP-eELEM-bBUS-FLOW.json and .log; exits non-zero on failure.
set -euo pipefail
filelist=$1 top=$2 elem=$3 bus=$4 flow=$5 outdir=$6 liberty=${7:-}
incdir=$(sed -n 's/^+incdir+//p' "$filelist")
files=$(grep -v '^+' "$filelist" | tr '\n' ' ')
name="$top-e$elem-b$bus-$flow"
mkdir -p "$outdir"
case $flow in
  generic) map="synth -flatten -top $top; tee -o $outdir/$name.json stat -tech cmos -json" ;;
  asic)
    [ -f "$liberty" ] || { echo "synth.sh: the asic flow needs a liberty file" >&2; exit 2; }
    map="synth -flatten -top $top; dfflibmap -liberty $liberty; abc -liberty $liberty; opt_clean;
         tee -o $outdir/$name.json stat -liberty $liberty -json" ;;
  ice40) map="synth_ice40 -flatten -top $top; tee -o $outdir/$name.json stat -json" ;;
  ecp5) map="synth_ecp5 -top $top; tee -o $outdir/$name.json stat -json" ;;
  xilinx) map="synth_xilinx -flatten -noiopad -top $top; tee -o $outdir/$name.json stat -json" ;;
  *) echo "synth.sh: unknown flow '$flow'" >&2; exit 2 ;;
esac
case $top in
  cdma_buffer) params="-set BusBytes $bus -set DepthBeats 64" ;;
  *) params="-set ElemBytes $elem -set BusBytes $bus" ;;
esac
script="read_verilog -sv -I$incdir $files;
chparam $params $top;
hierarchy -check -top $top; rename -top $top; proc; select -assert-none t:\$dlatch t:\$sr; check -assert;
$map"
if ! yosys -q -e "implicitly declared" -l "$outdir/$name.log" -p "$script" >/dev/null 2>&1; then
  echo "synth.sh: $name failed:" >&2
  grep -iE "error|warning" "$outdir/$name.log" | head -10 >&2
  exit 1
fi
# Warnings that mean a broken netlist fail the run.
if grep -iE "warning:.*(multiple conflicting drivers|driver|latch|implicitly declared)" "$outdir/$name.log" >&2; then
  echo "synth.sh: $name: Yosys warned about the netlist (above)" >&2
  exit 1
fi
echo "synth.sh: $name ok"
