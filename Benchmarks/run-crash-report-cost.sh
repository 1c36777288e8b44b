#!/usr/bin/env bash
# What a crash costs a run of the members app's race tests, with the Swift runtime's own report
# (every frame named before the process may end) and with the quick report experiments ask for
# (`SWIFT_BACKTRACE=symbolicate=off,…`: addresses only), plus what naming the crashed thread's
# frames afterwards costs (`llvm-symbolizer` and `swift-demangle`, as the launch runs them).
# Runs the first test of each of the thirteen suites at once, directly, until CRASHES crashes of
# each kind (5 by default), and prints each crashed run's seconds and the medians.
#
#   Benchmarks/run-crash-report-cost.sh [--scratch-path PATH]   # default: Benchmarks/.build
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=Benchmarks/.build
[[ "${1:-}" == "--scratch-path" ]] && scratch=$2
swift build --package-path Benchmarks --scratch-path "$scratch" --build-tests >&2
product="$(swift build --package-path Benchmarks --scratch-path "$scratch" --show-bin-path)/CleanSlateBenchmarksPackageTests.xctest"
bin="$(dirname "$(readlink -f "$(command -v swift)")")"
filter='^(ServerBenchmarks\.(Balance|Booking|Dues|Equipment|Evening|Invoice|Laser|Member|Newcomer|Payment|Tool|Volunteer|Workshop)RaceTests/[a-zA-Z]+1\(\)(/.*)?)$'
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }
crashes() { # $1: SWIFT_BACKTRACE; prints the seconds of each crashed run
  local found=0 tries=0
  while (( found < ${CRASHES:-5} && tries < 200 )); do
    tries=$((tries + 1))
    local start end
    start=$(date +%s.%N)
    if ! SWIFT_BACKTRACE="$1" MEMBERS_RACE=1 "$product" --testing-library swift-testing \
      --filter "$filter" >"$work/run.txt" 2>&1; then
      end=$(date +%s.%N)
      echo "$end - $start" | bc
      cp "$work/run.txt" "$work/crash.txt"
      found=$((found + 1))
    fi
  done
}
echo "the runtime's report (SWIFT_BACKTRACE unset: enable=yes):"
crashes "enable=yes" | tee "$work/full.txt"
echo "median: $(median <"$work/full.txt") s"
echo "the quick report:"
crashes "enable=yes,symbolicate=off,threads=crashed,registers=none,images=mentioned,color=no,interactive=no" \
  | tee "$work/quick.txt"
echo "median: $(median <"$work/quick.txt") s"
# Naming the last quick report's crashed thread in the test product, as QuickCrashReports does
# (a return address's call is the instruction before it).
python3 - "$work/crash.txt" "$product" >"$work/queries.txt" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
image = re.search(r"^(0x[0-9a-f]+)\S(0x[0-9a-f]+) \S+ CleanSlateBenchmarksPackageTests", text, re.M)
start, end = int(image.group(1), 16), int(image.group(2), 16)
thread = text.split(" crashed:\n", 1)[1].split("\n\n\n", 1)[0]
for marks, address in re.findall(r"^ *\d+ ((?:\[\w+\] *)*)(0x[0-9a-f]{16})$", thread, re.M):
    address = int(address, 16)
    if start <= address < end:
        call = address - 1 if "[ra]" in marks else address
        print('CODE "%s" 0x%x' % (sys.argv[2], call - start))
PY
echo "naming the crashed thread's $(wc -l <"$work/queries.txt") frames (llvm-symbolizer, swift-demangle):"
for _ in 1 2 3 4 5; do
  start=$(date +%s.%N)
  "$bin/llvm-symbolizer" --no-inlines --no-demangle <"$work/queries.txt" \
    | "$bin/swift-demangle" --simplified >/dev/null
  end=$(date +%s.%N)
  echo "$end - $start" | bc
done | tee "$work/naming.txt"
echo "median: $(median <"$work/naming.txt") s"
