#!/usr/bin/env bash
# Line coverage of Sources/ by the Swift tests: the test runner's own, and that of every
# touchcanvas (and tc-inject) the end-to-end tests start, each process writing a profile of its
# own that is merged afterwards. In a build folder of its own (.build/coverage), so `make test`'s
# .build is left alone. Prints the figure per module and in all, and fails below COVERAGE_MIN
# percent (default 95).
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
minimum=${COVERAGE_MIN:-95}
scratch=.build/coverage
# Every process writes its profile here, the ones a test runs as another user too (the
# unprivileged replay), so the folder is one anybody can write in, like /tmp itself.
profiles=$(mktemp -d "${TMPDIR:-/tmp}/tc-coverage.XXXXXX")
chmod 1777 "$profiles"
trap 'rm -rf "$profiles"' EXIT
# %p: one file per process, so apps that run at once never write into one another's. Set for
# the build too: the build tools it runs are instrumented as well, and would otherwise leave a
# default.profraw in the working folder.
export LLVM_PROFILE_FILE="$profiles/%p.profraw"

"$SWIFT" build --build-tests --scratch-path "$scratch" --enable-code-coverage
bin=$("$SWIFT" build --scratch-path "$scratch" --enable-code-coverage --show-bin-path)
status=0
SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=$((4 * $(nproc))) \
  "$SWIFT" test --skip-build --scratch-path "$scratch" || status=$?
[ "$status" -eq 0 ] || echo "coverage: the tests failed (status $status); the figures below are of the run as it went" >&2

llvm_tool() {  # the toolchain's own llvm-cov and llvm-profdata, beside swift
  local beside
  beside=$(dirname "$(readlink -f "$(command -v "$SWIFT")")")/$1
  if [ -x "$beside" ]; then echo "$beside"; else command -v "$1"; fi
}
profdata=$(llvm_tool llvm-profdata)
cov=$(llvm_tool llvm-cov)
shopt -s nullglob
raw=("$profiles"/*.profraw)
[ "${#raw[@]}" -gt 0 ] || { echo "coverage: no profiles were written" >&2; exit 1; }
"$profdata" merge -sparse -o "$profiles/merged.profdata" "${raw[@]}"

objects=()
for object in "$bin"/*.xctest "$bin/touchcanvas" "$bin/tc-inject"; do
  [ -f "$object" ] && objects+=(-object "$object")
done
# Only the product's sources count: not the tests, the benchmarks, the example or the
# generated protocol code in the build folder.
report=$("$cov" report --instr-profile "$profiles/merged.profdata" "${objects[@]}" \
  -ignore-filename-regex '(/Tests/|/\.build/|/Benchmarks/|/Examples/|/Fuzz/)' 2>/dev/null || true)
[ -n "$report" ] || { echo "coverage: llvm-cov gave no report" >&2; exit 1; }
echo "$report" | awk -v root="$PWD/" '
  NF >= 10 && $8 ~ /^[0-9]+$/ && $1 != "TOTAL" {
    file = $1
    if (index(file, root) == 1) file = substr(file, length(root) + 1)
    sub(/^Sources\//, "", file)
    split(file, part, "/"); m = part[1]
    lines[m] += $8; missed[m] += $9 }
  $1 == "TOTAL" { total = $10 }
  END {
    for (m in lines) printf "  %-26s %6.2f %% of %d lines\n", m, 100 * (lines[m] - missed[m]) / lines[m], lines[m]
    printf "coverage: %s of the lines of Sources/\n", total
  }' | sort
total=$(echo "$report" | awk '$1 == "TOTAL" { sub("%", "", $10); print $10 }')
awk -v t="$total" -v m="$minimum" 'BEGIN { exit !(t + 0 >= m + 0) }' || {
  echo "coverage: ${total} % is below ${minimum} %" >&2; exit 1; }
exit "$status"
