#!/usr/bin/env bash
# What `--until-failure` saves against `--repeat`: the same 80 repetitions asked for, of two
# tests (one XCTest, one Swift Testing) on Tests/RunnerFixture that fail every fifth run; the
# session with --until-failure 80 stops after the fifth, the one with --repeat 80 runs all 80.
# Both run from the fixture's directory with `--skip-build`, alternating, each with fresh counts;
# medians of `runs` (default 9) printed, and their ratio.
#
#   Benchmarks/run-until-failure.sh [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-9}
cleanslate=${CLEANSLATE_BENCH_CURRENT:-$PWD/.build/debug/cleanslate}
fixture=$PWD/Tests/RunnerFixture
(cd "$fixture" && swift build --build-tests >/dev/null)
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
seconds() {
  local start end state
  state=$(mktemp -d)
  start=$(date +%s.%N)
  (cd "$fixture" && RUNNER_FIXTURE=every-fifth RUNNER_FIXTURE_STATE=$state "$cleanslate" test \
    --skip-build --filter 'AlphaTests/testFlaky|BetaSuite/flaky' "$@" >/dev/null 2>&1) || true
  end=$(date +%s.%N)
  rm -rf "$state"
  echo "$end - $start" | bc
}
until=()
repeat=()
for _ in $(seq "$runs"); do
  until+=("$(seconds --until-failure 80)")
  repeat+=("$(seconds --repeat 80)")
done
u=$(printf '%s\n' "${until[@]}" | median)
r=$(printf '%s\n' "${repeat[@]}" | median)
echo "--until-failure 80 (stops after 5): median $u s of $runs"
echo "--repeat 80 (runs all 80): median $r s of $runs"
echo "ratio: $(echo "scale=2; $u / $r" | bc)"
