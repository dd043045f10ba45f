#!/usr/bin/env bash
# The main job on the shipped sample: installs what is missing, builds, and
# runs the codec demo. Extra arguments are passed to cdma-demo as files.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
tools/deps.sh core rtl
cmake --preset default >/dev/null
cmake --build --preset default --target zvc cdma-demo
sample=("$@")
if [ ${#sample[@]} -eq 0 ]; then
  # Until real captured activations ship (data/sample), the demo runs on
  # synthetic ReLU-like tensors, labelled as such in their names.
  mkdir -p build/sample
  for z in 50 90; do
    f=build/sample/synthetic-relu-fp32-${z}pct-zeros.bin
    [ -f "$f" ] || build/golden/zvc synth --elem 4 --zeros 0.$z --count 1048576 --seed $z "$f"
    sample+=("$f")
  done
fi
build/tools/cdma-demo "${sample[@]}"
