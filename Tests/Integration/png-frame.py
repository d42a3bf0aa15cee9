#!/usr/bin/env python3
"""Finds a white canvas of WIDTH×HEIGHT in a screenshot and measures what is drawn above it:
`png-frame.py FILE WIDTH HEIGHT` prints `left top dark_rows narrow_rows`.

- left, top: the canvas's top-left corner (the bounding box of pure white pixels, which must be
  exactly WIDTH×HEIGHT, else the script fails);
- dark_rows: how many of the 40 rows right above the canvas are dark (the median over the
  canvas's width has every channel below 0x70): a title bar;
- narrow_rows: how many of those are not dark 40 px right of the canvas (past its shadow), so the dark band is the
  window's own and not a panel across the screen.

Standard library only; PNGs are read by pngread.py.
"""
import sys

from pngread import pixels


def main():
    path, want_w, want_h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    width, height, bpp, rows = pixels(path)
    white = b"\xff\xff\xff"

    def px(x, y):
        return rows[y][x * bpp:x * bpp + 3]

    xs, ys = [], []
    for y in range(height):
        row = rows[y]
        for x in range(width):
            if row[x * bpp:x * bpp + 3] == white:
                xs.append(x)
                ys.append(y)
    if not xs:
        raise SystemExit("no white canvas on screen")
    left, top, right, bottom = min(xs), min(ys), max(xs) + 1, max(ys) + 1
    if (right - left, bottom - top) != (want_w, want_h):
        raise SystemExit(f"white area is {right - left}x{bottom - top} at {left},{top}; expected {want_w}x{want_h}")

    def dark(p):
        return max(p) < 0x70

    dark_rows = narrow_rows = 0
    for y in range(max(0, top - 40), top):
        # The median, so the title's lighter letters do not hide the bar they are on.
        levels = sorted(max(px(x, y)) for x in range(left, right))
        if levels[len(levels) // 2] < 0x70:
            dark_rows += 1
            outside = right + 40
            if outside < width and not dark(px(outside, y)):
                narrow_rows += 1
    print(left, top, dark_rows, narrow_rows)


if __name__ == "__main__":
    main()
