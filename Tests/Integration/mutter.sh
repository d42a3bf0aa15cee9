#!/usr/bin/env bash
# The real binary under GNOME's compositor: Mutter 43, headless, one 1280×720 virtual monitor,
# with real wl_touch events injected through Mutter's RemoteDesktop D-Bus API
# (mutter-touch.py).
#
#   Tests/Integration/mutter.sh path/to/touchcanvas
#
# `touchcanvas report` must name Mutter and list its seat and monitor (tc_check_report).
#
# Part one: two fingers draw on the fullscreen canvas. The phases log must show each touch
# begin, move and end where the fingers were (within 1 px) although Mutter sends no
# wl_touch.frame after the last up, and the drawing saved on SIGTERM must show both strokes.
#
# Then, in a launch of its own under `--log present`, one finger draws: each commit that carried it
# must come back presented, with touch→glass above 0 and below 200 ms at the monitor's 60 Hz
# (check-present.py).
#
# Part two: a touch on the inspect scene's drag handle makes the app call xdg_toplevel.move with
# that touch's down serial. Mutter starts the move and cancels every touch of the seat
# (wl_touch.cancel right after the request): the log must show them cancelled and never ended,
# nothing may be drawn for them, and a lone finger's drag must take the window along.
#
# Parts three to five: the app's own frame (Mutter offers no server-side decorations), worked by
# finger and by mouse. A finger drags the title bar (the window moves), double-taps it (maximise,
# restore) and drags the right margin (wider); the mouse drags the title bar and the right edge
# and clicks maximise; a finger on maximise restores and one on close ends the app (status 0,
# drawing saved); in a fresh window, a click on close does the same.
#
# Runs in two stages. The outer one makes a private session bus (a config with no service
# activation, so the bus starts nothing by itself) and runs the inner stage under
# dbus-run-session; the inner stage starts PipeWire (Mutter's ScreenCast needs it), Mutter, the
# touch helper and the app, each remembered by PID and stopped on exit, also on failure. When the
# inner stage is over the outer one checks that no process it started is left: every process
# carries a marker in its environment.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

if [ "${1:-}" != --inside ]; then
  bin=$(realpath "${1:?usage: mutter.sh path/to/touchcanvas}")
  [ -x "$bin" ] || { echo "mutter: $bin is not an executable" >&2; exit 1; }
  for tool in mutter pipewire dbus-run-session gdbus python3; do
    command -v "$tool" >/dev/null || { echo "mutter: FAIL: $tool is not installed" >&2; exit 1; }
  done
  tc_begin mutter-bus
  cat >"$work/bus.conf" <<EOF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path=$runtime/bus</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
EOF
  # Only the inner stage's environment carries the marker, not this shell's own tools.
  marker="mutter-test-$$-$RANDOM"
  status=0
  TC_MUTTER_RUN="$marker" dbus-run-session --config-file="$work/bus.conf" -- \
    bash "$0" --inside "$bin" || status=$?
  # dbus-run-session stops its bus when the inner stage exits; give everything a moment to go.
  left=""
  for _ in $(seq 30); do
    left=$(grep -lsz "^TC_MUTTER_RUN=$marker\$" /proc/[0-9]*/environ | cut -d/ -f3 | tr '\n' ' ' || true)
    [ -z "$left" ] && break
    sleep 0.1
  done
  if [ -n "$left" ]; then
    echo "mutter: FAIL: processes started by this test are still running:" >&2
    ps -o pid,args -p "${left// /,}" >&2 || true
    for pid in $left; do kill -KILL "$pid" 2>/dev/null || true; done
    exit 1
  fi
  exit "$status"
fi

# --- Inner stage: inside dbus-run-session ---------------------------------------------------
bin=$2
tc_begin mutter
export HOME="$work/home" XDG_RUNTIME_DIR="$runtime" XDG_CONFIG_HOME="$work/home/.config" \
  XDG_DATA_HOME="$work/home/.local/share" XDG_CACHE_HOME="$work/home/.cache" \
  XDG_STATE_HOME="$work/home/.local/state" GSETTINGS_BACKEND=memory
mkdir -p "$HOME" "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_CACHE_HOME" "$XDG_STATE_HOME"
unset WAYLAND_DISPLAY DISPLAY WAYLAND_SOCKET
socket="tc-mutter-$$"
width=1280 height=720

tc_log "$work/pipewire.log"
tc_spawn pipewire_pid pipewire >"$work/pipewire.log" 2>&1
tc_wait_socket "$runtime/pipewire-0" 10

tc_log "$work/mutter.log"
tc_spawn mutter_pid mutter --headless --wayland --no-x11 --virtual-monitor "${width}x${height}" \
  --wayland-display="$socket" >"$work/mutter.log" 2>&1
tc_wait_socket "$runtime/$socket" 20 "$mutter_pid" "mutter (before creating its Wayland socket)"
timeout 20 gdbus wait --session --timeout 15 org.gnome.Mutter.RemoteDesktop \
  || tc_fail "Mutter's RemoteDesktop service did not appear on the session bus"
tc_alive "$mutter_pid" mutter

# The helper keeps one RemoteDesktop session for the whole test and reads finger commands from
# a FIFO. This shell holds the FIFO open read-write on fd 3 (so opening it never blocks);
# nothing else may inherit fd 3, or the helper would never see the end of its input.
mkfifo "$work/fingers"
exec 3<>"$work/fingers"
tc_log "$work/helper.err"
# (The helper opens the FIFO itself: a command started in the background gets /dev/null as
# its standard input.)
tc_spawn helper_pid python3 "$here/mutter-touch.py" --connector Meta-0 "$work/fingers" \
  >"$work/helper.out" 2>"$work/helper.err" 3>&-
fingers() { printf '%s\n' "$@" >&3; }
tc_wait_line "$work/helper.out" '^ready ' 15

# Mutter creates its virtual touchscreen on the first touch call, and the seat gains touch only
# then: one throw-away touch while no window is mapped (nothing receives it), and a second to
# settle.
fingers "down 0 640 360" "up 0" "sleep 1" "mark warmed-up"
tc_wait_line "$work/helper.out" '^done mark warmed-up$' 10

# The app, fullscreen on the 1280×720 monitor: its surface coordinates are the monitor's.
tc_log "$work/app.err"
tc_client app_pid "$socket" "$work/app.out" "$work/app.err" \
  "$bin" --scene canvas --log phases --save-on-exit "$work/drawing.png" --fullscreen
# Waits until the app (WAYLAND_DEBUG in $1) shows a $2×$3 buffer on the output with touch bound.
wait_mapped() {
  local log=$1 w=$2 h=$3
  tc_wait_line "$log" "create_buffer\(new id wl_buffer@[0-9]+, [0-9]+, $w, $h, " 10
  tc_wait_line "$log" 'wl_seat@[0-9]+\.get_touch\(' 10
  tc_wait_line "$log" 'wl_surface@[0-9]+\.enter\(wl_output' 10
  tc_wait_line "$log" 'wl_callback@[0-9]+\.done\(' 10
  # Mutter's default plugin zooms a new window in from its centre for 250 ms (enable-animations
  # does not turn that off): a touch during the zoom lands at scaled surface coordinates, which
  # the phases checks would catch. Let it finish.
  sleep 1
}
wait_mapped "$work/app.err" "$width" "$height"
# Fullscreen is Mutter's size, told in a configure. (A floating window's first configure leaves
# the size to the app: there only the buffer tells.)
tc_wait_line "$work/app.err" "xdg_toplevel@[0-9]+\.configure\($width, $height, " 10
tc_alive "$app_pid" touchcanvas
tc_ok "fullscreen ${width}x${height} window mapped, touch bound"
# The bug report names Mutter (gtk_shell1) and lists its seat and the virtual monitor.
tc_check_report "Mutter (GNOME Shell)" "$work" env WAYLAND_DISPLAY="$socket" "$bin"
tc_check_tablet "$work/app.err" offered

# Two fingers: A along a horizontal line, B along a diagonal, moving in turn, then both lift.
path_a=() path_b=()
for i in $(seq 0 8); do path_a+=("$((200 + 50 * i)),200"); done
for i in $(seq 0 7); do path_b+=("$((300 + 100 * i)),$((600 - 40 * i))"); done
fingers "down 0 ${path_a[0]/,/ }" "down 1 ${path_b[0]/,/ }" "sleep 0.05"
for i in $(seq 1 8); do
  fingers "motion 0 ${path_a[$i]/,/ }"
  [ "$i" -le 7 ] && fingers "motion 1 ${path_b[$i]/,/ }"
  fingers "sleep 0.04"
done
fingers "up 0" "up 1" "sleep 0.5" "mark lifted"
tc_wait_line "$work/helper.out" '^done mark lifted$' 20
tc_wait_line "$work/app.out" '"phase":"ended".*"touch":2|"touch":2.*"phase":"ended"' 5

# Mutter 43 closes each down and motion with a frame but not the last up: the app must end the
# touches when its input runs dry. Make sure this run really exercised that.
last_touch_event=$(grep -E 'wl_touch@[0-9]+\.[a-z_]+\(' "$work/app.err" | grep -v ' -> ' | tail -1)
case "$last_touch_event" in
  *wl_touch@*.up\(*) tc_ok "Mutter sent no wl_touch.frame after the last up" ;;
  *) tc_fail "expected Mutter to end with an up and no frame; last wl_touch event: $last_touch_event" ;;
esac

tc_log "$work/app.out"
tc_check_phases "$work/app.out" "the phases log does not match the injected fingers" \
  "$(tc_finger ended "${path_a[@]}")" "$(tc_finger ended "${path_b[@]}")"
tc_ok "both touches began, moved and ended where the fingers were (within 1 px)"

# SIGTERM: the app saves the drawing and exits 0.
tc_stop "$app_pid" TERM
[ "$tc_status" -eq 0 ] || tc_fail "SIGTERM gave exit status $tc_status"
[ -s "$work/drawing.png" ] || tc_fail "no drawing was saved on SIGTERM"
tc_check_stroke "$work/drawing.png" "$tc_ink" A "${path_a[@]}"
tc_check_stroke "$work/drawing.png" "$tc_ink" B "${path_b[@]}"
# Nothing else: as much ink as two 4 px wide strokes of these lengths (1157 px together) leave
# in exactly the ink colour, about 3.2 px per pixel of length (the edges are antialiased); one
# stroke more or less is far outside ±20 %.
total=$(tc_count_color "$work/drawing.png" "$tc_ink")
expected=$(( (400 + 757) * 32 / 10 ))
[ "$total" -ge $((expected * 8 / 10)) ] && [ "$total" -le $((expected * 12 / 10)) ] \
  || tc_fail "$total ink pixels in the drawing; two strokes make about $expected"
tc_ok "drawing.png shows both strokes ($total ink pixels)"

# --- Part one, again: touch→glass -----------------------------------------------------------
# `--log present` takes the log by itself (the app has one --log): a second fullscreen launch,
# one finger, 30 motions 30 ms apart. Every commit that carried it must be presented with
# plausible figures at the virtual monitor's refresh, 60 Hz.
mutter_refresh=16666667
# Once with each --pacing: committing before the next vblank's deadline (the default) and foot's
# rule; both must give plausible figures (their medians are in BENCHMARKS.md).
for pacing in foot deadline; do
  tc_log "$work/present-$pacing.err"
  started=$(tc_now_ns)
  tc_client present_pid "$socket" "$work/present-$pacing.out" "$work/present-$pacing.err" \
    "$bin" --scene trace --log present --fullscreen --pacing "$pacing"
  wait_mapped "$work/present-$pacing.err" "$width" "$height"
  fingers "down 0 100 300" "sleep 0.03"
  for i in $(seq 1 30); do fingers "motion 0 $((100 + 20 * i)) $((300 + (i % 5) * 10))" "sleep 0.03"; done
  fingers "up 0" "sleep 0.5" "mark glass-$pacing"
  tc_wait_line "$work/helper.out" "^done mark glass-$pacing\$" 20
  tc_stop "$present_pid" TERM
  [ "$tc_status" -eq 0 ] || tc_fail "SIGTERM gave the touch→glass app (--pacing $pacing) exit status $tc_status"
  tc_log "$work/present-$pacing.out"
  tc_check_present "$work/present-$pacing.out" "the app logged no plausible touch→glass under Mutter (--pacing $pacing)" 20 "$mutter_refresh" "$started"
  tc_ok "touch→glass (--pacing $pacing): presentation feedback for the finger's commits, at Mutter's $mutter_refresh ns refresh"
done

# --- Part two: a touch that starts an interactive move --------------------------------------
# The inspect scene's drag handle asks for xdg_toplevel.move with the serial of the touch that
# went down on it. Mutter 43 answers with wl_touch.cancel: every touch the app had is cancelled
# (also a finger that was drawing elsewhere), and the window then follows the finger.
win_w=900 win_h=500
handle_x=$((win_w - 8 - 70)) handle_y=$((8 + 16))   # the middle of MoveHandleView, top right
tc_log "$work/move.err"
tc_client move_pid "$socket" "$work/move.out" "$work/move.err" \
  "$bin" --scene inspect --size "${win_w}x${win_h}" --log phases --save-on-exit "$work/moved.png"
wait_mapped "$work/move.err" "$win_w" "$win_h"
tc_alive "$move_pid" touchcanvas

# Mutter places windows itself and moves them on request, so where a window is comes from a tap:
# probe X Y MARK NAME [OUT] taps global X,Y with finger 2, waits until the app logging phases to
# OUT (default move.out) saw it end, and sets NAME_x and NAME_y to the window's origin (global =
# origin + surface: the began position the app logged for the tap). The tap is waited for by
# counting ended touches, not by its number: the frame's touches are TouchKit touches too, and
# take numbers of their own.
ended_count() { grep -c '"phase":"ended"' "$1" || true; }
probe() {
  local log=${5:-$work/move.out} before x y _
  before=$(ended_count "$log")
  fingers "down 2 $1 $2" "up 2" "sleep 0.3" "mark $3"
  tc_wait_line "$work/helper.out" "^done mark $3\$" 10
  for _ in $(seq 50); do [ "$(ended_count "$log")" -gt "$before" ] && break; sleep 0.1; done
  [ "$(ended_count "$log")" -gt "$before" ] || tc_fail "the probe tap at $1,$2 ($3) never ended on the canvas"
  read -r x y < <(python3 -c '
import json, sys
began = [json.loads(l) for l in open(sys.argv[1]) if l.startswith("{") and "\"phase\":\"began\"" in l]
print(round(int(sys.argv[2]) - began[-1]["x"]), round(int(sys.argv[3]) - began[-1]["y"]))
' "$log" "$1" "$2") || true   # (read fails at an empty answer: the next line says why)
  [ -n "${x:-}" ] || tc_fail "the probe tap at $1,$2 ($3) was not delivered"
  printf -v "$4_x" '%s' "$x"
  printf -v "$4_y" '%s' "$y"
}

probe_x=400 probe_y=400
probe $probe_x $probe_y probed origin
tc_ok "the ${win_w}x${win_h} window is at $origin_x,$origin_y"
g() { echo "$((origin_x + $1)) $((origin_y + $2))"; }   # surface → global

# 1. Finger 1 draws on the canvas and stays down; finger 0 goes down on the handle: both are
#    cancelled. Finger 1 lifts first, then finger 0 (where the window goes is Mutter's business:
#    see the report).
fingers "down 1 $(g 700 300)" "sleep 0.05" "motion 1 $(g 720 300)" "sleep 0.05" \
  "motion 1 $(g 740 300)" "sleep 0.1" "down 0 $(g $handle_x $handle_y)" "sleep 0.2" \
  "up 1" "sleep 0.1" "up 0" "sleep 0.5" "mark two-fingers"
tc_wait_line "$work/helper.out" '^done mark two-fingers$' 20
read -r tap_x tap_y < <(g 400 350)
probe $tap_x $tap_y probed-again origin2
tap2=("$((tap_x - origin2_x)),$((tap_y - origin2_y))")

# 2. One finger alone grabs the handle and drags 120,120: it is cancelled, and the window
#    follows it.
grab_x=$((handle_x - 40))
g2() { echo "$((origin2_x + $1)) $((origin2_y + $2))"; }
fingers "down 0 $(g2 $grab_x $handle_y)" "sleep 0.2"
for i in $(seq 1 6); do fingers "motion 0 $(g2 $((grab_x + 20 * i)) $((handle_y + 20 * i)))" "sleep 0.05"; done
fingers "up 0" "sleep 0.5" "mark dragged"
tc_wait_line "$work/helper.out" '^done mark dragged$' 20
read -r tap_x tap_y < <(g2 $((300 + 120)) $((200 + 120)))
probe $tap_x $tap_y probed-last origin3
# The red rings of cancelled touches fade over a second: let them go before saving.
sleep 1.5

tc_log "$work/move.out"
moves=$(grep -c "window move requested for touch" "$work/move.err" || true)
[ "$moves" -eq 2 ] || tc_fail "$moves window moves requested; the handle was touched twice"
for grabbed in "$handle_x" "$grab_x"; do
  # (grep -m1, not head: under pipefail a reader that stops early fails the pipeline.)
  serial=$(grep -m1 -E "wl_touch@[0-9]+\.down\([0-9]+, [0-9]+, wl_surface@[0-9]+, [0-9]+, $grabbed\.0+, $handle_y\.0+\)" \
    "$work/move.err" | sed -E 's/.*\.down\(([0-9]+),.*/\1/' || true)
  [ -n "$serial" ] || tc_fail "no wl_touch.down on the handle at $grabbed,$handle_y"
  # The request quotes the down's serial, and Mutter's next touch event is a cancel.
  grep -Eq " -> xdg_toplevel@[0-9]+\.move\(wl_seat@[0-9]+, $serial\)" "$work/move.err" \
    || tc_fail "no xdg_toplevel.move quoting the handle touch's down serial $serial"
  next=$(sed -n "/ -> xdg_toplevel@[0-9]*\.move(wl_seat@[0-9]*, $serial)/,\$p" "$work/move.err" \
    | grep -m1 -E '^\[ *[0-9.]+\] wl_touch@' || true)
  case "$next" in
    *wl_touch@*.cancel\(\)*) tc_ok "xdg_toplevel.move(serial $serial) answered by wl_touch.cancel" ;;
    *) tc_fail "after xdg_toplevel.move(serial $serial) Mutter's next touch event was: ${next:-none}" ;;
  esac
done
tc_check_phases "$work/move.out" "the phases log does not show the moves' cancellations" \
  "ended@$((probe_x - origin_x)),$((probe_y - origin_y))" \
  "cancelled@700,300/720,300/740,300" \
  "cancelled@$handle_x,$handle_y" \
  "ended@${tap2[0]}" \
  "cancelled@$grab_x,$handle_y" \
  "ended@300,200"
tc_ok "every touch down at a move was cancelled, none ended; the lone finger's move took the window 120,120"

# 3. The app's own frame (Mutter offers no server-side decorations): a 40 px title bar above the
#    canvas with close, maximise and minimise buttons (40 px each from its right end) and a
#    12 px resize margin round the window. A finger drags the title bar by -100,-80 (up: the
#    last drag left the window low on the monitor).
g3() { echo "$((origin3_x + $1)) $((origin3_y + $2))"; }
fingers "down 0 $(g3 200 -10)" "sleep 0.2"
for i in $(seq 1 5); do fingers "motion 0 $(g3 $((200 - 20 * i)) $((-10 - 16 * i)))" "sleep 0.05"; done
fingers "up 0" "sleep 0.5" "mark title-dragged"
tc_wait_line "$work/helper.out" '^done mark title-dragged$' 20
read -r tap_x tap_y < <(g3 $((300 - 100)) $((140 - 80)))
probe $tap_x $tap_y probed-title origin4
[ "$((origin4_x - origin3_x))" -eq -100 ] && [ "$((origin4_y - origin3_y))" -eq -80 ] \
  || tc_fail "dragging the title bar moved the window from $origin3_x,$origin3_y to $origin4_x,$origin4_y, not by -100,-80"
grep -q "frame: move requested for touch .* (touch id " "$work/move.err" \
  || tc_fail "the title bar's drag asked for no move"
began=$(grep -c '"phase":"began"' "$work/move.out" || true)
[ "$began" -eq 7 ] || tc_fail "$began touches reached the views; the title bar's finger must not"
grep -q '"anomaly":"cancel-without-touches"' "$work/move.out" \
  && tc_fail "Mutter's cancel of the title bar's touch reached the views as a cancel of nothing"
tc_ok "a finger on the title bar moved the window by -100,-80 and drew nothing"

# A double tap on the title bar maximises, another restores. Maximised on the 1280x720 monitor
# the window is the monitor: the title bar at its top, the canvas 1280x680 under it.
read -r dt_x dt_y < <(g3 200 -90)   # the title bar, where the drag left it
fingers "down 0 $dt_x $dt_y" "up 0" "sleep 0.1" "down 0 $dt_x $dt_y" "up 0" "sleep 0.8" "mark double-tapped"
tc_wait_line "$work/helper.out" '^done mark double-tapped$' 10
canvas_sizes='900, 500|960, 500|1000, 500|1280, 680'
last_size() {
  grep -E "create_buffer\(new id wl_buffer@[0-9]+, [0-9]+, ($canvas_sizes), " "$work/move.err" \
    | tail -1 | sed -E 's/.*, [0-9]+, ([0-9]+), ([0-9]+), [0-9]+, [0-9]+\)$/\1x\2/'
}
[ "$(last_size)" = 1280x680 ] || tc_fail "a double tap on the title bar did not maximise (last canvas $(last_size))"
fingers "down 0 300 20" "up 0" "sleep 0.1" "down 0 300 20" "up 0" "sleep 0.8" "mark double-tapped-again"
tc_wait_line "$work/helper.out" '^done mark double-tapped-again$' 10
[ "$(last_size)" = 900x500 ] || tc_fail "a second double tap did not restore the window (last canvas $(last_size))"
began=$(grep -c '"phase":"began"' "$work/move.out" || true)
[ "$began" -eq 7 ] || tc_fail "$began touches reached the views; taps on the title bar must not"
tc_ok "a double tap on the title bar maximised the window (canvas 1280x680), another restored it"
# Where the restored window is.
read -r tap_x tap_y < <(g3 $((300 - 100)) $((140 - 80)))
probe $tap_x $tap_y probed-restored origin4

# A finger on the right margin, dragged 60 px right, widens the canvas to 960.
edge_x=$((origin4_x + win_w + 6)) edge_y=$((origin4_y + 200))
fingers "down 0 $edge_x $edge_y" "sleep 0.2"
for i in $(seq 1 3); do fingers "motion 0 $((edge_x + 20 * i)) $edge_y" "sleep 0.05"; done
fingers "up 0" "sleep 0.5" "mark touch-resized"
tc_wait_line "$work/helper.out" '^done mark touch-resized$' 10
tc_wait_line "$work/move.err" "create_buffer\(new id wl_buffer@[0-9]+, [0-9]+, 960, $win_h, " 5
grep -q "frame: resize right requested for touch .* (touch id " "$work/move.err" \
  || tc_fail "the margin's finger asked for no resize"
tc_ok "a finger on the frame's right edge widened the canvas to 960x$win_h"

# 4. The mouse on the frame: drag the title bar by -50,+40, the right edge by +40, click
#    maximise. (Mutter makes its virtual pointer on the first pointer call: that one only moves
#    it, and a second lets it settle.)
g4() { echo "$((origin4_x + $1)) $((origin4_y + $2))"; }
fingers "pointer $(g4 300 -10)" "sleep 1" "pointer $(g4 300 -10)" "sleep 0.3" "press" "sleep 0.1"
for i in $(seq 1 5); do fingers "pointer $(g4 $((300 - 10 * i)) $((8 * i - 10)))" "sleep 0.05"; done
fingers "release" "sleep 0.5" "mark mouse-dragged"
tc_wait_line "$work/helper.out" '^done mark mouse-dragged$' 20
read -r tap_x tap_y < <(g4 $((300 - 50)) $((200 + 40)))
probe $tap_x $tap_y probed-mouse origin5
[ "$((origin5_x - origin4_x))" -eq -50 ] && [ "$((origin5_y - origin4_y))" -eq 40 ] \
  || tc_fail "dragging the title bar with the mouse moved the window from $origin4_x,$origin4_y to $origin5_x,$origin5_y, not by -50,+40"
tc_ok "the mouse dragged the window by its title bar (-50,+40)"

edge_x=$((origin5_x + 960 + 6)) edge_y=$((origin5_y + 200))
fingers "pointer $edge_x $edge_y" "sleep 0.2" "press" "sleep 0.1"
for i in $(seq 1 4); do fingers "pointer $((edge_x + 10 * i)) $edge_y" "sleep 0.05"; done
fingers "release" "sleep 0.5" "mark resized"
tc_wait_line "$work/helper.out" '^done mark resized$' 10
tc_wait_line "$work/move.err" "create_buffer\(new id wl_buffer@[0-9]+, [0-9]+, 1000, $win_h, " 5
tc_ok "the mouse on the frame's right edge widened the canvas to 1000x$win_h"

read -r max_x max_y < <(echo "$((origin5_x + 1000 - 60)) $((origin5_y - 20))")   # 1000 wide now
fingers "pointer $max_x $max_y" "sleep 0.2" "press" "sleep 0.05" "release" "sleep 0.5" "mark maximised"
tc_wait_line "$work/helper.out" '^done mark maximised$' 10
tc_wait_line "$work/move.err" "create_buffer\(new id wl_buffer@[0-9]+, [0-9]+, 1280, 680, " 5
tc_ok "the mouse on the maximise button made the canvas 1280x680"

# A finger on the maximise button (top right of the monitor now) restores; then one on the
# close button ends the app, which saves its drawing.
fingers "down 0 $((1280 - 60)) 20" "up 0" "sleep 0.8" "mark touch-restored"
tc_wait_line "$work/helper.out" '^done mark touch-restored$' 10
[ "$(last_size)" = 1000x500 ] || tc_fail "a finger on the maximise button did not restore (last canvas $(last_size))"
tc_ok "a finger on the maximise button restored the 1000x$win_h window"
# Restored to where it was before maximising (low on the monitor: the mouse drag left it there).
read -r tap_x tap_y < <(echo "$((origin5_x + 300)) $((origin5_y + 200))")
probe $tap_x $tap_y probed-restored-again origin6
fingers "down 0 $((origin6_x + 1000 - 20)) $((origin6_y - 20))" "up 0" "sleep 0.5" "mark closed"
tc_wait_line "$work/helper.out" '^done mark closed$' 10
tc_wait_exit "$move_pid" 5 || tc_fail "the app still runs 5 s after a finger on the close button"
[ "$tc_status" -eq 0 ] || tc_fail "the close button ended the app with status $tc_status"
[ -s "$work/moved.png" ] || tc_fail "no drawing was saved when the close button ended the app"
grep -q "frame: close" "$work/move.err" || tc_fail "the app ended, but not through its close button"
tc_ok "a finger on the close button ended the app with status 0 and it saved its drawing"
read -r hits steps < <(python3 "$here/png-stroke-check.py" "$work/moved.png" "$tc_ink" 3 700,300 740,300)
[ "$hits" -eq 0 ] || tc_fail "the cancelled stroke left ink: $hits of $steps pixels along its path"
# The cancel mark (CancelMarkView.color) is gone too. (The HUD's anomaly lines share the colour,
# so only the stroke's surroundings are looked at.)
read -r hits steps < <(python3 "$here/png-stroke-check.py" "$work/moved.png" e01b24 20 700,300 740,300)
[ "$hits" -eq 0 ] || tc_fail "the cancel mark is still drawn around $hits of $steps pixels of the stroke"
tc_ok "moved.png: nothing drawn for the cancelled touches"

# 5. The mouse on the close button of a fresh window.
tc_log "$work/close.err"
tc_client close_pid "$socket" "$work/close.out" "$work/close.err" \
  "$bin" --scene canvas --size "${win_w}x${win_h}" --log phases --save-on-exit "$work/closed.png"
wait_mapped "$work/close.err" "$win_w" "$win_h"
probe 640 400 probed-close origin7 "$work/close.out"
fingers "pointer $((origin7_x + win_w - 20)) $((origin7_y - 20))" "sleep 0.2" "press" "sleep 0.05" "release" \
  "sleep 0.5" "mark mouse-closed"
tc_wait_line "$work/helper.out" '^done mark mouse-closed$' 10
tc_wait_exit "$close_pid" 5 || tc_fail "the app still runs 5 s after a click on the close button"
[ "$tc_status" -eq 0 ] || tc_fail "a click on the close button ended the app with status $tc_status"
[ -s "$work/closed.png" ] || tc_fail "no drawing was saved when the close button was clicked"
tc_ok "a click on the close button ended the app with status 0 and it saved its drawing"

# End of input: the helper stops its session and exits by itself.
exec 3>&-
tc_wait_exit "$helper_pid" 5 || true
[ "$tc_status" -eq 0 ] || tc_fail "the touch helper exited with status $tc_status"
echo "mutter: ok"
