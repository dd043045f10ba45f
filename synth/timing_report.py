#!/usr/bin/env python3
"""The 45 nm timing flow's results (synth/timing.sh) as JSON, tables and a plot.

usage:
  synth/timing_report.py --point BASE TOP ELEM BUS PERIOD_NS LIBERTY
      one point: reads BASE-sta.log, BASE-io0.txt, BASE-io20.txt,
      BASE-stat.json, BASE.v and BASE.commit; writes BASE.json
  synth/timing_report.py [--base JSON] RESULTS_DIR OUT_JSON OUT_MD OUT_SUMMARY_MD OUT_SVG
      every *-timing.json in RESULTS_DIR (rows of --base for the points not
      there, with their commit) into one JSON list, the docs/resources.md
      tables, the README's summary row and the Fmax-against-bus-width plot
  synth/timing_report.py --check POINT_JSON MIN_MHZ
      exits 1 unless the point's Fmax (I/O delays 0) is at least MIN_MHZ
  synth/timing_report.py --limiters BASE ROWS
      BASE-ends.txt (synth/limiters.sh) as a Markdown table: the ROWS
      registers or outputs with the longest paths into them

Per point and boundary budget (input and output delays of 0 and of 20 % of
the period): worst and total negative slack at the target period, Fmax (the
shortest period with no negative slack), the critical path there (start,
end, logic levels: the cells between them), GB/s = BusBytes x Fmax (one beat
per cycle), area in kGE (the timing netlist, buffers and upsized cells
included) and kGE per GB/s.
"""
import argparse
import json
import pathlib
import re
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tools"))
from plot import module_series  # noqa: E402
from report import liberty_areas  # noqa: E402
from svgplot import line_plot  # noqa: E402

BUDGETS = ((0, "io0"), (0.2, "io20"))


def flop_outputs(netlist):
    """Flip-flop instance -> the register (its Q net), so paths name registers."""
    text = pathlib.Path(netlist).read_text()
    return {m.group(1): m.group(2).replace("\\", "").replace(" ", "")
            for m in re.finditer(r"DFF\w*\s+(\S+)\s*\((?:[^;]*?)\.Q\(([^)]*)\)", text)}


def critical_path(report, flops):
    text = pathlib.Path(report).read_text()
    start = re.search(r"^Startpoint: (\S+) \((.*)\)", text, re.M)
    end = re.search(r"^Endpoint: (\S+) \((.*)\)", text, re.M)
    if not start or not end:
        raise SystemExit(f"timing_report.py: no path in {report}")
    arrival = text.index("data arrival time")
    cells = re.findall(r"\S+/\S+ \((\w+)\)", text[end.end():arrival])
    levels = sum(1 for c in cells if not c.startswith("DFF"))

    def name(pin, kind):
        return flops.get(pin, pin) if "flip-flop" in kind else pin
    return {"start": name(start.group(1), start.group(2)), "end": name(end.group(1), end.group(2)),
            "levels": levels}


def point(base, top, elem, bus, period, liberty):
    base = pathlib.Path(base)
    log = (base.parent / f"{base.name}-sta.log").read_text()
    found = {float(m.group(1)): m for m in re.finditer(
        r"^budget (\S+) wns (\S+) tns (\S+) period (\S+)$", log, re.M)}
    flops = flop_outputs(f"{base}.v")
    cells = json.loads((base.parent / f"{base.name}-stat.json").read_text())["design"]["num_cells_by_type"]
    areas = liberty_areas(liberty)
    area = sum(areas[t] * n for t, n in cells.items())
    kge = area / areas["NAND2X1"] / 1000
    row = {"module": top, "elem_bytes": int(elem), "bus_bytes": int(bus), "target_ns": float(period),
           "kge": round(kge, 2), "flip_flops": sum(n for t, n in cells.items() if t.startswith("DFF")),
           "commit": (base.parent / f"{base.name}.commit").read_text().strip()}
    for budget, tag in BUDGETS:
        m = found.get(budget)
        if m is None:
            raise SystemExit(f"timing_report.py: OpenSTA reported no budget {budget} for {base}")
        min_period = float(m.group(4))
        fmax = 1000 / min_period
        row[tag] = {"wns_ns": float(m.group(2)), "tns_ns": float(m.group(3)),
                    "min_period_ns": min_period, "fmax_mhz": round(fmax, 1),
                    "gb_per_s": round(int(bus) * fmax / 1000, 1),
                    "kge_per_gb_per_s": round(kge / (int(bus) * fmax / 1000), 3),
                    **critical_path(base.parent / f"{base.name}-{tag}.txt", flops)}
    pathlib.Path(f"{base}.json").write_text(json.dumps(row, indent=2) + "\n")


def check(point_json, min_mhz):
    row = json.loads(pathlib.Path(point_json).read_text())
    t = row["io0"]
    print(f"{row['module']} E={row['elem_bytes']} B={row['bus_bytes']}: Fmax {t['fmax_mhz']} MHz "
          f"({t['gb_per_s']} GB/s), slack {t['wns_ns']} ns at {row['target_ns']} ns, "
          f"{t['levels']} levels {t['start']} -> {t['end']}")
    if t["fmax_mhz"] < float(min_mhz):
        raise SystemExit(f"timing_report.py: Fmax {t['fmax_mhz']} MHz is below the floor of {min_mhz} MHz")


def key(row):
    return (row["module"], row["elem_bytes"], row["bus_bytes"])


def tables(rows):
    target = sorted({r["target_ns"] for r in rows})
    lines = [f"Target period {', '.join(f'{t:g}' for t in target)} ns. Slack at the target; "
             "Fmax, GB/s and the critical path at the shortest period with no negative slack.", ""]
    for budget, tag in BUDGETS:
        lines += [f"#### Input and output delays {round(budget * 100)} % of the period", "",
                  "| module | E | B | slack (ns) | TNS (ns) | Fmax (MHz) | GB/s | kGE | kGE per GB/s "
                  "| critical path | levels | commit |",
                  "|---|---|---|---|---|---|---|---|---|---|---|---|"]
        for r in rows:
            t = r[tag]
            lines.append(f"| {r['module']} | {r['elem_bytes'] or '–'} | {r['bus_bytes']} | "
                         f"{t['wns_ns']:.3f} | {t['tns_ns']:.1f} | {t['fmax_mhz']} | {t['gb_per_s']} | "
                         f"{r['kge']} | {t['kge_per_gb_per_s']} | `{t['start']}` → `{t['end']}` | "
                         f"{t['levels']} | {r['commit']} |")
        lines.append("")
    return "\n".join(lines)


def summary(rows):
    paper = [r for r in rows if r["elem_bytes"] in (0, 4) and r["bus_bytes"] == 32]
    lines = ["| module (E=4, B=32; 45 nm, OpenSTA) | Fmax, I/O delays 0 / 20 % (MHz) | GB/s | "
             "slack at 1 GHz (ns) | logic levels | kGE | commit |", "|---|---|---|---|---|---|---|"]
    for r in paper:
        a, b = r["io0"], r["io20"]
        lines.append(f"| {r['module']} | {a['fmax_mhz']:.0f} / {b['fmax_mhz']:.0f} | {a['gb_per_s']} | "
                     f"{a['wns_ns']:.3f} | {a['levels']} | {r['kge']} | {r['commit']} |")
    return "\n".join(lines) + "\n"


def plot(rows, out_svg):
    buses, series = module_series(rows, lambda r: r["io0"]["fmax_mhz"])
    line_plot(out_svg, "Fmax against bus width (45 nm gscl45nm, OpenSTA, I/O delays 0)", buses,
              "BusBytes (raw bytes per cycle)", "Fmax (MHz)", series,
              refs=[(1000, "goal: 1 GHz", "#555")], width=820, legend_width=250)


def report(results_dir, out_json, out_md, out_summary, out_svg, base=None):
    rows = [json.loads(p.read_text()) for p in sorted(pathlib.Path(results_dir).glob("*-timing.json"))]
    if base and pathlib.Path(base).is_file():
        fresh = {key(r) for r in rows}
        rows += [r for r in json.loads(pathlib.Path(base).read_text()) if key(r) not in fresh]
    if not rows:
        raise SystemExit(f"timing_report.py: no *-timing.json in {results_dir}")
    rows.sort(key=lambda r: (r["module"], r["elem_bytes"], r["bus_bytes"]))
    pathlib.Path(out_json).write_text(json.dumps(rows, indent=2) + "\n")
    pathlib.Path(out_md).write_text(tables(rows))
    pathlib.Path(out_summary).write_text(summary(rows))
    plot(rows, out_svg)

def limiters(base, rows):
    """Per register (a flip-flop's Q net without its indices) or output
    port: the shortest period its slowest input path allows (the 1 ns
    target minus its slack)."""
    base = pathlib.Path(base)
    flops = flop_outputs(f"{base}.v")
    point = json.loads(pathlib.Path(f"{base}.json").read_text())
    worst = {}
    for m in re.finditer(r"^(\S+?)(/D)? \((\w+)\)\s+\S+\s+\S+\s+(-?[\d.]+)",
                         (base.parent / f"{base.name}-ends.txt").read_text(), re.M):
        name = flops.get(m.group(1), m.group(1)) if m.group(2) else m.group(1)
        reg = re.sub(r"(\[\d+\])+$", "", name)
        period = point["target_ns"] - float(m.group(4))
        if period > worst.get(reg, 0):
            worst[reg] = period
    if not worst:
        raise SystemExit(f"timing_report.py: no endpoints in {base}-ends.txt")
    # The slowest endpoint must give the shortest period that timing.sh's
    # bisection found (to its 1 ps step and OpenSTA's rounding).
    slowest, found = max(worst.values()), point["io0"]["min_period_ns"]
    if abs(slowest - found) > 0.01:
        raise SystemExit(f"timing_report.py: the slowest endpoint needs {slowest:.3f} ns, "
                         f"but {base}.json says {found:.3f} ns")
    print(f"{point['module']} at E={point['elem_bytes']} B={point['bus_bytes']}, I/O delays 0, "
          f"at {point['commit']}: the {rows} registers or outputs with the longest paths into them.\n")
    print("| register or output | slowest path in (ns) | Fmax if it were the only limit (MHz) |")
    print("|---|---|---|")
    for reg, period in sorted(worst.items(), key=lambda kv: -kv[1])[:int(rows)]:
        print(f"| `{reg}` | {period:.2f} | {1000 / period:.0f} |")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(usage=__doc__)
    parser.add_argument("--point", action="store_true")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--limiters", action="store_true")
    parser.add_argument("--base")
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args()
    if args.point and len(args.paths) == 6:
        point(*args.paths)
    elif args.check and len(args.paths) == 2:
        check(*args.paths)
    elif args.limiters and len(args.paths) == 2:
        limiters(*args.paths)
    elif not (args.point or args.check or args.limiters) and len(args.paths) == 5:
        report(*args.paths, base=args.base)
    else:
        raise SystemExit(__doc__)
