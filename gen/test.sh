#!/usr/bin/env bash
# cdma-gen's bundles: each generated top elaborates cleanly in Verilator
# (--lint-only -Wall), Yosys 0.23 (hierarchy -check, proc, check -assert, no
# latches) and Icarus -g2012 (no warnings), from the bundle's own file list;
# bad configurations fail with a message and leave no folder.
# Usage: gen/test.sh PATH/TO/cdma-gen
set -uo pipefail
gen=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0

fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# shellcheck source=tools/rtl-tools.sh
source "$(dirname "$0")/../tools/rtl-tools.sh"

# elaborate BUNDLE NAME BLOCK: all three tools accept BUNDLE/NAME_BLOCK.sv as
# top, from the bundle's own file list.
elaborate() {
  local dir=$1 top=$2_$3 out
  incdir=rtl/include
  mapfile -t files < <(grep -v '^+' "$dir/$2.f")
  out=$(cd "$dir" && run_tools "$top" "") || { fail "$top"; echo "$out" | head -20; }
  (cd "$dir" && verilator --lint-only -Wall -f "$2.f" --top-module "$top") >"$work/f.log" 2>&1 ||
    { fail "verilator -f $2.f"; head -20 "$work/f.log"; }
  return 0
}

# A small configuration with every block, and the paper's codec.
"$gen" --elem 1 --bus 8 --buffer 32 --blocks compressor,decompressor,dma "$work/small" >/dev/null ||
  fail "cdma-gen small"
for b in compressor decompressor dma; do elaborate "$work/small" cdma_e1_b8 "$b"; done
for f in cdma_e1_b8.f cdma_e1_b8.core cdma_regs.h cdma.h cdma.c README.md rtl/zvc/zvc_compressor.sv rtl/include/cdma_assert.svh; do
  [ -s "$work/small/$f" ] || fail "bundle lacks $f"
done
grep -q 'localparam int BufferBeats = 32' "$work/small/cdma_e1_b8_dma.sv" || fail "buffer depth not applied"
grep -q 'toplevel: cdma_e1_b8_compressor' "$work/small/cdma_e1_b8.core" || fail "core toplevel"
grep -q '| `s_axis_tdata` | input | `\[BusBytes\*8-1:0\]` |' "$work/small/README.md" || fail "README ports"

"$gen" --elem 4 --bus 32 --name paper --blocks compressor,decompressor "$work/paper" >/dev/null ||
  fail "cdma-gen paper"
for b in compressor decompressor; do elaborate "$work/paper" paper "$b"; done
[ -e "$work/paper/cdma_regs.h" ] && fail "codec-only bundle has the register header"
# The bundle's driver compiles on its own (C99, pedantic, warnings fatal).
cc -std=c99 -pedantic -Wall -Wextra -Werror -c "$work/small/cdma.c" -I"$work/small" -o "$work/cdma.o" ||
  fail "the bundle's C driver does not compile"

# Bad input: a message, exit 1, no folder (and no temporary) left behind.
refuse() {
  local pattern=$1; shift
  if "$gen" "$@" "$work/bad" >"$work/out.log" 2>&1; then fail "accepted: $*"; fi
  grep -q "$pattern" "$work/out.log" || { fail "no '$pattern' for: $*"; cat "$work/out.log"; }
  [ -e "$work/bad" ] || [ -e "$work/bad.cdma-gen-tmp" ] && fail "left a folder for: $*"
  return 0
}
refuse "elem must be 1, 2 or 4" --elem 3
refuse "bus must be a power of two" --bus 12
refuse "buffer must be" --buffer 8
refuse "unknown block 'fft'" --blocks compressor,fft
refuse "name must be a Verilog identifier" --name 9lives
refuse "cannot read" --rtl "$work/nowhere"
mkdir "$work/empty-rtl"
refuse "no cdma.f" --rtl "$work/empty-rtl"
mkdir "$work/bad"
if "$gen" "$work/bad" >"$work/out.log" 2>&1 || ! grep -q "exists" "$work/out.log"; then
  fail "an existing folder was not refused"
fi
[ -z "$(ls -A "$work/bad")" ] || fail "wrote into an existing folder"

[ $fails -eq 0 ] && echo "cdma-gen: all bundle checks passed"
exit $((fails > 0))
