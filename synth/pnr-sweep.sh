#!/usr/bin/env bash
# The open ASIC flow (synth/pnr.sh) over its points, two at a time, then the
# results into docs: the table in docs/resources.md ("A routed layout"),
# docs/pnr.json and each layout's picture in docs/figures/.
#   synth/pnr-sweep.sh FILELIST OUTDIR [POINTS]
# POINTS: "TOP:ELEM:BUS ..." (default: the smallest codec pair, E=1 B=8).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
filelist=$1 outdir=$2
points=${3:-"zvc_compressor:1:8 zvc_decompressor:1:8"}
mkdir -p "$outdir"
printf '%s\n' $points | tr ':' ' ' | xargs -P 2 -L 1 bash -c "\"$here/pnr.sh\" \"$filelist\" \$0 \$1 \$2 \"$outdir\""
jsons=()
for p in $points; do
  IFS=: read -r top elem bus <<<"$p"
  jsons+=("$outdir/$top-e$elem-b$bus-pnr.json")
  cp "$outdir/$top-e$elem-b$bus/$top-e$elem-b$bus.png" "$here/../docs/figures/layout-$top-e$elem-b$bus.png"
done
python3 -c 'import json, sys; print(json.dumps([json.load(open(p)) for p in sys.argv[1:]], indent=2))' \
  "${jsons[@]}" >"$here/../docs/pnr.json"
python3 "$here/pnr_report.py" --table "${jsons[@]}" | "$here/../tools/splice.sh" "$here/../docs/resources.md" pnr
