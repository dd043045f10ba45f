#!/usr/bin/env bash
# The 45 nm timing flow: one module at one parameter point, synthesized for a
# clock period and timed with OpenSTA against synth/cdma.sdc.
#   synth/timing.sh FILELIST TOP ELEM BUS OUTDIR LIBERTY [PERIOD_NS]
# TOP and its parameters as in synth.sh. PERIOD_NS: the target (default 1.0).
# Mapping: `synth -flatten`, `dfflibmap`, then ABC with synth/timing.abc (Yosys's
# `abc -D` script with SOP balancing: delay-driven mapping with buffering,
# upsizing and downsizing) with the inputs driven by BUFX2 and
# 10 fF on the outputs, the same boundary as cdma.sdc. The netlist is written
# without assign statements (split nets, buffers for feed-throughs), which
# OpenSTA's Verilog reader needs. synth/timing.tcl then reports, for input
# and output delays of 0 and of 20 % of the period: the slack at the target,
# the shortest period that meets, and the critical path there.
# Writes OUTDIR/TOP-eELEM-bBUS-timing.json (synth/timing_report.py's input),
# the netlist (.v), Yosys's statistics (-stat.json), the path reports (-io0.txt,
# -io20.txt), logs and .commit; exits non-zero on failure.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/yosys.sh"
filelist=$1 top=$2 elem=$3 bus=$4 outdir=$5 liberty=$6 period=${7:-1.0}
[ -f "$liberty" ] || { echo "timing.sh: no liberty at '$liberty'" >&2; exit 2; }
command -v sta >/dev/null || { echo "timing.sh: OpenSTA (sta) is not installed: tools/deps.sh rtl" >&2; exit 2; }
name="$top-e$elem-b$bus$(cdma_variant)-timing"
base="$outdir/$name"
mkdir -p "$outdir"
rm -f "$base.json"
period_ps=$(python3 -c "print(round(float('$period') * 1000))")
printf 'set_driving_cell BUFX2\nset_load 10\n' >"$base.constr"
sed "s/{D}/$period_ps/g" "$here/timing.abc" >"$base.abc"
script="$(cdma_elaborate "$filelist" "$top" "$(cdma_params "$top" "$elem" "$bus")")
synth -flatten -top $top; dfflibmap -liberty $liberty;
abc -script $base.abc -constr $base.constr -liberty $liberty;
splitnets; opt_clean -purge; insbuf -buf BUFX2 A Y;
tee -q -o $base-stat.json stat -liberty $liberty -json;
write_verilog -noattr -noexpr -nohex -nodec $base.v"
cdma_yosys "timing.sh: $name" "$base.log" "$script"
cdma_timing "timing.sh: $name" "$base-sta.log" liberty="$liberty" netlist="$base.v" top="$top" target="$period" \
  report="$base" sdc="$here/cdma.sdc"
"$here/../tools/source-commit.sh" rtl synth/timing.sh synth/timing.abc synth/timing.tcl synth/cdma.sdc >"$base.commit"
python3 "$here/timing_report.py" --point "$base" "$top" "$elem" "$bus" "$period" "$liberty"
echo "timing.sh: $name ok"
