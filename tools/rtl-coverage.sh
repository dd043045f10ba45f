#!/usr/bin/env bash
# Line, branch and toggle coverage of the RTL under the default suite's
# Verilator benches (ctest labels `rtl` and `dma`: the codecs, the landing
# buffer, the engine, the register top and the self-test): builds those
# benches with Verilator --coverage in build-cov/, runs them, merges the
# per-model data, prints coverage by kind and by file (toggles also without
# the points tools/coverage-exclusions.txt explains) and writes that table,
# stamped with the commit of rtl/ and tb/, into docs/testing.md.
# The SystemVerilog benches (tb/sv, Icarus and their own Verilator builds)
# and the gate-level ones carry no coverage and are left out.
# Usage: tools/rtl-coverage.sh   (or: cmake --build build --target coverage)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
tools/deps.sh core rtl
labels="rtl|dma" exclude="^sv_|same_cycle"
cmake -S . -B build-cov -G Ninja -DCMAKE_BUILD_TYPE=Release -DCDMA_COVERAGE=ON >/dev/null
mapfile -t benches < <(ninja -C build-cov -t targets all |
  sed -nE 's/^(tb_(zvc|dma|dma_csr|buffer|selftest)_[a-z0-9_]+): phony$/\1/p' | grep -v _model | sort -u)
cmake --build build-cov --target "${benches[@]}"
rm -f build-cov/tb/coverage-*.dat
ctest --test-dir build-cov -L "$labels" -E "$exclude" -j2 --output-on-failure >/dev/null
verilator_coverage -write build-cov/coverage.dat build-cov/tb/coverage-*.dat
verilator_coverage -annotate build-cov/coverage-annotated build-cov/coverage.dat >/dev/null
commit=$(tools/source-commit.sh rtl tb)
python3 tools/coverage-summary.py build-cov/coverage.dat "$commit" tools/coverage-exclusions.txt | tee /dev/stderr |
  tools/splice.sh docs/testing.md coverage
