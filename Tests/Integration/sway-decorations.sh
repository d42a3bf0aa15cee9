#!/usr/bin/env bash
# Server-side decorations under a compositor that offers them: Sway (wlroots, headless, pixman).
#
# Checks, from WAYLAND_DEBUG and a grim screenshot: the app asks for server-side decorations
# (set_mode(2)) and Sway answers server-side (configure(2)); libdecor stays out of it (no
# subsurfaces); Sway's own title bar (its default focused colour, #285577) is on screen above
# the white canvas; SIGTERM ends the app with status 0.
#
# Sway refuses to run as root: as root, it runs as nobody (setpriv), with the runtime dir handed over.
# Usage: sway-decorations.sh path/to/touchcanvas   (TC_KEEP=1 keeps the logs and screenshot)
set -euo pipefail
bin=${1:?usage: sway-decorations.sh path/to/touchcanvas}
. "$(dirname "$0")/lib.sh"

for tool in sway grim setpriv; do
  command -v "$tool" >/dev/null || { echo "sway-decorations: FAIL: $tool is not installed" >&2; exit 1; }
done

tc_begin sway-decorations
tc_log "$work/app.stderr"
printf 'output HEADLESS-1 resolution 1024x768\n' >"$work/sway.config"
tc_sway sway_pid "$work/sway.log" "$work/sway.config" PATH="$PATH" HOME="$work"
socket=$sway_display
tc_alive "$sway_pid" "sway"

tc_client app_pid "$socket" "$work/app.out" "$work/app.err" "$bin" --scene spots
tc_wait_line "$work/app.err" 'wl_surface@[0-9]+\.attach\(wl_buffer@' 10
sleep 1
grep -v '^\[' "$work/app.err" >"$work/app.stderr" || true
tc_alive "$app_pid" "the app"

grep -Eq 'zxdg_toplevel_decoration_v1@[0-9]+\.set_mode\(2\)' "$work/app.err" \
  || tc_fail "the app did not ask for server-side decorations (set_mode(2))"
grep -Eq '^\[[0-9. ]+\] zxdg_toplevel_decoration_v1@[0-9]+\.configure\(2\)' "$work/app.err" \
  || tc_fail "sway did not answer server-side (configure(2))"
grep -q 'get_subsurface' "$work/app.err" && tc_fail "subsurfaces were made: libdecor drew a frame as well"
grep -q 'decorations' "$work/app.stderr" && tc_fail "the app complained: $(grep decorations "$work/app.stderr" | head -1)"
tc_ok "set_mode(2) asked, configure(2) answered"

shot="$work/sway.png"
XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY="$socket" timeout 20 grim "$shot" >"$work/grim.log" 2>&1 \
  || tc_fail "grim failed: $(tail -2 "$work/grim.log")"
tc_keep_shot "$shot" screenshot.png
title=$(tc_count_color "$shot" 285577)
white=$(tc_count_color "$shot" ffffff)
[ "$title" -ge 5000 ] || tc_fail "only $title pixels of sway's title bar colour on screen"
[ "$white" -ge $((1000 * 700)) ] || tc_fail "only $white white pixels: the canvas is not on screen"
tc_ok "sway's title bar on screen ($title px) over the content ($white white px)"

tc_stop "$app_pid" TERM
[ "$tc_status" -eq 0 ] || tc_fail "SIGTERM gave exit status $tc_status"
tc_ok "SIGTERM ended the app with status 0"
