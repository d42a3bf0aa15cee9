#!/usr/bin/env python3
"""Checks the app's own title bar in a screenshot, right above the canvas found by png-frame.py:
`png-titlebar.py FILE LEFT TOP WIDTH` prints `bar_rows glyph_pixels title_pixels` and fails
when the bar is not there.

- bar_rows: of the 40 rows above the canvas, how many have the title bar's colour (WindowFrameView
  titleBarColor ebebed, or fafafa when the window is not focused) as their median over the
  window's width; the last is the separator (d6d6d1);
- glyph_pixels: dark pixels (every channel below 0x80) in the close button, the 40×40 square at
  the bar's right end;
- title_pixels: pixels darker than 0xc0 in the middle third of the bar (the title text, grey
  when the window is not focused).

Standard library only; PNGs are read by pngread.py.
"""
import sys

from pngread import pixels

BAR = {bytes.fromhex("ebebed"), bytes.fromhex("fafafa")}
SEPARATOR = bytes.fromhex("d6d6d1")


def main():
    path, left, top, width = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    w, h, bpp, rows = pixels(path)
    if top < 40 or left + width > w:
        raise SystemExit(f"no room for a 40 px title bar above a canvas at {left},{top}")

    def px(x, y):
        return bytes(rows[y][x * bpp:x * bpp + 3])

    bar_rows = 0
    for y in range(top - 40, top - 1):
        line = sorted(px(x, y) for x in range(left, left + width))
        if line[len(line) // 2] in BAR:
            bar_rows += 1
    if px(left + 10, top - 1) != SEPARATOR:
        raise SystemExit(f"no separator under the title bar: {px(left + 10, top - 1).hex()} at {left + 10},{top - 1}")
    bar_rows += 1

    def dark(p):
        return max(p) < 0x80

    glyph = sum(dark(px(x, y)) for x in range(left + width - 40, left + width) for y in range(top - 40, top))
    # The title is grey while the window has no focus (Weston headless has no seat).
    title = sum(max(px(x, y)) < 0xC0 for x in range(left + width // 3, left + 2 * width // 3) for y in range(top - 40, top))
    print(bar_rows, glyph, title)


if __name__ == "__main__":
    main()
