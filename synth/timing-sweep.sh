#!/usr/bin/env bash
# The 45 nm timing flow (synth/timing.sh) over the sweep: the codec modules
# over ElemBytes {1,2,4} x BUSES, the landing buffer over BUSES, the engine at
# E=4 (its defaults otherwise), two jobs at a time; then the report into
# docs/resources.md (Timing), docs/timing.json, docs/figures/fmax-vs-bus.svg
# and the README's summary row. Points already run in OUTDIR are kept; points
# not run keep their committed rows (docs/timing.json) and their commit.
#   synth/timing-sweep.sh FILELIST OUTDIR [BUSES] [TOPS] [PERIOD_NS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
filelist=$1 outdir=$2
buses=${3:-"8 16 32"}
tops=${4:-"zvc_compressor zvc_decompressor cdma_buffer cdma_engine"}
period=${5:-1.0}
liberty=$here/../../shared/lib/gscl45nm.lib
jobs=()
for top in $tops; do
  case $top in
    cdma_buffer) elems=0 ;;
    cdma_engine) elems=4 ;;
    *) elems="1 2 4" ;;
  esac
  for e in $elems; do
    for b in $buses; do
      [ -f "$outdir/$top-e$e-b$b-timing.json" ] || jobs+=("$top $e $b")
    done
  done
done
if ((${#jobs[@]})); then
  printf '%s\n' "${jobs[@]}" | xargs -P 2 -L 1 bash -c \
    "\"$here/timing.sh\" \"$filelist\" \$0 \$1 \$2 \"$outdir\" \"$liberty\" $period || true"
fi
summary=$outdir/summary.md
python3 "$here/timing_report.py" --base "$here/../docs/timing.json" "$outdir" "$outdir/timing.json" \
  "$outdir/tables.md" "$summary" "$here/../docs/figures/fmax-vs-bus.svg"
cp "$outdir/timing.json" "$here/../docs/timing.json"
"$here/../tools/splice.sh" "$here/../docs/resources.md" timing <"$outdir/tables.md"
"$here/../tools/splice.sh" "$here/../README.md" timing <"$summary"
