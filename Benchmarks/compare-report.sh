#!/usr/bin/env bash
# Times `cleanslate report` of two builds on the same traces, interleaved run by run, and checks
# that both write the same page, byte for byte: how a change to the report moved its time.
#
#   Benchmarks/compare-report.sh BASE_CLEANSLATE NEW_CLEANSLATE RUNS TRACE...
#
# Each CLEANSLATE is a built `cleanslate` (.build/debug/cleanslate, as `swift run` builds it, or
# .build/release/cleanslate) of each version. A trace of 100,000 events: QuickStart's trace,
# copied under new test names by Benchmarks/copy-trace.py (BENCHMARKS.md). Prints, for each
# trace and build, the median wall time and CPU time (user + system) and the peak RSS.
set -euo pipefail
[ $# -ge 4 ] || { echo "usage: $0 BASE_CLEANSLATE NEW_CLEANSLATE RUNS TRACE..." >&2; exit 2; }
base=$1 new=$2 runs=$3
shift 3
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "| trace | build | wall (s), median | CPU (s), median | peak RSS (MB) |"
echo "|---|---|---:|---:|---:|"
for trace in "$@"; do
  declare -A wall=() cpu=() rss=()
  for ((run = 0; run < runs; run++)); do
    for build in base new; do
      start=$EPOCHREALTIME
      /usr/bin/time -f '%U %S %M' -o "$work/time" "${!build}" report "$trace" \
        -o "$work/$build.html" >/dev/null
      end=$EPOCHREALTIME
      read -r user system kilobytes <"$work/time"
      wall[$build]+="$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f", e - s }') "
      cpu[$build]+="$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f", u + s }') "
      rss[$build]+="$kilobytes "
    done
    cmp -s "$work/base.html" "$work/new.html" \
      || { echo "The two builds wrote different pages for $trace." >&2; exit 1; }
  done
  for build in base new; do
    printf '| %s | %s | %s | %s | %.1f |\n' "$(basename "$trace")" "$build" \
      "$(printf '%s\n' ${wall[$build]} | median)" "$(printf '%s\n' ${cpu[$build]} | median)" \
      "$(printf '%s\n' ${rss[$build]} | median | awk '{ print $1 / 1024 }')"
  done
  unset wall cpu rss
done
echo "Both builds wrote the same page for every trace."
