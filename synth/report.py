#!/usr/bin/env python3
"""Turns synth/synth.sh results into results.json and Markdown tables.

usage: synth/report.py [--base JSON] RESULTS_DIR LIBERTY OUT_JSON OUT_MD [OUT_SUMMARY_MD]

Every row names the commit it was synthesized at (synth.sh writes it beside
each point). --base JSON: rows of an earlier results.json (the committed
docs/resources.json) for points not in RESULTS_DIR are kept, with their
commit, so a partial sweep replaces only the points it ran.

OUT_SUMMARY_MD gets the README's short table: the paper's configuration
(ElemBytes 4, BusBytes 32) in every flow synthesized.

Area for the asic flow comes from the liberty's cell areas times Yosys's cell
counts (Yosys 0.23's `stat -json` has no area); kGE = area / NAND2X1 area.
"""
import argparse
import json
import pathlib
import re
import sys


def liberty_areas(path):
    text = pathlib.Path(path).read_text(encoding="utf-8", errors="replace")
    areas = {}
    for match in re.finditer(r"cell\s*\(\s*\"?(\w+)\"?\s*\)\s*\{(.*?)\barea\s*:\s*([0-9.]+)", text, re.S):
        areas[match.group(1)] = float(match.group(3))
    return areas


def cells_kge(cells, areas, black_boxes=()):
    """kGE of Yosys's cell count by type; black boxes (SRAM macros) count no area."""
    missing = [t for t in cells if t not in areas and t not in black_boxes]
    if missing:
        raise SystemExit(f"report.py: cells {missing} are not in the liberty")
    return sum(areas[t] * n for t, n in cells.items() if t not in black_boxes) / areas["NAND2X1"] / 1000


def summarize(flow, design, areas, bus):
    cells = design.get("num_cells_by_type", {})
    row = {"cells": design.get("num_cells", 0)}
    if flow == "generic":
        row["transistors"] = int(str(design.get("estimated_num_transistors", "0")).rstrip("+"))
        row["flip_flops"] = sum(n for t, n in cells.items() if "DFF" in t.upper())
    elif flow == "asic":
        missing = [t for t in cells if t not in areas]
        if missing:
            raise SystemExit(f"report.py: cells {missing} are not in the liberty")
        area = sum(areas[t] * n for t, n in cells.items())
        row["area_um2"] = round(area, 1)
        row["kge"] = round(area / areas["NAND2X1"] / 1000, 2)
        # The comparison with EBPC (2.8 kGE for 1-2 B/cycle): area per byte per cycle.
        row["kge_per_byte_per_cycle"] = round(row["kge"] / bus, 2)
        row["flip_flops"] = sum(n for t, n in cells.items() if t.startswith("DFF"))
    elif flow == "ice40":
        row["lut4"] = cells.get("SB_LUT4", 0)
        row["ff"] = sum(n for t, n in cells.items() if t.startswith("SB_DFF"))
        row["carry"] = cells.get("SB_CARRY", 0)
        row["bram"] = sum(n for t, n in cells.items() if t.startswith("SB_RAM"))
    elif flow == "ecp5":
        row["lut4"] = cells.get("LUT4", 0)
        row["ff"] = cells.get("TRELLIS_FF", 0)
        row["carry"] = cells.get("CCU2C", 0)
        row["bram"] = cells.get("DP16KD", 0)
    elif flow == "xilinx":
        row["lut"] = sum(n for t, n in cells.items() if t.startswith("LUT"))
        row["ff"] = sum(n for t, n in cells.items() if t in ("FDRE", "FDSE", "FDCE", "FDPE"))
        row["carry"] = cells.get("CARRY4", 0)
        row["bram"] = sum(n for t, n in cells.items() if t.startswith("RAMB"))
    return row


COLUMNS = {
    "generic": ["cells", "flip_flops", "transistors"],
    "asic": ["area_um2", "kge", "kge_per_byte_per_cycle", "flip_flops"],
    "ice40": ["lut4", "ff", "carry", "bram"],
    "ecp5": ["lut4", "ff", "carry", "bram"],
    "xilinx": ["lut", "ff", "carry", "bram"],
}
TITLES = {
    "generic": "Generic gates (`synth`, `stat -tech cmos`)",
    "asic": "45 nm standard cells (OSU FreePDK45 `gscl45nm.lib`)",
    "ice40": "Lattice iCE40 (`synth_ice40`)",
    "ecp5": "Lattice ECP5 (`synth_ecp5`)",
    "xilinx": "Xilinx 7-series (`synth_xilinx -noiopad`)",
}


def paper_summary(results):
    rows = [r for r in results if r["elem_bytes"] in (0, 4) and r["bus_bytes"] == 32]
    lines = ["| module (E=4, B=32; buffer 64 beats) | 45 nm kGE | kGE per B/cycle | generic cells | iCE40 LUT4 / FF | ECP5 LUT4 / FF | 7-series LUT / FF | commit |",
             "|---|---|---|---|---|---|---|---|"]
    for module in sorted({r["module"] for r in rows}):
        by_flow = {r["flow"]: r for r in rows if r["module"] == module}

        def cell(flow, *keys):
            r = by_flow.get(flow)
            return " / ".join(str(r[k]) for k in keys) if r else "not run"
        lines.append(f"| {module} | {cell('asic', 'kge')} | {cell('asic', 'kge_per_byte_per_cycle')} | "
                     f"{cell('generic', 'cells')} | {cell('ice40', 'lut4', 'ff')} | "
                     f"{cell('ecp5', 'lut4', 'ff')} | {cell('xilinx', 'lut', 'ff')} | "
                     f"{', '.join(sorted({r['commit'] for r in by_flow.values()}))} |")
    return "\n".join(lines) + "\n"


def key(row):
    return (row["module"], row["elem_bytes"], row["bus_bytes"], row["flow"])


def main(results_dir, liberty, out_json, out_md, out_summary=None, base=None):
    areas = liberty_areas(liberty) if pathlib.Path(liberty).is_file() else {}
    results = []
    for path in sorted(pathlib.Path(results_dir).glob("*.json")):
        match = re.fullmatch(r"(\w+)-e(\d+)-b(\d+)-(\w+)", path.stem)
        if not match:
            continue
        top, elem, bus, flow = match.group(1), int(match.group(2)), int(match.group(3)), match.group(4)
        design = json.loads(path.read_text())["design"]
        commit_file = path.with_suffix(".commit")
        if not commit_file.is_file():
            raise SystemExit(f"report.py: {commit_file} is missing (synth.sh writes it)")
        results.append({"module": top, "elem_bytes": elem, "bus_bytes": bus, "flow": flow,
                         **summarize(flow, design, areas, bus), "commit": commit_file.read_text().strip()})
    if base:
        fresh = {key(r) for r in results}
        results += [r for r in json.loads(pathlib.Path(base).read_text()) if key(r) not in fresh]
    results.sort(key=lambda r: (r["flow"], r["module"], r["elem_bytes"], r["bus_bytes"]))
    pathlib.Path(out_json).write_text(json.dumps(results, indent=2) + "\n")
    lines = []
    for flow in COLUMNS:
        rows = [r for r in results if r["flow"] == flow]
        if not rows:
            continue
        lines += [f"### {TITLES[flow]}", "",
                  "| module | E | B | " + " | ".join(COLUMNS[flow]) + " | commit |",
                  "|---|---|---|" + "---|" * (len(COLUMNS[flow]) + 1)]
        for r in rows:
            cells = " | ".join(str(r.get(c, "")) for c in COLUMNS[flow])
            elem = r["elem_bytes"] or "–"
            lines.append(f"| {r['module']} | {elem} | {r['bus_bytes']} | {cells} | {r['commit']} |")
        lines.append("")
    pathlib.Path(out_md).write_text("\n".join(lines))
    if out_summary:
        pathlib.Path(out_summary).write_text(paper_summary(results))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(usage=__doc__)
    parser.add_argument("--base")
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args()
    if len(args.paths) not in (4, 5):
        raise SystemExit(__doc__)
    main(*args.paths, base=args.base)
