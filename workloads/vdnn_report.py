#!/usr/bin/env python3
"""The training-time results: runs cdma-vdnn on every network file over the
systems below and writes the Markdown tables, a README summary, the JSON of
every run and the Figure-13-style SVG.

usage: workloads/vdnn_report.py CDMA_VDNN NETWORK_DIR TIMING_JSON OUT_DIR FIG_DIR

TIMING_JSON (docs/timing.json) gives our engine's rate: BusBytes x Fmax of
cdma_engine at E=4 B=32 at 45 nm. Writes OUT_DIR/vdnn.md, summary.md and
vdnn.json, and FIG_DIR/vdnn-normalized.svg.
"""
import json
import math
from statistics import mean
import pathlib
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tools"))
from svgplot import bar_plot  # noqa: E402
from vdnn_networks import GPUS  # noqa: E402

IMAGENET = ("alexnet", "vgg16", "resnet50")
# The engine gets 70 % of a GPU's DRAM bandwidth, the cDMA paper's 236 of
# 336 GB/s on the Titan X.
DRAM_SHARE = 236 / 336
LINKS = {"pcie3": ("PCIe Gen3 x16", 16), "pcie4": ("PCIe Gen4 x16", 32),
         "pcie5": ("PCIe Gen5 x16", 64), "nvlink-c2c": ("NVLink-C2C", 450)}
PAPER_ENGINE_GBPS = 200  # the cDMA paper's compression bandwidth
PAPER = ("cDMA paper, Titan X + PCIe Gen3: +32 % average, +61 % at most "
         "(arXiv v1); +53 % / +79 % (HPCA 2018)")


class Model:
    def __init__(self, binary, network_dir):
        self.binary, self.dir = binary, pathlib.Path(network_dir)

    def run(self, net, link, engine, dram):
        rate = "inf" if math.isinf(engine) else f"{engine:.17g}"
        out = subprocess.run(
            [self.binary, "--network", str(self.dir / f"{net}.json"), "--link", link,
             "--compress-gbps", rate, "--decompress-gbps", rate,
             "--dram-gbps", "inf" if math.isinf(dram) else f"{dram:.17g}", "--json"],
            check=True, capture_output=True, text=True).stdout
        return json.loads(out)

    def needed_engine(self, net, link):
        """The engine rate (GB/s, each direction, DRAM unlimited) at which cDMA
        comes within 1 % of its time with an unlimited engine; 0 when plain
        copies already do."""
        inf = math.inf
        bound = self.run(net, link, inf, inf)
        goal = 1.01 * bound["cdma_ms"]
        if bound["vdnn_ms"] <= goal:
            return 0.0
        lo, hi = 1.0, 1e6
        for _ in range(40):
            mid = math.sqrt(lo * hi)
            if self.run(net, link, mid, inf)["cdma_ms"] <= goal:
                hi = mid
            else:
                lo = mid
        return hi


def pct(x):
    return f"{100 * (x - 1):+.0f} %"


def main(binary, network_dir, timing_json, out_dir, fig_dir):
    model = Model(binary, network_dir)
    timing = json.loads(pathlib.Path(timing_json).read_text())
    engine = next(t for t in timing if t["module"] == "cdma_engine"
                  and t["elem_bytes"] == 4 and t["bus_bytes"] == 32)
    ours = engine["io0"]["gb_per_s"]
    runs = []
    md = []

    # Figure 13's form: the paper's system.
    md.append("#### Performance normalized to oracle: the paper's system (Titan X, PCIe Gen3 "
              f"x16, engine {PAPER_ENGINE_GBPS} GB/s, DRAM {336 * DRAM_SHARE:.0f} GB/s for it)\n")
    md.append("| network | batch | oracle (ms) | vDNN | vDNN + cDMA | cDMA ratio ∞ | cDMA over "
              "vDNN | maps offloaded (MB) | ZVC ratio of all maps |\n|---|---|---|---|---|---|---|---|---|")
    fig_groups, fig_values = [], []
    for gpu in GPUS:
        for net in IMAGENET:
            r = model.run(f"{net}-{gpu}", "pcie3", PAPER_ENGINE_GBPS, GPUS[gpu][3] * DRAM_SHARE)
            runs.append({"network": f"{net}-{gpu}", "link": "pcie3", "report": r})
            n = r["normalized"]
            fig_groups.append(f"{net} {GPUS[gpu][0]}")
            fig_values.append([n["vdnn"], n["cdma"], n["cdma_inf"]])
            if gpu == "titanx":
                notes = json.loads((model.dir / f"{net}-{gpu}.json").read_text())
                md.append(f"| {net} | {notes['batch']} | {r['oracle_ms']:.1f} | {n['vdnn']:.3f} | "
                          f"{n['cdma']:.3f} | {n['cdma_inf']:.3f} | {pct(r['cdma_speedup'])} | "
                          f"{r['offload_bytes'] / 1e6:.0f} | "
                          f"{r['offload_bytes'] / r['compressed_bytes']:.2f}× |")
    md.append(f"\nNext to: {PAPER}.\n")
    md.append("#### Per layer: VGG-16 on the paper's system (`cdma-vdnn --network "
              "workloads/networks/vgg16-titanx.json --dram-gbps 236`)\n")
    md.append(subprocess.run([binary, "--network", str(model.dir / "vgg16-titanx.json"),
                              "--dram-gbps", "236"], check=True, capture_output=True,
                             text=True).stdout.split("\n", 2)[2])

    # Projections over GPUs and links.
    md.append("#### Projections: mean over AlexNet, VGG-16 and ResNet-50 (engine "
              f"{PAPER_ENGINE_GBPS} GB/s; link-bound: engine and DRAM unlimited)\n")
    md.append("| GPU | link | vDNN | vDNN + cDMA | cDMA, link-bound | cDMA over vDNN (mean / max) "
              "| engine GB/s needed (max over networks) | engines of ours needed |\n"
              "|---|---|---|---|---|---|---|---|")
    summary = {}
    for gpu in GPUS:
        for link in LINKS:
            rs = [model.run(f"{net}-{gpu}", link, PAPER_ENGINE_GBPS, GPUS[gpu][3] * DRAM_SHARE)
                  for net in IMAGENET]
            bound = [model.run(f"{net}-{gpu}", link, math.inf, math.inf) for net in IMAGENET]
            need = max(model.needed_engine(f"{net}-{gpu}", link) for net in IMAGENET)
            speed = [r["cdma_speedup"] for r in rs]
            row = {"vdnn": mean([r["normalized"]["vdnn"] for r in rs]),
                   "cdma": mean([r["normalized"]["cdma"] for r in rs]),
                   "bound": mean([r["normalized"]["cdma"] for r in bound]),
                   "speedup": mean(speed), "max_speedup": max(speed), "need": need}
            summary[(gpu, link)] = row
            for net, r in zip(IMAGENET, rs):
                runs.append({"network": f"{net}-{gpu}", "link": link, "report": r})
            engines = f"{need:.0f} | {math.ceil(need / ours)}" if need else "– (copies suffice) | –"
            md.append(f"| {GPUS[gpu][0]} | {LINKS[link][0]} | {row['vdnn']:.3f} | {row['cdma']:.3f} "
                      f"| {row['bound']:.3f} | {pct(row['speedup'])} / {pct(row['max_speedup'])} | "
                      f"{engines} |")
    md.append(f"\n\"Engines of ours\": instances of `cdma_engine` at E=4 B=32 at "
              f"{engine['io0']['fmax_mhz']:.0f} MHz, {ours} GB/s each (45 nm static timing at "
              f"{engine['commit']}, docs/timing.json).\n")

    # Our RTL as the engine, on the paper's system.
    md.append(f"#### One engine of ours ({ours} GB/s) on the paper's system\n")
    md.append("| network | vDNN | vDNN + cDMA | cDMA over vDNN | maps sent as plain copies |\n"
              "|---|---|---|---|---|")
    for net in IMAGENET:
        r = model.run(f"{net}-titanx", "pcie3", ours, 336 * DRAM_SHARE)
        runs.append({"network": f"{net}-titanx", "link": "pcie3", "engine_gbps": ours, "report": r})
        copied = sum(1 for l in r["layers"] if l["cdma_copies"]["offload"] or l["cdma_copies"]["prefetch"])
        md.append(f"| {net} | {r['normalized']['vdnn']:.3f} | {r['normalized']['cdma']:.3f} | "
                  f"{pct(r['cdma_speedup'])} | {copied} of {len(r['layers'])} |")

    # The captured networks, timed on this machine's CPU.
    md.append("\n#### The captured networks, per-layer times measured here (CPU, batch 64), "
              "PCIe Gen3 x16\n")
    md.append("| network | oracle (ms) | vDNN | vDNN + cDMA | stall under vDNN (ms) |\n"
              "|---|---|---|---|---|")
    for path in sorted(model.dir.glob("*-cpu.json")):
        net = path.stem[:-len("-cpu")]
        r = model.run(path.stem, "pcie3", PAPER_ENGINE_GBPS, 236)
        runs.append({"network": path.stem, "link": "pcie3", "report": r})
        md.append(f"| {net} | {r['oracle_ms']:.2f} | {r['normalized']['vdnn']:.4f} | "
                  f"{r['normalized']['cdma']:.4f} | {r['stall_ms']['vdnn']:.4f} |")

    out = pathlib.Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    (out / "vdnn.md").write_text("\n".join(md) + "\n")
    (out / "vdnn.json").write_text(json.dumps(runs, indent=1) + "\n")
    paper = [summary[("titanx", "pcie3")], summary[("a100", "pcie4")], summary[("h100", "pcie5")],
             summary[("h100", "nvlink-c2c")]]
    names = ["Titan X + PCIe Gen3", "A100 + PCIe Gen4", "H100 + PCIe Gen5", "H100 + NVLink-C2C"]
    lines = ["| system | vDNN | vDNN + cDMA | cDMA over vDNN (mean / max) | engine GB/s needed |",
             "|---|---|---|---|---|"]
    for name, row in zip(names, paper):
        need = f"{row['need']:.0f}" if row["need"] else "– (copies suffice)"
        lines.append(f"| {name} | {row['vdnn']:.3f} | {row['cdma']:.3f} | {pct(row['speedup'])} / "
                     f"{pct(row['max_speedup'])} | {need} |")
    (out / "summary.md").write_text("\n".join(lines) + "\n")
    pathlib.Path(fig_dir).mkdir(parents=True, exist_ok=True)
    bar_plot(pathlib.Path(fig_dir) / "vdnn-normalized.svg",
             "Training iteration performance normalized to oracle (PCIe Gen3 x16, engine 200 GB/s)",
             fig_groups, ["vDNN", "vDNN + cDMA", "cDMA, ratio ∞"], fig_values,
             "oracle time / policy time (log scale)", lo=-6)


if __name__ == "__main__":
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    main(*sys.argv[1:])
