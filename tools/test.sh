#!/usr/bin/env bash
# The whole default test suite: installs what is missing, builds, runs ctest.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
tools/deps.sh core rtl
cmake --preset default >/dev/null
cmake --build --preset default
ctest --preset default
