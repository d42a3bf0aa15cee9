#!/usr/bin/env bash
# Touch→glass at the floor: TouchCanvas side by side with weston-simple-touch and GTK4 under the
# scripted compositor's vblank, at 60, 120 and 144 Hz, at 1920×1080 and 3840×2160, one finger in
# the trace and canvas scenes, then ten fingers in the canvas scene. With a second build given,
# its trace and canvas rows run right after this build's, so a change is compared in one run.
#
#   Benchmarks/scripts/glass-matrix.sh TOUCHCANVAS [BASELINE] [SECONDS] [STROKE]
#
# Strokes of STROKE seconds (default 1.5, as people draw) for SECONDS (default 8) per client.
# Needs weston (weston-simple-touch) and gtk-4-examples (gtk4-demo). About 12 minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
touchcanvas=${1:?usage: glass-matrix.sh TOUCHCANVAS [BASELINE] [SECONDS] [STROKE]}
baseline=${2:-}
seconds=${3:-8}
stroke=${4:-1.5}
bench=.build/release/TouchLatency
[ -x "$bench" ] || swift build -c release --product TouchLatency
common=(--touchcanvas "$touchcanvas" --seconds "$seconds" --stroke "$stroke" --history 0 --vblank-only)
[ -n "$baseline" ] && common+=(--baseline "$baseline")
for size in 1920x1080 3840x2160; do
    for hz in 60 120 144; do
        echo "## One finger, $size, $hz Hz"
        "$bench" "${common[@]}" --size "$size" --vblank "$hz"
        echo
    done
done
for hz in 60 120; do
    echo "## Ten fingers, canvas scene, 1920x1080, $hz Hz"
    "$bench" "${common[@]}" --size 1920x1080 --vblank "$hz" --fingers 10 --only canvas,weston,gtk
    echo
done
