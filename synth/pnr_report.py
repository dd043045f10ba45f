#!/usr/bin/env python3
"""The open ASIC flow's results (synth/pnr.sh) as JSON and a table.

usage:
  synth/pnr_report.py DIR TOP ELEM BUS LEF
      one routed point: qflow's project DIR (layout/TOP.def, the logs, the
      OpenSTA log of the routed netlist, steps.tsv, commit); prints its JSON
  synth/pnr_report.py --table JSON...
      the docs/resources.md table of the points
  synth/pnr_report.py --loads RC
      OpenSTA commands that put each routed net's wire capacitance (the sum
      of qrouter's RC tree, TOP.rc) on the net its driver pin drives

Areas from the routed DEF and the cells' LEF sizes: the die, the core (the
rows' bounding box, filler cells included), the cells (without fillers) and
utilization = cells / core. Fmax from OpenSTA with the extracted wire
capacitance and a propagated clock (the budget of 0 and of 20 % of the
period at the inputs and outputs).
"""
import argparse
import json
import pathlib
import re
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from timing_report import BUDGETS, critical_path, flop_outputs  # noqa: E402


def lef_sizes(lef):
    text = pathlib.Path(lef).read_text()
    return {m.group(1): (float(m.group(2)), float(m.group(3)))
            for m in re.finditer(r"^MACRO (\S+)\s.*?^\s+SIZE (\S+) BY (\S+) ;", text, re.M | re.S)}


def layout(deffile, sizes):
    text = pathlib.Path(deffile).read_text()
    unit = float(re.search(r"UNITS DISTANCE MICRONS (\d+)", text).group(1))
    die = [float(v) / unit for v in re.search(r"DIEAREA \( (\S+) (\S+) \) \( (\S+) (\S+) \)", text).groups()]
    comps = re.search(r"^COMPONENTS \d+ ;(.*?)^END COMPONENTS", text, re.M | re.S).group(1)
    placed = re.findall(r"- \S+ (\S+) \+ (?:PLACED|FIXED) \( (\S+) (\S+) \)", comps)
    if not placed:
        raise SystemExit(f"pnr_report.py: no placed cells in {deffile}")
    xs = [float(x) / unit for _, x, _ in placed]
    ys = [float(y) / unit for _, _, y in placed]
    # The core: the bounding box of every placed cell, fillers included.
    x1 = max(x + sizes[c][0] for (c, _, _), x in zip(placed, xs))
    y1 = max(y + sizes[c][1] for (c, _, _), y in zip(placed, ys))
    core = (x1 - min(xs)) * (y1 - min(ys))
    cells = [c for c, _, _ in placed if not c.startswith("FILL")]
    cell_area = sum(sizes[c][0] * sizes[c][1] for c in cells)
    return {"die_mm2": round((die[2] - die[0]) * (die[3] - die[1]) / 1e6, 4),
            "core_mm2": round(core / 1e6, 4), "cell_mm2": round(cell_area / 1e6, 4),
            "utilization": round(cell_area / core, 3), "cells": len(cells),
            "flip_flops": sum(1 for c in cells if c.startswith("DFF"))}


def point(d, top, elem, bus, lef):
    d = pathlib.Path(d)
    sizes = lef_sizes(lef)
    row = {"module": top, "elem_bytes": int(elem), "bus_bytes": int(bus),
           "technology": "osu018 (0.18 um, qflow-tech-osu018)",
           **layout(d / "layout" / f"{top}.def", sizes)}
    drc = re.findall(r"^drc = (\d+)", (d / "log" / "drc.log").read_text(), re.M)
    lvs = (d / "log" / "lvs.log").read_text()
    if not drc or int(drc[-1]) or "Total errors = 0" not in lvs:
        raise SystemExit(f"pnr_report.py: {d}: DRC ({drc}) or LVS (log/lvs.log) not clean")
    row["drc_errors"] = 0
    row["lvs_errors"] = 0
    name = f"{top}-e{elem}-b{bus}-routed"
    log = (d / f"{name}-sta.log").read_text()
    found = {float(m.group(1)): m for m in re.finditer(r"^budget (\S+) wns \S+ tns \S+ period (\S+)$", log, re.M)}
    flops = flop_outputs(d / "synthesis" / f"{top}.rtlnopwr.v")
    for budget, tag in BUDGETS:
        if budget not in found:
            raise SystemExit(f"pnr_report.py: OpenSTA reported no budget {budget} in {d / name}-sta.log")
        fmax = 1000 / float(found[budget].group(2))
        row[tag] = {"fmax_mhz": round(fmax, 1), "gb_per_s": round(int(bus) * fmax / 1000, 2),
                    **critical_path(d / f"{name}-{tag}.txt", flops)}
    row["step_seconds"] = {s: int(t) for s, t in
                           (line.split() for line in (d / "steps.tsv").read_text().splitlines())}
    row["commit"] = (d / "commit").read_text().strip()
    print(json.dumps(row, indent=2))


def loads(rc):
    out = []
    for line in pathlib.Path(rc).read_text().splitlines():
        tokens = line.replace("(", " ( ").replace(")", " ) ").replace(",", " ").split()
        if len(tokens) < 4:
            continue
        cap = sum(float(tokens[i + 2]) for i, t in enumerate(tokens) if t == "(")
        driver = tokens[2]  # a cell's pin, or PIN/name for an input port: its net's name
        net = (f"{{{driver[4:]}}}" if driver.startswith("PIN/")
               else f"-of_objects [get_pins {{{driver}}}]")
        out.append(f"set_load {cap:.6g} [get_nets {net}]")
    return "\n".join(out) + "\n"


def table(paths):
    rows = sorted((json.loads(pathlib.Path(p).read_text()) for p in paths),
                  key=lambda r: (r["module"], r["elem_bytes"], r["bus_bytes"]))
    lines = ["| module | E | B | cells | flip-flops | die (mm²) | core (mm²) | cells (mm²) | utilization "
             "| DRC errors | LVS errors | Fmax, I/O 0 % (MHz) | Fmax, I/O 20 % (MHz) | GB/s | place, route (min) | commit |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        s = r["step_seconds"]
        lines.append(f"| {r['module']} | {r['elem_bytes']} | {r['bus_bytes']} | {r['cells']} | {r['flip_flops']} | "
                     f"{r['die_mm2']} | {r['core_mm2']} | {r['cell_mm2']} | {r['utilization'] * 100:.0f} % | "
                     f"{r['drc_errors']} | {r['lvs_errors']} | {r['io0']['fmax_mhz']} | "
                     f"{r['io20']['fmax_mhz']} | {r['io0']['gb_per_s']} | "
                     f"{s['place'] / 60:.1f}, {s['route'] / 60:.1f} | {r['commit']} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    parser = argparse.ArgumentParser(usage=__doc__)
    parser.add_argument("--table", action="store_true")
    parser.add_argument("--loads", action="store_true")
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args()
    if args.table:
        sys.stdout.write(table(args.paths))
    elif args.loads and len(args.paths) == 1:
        sys.stdout.write(loads(args.paths[0]))
    elif len(args.paths) == 5:
        point(*args.paths)
    else:
        raise SystemExit(__doc__)
