#!/usr/bin/env bash
# Runs every CleanSlate benchmark in release mode and prints the medians.
#
#   Benchmarks/run.sh [runs]        # default: 5 runs of each variant
#
# XCTest memory and overhead: builds the XCTest runner once, then runs each benchmark class
# in a process of its own (build time excluded), recording peak RSS and wall time.
set -euo pipefail
cd "$(dirname "$0")"
runs=${1:-5}
scratch=${BENCHMARKS_SCRATCH_PATH:-.build}

if [ ! -x /usr/bin/time ]; then
  echo "needs /usr/bin/time (apt-get install -y time)" >&2
  exit 1
fi

swift build -c release --scratch-path "$scratch" --product XCTestBenchmarks >&2
runner="$(swift build -c release --scratch-path "$scratch" --show-bin-path)/XCTestBenchmarks"

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

# Prints "<median peak RSS in MB> <median wall seconds> <median CPU seconds>" for one test
# class, run with the environment assignments that follow it, if any. CPU time (user + system)
# is reported beside wall time because XCTest on Linux spends much of a test's wall time asleep,
# waiting for its async setUp and tearDown hooks, and that sleep varies a lot from run to run.
measure() {
  local class=$1 rss=() wall=() cpu=()
  shift
  for ((run = 0; run < runs; run++)); do
    local start=$EPOCHREALTIME
    env "$@" /usr/bin/time -f '%M %U %S' -o /tmp/cleanslate-bench-time "$runner" "$class" \
      >/dev/null 2>&1 || {
      echo "$class failed" >&2
      exit 1
    }
    local end=$EPOCHREALTIME
    read -r kilobytes user system < /tmp/cleanslate-bench-time
    rss+=("$kilobytes")
    cpu+=("$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f", u + s }')")
    wall+=("$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f", e - s }')")
  done
  printf '%s %s %s\n' \
    "$(printf '%s\n' "${rss[@]}" | median | awk '{ printf "%.1f", $1 / 1024 }')" \
    "$(printf '%s\n' "${wall[@]}" | median)" \
    "$(printf '%s\n' "${cpu[@]}" | median)"
}

echo "## XCTest memory and overhead ($runs runs each, medians)"
echo
echo "| benchmark | variant | peak RSS (MB) | wall time (s) | CPU time (s) |"
echo "|---|---|---:|---:|---:|"
for variant in PlainProperty HandWrittenReset HandWrittenLateReset Resettable; do
  read -r rss wall cpu < <(measure "XCTestBenchmarks.${variant}Benchmark")
  echo "| 400 tests × 8 MB | $variant | $rss | $wall | $cpu |"
done
# The same two with glibc's dynamic mmap threshold turned off: 8 MB blocks are then mapped and
# unmapped, so heap placement no longer matters (see BENCHMARKS.md).
for variant in HandWrittenReset Resettable; do
  read -r rss wall cpu < <(measure "XCTestBenchmarks.${variant}Benchmark" MALLOC_MMAP_THRESHOLD_=131072)
  echo "| 400 tests × 8 MB, MALLOC_MMAP_THRESHOLD_=131072 | $variant | $rss | $wall | $cpu |"
done
for variant in HandWrittenSetUp FixturesSyncSetUp HandWrittenAsyncSetUp Fixtures; do
  read -r rss wall cpu < <(measure "XCTestBenchmarks.${variant}Benchmark")
  echo "| 5,000 tests × 3 fixtures | $variant | $rss | $wall | $cpu |"
done
