#!/usr/bin/env bash
# Coverage-guided fuzzing with libFuzzer (`make fuzz`; docs/fuzzing.md): builds the three
# targets of Fuzz/ and runs each for FUZZ_SECONDS (default 60) from the seed corpus kept in
# Fuzz/Corpus/<target>/ (and Recordings/ for the parser). New corpus entries, crashes and logs
# go to FUZZ_OUT (default .build-fuzz/runs), never into the repository. Exits 1 when a target
# found a crash or a broken invariant, naming the input that shows it.
#
#   scripts/fuzz.sh [--smoke] [--build-only] [TARGET…]   TARGET: recording-parser input-machine gesture-arena
#   scripts/fuzz.sh --write-seeds                         rewrites the generated seeds of Fuzz/Corpus
#
# --smoke runs each target 10 seconds (FUZZ_SECONDS still wins when set), for CI (`make sanitize`,
# through `make fuzz-smoke`), from the seeds alone: in .build-fuzz/smoke, emptied first unless
# FUZZ_OUT names another folder. Runs are `nice -n 19`, one target at a time.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
scratch="$root/.build-fuzz"
all_targets=(recording-parser input-machine gesture-arena)
seconds=${FUZZ_SECONDS:-}
smoke=0
build_only=0
targets=()

# Every module, the main package's too, gets libFuzzer's coverage (edges, comparisons, the
# counters and PC table it steers by) and AddressSanitizer; the fuzzer binaries alone link
# libFuzzer (Fuzz/Package.swift says why not `-sanitize=fuzzer` here). The main package's code
# generator runs under AddressSanitizer during the build: its leaks at exit are not findings.
build() {
  LSAN_OPTIONS=detect_leaks=0 nice -n 19 swift build --package-path "$root/Fuzz" --scratch-path "$scratch" \
    -c release --sanitize address \
    -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table \
    --product "$1"
}

for argument in "$@"; do
  case "$argument" in
    --smoke) seconds=${seconds:-10}; smoke=1 ;;
    --build-only) build_only=1 ;;
    --write-seeds)
      # Written by the harnesses' own encoders, so each seed decodes to the script it spells.
      build fuzz-seeds
      ASAN_OPTIONS=detect_leaks=0 "$scratch/release/fuzz-seeds" "$root/Fuzz/Corpus"
      exit 0 ;;
    recording-parser | input-machine | gesture-arena) targets+=("$argument") ;;
    *) echo "usage: scripts/fuzz.sh [--smoke] [--build-only] [--write-seeds] [TARGET…]" >&2; exit 2 ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")
seconds=${seconds:-60}
# A smoke starts from the repository's seeds only, so it costs the same every time and shows
# what a fresh clone would: libFuzzer runs every input of its corpus folders before it looks at
# -max_total_time, and a corpus grown by long runs (thousands of inputs) would take longer than
# the smoke itself.
if [ -n "${FUZZ_OUT:-}" ]; then
  out=$FUZZ_OUT
elif [ "$smoke" = 1 ]; then
  out="$scratch/smoke"
  rm -rf "$out"
else
  out="$scratch/runs"
fi

for target in "${targets[@]}"; do build "fuzz-$target"; done
[ "$build_only" = 0 ] || exit 0

bin="$scratch/release"
failed=()
for target in "${targets[@]}"; do
  run="$out/$target"
  mkdir -p "$run/corpus" "$run/crashes"
  seeds=("$root/Fuzz/Corpus/$target")
  [ "$target" != recording-parser ] || seeds+=("$root/Recordings")
  echo "== $target: ${seconds} s from ${seeds[*]#$root/}; new inputs in $run/corpus"
  # Swift's own backtracer would take the crash from libFuzzer's handler (and wait on it);
  # leaks are checked per input, so a retain cycle that grows with every run is a finding.
  status=0
  SWIFT_BACKTRACE=enable=no \
    ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:abort_on_error=1 \
    LSAN_OPTIONS=suppressions=$root/scripts/lsan.supp:print_suppressions=0 \
    nice -n 19 "$bin/fuzz-$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
      -print_final_stats=1 -artifact_prefix="$run/crashes/" "$run/corpus" "${seeds[@]}" \
      > "$run/log" 2>&1 || status=$?
  # The figures: coverage (cov: edges, ft: features), corpus, speed.
  grep -E '^#[0-9]+[[:space:]]+DONE' "$run/log" | tail -1 || true
  grep -E '^stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb)' "$run/log" || true
  if [ "$status" != 0 ]; then
    failed+=("$target")
    echo "!! $target failed (status $status); log: $run/log" >&2
    grep -E 'invariant failed|ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer)|Fatal error|^SUMMARY' "$run/log" | head -4 >&2 || true
    # The input that shows it, and its bytes when libFuzzer printed them (small inputs), so a
    # CI log alone is enough to replay it.
    input=$(sed -n 's/.*Test unit written to //p' "$run/log" | tail -1)
    if [ -n "$input" ]; then
      echo "!! $target input: $input" >&2
      grep -m1 -E '^Base64: .' "$run/log" >&2 || true
      echo "!! replay it: SWIFT_BACKTRACE=enable=no FUZZ_TRACE=1 $bin/fuzz-$target $input (docs/fuzzing.md)" >&2
    else
      echo "!! $target wrote no input; the end of its log:" >&2
      tail -n 20 "$run/log" >&2
    fi
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: findings in ${failed[*]}" >&2
  exit 1
fi
echo "fuzz: no findings in ${targets[*]} (${seconds} s each)"
