#!/usr/bin/env bash
# The main job on the shipped sample: installs what is missing, builds, and
# runs the codec demo on data/sample (real CNN activation maps, .zvc
# containers; tools/study.sh regenerates them). Extra arguments are passed to
# cdma-demo as files instead.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
tools/deps.sh core rtl
cmake --preset default >/dev/null
cmake --build --preset default --target zvc cdma-demo
if [ $# -gt 0 ]; then
  build/tools/cdma-demo "$@"
else
  build/tools/cdma-demo data/sample/*.zvc
fi
