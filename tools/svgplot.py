"""A small line-plot writer for the project's generated figures (plain SVG,
no plotting library needed on the build machine).

line_plot(path, title, x_labels, x_title, y_title, series, ...) draws each
series as a polyline over evenly spaced x positions (index into x_labels).
series: dicts with name, color, points [(x_index, y)], and optionally dash
(an SVG dash array). refs: horizontal reference lines (y, label, color).
log_y draws a logarithmic y axis with ticks at 1, 2 and 5 per decade.
"""
import math
import pathlib


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
              log_y=False, refs=(), width=720, height=420, legend_width=190):
    left, top, bottom = 70, 40, 60
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

    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           'font-family="sans-serif" font-size="12">',
           '<rect width="100%" height="100%" fill="white"/>',
           f'<text x="{width / 2}" y="22" font-size="15" text-anchor="middle">{title}</text>']
    for v in _ticks(ymin, ymax, log_y):
        svg.append(f'<line x1="{left}" x2="{width - right}" y1="{py(v):.1f}" y2="{py(v):.1f}" stroke="#ddd"/>')
        svg.append(f'<text x="{left - 6}" y="{py(v) + 4:.1f}" text-anchor="end">{v:g}</text>')
    for i, label in enumerate(x_labels):
        svg.append(f'<text x="{px(i):.1f}" y="{height - bottom + 16}" text-anchor="middle">{label}</text>')
    svg.append(f'<text x="{(left + width - right) / 2}" y="{height - 18}" text-anchor="middle">{x_title}</text>')
    svg.append(f'<text transform="translate(16 {(top + height - bottom) / 2:.1f}) rotate(-90)" '
               f'text-anchor="middle">{y_title}</text>')
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
    svg.append("</svg>")
    pathlib.Path(path).write_text("\n".join(svg) + "\n")
