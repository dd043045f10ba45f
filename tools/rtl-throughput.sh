#!/usr/bin/env bash
# Runs every Verilator bench in throughput mode and splices the table, with
# the commit its RTL and bench are at, into the README.
# Usage: tools/rtl-throughput.sh BUILD_TB_DIR README
set -euo pipefail
here=$(dirname "$0")
tb=$1 readme=$2
{
  echo "| E | B | zeros | compressor in beats/cycle | compressor raw B/cycle | decompressor out beats/cycle | decompressor raw B/cycle |"
  echo "|---|---|---|---|---|---|---|"
  for e in 1 2 4; do
    for b in 8 16 32 64 128 256; do
      if [ -x "$tb/tb_zvc_e${e}_b${b}" ]; then "$tb/tb_zvc_e${e}_b${b}" throughput; fi
    done
  done
  echo
  echo "Measured at $("$here/source-commit.sh" rtl/zvc rtl/prim tb/zvc_tb.cpp tb/bench.hpp) (the last commit that changed the codec RTL or its bench)."
} | "$here/splice.sh" "$readme" rtl-throughput
