#!/usr/bin/env python3
"""The profile across one stroke in a screenshot: walks one line of pixels across it and
measures the stroke's solid core and its two edges, in device pixels.

    stroke-profile.py FILE RRGGBB --column X --from Y0 --to Y1     (across a horizontal stroke)
    stroke-profile.py FILE RRGGBB --row Y --from X0 --to X1        (across a vertical stroke)

Prints `core=N before=A after=B start=S end=E`: N pixels of the stroke colour in a row (the
longest such run on the line), starting at S and ending at E inclusive, then how many pixels
on each side of that run are neither stroke nor background. A stroke drawn at the display's
own scale has at most one or two such pixels per edge (antialiasing); one drawn at a lower
scale and enlarged by the compositor has a wider blend and a thinner core.

stroke-edges.py averages the edges met along rows of a box, which suits strokes in every
direction; this one follows a single stroke of known position, so a test can check its
thickness and where it lies as well.

A pixel counts as a colour when every channel is within --tolerance of it. Exits 2 when the
line holds no stroke pixel at all, so a test cannot pass by measuring nothing.
Standard library only.
"""
import argparse
import sys

from pngread import pixels


def close(pixel, color, tolerance):
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, color))


def main():
    parser = argparse.ArgumentParser(description="Measure a stroke's core and edges along one line of pixels.")
    parser.add_argument("file")
    parser.add_argument("color", help="stroke colour, RRGGBB")
    line = parser.add_mutually_exclusive_group(required=True)
    line.add_argument("--column", type=int, help="walk down this column")
    line.add_argument("--row", type=int, help="walk along this row")
    parser.add_argument("--from", dest="start", type=int, required=True)
    parser.add_argument("--to", dest="end", type=int, required=True)
    parser.add_argument("--background", default="ffffff", help="background colour, RRGGBB")
    parser.add_argument("--tolerance", type=int, default=6)
    args = parser.parse_args()

    stroke, background = bytes.fromhex(args.color), bytes.fromhex(args.background)
    width, height, bpp, rows = pixels(args.file)

    def at(i):
        x, y = (args.column, i) if args.column is not None else (i, args.row)
        if not (0 <= x < width and 0 <= y < height):
            sys.exit(f"{args.file}: {x},{y} is outside the {width}x{height} image")
        return rows[y][x * bpp:x * bpp + 3]

    positions = range(args.start, args.end + 1)
    kinds = ["stroke" if close(at(i), stroke, args.tolerance)
             else "background" if close(at(i), background, args.tolerance)
             else "edge" for i in positions]

    best = None  # (length, first index into positions)
    i = 0
    while i < len(kinds):
        if kinds[i] == "stroke":
            j = i
            while j < len(kinds) and kinds[j] == "stroke":
                j += 1
            if best is None or j - i > best[0]:
                best = (j - i, i)
            i = j
        else:
            i += 1
    if best is None:
        where = f"column {args.column}" if args.column is not None else f"row {args.row}"
        print(f"{args.file}: no #{args.color} pixel on {where} from {args.start} to {args.end}", file=sys.stderr)
        sys.exit(2)

    length, first = best
    last = first + length - 1
    before = 0
    while first - before - 1 >= 0 and kinds[first - before - 1] == "edge":
        before += 1
    after = 0
    while last + after + 1 < len(kinds) and kinds[last + after + 1] == "edge":
        after += 1
    print(f"core={length} before={before} after={after} start={positions[first]} end={positions[last]}")


if __name__ == "__main__":
    main()
