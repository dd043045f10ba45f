# The elaboration check shared by tools/rtl-lint.sh and gen/test.sh: one top
# through Verilator --lint-only -Wall, Yosys 0.23 (read_verilog -defer, so
# only the top's hierarchy is elaborated, with its parameters: 0.1 s instead
# of 1.5 s for every module at its defaults, which the lint groups check as
# tops of their own; implicit wires fatal, hierarchy -check, proc,
# check -assert, no latches) and Icarus -g2012 -Wall
# (any warning fails except its note that it does not check `unique`; the
# elaborated design runs for a moment so its parameter checks fire). Source
# it; the caller sets incdir (include folder), files (an array of sources)
# and work (a scratch folder for the logs), and may set lint_tools to a
# subset of "verilator yosys icarus" (default: all three).

# run_tools TOP "NAME=VALUE ..." -> 0 when all three accept it cleanly.
run_tools() {
  local top=$1 params=$2 vargs=() yargs="" iargs=() p
  for p in $params; do
    vargs+=("-G$p"); yargs+=" -set ${p%%=*} ${p#*=}"; iargs+=("-P$top.$p")
  done
  # One chparam for all: set one by one, an intermediate set could be illegal.
  [ -n "$yargs" ] && yargs="chparam$yargs $top;"
  local tools=" ${lint_tools:-verilator yosys icarus} "
  if [[ $tools == *" verilator "* ]]; then
    verilator --lint-only -Wall -I"$incdir" --top-module "$top" "${vargs[@]}" "${files[@]}" >"$work/v.log" 2>&1 || { echo "verilator:"; cat "$work/v.log"; return 1; }
  fi
  if [[ $tools == *" yosys "* ]]; then
    yosys -q -e "implicitly declared" -p "read_verilog -defer -sv -I$incdir ${files[*]}; $yargs hierarchy -check -top $top; proc; check -assert; select -assert-none t:\$dlatch t:\$sr" >"$work/y.log" 2>&1 || { echo "yosys:"; tail -5 "$work/y.log"; return 1; }
  fi
  [[ $tools == *" icarus "* ]] || return 0
  iverilog -g2012 -Wall -I"$incdir" -s "$top" "${iargs[@]}" -o "$work/iv.out" "${files[@]}" >"$work/i.log" 2>&1 || { echo "icarus:"; cat "$work/i.log"; return 1; }
  # Icarus 11 accepts `unique case` but does not check it, and says so.
  if grep -v "Case unique/unique0 qualities are ignored" "$work/i.log" | grep -q .; then
    echo "icarus warnings:"; cat "$work/i.log"; return 1
  fi
  # Icarus checks parameters at time 0: run the elaborated design for a moment.
  timeout 20 vvp -n "$work/iv.out" >"$work/r.log" 2>&1 || { echo "icarus run:"; cat "$work/r.log"; return 1; }
  return 0
}
