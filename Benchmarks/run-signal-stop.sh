#!/usr/bin/env bash
# What a SIGTERM costs and keeps: `cleanslate test` and plain `swift test --skip-build`, each on
# Tests/HangFixture's XCTest suite with a test that hangs (HANG_FIXTURE=hang) and no time limit,
# are sent SIGTERM once the test before the hang has printed its end; printed: the median seconds
# from the signal to the exit over `runs` (default 7) of each, the exit status, and whether a
# summary JSON and a JUnit file were written, and how many test processes were left running.
#
#   Benchmarks/run-signal-stop.sh [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-7}
cleanslate=${CLEANSLATE_BENCH_CURRENT:-$PWD/.build/debug/cleanslate}
fixture=$PWD/Tests/HangFixture
(cd "$fixture" && swift build --build-tests >/dev/null)
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# Runs `cleanslate test` (`ours`) or `swift test` (`theirs`) in the fixture's directory, sends
# SIGTERM once `testA_PassesBefore` has ended, and prints the seconds from the signal to the exit,
# the exit status and the reports written.
stopped() {
  local dir out pid start end status reports
  dir=$(mktemp -d)
  out=$dir/out.txt
  cd "$fixture"
  if [ "$1" = ours ]; then
    HANG_FIXTURE=hang "$cleanslate" test --skip-build --filter BlockedTests \
      --summary-json "$dir/summary.json" --junit "$dir/junit.xml" >"$out" 2>&1 &
  else
    HANG_FIXTURE=hang swift test --skip-build --filter BlockedTests \
      --xunit-output "$dir/junit.xml" >"$out" 2>&1 &
  fi
  pid=$!
  cd - >/dev/null
  for _ in $(seq 600); do
    grep -q "testA_PassesBefore' passed" "$out" 2>/dev/null && break
    sleep 0.05
  done
  sleep 0.5
  start=$(date +%s.%N)
  kill -TERM "$pid"
  status=0
  wait "$pid" || status=$?
  end=$(date +%s.%N)
  reports=$( (ls "$dir"/*.json "$dir"/*.xml 2>/dev/null || true) | xargs -n1 basename 2>/dev/null | tr '\n' '+')
  sleep 0.5
  left=$(pgrep -f "$fixture/.build/.*HangFixturePackageTests.xctest" | wc -l)
  echo "$(echo "$end - $start" | bc) $status ${reports:-none} left:$left"
  # (a test process left behind is ended here)
  pkill -KILL -f "$fixture/.build/.*HangFixturePackageTests.xctest" 2>/dev/null || true
  rm -rf "$dir"
}
ours=()
theirs=()
for _ in $(seq "$runs"); do
  ours+=("$(stopped ours)")
  theirs+=("$(stopped theirs)")
done
report() {
  local name=$1
  shift
  printf '%s\n' "$@" >"/tmp/signal-stop-$name"
  echo "$name: median $(cut -d' ' -f1 "/tmp/signal-stop-$name" | median) s from SIGTERM to exit;" \
    "statuses $(cut -d' ' -f2 "/tmp/signal-stop-$name" | sort | uniq -c | xargs);" \
    "reports $(cut -d' ' -f3 "/tmp/signal-stop-$name" | sort | uniq -c | xargs);" \
    "test processes $(cut -d' ' -f4 "/tmp/signal-stop-$name" | sort | uniq -c | xargs)"
}
report "cleanslate test" "${ours[@]}"
report "swift test" "${theirs[@]}"
