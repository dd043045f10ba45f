#!/usr/bin/env bash
# The offload experiment: runs the exp_dma_bB_dD models (tb/CMakeLists.txt),
# then writes its tables into docs/dma.md (between the experiment markers),
# the knee plot to docs/figures/dma-buffer-knee.svg and the bus-efficiency
# curve (streams of COPY descriptors) to docs/figures/dma-efficiency.svg.
# Fails if a speed-up misses the goal 0.95 * min(BusBytes, 16 * ratio) / 16.
# Usage: tools/dma-experiment.sh BUILD_TB_DIR SOURCE_DIR
set -euo pipefail
tbdir=$1 src=$2
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for bus in 32 64; do
  for depth in 64 128 256 384 512 1024; do
    args=(experiment)
    [ "$depth" = 1024 ] && args+=(speedup)
    "$tbdir/exp_dma_b${bus}_d${depth}" "${args[@]}" >>"$out"
  done
  "$tbdir/exp_dma_b${bus}_d1024" efficiency >>"$out"
done
commit=$("$src/tools/source-commit.sh" rtl tb/dma_tb.cpp tb/CMakeLists.txt tools/dma-experiment.sh data/sample)
python3 - "$out" "$src" "$commit" <<'PY'
import pathlib, subprocess, sys
rows = [l.split() for l in open(sys.argv[1])]
src = pathlib.Path(sys.argv[2])
commit = sys.argv[3]
knee = {}
for r in rows:
    if r[0] == "knee":
        bus, depth, raw, cycles = int(r[1]), int(r[2]), int(r[3]), int(r[4])
        knee[(bus, depth)] = raw / cycles
depths = sorted({d for _, d in knee})
md = ["Effective raw bytes per cycle of an OFFLOAD of 1 MiB of synthetic fp32 at 90 % zeros "
      "(the link is not the limit: the payload needs about 4 B/cycle), against the landing buffer depth. "
      "Read latency 350 cycles, `MaxBurstBeats` 16, `MaxReads` 64. The knee is at bandwidth × latency: "
      "350 beats (11.2 KB at 32 B/beat, 22.4 KB at 64 B/beat).", "",
      "| BufferBeats | KB at B=32 | raw B/cycle at B=32 | KB at B=64 | raw B/cycle at B=64 |", "|---|---|---|---|---|"]
for d in depths:
    md.append(f"| {d} | {d * 32 / 1000:.1f} | {knee[(32, d)]:.1f} | {d * 64 / 1000:.1f} | {knee[(64, d)]:.1f} |")
md += ["", "![buffer knee](figures/dma-buffer-knee.svg)", "",
       "Offload (device → host over the 16 B/cycle link) and prefetch (host → device) with compression "
       "against plain COPY the same way, `BufferBeats` 1024; cycles from descriptor to status. "
       "Goal: speed-up ≥ 0.95 × min(BusBytes, 16 × ratio) / 16, for transfers long enough that the "
       "350-cycle latency is small against them (at least 10 × 350 beats); shorter ones are latency-bound "
       "whatever the engine does (a lone descriptor pays the latency once). The last two columns: the same "
       "OFFLOAD writing its block index beside the payload (\"Block index\" above: a 4-byte write per 4 KiB), "
       "and its cycles against the plain OFFLOAD.", "",
       "| B | data | raw KiB | ZVC ratio | COPY out | OFFLOAD | speed-up | goal | COPY back | PREFETCH | speed-up | OFFLOAD with block index | its cost |",
       "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
missed = []
for r in rows:
    if r[0] != "speedup":
        continue
    bus, ratio, raw = int(r[1]), float(r[2]), int(r[3])
    copy, off, pre, back, off_idx = (int(x) for x in r[4:9])
    name = " ".join(r[9:])
    s_off, s_pre = copy / off, back / pre
    goal = 0.95 * min(bus, 16 * ratio) / 16
    if raw < 10 * 350 * bus:
        verdict = f"{goal:.2f}× (latency-bound)"
    elif s_off >= goal:
        verdict = f"{goal:.2f}× met"
    else:
        verdict = f"{goal:.2f}× **missed**"
        missed.append(f"B={bus} {name}: {s_off:.2f} < {goal:.2f}")
    md.append(f"| {bus} | {name} | {raw / 1024:.0f} | {ratio:.2f} | {copy} | {off} | {s_off:.2f}× | {verdict} | {back} | {pre} | {s_pre:.2f}× | {off_idx} | {100 * (off_idx / off - 1):+.1f} % |")
# Bus efficiency: streams of COPY descriptors (issue 20's goal, next to AMD's figures).
eff = {}
for r in rows:
    if r[0] == "efficiency":
        bus, size, count, cycles = (int(x) for x in r[1:5])
        eff[(bus, size)] = (count, cycles, count * size / bus / cycles)
sizes = sorted({s for _, s in eff})
def size_name(s):
    return f"{s >> 20} MiB" if s >= 1 << 20 else f"{s >> 10} KiB" if s >= 1 << 10 else f"{s} B"
md += ["", "Bus efficiency: a stream of COPY descriptors of one size (always one waiting), memory 350 "
       "cycles away at one beat per cycle each way, no link limit, `BufferBeats` 1024, `MaxReads` 64, "
       "`MaxDescs` 64; the fraction of "
       "cycles that carry a data beat on R (W carries as many), from the first descriptor to the last "
       "status. For comparison, AMD's product guides: AXI DMA (PG021) S2MM 74.6 % and MM2S 99.8 % of "
       "theoretical on 10,000-byte transfers; AXI CDMA (PG034) 70 % of the bus with 16-beat bursts on "
       "9,000-byte packets, up to 99 % with 64-beat bursts. Goal (issue 20): ≥ 95 % at 4 KiB, ≥ 80 % at 256 B.", "",
       "| bytes per descriptor | descriptors | cycles at B=32 | efficiency at B=32 | cycles at B=64 | efficiency at B=64 |",
       "|---|---|---|---|---|---|"]
for s in sizes:
    c32, y32, e32 = eff[(32, s)]
    _, y64, e64 = eff[(64, s)]
    md.append(f"| {size_name(s)} | {c32} | {y32} | {100 * e32:.1f} % | {y64} | {100 * e64:.1f} % |")
count64, cycles64, _ = eff[(32, 64)]
e4k, e256 = 100 * eff[(32, 4096)][2], 100 * eff[(32, 256)][2]
verdict = "met" if e4k >= 95 and e256 >= 80 else "missed"
if verdict == "missed":
    missed.append(f"bus efficiency {e4k:.1f} % at 4 KiB, {e256:.1f} % at 256 B")
per64 = (cycles64 - 350) / count64
md += ["", f"The goal (≥ 95 % at 4 KiB: {e4k:.1f} %; ≥ 80 % at 256 B: {e256:.1f} %) is {verdict}: "
       "descriptors are in flight back to back, so the 350-cycle latency is paid once per stream. "
       f"Short descriptors are bound by the address channels: at 64 B (2 beats at B=32) a descriptor "
       f"takes about {per64:.1f} cycles, since the read and write legalizers take a few cycles to "
       "start each descriptor's bursts; so is the 256-B descriptor at B=64 (4 beats).", "",
       "![bus efficiency](figures/dma-efficiency.svg)"]
md += ["", f"Measured by `cmake --build build --target dma-experiment` at {commit} (the last commit that "
       "changed the RTL, the bench, this script or the sample)."]
text = "\n".join(md) + "\n"
subprocess.run(["bash", str(src / "tools" / "splice.sh"), str(src / "docs" / "dma.md"), "experiment"], input=text.encode(), check=True)
# The knee plot.
sys.path.insert(0, str(src / "tools"))
from svgplot import line_plot
colors = {32: "#1f77b4", 64: "#ff7f0e"}
line_plot(src / "docs" / "figures" / "dma-buffer-knee.svg",
          "OFFLOAD rate vs landing buffer depth (latency 350 cycles)", depths,
          "BufferBeats (evenly spaced)", "raw bytes per cycle",
          [{"name": f"BusBytes {bus}", "color": colors[bus],
            "points": [(i, knee[(bus, d)]) for i, d in enumerate(depths)]} for bus in (32, 64)],
          ymax=64, refs=[(bus, f"bus limit {bus}", colors[bus]) for bus in (32, 64)])
line_plot(src / "docs" / "figures" / "dma-efficiency.svg",
          "Bus efficiency: streams of COPY descriptors (latency 350 cycles)", [size_name(s) for s in sizes],
          "bytes per descriptor", "% of cycles with a data beat",
          [{"name": f"BusBytes {bus}", "color": colors[bus],
            "points": [(i, 100 * eff[(bus, s)][2]) for i, s in enumerate(sizes)]} for bus in (32, 64)],
          ymax=100, refs=[(95, "goal at 4 KiB", "#2ca02c"), (74.6, "AXI DMA S2MM (PG021)", "#999"),
                          (70, "AXI CDMA, 16-beat (PG034)", "#bbb")])
if missed:
    sys.exit("dma-experiment: goal missed: " + "; ".join(missed))
print("dma-experiment: docs/dma.md, docs/figures/dma-buffer-knee.svg and dma-efficiency.svg updated")
PY
