#!/usr/bin/env python3
"""Counts the pixels of one colour in an 8-bit RGB/RGBA PNG: `png-count-color.py FILE RRGGBB`.

Standard library only (zlib), so integration tests need no imaging package.
"""
import sys

from pngread import pixels


def main():
    path, color = sys.argv[1], bytes.fromhex(sys.argv[2])
    width, height, bpp, rows = pixels(path)
    count = sum(1 for row in rows for x in range(width) if row[x * bpp:x * bpp + 3] == color)
    print(count)


if __name__ == "__main__":
    main()
