#!/usr/bin/env bash
# The open ASIC flow: one module from RTL to a routed, DRC- and LVS-checked
# layout with Debian's qflow on the OSU 0.18 um standard cells
# (qflow-tech-osu018; docs/resources.md, "A routed layout").
#   synth/pnr.sh FILELIST TOP ELEM BUS OUTDIR
# Steps: the project's elaboration and checks (yosys.sh), flattened to plain
# Verilog (qflow's input); qflow's synthesize (Yosys, ABC, blifFanout), place
# (graywolf), route (qrouter), migrate (magic reads the routed DEF), drc
# (magic) and lvs (netgen: the layout's extracted netlist against the
# synthesized one); the layout written as GDS by magic and drawn as a PNG by
# KLayout without a display (synth/layout_png.py); the routed netlist timed by
# OpenSTA (synth/timing.tcl, synth/cdma.sdc) with qrouter's extracted wire
# capacitance and the clock propagated through qflow's clock buffers.
# Debian removes the cells' own GDS from qflow-tech-osu018 (Files-Excluded in
# its copyright file), so magic holds the cells as their LEF abstracts: DRC
# checks the routing, the pins and the cells' obstructions, LVS the
# connectivity, and the GDS holds the routing and the cells' abstracts, not
# their transistors.
# Writes OUTDIR/TOP-eELEM-bBUS/ (qflow's project: source, synthesis, layout,
# log; the PNG) and OUTDIR/TOP-eELEM-bBUS-pnr.json (synth/pnr_report.py);
# exits non-zero when a step fails, naming the step and its log.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/yosys.sh"
[ $# -eq 5 ] || { echo "usage: $0 FILELIST TOP ELEM BUS OUTDIR" >&2; exit 2; }
filelist=$1 top=$2 elem=$3 bus=$4 outdir=$5
tech=/usr/share/qflow/tech/osu018
for tool in qflow graywolf qrouter magic netgen sta tcsh klayout; do
  command -v "$tool" >/dev/null || { echo "pnr.sh: $tool is not installed: tools/deps.sh pnr" >&2; exit 2; }
done
[ -d "$tech" ] || { echo "pnr.sh: no OSU 0.18 um technology at $tech: tools/deps.sh pnr" >&2; exit 2; }
name="$top-e$elem-b$bus"
dir="$outdir/$name"
rm -rf "$dir" "$dir-pnr.json"
mkdir -p "$dir"/{source,synthesis,layout,log}

# qflow's options (it keeps a project_vars.sh it finds): graywolf places at
# 80 % density (decongest adds filler cells), so that qrouter, which may not
# stack vias on this technology, finds room; at the 97 % graywolf packs by
# itself a compressor's route kept a stack it could not remove (one metal1
# area error).
echo "set initial_density = 0.8" >"$dir/project_vars.sh"

cdma_yosys "pnr.sh: $name" "$dir/log/elaborate.log" \
  "$(cdma_elaborate "$filelist" "$top" "$(cdma_params "$top" "$elem" "$bus")") flatten; opt_clean; write_verilog -noattr $dir/source/$top.v"

# qflow exits 0 even when a step fails; its log then ends with "error condition".
# steps.tsv: each step's wall-clock seconds.
qflow_step() {
  local step=$1 log=$2 start=$SECONDS
  echo "pnr.sh: $name: $step"
  if ! (cd "$dir" && qflow -T osu018 "$step" "$top") >"$dir/log/qflow-$step.out" 2>&1 ||
     grep -q "error condition" "$dir/log/$log"; then
    echo "pnr.sh: $name: qflow $step failed ($dir/log/$log):" >&2
    tail -n 5 "$dir/log/$log" >&2
    exit 1
  fi
  printf '%s\t%d\n' "$step" $((SECONDS - start)) >>"$dir/steps.tsv"
}
qflow_step synthesize synth.log
qflow_step place place.log
qflow_step route route.log
grep -q "Final: No failed routes" "$dir/log/route.log" || {
  echo "pnr.sh: $name: qrouter left nets unrouted ($dir/log/route.log):" >&2
  grep "Final:" "$dir/log/route.log" >&2
  exit 1
}
qflow_step migrate migrate.log
qflow_step drc drc.log
qflow_step lvs lvs.log

# The GDS, from the migrated layout with the cells' LEF abstracts (qflow's own
# gdsii step needs the cells' GDS, which Debian does not ship), and its picture.
echo "pnr.sh: $name: gds, png"
(cd "$dir/layout" && magic -dnull -noconsole <<EOF) >"$dir/log/gds.log" 2>&1
lef read $tech/osu018_stdcells.lef
load $top
select top cell
expand
gds write $top
quit -noprompt
EOF
[ -s "$dir/layout/$top.gds" ] || { echo "pnr.sh: $name: magic wrote no GDS ($dir/log/gds.log)" >&2; exit 1; }
QT_QPA_PLATFORM=offscreen klayout -zz -rd gds="$dir/layout/$top.gds" -rd png="$dir/$name.png" \
  -r "$here/layout_png.py" >"$dir/log/png.log" 2>&1 && [ -s "$dir/$name.png" ] ||
  { echo "pnr.sh: $name: KLayout drew no picture ($dir/log/png.log)" >&2; exit 1; }

# Post-route timing: the routed netlist with each wire's capacitance from
# qrouter's extraction (its RC tree summed) on the wire's driver, and the
# clock propagated through qflow's clock buffers (there is no clock tree).
# The wires' own RC delays are left out: qflow's rc2dly, which writes them as
# SDF, aborts on the compressor's RC file (a glibc heap assertion); on the
# decompressor they add 79 ps, 1.2 %, to the critical path.
echo "pnr.sh: $name: timing"
lib="$tech/osu018_stdcells.lib"
python3 "$here/pnr_report.py" --loads "$dir/layout/$top.rc" >"$dir/synthesis/$top-loads.tcl"
base="$dir/$name-routed"
cdma_timing "pnr.sh: $name" "$base-sta.log" liberty="$lib" netlist="$dir/synthesis/$top.rtlnopwr.v" top="$top" \
  target=5.0 report="$base" sdc="$here/cdma.sdc" loads="$dir/synthesis/$top-loads.tcl"
"$here/../tools/source-commit.sh" rtl synth/yosys.sh synth/pnr.sh synth/pnr_report.py synth/layout_png.py synth/timing.tcl \
  synth/cdma.sdc >"$dir/commit"
python3 "$here/pnr_report.py" "$dir" "$top" "$elem" "$bus" "$tech/osu018_stdcells.lef" >"$dir-pnr.json"
echo "pnr.sh: $name ok"
