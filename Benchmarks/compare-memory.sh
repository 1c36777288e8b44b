#!/usr/bin/env bash
# Runs the Swift Testing memory benchmarks (Benchmarks/Memory) of two builds, interleaved run by
# run, and prints each variant's peak RSS at two sizes, its slope in KB per test and its wall
# time at the larger size: how a change moved them, the two builds sharing the machine's load.
#
#   Benchmarks/compare-memory.sh BASE_BUNDLE NEW_BUNDLE RUNS VARIANT...
#
# Each bundle is CleanSlateMemoryBenchmarksPackageTests.xctest from `swift build -c release
# --build-tests` (release) or `swift build --build-tests` (debug, as `swift test` builds) in a
# copy of Benchmarks/Memory inside a checkout of each version (its dependency is the checkout
# around it, `../..`). Sizes: CLEANSLATE_BENCH_SIZES, "5000 20000".
set -euo pipefail
[ $# -ge 4 ] || { echo "usage: $0 BASE_BUNDLE NEW_BUNDLE RUNS VARIANT..." >&2; exit 2; }
base=$1 new=$2 runs=$3
shift 3
read -r -a sizes <<< "${CLEANSLATE_BENCH_SIZES:-5000 20000}"
small=${sizes[0]} large=${sizes[-1]}
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
declare -A rss=() wall=()
for ((run = 0; run < runs; run++)); do
  for size in "${sizes[@]}"; do
    for variant in "$@"; do
      for build in base new; do
        start=$EPOCHREALTIME
        CLEANSLATE_BENCH_CASES=$size /usr/bin/time -f '%M' -o /tmp/cleanslate-compare-memory \
          "${!build}" --testing-library swift-testing --filter "\\.$variant/" >/dev/null 2>&1 \
          || { echo "$variant ($build, $size) failed" >&2; exit 1; }
        end=$EPOCHREALTIME
        rss[$build,$variant,$size]+="$(tail -n 1 /tmp/cleanslate-compare-memory) "
        wall[$build,$variant,$size]+="$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f", e - s }') "
      done
    done
  done
done
echo "| variant | build | peak RSS at $small (MB) | peak RSS at $large (MB) | KB per test | wall at $large (s) |"
echo "|---|---|---:|---:|---:|---:|"
for variant in "$@"; do
  for build in base new; do
    a=$(printf '%s\n' ${rss[$build,$variant,$small]} | median)
    b=$(printf '%s\n' ${rss[$build,$variant,$large]} | median)
    w=$(printf '%s\n' ${wall[$build,$variant,$large]} | median)
    awk -v v="$variant" -v n="$build" -v a="$a" -v b="$b" -v w="$w" -v d="$((large - small))" \
      'BEGIN { printf "| %s | %s | %.1f | %.1f | %.2f | %s |\n", v, n, a / 1024, b / 1024, (b - a) / d, w }'
  done
done
