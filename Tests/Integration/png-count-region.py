#!/usr/bin/env python3
"""Counts pixels inside a rectangle of an 8-bit RGB/RGBA PNG, for tests that must tell where ink
is, not only how much there is:

    png-count-region.py FILE RRGGBB X0 Y0 X1 Y1     pixels of exactly that colour
    png-count-region.py FILE ^RRGGBB X0 Y0 X1 Y1    pixels of any other colour (ink of any kind
                                                    on a background of RRGGBB)

The rectangle is inclusive and clipped to the image; a rectangle wholly outside it is an error,
because counting zero pixels there would prove nothing.
"""
import sys

from pngread import pixels


def main():
    if len(sys.argv) != 7:
        raise SystemExit(__doc__)
    path, spec = sys.argv[1], sys.argv[2]
    invert = spec.startswith("^")
    color = bytes.fromhex(spec.lstrip("^"))
    x0, y0, x1, y1 = (int(v) for v in sys.argv[3:7])
    width, height, bpp, rows = pixels(path)
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, width - 1), min(y1, height - 1)
    if x0 > x1 or y0 > y1:
        raise SystemExit(f"{path}: the rectangle lies outside the {width}x{height} image")
    count = 0
    for y in range(y0, y1 + 1):
        row = rows[y]
        for x in range(x0, x1 + 1):
            same = row[x * bpp:x * bpp + 3] == color
            count += same != invert
    print(count)


if __name__ == "__main__":
    main()
