#!/bin/sh
# Instructions per 4K frame (10 moving fingers) over 0, 1 000 and 10 000 completed strokes,
# counted by valgrind's callgrind: deterministic for a given binary, whatever else the machine
# is doing, so the history ratio does not depend on the noise of a shared machine. Only the
# measured frames are collected (RenderBench --frames-only runs them in `measuredFrames`), and
# each total is split by the library the instructions ran in.
#
#   scripts/callgrind-frames.sh [path/to/RenderBench]      (FRAMES=100, SCALE=1 by default;
#                                                           SCALE=2 gives 1920×1080 logical at 2×)
set -eu
BIN=${1:-.build/release/RenderBench}
FRAMES=${FRAMES:-100}
SCALE=${SCALE:-1}
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "| scene | completed strokes | instructions per frame | ratio to 0 strokes | in pixman | in cairo | elsewhere (Swift, libc) |"
echo "|---|---|---|---|---|---|---|"
for scene in trace canvas; do
    base=
    for history in 0 1000 10000; do
        out="$work/$scene.$history"
        valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measuredFrames*' \
            --callgrind-out-file="$out" "$BIN" --frames-only "$scene" "$SCALE" "$history" "$FRAMES" >/dev/null 2>"$out.log"
        total=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$out.log")
        # Exclusive counts per function, summed by the object file named at the end of each line.
        callgrind_annotate --inclusive=no --threshold=100 "$out" 2>/dev/null | awk -v frames="$FRAMES" \
            -v total="$total" -v scene="$scene" -v history="$history" -v base="${base:-0}" '
            /\[.*libpixman/ { gsub(",", "", $1); pixman += $1; next }
            /\[.*libcairo/  { gsub(",", "", $1); cairo += $1; next }
            END {
                if (base == 0) base = total
                printf "| %s | %d | %.0f | %.2f | %.0f | %.0f | %.0f |\n", scene, history, total / frames,
                    total / base, pixman / frames, cairo / frames, (total - pixman - cairo) / frames
            }'
        [ -n "$base" ] || base=$total
    done
done
