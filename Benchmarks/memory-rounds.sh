#!/usr/bin/env bash
# Rounds of the Swift Testing memory benchmark (Benchmarks/Memory) for two builds: in each round,
# each variant at 4,000 then 8,000 cases, the two bundles alternately; then what a finished case
# keeps, round by round (Benchmarks/memory-rounds.py): each variant's slope of peak RSS, and the
# slope of FixtureCases and TraitCases less their plain variants' in the same round and build.
#
#   Benchmarks/memory-rounds.sh BEFORE_BUNDLE AFTER_BUNDLE [ROUNDS] [OUTPUT]
#
# Each bundle is CleanSlateMemoryBenchmarksPackageTests.xctest of `swift build --build-tests`
# (debug) or `swift build -c release --build-tests` in Benchmarks/Memory of each checkout. OUTPUT
# keeps one line per run: round, build (a before, b after), variant, cases, peak RSS (KB), load.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 BEFORE_BUNDLE AFTER_BUNDLE [ROUNDS] [OUTPUT]" >&2; exit 2; }
a=$1 b=$2 rounds=${3:-3} out=${4:-$(mktemp)}
time_file=$(mktemp)
trap 'rm -f "$time_file"' EXIT
for ((round = 1; round <= rounds; round++)); do
  for size in 4000 8000; do
    for variant in PlainCases PlainAsyncCases TraitCases FixtureCases; do
      for build in a b; do
        CLEANSLATE_BENCH_CASES=$size /usr/bin/time -f '%M' -o "$time_file" "${!build}" \
          --testing-library swift-testing --filter "\\.$variant/" >/dev/null 2>&1 \
          || { echo "$variant ($build, $size) failed" >&2; exit 1; }
        echo "$round $build $variant $size $(tail -n 1 "$time_file") $(cut -d' ' -f1 /proc/loadavg)" \
          >>"$out"
      done
    done
  done
done
python3 "$(dirname "$0")/memory-rounds.py" "$out"
