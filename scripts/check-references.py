#!/usr/bin/env python3
"""Fails when a tracked file sends its reader somewhere the repository does not hold.

The repository has to stand on its own: someone who clones it cannot open the team's design
notes, its reference documents by number, or an issue tracker. A comment, a doc or a test that
cites one of those is a dead end, so `make test` runs this and names every such line. Cite
docs/architecture.md (or another file in the tree) by section, and a UIKit sample by its title.
"""
import re
import subprocess
import sys

# Built from parts so this file does not match itself.
PATTERNS = [
    ("a design note outside the tree", re.compile(r"\b(DESIGN|STYLE)" + r"\.md\b")),
    ("the team's shared folder", re.compile(r"\.\./" + r"shared\b")),
    ("a reference document by number", re.compile(r"\b[Ss]eeds?[ _/]?" + r"\d{3}\b")),
    ("the team's reference documents", re.compile(r"\bthe " + r"seed's\b")),
    ("an issue by number", re.compile(r"\b[Ii]ssues?" + r" #?\d+\b")),
    ("a task by number", re.compile(r"\b[Tt]asks?" + r" #?\d+\b")),
]
TEXT_SUFFIXES = (".swift", ".md", ".py", ".sh", ".c", ".h", ".xml", ".list", ".txt", ".1",
                 ".desktop", ".in", ".yml", ".yaml", ".json", "Makefile", "rules", "control",
                 "copyright", "changelog")


def tracked_files():
    out = subprocess.run(["git", "ls-files", "-z"], check=True, capture_output=True).stdout
    return [name for name in out.decode().split("\0") if name]


def main():
    found = 0
    for name in tracked_files():
        if not name.endswith(TEXT_SUFFIXES) or name.startswith("Fuzz/Corpus/"):
            continue
        try:
            with open(name, encoding="utf-8") as handle:
                lines = handle.readlines()
        except (OSError, UnicodeDecodeError):
            continue
        for number, line in enumerate(lines, 1):
            for what, pattern in PATTERNS:
                if pattern.search(line):
                    print(f"{name}:{number}: cites {what}: {line.strip()[:120]}")
                    found += 1
    if found:
        print(f"{found} line(s) send the reader outside the repository; "
              "say what they need here, or point to docs/architecture.md", file=sys.stderr)
        return 1
    print("check-references: every reference stays inside the repository")
    return 0


if __name__ == "__main__":
    sys.exit(main())
