#!/usr/bin/env bash
# Pointer→glass under Sway 1.7, measured: Sway nested in a headless Weston (wlroots' Wayland
# backend, pixman), with a real mouse from our tc-inject (zwlr_virtual_pointer_v1).
#
#   Tests/Integration/sway-glass.sh path/to/touchcanvas path/to/tc-inject
#
# Why nested: Sway's headless backend never presents (sway.sh shows the app then logs no
# figures). Nested, Sway's output is a window of the host, and wlroots presents a frame when the
# host's own wp_presentation says it reached the host's screen: feedback the app can use, on the
# host's clock (Weston headless: CLOCK_MONOTONIC_RAW). Checks:
#   - the app asks for feedback on a drag's commits, and every presented one comes back with
#     plausible figures (check-present.py: above 0, below 200 ms, at Sway's refresh, on the
#     presentation clock Sway names);
#   - the app says once that the presentation clock is not the one input events carry, and
#     times input by its arrival (it cannot be wrong by the difference of the clocks);
#   - the drag arrives whole (--log phases would take the log: the check is that the present
#     lines name the pointer's touch).
# Sway refuses to run as root: when run as root, Sway and every client run as `nobody`, and the
# host Weston (root) opens its socket to them. Nothing is skipped: a missing tool or a
# compositor that cannot start fails the test. TC_KEEP=1 keeps the scratch directory.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bin_src=${1:?usage: sway-glass.sh path/to/touchcanvas path/to/tc-inject}
inject_src=${2:?usage: sway-glass.sh path/to/touchcanvas path/to/tc-inject}

tc_begin sway-glass
for tool in weston sway swaymsg python3; do
  command -v "$tool" >/dev/null || tc_fail "$tool is not installed (Debian: weston, sway, python3)"
done

tc_user_binaries "$bin_src" "$inject_src"   # as $work/bin/touchcanvas, $work/bin/tc-inject

# --- The host: Weston headless (root), its socket open to Sway's user -------------------------
tc_weston weston_pid host "$work/weston.log" --width=1280 --height=720
chmod 666 "$runtime/host"

# --- Sway, nested ----------------------------------------------------------------------------
cat >"$work/sway.config" <<'EOF'
# Written by Tests/Integration/sway-glass.sh: Sway's one output is a window of the host; no
# bar, no borders, no Xwayland; the only window is tiled and so fills the output.
xwayland disable
default_border none
default_floating_border none
focus_follows_mouse no
EOF
base_env=(PATH=/usr/local/bin:/usr/bin:/bin HOME="$user_dir" XDG_RUNTIME_DIR="$runtime" LANG=C.UTF-8)
sway_host="$runtime/host"
tc_sway sway_pid "$work/sway.log" "$work/sway.config" "${base_env[@]}"
client=(env -i "${base_env[@]}" WAYLAND_DISPLAY="$sway_display" SWAYSOCK="$sway_ipc" "${as_user[@]}")
swaymsg() { "${client[@]}" swaymsg "$@"; }

# Sway's output (a window of the host): name, logical rectangle, and refresh in mHz.
read -r oname ow oh orefresh < <(swaymsg -r -t get_outputs | python3 -c '
import json, sys
outputs = [o for o in json.load(sys.stdin) if o["active"]]
if len(outputs) != 1: sys.exit(f"{len(outputs)} active outputs")
o = outputs[0]; r = o["rect"]
print(o["name"], r["width"], r["height"], o["current_mode"]["refresh"])') || tc_fail "cannot read nested Sway's output"
tc_ok "sway $(sway --version | awk '{print $3}') is up nested in Weston $(weston --version | awk '{print $2}'), output $oname ${ow}x$oh"

# --- The app, under --log present -------------------------------------------------------------
tc_log "$work/present.err"
tc_spawn app_pid "${client[@]}" env WAYLAND_DEBUG=1 "$work/bin/touchcanvas" --scene trace --log present \
  >"$work/present.out" 2>"$work/present.err"
mapped=""
for _ in $(seq 100); do
  tc_alive "$app_pid" touchcanvas
  mapped=$(swaymsg -r -t get_tree | python3 -c '
import json, sys
def walk(node):
    if node.get("app_id") == "touchcanvas" and node.get("visible"): yield node
    for child in node.get("nodes", []) + node.get("floating_nodes", []): yield from walk(child)
found = list(walk(json.load(sys.stdin)))
if len(found) != 1: sys.exit(1)
r, w = found[0]["rect"], found[0]["window_rect"]
print(r["x"] + w["x"], r["y"] + w["y"], w["width"], w["height"])') && break
  sleep 0.1
done
[ -n "$mapped" ] || tc_fail "no visible touchcanvas window in nested Sway's tree within 10s"
read -r wx wy ww wh <<<"$mapped"
tc_ok "the window is mapped at $wx,$wy, ${ww}x$wh"
tc_wait_line "$work/present.err" 'wl_callback@[0-9]+\.done\(' 10
clock=$(grep -m1 -oE '^\[ *[0-9.]+\] wp_presentation@[0-9]+\.clock_id\([0-9]+\)' "$work/present.err" | grep -oE '[0-9]+\)$' | tr -d ')' || true)
[ -n "$clock" ] || tc_fail "nested Sway's wp_presentation told no clock_id"

# --- A drag with the virtual pointer: 30 motions, 30 ms apart ---------------------------------
gx() { python3 -c "print($wx + $1)"; }
gy() { python3 -c "print($wy + $1)"; }
tc_glass_drag "$work/glass.inject"
tc_log "$work/inject.err"
timeout 30 "${client[@]}" env TC_INJECT_EXTENT="${ow}x$oh" "$work/bin/tc-inject" wlr-virtual-pointer \
  <"$work/glass.inject" >"$work/inject.out" 2>"$work/inject.err" || tc_fail "tc-inject failed on the drag"
tc_wait_line "$work/present.err" 'wl_pointer@[0-9]+\.button\([0-9]+, [0-9]+, 272, 0\)' 10
sleep 0.5
tc_stop "$app_pid"
[ "$tc_status" -eq 0 ] || tc_fail "SIGTERM gave the app exit status $tc_status"
tc_log "$work/present.out"

asked=$(grep -c ' -> wp_presentation@[0-9]*\.feedback(' "$work/present.err" || true)
[ "$asked" -ge 20 ] || tc_fail "the app asked for presentation feedback on $asked commits of the drag's 30 motions"
# A nested output is a window and has no mode refresh (Sway tells 0 mHz); wlroots passes on the
# refresh of the host's own feedback: Weston headless's 60 Hz.
refresh_ns=16666666
if [ "$clock" != 1 ]; then
  said=$(grep -c "^touchcanvas: the presentation clock is .*, not the CLOCK_MONOTONIC input events are stamped on" "$work/present.err" || true)
  [ "$said" -eq 1 ] || tc_fail "the presentation clock is $clock; the app said so $said times, not once"
fi
# Presented lines must name the drag's pointer touch: the figures belong to the drag.
grep -q '^{"present":.*"touches":\[[^]]*[0-9]' "$work/present.out" \
  || tc_fail "no presented line names the touch that carried the drag"
tc_check_present "$work/present.out" "the app logged no plausible pointer→glass under nested Sway" 15 \
  "$refresh_ns" "" "$clock"
tc_ok "pointer→glass: $asked feedbacks asked for, presented on clock $clock at Sway's $refresh_ns ns refresh"
tc_alive "$sway_pid" sway
tc_alive "$weston_pid" weston
echo "sway-glass: PASS (pointer→glass under Sway nested in Weston headless, clock $clock)"
