#!/bin/sh
# Replays generated recordings of 20 MB and 256 MiB with --report and with --png, under
# /usr/bin/time -v, and prints a Markdown table of wall time and peak resident memory: the
# figures of BENCHMARKS.md's "Replaying a large recording". A benchmark, not a test: the times
# depend on the machine and its load.
#
#   scripts/bench-big-replay.sh [TOUCHCANVAS]    (default .build/release/touchcanvas)
#
# SIZES="20M 256M" picks the sizes, BENCH_DIR where the recordings go (default a scratch folder,
# removed at the end; a given one is kept, and files already there are reused).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
binary=${1:-$here/.build/release/touchcanvas}
sizes=${SIZES:-20M 256M}
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
[ -x "$binary" ] || { echo "no $binary: swift build -c release --product touchcanvas" >&2; exit 1; }
if [ -n "${BENCH_DIR:-}" ]; then
    dir=$BENCH_DIR; mkdir -p "$dir"
else
    dir=$(mktemp -d /tmp/tc-bench-replay-XXXXXX); trap 'rm -rf "$dir"' EXIT
fi

echo "| file | mode | wall s | peak RSS MB | events |"
echo "|---|---|---|---|---|"
for size in $sizes; do
    file=$dir/big-$size.tcrec
    [ -s "$file" ] || "$here/scripts/make-big-recording.py" "$file" "$size" 2>/dev/null
    events=$(grep -c '^[0-9]' "$file")
    mb=$(( $(stat -L -c %s "$file") / 1000000 ))
    # report-spots: the report played into the spots scene, which keeps no drawing, so its
    # memory is the replay's own (the trace scene keeps every stroke, as the live app does).
    for mode in report report-spots png; do
        case $mode in
            report) set -- --report; label="--report" ;;
            report-spots) set -- --report --scene spots; label="--report --scene spots" ;;
            png) set -- --png "$dir/out.png"; label="--png" ;;
        esac
        /usr/bin/time -v -o "$dir/time.txt" "$binary" replay "$file" "$@" >/dev/null 2>"$dir/stderr.txt" \
            || { cat "$dir/stderr.txt" >&2; exit 1; }
        wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$dir/time.txt" \
            | awk -F: '{ if (NF == 3) print $1 * 3600 + $2 * 60 + $3; else print $1 * 60 + $2 }')
        rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$dir/time.txt")
        echo "| $size ($mb MB) | $label | $wall | $(awk "BEGIN { printf \"%.1f\", $rss / 1024 }") | $events |"
    done
done
