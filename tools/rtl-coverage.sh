#!/usr/bin/env bash
# Line and toggle coverage of the RTL under the `rtl` ctest label: builds the
# benches with Verilator --coverage in build-cov/, runs them, merges the
# per-model data, prints coverage by kind and file and writes that table into
# docs/testing.md.
# Usage: tools/rtl-coverage.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
tools/deps.sh core rtl
cmake -S . -B build-cov -G Ninja -DCMAKE_BUILD_TYPE=Release -DCDMA_COVERAGE=ON >/dev/null
cmake --build build-cov --target verilate
rm -f build-cov/tb/coverage-*.dat
ctest --test-dir build-cov -L rtl -j2 >/dev/null
verilator_coverage -write build-cov/coverage.dat build-cov/tb/coverage-*.dat
verilator_coverage -annotate build-cov/coverage-annotated build-cov/coverage.dat >/dev/null
python3 tools/coverage-summary.py build-cov/coverage.dat | tee /dev/stderr | tools/splice.sh docs/testing.md coverage
