#!/usr/bin/env bash
# cdma-vdnn as a user runs it: every shipped network file through --json
# (the top-level numbers, ordered oracle <= cDMA <= vDNN), the Markdown
# report, link presets, and clear failures with no output on bad input.
# Usage: vdnn_cli.sh CDMA_VDNN NETWORK_DIR
set -euo pipefail
vdnn=$1 nets=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

count=0
for f in "$nets"/*.json; do
  "$vdnn" --network "$f" --link-gbps 16 --json >"$work/r.json" || fail "$f"
  python3 - "$work/r.json" "$f" <<'PY' || fail "$f: report"
import json, sys
r = json.load(open(sys.argv[1]))
net = json.load(open(sys.argv[2]))
assert r["network"] == net["name"], r["network"]
assert len(r["layers"]) == len(net["layers"])
compute = sum(l["fwd_ms"] + l["bwd_ms"] for l in net["layers"])
assert abs(r["oracle_ms"] - compute) <= 1e-9 * compute, (r["oracle_ms"], compute)
assert r["oracle_ms"] <= r["cdma_inf_ms"] <= r["cdma_ms"] <= r["vdnn_ms"], r
PY
  count=$((count + 1))
done
[ "$count" -ge 12 ] || fail "only $count network files in $nets"

# Presets are the study's links; a faster link never slows an iteration.
ms() { "$vdnn" --network "$nets/vgg16-a100.json" "$@" --json |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["vdnn_ms"])'; }
[ "$(ms --link pcie3)" = "$(ms --link-gbps 16)" ] || fail "pcie3 is not 16 GB/s"
python3 -c "import sys; a, b = map(float, sys.argv[1:]); sys.exit(not b < a)" \
  "$(ms --link pcie4)" "$(ms --link pcie5)" || fail "PCIe Gen5 not faster than Gen4"
"$vdnn" --network "$nets/alexnet-titanx.json" >"$work/r.md"
grep -q '^| vDNN + cDMA | ' "$work/r.md" || fail "Markdown report"
grep -q '^| conv1 | ' "$work/r.md" || fail "Markdown per-layer rows"

bad() {  # expected message, then the arguments
  local msg=$1
  shift
  if "$vdnn" "$@" >"$work/out" 2>"$work/err"; then fail "accepted: $*"; fi
  [ ! -s "$work/out" ] || fail "output on failure: $*"
  grep -q -- "$msg" "$work/err" || fail "message for $*: $(cat "$work/err")"
}
echo '{"layers": [' >"$work/broken.json"
echo '{"layers": [{"name": "a", "fwd_ms": 1, "bwd_ms": 1, "offload_bytes": 1, "ratio": -2}]}' \
  >"$work/ratio.json"
bad "cannot open" --network "$work/missing.json"
bad "not valid JSON" --network "$work/broken.json"
bad "layer 1 (a): 'ratio' must be a finite number > 0" --network "$work/ratio.json"
bad "link" --network "$nets/lenet-cpu.json" --link pcie9
bad "excludes" --network "$nets/lenet-cpu.json" --link pcie4 --link-gbps 3
bad "expected a rate" --network "$nets/lenet-cpu.json" --compress-gbps 0
bad "required" --link pcie3
echo "vdnn_cli: $count network files, presets, report and bad input: ok"
