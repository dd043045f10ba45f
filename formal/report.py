#!/usr/bin/env python3
"""The results table of docs/formal.md from formal/run.sh's result.tsv files.

Usage: formal/report.py RUNS_DIR  (prints Markdown; tools/splice.sh puts it
between the <!-- formal:begin/end --> markers).
"""
import pathlib
import sys

# What each harness checks and on which module (the harness headers say more).
SETS = {
    "fv_compressor": ("compressor", "zvc_compressor",
                      "AXI4-Stream out; payload = 4·⌈n/32⌉ + E·nnz; status raw/comp/error"),
    "fv_roundtrip": ("round trip", "zvc_compressor → zvc_decompressor",
                     "a tracked element (any frame, any index) comes back unchanged; length; no error"),
    "fv_decompressor": ("decompressor", "zvc_decompressor",
                        "any bytes: exact raw length, tlast, null beats, input accounted"),
    "fv_engine": ("engine", "cdma_engine",
                  "AXI4 read/write master rules, RREADY while data is owed; status per descriptor, "
                  "in order, tag, raw length; error 8 without bus traffic; empty when idle"),
    "fv_buffer": ("buffer", "cdma_buffer",
                  "no overflow/underflow, level + reserved ≤ depth, level/free exact"),
}
DEFAULTS = {"fv_buffer": {"BusBytes": "8", "DepthBeats": "5"},
            "fv_engine": {"MaxBurstBeats": "4", "MaxReads": "2", "BufferBeats": "4", "MaxLen": "16"}}


def config(top, sets):
    params = {"ElemBytes": "1", "BusBytes": "8"} if top != "fv_buffer" else {}
    params.update(DEFAULTS.get(top, {}))
    words = sets.split()
    for i in range(0, len(words) - 2, 3):
        params[words[i + 1]] = words[i + 2]
    short = {"ElemBytes": "E", "BusBytes": "B", "DepthBeats": "depth", "MaxBurstBeats": "burst",
             "MaxReads": "reads", "BufferBeats": "buffer", "MaxLen": "max-len"}
    return " ".join(f"{short.get(k, k)}={v}" for k, v in params.items())


def main():
    runs = pathlib.Path(sys.argv[1])
    rows = []
    for f in sorted(runs.glob("*/result.tsv")):
        name, top, mode, depth, expect, status, secs, solver, sets = f.read_text().rstrip("\n").split("\t")
        what_set, module, what = SETS[top]
        if "Order 0" in sets:
            what = "accounting: " + what
        elif top == "fv_buffer":
            what = "two tracked beats leave in order, unchanged; offered within 3 cycles; AXI4-Stream out"
        if "Fair 1" in sets:
            what = ("no hang: each status within Bound cycles of the previous one or of the first acceptance"
                    if top == "fv_engine" else "no hang: input taken and status given within the bound")
        if mode == "cover":
            what = "covers reached (see the harness)"
        method = {"bmc": f"BMC, {depth} steps", "prove": f"k-induction, k = {depth}",
                  "cover": f"cover, ≤ {depth} steps"}[mode] + {"z3": " (z3)", "abc": " (ABC bmc3)"}[solver]
        if expect == "fail":
            what = f"mutation `{name.split('mutant_')[1]}` must fail"
            result = "caught (counterexample)" if status == "FAILED" else "NOT CAUGHT"
        else:
            result = {"PASSED": "pass" if mode != "prove" else "proved (all depths)"}.get(status, status)
        rows.append((what_set, module, config(top, sets), what, method, result, secs))
    print("| set | module | config | property | method | result | time (s) |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        print("| " + " | ".join(r) + " |")


if __name__ == "__main__":
    main()
