#!/usr/bin/env bash
# Runs one of the benches whose stimulus comes from the golden model: writes
# its vectors (engine_vectors.py or codec_vectors.py, with the zvc CLI), then
# runs the bench through run.sh.
#   tb/sv/run_golden.sh BENCH ZVC SEED SIM SOURCE FILELIST OUTDIR [LIBERTY] NAME=VALUE...
# BENCH: engine (cdma_engine_tb.sv), dma (the register top, cdma_dma_tb.sv),
# compressor or decompressor (zvc_compressor_tb.sv, zvc_decompressor_tb.sv).
# ZVC: the zvc CLI. The NAME=VALUE parameters must include ElemBytes and
# BusBytes; the rest are as for run.sh.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
which=$1 zvc=$2 seed=$3 sim=$4 source=$5 filelist=$6 outdir=$7
shift 7
case $which in
  engine|dma) bench=$here/cdma_${which}_tb.sv vectors=engine_vectors.py ;;
  compressor|decompressor) bench=$here/zvc_${which}_tb.sv vectors=codec_vectors.py ;;
  *) echo "run_golden.sh: BENCH is engine, dma, compressor or decompressor, not '$which'" >&2; exit 2 ;;
esac
elem="" bus=""
for p in "$@"; do
  case $p in
    ElemBytes=*) elem=${p#*=} ;;
    BusBytes=*) bus=${p#*=} ;;
  esac
done
[ -n "$elem" ] && [ -n "$bus" ] || { echo "run_golden.sh: ElemBytes=E and BusBytes=B are required" >&2; exit 2; }
python3 "$here/$vectors" "$zvc" "$elem" "$bus" "$seed" "$outdir/vectors"
exec "$here/run.sh" "$sim" "$source" "$filelist" "$bench" "$outdir" "$@" \
  "+seed=$seed" "+vectors=$outdir/vectors"
