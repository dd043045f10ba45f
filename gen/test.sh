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

# elaborate BUNDLE NAME BLOCK: all three tools accept BUNDLE/NAME_BLOCK.sv as top.
elaborate() {
  local dir=$1 top=$2_$3 files
  files=$(grep -v '^+' "$dir/$2.f" | tr '\n' ' ')
  (cd "$dir" && verilator --lint-only -Wall -f "$2.f" --top-module "$top") >"$work/v.log" 2>&1 ||
    { fail "verilator $top"; head -20 "$work/v.log"; }
  (cd "$dir" && yosys -q -e "implicitly declared" -p "read_verilog -sv -Irtl/include $files;
     hierarchy -check -top $top; proc; check -assert; select -assert-none t:\$dlatch t:\$sr") \
    >"$work/y.log" 2>&1 || { fail "yosys $top"; tail -5 "$work/y.log"; }
  (cd "$dir" && iverilog -g2012 -Irtl/include -s "$top" -o "$work/iv.out" $files) >"$work/i.log" 2>&1 ||
    { fail "icarus $top"; head -10 "$work/i.log"; }
  [ -s "$work/i.log" ] && { fail "icarus warnings $top"; head -10 "$work/i.log"; }
  (timeout 20 vvp -n "$work/iv.out") >"$work/r.log" 2>&1 || { fail "icarus run $top"; head "$work/r.log"; }
  return 0
}

# A small configuration with every block, and the paper's codec.
"$gen" --elem 1 --bus 8 --buffer 32 --blocks compressor,decompressor,dma "$work/small" >/dev/null ||
  fail "cdma-gen small"
for b in compressor decompressor dma; do elaborate "$work/small" cdma_e1_b8 "$b"; done
for f in cdma_e1_b8.f cdma_e1_b8.core cdma_regs.h README.md rtl/zvc_compressor.sv rtl/include/cdma_assert.svh; do
  [ -s "$work/small/$f" ] || fail "bundle lacks $f"
done
grep -q 'localparam int BufferBeats = 32' "$work/small/cdma_e1_b8_dma.sv" || fail "buffer depth not applied"
grep -q 'toplevel: cdma_e1_b8_compressor' "$work/small/cdma_e1_b8.core" || fail "core toplevel"
grep -q '| `s_axis_tdata` | input | `\[BusBytes\*8-1:0\]` |' "$work/small/README.md" || fail "README ports"

"$gen" --elem 4 --bus 32 --name paper --blocks compressor,decompressor "$work/paper" >/dev/null ||
  fail "cdma-gen paper"
for b in compressor decompressor; do elaborate "$work/paper" paper "$b"; done
[ -e "$work/paper/cdma_regs.h" ] && fail "codec-only bundle has the register header"

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
mkdir "$work/bad"
if "$gen" "$work/bad" >"$work/out.log" 2>&1 || ! grep -q "exists" "$work/out.log"; then
  fail "an existing folder was not refused"
fi
[ -z "$(ls -A "$work/bad")" ] || fail "wrote into an existing folder"

[ $fails -eq 0 ] && echo "cdma-gen: all bundle checks passed"
exit $((fails > 0))
