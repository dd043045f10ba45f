#!/usr/bin/env python3
"""Area against bus width from synth/report.py's results.json, as an SVG.

usage: synth/plot.py RESULTS_JSON OUT_SVG

45 nm area (kGE, log scale) of each module and ElemBytes over BusBytes, for
the points synthesized; EBPC's 2.8 kGE (65 nm, about 1-2 bytes per cycle) as
the reference line.
"""
import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tools"))
from svgplot import line_plot  # noqa: E402

COLORS = {"zvc_compressor": "#1f77b4", "zvc_decompressor": "#2ca02c",
          "cdma_buffer": "#9467bd", "cdma_engine": "#d62728"}
DASH = {0: "", 1: "", 2: "6 3", 4: "2 3"}


def module_series(rows, value):
    """The bus widths in rows, and one line per module and ElemBytes over
    them with value(row) at each point (synth/timing_report.py plots too)."""
    buses = sorted({r["bus_bytes"] for r in rows})
    series = []
    for module in COLORS:
        for elem in sorted({r["elem_bytes"] for r in rows if r["module"] == module}):
            pts = sorted((buses.index(r["bus_bytes"]), value(r)) for r in rows
                         if r["module"] == module and r["elem_bytes"] == elem)
            name = module if elem == 0 else f"{module} E={elem}"
            series.append({"name": name, "color": COLORS[module], "dash": DASH[elem], "points": pts})
    return buses, series


def main(results_json, out_svg):
    rows = [r for r in json.loads(pathlib.Path(results_json).read_text()) if r["flow"] == "asic"]
    if not rows:
        raise SystemExit("plot.py: no 45 nm (asic) results to plot")
    buses, series = module_series(rows, lambda r: r["kge"])
    line_plot(out_svg, "Area against bus width (Yosys 0.23, 45 nm cells)", buses,
              "BusBytes (raw bytes per cycle)", "kGE (log scale)", series, log_y=True,
              refs=[(2.8, "EBPC: 2.8 kGE, 65 nm, 1-2 B/cycle", "#555")], width=820,
              legend_width=250)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    main(*sys.argv[1:])
