#!/usr/bin/env bash
# Places and routes one iCE40 netlist, writes its summary, packs a bitstream.
#   fpga/pnr.sh BOARD DESIGN CONFIG FREQ SEED NETLIST OUTDIR [PCF]
# BOARD: hx8k (ct256) or up5k (sg48). With PCF the pins are fixed and
# OUTDIR/DESIGN.bin is packed; without, pins are left to nextpnr (the Fmax
# wrapper). Timing is reported against FREQ MHz, not enforced. A design that
# does not fit the device is not an error of the flow: its summary says
# "fits": false with the cells it needs, and the script exits 0.
set -euo pipefail
board=$1 design=$2 config=$3 freq=$4 seed=$5 netlist=$6 out=$7 pcf=${8:-}
here=$(cd "$(dirname "$0")" && pwd)
case $board in
  hx8k) dev=(--hx8k --package ct256) ;;
  up5k) dev=(--up5k --package sg48) ;;
  *) echo "pnr.sh: unknown board '$board' (hx8k, up5k)" >&2; exit 2 ;;
esac
pins=(--pcf-allow-unconstrained)
[ -n "$pcf" ] && pins=(--pcf "$pcf")
asc=()
[ -n "$pcf" ] && asc=(--asc "$out/$design.asc.tmp")
if nextpnr-ice40 -q "${dev[@]}" "${pins[@]}" --json "$netlist" "${asc[@]}" --seed "$seed" \
     --freq "$freq" --timing-allow-fail --report "$out/report.json" -l "$out/nextpnr.log"; then
  python3 "$here/summary.py" "$board" "$design" "$config" "$freq" "$out/report.json" >"$out/summary.json"
  if [ -n "$pcf" ]; then
    mv "$out/$design.asc.tmp" "$out/$design.asc"
    icepack "$out/$design.asc" "$out/$design.bin.tmp" && mv "$out/$design.bin.tmp" "$out/$design.bin"
  fi
elif grep -qE "no BELs remaining|Failed to expand region" "$out/nextpnr.log"; then
  # Too many cells for the device: the packer or the analytic placer says so.
  rm -f "$out/$design.asc.tmp"
  python3 "$here/summary.py" --unfit "$board" "$design" "$config" "$freq" "$out/nextpnr.log" >"$out/summary.json"
else
  echo "pnr.sh: nextpnr-ice40 failed ($out/nextpnr.log)" >&2
  exit 1
fi
# The commit of the sources and the flow this build came from (summary.py --table prints it).
"$here/../tools/source-commit.sh" rtl fpga Makefile.fpga >"$out/commit"
python3 "$here/summary.py" --text "$out/summary.json"
