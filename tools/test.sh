#!/usr/bin/env bash
# The whole default test suite: installs what is missing, builds (with the
# libtorch capture, whose smoke test is part of the suite), runs ctest.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
tools/deps.sh core rtl fpga torch
cmake --preset default -DCDMA_WORKLOADS=ON >/dev/null
cmake --build --preset default
ctest --preset default
