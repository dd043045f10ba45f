#!/usr/bin/env python3
"""The results table of docs/formal.md from formal/run.sh's result.tsv files.

Usage: formal/report.py RUNS_DIR [BASE_MD]  (prints Markdown; tools/splice.sh
puts it between the <!-- formal:begin/end --> markers).

Every row names the commit its check ran at. BASE_MD (docs/formal.md): the
rows of its table for checks not in RUNS_DIR are kept with their commit, so
re-running some checks does not drop the others (rows of tables older than
the commit column carry 099d7aa, the commit that table was last run at).
"""
import pathlib
import subprocess
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
                  "in order, tag, raw length; error 8 without bus traffic, never error 9, error 10 only "
                  "below the largest payload; every W beat strobed; empty when idle; "
                  "a tracked COPY byte lands unchanged, no strobe outside the destination or capacity"),
    "fv_legalizer": ("legalizer", "cdma_legalizer",
                     "AxVALID, address and length held until AxREADY; bursts of 1 to MaxBurstBeats beats, "
                     "beat-aligned, inside one 4 KB page, each where the previous ended; full-size short of "
                     "final_i; beats accepted + beats left = the transfer's length; idle iff all accepted"),
    "fv_owner_queue": ("owner queue", "cdma_owner_queue",
                       "head valid iff a request is outstanding; an empty queue takes either owner; "
                       "a tracked request's owner at the head once every earlier request is popped"),
    "fv_fifo": ("fifo", "cdma_fifo_sync",
                "RegHead = 1 against RegHead = 0 under the same writes and reads: wready, rvalid, "
                "and rdata while valid, equal in every cycle"),
    "fv_buffer": ("buffer", "cdma_buffer",
                  "no overflow/underflow, level + reserved ≤ depth, level/free exact"),
    "fv_networks": ("networks", "zvc_compact, zvc_expand",
                    "for every keep pattern and data word: compact puts the kept slot of rank q at slot q, "
                    "zero above the count; expand puts slot k at the k-th kept position, zero elsewhere; "
                    "both counts exact (N² references); the scan split after any round, cdma_incr and "
                    "cdma_rotate against their references"),
    "fv_fp_convert": ("conversions", "zvc_fp_reduce, zvc_fp_widen",
                      "every fp32 to bf16 and fp8 equal to references written another way "
                      "(golden's adder formula; counting the 126 midpoints); the zero detects exact; "
                      "every fp8 code widened as its exact value"),
}
DEFAULTS = {"fv_buffer": {"BusBytes": "8", "DepthBeats": "5"},
            "fv_legalizer": {"BusBytes": "8", "MaxBurstBeats": "4"},
            "fv_owner_queue": {"Depth": "3", "CountW": "2"},
            "fv_fifo": {"Width": "2"},
            "fv_engine": {"MaxBurstBeats": "4", "MaxReads": "2", "BufferBeats": "4", "MaxLen": "40"}}


def config(top, sets):
    params = {"ElemBytes": "1", "BusBytes": "8"} if top not in (
        "fv_buffer", "fv_fp_convert", "fv_networks", "fv_legalizer", "fv_owner_queue", "fv_fifo") else {}
    params.update(DEFAULTS.get(top, {}))
    words = sets.split()
    for i in range(0, len(words) - 2, 3):
        params[words[i + 1]] = words[i + 2]
    short = {"ElemBytes": "E", "BusBytes": "B", "DepthBeats": "depth", "MaxBurstBeats": "burst",
             "MaxReads": "reads", "BufferBeats": "buffer", "MaxLen": "max-len",
             "NumSlots": "slots", "SlotBits": "slot-bits"}
    return " ".join(f"{short.get(k, k)}={v}" for k, v in params.items()) or "–"


def main():
    runs = pathlib.Path(sys.argv[1])
    rows = []
    for f in sorted(runs.glob("*/result.tsv")):
        name, top, mode, depth, expect, status, secs, solver, sets, commit = \
            f.read_text().rstrip("\n").split("\t")
        what_set, module, what = SETS[top]
        if "Order 0" in sets:
            what = "accounting: " + what
        elif top == "fv_buffer":
            what = "two tracked beats leave in order, unchanged; offered within 3 cycles; AXI4-Stream out"
        if "Content 1" in sets:
            what = ("payload content: a tracked element's mask bit (1 iff it exists and is non-zero, "
                    "0 past the frame's end) and its bytes at the format's offsets, in order")
        if "Flags 1" in sets:
            what = ("error flags: each status's {bad_mask, trailing, truncated} exactly as a byte-by-byte "
                    "parse of the payload by the format's rules gives them (legal framing)")
        if "Mode 1" in sets:
            what = ("binarize: a tracked element (any frame, any index) comes back as all-ones bytes iff "
                    "it was non-zero; length; no error")
        if "Descs 2" in sets and mode != "cover":
            what = ("two descriptors in flight: AXI4 read/write master rules, RREADY while data is owed; "
                    "status per descriptor, in order, tag, raw length; error 8 without bus traffic, never "
                    "error 9, error 10 only below the largest payload; every W beat strobed; empty when idle")
        if "Fair 1" in sets:
            what = ("no hang: each status within Bound cycles of the previous one or of the first acceptance"
                    if top == "fv_engine" else "no hang: input taken and status given within the bound")
        if mode == "cover":
            what = "covers reached (see the harness)"
        method = {"bmc": f"BMC, {depth} steps", "prove": f"BMC from reset + k-induction, k = {depth}",
                  "cover": f"cover, ≤ {depth} steps"}[mode] + {"z3": " (z3)", "abc": " (ABC bmc3)"}.get(solver, "")
        if solver == "bdd":
            # run.sh's SAT pass ends a failing check before the BDDs.
            method = ("SAT, every input (ABC sat, before the BDDs)" if status == "FAILED"
                      else "BDDs, every input (ABC collapse)")
        if expect == "fail":
            what = f"mutation `{name.split('mutant_')[1]}` must fail"
            result = "caught (counterexample)" if status == "FAILED" else "NOT CAUGHT"
        else:
            result = {"PASSED": "pass" if mode != "prove" else
                      "proved (every input)" if solver == "bdd" else "proved (all depths)"}.get(status, status)
        rows.append((what_set, module, config(top, sets), what, method, result, secs, commit))
    if len(sys.argv) > 2:
        fresh = {check(r) for r in rows}
        kept = {}  # the base's newest row of each check
        for r in base_rows(pathlib.Path(sys.argv[2])):
            if check(r) not in fresh and (check(r) not in kept or newer(r[7], kept[check(r)][7])):
                kept[check(r)] = r
        rows += kept.values()
    rows.sort(key=lambda r: (r[0], r[2], r[3].startswith("mutation"), r[4]))
    print("| set | module | config | property | method | result | time (s) | commit |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        print("| " + " | ".join(r) + " |")


def check(row):
    """Which check a row reports (its property text may change between runs)."""
    what_set, _, config_, what, method = row[:5]
    # A configuration has one proof: a rerun at another k, or with the base
    # case added to the step, replaces the earlier row.
    if "k-induction" in method:
        method = "k-induction" + method[method.index("("):] if "(" in method else "k-induction"
    return (what_set, config_, method, what if what.startswith("mutation") else "")


def newer(a, b):
    """Whether commit a descends from commit b (ties keep the first row)."""
    a, b = a.removesuffix("-dirty"), b.removesuffix("-dirty")
    return a != b and subprocess.run(["git", "merge-base", "--is-ancestor", b, a],
                                     capture_output=True).returncode == 0


def base_rows(path):
    """The rows of the results table in an earlier docs/formal.md."""
    text = path.read_text(encoding="utf-8")
    table = text.split("<!-- formal:begin -->")[1].split("<!-- formal:end -->")[0]
    rows = []
    for line in table.strip().splitlines()[2:]:
        cells = tuple(c.strip() for c in line.strip().strip("|").split(" | "))
        rows.append(cells if len(cells) == 8 else cells + ("099d7aa",))
    return rows


if __name__ == "__main__":
    main()
