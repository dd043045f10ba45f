#!/usr/bin/env bash
# The full synthesis sweep: the codec modules and the DMA engine over
# ElemBytes {1,2,4} x BusBytes {8..256}, the landing buffer over BusBytes,
# with every flow, two jobs at a time, then the report into
# docs/resources.md, docs/resources.json and docs/figures/area-vs-bus.svg.
# Long (hours at large BusBytes); not part of ctest.
# Points already synthesized are kept, so FLOWS/BUSES/TOPS can fill it in
# parts; points not run here keep their committed rows (docs/resources.json)
# and the commit they were measured at.
#   synth/sweep.sh FILELIST OUTDIR [FLOWS] [BUSES] [TOPS] [ELEMS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
filelist=$1 outdir=$2
flows=${3:-"generic asic ice40 ecp5 xilinx"}
buses=${4:-"8 16 32 64 128 256"}
tops=${5:-"zvc_compressor zvc_decompressor cdma_buffer cdma_engine"}
elem_list=${6:-"1 2 4"}
liberty=$here/../../shared/lib/gscl45nm.lib
jobs=()
for flow in $flows; do
  [ "$flow" = asic ] && [ ! -f "$liberty" ] && { echo "sweep.sh: no liberty, skipping asic" >&2; continue; }
  for top in $tops; do
    elems=$elem_list
    [ "$top" = cdma_buffer ] && elems=0
    for e in $elems; do
      for b in $buses; do
        [ -f "$outdir/$top-e$e-b$b-$flow.json" ] || jobs+=("$top $e $b $flow")
      done
    done
  done
done
if ((${#jobs[@]})); then
  printf '%s\n' "${jobs[@]}" | xargs -P 2 -L 1 bash -c \
    "\"$here/synth.sh\" \"$filelist\" \$0 \$1 \$2 \$3 \"$outdir\" \"$liberty\" || true"
fi
"$here/report.py" --base "$here/../docs/resources.json" "$outdir" "$liberty" "$outdir/results.json" "$outdir/tables.md" "$outdir/summary.md"
# The machine-readable results ship with the docs (cdma-gen reads them too).
cp "$outdir/results.json" "$here/../docs/resources.json"
"$here/plot.py" "$outdir/results.json" "$here/../docs/figures/area-vs-bus.svg"
"$here/../tools/splice.sh" "$here/../docs/resources.md" synth <"$outdir/tables.md"
"$here/../tools/splice.sh" "$here/../README.md" resources <"$outdir/summary.md"
