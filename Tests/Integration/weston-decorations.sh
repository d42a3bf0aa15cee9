#!/usr/bin/env bash
# Client-side decorations under a real compositor that draws none: Weston 10 (headless, pixman)
# offers no zxdg_decoration_manager_v1, so the app frames its window itself.
#
# Twice. By default the app draws its own frame in five subsurfaces below the canvas, each sized
# to what it shows: the title bar right above the canvas (0, -40), the 12 px margin's top strip
# 12 px left and 52 px up, then its bottom, left and right strips; the window geometry round
# canvas and title bar; on screen a 40 px title bar (its colour, separator, the close cross and
# the title's text) right above the white 400×300 canvas. With --decorations libdecor: libdecor made the toplevel and
# drew its frame on subsurfaces; on screen a dark title bar above the canvas. Both times the
# toplevel has our title, the canvas maps at full size, and SIGTERM ends the app with status 0.
#
# Usage: weston-decorations.sh path/to/touchcanvas   (TC_KEEP=1 keeps the logs, TC_SHOTS=DIR the screenshots)
set -euo pipefail
bin=${1:?usage: weston-decorations.sh path/to/touchcanvas}
. "$(dirname "$0")/lib.sh"
tc_begin weston-decorations

# run_case own|libdecor
run_case() {
  local mode=$1 extra=() socket="tc-weston-deco-$$-$1" out="$work/$1"
  [ "$mode" = libdecor ] && extra=(--decorations libdecor)
  mkdir -p "$out"
  tc_log "$out/app.stderr"
  # --debug: weston-screenshooter is refused without it. No panel: it would cover a title bar
  # that Weston places at the top of the screen.
  printf '[shell]\npanel-position=none\n' >"$out/weston.ini"
  local weston_pid app_pid
  tc_weston weston_pid "$socket" "$out/weston.log" --config="$out/weston.ini" --width=1024 --height=768 --debug

  tc_client app_pid "$socket" "$out/app.out" "$out/app.err" "$bin" --scene spots --size 400x300 "${extra[@]}"
  # WAYLAND_DEBUG lines start with "[time]"; the app's own lines do not.
  tc_wait_line "$out/app.err" 'create_buffer\(new id wl_buffer@[0-9]+, 0, 400, 300, ' 10
  sleep 1
  grep -v '^\[' "$out/app.err" >"$out/app.stderr" || true
  tc_alive "$app_pid" "the app ($mode)"

  grep -q 'zxdg_decoration_manager_v1' "$out/app.err" \
    && tc_fail "this weston offers a decoration manager: the test needs one that does not"
  local title='TouchCanvas — spots'
  grep -Fq "xdg_toplevel@" "$out/app.err" || tc_fail "$mode: no xdg_toplevel was made"
  grep -Fq "set_title(\"$title\")" "$out/app.err" || tc_fail "$mode: the toplevel's title is not \"$title\""
  grep -Eq 'ack_configure\(' "$out/app.err" || tc_fail "$mode: no configure was acknowledged"
  # The canvas is the surface with the toplevel role; the frame hangs off it as subsurfaces.
  local canvas buffer subsurfaces
  canvas=$(grep -oE 'get_xdg_surface\(new id xdg_surface@[0-9]+, wl_surface@[0-9]+\)' "$out/app.err" | head -1 \
    | grep -oE 'wl_surface@[0-9]+\)$' | tr -d ')')
  [ -n "$canvas" ] || tc_fail "$mode: no xdg_surface was made"
  buffer=$(grep -oE 'create_buffer\(new id wl_buffer@[0-9]+, 0, 400, 300, ' "$out/app.err" | head -1 | grep -oE 'wl_buffer@[0-9]+')
  grep -Fq "$canvas.attach($buffer, " "$out/app.err" || tc_fail "$mode: the 400×300 canvas buffer was not attached to $canvas"
  subsurfaces=$(grep -cE "get_subsurface\(new id wl_subsurface@[0-9]+, wl_surface@[0-9]+, $canvas\)" "$out/app.err" || true)
  [ "$subsurfaces" -ge 1 ] || tc_fail "$mode: no subsurfaces of the canvas $canvas"
  grep -Eq 'xdg_toplevel@[0-9]+\.set_min_size\([1-9][0-9]*, [1-9][0-9]*\)' "$out/app.err" \
    || tc_fail "$mode: no minimum size was set"
  if [ "$mode" = own ]; then
    grep -q '^libdecor' "$out/app.stderr" && tc_fail "libdecor started although the app draws its own frame"
    [ "$subsurfaces" -eq 5 ] || tc_fail "the frame is $subsurfaces subsurfaces, not its title bar and four margin strips"
    grep -Eq 'wl_subsurface@[0-9]+\.set_position\(0, -40\)' "$out/app.err" \
      || tc_fail "the title bar was not placed right above the canvas"
    grep -Eq 'wl_subsurface@[0-9]+\.set_position\(-12, -52\)' "$out/app.err" \
      || tc_fail "the margin's top strip was not placed 12 px left and 52 px up"
    grep -Eq 'create_buffer\(new id wl_buffer@[0-9]+, 0, 400, 40, ' "$out/app.err" \
      || tc_fail "the title bar's buffer is not 400x40"
    grep -Eq "wl_subsurface@[0-9]+\.place_below\($canvas\)" "$out/app.err" \
      || tc_fail "the frame was not placed below the canvas"
    grep -Eq 'xdg_surface@[0-9]+\.set_window_geometry\(0, -40, 400, 340\)' "$out/app.err" \
      || tc_fail "the window geometry is not the canvas and its 40 px title bar"
    grep -Eq 'xdg_toplevel@[0-9]+\.set_min_size\(320, 280\)' "$out/app.err" \
      || tc_fail "the minimum size does not count the title bar"
    tc_ok "own frame: toplevel \"$title\", 5 frame subsurfaces below $canvas (a 400x40 title bar), window geometry 400x340"
  else
    grep -q '^libdecor' "$out/app.stderr" && tc_fail "libdecor reported an error: $(grep '^libdecor' "$out/app.stderr" | head -1)"
    grep -q 'no decorations' "$out/app.stderr" && tc_fail "libdecor did not start: $(head -1 "$out/app.stderr")"
    tc_ok "libdecor toplevel \"$title\", $subsurfaces frame subsurfaces of $canvas"
  fi

  # What a person would see.
  local shot="$out/screenshot.png" white left top dark_rows narrow_rows
  tc_weston_shot "$socket" "$shot"
  tc_keep_shot "$shot" "screenshot-$mode.png"
  white=$(tc_count_color "$shot" ffffff)
  [ "$white" -ge $((400 * 300)) ] || tc_fail "$mode: only $white white pixels: the 400×300 canvas is not on screen"
  read -r left top dark_rows narrow_rows < <(python3 "$here/png-frame.py" "$shot" 400 300) \
    || tc_fail "$mode: the screenshot has no 400×300 white canvas"
  if [ "$mode" = own ]; then
    local bar glyph ink
    read -r bar glyph ink < <(python3 "$here/png-titlebar.py" "$shot" "$left" "$top" 400) \
      || tc_fail "no title bar of the app's own above the canvas at $left,$top"
    [ "$bar" -ge 30 ] || tc_fail "only $bar of 40 rows above the canvas are the title bar's colour"
    [ "$glyph" -ge 20 ] || tc_fail "no close cross at the title bar's right end ($glyph dark pixels)"
    [ "$ink" -ge 50 ] || tc_fail "no title text on the bar ($ink dark pixels)"
    tc_ok "canvas 400×300 at $left,$top under its title bar ($bar rows, close cross $glyph px, title $ink px)"
  else
    # The cairo plugin's title bar is 24 px.
    [ "$narrow_rows" -ge 10 ] \
      || tc_fail "no title bar above the canvas at $left,$top ($dark_rows dark rows, $narrow_rows of the window's width)"
    tc_ok "canvas 400×300 at $left,$top with libdecor's title bar above it ($narrow_rows rows of the window's width)"
  fi

  tc_stop "$app_pid" TERM
  [ "$tc_status" -eq 0 ] || tc_fail "$mode: SIGTERM gave exit status $tc_status"
  tc_ok "$mode: SIGTERM ended the app with status 0"
  tc_stop "$weston_pid"
}

run_case own
run_case libdecor
