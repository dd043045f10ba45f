#!/usr/bin/env python3
"""tools/coverage-summary.py on a small coverage file: an excluded point
leaves the toggle goal's denominator, a reached point is never excluded, an
unexplained one is listed, and an exclusion that matches nothing fails.
Then the shipped exclusions: every file they name is in rtl/, and the
network selects they exclude are ones tools/network-reach.py finds unset.
  coverage_summary_test.py REPOSITORY"""
import importlib.util
import pathlib
import subprocess
import sys
import tempfile

root = pathlib.Path(sys.argv[1])
summary = root / "tools/coverage-summary.py"


def point(file, line, kind, name, count):
    fields = {"f": f"rtl/{file}", "l": str(line), "page": f"v_{kind}/m", "o": name, "h": "top.m"}
    body = "".join(f"\x01{k}\x02{v}" for k, v in fields.items())
    return f"C '{body}' {count}\n"


def run(tmp, points, rules):
    dat, exc = tmp / "coverage.dat", tmp / "exclusions.txt"
    dat.write_text("# SystemC::Coverage-3\n" + "".join(point(*p) for p in points))
    exc.write_text(rules)
    return subprocess.run([sys.executable, summary, dat, "abc1234", exc], capture_output=True, text=True)


with tempfile.TemporaryDirectory() as d:
    tmp = pathlib.Path(d)
    points = [("a.sv", 3, "line", "", 5)]
    points += [("a.sv", 4, "toggle", f"len[{b}]", 0 if b >= 16 else 2) for b in range(32)]
    points += [("a.sv", 5, "toggle", "flag", 0)]
    rules = "== len: lengths\na.sv len 16-31\n"
    r = run(tmp, points, rules)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    # 16 of 33 toggles reached; 16 excluded; the flag is the one left unexplained.
    assert "| toggle | 16 | 33 | 48.5 % |" in out, out
    assert "| toggle, without the 16 excluded points | 16 | 17 | 94.1 % |" in out, out
    assert "| a.sv | 100.0 % | 48.5 % | 94.1 % (16 excluded) | missed |" in out, out
    assert "- lengths (a.sv 16)" in out, out
    assert "5 toggle `flag`" in out and "`len[16]`" not in out, out
    # A reached bit is not excluded even when a rule names it.
    r = run(tmp, points, "== len: lengths\na.sv len 15-31\na.sv flag *\n")
    assert r.returncode == 0 and "(17 excluded) | met |" in r.stdout, r.stdout
    # A rule that matches no unreached point is stale: the run fails and says which line.
    r = run(tmp, points, rules + "a.sv len 0-3\n")
    assert r.returncode == 1 and "exclusions.txt:3: a.sv len: no unreached point" in r.stderr, r.stderr
# The shipped list.
spec = importlib.util.spec_from_file_location("summary", summary)
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
rules, reasons = module.read_exclusions(root / "tools/coverage-exclusions.txt")
sources = {p.name for p in (root / "rtl").rglob("*.sv")}
assert rules and all(rule[0] in reasons and rule[1] in sources for rule in rules), rules
unset = subprocess.run([sys.executable, root / "tools/network-reach.py", "36:4", "34:2"],
                       capture_output=True, text=True, check=True).stdout.strip()
never = set()
for part in unset.split(","):
    lo, _, hi = part.partition("-")
    never.update(range(int(lo), int(hi or lo) + 1))
network = [rule for rule in rules if rule[0] == "network"]
assert network and all(rule[3] <= never for rule in network), (unset, network)
print("coverage-summary: ok")
