#!/usr/bin/env python3
"""Checks a `--log present` log: the app got presentation feedback and logged touch→glass.

    check-present.py LOG --min N --refresh NS [--started NS]

LOG is the app's stdout under `--log present`: one JSON line per commit that carried input,
presented ({"present":…,"refresh_ns":…,"input_to_present_us":…,…}) or {"discarded":true,…}.
It must hold at least N presented lines, and every presented line must be plausible:

  - input_to_present_us above 0, and at most 1 s (a figure of seconds is feedback matched to
    the wrong input, never load); the median, and at least 90 % of the lines, below 200 ms
    (the issue's bound; a loaded machine may delay the odd frame past it, not most);
  - commit_to_present_us ≥ 0 and input_to_commit_us ≥ 0, adding up to input_to_present_us
    (within 2 µs: each is rounded to the nanosecond);
  - refresh_ns equal to NS (within 1 ns: 60 Hz is 16666666 or 16666667 depending on the
    rounding), or 0 everywhere with --refresh 0 (a compositor that tells no refresh);
  - frames ≥ 0, and 0 when the refresh is 0;
  - samples (the input frames the line times, each from its own time) ≥ 0, with
    0 < sample_median_us ≤ sample_max_us when there are any, and null figures when none;
    over the whole log at least one input frame per presented line on average (every commit
    that carried input showed at least one frame, its own or a replaced commit's);
  - present (CLOCK_MONOTONIC ns) never going back from one line to the next, and within the
    app's run: after --started (CLOCK_MONOTONIC ns when the test started it, default 10 min
    ago) and not after now.

Discarded lines are counted, not judged (a later commit replaced them), beyond their samples.
Prints one summary line (the figures the README quotes: median, p95 and worst touch→glass per
commit and per input frame, the refresh, frames waited, flags) and exits 1 with the reasons when
anything is off.
"""
import argparse
import json
import statistics
import sys
import time

BOUND_US = 200_000
ABSURD_US = 1_000_000


def percentile(sorted_values, p):
    return sorted_values[min(len(sorted_values) - 1, int(round(p / 100 * (len(sorted_values) - 1))))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log")
    parser.add_argument("--min", type=int, required=True, help="presented lines needed")
    parser.add_argument("--refresh", type=int, required=True, help="the compositor's refresh in ns (0: none told)")
    parser.add_argument("--started", type=int, help="ns on the presentation clock before the app started")
    parser.add_argument("--clock", type=int, default=time.CLOCK_MONOTONIC,
                        help="the presentation clock's id (wp_presentation.clock_id), the clock of \"present\"")
    args = parser.parse_args()
    now = time.clock_gettime_ns(args.clock)
    started = args.started if args.started is not None else now - 600 * 10**9

    presented, discarded, problems = [], 0, []
    # Each line's per-frame median, once per frame it stands for: their median is the median
    # over every input frame closely enough (one commit's frames are a few ms apart).
    samples = []
    with open(args.log) as log:
        for number, text in enumerate(log, 1):
            if not text.startswith("{"):
                continue
            line = json.loads(text)
            if line.get("discarded"):
                discarded += 1
            elif "present" in line:
                presented.append((number, line))
            else:
                continue
            count, median, worst = line["samples"], line["sample_median_us"], line["sample_max_us"]
            if count < 0 or count and not 0 < median <= worst or not count and (median, worst) != (None, None):
                problems.append(f"line {number}: samples {count} with median {median} and max {worst}: {text.strip()}")
            samples.extend([median] * count if count else [])
    if len(presented) < args.min:
        problems.append(f"{len(presented)} presented lines, expected at least {args.min}")

    last_present = None
    for number, line in presented:
        def bad(why):
            problems.append(f"line {number}: {why}: {json.dumps(line)}")
        i2p, i2c, c2p = line["input_to_present_us"], line["input_to_commit_us"], line["commit_to_present_us"]
        if not 0 < i2p <= ABSURD_US:
            bad(f"input_to_present_us {i2p} is not within (0, {ABSURD_US}]")
        if c2p < 0:
            bad(f"commit_to_present_us {c2p} is negative")
        if i2c < 0:
            bad(f"input_to_commit_us {i2c} is negative")
        if abs(i2c + c2p - i2p) > 2:
            bad(f"input_to_commit_us + commit_to_present_us is not input_to_present_us")
        refresh = line["refresh_ns"]
        if args.refresh == 0 and refresh != 0 or args.refresh and abs(refresh - args.refresh) > 1:
            bad(f"refresh_ns {refresh}, the compositor's is {args.refresh}")
        if line["frames"] < 0 or refresh == 0 and line["frames"] != 0:
            bad(f"frames {line['frames']} with refresh_ns {refresh}")
        present = line["present"]
        if not started <= present <= now:
            bad(f"present {present} is not within the app's run ({started}…{now} ns on clock {args.clock})")
        if last_present is not None and present < last_present:
            bad(f"present {present} is before the previous line's {last_present}")
        last_present = present

    if presented and len(samples) < len(presented):
        problems.append(f"{len(samples)} input frames timed over {len(presented)} presented lines")
    if presented:
        samples.sort()
        figures = sorted(line["input_to_present_us"] for _, line in presented)
        median = statistics.median(figures)
        over = sum(1 for v in figures if v >= BOUND_US)
        if median >= BOUND_US:
            problems.append(f"median touch→glass {median / 1000:.1f} ms is not below {BOUND_US / 1000:.0f} ms")
        if over * 10 > len(figures):
            problems.append(f"{over} of {len(figures)} lines at or above {BOUND_US / 1000:.0f} ms (more than 10 %)")
        commits = statistics.median(line["input_to_commit_us"] for _, line in presented)
        waits = statistics.median(line["commit_to_present_us"] for _, line in presented)
        refreshes = sorted({line["refresh_ns"] for _, line in presented})
        frames = sorted(line["frames"] for _, line in presented)
        flags = sorted({tuple(line["flags"]) for _, line in presented})
        print(f"{len(presented)} presented, {discarded} discarded; touch→glass median {median / 1000:.2f} ms, "
              f"p95 {percentile(figures, 95) / 1000:.2f} ms, worst {figures[-1] / 1000:.2f} ms "
              f"({over} at or above {BOUND_US / 1000:.0f} ms); per input frame ({len(samples)}) median "
              f"{statistics.median(samples) / 1000 if samples else float('nan'):.2f} ms, "
              f"p95 {percentile(samples, 95) / 1000 if samples else float('nan'):.2f} ms; input→commit median {commits / 1000:.2f} ms, "
              f"commit→present median {waits / 1000:.2f} ms; refresh_ns {'/'.join(map(str, refreshes))}; "
              f"frames waited median {statistics.median(frames):g}, most {frames[-1]}; "
              f"flags {' | '.join('[' + ','.join(f) + ']' for f in flags)}")
    if problems:
        for problem in problems[:20]:
            print(problem, file=sys.stderr)
        if len(problems) > 20:
            print(f"… and {len(problems) - 20} more", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
