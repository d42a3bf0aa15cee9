#!/usr/bin/env python3
"""How much of a polyline is inked in a PNG: `png-stroke-check.py FILE RRGGBB RADIUS X,Y X,Y …`.

Walks the polyline through the given points in steps of one pixel and, at each step, looks for a
pixel of exactly the colour RRGGBB within RADIUS pixels (a square). Prints "HITS STEPS": a
stroke drawn along the path covers nearly every step; no stroke there covers none.

Standard library only; PNGs are read by pngread.py.
"""
import math
import sys

from pngread import pixels


def main():
    if len(sys.argv) < 5:
        raise SystemExit(__doc__.splitlines()[0])
    path, color, radius = sys.argv[1], bytes.fromhex(sys.argv[2]), int(sys.argv[3])
    points = [tuple(float(v) for v in p.split(",")) for p in sys.argv[4:]]
    width, height, bpp, rows = pixels(path)

    def inked_near(cx, cy):
        for y in range(max(0, round(cy) - radius), min(height, round(cy) + radius + 1)):
            row = rows[y]
            for x in range(max(0, round(cx) - radius), min(width, round(cx) + radius + 1)):
                if row[x * bpp:x * bpp + 3] == color:
                    return True
        return False

    hits = steps = 0
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        n = max(1, math.ceil(math.hypot(x1 - x0, y1 - y0)))
        for i in range(n):
            t = i / n
            steps += 1
            hits += inked_near(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
    steps += 1
    hits += inked_near(*points[-1])
    print(hits, steps)


if __name__ == "__main__":
    main()
