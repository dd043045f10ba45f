#!/usr/bin/env bash
# Runs tb/sv/zvc_compressor_tb.sv or zvc_decompressor_tb.sv: writes the
# vectors with the golden model (codec_vectors.py), then runs the bench
# through run.sh.
#   tb/sv/run_codec.sh compressor|decompressor ZVC SEED SIM SOURCE FILELIST OUTDIR [LIBERTY] NAME=VALUE...
# The NAME=VALUE parameters must include ElemBytes and BusBytes.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
which=$1 zvc=$2 seed=$3 sim=$4 source=$5 filelist=$6 outdir=$7
shift 7
case $which in
  compressor|decompressor) ;;
  *) echo "run_codec.sh: compressor or decompressor, not '$which'" >&2; exit 2 ;;
esac
elem="" bus=""
for p in "$@"; do
  case $p in
    ElemBytes=*) elem=${p#*=} ;;
    BusBytes=*) bus=${p#*=} ;;
  esac
done
[ -n "$elem" ] && [ -n "$bus" ] || { echo "run_codec.sh: ElemBytes=E and BusBytes=B are required" >&2; exit 2; }
python3 "$here/codec_vectors.py" "$zvc" "$elem" "$bus" "$seed" "$outdir/vectors"
exec "$here/run.sh" "$sim" "$source" "$filelist" "$here/zvc_${which}_tb.sv" "$outdir" "$@" \
  "+seed=$seed" "+vectors=$outdir/vectors"
