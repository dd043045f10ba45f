#!/usr/bin/env bash
# RTL lint: every module through Verilator --lint-only -Wall, Yosys 0.23
# (read_verilog -sv, implicit wires fatal, hierarchy, proc, check, no latches)
# and Icarus -g2012 (any warning fails), the codec tops across the parameter
# sweep, and illegal parameters, which must stop all three with a message.
# Usage: tools/rtl-lint.sh [--tools verilator,yosys,icarus] build/rtl/cdma.f [GROUP...]
# GROUP: prim, codec-eE-bB (E 1, 2, 4; B 8 to 256), codec-eE-bB-plain (the
# codecs without frame modes; B 8 and 256), dma, wide (the widest networks
# and engine), refused (default: all).
# ctest runs each group as a test of its own, so they run in parallel: one
# codec point at B=256 takes Yosys about 40 s. --tools keeps only some of the
# three (not for `refused`, which needs them all): ctest runs Yosys on the
# widest points under the label lint-long (rtl/CMakeLists.txt).
set -uo pipefail
lint_tools="verilator yosys icarus"
if [ "${1:-}" = --tools ]; then
  lint_tools=${2:-}
  lint_tools=${lint_tools//,/ }
  shift 2 || { echo "rtl-lint: --tools needs a list" >&2; exit 2; }
  for t in $lint_tools; do
    case $t in verilator | yosys | icarus) ;; *) echo "rtl-lint: unknown tool '$t'" >&2; exit 2 ;; esac
  done
  [ -n "${lint_tools// /}" ] || { echo "rtl-lint: --tools needs a list" >&2; exit 2; }
fi
filelist=$1
shift
groups=("$@")
if [ ${#groups[@]} -eq 0 ]; then
  groups=(prim dma wide refused)
  for e in 1 2 4; do
    for b in 8 16 32 64 128 256; do groups+=("codec-e$e-b$b"); done
    for b in 8 256; do groups+=("codec-e$e-b$b-plain"); done
  done
fi
incdir=$(sed -n 's/^+incdir+//p' "$filelist")
mapfile -t files < <(grep -v '^+' "$filelist")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0 passes=0

# shellcheck source=tools/rtl-tools.sh
source "$(dirname "$0")/rtl-tools.sh"

clean() {
  if out=$(run_tools "$1" "$2"); then passes=$((passes + 1)); else
    echo "FAIL: $1 $2"; echo "$out" | head -20; fails=$((fails + 1)); fi
}

# Illegal parameters: each tool must refuse, naming the problem.
refused() {
  local top=$1 params=$2 pattern=$3 out
  out=$(run_tools "$top" "$params" 2>&1)
  if [ $? -eq 0 ]; then echo "FAIL: $top $params was accepted"; fails=$((fails + 1)); return; fi
  local ok=1
  verilator --lint-only -Wall -I"$incdir" --top-module "$top" $(printf -- '-G%s ' $params) "${files[@]}" >"$work/v.log" 2>&1 && ok=0
  grep -q "$pattern" "$work/v.log" || ok=0
  local yargs="" iargs=() p
  for p in $params; do yargs+=" -set ${p%%=*} ${p#*=}"; iargs+=("-P$top.$p"); done
  [ -n "$yargs" ] && yargs="chparam$yargs $top;"
  yosys -q -p "read_verilog -defer -sv -I$incdir ${files[*]}; $yargs hierarchy -check -top $top" >"$work/y.log" 2>&1 && ok=0
  grep -q "$pattern" "$work/y.log" || ok=0
  iverilog -g2012 -I"$incdir" -s "$top" "${iargs[@]}" -o "$work/iv.out" "${files[@]}" >"$work/i.log" 2>&1
  vvp -n "$work/iv.out" >>"$work/i.log" 2>&1 && ok=0
  grep -q "$pattern" "$work/i.log" || ok=0
  if [ $ok -eq 1 ]; then passes=$((passes + 1)); else
    echo "FAIL: $top $params not refused with '$pattern' by all three tools"
    for f in v y i; do tail -n 3 "$work/$f.log"; done; fails=$((fails + 1)); fi
}

group_prim() {
  local top d
  for p in "" "Elems=8 GroupElems=3" "Elems=2 ElemBits=1"; do clean cdma_rotate "$p"; done
  for top in cdma_fifo_sync zvc_compact_scan zvc_compact_ctrl zvc_compact zvc_expand zvc_packer zvc_unpacker \
             zvc_fp_reduce zvc_fp_widen; do
    clean "$top" ""
  done
  clean zvc_compact "NumSlots=36 SlotBits=8"
  clean zvc_packer "BusBytes=8 ChunkBytes=8 HoldMask=1 Rows=8"
  for d in 2 5; do clean cdma_ring_ptr "Depth=$d"; done
  clean cdma_ram_1r1w "Width=73 Depth=5"
  for p in "Depth=2 CountW=1" "Depth=5 CountW=8"; do clean cdma_owner_queue "$p"; done
  for p in "" "Width=9 LowW=1"; do clean cdma_len_acc "$p"; done
  for p in "" "Width=1" "Width=36"; do clean cdma_popcount "$p"; done
}

# The codecs at one point: "E B" with the frame modes (the default), "E B
# Modes=0" without them (checked at the narrowest and the widest bus, where
# the decompressor is also built with CountAhead=0, as the self-test has it,
# and both codecs with their network stage, Pipeline=1, with and without modes).
group_codec() {
  clean zvc_compressor "ElemBytes=$1 BusBytes=$2 ${3:-}"
  clean zvc_decompressor "ElemBytes=$1 BusBytes=$2 ${3:-}"
  if [ -n "${3:-}" ]; then
    clean zvc_decompressor "ElemBytes=$1 BusBytes=$2 $3 CountAhead=0"
    clean zvc_compressor "ElemBytes=$1 BusBytes=$2 Pipeline=1"
    clean zvc_compressor "ElemBytes=$1 BusBytes=$2 $3 Pipeline=1"
    clean zvc_decompressor "ElemBytes=$1 BusBytes=$2 Pipeline=1"
    clean zvc_decompressor "ElemBytes=$1 BusBytes=$2 $3 Pipeline=1"
  fi
}

group_dma() {
  local p b
  for p in "BusBytes=8 DepthBeats=2" "BusBytes=32 DepthBeats=2240" "BusBytes=256 DepthBeats=16"; do
    clean cdma_buffer "$p"
  done
  for b in 8 256; do clean cdma_realign "BusBytes=$b"; done
  for p in "BusBytes=8 MaxBurstBeats=1" "BusBytes=256 MaxBurstBeats=256"; do
    clean cdma_legalizer "$p"
  done
  clean cdma_csr_regs ""
  clean cdma_csr ""
  clean cdma_dma ""
  clean cdma_axi_mux "BusBytes=8 IdW=1 Depth=2"
  clean cdma_axi_wmux "BusBytes=256 IdW=16 Depth=8"
  for p in "BusBytes=8 IdW=1 Outstanding=1 Results=1" "BusBytes=256 Outstanding=255"; do
    clean cdma_index_writer "$p"
  done
  for p in "BusBytes=8 MaxBurstBeats=1" "BusBytes=16 MaxBurstBeats=2" "BusBytes=64 Fetch=5" \
           "BusBytes=256 MaxBurstBeats=256 Fetch=16 InFlight=64"; do
    clean cdma_ring "$p"
  done
  clean cdma_dma "ElemBytes=1 BusBytes=8 MaxBurstBeats=1 MaxReads=1 BufferBeats=4 RingFetch=3 MaxDescs=1"
  for p in "ElemBytes=4 BusBytes=32" "ElemBytes=1 BusBytes=8 MaxBurstBeats=1 MaxReads=1 BufferBeats=4 MaxDescs=1"; do
    clean cdma_engine "$p"
  done
  clean cdma_engine "ElemBytes=4 BusBytes=32 Modes=0"
  clean cdma_engine "ElemBytes=1 BusBytes=8 BlockIndex=0"
  clean cdma_dma "BlockIndex=0"
  clean cdma_selftest ""
  clean cdma_selftest "ElemBytes=4 BusBytes=32 FrameBeats=3"
  clean cdma_selftest "Slice=0"
}

# The widest network (E=1 B=256) and engine: Yosys takes 20 and 40 s.
group_wide() {
  clean zvc_expand "NumSlots=288 SlotBits=8"
  clean cdma_engine "ElemBytes=2 BusBytes=256 MaxBurstBeats=256 MaxReads=255 BufferBeats=512 WriteBeats=256 MaxDescs=255"
}

group_refused() {
  local top
  refused cdma_selftest "FrameBeats=0" "FrameBeats must be at least 1"
  refused cdma_selftest "Slice=2" "Slice must be 0 or 1"
  refused zvc_packer "Rows=2" "Rows must be a power of two"
  for top in zvc_compressor zvc_decompressor; do
    refused $top "ElemBytes=3" "ElemBytes must be 1, 2 or 4"
    refused $top "BusBytes=12" "BusBytes must be a power of two"
    refused $top "BusBytes=4" "BusBytes must be a power of two"
    refused $top "BusBytes=512" "BusBytes must be a power of two"
    refused $top "Modes=2" "Modes must be 0 or 1"
  done
  refused zvc_decompressor "CountAhead=2" "CountAhead must be 0 or 1"
  refused zvc_compressor "Pipeline=2" "Pipeline must be 0 or 1"
  refused zvc_decompressor "Pipeline=2" "Pipeline must be 0 or 1"
  refused cdma_fifo_sync "Depth=1" "Depth must be at least 2"
  refused cdma_ring_ptr "Depth=1" "Depth must be at least 2"
  refused cdma_owner_queue "Depth=1" "Depth must be at least 2"
  refused cdma_ring "Fetch=1" "Fetch must be from 2 to 16"
  refused cdma_ram_1r1w "Depth=1" "Depth must be at least 2"
  refused cdma_len_acc "LowW=32" "LowW must be 1 to Width-1"
  refused cdma_popcount "Width=0" "Width must be at least 1"
  refused cdma_buffer "DepthBeats=1" "DepthBeats must be from 2"
  refused cdma_engine "MaxBurstBeats=32 BufferBeats=16" "BufferBeats must be at least"
  refused cdma_engine "MaxBurstBeats=0" "MaxBurstBeats must be from 1 to 256"
  refused cdma_engine "MaxReads=0" "MaxReads must be from 1 to 255"
  refused cdma_engine "MaxDescs=256" "MaxDescs must be from 1 to 255"
  refused cdma_engine "BlockIndex=2" "BlockIndex must be 0 or 1"
  refused cdma_dma "MaxDescs=61" "MaxDescs must be from 1 to 60"
  refused cdma_engine "MaxBurstBeats=64 BufferBeats=64" "WriteBeats must be at least"
  refused cdma_engine "ElemBytes=3" "ElemBytes must be 1, 2 or 4"
  refused cdma_buffer "BusBytes=24" "BusBytes must be a power of two"
  refused cdma_legalizer "MaxBurstBeats=257" "MaxBurstBeats must be from 1 to 256"
  nested
}

# An illegal parameter deep in a design is traced to its instance: Verilator
# and Icarus print the instance path. Yosys 0.23 elaborates a module once per
# parameter set, not per instance, and prints $error text without formatting,
# so its log names the module being derived and the offending value instead.
nested() {
  local nested_ok=1 f
  cat >"$work/lint_wrap.sv" <<'EOF_WRAP'
module lint_wrap;
  cdma_fifo_sync #(.Width(8), .Depth(1)) u_inner ();
endmodule
EOF_WRAP
  verilator --lint-only -I"$incdir" --top-module lint_wrap "${files[@]}" "$work/lint_wrap.sv" >"$work/v.log" 2>&1 && nested_ok=0
  grep -q "lint_wrap.u_inner" "$work/v.log" || nested_ok=0
  iverilog -g2012 -I"$incdir" -s lint_wrap -o "$work/iv.out" "${files[@]}" "$work/lint_wrap.sv" >"$work/i.log" 2>&1 &&
    vvp -n "$work/iv.out" >>"$work/i.log" 2>&1 && nested_ok=0
  grep -q "lint_wrap.u_inner.*Depth must be at least 2" "$work/i.log" || nested_ok=0
  yosys -p "read_verilog -defer -sv -I$incdir ${files[*]} $work/lint_wrap.sv; hierarchy -check -top lint_wrap" >"$work/y.log" 2>&1 && nested_ok=0
  grep -A2 "Parameter .Depth = 1" "$work/y.log" | grep -q "derive mode .* module .\\\\cdma_fifo_sync" || nested_ok=0
  grep -q "ERROR: Depth must be at least 2" "$work/y.log" || nested_ok=0
  if [ $nested_ok -eq 1 ]; then passes=$((passes + 1)); else
    echo "FAIL: an illegal Depth in lint_wrap.u_inner is not traced to its instance (module under Yosys)"
    for f in v i y; do tail -n 4 "$work/$f.log"; done; fails=$((fails + 1)); fi
}

for group in "${groups[@]}"; do
  case $group in
    prim) group_prim ;;
    codec-e[124]-b[0-9]*-plain) group=${group%-plain}; group_codec "${group:7:1}" "${group#codec-e?-b}" Modes=0 ;;
    codec-e[124]-b[0-9]*) group_codec "${group:7:1}" "${group#codec-e?-b}" ;;
    dma) group_dma ;;
    wide) group_wide ;;
    refused)
      for t in verilator yosys icarus; do
        [[ " $lint_tools " == *" $t "* ]] || { echo "rtl-lint: refused needs all three tools" >&2; exit 2; }
      done
      group_refused ;;
    *) echo "rtl-lint: unknown group '$group'" >&2; exit 2 ;;
  esac
done

echo "rtl-lint ${groups[*]} ($lint_tools): $passes passed, $fails failed"
[ "$fails" -eq 0 ]
