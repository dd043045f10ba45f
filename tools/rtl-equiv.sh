#!/usr/bin/env bash
# Equivalence of one RTL top between two versions of rtl/: the check behind a
# refactoring that must not change behaviour.
#
#   tools/rtl-equiv.sh [--gate DIR] [--bmc N] GOLD TOP [NAME=VALUE...]
#
# GOLD is a git revision (its rtl/) or a directory laid out like rtl/ (a
# cdma.f, and include/ for headers); the other side is the working tree's rtl/,
# or DIR with --gate. Yosys flattens TOP from each side's cdma.f (before that
# file existed, 90bb75e and older, from rtl/CMakeLists.txt's list) at the
# given parameters, maps memories to flip-flops and builds a miter of the two.
# Each side starts in its reset state: Yosys's simulator holds rst_ni low and
# writes every register's value back as its initial one (storage without
# reset starts at 0: it is never read before it is written). ABC's dprove
# then proves that no input sequence makes any output differ (latch
# correspondence, induction, then BMC and interpolation); a top without a
# clock (no clk_i port) goes to CEC: no input makes an output differ. Prints
# "equivalent" and exits 0, or prints ABC's verdict and exits 1; exits 2 on
# a usage or tool error.
# --bmc N bounds the check instead, for a change dprove does not close (new
# registers that equal the old ones' functions only on reachable states):
# ABC's bmc3 searches every input sequence of N cycles from reset. Prints
# "no output differs within N cycles" and exits 0, the first cycle at which
# one differs and exits 1, or exits 2 when bmc3 stops short of N (its
# limits). A top without a clock goes to CEC either way.
set -euo pipefail
usage() { echo "usage: $0 [--gate DIR] [--bmc N] GOLD TOP [NAME=VALUE...]" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
gate_dir=$root/rtl
if [ "${1:-}" = --gate ]; then
  [ $# -ge 2 ] || usage
  gate_dir=$(cd "$2" 2>/dev/null && pwd) || { echo "rtl-equiv: no directory '$2'" >&2; exit 2; }
  shift 2
fi
bmc=""
if [ "${1:-}" = --bmc ]; then
  [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || { echo "rtl-equiv: --bmc needs a cycle count" >&2; exit 2; }
  bmc=$2
  shift 2
fi
[ $# -ge 2 ] || usage
gold=$1 top=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ -d "$gold" ]; then
  gold_dir=$(cd "$gold" && pwd)
  gold_name=$gold_dir
else
  git -C "$root" rev-parse --verify --quiet "$gold^{commit}" >/dev/null ||
    { echo "rtl-equiv: '$gold' is neither a directory nor a git revision" >&2; exit 2; }
  mkdir -p "$work/gold"
  git -C "$root" archive "$gold" rtl | tar -x -C "$work/gold"
  gold_dir=$work/gold/rtl
  gold_name=$gold
  if [ ! -f "$gold_dir/cdma.f" ]; then
    # Before rtl/cdma.f (90bb75e and older) the list was rtl/CMakeLists.txt's.
    sed -n 's|^ *${CMAKE_CURRENT_SOURCE_DIR}/\([a-z_]*\.sv\)$|\1|p' "$gold_dir/CMakeLists.txt" \
      >"$gold_dir/cdma.f"
    [ -s "$gold_dir/cdma.f" ] || { echo "rtl-equiv: no RTL source list at $gold" >&2; exit 2; }
  fi
fi
for d in "$gold_dir" "$gate_dir"; do
  [ -f "$d/cdma.f" ] || { echo "rtl-equiv: no cdma.f in $d" >&2; exit 2; }
done

chparam=""
for p in "$@"; do
  [[ $p == ?*=?* ]] || { echo "rtl-equiv: '$p' is not NAME=VALUE" >&2; exit 2; }
  chparam+=" -set ${p%%=*} ${p#*=}"
done
[ -n "$chparam" ] && chparam="chparam$chparam $top;"

# elaborate RTL_DIR NAME: the flattened top in its reset state, renamed NAME,
# as RTLIL. Sets clocked=1 when the top has a clk_i port.
clocked=0
elaborate() {
  local files
  files=$(grep -v '^[/+]' "$1/cdma.f" | grep . | sed "s#^#$1/#" | tr '\n' ' ')
  yosys -q -e "implicitly declared" -p "read_verilog -sv -I$1/include $files; $chparam
    prep -flatten -top $top; memory_map; opt_clean; rename -top $2; write_rtlil $work/$2.il" \
    >"$work/$2.log" 2>&1 ||
    { echo "rtl-equiv: Yosys failed on $1:"; tail -5 "$work/$2.log"; exit 2; } >&2
  grep -q '^ *wire .*input [0-9]* \\clk_i$' "$work/$2.il" || return 0
  clocked=1
  # -n 0: the asynchronous reset alone sets the registers, no clock edge.
  yosys -q -p "read_rtlil $work/$2.il; sim -clock clk_i -resetn rst_ni -rstlen 1 -n 0 -w -zinit;
    async2sync; write_rtlil $work/$2.il" >>"$work/$2.log" 2>&1 ||
    { echo "rtl-equiv: the reset state of $1 failed:"; tail -5 "$work/$2.log"; exit 2; } >&2
}
elaborate "$gold_dir" gold
elaborate "$gate_dir" gate

yosys -q -p "read_rtlil $work/gold.il; read_rtlil $work/gate.il;
  miter -equiv -flatten -ignore_gold_x gold gate miter; hierarchy -top miter;
  setundef -zero; techmap; opt -fast; dffunmap; setundef -zero -init; aigmap; opt_clean;
  write_aiger -zinit $work/miter.aig" >"$work/miter.log" 2>&1 ||
  { echo "rtl-equiv: building the miter failed:" >&2; tail -5 "$work/miter.log" >&2; exit 2; }
what="rtl-equiv: $top${*:+ ($*)} at $gold_name and in $gate_dir"
if [ -n "$bmc" ] && [ "$clocked" = 1 ]; then
  yosys-abc -c "read_aiger $work/miter.aig; strash; bmc3 -F $bmc" >"$work/abc.log" 2>&1 || true
  if grep -q "^No output asserted in $bmc frames" "$work/abc.log"; then
    echo "$what: no output differs within $bmc cycles"
    exit 0
  fi
  if grep -q "Output .* was asserted in frame" "$work/abc.log"; then
    echo "$what: outputs differ, at cycle $(sed -n 's/.*was asserted in frame \([0-9]*\).*/\1/p' "$work/abc.log" | head -1)"
    exit 1
  fi
  echo "$what: bmc3 stopped short of $bmc cycles:" >&2
  tail -3 "$work/abc.log" >&2
  exit 2
fi
yosys-abc -c "read_aiger $work/miter.aig; strash; dprove" >"$work/abc.log" 2>&1 || true
# dprove runs CEC on a miter without latches, which says UNSATISFIABLE when
# no input makes the outputs differ.
proven='^Networks are equivalent'
[ "$clocked" = 1 ] || proven='^UNSATISFIABLE'
if grep -q "$proven" "$work/abc.log"; then
  echo "$what: equivalent"
  exit 0
fi
echo "$what: NOT proven equivalent"
grep -i "equivalent\|asserted\|undecided\|satisfiable" "$work/abc.log" | tail -3
exit 1
