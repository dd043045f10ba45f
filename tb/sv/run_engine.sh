#!/usr/bin/env bash
# Runs tb/sv/cdma_engine_tb.sv, or with --dma the register top's bench
# tb/sv/cdma_dma_tb.sv: writes its vectors with the golden model
# (engine_vectors.py), then runs it through run.sh.
#   tb/sv/run_engine.sh [--dma] ZVC SEED SIM SOURCE FILELIST OUTDIR [LIBERTY] NAME=VALUE...
# ZVC: the zvc CLI. The NAME=VALUE parameters must include ElemBytes and
# BusBytes; the rest are as for run.sh.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bench=$here/cdma_engine_tb.sv
if [ "${1:-}" = --dma ]; then
  bench=$here/cdma_dma_tb.sv
  shift
fi
zvc=$1 seed=$2 sim=$3 source=$4 filelist=$5 outdir=$6
shift 6
elem="" bus=""
for p in "$@"; do
  case $p in
    ElemBytes=*) elem=${p#*=} ;;
    BusBytes=*) bus=${p#*=} ;;
  esac
done
[ -n "$elem" ] && [ -n "$bus" ] || { echo "run_engine.sh: ElemBytes=E and BusBytes=B are required" >&2; exit 2; }
python3 "$here/engine_vectors.py" "$zvc" "$elem" "$bus" "$seed" "$outdir/vectors"
exec "$here/run.sh" "$sim" "$source" "$filelist" "$bench" "$outdir" "$@" \
  "+seed=$seed" "+vectors=$outdir/vectors"
