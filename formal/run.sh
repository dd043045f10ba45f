#!/usr/bin/env bash
# One formal check (docs/formal.md). Solver z3 (the default): Yosys turns a
# harness and the RTL into SMT-LIB2, then yosys-smtbmc with z3 runs BMC,
# k-induction or cover. Solver abc: Yosys writes an AIGER netlist and ABC's
# SAT-based bmc3 runs BMC or cover (each cover becomes an assertion of its
# negation, reached when that fails); on the codecs and the engine it reaches
# deeper than z3 in less time. Solver bdd (prove only, for harnesses without
# state): the same AIGER netlist collapsed into BDDs by ABC, reordering off,
# so the variable order is the harness's input order; a property holds for
# every input when its BDD is constant. It proves the compaction networks at
# widths SAT does not reach (docs/formal.md); a short SAT run before it finds
# a failing input, where the BDDs of a false property would not finish.
#
#   run.sh --name NAME --top HARNESS --mode bmc|prove|cover --depth K
#          [--solver z3|abc|bdd] [--expect pass|fail] [--set PARAM=VALUE]...
#          [--patch FILE] [--time-limit SECONDS] --out DIR FILE...
#
# --patch applies a patch (paths from the repository root, `patch -p1`, no fuzz) to a
# copy of rtl/ in the run's directory, and the check reads that copy: a
# mutation that ships nowhere.
# --time-limit (ABC bmc): bmc3 stops after that many seconds, and the run
# passes with the depth it finished (recorded as the run's depth, and in
# smtbmc.log as "Time limit: K of N steps checked"): as deep as the solver
# gets in that time.
# --expect fail is for mutations: the check must fail on an assertion (a
# counterexample trace is written), not on a tool error. Exit 0 when the
# result is the expected one.
set -euo pipefail

name="" top="" mode="" depth="" expect=pass out="" solver=z3 limit=0
sets=() patch=""
while (($#)); do
  case $1 in
    --name) name=$2; shift 2 ;;
    --top) top=$2; shift 2 ;;
    --mode) mode=$2; shift 2 ;;
    --depth) depth=$2; shift 2 ;;
    --expect) expect=$2; shift 2 ;;
    --solver) solver=$2; shift 2 ;;
    --set) sets+=(-set "${2%%=*}" "${2#*=}"); shift 2 ;;
    --patch) patch=$2; shift 2 ;;
    --time-limit) limit=$2; shift 2 ;;
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
  bmc | prove) flags=() ;;
  cover) flags=(-c) ;;
  *) echo "run.sh: --mode must be bmc, prove or cover, not '$mode'" >&2; exit 2 ;;
esac
case $expect in pass | fail) ;; *) echo "run.sh: --expect must be pass or fail" >&2; exit 2 ;; esac
case $solver/$mode in
  z3/* | abc/bmc | abc/cover | bdd/prove) ;;
  abc/*) echo "run.sh: --solver abc does bmc and cover only" >&2; exit 2 ;;
  bdd/*) echo "run.sh: --solver bdd does prove only" >&2; exit 2 ;;
  *) echo "run.sh: --solver must be z3, abc or bdd, not '$solver'" >&2; exit 2 ;;
esac

here=$(cd "$(dirname "$0")" && pwd)
dir=$out/$name
rm -rf "$dir"
mkdir -p "$dir"
chparam=""
((${#sets[@]})) && chparam="chparam ${sets[*]} $top;"

rtl=$(cd "$here/../rtl" && pwd)
files=("$@")
if [[ -n $patch ]]; then
  mkdir -p "$dir/mutant"
  cp -r "$rtl" "$dir/mutant/rtl"
  patch -s -p1 -F0 -d "$dir/mutant" <"$patch" || { echo "run.sh: $patch does not apply" >&2; exit 2; }
  files=("${files[@]/#$rtl\//$dir/mutant/rtl/}")
  [[ " ${files[*]}" == *" $dir/mutant/rtl/"* ]] || { echo "run.sh: no source under $rtl to patch" >&2; exit 2; }
  rtl=$dir/mutant/rtl
fi

start=$(date +%s%N)
read="read_verilog -defer -sv -formal -I$rtl/include ${files[*]}; $chparam"
set +e
if [[ $solver == z3 ]]; then
  yosys -q -l "$dir/yosys.log" -e "implicitly declared" -p "$read
    prep -top $top; memory_map; opt -fast; async2sync; dffunmap;
    write_smt2 -wires $dir/model.smt2" >/dev/null || exit 1
  # memory_map, --unroll and --noincr: z3 is fastest here on plain bit-vectors
  # solved afresh at each step (its array theory and incremental mode stall).
  # prove: the base case (BMC from reset over the same depth) first, then the
  # induction step; only both together prove. A mutation must fail in the
  # base case: a real trace, not a step from an unreachable state.
  smtbmc() {
    yosys-smtbmc -s z3 --unroll --noincr "$@" -t "$depth" --dump-vcd "$dir/trace.vcd" \
      "$dir/model.smt2" >>"$dir/smtbmc.log" 2>&1
    rc=$?
    status=$(grep -o 'Status: [A-Z]*' "$dir/smtbmc.log" | tail -1 | cut -d' ' -f2)
  }
  if [[ $mode == prove ]]; then
    echo "## Base case: BMC, $depth steps" >"$dir/smtbmc.log"
    smtbmc
    if [[ $rc -eq 0 && $status == PASSED ]]; then
      echo "## Induction step, k = $depth" >>"$dir/smtbmc.log"
      smtbmc -i
      [[ $expect == fail && $status == FAILED ]] && status=INDUCTION-ONLY
    fi
  else
    : >"$dir/smtbmc.log"
    smtbmc "${flags[@]}"
  fi
else
  # Cover mode: the assertions go, each cover becomes an assertion of its
  # negation (formal/cover2assert.v), and bmc3 -a reports each one it reaches.
  if [[ $solver == bdd ]]; then
    covers="chformal -remove -cover;"
    # Without latches the properties are functions of the inputs alone; once
    # collapsed, any that can fail is a non-constant BDD, which SAT finds
    # at once (orpos: one output, set when any property fails).
    bmc="collapse -r; strash; print_stats; orpos; sat -v"
  elif [[ $mode == cover ]]; then
    covers="chformal -remove -assert; techmap -map $here/cover2assert.v t:\$cover;"
    # -x (keep each cover's trace): without it, bmc3 -a in Yosys 0.23's ABC
    # crashed (segmentation fault) on the engine's covers at step 13.
    bmc="bmc3 -a -x -F $depth -v"
  else
    covers="chformal -remove -cover;"
    bmc="bmc3 -F $depth -T $limit -v; write_cex -a $dir/trace.aiw"
  fi
  yosys -q -l "$dir/yosys.log" -e "implicitly declared" -p "$read
    prep -top $top; flatten; memory_map; opt -fast; async2sync; $covers
    chformal -assume -early; setundef -undriven -anyseq; write_rtlil $dir/model.il;
    opt -full; techmap; opt -fast; dffunmap;
    abc -g AND -fast; opt_clean; stat;
    write_aiger -zinit -map $dir/model.aim $dir/model.aig" >/dev/null || exit 1
  props=$(awk '$1 == "$assert" {n = $2} END {print n + 0}' "$dir/yosys.log")
  # The AIGER header: aig M I L O A, L the latches.
  read -r _ _ _ latches _ < <(head -1 "$dir/model.aig")
  if [[ $solver == bdd && $latches != 0 ]]; then
    echo "run.sh: --solver bdd needs a harness without state (assertions in always @*): $latches latches" >&2
    exit 2
  fi
  # fold: the assumptions constrain every property.
  rc=0 sat_done=0
  if [[ $solver == bdd ]]; then
    # A false property's BDD can grow without end (until the test's timeout),
    # so SAT first looks for a failing input within a conflict budget; only
    # when it finds none do the BDDs decide.
    yosys-abc -c "read_aiger $dir/model.aig; fold; strash; orpos; sat -C 20000 -v" >"$dir/sat.log" 2>&1 || rc=$?
    if ((rc != 0)) || grep -q '^SATISFIABLE' "$dir/sat.log"; then
      cp "$dir/sat.log" "$dir/smtbmc.log"
      sat_done=1
    fi
  fi
  ((sat_done)) ||
    yosys-abc -c "read_aiger $dir/model.aig; fold; strash; $bmc" >"$dir/smtbmc.log" 2>&1 || rc=$?
  if [[ $solver == bdd ]]; then
    # In bmc3's words, for the parsing below.
    if grep -q '^UNSATISFIABLE' "$dir/smtbmc.log"; then
      echo "No output asserted: every property's BDD is constant true" >>"$dir/smtbmc.log"
    elif grep -q '^SATISFIABLE' "$dir/smtbmc.log"; then
      echo "Output 0 was asserted in frame 0 (an input that fails a property)" >>"$dir/smtbmc.log"
    fi
  fi
  hits=$(grep -c 'was asserted in frame' "$dir/smtbmc.log")
  if ((rc != 0)) || ! grep -qE 'No output asserted|was asserted in frame' "$dir/smtbmc.log"; then
    status=""
  elif [[ $mode == cover ]]; then
    status=PASSED
    if ((hits != props)); then
      status=FAILED
      echo "Unreached cover: $((props - hits)) of $props covers not reached in $depth steps" >>"$dir/smtbmc.log"
    fi
  elif ((hits == 0)); then
    status=PASSED
    # Out of time (--time-limit): the depth is the frames bmc3 finished.
    reached=$(sed -n 's/.*No output asserted in \([0-9]*\) frames.*/\1/p' "$dir/smtbmc.log" | tail -1)
    if [[ $mode == bmc && $solver == abc && -n $reached ]] && ((reached < depth)); then
      echo "Time limit: $reached of $depth steps checked" >>"$dir/smtbmc.log"
      depth=$reached
      ((depth > 0)) || status=""
    fi
  elif [[ $solver == bdd ]]; then
    status=FAILED
  else
    status=FAILED
    # Replay the counterexample on the netlist before bit-blasting: a VCD with
    # the design's names, and Yosys names the assertion that fails.
    yosys -q -p "read_rtlil $dir/model.il; sim -r $dir/trace.aiw -map $dir/model.aim -clock clk_i \
      -vcd $dir/trace.vcd" 2>&1 | sed -n 's/^Warning: \(Assert .* failed\)\.$/\1/p' >>"$dir/smtbmc.log"
  fi
fi
set -e
ns=$(($(date +%s%N) - start))
secs=$((ns / 1000000000)).$((ns / 100000000 % 10))
printf '%s: %s %s depth %s: %s in %.1f s\n' "$name" "$top" "$mode" "$depth" "${status:-ERROR}" "$secs"
# One line for docs/formal.md (formal/report.py).
commit=$("$here/../tools/source-commit.sh" rtl formal)
printf '%s\t%s\t%s\t%s\t%s\t%s\t%.1f\t%s\t%s\t%s\n' "$name" "$top" "$mode" "$depth" "$expect" \
  "${status:-ERROR}" "$secs" "$solver" "${sets[*]:-}" "$commit" >"$dir/result.tsv"

if [[ $expect == pass ]]; then
  if [[ $rc -eq 0 && $status == PASSED ]]; then exit 0; fi
  grep -E 'Assert failed|Unreached cover|failed|Error|was asserted' "$dir/smtbmc.log" | head -20 >&2 || tail -20 "$dir/smtbmc.log" >&2
  echo "$name: expected PASSED; trace and logs in $dir" >&2
  exit 1
fi
if [[ $status == FAILED ]] && grep -qE 'Assert.* failed|was asserted in frame' "$dir/smtbmc.log"; then
  grep -E 'Assert.* failed|was asserted in frame' "$dir/smtbmc.log" | head -3
  exit 0
fi
tail -20 "$dir/smtbmc.log" >&2
echo "$name: the mutation was not caught (expected an assertion failure); logs in $dir" >&2
exit 1
