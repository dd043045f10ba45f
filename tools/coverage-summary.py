#!/usr/bin/env python3
"""Summarises a merged Verilator coverage.dat by kind (line, branch, toggle)
and by RTL file: points hit at least once / points."""
import collections
import sys


def main(path):
    totals = collections.Counter()
    hits = collections.Counter()
    per_file = collections.defaultdict(collections.Counter)
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if not line.startswith("C '"):
                continue
            body, count = line.rsplit(" ", 1)
            # Keys and values are separated by \x02, pairs by \x01.
            fields = {}
            for pair in body[3:-1].split("\x01"):
                if "\x02" in pair:
                    key, value = pair.split("\x02", 1)
                    fields[key] = value
            page = fields.get("page", "")
            kind = page.split("/")[0].replace("v_", "") or "other"
            name = fields.get("f", "?").rsplit("/", 1)[-1]
            totals[kind] += 1
            per_file[name][kind + "_total"] += 1
            if int(count) > 0:
                hits[kind] += 1
                per_file[name][kind + "_hit"] += 1
    print("| kind | points hit | points | coverage |")
    print("|---|---|---|---|")
    for kind in sorted(totals):
        print(f"| {kind} | {hits[kind]} | {totals[kind]} | {100.0 * hits[kind] / totals[kind]:.1f} % |")
    print()
    kinds = sorted(totals)
    print("| file | " + " | ".join(kinds) + " |")
    print("|---|" + "---|" * len(kinds))
    for name in sorted(per_file):
        c = per_file[name]
        cells = []
        for kind in kinds:
            t = c[kind + "_total"]
            cells.append(f"{100.0 * c[kind + '_hit'] / t:.1f} %" if t else "-")
        print(f"| {name} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "coverage.dat")
