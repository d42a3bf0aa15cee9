#!/usr/bin/env python3
"""Checks a `--log phases` log against the fingers a test injected.

    check-phases.py LOG FINGER…      FINGER = ended@X,Y/X,Y/…  or  cancelled@X,Y/X,Y/…

Each FINGER is the path one finger was moved along (its down first) and how its touch must end.
The log must hold exactly one touch per FINGER, found by where it began (within 1 px of the first
point), and for each: one `began` first; `moved`/`stationary` only at points of its path (within
1 px), never going back along it; then the expected last phase exactly once and nothing after.
An ended touch must end at the last point and have moved through at least two of the points
between. Each touch's life closes with one `summary` line saying the same ending, with a sample
for the down and each point it moved through, and (for an ended touch) dx/dy from the first
point to the last. Prints one line per touch; exits 1 with the reasons when anything differs.
"""
import json
import sys

TOLERANCE = 1.0


def near(a, b):
    return abs(a[0] - b[0]) <= TOLERANCE and abs(a[1] - b[1]) <= TOLERANCE


def check_summary(summaries, ending, path, moved):
    if len(summaries) != 1:
        return [f"{len(summaries)} summary lines; expected one"]
    s, problems = summaries[0], []
    if s.get("summary") != ending:
        problems.append(f"summary says {s.get('summary')!r}, not {ending!r}")
    if s.get("samples", 0) < 1 + moved:
        problems.append(f"summary counts {s.get('samples')} samples for a down and {moved} moves")
    if ending == "ended":
        dx, dy = path[-1][0] - path[0][0], path[-1][1] - path[0][1]
        if not near((s.get("dx", 1e9), s.get("dy", 1e9)), (dx, dy)):
            problems.append(f"summary dx/dy {s.get('dx')},{s.get('dy')}, not {dx:g},{dy:g}")
    return problems


def check(touch, events, ending, path):
    problems = []
    phases = [e["phase"] for e in events]
    where = [(e["x"], e["y"]) for e in events]
    if phases[0] != "began":
        problems.append(f"first phase is {phases[0]}")
    if phases.count(ending) != 1 or phases[-1] != ending:
        problems.append(f"expected one '{ending}' last, got {phases}")
    other = "cancelled" if ending == "ended" else "ended"
    if other in phases:
        problems.append(f"has '{other}' too")
    index, moved = 0, set()
    for phase, point in zip(phases, where):
        if phase == "cancelled":
            continue  # where a touch is cancelled is the compositor's business
        matches = [i for i, p in enumerate(path) if near(point, p) and i >= index]
        if not matches:
            problems.append(f"{phase} at {point}: not on the path after point {index}")
            continue
        index = matches[0]
        if phase == "moved":
            moved.add(index)
    if ending == "ended":
        if not near(where[-1], path[-1]):
            problems.append(f"ended at {where[-1]}, not at {path[-1]}")
        if len(moved) < min(2, len(path) - 1):
            problems.append(f"moved through only {len(moved)} of the points")
    summary = f"touch {touch}: {len(events)} deliveries, {phases.count('moved')} moved " \
              f"(through {len(moved)} of {len(path) - 1} points), {phases[-1]} at {where[-1]}"
    return summary, problems


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__.splitlines()[0])
    fingers = []
    for spec in sys.argv[2:]:
        ending, _, points = spec.partition("@")
        if ending not in ("ended", "cancelled"):
            raise SystemExit(f"check-phases: bad finger {spec!r}")
        fingers.append((ending, [tuple(float(v) for v in p.split(",")) for p in points.split("/")]))

    touches, summaries = {}, {}
    for line in open(sys.argv[1]):
        line = line.strip()
        if not line.startswith("{"):
            continue
        entry = json.loads(line)
        if entry.get("type") == "touch" and "phase" in entry:
            touches.setdefault(entry["touch"], []).append(entry)
        elif entry.get("type") == "touch" and "summary" in entry:
            summaries.setdefault(entry["touch"], []).append(entry)

    problems = []
    unclaimed = dict(touches)
    for ending, path in fingers:
        found = [t for t, events in unclaimed.items()
                 if events[0]["phase"] == "began" and near((events[0]["x"], events[0]["y"]), path[0])]
        if len(found) != 1:
            problems.append(f"{len(found)} touches began at {path[0]}; expected one")
            continue
        events = unclaimed.pop(found[0])
        summary, touch_problems = check(found[0], events, ending, path)
        moved = len({(e["x"], e["y"]) for e in events if e["phase"] == "moved"})
        touch_problems += check_summary(summaries.get(found[0], []), ending, path, moved)
        print(summary)
        problems += [f"touch {found[0]}: {p}" for p in touch_problems]
    for touch, events in unclaimed.items():
        problems.append(f"unexpected touch {touch}: {[(e['phase'], e['x'], e['y']) for e in events]}")
    if problems:
        print("\n".join(problems), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
