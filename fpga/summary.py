#!/usr/bin/env python3
"""Summaries of nextpnr-ice40 --report JSON files for Makefile.fpga.

summary.py BOARD DESIGN CONFIG FREQ REPORT  -> summary JSON on stdout
summary.py --unfit BOARD DESIGN CONFIG FREQ NEXTPNR_LOG
                                            -> summary JSON of a design too big for the device
summary.py --text SUMMARY                   -> one line for people
summary.py --table OUTDIR                   -> markdown table of OUTDIR/*/summary.json,
                                               with the sources' commit (OUTDIR/*/commit)
"""
import glob
import json
import os
import re
import sys


def summarize(board, design, config, freq, report_path):
    with open(report_path) as f:
        report = json.load(f)
    util = {cell: {"used": v["used"], "available": v["available"]}
            for cell, v in report["utilization"].items()}
    fmax = min(v["achieved"] for v in report["fmax"].values())
    return {"board": board, "design": design, "config": config, "target_mhz": float(freq),
            "fits": True, "fmax_mhz": round(fmax, 2), "meets_target": fmax >= float(freq),
            "utilization": util}


def unfit(board, design, config, freq, log_path):
    """nextpnr's device utilisation lines ("ICESTORM_LC:  6058/ 5280   114%")."""
    util = {}
    with open(log_path) as f:
        for line in f:
            m = re.match(r"Info:\s+(\w+):\s+(\d+)/\s*(\d+)\s+\d+%", line)
            if m:
                util[m.group(1)] = {"used": int(m.group(2)), "available": int(m.group(3))}
    return {"board": board, "design": design, "config": config, "target_mhz": float(freq),
            "fits": False, "fmax_mhz": None, "meets_target": False, "utilization": util}


def cells(s, kind):
    u = s["utilization"].get(kind, {"used": 0, "available": 0})
    return u["used"], u["available"]


def text(s):
    lc, lc_all = cells(s, "ICESTORM_LC")
    ram, ram_all = cells(s, "ICESTORM_RAM")
    if not s["fits"]:
        return (f"{s['board']} {s['design']} {s['config']}: does not fit, needs {lc} of "
                f"{lc_all} logic cells")
    met = "met" if s["meets_target"] else "NOT met"
    return (f"{s['board']} {s['design']} {s['config']}: {lc}/{lc_all} logic cells, "
            f"{ram}/{ram_all} RAM, Fmax {s['fmax_mhz']} MHz (target {s['target_mhz']:g}: {met})")


def table(outdir):
    rows = []
    for path in sorted(glob.glob(os.path.join(outdir, "*", "summary.json"))):
        with open(path) as f:
            s = json.load(f)
        commit_path = os.path.join(os.path.dirname(path), "commit")
        s["commit"] = "–"
        if os.path.exists(commit_path):
            with open(commit_path) as f:
                s["commit"] = f.read().strip()
        rows.append(s)
    rows.sort(key=lambda s: (s["design"], s["board"], s["config"]))
    lines = ["| design | board | config | logic cells | RAM | Fmax (MHz) | target | commit |",
             "|---|---|---|---|---|---|---|---|"]
    for s in rows:
        lc, lc_all = cells(s, "ICESTORM_LC")
        ram, ram_all = cells(s, "ICESTORM_RAM")
        if not s["fits"]:
            lines.append(f"| {s['design']} | {s['board']} | {s['config']} | needs {lc} of {lc_all} "
                         f"({100 * lc / lc_all:.0f} %): does not fit | – | – | – | {s['commit']} |")
            continue
        met = "met" if s["meets_target"] else "not met"
        lines.append(f"| {s['design']} | {s['board']} | {s['config']} | {lc} / {lc_all} "
                     f"({100 * lc / lc_all:.0f} %) | {ram} / {ram_all} | {s['fmax_mhz']} | "
                     f"{s['target_mhz']:g} MHz {met} | {s['commit']} |")
    return "\n".join(lines)


def main(argv):
    if len(argv) == 3 and argv[1] == "--text":
        with open(argv[2]) as f:
            print(text(json.load(f)))
        return 0
    if len(argv) == 7 and argv[1] == "--unfit":
        json.dump(unfit(*argv[2:]), sys.stdout, indent=1)
        print()
        return 0
    if len(argv) == 3 and argv[1] == "--table":
        print(table(argv[2]))
        return 0
    if len(argv) != 6:
        print(__doc__, file=sys.stderr)
        return 2
    json.dump(summarize(*argv[1:]), sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
