#!/usr/bin/env bash
# What following each launch as it runs costs a `cleanslate test` session: the watch that prints
# each test's end as it happens and names slow tests (on in every session since --slow-after),
# against the same session with the watch off (`CLEANSLATE_BENCH_BASELINE`: a `cleanslate` built
# from the commit before it, whose launches were followed only under --test-timeout).
#
#   git worktree add /tmp/before 86b4067~1 && (cd /tmp/before && swift build --product cleanslate)
#   CLEANSLATE_BENCH_BASELINE=/tmp/before/.build/debug/cleanslate Benchmarks/run-progress-cost.sh [runs]
#
# Each run is `cleanslate test --skip-build` of Tests/RunnerFixture (14 tests, XCTest and Swift
# Testing; two launches through the built tests directly), then the same `-- --parallel` (one
# XCTest process a test), the two binaries alternating; medians of `runs` (default 9) printed,
# and their ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-9}
baseline=${CLEANSLATE_BENCH_BASELINE:?name the cleanslate to compare with}
current=${CLEANSLATE_BENCH_CURRENT:-$PWD/.build/debug/cleanslate}
fixture=$PWD/Tests/RunnerFixture
(cd "$fixture" && swift build --build-tests >/dev/null)
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
seconds() {
  local start end
  start=$(date +%s.%N)
  (cd "$fixture" && "$@" >/dev/null 2>&1) || true
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}
for mode in plain parallel; do
  extra=()
  [[ $mode == parallel ]] && extra=(-- --parallel)
  : >/tmp/progress-cost-base; : >/tmp/progress-cost-current
  for _ in $(seq "$runs"); do
    seconds "$baseline" test --skip-build "${extra[@]}" >>/tmp/progress-cost-base
    seconds "$current" test --skip-build "${extra[@]}" >>/tmp/progress-cost-current
  done
  base=$(median </tmp/progress-cost-base)
  now=$(median </tmp/progress-cost-current)
  printf '%-8s  without the watch %.3f s  with it %.3f s  ratio %.2f\n' \
    "$mode" "$base" "$now" "$(echo "$now / $base" | bc -l)"
done
rm -f /tmp/progress-cost-base /tmp/progress-cost-current
