#!/usr/bin/env python3
"""Summarises a merged Verilator coverage.dat by kind (line, branch, toggle)
and by RTL file, and lists every point no test reached.
  coverage-summary.py COVERAGE.DAT [COMMIT]

A point is counted once per module, over all its instances and parameter
points (the module view, as `verilator_coverage -annotate` sums them): a
line inside `if (Dpr ...)` is reached by the E=4 codec even where an E=1
instance of the same module cannot reach it. Each file is checked against
the goal of issue 23 (line >= 98 %, toggle >= 95 %)."""
import collections
import sys


LINE_GOAL, TOGGLE_GOAL = 98.0, 95.0


def read_points(path):
    """{(file, kind, line, point, name): count summed over instances}."""
    points = collections.Counter()
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if not line.startswith("C '"):
                continue
            body, count = line.rsplit(" ", 1)
            # Keys and values are separated by \x02, pairs by \x01.
            fields = dict(pair.split("\x02", 1) for pair in body[3:-1].split("\x01") if "\x02" in pair)
            kind = fields.get("page", "").split("/")[0].replace("v_", "") or "other"
            name = fields.get("f", "?").rsplit("/", 1)[-1]
            key = (name, kind, int(fields.get("l", 0)), fields.get("n", ""), fields.get("o", ""))
            points[key] += int(count)
    return points


def main(path, commit=None):
    points = read_points(path)
    totals, hits = collections.Counter(), collections.Counter()
    per_file = collections.defaultdict(collections.Counter)
    missed = collections.defaultdict(list)
    for (name, kind, line, _, what), count in points.items():
        totals[kind] += 1
        per_file[name][kind + "_total"] += 1
        if count > 0:
            hits[kind] += 1
            per_file[name][kind + "_hit"] += 1
        else:
            missed[name].append((line, kind, what))
    if commit:
        print(f"Measured at {commit} (`tools/rtl-coverage.sh`).")
        print()
    print("| kind | points hit | points | coverage |")
    print("|---|---|---|---|")
    for kind in sorted(totals):
        print(f"| {kind} | {hits[kind]} | {totals[kind]} | {100.0 * hits[kind] / totals[kind]:.1f} % |")
    print()
    kinds = sorted(totals)
    print("| file | " + " | ".join(kinds) + " | goal |")
    print("|---|" + "---|" * (len(kinds) + 1))
    for name in sorted(per_file):
        c = per_file[name]
        cells = []
        pct = {}
        for kind in kinds:
            t = c[kind + "_total"]
            pct[kind] = 100.0 * c[kind + "_hit"] / t if t else 100.0
            cells.append(f"{pct[kind]:.1f} %" if t else "-")
        met = pct.get("line", 100.0) >= LINE_GOAL and pct.get("toggle", 100.0) >= TOGGLE_GOAL
        print(f"| {name} | " + " | ".join(cells) + f" | {'met' if met else 'missed'} |")
    print()
    if not missed:
        print("Every point was reached.")
        return
    print("Points no test reached (file: line kind what):")
    print()
    for name in sorted(missed):
        items = ", ".join(f"{line} {kind} `{what}`" for line, kind, what in sorted(missed[name]))
        print(f"- {name}: {items}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "coverage.dat", sys.argv[2] if len(sys.argv) > 2 else None)
