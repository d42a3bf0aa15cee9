#!/usr/bin/env bash
# Client-side decorations under a real compositor that draws none: Weston 10 (headless, pixman)
# offers no zxdg_decoration_manager_v1, so the app must frame its window with libdecor.
#
# Checks, from WAYLAND_DEBUG and a screenshot: libdecor made the toplevel with our title and
# drew its frame on subsurfaces of the canvas surface; on screen a dark title bar sits right
# above the white 400×300 canvas (the window is taller than its content); the canvas still
# maps at its full size; SIGTERM ends the app with status 0.
#
# Usage: weston-decorations.sh path/to/touchcanvas   (TC_KEEP=1 keeps the logs and screenshot)
set -euo pipefail
bin=${1:?usage: weston-decorations.sh path/to/touchcanvas}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

command -v weston >/dev/null || { echo "weston-decorations: FAIL: weston is not installed" >&2; exit 1; }
command -v weston-screenshooter >/dev/null || { echo "weston-decorations: FAIL: weston-screenshooter is not installed" >&2; exit 1; }

tc_begin weston-decorations
socket="tc-weston-deco-$$"
tc_log "$work/weston.log"
tc_log "$work/app.stderr"

# --debug: weston-screenshooter is refused without it.
tc_spawn weston_pid env XDG_RUNTIME_DIR="$runtime" weston --backend=headless-backend.so --use-pixman \
  --socket="$socket" --width=1024 --height=768 --idle-time=0 --debug >"$work/weston.log" 2>&1
tc_wait_socket "$runtime/$socket" 10
tc_alive "$weston_pid" "weston"

tc_spawn app_pid env XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY="$socket" WAYLAND_DEBUG=1 \
  "$bin" --scene spots --size 400x300 >"$work/app.out" 2>"$work/app.err"
# WAYLAND_DEBUG lines start with "[time]"; the app's own lines do not.
tc_wait_line "$work/app.err" 'create_buffer\(new id wl_buffer@[0-9]+, 0, 400, 300, ' 10
sleep 1
grep -v '^\[' "$work/app.err" >"$work/app.stderr" || true
tc_alive "$app_pid" "the app"

grep -q 'zxdg_decoration_manager_v1' "$work/app.err" \
  && tc_fail "this weston offers a decoration manager: the test needs one that does not"
grep -q '^libdecor' "$work/app.stderr" && tc_fail "libdecor reported an error: $(grep '^libdecor' "$work/app.stderr" | head -1)"
grep -q 'no decorations' "$work/app.stderr" && tc_fail "libdecor did not start: $(head -1 "$work/app.stderr")"

title='TouchCanvas — spots'
grep -Fq "xdg_toplevel@" "$work/app.err" || tc_fail "no xdg_toplevel was made"
grep -Fq "set_title(\"$title\")" "$work/app.err" || tc_fail "the toplevel's title is not \"$title\""
grep -Eq 'ack_configure\(' "$work/app.err" || tc_fail "no configure was acknowledged"
# The canvas is the surface libdecor gave the toplevel role; its frame hangs off it as subsurfaces.
canvas=$(grep -oE 'get_xdg_surface\(new id xdg_surface@[0-9]+, wl_surface@[0-9]+\)' "$work/app.err" | head -1 \
  | grep -oE 'wl_surface@[0-9]+\)$' | tr -d ')')
[ -n "$canvas" ] || tc_fail "no xdg_surface was made"
buffer=$(grep -oE 'create_buffer\(new id wl_buffer@[0-9]+, 0, 400, 300, ' "$work/app.err" | head -1 | grep -oE 'wl_buffer@[0-9]+')
grep -Fq "$canvas.attach($buffer, " "$work/app.err" || tc_fail "the 400×300 canvas buffer was not attached to $canvas"
subsurfaces=$(grep -cE "get_subsurface\(new id wl_subsurface@[0-9]+, wl_surface@[0-9]+, $canvas\)" "$work/app.err" || true)
[ "$subsurfaces" -ge 1 ] || tc_fail "libdecor made no subsurfaces of the canvas $canvas"
grep -Eq 'xdg_toplevel@[0-9]+\.set_min_size\([1-9][0-9]*, [1-9][0-9]*\)' "$work/app.err" \
  || tc_fail "no minimum size was set"
tc_ok "libdecor toplevel \"$title\", $subsurfaces frame subsurfaces of $canvas"

# What a person would see.
(cd "$work" && XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY="$socket" timeout 20 weston-screenshooter) \
  >"$work/screenshooter.log" 2>&1 || tc_fail "weston-screenshooter failed: $(tail -2 "$work/screenshooter.log")"
shot=$(ls "$work"/wayland-screenshot-*.png 2>/dev/null | head -1)
[ -n "$shot" ] || tc_fail "no screenshot was written"
tc_keep_shot "$shot" screenshot.png
white=$(tc_count_color "$shot" ffffff)
[ "$white" -ge $((400 * 300)) ] || tc_fail "only $white white pixels: the 400×300 canvas is not on screen"
read -r left top dark_rows narrow_rows < <(python3 "$here/png-frame.py" "$shot" 400 300) \
  || tc_fail "the screenshot has no 400×300 white canvas"
# The cairo plugin's title bar is 24 px; Weston's panel may cover its top.
[ "$narrow_rows" -ge 10 ] \
  || tc_fail "no title bar above the canvas at $left,$top ($dark_rows dark rows, $narrow_rows of the window's width)"
tc_ok "canvas 400×300 at $left,$top with a title bar above it ($narrow_rows rows of the window's width)"

tc_stop "$app_pid" TERM
[ "$tc_status" -eq 0 ] || tc_fail "SIGTERM gave exit status $tc_status"
tc_ok "SIGTERM ended the app with status 0"
