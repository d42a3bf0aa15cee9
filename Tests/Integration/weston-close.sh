#!/usr/bin/env bash
# The window under Weston 10 (headless, pixman) closed by the compositor, and touched through it.
#
#   weston-close.sh path/to/touchcanvas RECORDING.tcrec
#
# Weston never sends xdg_toplevel.close by itself and its headless backend has no seat, so this
# test builds our own module, weston-control/tc-weston-control.c, and loads it into Weston: it
# reads commands from a FIFO, closes every desktop window on `close` and owns a touch seat.
# Without the module (no libweston-10-dev, a compile error, Weston refusing to load it) the test
# fails; it never skips.
#
# Part one: the app in a window (not fullscreen) plays RECORDING; on `close` it must receive
# xdg_toplevel.close, end by itself within 5 s with status 0 and save the drawing it showed.
# Part two: the app fullscreen (its surface coordinates are then the output's) with --log phases;
# two fingers through the module's seat must begin, move and end where they went (within 1 px),
# and after `close` the saved drawing must show both strokes.
# Part three: the app's own frame worked by a finger: dragging the title bar moves the window,
# a double tap maximises it, a tap on the close button ends the app (status 0, drawing saved).
set -euo pipefail
bin=${1:?usage: weston-close.sh path/to/touchcanvas RECORDING.tcrec}
recording=${2:?usage: weston-close.sh path/to/touchcanvas RECORDING.tcrec}
. "$(dirname "$0")/lib.sh"
tc_begin weston-close
width=800 height=600
# The refresh Weston's headless backend gives its output (60 Hz): what presentation feedback
# would carry, were its clock CLOCK_MONOTONIC (see touch→glass below).
weston_refresh=16666666

command -v cc >/dev/null || tc_fail "no C compiler (cc) to build the Weston module"
pkg-config --exists libweston-10 libweston-desktop-10 \
  || tc_fail "libweston-10 is not installed (Debian: libweston-10-dev); it builds the Weston module"
module="$work/tc-weston-control.so"
# shellcheck disable=SC2046 # pkg-config's flags are meant to split
cc -std=gnu11 -Wall -Wextra -Wno-unused-parameter -Werror -shared -fPIC -o "$module" \
  "$here/weston-control/tc-weston-control.c" $(pkg-config --cflags --libs libweston-10 libweston-desktop-10) \
  >"$work/cc.log" 2>&1 || { cat "$work/cc.log" >&2; tc_fail "the Weston module did not build"; }

# This shell holds the FIFO open read-write on fd 3, so writing never blocks even if Weston is
# gone; the module keeps a write end of its own. No child needs fd 3.
mkfifo "$work/control"
exec 3<>"$work/control"
control() { printf '%s\n' "$@" >&3; }

socket="tc-weston-$$"
# No panel: Weston may place a window's title bar under it, where touches would go to the panel.
printf '[shell]\npanel-position=none\n' >"$work/weston.ini"
# A module whose init fails makes Weston exit: tc_weston says so rather than wait for the socket.
TC_WESTON_CONTROL="$work/control" tc_weston weston_pid "$socket" "$work/weston.log" --config="$work/weston.ini" \
  --width="$width" --height="$height" --modules="$module"
# Weston 10 takes a module path that starts with / as it is (not under its module directory).
grep -qF "Loading module '$module'" "$work/weston.log" || tc_fail "Weston did not load $module"
grep -q 'tc-weston-control: reading commands from' "$work/weston.log" \
  || tc_fail "the module did not start"

# --- Part one: a window closed by the compositor --------------------------------------------
err="$work/app-window.err"
tc_log "$err"
tc_client app_pid "$socket" "$work/app-window.out" "$err" \
  "$bin" --scene trace --size 400x300 --play "$recording" --save-on-exit "$work/drawing-window.png"
tc_wait_line "$err" 'xdg_surface@[0-9]+\.ack_configure\(' 10
tc_wait_line "$err" 'create_buffer\(new id wl_buffer@[0-9]+, [0-9]+, 400, 300, ' 10
# The recording lasts 0.6 s; then the app idles until something ends it.
sleep 2
tc_alive "$app_pid" "the app (in a window)"
grep -q 'set_fullscreen' "$err" && tc_fail "the app asked for fullscreen without --fullscreen"

control close
tc_wait_line "$work/weston.log" 'tc-weston-control: close: 1 desktop surface' 5
# An event (no " -> "): the compositor's close reached the app.
tc_wait_line "$err" '^\[ *[0-9.]+\] xdg_toplevel@[0-9]+\.close\(\)' 5
tc_wait_exit "$app_pid" 5 || tc_fail "the app was still running 5 s after xdg_toplevel.close"
[ "$tc_status" -eq 0 ] || tc_fail "the app ended with status $tc_status after xdg_toplevel.close"
[ -s "$work/drawing-window.png" ] || tc_fail "the app saved no drawing on close"
saved=$(tc_count_color "$work/drawing-window.png" "$tc_ink")
[ "$saved" -ge 500 ] || tc_fail "the drawing saved on close has $saved ink pixels: the played strokes are missing"
tc_ok "window: xdg_toplevel.close received, exit status 0, drawing saved ($saved ink pixels)"

# --- Part two: touches through the module's seat, fullscreen ---------------------------------
err="$work/app-full.err"
out="$work/app-full.out"
tc_log "$err"
tc_client app_pid "$socket" "$out" "$err" \
  "$bin" --scene trace --fullscreen --log phases --save-on-exit "$work/drawing-full.png"
tc_wait_line "$err" "xdg_toplevel@[0-9]+\.configure\($width, $height, " 10
tc_wait_line "$err" "create_buffer\(new id wl_buffer@[0-9]+, [0-9]+, $width, $height, " 10
tc_wait_line "$err" 'wl_seat@[0-9]+\.get_touch\(' 10
tc_wait_line "$err" 'wl_callback@[0-9]+\.done\(' 10
sleep 0.5

# Two fingers: A along a horizontal line, B along a diagonal, moving in turn, then both lift.
# Each step is one wl_touch.frame, a little apart, so the app sees every point.
path_a=() path_b=()
for i in $(seq 0 8); do path_a+=("$((150 + 50 * i)),200"); done
for i in $(seq 0 7); do path_b+=("$((200 + 60 * i)),$((500 - 30 * i))"); done
control "down 0 ${path_a[0]/,/ }" "down 1 ${path_b[0]/,/ }" frame
sleep 0.05
for i in $(seq 1 8); do
  control "motion 0 ${path_a[$i]/,/ }"
  [ "$i" -le 7 ] && control "motion 1 ${path_b[$i]/,/ }"
  control frame
  sleep 0.04
done
control "up 0" frame "up 1" frame
tc_wait_line "$out" '"phase":"ended".*"touch":2|"touch":2.*"phase":"ended"' 5
grep -q '"seat":"tc-touch"' "$out" || tc_fail "the touches did not come from the module's seat"

tc_log "$out"
tc_check_phases "$out" "the phases log does not match the fingers" \
  "$(tc_finger ended "${path_a[@]}")" "$(tc_finger ended "${path_b[@]}")"
tc_ok "fullscreen: both touches began, moved and ended where the fingers went (within 1 px)"

tc_alive "$app_pid" "the app (fullscreen, before close)"
control close
tc_wait_line "$err" '^\[ *[0-9.]+\] xdg_toplevel@[0-9]+\.close\(\)' 5
tc_wait_exit "$app_pid" 5 || tc_fail "the fullscreen app was still running 5 s after xdg_toplevel.close"
[ "$tc_status" -eq 0 ] || tc_fail "the fullscreen app ended with status $tc_status after xdg_toplevel.close"
[ -s "$work/drawing-full.png" ] || tc_fail "the fullscreen app saved no drawing on close"
tc_check_stroke "$work/drawing-full.png" "$tc_ink" A "${path_a[@]}"
tc_check_stroke "$work/drawing-full.png" "$tc_ink" B "${path_b[@]}"
tc_ok "fullscreen: closed with status 0, both strokes in the saved drawing"

# --- Part two, again: touch→glass --------------------------------------------------------------
# `--log present` takes the log by itself (the app has one --log), so a second fullscreen launch:
# one finger through the module's seat, 30 frames 30 ms apart. Weston's headless backend keeps
# time on a software clock, CLOCK_MONOTONIC_RAW (wp_presentation.clock_id 4): the app reads its
# figures on that clock, timing input by its arrival (event times are CLOCK_MONOTONIC) and saying
# so once. Every commit that carried the finger must be presented with plausible figures at
# Weston's refresh (60 Hz).
err="$work/app-present.err"
out="$work/app-present.out"
tc_log "$err"
started=$(tc_now_ns)
tc_client app_pid "$socket" "$out" "$err" "$bin" --scene trace --fullscreen --log present
tc_wait_line "$err" "create_buffer\(new id wl_buffer@[0-9]+, [0-9]+, $width, $height, " 10
tc_wait_line "$err" 'wl_seat@[0-9]+\.get_touch\(' 10
tc_wait_line "$err" 'wl_callback@[0-9]+\.done\(' 10
clock=$(grep -m1 -oE '^\[ *[0-9.]+\] wp_presentation@[0-9]+\.clock_id\([0-9]+\)' "$err" | grep -oE '[0-9]+\)$' | tr -d ')' || true)
[ -n "$clock" ] || tc_fail "Weston's wp_presentation told no clock_id"
sleep 0.5
control "down 0 100 300" frame
for i in $(seq 1 30); do control "motion 0 $((100 + 20 * i)) $((300 + (i % 5) * 10))" frame; sleep 0.03; done
control "up 0" frame
sleep 0.5
tc_alive "$app_pid" "the app (touch→glass)"
control close
tc_wait_exit "$app_pid" 5 || tc_fail "the touch→glass app was still running 5 s after xdg_toplevel.close"
tc_log "$out"
moved=$(grep -c 'wl_touch@[0-9]*\.motion(' "$err" || true)
[ "$moved" -ge 25 ] || tc_fail "the app got $moved wl_touch.motion of the finger's 30"
if [ "$clock" = 1 ]; then
  tc_check_present "$out" "the app logged no plausible touch→glass under Weston" 20 "$weston_refresh" "$started"
else
  # Another presentation clock (CLOCK_MONOTONIC_RAW here): the app reads its figures on it and
  # times input by arrival, saying so once; "present" is then on that clock, not the script's.
  said=$(grep -c "^touchcanvas: the presentation clock is .*, not the CLOCK_MONOTONIC input events are stamped on" "$err" || true)
  [ "$said" -eq 1 ] || tc_fail "Weston's presentation clock is $clock; the app said so $said times, not once"
  tc_check_present "$out" "the app logged no plausible touch→glass under Weston (clock $clock)" 20 "$weston_refresh" "" "$clock"
fi
tc_ok "touch→glass: presentation feedback for the finger's commits, on clock $clock at Weston's $weston_refresh ns refresh"

# --- Part three: the app's own frame, by touch -----------------------------------------------
# Weston draws no frames: the app draws its own (a 40 px title bar above the canvas, buttons of
# 40 px from its right end). A 600×400 canvas on the 800×600 output always covers the output's
# centre wherever Weston places it, so a tap there says where the window is.
err="$work/app-frame.err"
out="$work/app-frame.out"
tc_log "$err"
tc_client app_pid "$socket" "$out" "$err" \
  "$bin" --scene spots --size 600x400 --log phases --save-on-exit "$work/drawing-frame.png"
tc_wait_line "$err" 'create_buffer\(new id wl_buffer@[0-9]+, [0-9]+, 600, 400, ' 10
tc_wait_line "$err" 'wl_seat@[0-9]+\.get_touch\(' 10
tc_wait_line "$err" 'xdg_surface@[0-9]+\.set_window_geometry\(0, -40, 600, 440\)' 10
sleep 0.5
probes=0
# Taps the output's centre and prints the canvas's origin in output coordinates.
where() {
  probes=$((probes + 1))
  control "down 9 400 300" frame "up 9" frame
  local _
  for _ in $(seq 50); do
    [ "$(grep -c '"phase":"ended"' "$out" || true)" -ge "$probes" ] && break
    sleep 0.1
  done
  [ "$(grep -c '"phase":"ended"' "$out" || true)" -ge "$probes" ] || tc_fail "probe tap $probes at 400,300 never ended on the canvas"
  python3 -c '
import json, sys
ended = [json.loads(l) for l in open(sys.argv[1]) if l.startswith("{") and "\"phase\":\"ended\"" in l]
print(round(400 - ended[-1]["x"]), round(300 - ended[-1]["y"]))
' "$out"
}
read -r ox oy < <(where)
tc_ok "the framed 600x400 window's canvas is at $ox,$oy"

# A finger drags the title bar by +100,+50: the app asks for the move at the first motion (past
# the 6 px that keep a tap a tap), and Weston moves the window by what the finger travels after
# that, +80,+40. (Mutter counts from the down instead.)
control "down 0 $((ox + 100)) $((oy - 20))" frame
for i in $(seq 1 5); do control "motion 0 $((ox + 100 + 20 * i)) $((oy - 20 + 10 * i))" frame; sleep 0.03; done
control "up 0" frame
tc_wait_line "$err" 'frame: move requested for touch [0-9]+ \(touch id 0, serial [0-9]+\)' 5
sleep 0.3
read -r mx my < <(where)
[ "$((mx - ox))" -eq 80 ] && [ "$((my - oy))" -eq 40 ] \
  || tc_fail "dragging the title bar moved the canvas from $ox,$oy to $mx,$my, not by +80,+40"
tc_ok "a finger dragging the title bar moved the window (+80,+40 after the move began)"

# A double tap on the title bar maximises: Weston configures the work area's size.
control "down 0 $((mx + 200)) $((my - 20))" frame "up 0" frame "down 0 $((mx + 200)) $((my - 20))" frame "up 0" frame
tc_wait_line "$err" ' -> xdg_toplevel@[0-9]+\.set_maximized\(\)' 5
tc_wait_line "$err" 'create_buffer\(new id wl_buffer@[0-9]+, [0-9]+, 800, [0-9]+, ' 5
tc_ok "a double tap on the title bar maximised the window (canvas 800 wide)"

# A finger on the close button ends the app, which saves its drawing.
sleep 0.3
read -r cx cy < <(where)
control "down 0 $((cx + 800 - 20)) $((cy - 20))" frame "up 0" frame
tc_wait_exit "$app_pid" 5 || tc_fail "the app still runs 5 s after a finger on its close button"
[ "$tc_status" -eq 0 ] || tc_fail "the close button ended the app with status $tc_status"
grep -q 'frame: close' "$err" || tc_fail "the app ended, but not through its close button"
[ -s "$work/drawing-frame.png" ] || tc_fail "no drawing was saved when the close button ended the app"
tc_ok "a finger on the close button ended the app with status 0 and it saved its drawing"

# The module goes with Weston: SIGTERM must end it cleanly (its seat and FIFO released).
tc_stop "$weston_pid"
[ "$tc_status" -eq 0 ] || tc_fail "Weston ended with status $tc_status on SIGTERM (with the module loaded)"
tc_ok "Weston with the module stopped cleanly"
