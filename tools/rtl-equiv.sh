#!/usr/bin/env bash
# Sequential equivalence of one RTL top between a git revision and the working
# tree: the check behind a refactoring that must not change behaviour.
#
#   tools/rtl-equiv.sh REV TOP [NAME=VALUE...]
#
# Yosys flattens TOP from REV's rtl/ (read by its rtl/cdma.f, or before that
# file existed by rtl/CMakeLists.txt's list) and from the
# working tree's at the given parameters, maps memories to flip-flops and
# builds a miter of the two; ABC's dprove (latch correspondence, induction,
# then BMC and interpolation) proves that no input sequence makes any output
# differ. Both designs start with every register at 0, which is their reset
# state (storage without reset is never read before it is written). Prints
# "equivalent" and exits 0, or prints ABC's verdict and exits 1.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 REV TOP [NAME=VALUE...]" >&2; exit 2; }
rev=$1 top=$2
shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

git -C "$root" rev-parse --verify --quiet "$rev^{commit}" >/dev/null ||
  { echo "rtl-equiv: no revision '$rev'" >&2; exit 2; }
mkdir -p "$work/gold"
git -C "$root" archive "$rev" rtl | tar -x -C "$work/gold"
if [ ! -f "$work/gold/rtl/cdma.f" ]; then
  # Before rtl/cdma.f (90bb75e and older) the list was rtl/CMakeLists.txt's.
  sed -n 's|^ *${CMAKE_CURRENT_SOURCE_DIR}/\([a-z_]*\.sv\)$|\1|p' "$work/gold/rtl/CMakeLists.txt" \
    >"$work/gold/rtl/cdma.f"
  [ -s "$work/gold/rtl/cdma.f" ] || { echo "rtl-equiv: no RTL source list at $rev" >&2; exit 2; }
fi

chparam=""
for p in "$@"; do chparam+=" -set ${p%%=*} ${p#*=}"; done
[ -n "$chparam" ] && chparam="chparam$chparam $top;"

# elaborate RTL_DIR NAME: the flattened top, renamed NAME, as RTLIL.
elaborate() {
  local files
  files=$(grep -v '^[/+]' "$1/cdma.f" | sed "s#^#$1/#" | tr '\n' ' ')
  yosys -q -e "implicitly declared" -p "read_verilog -sv -I$1/include $files; $chparam
    prep -flatten -top $top; memory_map; opt_clean; async2sync; rename -top $2;
    write_rtlil $work/$2.il" >"$work/$2.log" 2>&1 ||
    { echo "rtl-equiv: Yosys failed on $1:"; tail -5 "$work/$2.log"; exit 2; } >&2
}
elaborate "$work/gold/rtl" gold
elaborate "$root/rtl" gate

yosys -q -p "read_rtlil $work/gold.il; read_rtlil $work/gate.il;
  miter -equiv -flatten -ignore_gold_x gold gate miter; hierarchy -top miter;
  setundef -zero; techmap; opt -fast; dffunmap; setundef -zero -init; aigmap; opt_clean;
  write_aiger -zinit $work/miter.aig" >"$work/miter.log" 2>&1 ||
  { echo "rtl-equiv: building the miter failed:" >&2; tail -5 "$work/miter.log" >&2; exit 2; }
yosys-abc -c "read_aiger $work/miter.aig; strash; dprove" >"$work/abc.log" 2>&1 || true
if grep -q "Networks are equivalent" "$work/abc.log"; then
  echo "rtl-equiv: $top ($*) at $rev and in the working tree: equivalent"
  exit 0
fi
echo "rtl-equiv: $top ($*) at $rev and in the working tree: NOT proven equivalent"
grep -i "equivalent\|asserted\|undecided" "$work/abc.log" | tail -3
exit 1
