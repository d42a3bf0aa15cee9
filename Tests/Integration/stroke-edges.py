#!/usr/bin/env python3
"""Measures how crisp the strokes in a screenshot are, in device pixels.

    stroke-edges.py FILE.png INK BG [--box X Y W H] [--upscaled-control]

Every row is scanned for edges between background (BG, rrggbb) and ink (INK): runs of pixels
that are neither, bounded by a background pixel on one side and an ink pixel on the other.
A stroke drawn at the output's own resolution has antialiased edges about one device pixel
wide, and its edges fall on any pixel column. A stroke drawn at a lower resolution and scaled
up by the compositor has ramps about as wide as the scale factor (bilinear) or edges that only
fall on every second column (nearest). Prints one line of JSON:

    {"edges": N, "mean_ramp": R, "odd_fraction": F}

`mean_ramp` is the mean count of in-between pixels per edge; `odd_fraction` the share of edges
that begin (the first pixel after the last background or ink pixel) on an odd column of the box.

`--upscaled-control` measures the box scaled up 2× in memory instead (nearest, then bilinear),
so a test can show that the metric does tell a blurred stroke from a crisp one.
Standard library only.
"""
import json
import sys

from pngread import pixels


def parse_args(argv):
    if len(argv) < 4:
        raise SystemExit(__doc__)
    path, ink, bg = argv[1], bytes.fromhex(argv[2]), bytes.fromhex(argv[3])
    box, control = None, False
    rest = argv[4:]
    while rest:
        if rest[0] == "--box" and len(rest) >= 5:
            box = tuple(int(v) for v in rest[1:5])
            rest = rest[5:]
        elif rest[0] == "--upscaled-control":
            control = True
            rest = rest[1:]
        else:
            raise SystemExit(f"stroke-edges: unknown argument {rest[0]}")
    return path, ink, bg, box, control


def to_grid(path, box):
    """The box as rows of (r, g, b) tuples."""
    width, height, bpp, rows = pixels(path)
    x0, y0, w, h = box if box else (0, 0, width, height)
    if x0 < 0 or y0 < 0 or x0 + w > width or y0 + h > height:
        raise SystemExit(f"stroke-edges: box {box} is outside the {width}x{height} image")
    return [[tuple(rows[y][x * bpp:x * bpp + 3]) for x in range(x0, x0 + w)] for y in range(y0, y0 + h)]


def upscale_nearest(grid):
    out = []
    for row in grid:
        wide = [p for p in row for _ in (0, 1)]
        out += [wide, list(wide)]
    return out


def upscale_bilinear(grid):
    """2× with the sample points of each output pixel centre, as compositors filter."""
    h, w = len(grid), len(grid[0])

    def sample(fy, fx):
        y0, x0 = max(0, min(h - 1, int(fy))), max(0, min(w - 1, int(fx)))
        y1, x1 = min(h - 1, y0 + 1), min(w - 1, x0 + 1)
        ty, tx = min(1, max(0, fy - y0)), min(1, max(0, fx - x0))
        return tuple(round((grid[y0][x0][c] * (1 - tx) + grid[y0][x1][c] * tx) * (1 - ty)
                           + (grid[y1][x0][c] * (1 - tx) + grid[y1][x1][c] * tx) * ty) for c in range(3))

    return [[sample((y + 0.5) / 2 - 0.5, (x + 0.5) / 2 - 0.5) for x in range(2 * w)] for y in range(2 * h)]


def measure(grid, ink, bg):
    span = [i - b for i, b in zip(ink, bg)]
    norm = sum(d * d for d in span) or 1

    def t(p):
        # Where the pixel sits on the line from background (0) to ink (1); far off the line
        # (another colour: a spot, the HUD) counts as neither.
        v = [c - b for c, b in zip(p, bg)]
        k = sum(a * d for a, d in zip(v, span)) / norm
        off = sum((a - k * d) ** 2 for a, d in zip(v, span))
        return k if off < 0.1 * norm else None

    edges, ramp_total, odd = 0, 0, 0
    for row in grid:
        kinds = []
        for p in row:
            k = t(p)
            kinds.append("o" if k is None else "b" if k <= 0.1 else "i" if k >= 0.9 else "m")
        x = 0
        n = len(kinds)
        while x < n:
            if kinds[x] not in "bi":
                x += 1
                continue
            end = x + 1
            while end < n and kinds[end] == "m":
                end += 1
            if end < n and {kinds[x], kinds[end]} == {"b", "i"}:
                edges += 1
                ramp_total += end - x - 1
                # The column where the edge begins: a stroke scaled up 2× by nearest neighbour
                # has every edge begin on an even one.
                odd += (x + 1) % 2
            x = end
    return {"edges": edges,
            "mean_ramp": round(ramp_total / edges, 3) if edges else None,
            "odd_fraction": round(odd / edges, 3) if edges else None}


def main():
    path, ink, bg, box, control = parse_args(sys.argv)
    grid = to_grid(path, box)
    if control:
        print(json.dumps({"nearest": measure(upscale_nearest(grid), ink, bg),
                          "bilinear": measure(upscale_bilinear(grid), ink, bg)}))
    else:
        print(json.dumps(measure(grid, ink, bg)))


if __name__ == "__main__":
    main()
