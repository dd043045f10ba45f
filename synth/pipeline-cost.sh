#!/usr/bin/env bash
# What a codec's network stage (Pipeline = 1, docs/rtl.md) buys and costs:
# the codec without it (the default) and with it, through the timing flow
# (timing.sh) at POINTS ("E:B ..."), and the 45 nm area flow (synth.sh asic)
# at B=32, as a Markdown table on stdout (docs/resources.md, "The
# compressor's network stage" and "The decompressor's network stage"). Two
# jobs at a time; a point whose result is already in OUTDIR is kept, as
# timing-sweep.sh does (each row names the commit it was measured at).
#   synth/pipeline-cost.sh FILELIST OUTDIR LIBERTY [TOP [POINTS]]
# TOP: zvc_compressor (the default: the points whose path from s_axis runs
# through the compaction network) or zvc_decompressor.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
filelist=$1 outdir=$2 liberty=$3 top=${4:-zvc_compressor}
points=${5:-"1:8 1:16 2:16 4:16 1:32 2:32 4:32"}
mkdir -p "$outdir"
for pipe in 0 1; do
  variant=$( ((pipe)) && echo -pipe || true)
  for p in $points; do
    e=${p%:*} b=${p#*:}
    [ -f "$outdir/$top-e$e-b$b$variant-timing.json" ] || echo "timing $pipe $e $b"
    case $p in *:32) [ -f "$outdir/$top-e$e-b$b$variant-asic.json" ] || echo "asic $pipe $e $b" ;; esac
  done
done | xargs -r -P 2 -L 1 bash -c '
  if [ "$0" = timing ]; then
    CDMA_PIPELINE=$1 bash "'"$here"'/timing.sh" "'"$filelist"'" "'"$top"'" $2 $3 "'"$outdir"'" "'"$liberty"'" 1.0
  else
    CDMA_PIPELINE=$1 bash "'"$here"'/synth.sh" "'"$filelist"'" "'"$top"'" $2 $3 asic "'"$outdir"'" "'"$liberty"'"
  fi' >&2
python3 - "$here" "$outdir" "$liberty" "$points" "$top" <<'PY'
import json, pathlib, sys
sys.path.insert(0, sys.argv[1])
from report import cells_kge, liberty_areas
out, areas = pathlib.Path(sys.argv[2]), liberty_areas(sys.argv[3])
def change(a, b):
    return f" ({100 * (a / b - 1):+.1f} %)"
print("| E | B | Pipeline | latency | kGE (area flow) | kGE per byte/cycle | kGE (timing flow) | Fmax, I/O 0 % | GB/s | Fmax, I/O 20 % | critical path (I/O 0 %) | levels | commit |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
for p in sys.argv[4].split():
    e, b = map(int, p.split(":"))
    rows = {}
    for pipe, variant in ((0, ""), (1, "-pipe")):
        t = json.loads((out / f"{sys.argv[5]}-e{e}-b{b}{variant}-timing.json").read_text())
        area = out / f"{sys.argv[5]}-e{e}-b{b}{variant}-asic.json"
        kge = cells_kge(json.loads(area.read_text())["design"]["num_cells_by_type"], areas) if area.exists() else None
        rows[pipe] = (kge, t)
    for pipe in (0, 1):
        kge, t = rows[pipe]
        base_kge, base = rows[0]
        d = (lambda a, b: "") if pipe == 0 else change
        area = f"{kge:.2f}{d(kge, base_kge)}" if kge is not None else "–"
        per_byte = f"{kge / b:.2f}" if kge is not None else "–"
        io0, io20 = t["io0"], t["io20"]
        print(f"| {e} | {b} | {pipe} | {2 + pipe} | {area} | {per_byte} | {t['kge']:.2f}{d(t['kge'], base['kge'])} | "
              f"{io0['fmax_mhz']:.0f} MHz{d(io0['fmax_mhz'], base['io0']['fmax_mhz'])} | {io0['gb_per_s']:.1f} | "
              f"{io20['fmax_mhz']:.0f} MHz{d(io20['fmax_mhz'], base['io20']['fmax_mhz'])} | "
              f"`{io0['start']}` → `{io0['end']}` | {io0['levels']} | {t['commit']} |")
PY
