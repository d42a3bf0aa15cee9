#!/usr/bin/env python3
"""Whether a PNG is the ten-finger recording's picture: `ten-strokes.py FILE`.

Along the row y = 300 of the 800×600 picture, counts the separate runs of completed ink
(#34329C, within a small tolerance for antialiasing), one per finger's wavy stroke. Prints the
count and exits 0 when it is ten, 1 otherwise. Standard library only (pngread.py).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Integration"))
from pngread import pixels  # noqa: E402

INK = (0x34, 0x32, 0x9C)


def main():
    width, height, bpp, rows = pixels(sys.argv[1])
    if (width, height) != (800, 600):
        print(f"{width}x{height}, not the recording's 800x600")
        return 1
    row = rows[300]
    runs, inside = 0, False
    for x in range(width):
        p = row[x * bpp:x * bpp + 3]
        ink = sum(abs(p[i] - INK[i]) for i in range(3)) <= 40 * 3
        if ink and not inside:
            runs += 1
        inside = ink
    print(runs)
    return 0 if runs == 10 else 1


if __name__ == "__main__":
    sys.exit(main())
