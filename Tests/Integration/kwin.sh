#!/usr/bin/env bash
# The real binary under KWin 5.27, headless: the one compositor here that sends a real
# wl_touch.cancel. Input comes from tc-inject's kde-fake-input backend (org_kde_kwin_fake_input).
#
#   kwin.sh path/to/touchcanvas path/to/tc-inject
#
# First `touchcanvas report` must name KWin and list its seat and output (tc_check_report).
# (a) three fingers down and moving, then a cancel from the fake device: KWin sends
#     wl_touch.cancel and the app reports exactly those three touches cancelled, none ended;
# (b) a new finger reusing id 0 draws a stroke: began, moved, ended;
# (c) SIGTERM saves the drawing: the stroke of (b) is in it, the cancelled ones are not;
# (c') under `--log present` a finger draws: KWin --virtual offers no wp_presentation, so the
#      app asks for no feedback and logs no touch→glass (where it is offered: plausible figures
#      at the output's refresh, checked by check-present.py);
# (d) `touchcanvas check` passes, the cancel coming from the fake device; its latency section
#     says touch→glass was not measured (no wp_presentation; figures where KWin offers one).
#
# KWin runs under its own dbus-run-session with HOME and the XDG dirs inside the scratch
# directory. dbus-run-session does not pass SIGTERM on to its child, so KWin's own PID is
# recorded (the child writes it before exec'ing) and KWin is stopped first, by that PID; the
# session then ends its dbus-daemon and exits. Nothing is ever stopped by name.
set -euo pipefail
bin=${1:?usage: kwin.sh path/to/touchcanvas path/to/tc-inject}
inject=${2:?usage: kwin.sh path/to/touchcanvas path/to/tc-inject}
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
tc_begin kwin

[ -x "$bin" ] || tc_fail "$bin is not an executable (swift build --product touchcanvas)"
[ -x "$inject" ] || tc_fail "$inject is not an executable (swift build --product tc-inject)"
kwin_installed=$(command -v kwin_wayland) || tc_fail "kwin_wayland is not installed (Debian: kwin-wayland)"
command -v dbus-run-session >/dev/null || tc_fail "dbus-run-session is not installed (Debian: dbus)"

# --- KWin ------------------------------------------------------------------------------------
mkdir -p "$work/home" "$work/config" "$work/data" "$work/cache"
# ZeroCornered: the window's top-left is the output's, so global input coordinates are window
# coordinates, which (a) checks against the log.
printf '[Windows]\nPlacement=ZeroCornered\n' >"$work/config/kwinrc"
# The packaged binary has a file capability (cap_sys_resource) that exec refuses here with
# "Operation not permitted"; a copy has none.
cp "$kwin_installed" "$work/kwin_wayland"
socket="tc-kwin-$$"
# The refresh of KWin's virtual output (60 Hz): what presentation feedback would carry (see (c')).
kwin_refresh=16666666
tc_log "$work/kwin.log"
tc_spawn session_pid env -u WAYLAND_DISPLAY -u DISPLAY \
  HOME="$work/home" XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" \
  XDG_CACHE_HOME="$work/cache" XDG_RUNTIME_DIR="$runtime" \
  KWIN_COMPOSE=Q KWIN_WAYLAND_NO_PERMISSION_CHECKS=1 \
  dbus-run-session -- sh -c 'echo $$ >"$0" && exec "$@"' "$work/kwin.pid" \
  "$work/kwin_wayland" --virtual --no-lockscreen --no-global-shortcuts --no-kactivities \
  --socket="$socket" --width 1280 --height 720 >"$work/kwin.log" 2>&1

# KWin and the session's dbus-daemon are remembered as soon as they are known, so that tc_end
# stops them even if the session itself is gone by then (it would leave both running).
kwin_pid=""
dbus_pid=""
for _ in $(seq 200); do
  if [ -z "$kwin_pid" ] && [ -s "$work/kwin.pid" ]; then
    kwin_pid=$(cat "$work/kwin.pid")
    # The session's other child; it is started before KWin.
    dbus_pid=$(tr ' ' '\n' <"/proc/$session_pid/task/$session_pid/children" | grep -vx "$kwin_pid" | grep -m1 . || true)
    [ -n "$dbus_pid" ] && tc_pids+=("$dbus_pid")
    tc_pids+=("$kwin_pid")
  fi
  [ -n "$kwin_pid" ] && [ -S "$runtime/$socket" ] && break
  tc_alive "$session_pid" "dbus-run-session with KWin"
  sleep 0.1
done
[ -n "$kwin_pid" ] || tc_fail "KWin did not start within 20s"
[ -S "$runtime/$socket" ] || tc_fail "KWin did not create $socket within 20s"
[ -n "$dbus_pid" ] || tc_fail "cannot find the dbus-daemon of the session ($session_pid)"
export XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY="$socket"

# --- one injector for the whole test: the seat has touch only while it is connected -----------
# This shell holds the FIFO read-write on fd 3, which never blocks (a write-only open would wait
# for a reader, forever if the injector failed to start). The FIFO is opened for reading inside
# the injector's own process, not on tc_spawn's line: a redirection there is done by this shell.
# Every other process is started with fd 3 closed: one that inherited it would keep the injector
# from ever seeing the end of its script.
mkfifo "$work/inject.fifo"
exec 3<>"$work/inject.fifo"
tc_log "$work/inject.err"
tc_spawn inject_pid sh -c 'exec "$0" kde-fake-input <"$1" 3>&-' "$inject" "$work/inject.fifo" \
  >"$work/inject.out" 2>"$work/inject.err"
tc_wait_line "$work/inject.out" '^ready$' 10
send() { tc_alive "$inject_pid" "tc-inject"; printf '%s\n' "$@" >&3; }

# Waits until a touchcanvas started with WAYLAND_DEBUG=1 has a touch device and KWin has shown
# a frame of its window (a callback done after the first buffer; the roundtrips before it end
# with callbacks too): touches sent after that land on it.
wait_for_window() {
  local err=$1 pid=$2 _
  for _ in $(seq 150); do
    tc_alive "$pid" "touchcanvas"
    if grep -q 'wl_seat@[0-9]*\.get_touch(' "$err" && awk '/wl_surface@[0-9]+\.attach\(wl_buffer/ { a = 1 }
         a && /wl_callback@[0-9]+\.done\(/ { f = 1 } END { exit !f }' "$err"; then return 0; fi
    sleep 0.1
  done
  tc_fail "the window did not get a touch device and a presented frame within 15s"
}

phases() { grep -c "\"phase\":\"$1\"" "$work/app.out" || true; }

# The bug report names KWin (its KDE output-device global) and lists its seat and output.
tc_check_report "KWin (KDE Plasma)" "$work" "$bin"

# --- (a) three fingers, then KWin cancels them ------------------------------------------------
tc_log "$work/app.out"
tc_log "$work/app.err"
tc_client app_pid "$socket" "$work/app.out" "$work/app.err" \
  "$bin" --scene canvas --log phases --size 800x600 --save-on-exit "$work/drawing.png"
wait_for_window "$work/app.err" "$app_pid"
tc_check_tablet "$work/app.err" offered

# Fingers at x = 150, 300, 450 move down from y = 100 to y = 250 over six frames.
xs=(150 300 450)
send "touch down 0 ${xs[0]} 100" "touch down 1 ${xs[1]} 100" "touch down 2 ${xs[2]} 100" "touch frame"
for step in 1 2 3 4 5 6; do
  y=$((100 + step * 25))
  send "touch motion 0 ${xs[0]} $y" "touch motion 1 ${xs[1]} $y" "touch motion 2 ${xs[2]} $y" "touch frame" "sleep 0.03"
done
send sync
tc_wait_line "$work/app.out" "\"phase\":\"moved\",\"touch\":3,\"id\":2,\"x\":${xs[2]},\"y\":250" 10
# The coordinates the app logs are the global ones sent: the window is at 0,0, undecorated.
grep -q "\"phase\":\"began\",\"touch\":1,\"id\":0,\"x\":${xs[0]},\"y\":100}" "$work/app.out" \
  || tc_fail "touch 1 did not begin at ${xs[0]},100: the window is not at the output's corner"
send "touch cancel" sync
tc_wait_line "$work/app.out" '"phase":"cancelled".*"id":2' 10
sleep 0.5  # anything KWin might still send about these touches
cancelled=$(phases cancelled)
ended=$(phases ended)
[ "$cancelled" -eq 3 ] || tc_fail "expected 3 cancelled touches, the log has $cancelled"
[ "$ended" -eq 0 ] || tc_fail "expected no ended touch after the cancel, the log has $ended"
for n in 1 2 3; do
  grep -q "\"phase\":\"cancelled\",\"touch\":$n,\"id\":$((n - 1))," "$work/app.out" \
    || tc_fail "touch $n (id $((n - 1))) was not the one cancelled"
done
# It is KWin's own event, not something the app made up: one wl_touch.cancel on the wire.
wire_cancels=$(grep -c 'wl_touch@[0-9]*\.cancel()' "$work/app.err" || true)
[ "$wire_cancels" -eq 1 ] || tc_fail "expected one wl_touch.cancel from KWin, WAYLAND_DEBUG shows $wire_cancels"
tc_ok "(a) KWin sent wl_touch.cancel: touches 1-3 (ids 0,1,2) cancelled, none ended"

# --- (b) id 0 again, a stroke that ends normally -----------------------------------------------
send "touch down 0 150 450" "touch frame"
for x in 200 250 300 350 400 450 500 550 600 650; do send "touch motion 0 $x 450" "touch frame" "sleep 0.02"; done
send "touch up 0" "touch frame" sync
tc_wait_line "$work/app.out" '"phase":"ended","touch":4,"id":0' 10
grep -q '"phase":"began","touch":4,"id":0,"x":150,"y":450}' "$work/app.out" || tc_fail "touch 4 (id 0) did not begin at 150,450"
moved4=$(grep -c '"phase":"moved","touch":4,"id":0,' "$work/app.out" || true)
[ "$moved4" -ge 1 ] || tc_fail "touch 4 never moved"
[ "$(phases ended)" -eq 1 ] || tc_fail "expected exactly one ended touch, the log has $(phases ended)"
[ "$(phases cancelled)" -eq 3 ] || tc_fail "the new touch changed the cancelled count to $(phases cancelled)"
tc_ok "(b) id 0 reused: touch 4 began, moved ×$moved4, ended"

# --- (c) the saved drawing ---------------------------------------------------------------------
sleep 1  # the touch spot of (b) fades out before the frame that is saved
tc_stop "$app_pid"
[ "$tc_status" -eq 0 ] || tc_fail "SIGTERM gave exit status $tc_status"
grep -q "saved $work/drawing.png" "$work/app.err" || tc_fail "the app did not say it saved drawing.png"
region() { python3 "$here/png-count-region.py" "$work/drawing.png" "$@"; }
stroke=$(region "$tc_ink" 140 440 660 460)
[ "$stroke" -ge 1500 ] || tc_fail "the stroke of (b) has only $stroke ink pixels between 150,450 and 650,450"
for x in "${xs[@]}"; do
  cancelled_ink=$(region "^ffffff" $((x - 12)) 88 $((x + 12)) 262)
  [ "$cancelled_ink" -eq 0 ] || tc_fail "$cancelled_ink non-white pixels where the cancelled finger at x=$x moved"
done
everywhere=$(region "$tc_ink" 0 0 799 599)
[ "$everywhere" -eq "$stroke" ] || tc_fail "ink outside the stroke of (b): $everywhere pixels in all, $stroke in it"
paths=$(grep -c '<path' "$work/drawing.svg" || true)
[ "$paths" -eq 1 ] || tc_fail "the SVG beside the PNG has $paths paths; expected the one stroke of (b)"
tc_ok "(c) drawing.png: $stroke ink pixels on the stroke of (b), none where the cancelled fingers moved"

# --- (c') touch→glass ---------------------------------------------------------------------------
# `--log present` takes the log by itself (the app has one --log): a launch of its own, one
# finger, 30 frames 30 ms apart. KWin 5.27 implements no wp_presentation on any backend (none
# of its libraries carries the interface; nested KWin, which would not help, needs a DRM render
# node this machine lacks): then the app must ask for no feedback and log no figures (and (d)'s
# report says touch→glass was not measured). Where KWin offers it, every commit that carried the
# finger must be presented with plausible figures at the virtual output's refresh (60 Hz).
tc_log "$work/present.out"
tc_log "$work/present.err"
started=$(tc_now_ns)
tc_client present_pid "$socket" "$work/present.out" "$work/present.err" "$bin" --scene trace --log present --size 800x600
wait_for_window "$work/present.err" "$present_pid"
send "touch down 0 100 300" "touch frame"
for i in $(seq 1 30); do send "touch motion 0 $((100 + 20 * i)) $((300 + (i % 5) * 10))" "touch frame" "sleep 0.03"; done
send "touch up 0" "touch frame" sync
tc_wait_line "$work/present.err" 'wl_touch@[0-9]+\.up\(' 10
sleep 0.5
tc_stop "$present_pid"
[ "$tc_status" -eq 0 ] || tc_fail "SIGTERM gave the touch→glass app exit status $tc_status"
moved=$(grep -c 'wl_touch@[0-9]*\.motion(' "$work/present.err" || true)
[ "$moved" -ge 10 ] || tc_fail "the touch→glass app got $moved wl_touch.motion of the finger's 30"
if grep -q 'wl_registry@[0-9]*\.global([0-9]*, "wp_presentation",' "$work/present.err"; then
  kwin_presents=1
  tc_check_present "$work/present.out" "the app logged no plausible touch→glass under KWin" 10 "$kwin_refresh" "$started"
  tc_ok "(c') touch→glass: presentation feedback for the finger's commits, at KWin's $kwin_refresh ns refresh"
else
  kwin_presents=0
  tc_check_no_present "$work/present.out" "KWin offers no wp_presentation" "$work/present.err"
  tc_ok "(c') touch→glass: KWin --virtual offers no wp_presentation; the app asked for no feedback for the finger's $moved motions and logged no figures"
fi

# --- (d) touchcanvas check, the cancel coming from the fake device -----------------------------
tc_log "$work/check.out"
tc_log "$work/check.err"
tc_client check_pid "$socket" "$work/check.out" "$work/check.err" "$bin" check --timeout 30 --size 800x600
wait_for_window "$work/check.err" "$check_pid"
send "touch down 0 200 200" "touch down 1 300 200" "touch down 2 400 200" "touch frame"
for y in 220 240 260; do send "touch motion 0 200 $y" "touch motion 1 300 $y" "touch motion 2 400 $y" "touch frame" "sleep 0.03"; done
send sync
tc_wait_line "$work/check.err" 'Now do a system gesture' 10
send "sleep 0.2" "touch cancel" sync
tc_wait_exit "$check_pid" 10 || true
check_status=$tc_status
[ "$check_status" -eq 0 ] || tc_fail "touchcanvas check exited with $check_status"
grep -q '^fingers held: touch 1 (id 0), touch 2 (id 1), touch 3 (id 2)$' "$work/check.out" \
  || tc_fail "the check did not see the three fingers held"
grep -Eq '^cancel: arrived [0-9.]+ s after the fingers were down, covering touch 1 \(id 0\), touch 2 \(id 1\), touch 3 \(id 2\)$' \
  "$work/check.out" || tc_fail "the check's report does not say KWin cancelled the three touches"
grep -q '^lifted with up: none$' "$work/check.out" || tc_fail "the check saw touches lifted with up"
grep -q '^result: the compositor behaved$' "$work/check.out" || tc_fail "the check's verdict is not 'behaved'"
if [ "$kwin_presents" -eq 0 ]; then
  grep -qx 'latency: the compositor offers no wp_presentation; touch→glass not measured' "$work/check.out" \
    || tc_fail "the check's report does not say touch→glass was not measured for want of wp_presentation"
  tc_ok "(d) the check's latency section: $(grep -m1 '^latency:' "$work/check.out")"
else
  grep -q '^latency: touch→glass over [0-9]* frames: median ' "$work/check.out" \
    || tc_fail "the check's report has no touch→glass figures although KWin offers wp_presentation"
  tc_ok "(d) the check's latency section: $(grep -m1 '^latency:' "$work/check.out")"
fi
tc_ok "(d) touchcanvas check: $(grep '^cancel:' "$work/check.out")"

# --- the end: the injector leaves cleanly, and no KWin or dbus-daemon is left behind -----------
exec 3>&-
tc_wait_exit "$inject_pid" 5 || true
[ "$tc_status" -eq 0 ] || tc_fail "tc-inject exited with $tc_status at the end of its script"
tc_stop "$kwin_pid"
tc_stop "$session_pid"
gone() { [ ! -e "/proc/$1" ] || [ "$(sed 's/.*) //' "/proc/$1/stat" | cut -d' ' -f1)" = Z ]; }
gone "$kwin_pid" || tc_fail "KWin ($kwin_pid) is still running after it was stopped"
# dbus-run-session stops its dbus-daemon as it exits, but does not wait for it: on a loaded
# machine the daemon may still be on its way out. Give it two seconds.
for _ in $(seq 20); do gone "$dbus_pid" && break; sleep 0.1; done
gone "$dbus_pid" || tc_fail "the session's dbus-daemon ($dbus_pid) is still running 2 s after the session ended"
tc_ok "KWin and its D-Bus session stopped; nothing left behind"
