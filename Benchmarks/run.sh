#!/usr/bin/env bash
# Runs every CleanSlate benchmark in release mode and prints the medians.
#
#   Benchmarks/run.sh [runs] [part]   # default: 5 runs of each variant; part: xctest, trace,
#                                     # report, sentinel, memory (default: all five)
#
# XCTest memory and overhead: builds the XCTest runner once, then runs each benchmark class
# in a process of its own (build time excluded), recording peak RSS and wall time.
#
# The trace's cost: the 5,000-test suites built a second time with the trace compiled out
# (-D CLEANSLATE_TRACE_COMPILED_OUT), run interleaved with the normal build (tracing off) and
# with CLEANSLATE_TRACE=file.jsonl; then `cleanslate report` on synthetic traces of 10,000 and
# 100,000 events (and, with Chromium installed, the time headless Chromium takes to load it).
#
# The sentinel's cost: one snapshot of each kind, timed in a loop (CleanSlateSentinelCost, an
# executable of the main package); then the 5,000-test suite with CLEANSLATE_SENTINEL unset,
# set to each kind alone, to every kind but files, and to every kind, the runs interleaved.
set -euo pipefail
cd "$(dirname "$0")"
runs=${1:-5}
part=${2:-all}
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

if [[ $part == all || $part == xctest ]]; then
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

fi

# MARK: - The trace's cost

if [[ $part == all || $part == trace ]]; then
swift build -c release --scratch-path "$scratch-notrace" -Xswiftc -DCLEANSLATE_TRACE_COMPILED_OUT \
  --product XCTestBenchmarks >&2
compiled_out="$(swift build -c release --scratch-path "$scratch-notrace" --show-bin-path)/XCTestBenchmarks"
trace_file=/tmp/cleanslate-bench-trace.jsonl

# Prints "<median wall> <median CPU>" for each variant of one class, the variants' runs
# interleaved (compiled out, off, to a file) so that the machine's drift hits each alike.
trace_cost() {
  local class=$1 wall_out=() wall_off=() wall_file=() cpu_out=() cpu_off=() cpu_file=()
  for ((run = 0; run < runs; run++)); do
    for variant in out off file; do
      local binary=$runner environment=()
      [ "$variant" = out ] && binary=$compiled_out
      if [ "$variant" = file ]; then
        rm -f "$trace_file"
        environment=(CLEANSLATE_TRACE="$trace_file")
      fi
      local start=$EPOCHREALTIME
      env "${environment[@]}" /usr/bin/time -f '%U %S' -o /tmp/cleanslate-bench-time \
        "$binary" "XCTestBenchmarks.$class" >/dev/null 2>&1 || { echo "$class failed" >&2; exit 1; }
      local end=$EPOCHREALTIME wall cpu
      read -r user system < /tmp/cleanslate-bench-time
      wall=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f", e - s }')
      cpu=$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f", u + s }')
      eval "wall_$variant+=($wall); cpu_$variant+=($cpu)"
    done
  done
  for variant in out off file; do
    eval "local walls=(\"\${wall_$variant[@]}\") cpus=(\"\${cpu_$variant[@]}\")"
    printf '%s %s %s\n' "$variant" "$(printf '%s\n' "${walls[@]}" | median)" \
      "$(printf '%s\n' "${cpus[@]}" | median)"
  done
}

echo
echo "## The trace's cost ($runs interleaved runs each, medians)"
echo
echo "| benchmark | trace | wall time (s) | CPU time (s) |"
echo "|---|---|---:|---:|"
for class in FixturesSyncSetUpBenchmark FixturesBenchmark; do
  while read -r variant wall cpu; do
    case $variant in
      out) label="compiled out" ;; off) label="off (unset)" ;; file) label="CLEANSLATE_TRACE=file.jsonl" ;;
    esac
    echo "| 5,000 tests × 3 fixtures, $class | $label | $wall | $cpu |"
  done < <(trace_cost "$class")
done
rm -f "$trace_file"
fi

# MARK: - The report's build time

if [[ $part == all || $part == report ]]; then
swift build -c release --package-path .. --product cleanslate >&2
cleanslate="$(swift build -c release --package-path .. --show-bin-path)/cleanslate"
swift build -c release --scratch-path "$scratch" --product ReportBenchmarks >&2
generator="$(swift build -c release --scratch-path "$scratch" --show-bin-path)/ReportBenchmarks"

echo
echo "## The report's build time ($runs runs each, medians)"
echo
echo "| events | trace (MB) | \`cleanslate report\` wall (s) | peak RSS (MB) | report (MB) | Chromium load (s) |"
echo "|---:|---:|---:|---:|---:|---:|"
for events in 10000 100000; do
  trace=/tmp/cleanslate-bench-$events.jsonl
  page=/tmp/cleanslate-bench-$events.html
  "$generator" "$events" "$trace" >/dev/null
  walls=() rss=() loads=()
  for ((run = 0; run < runs; run++)); do
    start=$EPOCHREALTIME
    /usr/bin/time -f '%M' -o /tmp/cleanslate-bench-time "$cleanslate" report "$trace" -o "$page" >/dev/null
    end=$EPOCHREALTIME
    walls+=("$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f", e - s }')")
    rss+=("$(cat /tmp/cleanslate-bench-time)")
    if command -v chromium >/dev/null; then
      start=$EPOCHREALTIME
      chromium --headless --no-sandbox --disable-gpu --dump-dom "file://$page" >/dev/null 2>&1
      end=$EPOCHREALTIME
      loads+=("$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f", e - s }')")
    fi
  done
  load="n/a"
  [ ${#loads[@]} -gt 0 ] && load=$(printf '%s\n' "${loads[@]}" | median)
  printf '| %s | %.1f | %s | %.1f | %.1f | %s |\n' "$events" \
    "$(awk -v b="$(stat -c %s "$trace")" 'BEGIN { print b / 1048576 }')" \
    "$(printf '%s\n' "${walls[@]}" | median)" \
    "$(printf '%s\n' "${rss[@]}" | median | awk '{ print $1 / 1024 }')" \
    "$(awk -v b="$(stat -c %s "$page")" 'BEGIN { print b / 1048576 }')" "$load"
  rm -f "$trace" "$page"
done
fi

# MARK: - The sentinel's cost

if [[ $part == all || $part == sentinel ]]; then
swift build -c release --package-path .. --product CleanSlateSentinelCost >&2
echo
echo "## One sentinel snapshot, by kind (medians of 20 batches of 1,000)"
echo
"$(swift build -c release --package-path .. --show-bin-path)/CleanSlateSentinelCost" 20000
sentinel_variants=(off currentDirectory environment userDefaults fileDescriptors threads
  childProcesses listeningSockets files -files 1)
class=FixturesSyncSetUpBenchmark
declare -A sentinel_wall sentinel_cpu
for ((run = 0; run < runs; run++)); do
  for variant in "${sentinel_variants[@]}"; do
    environment=()
    [ "$variant" != off ] && environment=(CLEANSLATE_SENTINEL="$variant")
    start=$EPOCHREALTIME
    # A watched run may fail on what other processes change meanwhile (files in the temporary
    # directory): its status is not the measure.
    env "${environment[@]}" /usr/bin/time -f '%U %S' -o /tmp/cleanslate-bench-time \
      "$runner" "XCTestBenchmarks.$class" >/dev/null 2>&1 || true
    end=$EPOCHREALTIME
    # The last line: a failed run's first line says it failed.
    read -r user system < <(tail -n 1 /tmp/cleanslate-bench-time)
    sentinel_wall[$variant]+="$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f", e - s }') "
    sentinel_cpu[$variant]+="$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f", u + s }') "
  done
done
echo
echo "## The sentinel's cost ($runs interleaved runs each, medians; 5,000 tests, 10,000 snapshots)"
echo
echo "| CLEANSLATE_SENTINEL | wall time (s) | CPU time (s) | CPU per test over off (µs) |"
echo "|---|---:|---:|---:|"
off_cpu=$(printf '%s\n' ${sentinel_cpu[off]} | median)
for variant in "${sentinel_variants[@]}"; do
  wall=$(printf '%s\n' ${sentinel_wall[$variant]} | median)
  cpu=$(printf '%s\n' ${sentinel_cpu[$variant]} | median)
  extra=$(awk -v c="$cpu" -v o="$off_cpu" 'BEGIN { printf "%.0f", (c - o) / 5000 * 1000000 }')
  echo "| $variant | $wall | $cpu | $extra |"
done
fi

# MARK: - Memory with the test count: Swift Testing argument cases and XCTest methods
#
# Benchmarks/Memory (a package of its own, no heavy dependency) holds N argument cases of one
# Swift Testing test five ways: plain, under a scoping trait that does nothing (what any such
# trait costs Swift Testing), under `.cleanSlate`, a plain async test that makes a 64 KB object,
# and `.cleanSlate` with a test fixture that returns the same object and registers a teardown
# (also with CLEANSLATE_TRACE writing a file). The test bundle is run directly, in parallel as
# `swift test` runs it; each size's variants are interleaved run by run. What CleanSlate adds
# per test is the slope of peak RSS over the test count, against the matching plain variant.
# Then XCTestBenchmarks' XCTestCase and FixtureTestCase classes with a few thousand methods.

if [[ $part == all || $part == memory ]]; then
memory_package=Memory
swift build -c release --package-path "$memory_package" --build-tests >&2
bundle="$(swift build -c release --package-path "$memory_package" --show-bin-path)/CleanSlateMemoryBenchmarksPackageTests.xctest"
trace_file=/tmp/cleanslate-bench-memory-trace.jsonl
sizes=(5000 10000 20000)
variants=(PlainCases NoOpTraitCases ChildTaskTraitCases TraitCases TraitAsyncCases
  PlainAsyncCases FixtureCases FixtureCases+trace)
declare -A rss_of wall_of cpu_of
for size in "${sizes[@]}"; do
  declare -A rss wall cpu
  rss=() wall=() cpu=()
  for ((run = 0; run < runs; run++)); do
    for variant in "${variants[@]}"; do
      # The suite's exact name: a bare "TraitCases" would match NoOpTraitCases too, and run both.
      filter="\\.${variant%+trace}/"
      environment=(CLEANSLATE_BENCH_CASES="$size")
      if [[ $variant == *+trace ]]; then
        rm -f "$trace_file"
        environment+=(CLEANSLATE_TRACE="$trace_file")
      fi
      start=$EPOCHREALTIME
      env "${environment[@]}" /usr/bin/time -f '%M %U %S' -o /tmp/cleanslate-bench-time \
        "$bundle" --testing-library swift-testing --filter "$filter" >/dev/null 2>&1 || {
        echo "$variant ($size) failed" >&2
        exit 1
      }
      end=$EPOCHREALTIME
      read -r kilobytes user system < <(tail -n 1 /tmp/cleanslate-bench-time)
      rss[$variant]+="$kilobytes "
      cpu[$variant]+="$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f", u + s }') "
      wall[$variant]+="$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f", e - s }') "
    done
  done
  for variant in "${variants[@]}"; do
    rss_of[$variant,$size]=$(printf '%s\n' ${rss[$variant]} | median)
    wall_of[$variant,$size]=$(printf '%s\n' ${wall[$variant]} | median)
    cpu_of[$variant,$size]=$(printf '%s\n' ${cpu[$variant]} | median)
  done
  unset rss wall cpu
done
rm -f "$trace_file"

echo
echo "## Swift Testing: peak RSS and time by test count ($runs interleaved runs each, medians)"
echo
echo "| cases | variant | peak RSS (MB) | wall time (s) | CPU time (s) |"
echo "|---:|---|---:|---:|---:|"
for size in "${sizes[@]}"; do
  for variant in "${variants[@]}"; do
    printf '| %s | %s | %s | %s | %s |\n' "$size" "$variant" \
      "$(awk -v k="${rss_of[$variant,$size]}" 'BEGIN { printf "%.1f", k / 1024 }')" \
      "${wall_of[$variant,$size]}" "${cpu_of[$variant,$size]}"
  done
done
first=${sizes[0]} last=${sizes[-1]}
slope() {
  awk -v a="${rss_of[$1,$first]}" -v b="${rss_of[$1,$last]}" -v n="$((last - first))" \
    'BEGIN { printf "%.2f", (b - a) / n }'
}
echo
echo "| variant | KB per test (slope, $first to $last) | over its plain variant (KB) | CPU over plain at 10,000 (µs per test) | wall over plain at 10,000 |"
echo "|---|---:|---:|---:|---:|"
for variant in "${variants[@]}"; do
  case $variant in
    PlainCases | PlainAsyncCases) base=$variant ;;
    NoOpTraitCases | ChildTaskTraitCases | TraitCases) base=PlainCases ;;
    TraitAsyncCases) base=PlainAsyncCases ;;
    *) base=PlainAsyncCases ;;
  esac
  extra=$(awk -v s="$(slope "$variant")" -v b="$(slope "$base")" 'BEGIN { printf "%.2f", s - b }')
  cpu_extra=$(awk -v c="${cpu_of[$variant,10000]}" -v b="${cpu_of[$base,10000]}" \
    'BEGIN { printf "%.1f", (c - b) / 10000 * 1000000 }')
  wall_ratio=$(awk -v w="${wall_of[$variant,10000]}" -v b="${wall_of[$base,10000]}" \
    'BEGIN { printf "%.2f×", w / b }')
  echo "| $variant | $(slope "$variant") | $extra | $cpu_extra | $wall_ratio |"
done

echo
echo "## XCTest: peak RSS and time by test count ($runs runs each, medians)"
echo
echo "| tests | class | peak RSS (MB) | wall time (s) | CPU time (s) |"
echo "|---:|---|---:|---:|---:|"
for size in 2000 8000; do
  for class in XCTestCaseMemoryBenchmark FixtureTestCaseMemoryBenchmark; do
    read -r mb seconds cpu_seconds < <(measure "XCTestBenchmarks.$class" CLEANSLATE_BENCH_TESTS="$size")
    echo "| $size | $class | $mb | $seconds | $cpu_seconds |"
  done
done
fi
