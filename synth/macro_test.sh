#!/usr/bin/env bash
# The memories-as-macros variant of the 45 nm area flow (CDMA_MACROS=1) on the
# landing buffer at B=8 (DepthBeats 64): its one cdma_ram_1r1w stays a black
# box of 64 words x 73 bits (64 data, 8 keep, last), listed with those
# parameters, and none of its 4672 storage bits is left in flip-flops.
#   synth/macro_test.sh FILELIST OUTDIR LIBERTY
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
filelist=$1 outdir=$2 liberty=$3
CDMA_MACROS=1 bash "$here/synth.sh" "$filelist" cdma_buffer 0 8 asic "$outdir" "$liberty"
python3 - "$outdir/cdma_buffer-e0-b8-macro-asic" <<'PY'
import json, re, sys
base = sys.argv[1]
cells = json.load(open(base + ".json"))["design"]["num_cells_by_type"]
rams = re.findall(r"cell \\cdma_ram_1r1w (\S+)\s+parameter signed \\Depth (\d+)\s+parameter signed \\Width (\d+)",
                  open(base + "-macros.txt").read())
flops = sum(n for t, n in cells.items() if t.startswith("DFF"))
assert cells.get("cdma_ram_1r1w") == 1 and rams == [("\\u_ram", "64", "73")], (cells, rams)
assert flops < 1000, f"{flops} flip-flops: the storage (4672 bits) left in the logic"
print(f"macro_test: one 64 x 73 macro, {flops} flip-flops of logic")
PY
