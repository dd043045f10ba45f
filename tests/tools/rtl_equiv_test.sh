#!/usr/bin/env bash
# tools/rtl-equiv.sh on fixtures whose answer is known (tests/tools/equiv/):
# gate/ is equivalent to gold/ (a counter that only matches from each side's
# reset state, a sum built another way: a clocked and a combinational top);
# bad/ is not; bounded (--bmc), the mutant counter differs at the cycle it
# sticks. Then the git path on a primitive against HEAD, and usage errors.
set -uo pipefail
root=$1
eq=$root/tools/rtl-equiv.sh
fix=$root/tests/tools/equiv
fail=0
expect() {  # expect RC OUTPUT_PATTERN COMMAND...
  local want=$1 pattern=$2 out rc
  shift 2
  out=$("$@" 2>&1)
  rc=$?
  if [ "$rc" != "$want" ] || ! grep -q -- "$pattern" <<<"$out"; then
    echo "FAIL: $* gave rc $rc (want $want, output matching '$pattern'):"
    echo "$out"
    fail=1
  else
    echo "ok: $* -> rc $rc"
  fi
}
for top in equiv_count equiv_sum; do
  expect 0 ": equivalent$" "$eq" --gate "$fix/gate" "$fix/gold" "$top"
  expect 1 "NOT proven equivalent" "$eq" --gate "$fix/bad" "$fix/gold" "$top"
done
expect 0 "no output differs within 12 cycles$" "$eq" --gate "$fix/gate" --bmc 12 "$fix/gold" equiv_count
expect 1 "outputs differ, at cycle 9$" "$eq" --gate "$fix/bad" --bmc 12 "$fix/gold" equiv_count
expect 1 "NOT proven equivalent" "$eq" --gate "$fix/bad" --bmc 12 "$fix/gold" equiv_sum
expect 0 ": equivalent$" "$eq" HEAD cdma_incr Width=12
expect 2 "neither a directory nor a git revision" "$eq" no-such-rev cdma_incr
expect 2 "is not NAME=VALUE" "$eq" HEAD cdma_incr Width
expect 2 "no directory" "$eq" --gate "$fix/none" HEAD cdma_incr
expect 2 "usage" "$eq" HEAD
expect 2 "needs a cycle count" "$eq" --bmc 0 HEAD cdma_incr
exit $fail
