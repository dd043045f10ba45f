#!/usr/bin/env bash
# What the frame modes (docs/format.md, "Modes") cost: each codec at E=4
# B=32 with them (Modes = 1, the default) and without (Modes = 0), through
# the 45 nm area flow (synth.sh asic) and the timing flow (timing.sh), as a
# Markdown table on stdout (docs/resources.md, "The frame modes' cost").
#   synth/modes-cost.sh FILELIST OUTDIR LIBERTY
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
filelist=$1 outdir=$2 liberty=$3
for top in zvc_compressor zvc_decompressor; do
  for modes in 1 0; do
    CDMA_MODES=$modes bash "$here/synth.sh" "$filelist" $top 4 32 asic "$outdir" "$liberty" >&2
    CDMA_MODES=$modes bash "$here/timing.sh" "$filelist" $top 4 32 "$outdir" "$liberty" 1.0 >&2
  done
done
python3 - "$here" "$outdir" "$liberty" <<'PY'
import json, pathlib, sys
sys.path.insert(0, sys.argv[1])
from report import cells_kge, liberty_areas
out, areas = pathlib.Path(sys.argv[2]), liberty_areas(sys.argv[3])
def asic_kge(path):
    return cells_kge(json.loads(path.read_text())["design"]["num_cells_by_type"], areas)
print("| module | modes | kGE (area flow) | kGE (timing flow) | Fmax, I/O 0 % | Fmax, I/O 20 % | levels | commit |")
print("|---|---|---|---|---|---|---|---|")
for top in ("zvc_compressor", "zvc_decompressor"):
    rows = {}
    for variant, label in (("", "all four"), ("-plain", "ZVC only")):
        t = json.loads((out / f"{top}-e4-b32{variant}-timing.json").read_text())
        rows[variant] = (asic_kge(out / f"{top}-e4-b32{variant}-asic.json"), t)
    base_area, base_t = rows["-plain"]
    for variant, label in (("-plain", "ZVC only"), ("", "all four")):
        area, t = rows[variant]
        d = lambda a, b: "" if variant == "-plain" else f" ({100 * (a / b - 1):+.1f} %)"
        print(f"| `{top}` E=4 B=32 | {label} | {area:.2f}{d(area, base_area)} | "
              f"{t['kge']:.2f}{d(t['kge'], base_t['kge'])} | "
              f"{t['io0']['fmax_mhz']:.0f} MHz{d(t['io0']['fmax_mhz'], base_t['io0']['fmax_mhz'])} | "
              f"{t['io20']['fmax_mhz']:.0f} MHz{d(t['io20']['fmax_mhz'], base_t['io20']['fmax_mhz'])} | "
              f"{t['io0']['levels']} | {t['commit']} |")
PY
