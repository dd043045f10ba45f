#!/usr/bin/env bash
# Smoke test of the libtorch capture and the study on it: tiny runs of every
# network, bit-for-bit reproducibility for a seed, manifest/file consistency,
# the figures drawn from the study, and clear failures on bad input.
# Usage: capture_smoke.sh CAPTURE STUDY
set -euo pipefail
capture=$1 study=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

small=(--train-limit 256 --test-limit 128 --probe 4 --batch 32 --threads 1)
for net in lenet vgg resnet; do
  "$capture" --net "$net" "${small[@]}" --out "$work/$net" 2>"$work/$net.err" >/dev/null ||
    fail "$net capture: $(cat "$work/$net.err")"
done
"$capture" --net resnet "${small[@]}" --out "$work/resnet-again" 2>/dev/null >/dev/null
# The deeper networks on scaled-up images: every map captured at the new size.
"$capture" --net resnet18 --size 32 "${small[@]}" --out "$work/resnet18" >/dev/null 2>&1 ||
  fail "resnet18 capture"
python3 - "$work/resnet18/manifest.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
assert m["image_size"] == 32 and len(m["layers"]) == 18, (m["image_size"], len(m["layers"]))
assert m["layers"][0]["shape"] == [4, 32, 32, 32] and m["layers"][2]["name"] == "layer1.1.relu2"
PY
if "$capture" --net lenet --size 32 "${small[@]}" --out "$work/bad" 2>"$work/err"; then
  fail "lenet accepted 32x32 images"; fi
grep -q "takes 28x28" "$work/err" || fail "unclear --size error: $(cat "$work/err")"
python3 - "$work" <<'PY'
import json, os, sys
work = sys.argv[1]
for net, n_layers in (("lenet", 6), ("vgg", 10), ("resnet", 8)):
    m = json.load(open(os.path.join(work, net, "manifest.json")))
    assert m["net"] == net and m["format"] == "cdma-capture 1", m["net"]
    assert len(m["layers"]) == n_layers, (net, len(m["layers"]))
    its = [c["iteration"] for c in m["checkpoints"]]
    assert its[0] == 0 and its[-1] == m["iterations"] and its == sorted(set(its)), its
    assert 0.0 < m["test_accuracy"] <= 1.0
    for c in m["checkpoints"]:
        for layer in m["layers"]:
            path = os.path.join(work, net, c["files"][layer["name"]])
            count = 1
            for d in layer["shape"]:
                count *= d
            assert layer["shape"][0] == 4, layer
            assert os.path.getsize(path) == 128 + 4 * count, (path, os.path.getsize(path))
    assert {l["consumer"] for l in m["layers"]} <= {"conv", "maxpool", "avgpool", "linear"}
print("manifests ok")
PY
# Same seed, same thread count: the same activations, bit for bit (ResNet has
# BatchNorm, whose running statistics the probe must leave untouched).
for f in $(cd "$work/resnet" && find . -name '*.npy'); do
  cmp -s "$work/resnet/$f" "$work/resnet-again/$f" || fail "resnet capture is not reproducible: $f"
done

"$study" "$work/lenet" "$work/resnet" --out "$work/study" --no-speed >/dev/null
python3 - "$work/study/study.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
assert [c["net"] for c in s] == ["lenet", "resnet"]
for c in s:
    net = c["checkpoints"][-1]["network"]
    assert 0 < net["zero_fraction_weighted"] < 1
    assert net["ratio_weighted"]["zvc_fp32"] > 1.0, net["ratio_weighted"]
print("study ok")
PY
"$(dirname "$0")/../../workloads/figures.py" "$work/study/study.json" "$work/study/figures"
for f in study.md figures/zero-fraction-lenet.svg figures/ratio-resnet.svg; do
  [ -s "$work/study/$f" ] || fail "study did not write $f"
done
python3 - "$work/study/figures" <<'PY'
import sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
zf = ET.parse(f"{sys.argv[1]}/zero-fraction-lenet.svg").getroot()
assert len(zf.findall(f"{ns}polyline")) == 6, "one line per LeNet layer"
bars = ET.parse(f"{sys.argv[1]}/ratio-resnet.svg").getroot().findall(f"{ns}rect")
assert len([b for b in bars if b.find(f"{ns}title") is not None]) == 8 * 6, "a bar per layer and encoding"
print("figures ok")
PY
if "$(dirname "$0")/../../workloads/figures.py" "$work/study/study.md" "$work/f2" 2>"$work/err"; then
  fail "figures.py accepted a file that is not study.json"; fi
grep -q "not a study.json" "$work/err" || fail "unclear figures.py error: $(cat "$work/err")"

# The per-layer profile is a network file of the training-time model: one
# layer per captured map plus the classifier, each input the map before it.
"$capture" --net resnet --profile "$work/profile.json" --batch 8 --repeats 2 --threads 1 >/dev/null
python3 - "$work/profile.json" "$work/resnet/manifest.json" <<'PY'
import json, sys
p, m = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
names = [l["name"] for l in m["layers"]]
assert [l["name"] for l in p["layers"]] == names + ["classifier"], p["layers"]
assert [l["input"] for l in p["layers"]] == ["images"] + names
for l in p["layers"]:
    assert l["fwd_ms"] > 0 and l["bwd_ms"] > 0 and l["ratio"] > 0, l
    count = 4
    for d in l["input_shape"]:
        count *= d
    assert l["offload_bytes"] == count and l["input_shape"][0] == 8, l
print("profile ok")
PY
if "$capture" --net lenet --out "$work/x" --profile "$work/p2.json" 2>"$work/err"; then
  fail "capture accepted --out with --profile"; fi
if "$capture" --net lenet 2>"$work/err"; then fail "capture ran without --out or --profile"; fi
grep -q "give --out" "$work/err" || fail "unclear capture error: $(cat "$work/err")"

# Bad input: a clear message, a non-zero exit, no output.
if "$capture" --net lenet --data "$work" --out "$work/none" 2>"$work/err"; then fail "capture accepted a folder without data"; fi
grep -q "cannot open" "$work/err" || fail "unclear capture error: $(cat "$work/err")"
[ ! -e "$work/none/manifest.json" ] || fail "capture left a manifest after failing"
if "$study" "$work" --out "$work/s2" 2>"$work/err"; then fail "study accepted a folder without a manifest"; fi
grep -q "cannot open" "$work/err" || fail "unclear study error: $(cat "$work/err")"
[ ! -e "$work/s2/study.md" ] || fail "study wrote a report after failing"
echo "capture smoke ok"
