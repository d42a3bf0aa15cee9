#!/usr/bin/env python3
"""Writes a valid touchcanvas recording of about a given size, for replay benchmarks and the
bounded-memory test: strokes of several fingers at once, a touch frame every 8 ms and a display
frame every 16.667 ms, as a real session at 120 Hz input on a 60 Hz screen records them.

    scripts/make-big-recording.py OUT.tcrec SIZE [--fingers N] [--scene NAME] [--stroke-frames N]

SIZE is bytes, with an optional K, M or G suffix (powers of 1024): `256M`. The file ends at the
first complete stroke boundary past SIZE less one stroke, so it is at most SIZE bytes and every
finger that went down is lifted. The same arguments always write the same bytes.
"""
import argparse
import math
import sys


def parse_size(text):
    units = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    text = text.strip().upper().removesuffix("IB").removesuffix("B")
    if text and text[-1] in units:
        return int(float(text[:-1]) * units[text[-1]])
    return int(text)


def number(value):
    """The shortest text reading back as the same double, integral values without '.0' (as the
    app writes them)."""
    if value == int(value) and abs(value) < 2**53:
        return str(int(value))
    return repr(value)


def main():
    parser = argparse.ArgumentParser(description="Write a big valid touchcanvas recording.")
    parser.add_argument("out")
    parser.add_argument("size", type=parse_size)
    parser.add_argument("--fingers", type=int, default=10)
    parser.add_argument("--scene", default="trace")
    parser.add_argument("--stroke-frames", type=int, default=120,
                        help="touch frames per stroke (8 ms each)")
    parser.add_argument("--width", type=int, default=1024)
    parser.add_argument("--height", type=int, default=768)
    args = parser.parse_args()

    width, height = args.width, args.height
    header = (f"touchcanvas-recording 3\nwriter make-big-recording.py\nsize {width} {height}\n"
              f"scale 1\nseat 7 seat0\nscene {args.scene}\n").encode()
    limit = args.size
    written = 0
    with open(args.out, "wb", buffering=1 << 20) as out:
        out.write(header)
        written += len(header)
        time = 0.0
        next_display = 16.667
        stroke = 0
        while True:
            lines = []
            fingers = args.fingers
            lane = width / (fingers + 1)

            def flush_display(until):
                nonlocal next_display
                while next_display <= until:
                    lines.append(f"{number(round(next_display, 3))} - display-frame 8.5")
                    next_display += 16.667

            for step in range(args.stroke_frames + 1):
                t = number(time)
                phase = stroke * 0.7
                for finger in range(fingers):
                    x = lane * (finger + 1) + 30 * math.sin(step / 9 + finger + phase)
                    y = 40 + (height - 80) * step / args.stroke_frames + 5 * math.cos(step / 5 + finger)
                    if step == 0:
                        lines.append(f"{t} 7 down {finger} {number(x)} {number(y)}")
                        lines.append(f"{t} 7 shape {finger} {number(9.5 + finger * 0.25)} 7.25")
                    else:
                        lines.append(f"{t} 7 motion {finger} {number(x)} {number(y)}")
                lines.append(f"{t} 7 frame")
                time += 8
                flush_display(time)
            t = number(time)
            for finger in range(fingers):
                lines.append(f"{t} 7 up {finger}")
            lines.append(f"{t} 7 frame")
            time += 8
            flush_display(time)
            chunk = ("\n".join(lines) + "\n").encode()
            if written + len(chunk) > limit:
                break
            out.write(chunk)
            written += len(chunk)
            stroke += 1
    if stroke == 0:
        print(f"{args.out}: {limit} bytes is too small for one stroke", file=sys.stderr)
        return 1
    print(f"{args.out}: {written} bytes, {stroke} strokes of {args.fingers} fingers", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
