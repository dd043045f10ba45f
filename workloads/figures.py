#!/usr/bin/env python3
"""The compression study's figures, from the study.json that cdma-study writes.

usage: workloads/figures.py STUDY_JSON OUT_DIR

For each network: zero-fraction-NET.svg, the zero fraction of each activation
map through training; ratio-NET.svg, each layer's compression ratio by
encoding at the final checkpoint.
"""
import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tools"))
from svgplot import PALETTE, bar_plot, line_plot  # noqa: E402

# The encodings of the ratio figure, in its legend order.
RATIO_KEYS = ("zvc_fp32", "rle0", "zlib", "lz4", "zstd", "gist")


def zero_fraction(capture, path):
    cks = capture["checkpoints"]
    series = [{"name": layer["name"], "color": PALETTE[i % len(PALETTE)],
               "points": [(c, 100 * ck["layers"][i]["zero_fraction"]) for c, ck in enumerate(cks)]}
              for i, layer in enumerate(cks[0]["layers"])]
    line_plot(path, f"{capture['net']}: zero fraction of each activation map through training",
              [ck["iteration"] for ck in cks], "training iteration (checkpoints, not to scale)",
              "zeros (%)", series, ymax=100, width=760, legend_width=200,
              x_sublabels=[f"ep {ck['epoch']:.2f}" for ck in cks])


def ratio_by_encoding(capture, path):
    layers = capture["checkpoints"][-1]["layers"]
    labels = {e["key"]: e["label"] for e in capture["encodings"]}
    bar_plot(path, f"{capture['net']}: compression ratio per layer by encoding (final checkpoint)",
             [layer["name"] for layer in layers], [labels[k] for k in RATIO_KEYS],
             [[layer["ratio"][k] for k in RATIO_KEYS] for layer in layers],
             "ratio, raw fp32 / encoded (log scale)")


def main(study_json, out_dir):
    out = pathlib.Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    for capture in json.loads(pathlib.Path(study_json).read_text()):
        zero_fraction(capture, out / f"zero-fraction-{capture['net']}.svg")
        ratio_by_encoding(capture, out / f"ratio-{capture['net']}.svg")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    try:
        main(*sys.argv[1:])
    except (OSError, ValueError, KeyError, IndexError, TypeError) as e:
        raise SystemExit(f"figures.py: error: {sys.argv[1]}: not a study.json cdma-study wrote "
                         f"({type(e).__name__}: {e})")
