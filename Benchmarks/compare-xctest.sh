#!/usr/bin/env bash
# Runs XCTestBenchmarks classes from two builds, interleaved run by run, and prints the medians
# and minima of wall and CPU time of each: how a change moved them, on a machine whose load
# varies (the interleaving gives both builds the same load).
#
#   Benchmarks/compare-xctest.sh BASE_BINARY NEW_BINARY RUNS CLASS...
#
# Build each binary with `swift build -c release --product XCTestBenchmarks` in Benchmarks/ of
# a checkout of each version (for example a git worktree of the older commit).
set -euo pipefail
[ $# -ge 4 ] || { echo "usage: $0 BASE_BINARY NEW_BINARY RUNS CLASS..." >&2; exit 2; }
base=$1 new=$2 runs=$3
shift 3
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
minimum() { sort -n | head -n 1; }
echo "| class | runs each | wall, median | CPU, median | wall, minimum | CPU, minimum |"
echo "|---|---:|---|---|---|---|"
for class in "$@"; do
  declare -A wall=() cpu=()
  for ((run = 0; run < runs; run++)); do
    for build in base new; do
      binary=${!build}
      start=$EPOCHREALTIME
      /usr/bin/time -f '%U %S' -o /tmp/cleanslate-compare-time "$binary" "XCTestBenchmarks.$class" \
        >/dev/null 2>&1 || { echo "$class ($build) failed" >&2; exit 1; }
      end=$EPOCHREALTIME
      read -r user system < /tmp/cleanslate-compare-time
      wall[$build]+="$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f", e - s }') "
      cpu[$build]+="$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f", u + s }') "
    done
  done
  row="| $class | $runs"
  for statistic in median minimum; do
    for measure in wall cpu; do
      eval "b=\$(printf '%s\n' \${$measure[base]} | $statistic)"
      eval "n=\$(printf '%s\n' \${$measure[new]} | $statistic)"
      row+=" | $b → $n (×$(awk -v b="$b" -v n="$n" 'BEGIN { printf "%.2f", n / b }'))"
    done
  done
  echo "$row |"
  unset wall cpu
done
