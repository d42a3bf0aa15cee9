#!/usr/bin/env bash
# The real binary under a real compositor: Weston 10, headless, pixman.
#
# Checks what a person would notice first: the window maps, the app commits (a white buffer,
# read back with weston-screenshooter), SIGTERM ends it with status 0, and with WAYLAND_DEBUG it
# never commits more often than the compositor's frame callbacks allow; and `touchcanvas report`
# names Weston and lists its output (and no seat: this Weston has no input devices).
# Everything started here is stopped by its own PID, also on failure.
set -euo pipefail
bin=${1:?usage: weston-smoke.sh path/to/touchcanvas}
. "$(dirname "$0")/lib.sh"
tc_begin weston-smoke
socket="tc-weston-$$"
fail() { tc_fail "$@"; }

tc_weston weston_pid "$socket" "$work/weston.log" --width=640 --height=480 --debug

tc_client app_pid "$socket" "$work/app.out" "$work/app.err" "$bin" --scene spots --size 400x300
sleep 3
kill -0 "$app_pid" 2>/dev/null || fail "the app exited early: $(grep -v '^\[' "$work/app.err" | tail -3)"

# The canvas is the surface with the toplevel role. Weston draws no frames, so the app draws its
# own, as subsurfaces of the canvas: synchronised, they show with the canvas's commit, and the
# canvas's commits are the ones frame callbacks pace.
canvas=$(grep -oE 'get_xdg_surface\(new id xdg_surface@[0-9]+, wl_surface@[0-9]+\)' "$work/app.err" | head -1 \
  | grep -oE 'wl_surface@[0-9]+\)$' | tr -d ')')
[ -n "$canvas" ] || fail "no xdg_surface was made"
commits=$(grep -cF "$canvas.commit()" "$work/app.err" || true)
all_commits=$(grep -c 'wl_surface@[0-9]*\.commit()' "$work/app.err" || true)
attaches=$(grep -c 'wl_surface@[0-9]*\.attach(wl_buffer' "$work/app.err" || true)
callbacks=$(grep -c 'wl_callback@[0-9]*\.done(' "$work/app.err" || true)
acks=$(grep -c 'xdg_surface@[0-9]*\.ack_configure(' "$work/app.err" || true)
[ "$acks" -ge 1 ] || fail "no configure was acknowledged"
[ "$attaches" -ge 1 ] || fail "no buffer was ever attached"
# One commit without a buffer asks for the first configure; every later commit needs a callback.
[ "$commits" -le $((callbacks + 2)) ] || fail "$commits commits for $callbacks frame callbacks"
# An idle window commits once and then sleeps; so does each of its frame's five parts.
[ "$commits" -le 4 ] || fail "an idle window committed $commits times"
[ $((all_commits - commits)) -le 5 ] || fail "the idle window's frame committed $((all_commits - commits)) times"

# What a person would see: the 400×300 window, white.
shot="$work/shot.png"
tc_weston_shot "$socket" "$shot"
white=$(tc_count_color "$shot" ffffff)
[ "$white" -ge $((400 * 300 * 95 / 100)) ] || fail "only $white white pixels on screen; expected the 400×300 window"

tc_stop "$app_pid"
[ "$tc_status" -eq 0 ] || fail "SIGTERM gave exit status $tc_status"
tc_ok "($white white pixels, $commits commits of the canvas and $((all_commits - commits)) of its frame, $attaches buffers attached, $callbacks frame callbacks)"
tc_check_tablet "$work/app.err" absent
tc_check_report Weston "$work" env XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY="$socket" "$bin"
