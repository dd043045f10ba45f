#!/usr/bin/env bash
# What limits a module's clock beyond its one critical path: the registers
# (and outputs) whose slowest input path is longest, one row per register,
# from a netlist of the 45 nm timing flow (synth/timing.sh). Fixing the
# critical path raises Fmax only to the next row's.
#   synth/limiters.sh BASE [ROWS]
# BASE: a timing point's path prefix (OUTDIR/TOP-eELEM-bBUS-timing, as
# timing.sh writes it). Prints a Markdown table (ROWS rows, default 12)
# naming the point's commit; writes BASE-ends.txt (OpenSTA's endpoint list).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/yosys.sh"
base=$1 rows=${2:-12}
liberty=$here/../../shared/lib/gscl45nm.lib
if [ ! -f "$base.v" ] || [ ! -f "$base.json" ]; then
  echo "limiters.sh: no timing point at '$base' (synth/timing.sh writes one)" >&2
  exit 2
fi
[ -f "$liberty" ] || { echo "limiters.sh: no liberty at '$liberty'" >&2; exit 2; }
command -v sta >/dev/null || { echo "limiters.sh: OpenSTA (sta) is not installed: tools/deps.sh rtl" >&2; exit 2; }
top=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["module"])' "$base.json")
cdma_sta "limiters.sh" "$base-ends.log" "$here/limiters.tcl" liberty="$liberty" netlist="$base.v" \
  top="$top" sdc="$here/cdma.sdc" count=5000 out="$base-ends.txt"
python3 "$here/timing_report.py" --limiters "$base" "$rows"
