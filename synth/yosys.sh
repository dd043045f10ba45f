# Sourced by synth.sh and netlist.sh: the elaboration every flow starts from,
# and the one way the project runs Yosys on it.
#
# cdma_elaborate FILELIST TOP "CHPARAM_ARGS": the Yosys commands that read the
# one RTL source list, set the parameters and elaborate TOP with the checks
# users rely on: no latches, `check -assert` (no multiple or missing drivers,
# no combinational loops).
cdma_elaborate() {
  local filelist=$1 top=$2 params=$3 incdir files
  incdir=$(sed -n 's/^+incdir+//p' "$filelist")
  files=$(grep -v '^+' "$filelist" | tr '\n' ' ')
  echo "read_verilog -sv -I$incdir $files;${CDMA_MACROS:+ blackbox cdma_ram_1r1w;}
chparam $params $top;
hierarchy -check -top $top; rename -top $top; proc; select -assert-none t:\$dlatch t:\$sr; check -assert;"
}

# cdma_params TOP ELEM BUS: the chparam arguments of a sweep point. The codecs
# and the engine take ElemBytes and BusBytes (the engine its defaults for the
# rest); the buffer (ELEM 0) BusBytes and the engine's 64 beats.
# CDMA_MODES=0 in the environment builds the codecs and the engine without
# the frame modes (Modes = 0; docs/resources.md compares the two), and
# cdma_variant names such points "-plain"; CDMA_BLOCK_INDEX=0 the engine
# without its block index ("-noindex"); CDMA_PIPELINE=1 either codec with
# its network stage ("-pipe").
cdma_params() {
  case $1 in
    cdma_buffer) echo "-set BusBytes $3 -set DepthBeats 64" ;;
    cdma_ring|cdma_axi_mux) echo "-set BusBytes $3" ;;
    cdma_engine) echo "-set ElemBytes $2 -set BusBytes $3${CDMA_MODES:+ -set Modes $CDMA_MODES}${CDMA_BLOCK_INDEX:+ -set BlockIndex $CDMA_BLOCK_INDEX}" ;;
    zvc_compressor|zvc_decompressor) echo "-set ElemBytes $2 -set BusBytes $3${CDMA_MODES:+ -set Modes $CDMA_MODES}${CDMA_PIPELINE:+ -set Pipeline $CDMA_PIPELINE}" ;;
    *) echo "-set ElemBytes $2 -set BusBytes $3${CDMA_MODES:+ -set Modes $CDMA_MODES}" ;;
  esac
}
# CDMA_MACROS=1 keeps every cdma_ram_1r1w as a black box, the place of an
# SRAM macro (docs/rtl.md): the netlist is the logic around the memories, and
# cdma_variant names such points "-macro".
cdma_variant() {
  if [ "${CDMA_MODES:-1}" = 0 ]; then printf -- "-plain"; fi
  if [ "${CDMA_BLOCK_INDEX:-1}" = 0 ]; then printf -- "-noindex"; fi
  if [ "${CDMA_PIPELINE:-0}" = 1 ]; then printf -- "-pipe"; fi
  if [ -n "${CDMA_MACROS:-}" ]; then printf -- "-macro"; fi
  echo
}

# cdma_map FLOW TOP [LIBERTY]: the mapping commands of the generic flow
# (Yosys's internal gates) and the asic flow (LIBERTY's standard cells).
cdma_map() {
  case $1 in
    generic) echo "synth -flatten -top $2;" ;;
    asic)
      [ -f "${3:-}" ] || { echo "cdma_map: the asic flow needs a liberty file" >&2; return 2; }
      echo "synth -flatten -top $2; dfflibmap -liberty $3; abc -liberty $3; opt_clean;" ;;
    *) echo "cdma_map: unknown flow '$1'" >&2; return 2 ;;
  esac
}

# cdma_yosys NAME LOG SCRIPT: runs SCRIPT with implicit wires as errors;
# fails (naming NAME) on an error or on a warning that means a broken netlist
# (a driver conflict, a latch, an implicit wire, a select out of range).
cdma_yosys() {
  local name=$1 log=$2 script=$3
  if ! yosys -q -e "implicitly declared" -l "$log" -p "$script" >/dev/null 2>&1; then
    echo "$name failed:" >&2
    grep -iE "error|warning" "$log" | head -10 >&2
    return 1
  fi
  if grep -iE "warning:.*(multiple conflicting drivers|driver|latch|implicitly declared|out of bounds)" "$log" >&2; then
    echo "$name: Yosys warned about the netlist (above)" >&2
    return 1
  fi
}

# cdma_sta NAME LOG TCL VAR=VALUE...: the OpenSTA script TCL (OpenSTA has
# no argv: each VAR is set first), output in LOG; fails, naming NAME, when
# OpenSTA fails or reports an error.
cdma_sta() {
  local name=$1 log=$2 tcl=$3 kv
  shift 3
  if ! sta -no_init -exit <(for kv in "$@"; do printf 'set %s %s\n' "${kv%%=*}" "${kv#*=}"; done
                             printf 'source %s\n' "$tcl") >"$log" 2>&1 ||
     grep -q "^Error" "$log"; then
    echo "$name: OpenSTA failed ($log):" >&2
    grep -m 10 "Error" "$log" >&2
    return 1
  fi
}
# cdma_timing NAME LOG VAR=VALUE...: synth/timing.tcl through cdma_sta.
cdma_timing() {
  local name=$1 log=$2
  shift 2
  cdma_sta "$name" "$log" "$(dirname "${BASH_SOURCE[0]}")/timing.tcl" "$@"
}
