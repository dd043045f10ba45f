#!/usr/bin/env bash
# The landing buffer and the engine at E=4 B=32 through the 45 nm area flow
# twice: storage in flip-flops (as synthesized for an FPGA-less ASIC today)
# and every cdma_ram_1r1w left as a black box, the SRAM macro an ASIC user
# binds there (docs/rtl.md, "Memories"). A Markdown table on stdout
# (docs/resources.md, "Memories as macros"): the logic's kGE without the
# storage, and the storage as words x bits; the engine also without its block
# index (BlockIndex 0).
#   synth/macros-cost.sh FILELIST OUTDIR LIBERTY
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
filelist=$1 outdir=$2 liberty=$3
for top in cdma_buffer cdma_engine; do
  elem=4
  [ $top = cdma_buffer ] && elem=0
  for macros in "" 1; do
    CDMA_MACROS=$macros bash "$here/synth.sh" "$filelist" $top $elem 32 asic "$outdir" "$liberty" >&2
    if [ $top = cdma_engine ]; then
      CDMA_BLOCK_INDEX=0 CDMA_MACROS=$macros bash "$here/synth.sh" "$filelist" $top $elem 32 asic \
        "$outdir" "$liberty" >&2
    fi
  done
done
python3 - "$here" "$outdir" "$liberty" <<'PY'
import json, pathlib, re, sys
sys.path.insert(0, sys.argv[1])
from report import cells_kge, liberty_areas
out, areas = pathlib.Path(sys.argv[2]), liberty_areas(sys.argv[3])
def kge(path):
    cells = json.loads(path.read_text())["design"]["num_cells_by_type"]
    return cells_kge(cells, areas, black_boxes=("cdma_ram_1r1w",))
print("| module (E=4, B=32) | kGE, storage in flip-flops | kGE of logic, memories as macros | memories (words × bits) | storage bits | commit |")
print("|---|---|---|---|---|---|")
for top, elem, variant, label in (("cdma_buffer", 0, "", "cdma_buffer (64 beats)"),
                                  ("cdma_engine", 4, "", "cdma_engine"),
                                  ("cdma_engine", 4, "-noindex", "cdma_engine, `BlockIndex` 0")):
    flops = out / f"{top}-e{elem}-b32{variant}-asic.json"
    macro = out / f"{top}-e{elem}-b32{variant}-macro-asic.json"
    dump = (out / f"{top}-e{elem}-b32{variant}-macro-asic-macros.txt").read_text()
    rams = [(int(d), int(w)) for d, w in re.findall(r"parameter signed \\Depth (\d+)\s+parameter signed \\Width (\d+)", dump)]
    commit = (out / f"{top}-e{elem}-b32{variant}-macro-asic.commit").read_text().strip()
    print(f"| {label} | {kge(flops):.2f} | {kge(macro):.2f} | "
          f"{', '.join(f'{d} × {w}' for d, w in rams)} | {sum(d * w for d, w in rams)} | {commit} |")
PY
