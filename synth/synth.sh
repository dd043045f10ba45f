#!/usr/bin/env bash
# Synthesizes one module at one parameter point with one flow and writes
# Yosys's statistics as JSON. Every flow first elaborates with the checks of
# yosys.sh (implicit wires, latches, drivers, loops).
#   synth/synth.sh FILELIST TOP ELEM BUS FLOW OUTDIR [LIBERTY]
# TOP: zvc_compressor, zvc_decompressor, cdma_engine (its default burst,
#      reads and buffers: 16 beats, 4, 64 and 32 beats) or cdma_buffer
#      (ELEM 0; DepthBeats 64, the engine's default), cdma_ring or cdma_axi_mux
#      (ELEM 0; their other parameters at cdma_dma's defaults).
# FLOW: generic (gates + `stat -tech cmos`), asic (LIBERTY standard cells),
#       ice40, ecp5, xilinx (7-series, -noiopad).
# Writes OUTDIR/TOP-eELEM-bBUS-FLOW.json, .log and .commit (with CDMA_MACROS,
# the asic flow also lists the memories left as macros in -macros.txt);
# exits non-zero on failure.
set -euo pipefail
. "$(dirname "$0")/yosys.sh"
filelist=$1 top=$2 elem=$3 bus=$4 flow=$5 outdir=$6 liberty=${7:-}
name="$top-e$elem-b$bus$(cdma_variant)-$flow"
mkdir -p "$outdir"
case $flow in
  generic) map="$(cdma_map generic "$top") tee -o $outdir/$name.json stat -tech cmos -json" ;;
  asic) map="$(cdma_map asic "$top" "$liberty") tee -o $outdir/$name.json stat -liberty $liberty -json${CDMA_MACROS:+;
             tee -q -o $outdir/$name-macros.txt dump t:cdma_ram_1r1w}" ;;
  ice40) map="synth_ice40 -flatten -top $top; tee -o $outdir/$name.json stat -json" ;;
  ecp5) map="synth_ecp5 -top $top; tee -o $outdir/$name.json stat -json" ;;
  xilinx) map="synth_xilinx -flatten -noiopad -top $top; tee -o $outdir/$name.json stat -json" ;;
  *) echo "synth.sh: unknown flow '$flow'" >&2; exit 2 ;;
esac
cdma_yosys "synth.sh: $name" "$outdir/$name.log" "$(cdma_elaborate "$filelist" "$top" "$(cdma_params "$top" "$elem" "$bus")") $map"
# The commit of the RTL this point was synthesized from (report.py puts it in every row).
"$(dirname "$0")/../tools/source-commit.sh" rtl >"$outdir/$name.commit"
echo "synth.sh: $name ok"
