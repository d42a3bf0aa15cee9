# Sourced by the real-compositor tests: one scratch directory per test, every background
# process remembered by PID and stopped on exit (also on failure), loud failures.
#
#   . "$(dirname "$0")/lib.sh"   # sets $here (this folder) and $tc_ink (the strokes' colour)
#   tc_begin sway                # sets $work, $runtime (mode 700), traps EXIT
#
# Starting (each stores the PID in the variable named first; all are stopped at exit):
#   tc_spawn pid cmd …           # cmd in the background
#   tc_weston weston_pid "$socket" "$work/weston.log" --width=800 --height=600
#   tc_sway sway_pid "$work/sway.log" "$work/sway.config" PATH="$PATH" HOME="$work"
#                                # as nobody when root; sets $sway_display and $sway_ipc
#   tc_client app_pid "$socket" "$work/app.out" "$work/app.err" "$bin" --scene spots
#                                # a client of that compositor, WAYLAND_DEBUG=1 into app.err
#   tc_unprivileged              # sets uid, gid and as_user for what refuses to run as root
#
# Waiting and stopping:
#   tc_wait_socket "$runtime/$socket" 10 "$pid" what   # fails early if pid exits
#   tc_wait_line FILE REGEX 10   tc_alive PID what
#   tc_stop PID [SIGNAL]         tc_wait_exit PID SECONDS   # the exit status in $tc_status
#
# Looking and judging:
#   tc_weston_shot "$socket" "$work/shot.png"   tc_keep_shot PNG [NAME]   # (TC_SHOTS=DIR)
#   tc_count_color PNG rrggbb    tc_check_stroke PNG rrggbb NAME X,Y X,Y …
#   tc_check_phases "$work/app.out" "why" "$(tc_finger ended 10,10 50,10)" …
#   tc_check_tablet "$work/app.err" offered|absent   (the app's pen binding, from WAYLAND_DEBUG)
#   started=$(tc_now_ns) … tc_check_present "$work/present.out" "why" MIN REFRESH_NS "$started"
#                                # the app's `--log present` touch→glass lines (check-present.py)
#   tc_check_no_present "$work/present.out" "why" ["$work/present.err"]   # none where none can be
#   tc_check_report NAME DIR env … "$bin"   # `report --no-check` names the compositor NAME
#   tc_log FILE                  # a log tc_fail shows
#   tc_ok "what"                 tc_fail "why"   # tc_fail shows the logs and exits 1
#
# Processes are stopped in reverse order of starting, SIGTERM first and SIGKILL after two
# seconds, each by its own PID: never by name, so nothing else on the machine is touched.

tc_name=""
tc_pids=()
tc_logs=()
# Where the tests and their Python helpers are; absolute, so it holds after a cd too.
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# The colour of finished strokes in the trace, canvas and inspect scenes (TouchTrackerView.inkColor).
tc_ink=34329c

tc_begin() {
  tc_name=$1
  work=$(mktemp -d "/tmp/tc-$1.XXXXXX")
  runtime="$work/runtime"
  mkdir -m 700 "$runtime"
  trap tc_end EXIT
  trap 'exit 130' INT TERM
}

# Stores the PID of `cmd …` (started in the background) in the variable named $1.
tc_spawn() {
  local var=$1
  shift
  "$@" &
  local pid=$!
  tc_pids+=("$pid")
  printf -v "$var" '%s' "$pid"
}

# Stops one process started with tc_spawn and waits for it; its exit status is in $tc_status.
tc_stop() {
  local pid=$1 signal=${2:-TERM}
  tc_status=0
  kill -0 "$pid" 2>/dev/null || { wait "$pid" 2>/dev/null || tc_status=$?; return 0; }
  kill "-$signal" "$pid" 2>/dev/null || true
  for _ in $(seq 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
  kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null || tc_status=$?
}

# Gives process $1 up to $2 seconds to end by itself, then stops it (tc_stop); its exit status is
# in $tc_status. Returns 1 when it had to be stopped.
tc_wait_exit() {
  local pid=$1 seconds=$2 _ ended=0
  for _ in $(seq $((seconds * 10))); do kill -0 "$pid" 2>/dev/null || { ended=1; break; }; sleep 0.1; done
  tc_stop "$pid"
  [ "$ended" -eq 1 ]
}

tc_end() {
  local status=$?
  local i
  for ((i = ${#tc_pids[@]} - 1; i >= 0; i--)); do tc_stop "${tc_pids[$i]}"; done
  if [ -n "${TC_KEEP:-}" ]; then echo "$tc_name: kept $work" >&2; else rm -rf "$work"; fi
  exit "$status"
}

# A log to show when the test fails.
tc_log() { tc_logs+=("$1"); }

# Starts Weston 10 headless (pixman renderer, never idle) on the socket $runtime/$2 and stores
# its PID in the variable named $1; its output goes to $3, shown on failure. Further arguments
# are Weston's own (--width, --height, --scale, --debug for weston-screenshooter, --modules,
# --config). Returns once the socket exists; fails loudly if Weston exits first.
tc_weston() {
  local var=$1 socket=$2 log=$3
  shift 3
  command -v weston >/dev/null || tc_fail "weston is not installed"
  tc_log "$log"
  XDG_RUNTIME_DIR="$runtime" tc_spawn "$var" weston --backend=headless-backend.so --use-pixman \
    --socket="$socket" --idle-time=0 "$@" >"$log" 2>&1 3>&-
  tc_wait_socket "$runtime/$socket" 10 "${!var}" "weston (before creating its socket)"
}

# Starts `cmd …` in the background as a client of the compositor on socket $runtime/$2, with
# WAYLAND_DEBUG=1 (the tests read the protocol off its stderr), and stores its PID in the
# variable named $1; its stdout goes to $3, its stderr to $4. fd 3 is closed for it: a test
# holding a FIFO there must see its end of input when the test closes it.
tc_client() {
  # (tc_ names: tc_spawn sets the caller's variable by name, which a local would hide.)
  local tc_var=$1 tc_socket=$2 tc_out=$3 tc_err=$4
  shift 4
  XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY="$tc_socket" WAYLAND_DEBUG=1 \
    tc_spawn "$tc_var" "$@" >"$tc_out" 2>"$tc_err" 3>&-
}

# Checks a client's WAYLAND_DEBUG log $1 for pens: with $2 = offered, that the app bound
# zwp_tablet_manager_v2 and asked for a tablet seat (no pen can be injected here: this is what
# can be checked); with $2 = absent, that it bound none and went on without.
tc_check_tablet() {
  local log=$1 expect=$2
  if [ "$expect" = offered ]; then
    tc_wait_line "$log" 'zwp_tablet_manager_v2@[0-9]+\.get_tablet_seat\(new id zwp_tablet_seat_v2@' 5
    tc_ok "pens: zwp_tablet_manager_v2 bound, a tablet seat asked for"
  else
    ! grep -q 'zwp_tablet_manager_v2@' "$log" || tc_fail "the app bound a zwp_tablet_manager_v2 the compositor does not offer"
    tc_ok "pens: no zwp_tablet_manager_v2 offered, none bound"
  fi
}

# Saves a screenshot of the Weston on socket $runtime/$1 (started with --debug, without which
# it refuses) as PNG $2.
tc_weston_shot() {
  local socket=$1 shot=$2 dir found
  command -v weston-screenshooter >/dev/null || tc_fail "weston-screenshooter is not installed"
  # weston-screenshooter names its file itself, in its working directory: a fresh one each time
  # holds just this screenshot.
  dir=$(mktemp -d "$work/shot.XXXXXX")
  (cd "$dir" && XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY="$socket" timeout 20 weston-screenshooter) \
    >"$dir/screenshooter.log" 2>&1 || tc_fail "weston-screenshooter failed: $(tail -2 "$dir/screenshooter.log")"
  found=("$dir"/wayland-screenshot-*.png)
  [ -f "${found[0]}" ] || tc_fail "weston-screenshooter wrote no screenshot for $(basename "$shot")"
  mv "${found[0]}" "$shot"
}

tc_fail() {
  echo "$tc_name: FAIL: $*" >&2
  local log
  for log in "${tc_logs[@]}"; do
    [ -f "$log" ] || continue
    echo "--- $(basename "$log") (last 25 lines)" >&2
    tail -25 "$log" >&2
  done
  exit 1
}

tc_ok() { echo "$tc_name: ok: $*"; }

# Waits up to $2 seconds (default 10) for a Unix socket to exist. With a PID $3 (the process
# that makes it, named $4), fails as soon as that process is gone rather than at the timeout.
tc_wait_socket() {
  local path=$1 seconds=${2:-10} pid=${3:-} what=${4:-}
  local _
  for _ in $(seq $((seconds * 10))); do
    [ -S "$path" ] && return 0
    [ -z "$pid" ] || tc_alive "$pid" "$what"
    sleep 0.1
  done
  tc_fail "$path did not appear within ${seconds}s"
}

# Waits up to $3 seconds for a line matching the regex $2 in file $1.
tc_wait_line() {
  local file=$1 pattern=$2 seconds=${3:-10}
  local _
  for _ in $(seq $((seconds * 10))); do grep -Eq "$pattern" "$file" 2>/dev/null && return 0; sleep 0.1; done
  tc_fail "no line matching '$pattern' in $(basename "$file") within ${seconds}s"
}

# Fails unless the process is still running.
tc_alive() {
  kill -0 "$1" 2>/dev/null || tc_fail "$2 exited early"
}

# With TC_SHOTS=DIR, keeps a copy of screenshot $1 there as TESTNAME-$2 (default: its name).
tc_keep_shot() {
  [ -n "${TC_SHOTS:-}" ] || return 0
  mkdir -p "$TC_SHOTS" && cp "$1" "$TC_SHOTS/$tc_name-${2:-$(basename "$1")}"
}

# Counts pixels of colour $2 (rrggbb) in PNG $1.
tc_count_color() {
  python3 "$(dirname "${BASH_SOURCE[0]}")/png-count-color.py" "$1" "$2"
}

# tc_check_stroke PNG INK NAME X,Y X,Y …: at least 98 % of the one-pixel steps along the
# polyline have a pixel of ink colour INK (rrggbb) within 2 px in drawing PNG.
tc_check_stroke() {
  local png=$1 ink=$2 name=$3 hits steps
  shift 3
  read -r hits steps < <(python3 "$(dirname "${BASH_SOURCE[0]}")/png-stroke-check.py" "$png" "$ink" 2 "$@")
  [ -n "${hits:-}" ] && [ $((hits * 100)) -ge $((steps * 98)) ] \
    || tc_fail "stroke $name: only ${hits:-0} of ${steps:-?} pixels along the path are inked"
  echo "  stroke $name: $hits of $steps pixels along the path inked"
}

# Prints "ENDING@X,Y/X,Y/…", the way check-phases.py is told of a finger moved along the points
# X,Y … ($2 on) whose touch must end with phase ENDING ($1: ended or cancelled).
tc_finger() {
  local IFS=/ ending=$1
  shift
  echo "$ending@$*"
}

# tc_check_phases LOG WHY FINGER…: the touches in the app's `--log phases` LOG are the FINGERs
# (tc_finger), one each, as check-phases.py says; prints its report indented, or fails with WHY.
tc_check_phases() {
  local log=$1 why=$2
  shift 2
  python3 "$(dirname "${BASH_SOURCE[0]}")/check-phases.py" "$log" "$@" >"$log.phases" 2>&1 \
    || { cat "$log.phases" >&2; tc_fail "$why"; }
  sed 's/^/  /' "$log.phases"
}

# CLOCK_MONOTONIC in nanoseconds: the clock of `--log present`'s "present".
tc_now_ns() { python3 -c 'import time; print(time.monotonic_ns())'; }

# tc_check_present LOG WHY MIN REFRESH_NS [STARTED_NS]: the app's `--log present` LOG holds at
# least MIN presented lines with plausible touch→glass figures at the compositor's refresh
# REFRESH_NS (0: the compositor tells none), all presented after STARTED_NS (tc_now_ns before
# the app started), as check-present.py says; prints its summary indented, or fails with WHY.
tc_check_present() {
  local log=$1 why=$2 min=$3 refresh=$4 started=${5:-} clock=${6:-}
  python3 "$(dirname "${BASH_SOURCE[0]}")/check-present.py" "$log" --min "$min" --refresh "$refresh" \
    ${started:+--started "$started"} ${clock:+--clock "$clock"} >"$log.present" 2>&1 || { cat "$log.present" >&2; tc_fail "$why"; }
  sed 's/^/  touch→glass: /' "$log.present"
}

# tc_check_no_present LOG WHY [ERR]: where touch→glass cannot be measured (no wp_presentation,
# one on a clock the app does not compare, or a compositor that presents nothing), the app under
# `--log present` (stdout LOG) logged no presented commit (a discarded one says nothing of
# latency, and may be); with its WAYLAND_DEBUG stderr ERR, also that it asked for no feedback.
# Else fails with WHY.
tc_check_no_present() {
  local log=$1 why=$2 err=${3:-}
  [ -z "$err" ] || ! grep -q 'wp_presentation@[0-9]*\.feedback(' "$err" || tc_fail "$why: the app asked for presentation feedback"
  ! grep -q '^{"present":' "$log" || tc_fail "$why: the app logged figures: $(grep -m2 '^{"present":' "$log")"
}

# Who runs a compositor that refuses to run as root (Sway, cage): as root, nobody through
# setpriv (hand it the runtime dir); otherwise the current user. Sets uid, gid and as_user, the
# command prefix that switches (empty when none is needed).
tc_unprivileged() {
  as_user=()
  if [ "$(id -u)" -eq 0 ]; then
    command -v setpriv >/dev/null || tc_fail "setpriv is not installed (Debian: util-linux)"
    uid=$(id -u nobody) gid=$(id -g nobody)
    as_user=(setpriv "--reuid=$uid" "--regid=$gid" --clear-groups)
  else
    uid=$(id -u) gid=$(id -g)
  fi
}

# Writes to $1 the pointer→glass drag for tc-inject wlr-virtual-pointer: a press at window
# (100, 300), 30 motions 20 px right and 30 ms apart, a release. Window → layout coordinates by
# the caller's gx and gy.
tc_glass_drag() {
  local script i
  script="pointer move $(gx 100) $(gy 300)"$'\npointer frame\nsync\nsleep 0.1\npointer press\npointer frame\nsync\n'
  for i in $(seq 1 30); do
    script+="sleep 0.03"$'\n'"pointer move $(gx $((100 + 20 * i))) $(gy $((300 + (i % 5) * 10)))"$'\npointer frame\nsync\n'
  done
  script+=$'sleep 0.03\npointer release\npointer frame\nsync\n'
  printf '%s' "$script" >"$1"
}

# Copies the executables given (touchcanvas, tc-inject …) to $work/bin, where the user
# tc_unprivileged picks can run them (a build directory may lie under a root-only tree), and
# makes $user_dir, a home of that user's own.
tc_user_binaries() {
  local f
  tc_unprivileged
  chmod 711 "$work"
  mkdir -m 755 "$work/bin"
  for f in "$@"; do
    [ -x "$f" ] || tc_fail "no executable at $f"
    cp "$f" "$work/bin/"
    chmod 755 "$work/bin/$(basename "$f")"
  done
  user_dir="$work/user"
  mkdir -m 700 "$user_dir"
  chown "$uid:$gid" "$user_dir"
}

# Starts Sway (pixman, no input devices) with config $3 as the user tc_unprivileged picks (it
# refuses root), and stores its PID in the variable named $1; its output goes to $2, shown on
# failure. Headless, unless $sway_host names a host compositor's socket (an absolute path): then
# nested, its output a window of that host (wlroots' Wayland backend); the socket must be open to
# that user. Sway gets only the environment NAME=VALUE … given after $3 (and its runtime
# dir): nothing of this shell's session leaks in. Hands $runtime to that user and makes $work
# passable and the config readable for it. Returns once Sway has made its IPC socket and a
# Wayland socket; sets sway_ipc (the IPC socket's path) and sway_display (the Wayland socket's
# name).
tc_sway() {
  local var=$1 log=$2 config=$3 s _
  shift 3
  command -v sway >/dev/null || tc_fail "sway is not installed"
  tc_unprivileged
  chmod 711 "$work"
  chown "$uid:$gid" "$runtime"
  chmod 644 "$config"
  tc_log "$log"
  local backend=(WLR_BACKENDS=headless)
  [ -z "${sway_host:-}" ] || backend=(WLR_BACKENDS=wayland WAYLAND_DISPLAY="$sway_host")
  tc_spawn "$var" env -i "$@" XDG_RUNTIME_DIR="$runtime" "${backend[@]}" \
    WLR_LIBINPUT_NO_DEVICES=1 WLR_RENDERER=pixman "${as_user[@]}" sway -c "$config" >"$log" 2>&1 3>&-
  # The PID is Sway's own (env and setpriv exec), so is the one in its IPC socket's name.
  sway_ipc="$runtime/sway-ipc.$uid.${!var}.sock"
  tc_wait_socket "$sway_ipc" 15 "${!var}" sway
  sway_display=""
  for _ in $(seq 50); do
    for s in "$runtime"/wayland-*; do [ -S "$s" ] && sway_display=$(basename "$s") && return 0; done
    sleep 0.1
  done
  tc_fail "Sway made no Wayland socket in $runtime"
}

# Runs `touchcanvas report --no-check` (the command after $2, with its environment: e.g.
# env XDG_RUNTIME_DIR=… WAYLAND_DISPLAY=… "$bin") into folder $2 and checks what it wrote: status
# 0, the compositor named $1, wl_compositor and wl_output among the globals, one seat described
# for each wl_seat global, and an output with a mode. Prints what it found.
tc_check_report() {
  local expected=$1 dir=$2 status=0 json
  shift 2
  tc_log "$work/report.err"
  timeout 30 "$@" report --no-check --to "$dir" >"$work/report.out" 2>"$work/report.err" 3>&- || status=$?
  [ "$status" -eq 0 ] || tc_fail "touchcanvas report ended with status $status"
  json=$(ls -d "$dir"/touchcanvas-report-*/report.json 2>/dev/null | head -1)
  [ -n "$json" ] || tc_fail "touchcanvas report wrote no report.json in $dir"
  found=$(python3 - "$json" "$expected" <<'PYEOF'
import json, sys
report = json.load(open(sys.argv[1]))
expected = sys.argv[2]
problems = []
compositor = report["compositor"]
if compositor["name"] != expected:
    problems.append(f"named {compositor['name']!r} from {compositor['evidence']}, expected {expected!r}")
interfaces = [g["interface"] for g in report["globals"]]
for needed in ("wl_compositor", "wl_output"):
    if needed not in interfaces:
        problems.append(f"no {needed} among the globals")
if len(report["seats"]) != interfaces.count("wl_seat"):
    problems.append(f"{len(report['seats'])} seats described for {interfaces.count('wl_seat')} wl_seat globals")
outputs = [o for o in report["outputs"] if o.get("modeWidth")]
if not outputs:
    problems.append("no output with a mode")
if problems:
    print("; ".join(problems))
    sys.exit(1)
o = outputs[0]
print(f"{compositor['name']} (from {', '.join(compositor['evidence'])}); {len(interfaces)} globals; "
      f"seats: {', '.join(s['name'] + ' [' + ','.join(s['capabilities']) + ']' for s in report['seats']) or 'none'}; "
      f"output {o.get('name')} {o['modeWidth']}x{o['modeHeight']}")
PYEOF
) || tc_fail "the report is not right: $found"
  tc_ok "report: $found"
}
