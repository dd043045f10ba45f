"""The project's one plot writer: every generated figure (synthesis areas, the
DMA buffer knee, the compression study) is drawn here, as plain SVG, so that
no plotting library is needed on the build machine.

line_plot(path, title, x_labels, x_title, y_title, series, ...) draws each
series as a polyline over evenly spaced x positions (index into x_labels).
series: dicts with name, color, points [(x_index, y)], and optionally dash
(an SVG dash array). refs: horizontal reference lines (y, label, color).
log_y draws a logarithmic y axis with ticks at 1, 2 and 5 per decade;
x_sublabels, a second grey row of x labels.

bar_plot(path, title, groups, names, values, y_title) draws grouped bars
(values[group][bar]) on a log2 ratio axis from 2**lo (default 1/2) up, bars
growing from 1x.
"""
import math
import pathlib

PALETTE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b",
           "#e377c2", "#7f7f7f", "#bcbd22", "#17becf", "#393b79", "#637939")


def _open(width, height, title):
    return [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            'font-family="sans-serif" font-size="12">',
            '<rect width="100%" height="100%" fill="white"/>',
            f'<text x="{width / 2}" y="22" font-size="15" text-anchor="middle">{title}</text>']


def _y_title(svg, top, height, bottom, y_title):
    svg.append(f'<text transform="translate(16 {(top + height - bottom) / 2:.1f}) rotate(-90)" '
               f'text-anchor="middle">{y_title}</text>')


def _write(path, svg):
    svg.append("</svg>")
    tmp = pathlib.Path(f"{path}.tmp")
    tmp.write_text("\n".join(svg) + "\n")
    tmp.replace(path)


def _ticks(ymin, ymax, log_y):
    if not log_y:
        step = 10 ** math.floor(math.log10(ymax / 4 or 1))
        for m in (1, 2, 5, 10):
            if ymax / (step * m) <= 6:
                step *= m
                break
        return [i * step for i in range(int(ymax / step) + 1)]
    ticks = []
    for k in range(math.floor(math.log10(ymin)), math.ceil(math.log10(ymax)) + 1):
        ticks += [m * 10 ** k for m in (1, 2, 5) if ymin <= m * 10 ** k <= ymax]
    return ticks


def line_plot(path, title, x_labels, x_title, y_title, series, ymin=0.0, ymax=None,
              log_y=False, refs=(), width=720, height=420, legend_width=190, x_sublabels=None):
    left, top, bottom = 70, 40, 60 + (14 if x_sublabels else 0)
    right = legend_width
    values = [y for s in series for _, y in s["points"]] + [y for y, _, _ in refs]
    ymax = ymax or max(values) * 1.1
    if log_y:
        ymin = ymin or min(values) / 1.5
    span = len(x_labels) - 1 or 1

    def px(i):
        return left + i * (width - left - right) / span

    def py(v):
        if log_y:
            frac = (math.log10(v) - math.log10(ymin)) / (math.log10(ymax) - math.log10(ymin))
        else:
            frac = (v - ymin) / (ymax - ymin)
        return height - bottom - frac * (height - top - bottom)

    svg = _open(width, height, title)
    for v in _ticks(ymin, ymax, log_y):
        svg.append(f'<line x1="{left}" x2="{width - right}" y1="{py(v):.1f}" y2="{py(v):.1f}" stroke="#ddd"/>')
        svg.append(f'<text x="{left - 6}" y="{py(v) + 4:.1f}" text-anchor="end">{v:g}</text>')
    for i, label in enumerate(x_labels):
        svg.append(f'<text x="{px(i):.1f}" y="{height - bottom + 16}" text-anchor="middle">{label}</text>')
        if x_sublabels:
            svg.append(f'<text x="{px(i):.1f}" y="{height - bottom + 30}" text-anchor="middle" '
                       f'fill="#666">{x_sublabels[i]}</text>')
    svg.append(f'<text x="{(left + width - right) / 2}" y="{height - 18}" text-anchor="middle">{x_title}</text>')
    _y_title(svg, top, height, bottom, y_title)
    legend_y = top + 10
    for y, label, color in refs:
        svg.append(f'<line x1="{left}" x2="{width - right}" y1="{py(y):.1f}" y2="{py(y):.1f}" '
                   f'stroke="{color}" stroke-dasharray="4 3"/>')
        svg.append(f'<text x="{left + 4}" y="{py(y) - 4:.1f}" fill="{color}">{label}</text>')
    for s in series:
        pts = " ".join(f"{px(i):.1f},{py(y):.1f}" for i, y in s["points"])
        dash = f' stroke-dasharray="{s["dash"]}"' if s.get("dash") else ""
        svg.append(f'<polyline fill="none" stroke="{s["color"]}" stroke-width="2"{dash} points="{pts}"/>')
        for i, y in s["points"]:
            svg.append(f'<circle cx="{px(i):.1f}" cy="{py(y):.1f}" r="2.5" fill="{s["color"]}"/>')
        svg.append(f'<line x1="{width - right + 10}" x2="{width - right + 34}" y1="{legend_y - 4}" '
                   f'y2="{legend_y - 4}" stroke="{s["color"]}" stroke-width="2"{dash}/>'
                   f'<text x="{width - right + 40}" y="{legend_y}">{s["name"]}</text>')
        legend_y += 18
    _write(path, svg)


def bar_plot(path, title, groups, names, values, y_title, width=860, height=440,
             legend_width=170, lo=-1):
    left, top, bottom, right = 60, 40, 110, legend_width
    hi = max(1, math.ceil(math.log2(max([2.0] + [v for row in values for v in row]))))

    def py(v):
        frac = (math.log2(max(v, 2.0 ** lo)) - lo) / (hi - lo)
        return height - bottom - frac * (height - top - bottom)

    svg = _open(width, height, title)
    for e in range(lo, hi + 1):
        y = py(2.0 ** e)
        svg.append(f'<line x1="{left}" x2="{width - right}" y1="{y:.1f}" y2="{y:.1f}" '
                   f'stroke="{"#333" if e == 0 else "#ddd"}"/>')
        tick = f"{2.0 ** e:g}" if e >= -2 else f"1/{2 ** -e}"
        svg.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{tick}×</text>')
    _y_title(svg, top, height, bottom, y_title)
    group = (width - right - left) / len(groups)
    bar = group * 0.8 / len(names)
    for i, name in enumerate(groups):
        x0 = left + group * i + group * 0.1
        for k, v in enumerate(values[i]):
            y, base = py(v), py(1.0)
            svg.append(f'<rect x="{x0 + bar * k:.1f}" y="{min(y, base):.1f}" width="{bar:.1f}" '
                       f'height="{abs(base - y):.1f}" fill="{PALETTE[k % len(PALETTE)]}">'
                       f'<title>{name} {names[k]}: {v:.2f}x</title></rect>')
        svg.append(f'<text transform="translate({x0 + group * 0.4:.1f} {height - bottom + 14}) '
                   f'rotate(-35)" text-anchor="end">{name}</text>')
    for k, label in enumerate(names):
        y = top + 10 + 18 * k
        svg.append(f'<rect x="{width - right + 14}" y="{y - 10}" width="12" height="12" '
                   f'fill="{PALETTE[k % len(PALETTE)]}"/>'
                   f'<text x="{width - right + 32}" y="{y}">{label}</text>')
    _write(path, svg)
