#!/usr/bin/env python3
"""Summarises a merged Verilator coverage.dat by kind (line, branch, toggle)
and by RTL file, and lists every point no test reached.
  coverage-summary.py COVERAGE.DAT [COMMIT [EXCLUSIONS]]

A point is counted once per module, over all its instances and parameter
points (the module view, as `verilator_coverage -annotate` sums them): a
line inside `if (Dpr ...)` is reached by the E=4 codec even where an E=1
instance of the same module cannot reach it. Each file is checked against
the goal of issue 23 (line >= 98 %, toggle >= 95 %). Toggle points that no
bench can reach are listed with the reason in EXCLUSIONS
(tools/coverage-exclusions.txt); the goal counts toggles without them, the
table shows both. An exclusion line that matches no unreached point is
stale and fails the run."""
import collections
import re
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


def read_exclusions(path):
    """[(reason key, reason text, file, signal regex, bits or None, source line)]."""
    rules, key, text = [], None, {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            if line.startswith("=="):
                key, _, reason = line[2:].strip().partition(":")
                text[key] = reason.strip()
                continue
            name, signal, bits = line.split()
            wanted = None
            if bits != "*":
                wanted = set()
                for part in bits.split(","):
                    lo, _, hi = part.partition("-")
                    wanted.update(range(int(lo), int(hi or lo) + 1))
                wanted = frozenset(wanted)
            rules.append((key, name, re.compile(signal), wanted, number))
    return rules, text


def excluded_by(rules, name, what):
    """The rule that excludes toggle point `what` of file `name`, or None."""
    m = re.fullmatch(r"(.*)\[(\d+)\]", what)
    signal, bit = (m.group(1), int(m.group(2))) if m else (what, None)
    for rule in rules:
        _, file, pattern, bits, _ = rule
        if file == name and pattern.fullmatch(signal) and (bits is None or bit in bits):
            return rule
    return None


def pct(hit, total):
    return 100.0 * hit / total if total else 100.0


def main(path, commit=None, exclusions=None):
    points = read_points(path)
    rules, reasons = read_exclusions(exclusions) if exclusions else ([], {})
    totals, hits = collections.Counter(), collections.Counter()
    per_file = collections.defaultdict(collections.Counter)
    missed = collections.defaultdict(list)
    used = collections.defaultdict(list)  # rule -> excluded points
    for (name, kind, line, _, what), count in points.items():
        totals[kind] += 1
        per_file[name][kind + "_total"] += 1
        if count > 0:
            hits[kind] += 1
            per_file[name][kind + "_hit"] += 1
            continue
        rule = excluded_by(rules, name, what) if kind == "toggle" else None
        if rule:
            used[rule].append(what)
            per_file[name]["excluded"] += 1
        else:
            missed[name].append((line, kind, what))
    stale = [rule for rule in rules if rule not in used]
    for rule in stale:
        print(f"{exclusions}:{rule[4]}: {rule[1]} {rule[2].pattern}: no unreached point", file=sys.stderr)
    if commit:
        print(f"Measured at {commit} (`tools/rtl-coverage.sh`).")
        print()
    excluded = sum(c["excluded"] for c in per_file.values())
    print("| kind | points hit | points | coverage |")
    print("|---|---|---|---|")
    for kind in sorted(totals):
        print(f"| {kind} | {hits[kind]} | {totals[kind]} | {pct(hits[kind], totals[kind]):.1f} % |")
    if "toggle" in totals:
        print(f"| toggle, without the {excluded} excluded points | {hits['toggle']} | "
              f"{totals['toggle'] - excluded} | {pct(hits['toggle'], totals['toggle'] - excluded):.1f} % |")
    print()
    kinds = sorted(totals)
    print("| file | " + " | ".join(kinds) + " | toggle without exclusions | goal |")
    print("|---|" + "---|" * (len(kinds) + 2))
    for name in sorted(per_file):
        c = per_file[name]
        cells = [f"{pct(c[k + '_hit'], c[k + '_total']):.1f} %" if c[k + "_total"] else "-" for k in kinds]
        toggle = pct(c["toggle_hit"], c["toggle_total"] - c["excluded"])
        cells.append(f"{toggle:.1f} % ({c['excluded']} excluded)" if c["excluded"] else "-")
        met = pct(c["line_hit"], c["line_total"]) >= LINE_GOAL and toggle >= TOGGLE_GOAL
        print(f"| {name} | " + " | ".join(cells) + f" | {'met' if met else 'missed'} |")
    print()
    if used:
        print(f"Excluded toggle points, by reason (`{exclusions}`):")
        print()
        by_reason = collections.defaultdict(collections.Counter)
        for rule, whats in used.items():
            by_reason[rule[0]][rule[1]] += len(whats)
        for key in sorted(by_reason, key=list(reasons).index):
            where = ", ".join(f"{name} {n}" for name, n in sorted(by_reason[key].items()))
            print(f"- {reasons[key]} ({where})")
        print()
    if not missed:
        print("Every other point was reached.")
    else:
        print("Points no test reached and no exclusion explains (file: line kind what):")
        print()
        for name in sorted(missed):
            items = ", ".join(f"{line} {kind} `{what}`" for line, kind, what in sorted(missed[name]))
            print(f"- {name}: {items}")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]) if len(sys.argv) > 1 else main("coverage.dat"))
