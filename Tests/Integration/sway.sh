#!/usr/bin/env bash
# The real binary under Sway 1.7, headless (pixman), with a real mouse: our tc-inject drives a
# zwlr_virtual_pointer_v1 through the whole path compositor → wl_pointer → app.
#
#   Tests/Integration/sway.sh path/to/touchcanvas path/to/tc-inject
#
# First `touchcanvas report` must name Sway and list its seat and output (tc_check_report).
# Then, at output scale 1, then 2, then 1.5:
#   - a drag drawn with the virtual pointer reaches the app as pointer began/moved/ended at the
#     expected window coordinates (its --log phases output), fractions included;
#   - a screenshot (grim) shows each stroke in #34329C where it was drawn, 4 logical px thick,
#     with crisp edges (see check_strokes). Sway 1.7 offers no wp_fractional_scale_v1, so at
#     1.5 the app draws at 2 and Sway reduces it: a limit on blur, not pixel-exactness there;
#   - closing the window (xdg_toplevel.close via swaymsg kill) ends the app with status 0 and
#     --save-on-exit writes the drawing;
#   - pointer→glass: in a launch of its own under `--log present`, the app asks for feedback on
#     a drag's commits. Sway 1.7 headless presents none of them, so the app must log no figures;
#     where Sway presents, they must be plausible (check-present.py: above 0, below 200 ms, at
#     the output's refresh). The input is a virtual pointer, so this is pointer→glass.
# Sway refuses to run as root: when run as root, Sway and every client run as `nobody`.
# Nothing is skipped: a missing tool or a compositor that cannot start fails the test.
# TC_SHOTS=DIR keeps the screenshots; TC_KEEP=1 keeps the whole scratch directory.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bin_src=${1:?usage: sway.sh path/to/touchcanvas path/to/tc-inject}
inject_src=${2:?usage: sway.sh path/to/touchcanvas path/to/tc-inject}

tc_begin sway
for tool in sway swaymsg grim python3; do
  command -v "$tool" >/dev/null || tc_fail "$tool is not installed (Debian: sway, grim, python3)"
done

# --- An unprivileged user, and a place it may read, run and write -----------------------------
tc_user_binaries "$bin_src" "$inject_src"   # as $work/bin/touchcanvas, $work/bin/tc-inject
mkdir -m 700 "$user_dir/shots"               # $user_dir: HOME, screenshots, the saved drawing
chown "$uid:$gid" "$user_dir/shots"
# A debug build loads the Swift runtime from the toolchain: it must be readable by that user.
if ! env -i PATH=/usr/bin:/bin "${as_user[@]}" "$work/bin/tc-inject" >/dev/null 2>"$work/exec-check.err"; then
  # With no argument tc-inject prints its usage and exits 64; anything else means it cannot run.
  grep -q 'usage: tc-inject' "$work/exec-check.err" \
    || tc_fail "uid $uid cannot run the binaries: $(head -3 "$work/exec-check.err")"
fi

base_env=(PATH=/usr/local/bin:/usr/bin:/bin HOME="$user_dir" XDG_RUNTIME_DIR="$runtime" LANG=C.UTF-8)

# --- Sway -------------------------------------------------------------------------------------
cat >"$work/sway.config" <<'EOF'
# Written by Tests/Integration/sway.sh: one 1280×720 output, no bar, no borders, no Xwayland;
# the only window is tiled and so fills the output.
xwayland disable
default_border none
default_floating_border none
focus_follows_mouse no
output HEADLESS-1 mode 1280x720 position 0 0 scale 1
EOF
tc_sway sway_pid "$work/sway.log" "$work/sway.config" "${base_env[@]}"
client=(env -i "${base_env[@]}" WAYLAND_DISPLAY="$sway_display"
        SWAYSOCK="$sway_ipc" "${as_user[@]}")

swaymsg() { "${client[@]}" swaymsg "$@"; }
# Prints the output's logical rectangle "x y width height", its scale, and its mode "width height".
output_layout() {
  swaymsg -r -t get_outputs | python3 -c '
import json, sys
outputs = [o for o in json.load(sys.stdin) if o["name"] == "HEADLESS-1" and o["active"]]
if not outputs: sys.exit("HEADLESS-1 is not active")
o = outputs[0]; r = o["rect"]
print(r["x"], r["y"], r["width"], r["height"], o["scale"], o["current_mode"]["width"], o["current_mode"]["height"])'
}
# Prints "x y width height" of the app's visible window content in layout coordinates, or
# fails (status 1) while it is not mapped.
app_rect() {
  swaymsg -r -t get_tree | python3 -c '
import json, sys
def walk(node):
    if node.get("app_id") == "touchcanvas" and node.get("visible"):
        yield node
    for child in node.get("nodes", []) + node.get("floating_nodes", []):
        yield from walk(child)
found = list(walk(json.load(sys.stdin)))
if len(found) != 1: sys.exit(1)
r, w = found[0]["rect"], found[0]["window_rect"]
print(r["x"] + w["x"], r["y"] + w["y"], w["width"], w["height"])'
}

read -r ox oy ow oh oscale mw mh < <(output_layout) || tc_fail "cannot read Sway's outputs"
[ "$mw x $mh / $ow x $oh @ $oscale" = "1280 x 720 / 1280 x 720 @ 1.0" ] \
  || tc_fail "HEADLESS-1 is ${mw}x$mh, layout ${ow}x$oh at scale $oscale; the config asks for 1280x720 at 1"
tc_ok "sway $(sway --version | awk '{print $3}') is up on $sway_display, HEADLESS-1 ${mw}x$mh"

# --- The app ----------------------------------------------------------------------------------
tc_log "$work/app.err"
tc_log "$work/app.out"
# WAYLAND_DEBUG: the protocol on stderr, for the tablet-v2 check.
tc_spawn app_pid "${client[@]}" env WAYLAND_DEBUG=1 "$work/bin/touchcanvas" --scene canvas --log phases \
  --save-on-exit "$user_dir/drawing.png" >"$work/app.out" 2>"$work/app.err"
rect=""
for _ in $(seq 100); do
  tc_alive "$app_pid" touchcanvas
  rect=$(app_rect) && break
  sleep 0.1
done
[ -n "$rect" ] || tc_fail "no visible touchcanvas window in Sway's tree within 10s"
read -r wx wy ww wh <<<"$rect"
[ "$ww x $wh" = "1280 x 720" ] || tc_fail "the tiled window is ${ww}x$wh; expected it to fill the 1280x720 output"
tc_ok "the window is mapped at $wx,$wy, ${ww}x$wh"
# The bug report names Sway (its wlroots globals and SWAYSOCK) and lists its seat and output.
tc_check_report Sway "$user_dir" "${client[@]}" "$work/bin/touchcanvas"
tc_check_tablet "$work/app.err" offered

# --- Strokes with the virtual pointer ---------------------------------------------------------
tc_log "$work/inject.err"
strokes=0
# draw Y X0 X1 X2 …: a left-button drag through (X0,Y), (X1,Y)… in window coordinates, one
# pointer frame per point, then checks the app logged exactly that as one pointer touch.
draw() {
  local y=$1
  shift
  local xs=("$@") x i script
  strokes=$((strokes + 1))
  script="pointer move $(gx "${xs[0]}") $(gy "$y")"$'\npointer frame\nsync\nsleep 0.1\npointer press\npointer frame\nsync\n'
  for ((i = 1; i < ${#xs[@]}; i++)); do
    script+="sleep 0.08"$'\n'"pointer move $(gx "${xs[$i]}") $(gy "$y")"$'\npointer frame\nsync\n'
  done
  script+=$'sleep 0.08\npointer release\npointer frame\nsync\n'
  printf '%s' "$script" >"$work/stroke$strokes.inject"
  # The layout's logical size: wl_output cannot tell tc-inject about fractional scales.
  timeout 30 "${client[@]}" env TC_INJECT_EXTENT="${ow}x$oh" "$work/bin/tc-inject" wlr-virtual-pointer \
    <"$work/stroke$strokes.inject" >"$work/inject.out" 2>"$work/inject.err" \
    || tc_fail "tc-inject failed on stroke $strokes (status $?)"
  grep -qx ready "$work/inject.out" || tc_fail "tc-inject never said ready"
  local _
  for _ in $(seq 50); do
    [ "$(grep -c '"phase":"ended"' "$work/app.out")" -ge "$strokes" ] && break
    sleep 0.1
  done
  # The app's lines for this stroke: the pointer touches that began after the previous ones.
  python3 - "$work/app.out" "$strokes" "$y" "${xs[@]}" <<'EOF' || tc_fail "stroke $strokes did not arrive as drawn (app.out above)"
import json, sys
path, number, y, xs = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), [float(x) for x in sys.argv[4:]]
events = [json.loads(line) for line in open(path) if line.startswith("{")]
pointer = [e for e in events if e.get("type") == "pointer" and "phase" in e]
anomalies = [e for e in events if "anomaly" in e]
touches = sorted({e["touch"] for e in pointer})
def fail(why):
    print(f"stroke {number}: {why}", file=sys.stderr)
    for e in pointer[-12:]: print("  ", e, file=sys.stderr)
    sys.exit(1)
if anomalies: fail(f"anomalies: {anomalies}")
if len(touches) != number: fail(f"{len(touches)} pointer touches logged, expected {number}")
mine = [e for e in pointer if e["touch"] == touches[-1]]
got = [(e["phase"], e["x"], e["y"]) for e in mine]
want = [("began", xs[0], y)] + [("moved", x, y) for x in xs[1:]] + [("ended", xs[-1], y)]
if got != want: fail(f"logged {got}\n   expected {want}")
if any(e["seat"] != "seat0" for e in mine): fail("not on seat0")
print(f"stroke {number}: began/moved×{len(xs) - 1}/ended at y={y:g}, x {xs[0]:g}…{xs[-1]:g}, as sent")
EOF
}
# Window → global layout coordinates, as tc-inject takes them.
gx() { python3 -c "print($wx + $1)"; }
gy() { python3 -c "print($wy + $1)"; }

# --- Screenshots ------------------------------------------------------------------------------
# check_strokes SHOT SCALE "Y X0 X1" …: each stroke, drawn along row Y from X0 to X1 in window
# coordinates, must be a solid run of ink 4×SCALE device pixels thick (at most 1 px short),
# centred on Y, with at most 2 device pixels of blend on each side, measured at four columns
# away from the caps; and there must be no ink just past its ends. At a whole scale, where the
# app's buffer is shown pixel for pixel and the test's strokes lie on whole rows, at most 1
# blended pixel in all. What this rejects, measured on the scale-1 screenshot enlarged
# bilinearly: ×2 gives a core of 6 px with 2+2 blended, ×1.5 a core of 4 px with 2+2 blended;
# the app's own drawing gives 8 px with 0+0, and 5 px with 1+1 at 1.5 (drawn at 2, reduced
# by Sway). Prints the measurements; status 1 when one is off.
check_strokes() {
  local shot=$1 scale=$2
  shift 2
  python3 - "$here/stroke-profile.py" "$shot" "$scale" "$wx" "$wy" "$tc_ink" "$@" <<'EOF'
import subprocess, sys
script, shot, scale, wx, wy, ink = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5]), sys.argv[6]
width = 4 * scale                      # the canvas's line width at this window size, in device px
ok = True
def measure(x, lo, hi):
    return subprocess.run([sys.executable, script, shot, ink, "--column", str(round((wx + x) * scale)),
                           "--from", str(lo), "--to", str(hi)], capture_output=True, text=True)
for spec in sys.argv[7:]:
    y, x0, x1 = (float(v) for v in spec.split())
    dy = round((wy + y) * scale)
    lo, hi = dy - round(3 * width), dy + round(3 * width)
    for x in (x0 + (x1 - x0) * k / 5 for k in range(1, 5)):
        run = measure(x, lo, hi)
        where = f"y={y:g} x={x:g} (device column {round((wx + x) * scale)}, row {dy})"
        if run.returncode != 0:
            print(f"  {where}: {run.stderr.strip()}"); ok = False; continue
        m = dict(kv.split("=") for kv in run.stdout.split())
        core, before, after, start, end = (int(m[k]) for k in ("core", "before", "after", "start", "end"))
        centred = abs((start + end + 1) / 2 - dy) <= 1
        good = width - 1 <= core <= width + 1 and before <= 2 and after <= 2 and centred
        if scale == int(scale):
            good = good and before + after <= 1
        ok &= good
        print(f"  {where}: core {core} px, rows {start}-{end}, blend {before}+{after} px: {'ok' if good else 'BAD'}")
    for x in (x0 - 10, x1 + 10):       # past the round caps (2 px): background only
        run = measure(x, lo, hi)
        if run.returncode != 2:
            print(f"  y={y:g} x={x:g}: ink past the end of the stroke: {run.stdout.strip()} {run.stderr.strip()}"); ok = False
sys.exit(0 if ok else 1)
EOF
}

# shoot NAME SCALE "Y X0 X1" …: screenshots until the strokes check out (the app draws the new
# scale a frame or two after Sway announces it), for 5 s of tries (a check that is under way
# then finishes); keeps the last screenshot.
shoot() {
  local name=$1 scale=$2 shot="$user_dir/shots/$1.png" deadline=$((SECONDS + 5))
  shift 2
  while [ "$SECONDS" -lt "$deadline" ]; do
    "${client[@]}" grim -o HEADLESS-1 "$shot" 2>"$work/grim.err" || tc_fail "grim failed: $(cat "$work/grim.err")"
    if check_strokes "$shot" "$scale" "$@" >"$work/$name.check"; then
      tc_keep_shot "$shot"
      cat "$work/$name.check"
      local size
      size=$(python3 -c "import struct,sys; d=open(sys.argv[1],'rb').read(24); print('%dx%d' % struct.unpack('>II', d[16:24]))" "$shot")
      tc_ok "$name: $size, $(tc_count_color "$shot" "$tc_ink") pixels of #$tc_ink, strokes crisp"
      return 0
    fi
    sleep 0.25
  done
  tc_keep_shot "$shot"
  cat "$work/$name.check" >&2
  tc_fail "$name: the strokes on screen are not where or how they were drawn (see above; $shot)"
}


# Sets the output's scale to $1 and waits for the layout and the window to be $2×$3 logical.
set_scale() {
  local scale=$1 w=$2 h=$3
  swaymsg output HEADLESS-1 scale "$scale" >/dev/null || tc_fail "swaymsg could not set scale $scale"
  read -r ox oy ow oh oscale mw mh < <(output_layout)
  [ "$ow x $oh" = "$w x $h" ] || tc_fail "at scale $scale the layout is ${ow}x$oh, expected ${w}x$h"
  for _ in $(seq 50); do rect=$(app_rect) && [ "$(cut -d' ' -f3-4 <<<"$rect")" = "$w $h" ] && break; sleep 0.1; done
  read -r wx wy ww wh <<<"$rect"
  [ "$ww x $wh" = "$w x $h" ] || tc_fail "at scale $scale the window is ${ww}x$wh, expected ${w}x$h"
}

# Scale 1: a stroke along y=200 with a fractional sample, which must arrive unrounded.
draw 200 100 200.5 300 400 500
shoot scale1 1 "200 100 500"

# Scale 2: the first stroke redrawn at twice the pixels, and a new one in the 640×360 layout.
set_scale 2 640 360
draw 300 100 250.25 400 500
shoot scale2 2 "200 100 500" "300 100 500"

# Scale 1.5: Sway 1.7 has no wp_fractional_scale_v1, so the app draws at 2 and Sway scales it
# down; the edges must stay within the same 2 px.
set_scale 1.5 853 480
draw 400 100 300.5 700
shoot scale1_5 1.5 "200 100 500" "300 100 500" "400 100 700"

# --- Closing ----------------------------------------------------------------------------------
swaymsg '[app_id=touchcanvas] kill' >/dev/null || tc_fail "swaymsg could not close the window"
tc_wait_exit "$app_pid" 10 || tc_fail "the app was still running 10s after its window was closed"
tc_stop "$app_pid"
[ "$tc_status" -eq 0 ] || tc_fail "closing the window ended the app with status $tc_status"
drawing="$user_dir/drawing.png"
[ -s "$drawing" ] || tc_fail "--save-on-exit wrote nothing at $drawing"
saved=$(tc_count_color "$drawing" "$tc_ink") || tc_fail "the saved drawing is not a readable PNG"
[ "$saved" -gt 1000 ] || tc_fail "the saved drawing has only $saved pixels of #$tc_ink"
tc_ok "closing the window ended the app with status 0; it saved $saved pixels of #$tc_ink"
# --- Pointer→glass ---------------------------------------------------------------------------
# `--log present` takes the log by itself (the app has one --log): a launch of its own at scale
# 1, where the virtual pointer drags once, 30 motions 30 ms apart. The app must ask for feedback
# on the drag's commits. Sway 1.7's headless output never presents (weston-presentation-shm
# sees only discards there too): then the app must log no figures. sway-glass.sh measures it with
# Sway nested in a headless Weston, whose feedback Sway passes on. Where Sway presents, every
# commit that carried the drag must come back with plausible figures at the output's refresh.
sway_refresh=16666666
swaymsg output HEADLESS-1 scale 1 >/dev/null || tc_fail "swaymsg could not set scale 1"
read -r ox oy ow oh oscale mw mh < <(output_layout)
tc_log "$work/present.err"
started=$(tc_now_ns)
tc_spawn present_pid "${client[@]}" env WAYLAND_DEBUG=1 "$work/bin/touchcanvas" --scene trace --log present \
  >"$work/present.out" 2>"$work/present.err"
rect=""
for _ in $(seq 100); do
  tc_alive "$present_pid" "touchcanvas (pointer→glass)"
  rect=$(app_rect) && break
  sleep 0.1
done
[ -n "$rect" ] || tc_fail "no visible touchcanvas window for pointer→glass within 10s"
read -r wx wy ww wh <<<"$rect"
tc_wait_line "$work/present.err" 'wl_callback@[0-9]+\.done\(' 10
tc_glass_drag "$work/glass.inject"
timeout 30 "${client[@]}" env TC_INJECT_EXTENT="${ow}x$oh" "$work/bin/tc-inject" wlr-virtual-pointer \
  <"$work/glass.inject" >"$work/inject.out" 2>"$work/inject.err" || tc_fail "tc-inject failed on the pointer→glass drag"
tc_wait_line "$work/present.err" 'wl_pointer@[0-9]+\.button\([0-9]+, [0-9]+, 272, 0\)' 10
sleep 0.5
tc_stop "$present_pid"
[ "$tc_status" -eq 0 ] || tc_fail "SIGTERM gave the pointer→glass app exit status $tc_status"
tc_log "$work/present.out"
grep -q 'wp_presentation@[0-9]*\.clock_id(1)$' "$work/present.err" || tc_fail "Sway's wp_presentation does not name CLOCK_MONOTONIC (1)"
asked=$(grep -c ' -> wp_presentation@[0-9]*\.feedback(' "$work/present.err" || true)
[ "$asked" -ge 20 ] || tc_fail "the app asked for presentation feedback on $asked commits of the drag's 30 motions"
answered=$(grep -cE '^\[ *[0-9.]+\] wp_presentation_feedback@[0-9]+\.(presented|discarded)\(' "$work/present.err" || true)
if grep -qE '^\[ *[0-9.]+\] wp_presentation_feedback@[0-9]+\.presented\(' "$work/present.err"; then
  tc_check_present "$work/present.out" "the app logged no plausible pointer→glass under Sway" 20 "$sway_refresh" "$started"
  tc_ok "pointer→glass: presentation feedback for the drag's commits, at Sway's $sway_refresh ns refresh"
else
  # Sway 1.7 (wlroots 0.15) headless presents nothing: its output never signals a present, so
  # feedback stays unanswered (or is discarded when a newer commit replaces it).
  tc_check_no_present "$work/present.out" "Sway presented none of the commits"
  tc_ok "pointer→glass: the app asked for feedback on $asked commits; Sway presented none ($answered discarded, the rest unanswered), so nothing is measured and the app logged no figures"
  # It is Sway, not the app: Weston's own feedback client sees no presentation either.
  command -v weston-presentation-shm >/dev/null || tc_fail "weston-presentation-shm is not installed (Debian: weston)"
  "${client[@]}" env WAYLAND_DEBUG=1 timeout 2 weston-presentation-shm >/dev/null 2>"$work/presentation-shm.err" 3>&- || true
  shm_asked=$(grep -c ' -> wp_presentation@[0-9]*\.feedback(' "$work/presentation-shm.err" || true)
  shm_presented=$(grep -cE '^\[ *[0-9.]+\] wp_presentation_feedback@[0-9]+\.presented\(' "$work/presentation-shm.err" || true)
  [ "$shm_asked" -ge 30 ] && [ "$shm_presented" -eq 0 ] \
    || tc_fail "weston-presentation-shm asked for $shm_asked feedbacks and got $shm_presented presented; the app got none"
  tc_ok "weston-presentation-shm under the same Sway: $shm_asked feedbacks asked for, none presented"
fi
tc_alive "$sway_pid" sway
echo "sway: PASS ($strokes strokes at scales 1, 2 and 1.5, presentation feedback asked for${TC_SHOTS:+; screenshots in $TC_SHOTS})"
