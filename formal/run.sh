#!/usr/bin/env bash
# One formal check: Yosys turns a harness and the RTL into SMT-LIB2, then
# yosys-smtbmc with z3 runs BMC, k-induction or cover (docs/formal.md).
#
#   run.sh --name NAME --top HARNESS --mode bmc|prove|cover --depth K
#          [--expect pass|fail] [--set PARAM=VALUE]... [--define MACRO]...
#          --out DIR FILE...
#
# --expect fail is for mutations: the check must fail on an assertion (a
# counterexample trace is written), not on a tool error. Exit 0 when the
# result is the expected one.
set -euo pipefail

name="" top="" mode="" depth="" expect=pass out=""
sets=() defines=()
while (($#)); do
  case $1 in
    --name) name=$2; shift 2 ;;
    --top) top=$2; shift 2 ;;
    --mode) mode=$2; shift 2 ;;
    --depth) depth=$2; shift 2 ;;
    --expect) expect=$2; shift 2 ;;
    --set) sets+=(-set "${2%%=*}" "${2#*=}"); shift 2 ;;
    --define) defines+=("-D$2"); shift 2 ;;
    --out) out=$2; shift 2 ;;
    --) shift; break ;;
    -*) echo "run.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
if [[ -z $name || -z $top || -z $depth || -z $out || $# -eq 0 ]]; then
  echo "run.sh: need --name, --top, --mode, --depth, --out and files" >&2
  exit 2
fi
case $mode in
  bmc) flags=() ;;
  prove) flags=(-i) ;;
  cover) flags=(-c) ;;
  *) echo "run.sh: --mode must be bmc, prove or cover, not '$mode'" >&2; exit 2 ;;
esac
case $expect in pass | fail) ;; *) echo "run.sh: --expect must be pass or fail" >&2; exit 2 ;; esac

here=$(cd "$(dirname "$0")" && pwd)
dir=$out/$name
rm -rf "$dir"
mkdir -p "$dir"
chparam=""
((${#sets[@]})) && chparam="chparam ${sets[*]} $top;"

start=$(date +%s%N)
yosys -q -l "$dir/yosys.log" -e "implicitly declared" -p "
  read_verilog -sv -formal ${defines[*]} -I$here/../rtl/include $*;
  $chparam
  prep -top $top; memory_map; opt -fast; async2sync; dffunmap;
  write_smt2 -wires $dir/model.smt2" >/dev/null
# memory_map, --unroll and --noincr: z3 is fastest here on plain bit-vectors
# solved afresh at each step (its array theory and incremental mode stall).
set +e
yosys-smtbmc -s z3 --unroll --noincr "${flags[@]}" -t "$depth" --dump-vcd "$dir/trace.vcd" \
  "$dir/model.smt2" >"$dir/smtbmc.log" 2>&1
rc=$?
set -e
ns=$(($(date +%s%N) - start))
secs=$((ns / 1000000000)).$((ns / 100000000 % 10))
status=$(grep -o 'Status: [A-Z]*' "$dir/smtbmc.log" | tail -1 | cut -d' ' -f2)
printf '%s: %s %s depth %s: %s in %.1f s\n' "$name" "$top" "$mode" "$depth" "${status:-ERROR}" "$secs"
# One line for docs/formal.md (formal/report.py).
printf '%s\t%s\t%s\t%s\t%s\t%s\t%.1f\t%s\n' "$name" "$top" "$mode" "$depth" "$expect" "${status:-ERROR}" \
  "$secs" "${sets[*]:-}" >"$dir/result.tsv"

if [[ $expect == pass ]]; then
  if [[ $rc -eq 0 && $status == PASSED ]]; then exit 0; fi
  grep -E 'Assert failed|Unreached cover|failed|Error' "$dir/smtbmc.log" | head -20 >&2 || tail -20 "$dir/smtbmc.log" >&2
  echo "$name: expected PASSED; trace and logs in $dir" >&2
  exit 1
fi
if [[ $status == FAILED ]] && grep -q 'Assert failed' "$dir/smtbmc.log"; then
  grep 'Assert failed' "$dir/smtbmc.log" | head -3
  exit 0
fi
tail -20 "$dir/smtbmc.log" >&2
echo "$name: the mutation was not caught (expected an assertion failure); logs in $dir" >&2
exit 1
