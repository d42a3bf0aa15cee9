#!/usr/bin/env bash
# The window under Weston 10 (headless, pixman): fullscreen, configure, HiDPI.
#
#   weston-window.sh path/to/touchcanvas RECORDING.tcrec
#
# Weston headless has no seat, so the drawing comes from `--play` (the recording's touches fed
# into the live window). For output scale 1 and 2 the app asks for fullscreen and must:
#   - take the size Weston's configure gives (the whole output, not --size) and ack it;
#   - declare the output's buffer scale and attach a buffer of output size in device pixels;
#   - show the strokes on screen (weston-screenshooter, checked pixel by pixel), with about four
#     times the ink pixels at scale 2, and crisp: edges about one device pixel wide, on any
#     column — which the same measure, applied to the scale-1 picture blown up 2×, is not;
#   - end with status 0 on SIGTERM and save the drawing it showed.
# TC_SHOTS=DIR keeps the screenshots.
set -euo pipefail
bin=${1:?usage: weston-window.sh path/to/touchcanvas RECORDING.tcrec}
recording=${2:?usage: weston-window.sh path/to/touchcanvas RECORDING.tcrec}
. "$(dirname "$0")/lib.sh"
tc_begin weston-window

# Runs Weston at scale $1 with an output of $2×$3 logical pixels (Weston's headless backend
# multiplies its --width and --height by --scale), the app fullscreen in it, and
# checks the handshake; leaves the screenshot in $work/shot-$1.png and the saved drawing in
# $work/drawing-$1.png.
run_at_scale() {
  local scale=$1 lw=$2 lh=$3
  local width=$(($2 * $1)) height=$(($3 * $1))
  local socket="tc-weston-$$-$scale" log="$work/weston-$scale.log" err="$work/app-$scale.err"
  tc_log "$err"
  local weston_pid app_pid
  tc_weston weston_pid "$socket" "$log" --width="$lw" --height="$lh" --scale="$scale" --debug

  tc_client app_pid "$socket" "$work/app-$scale.out" "$err" \
    "$bin" --scene trace --size 400x300 --fullscreen --play "$recording" --save-on-exit "$work/drawing-$scale.png"
  # The recording lasts 0.6 s; then the app idles.
  sleep 3
  tc_alive "$app_pid" "the app (scale $scale)"

  grep -q 'xdg_toplevel@[0-9]*\.set_fullscreen(nil)' "$err" || tc_fail "scale $scale: fullscreen was never asked for"
  grep -Eq "xdg_toplevel@[0-9]+\.configure\($lw, $lh," "$err" \
    || tc_fail "scale $scale: Weston never configured the fullscreen ${lw}x$lh"
  grep -q 'xdg_surface@[0-9]*\.ack_configure(' "$err" || tc_fail "scale $scale: no configure was acknowledged"
  grep -q "wl_surface@[0-9]*\.set_buffer_scale($scale)" "$err" \
    || tc_fail "scale $scale: the buffer scale was never set to $scale"
  grep -Eq "wl_shm_pool@[0-9]+\.create_buffer\(new id wl_buffer@[0-9]+, [0-9]+, $width, $height, " "$err" \
    || tc_fail "scale $scale: no ${width}x$height buffer (the output in device pixels) was made"
  grep -Eq "wl_shm_pool@[0-9]+\.create_buffer\(new id wl_buffer@[0-9]+, [0-9]+, 400, 300, " "$err" \
    && tc_fail "scale $scale: a buffer at --size 400x300 was made although the output is fullscreen"

  tc_weston_shot "$socket" "$work/shot-$scale.png"
  tc_keep_shot "$work/shot-$scale.png" "scale-$scale.png"

  tc_stop "$app_pid"
  [ "$tc_status" -eq 0 ] || tc_fail "scale $scale: SIGTERM gave exit status $tc_status"
  [ -s "$work/drawing-$scale.png" ] || tc_fail "scale $scale: nothing saved on exit"
  tc_stop "$weston_pid"
}

run_at_scale 1 800 600
run_at_scale 2 800 600

white1=$(tc_count_color "$work/shot-1.png" ffffff)
ink1=$(tc_count_color "$work/shot-1.png" "$tc_ink")
ink2=$(tc_count_color "$work/shot-2.png" "$tc_ink")
# Fullscreen: the white canvas covers the output, and ten finished strokes are on it.
[ "$white1" -ge $((800 * 600 * 80 / 100)) ] || tc_fail "only $white1 white pixels: the canvas does not fill the 800x600 output"
[ "$ink1" -ge 2000 ] || tc_fail "only $ink1 ink pixels at scale 1: the played strokes are not on screen"
# Twice the resolution each way: about four times the ink (a little more: the antialiased
# edge, which holds no exact ink pixel, is one device pixel wide at either scale).
[ $((ink2 * 10)) -ge $((ink1 * 35)) ] && [ $((ink2 * 10)) -le $((ink1 * 55)) ] \
  || tc_fail "$ink2 ink pixels at scale 2 for $ink1 at scale 1: not four times as many"
# The app's own saved drawing at scale 2 is the same picture as the screen.
saved2=$(tc_count_color "$work/drawing-2.png" "$tc_ink")
[ $((saved2 * 10)) -ge $((ink2 * 9)) ] && [ $((saved2 * 10)) -le $((ink2 * 11)) ] \
  || tc_fail "the saved drawing has $saved2 ink pixels, the screen $ink2"

# Crisp at scale 2: the strokes' edges are as sharp as at scale 1, and not on even columns only.
box1="0 0 800 300"
box2="0 0 1600 600"
crisp1=$(python3 "$here/stroke-edges.py" "$work/shot-1.png" "$tc_ink" ffffff --box $box1)
crisp2=$(python3 "$here/stroke-edges.py" "$work/shot-2.png" "$tc_ink" ffffff --box $box2)
blown=$(python3 "$here/stroke-edges.py" "$work/shot-1.png" "$tc_ink" ffffff --box $box1 --upscaled-control)
python3 - "$crisp1" "$crisp2" "$blown" <<'EOF' || tc_fail "the strokes at scale 2 are not crisp (scale 1: $crisp1; scale 2: $crisp2; scale 1 blown up: $blown)"
import json, sys
one, two, blown = (json.loads(a) for a in sys.argv[1:4])
assert one["edges"] > 500 and two["edges"] > 1000, "too few stroke edges to judge"
# Drawn at scale 2: one device pixel of antialiasing, like scale 1, on any column.
assert two["mean_ramp"] <= one["mean_ramp"] + 0.35, "edges wider than at scale 1"
assert 0.3 <= two["odd_fraction"] <= 0.7, "edges on even columns only"
# The control: the same picture scaled up by a compositor fails both tests.
assert blown["bilinear"]["mean_ramp"] > one["mean_ramp"] + 0.35, "the metric misses a bilinear upscale"
assert blown["nearest"]["odd_fraction"] < 0.15 and blown["nearest"]["mean_ramp"] > one["mean_ramp"] + 0.35, \
    "the metric misses a nearest-neighbour upscale"
EOF
tc_ok "fullscreen 800x600 and 1600x1200@2 configured and drawn; ink $ink1 → $ink2 pixels; edges scale 1 $crisp1, scale 2 $crisp2; 2× blown-up scale 1 $blown"
