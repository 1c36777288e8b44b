#!/usr/bin/env bash
# Seven Swift Testing tests that start at once, each asking for a PostgreSQL database of its own
# (Tests/ServerBenchmarks/ClonesAtOnce.swift), as a Hummingbird app's suite does: how long each
# test's database setup takes, the wait for a clone included, read from the trace. Each round is
# a new test process (the pool starts empty, as in a real run); the template exists already (one
# warm-up round). Then the same with PROCESSES test processes started at once (as
# `swift test --parallel`'s workers, or several shards, share one server).
#
#   Benchmarks/run-clones.sh [ROUNDS] [PROCESSES] [--scratch-path PATH] [-c release]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
processes=${2:-3}
shift $(( $# >= 2 ? 2 : $# ))
scratch=.build
configuration=debug
while [[ $# -gt 0 ]]; do
  case $1 in
    --scratch-path) scratch=$2; shift 2 ;;
    -c) configuration=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
if [[ -z "${CLEANSLATE_POSTGRES_URL:-}${PGHOST:-}" ]]; then
  eval "$(scripts/start-test-postgres.sh)"
fi
swift build --package-path Benchmarks --scratch-path "$scratch" -c "$configuration" --build-tests \
  >/dev/null
out=$(mktemp -d)
run() {  # run TRACE: one test process of the seven tests
  CLEANSLATE_TRACE="$1" swift test --package-path Benchmarks --scratch-path "$scratch" \
    -c "$configuration" --skip-build --disable-xctest --filter ClonesAtOnce >"$1.log" 2>&1 \
    || { tail -20 "$1.log"; exit 1; }
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
# ms PHASE FILES...: the durations of the database fixture's setups (setupEnd) or waits (waitEnd)
ms() {
  local phase=$1; shift
  cat "$@" | jq -r --arg phase "$phase" \
    'select(.phase == $phase and .fixture == "todosDatabase") | .durationNanos / 1e6'
}
run "$out/warmup.jsonl"
for round in $(seq 1 "$rounds"); do run "$out/one-$round.jsonl"; done
for round in $(seq 1 "$rounds"); do
  for process in $(seq 1 "$processes"); do run "$out/many-$round-$process.jsonl" & done
  wait
done
report() {  # report LABEL FILES...
  local label=$1; shift
  local setups waits
  setups=$(ms setupEnd "$@" | wc -l)
  waits=$(ms waitEnd "$@" | wc -l)
  printf '%-28s %3d tests: database setup median %6.1f ms (max %6.1f); %3d waited for a clone, median wait %6.1f ms\n' \
    "$label" "$setups" "$(ms setupEnd "$@" | median)" "$(ms setupEnd "$@" | sort -n | tail -1)" \
    "$waits" "$( (ms waitEnd "$@"; [[ $waits -gt 0 ]] || echo 0) | median)"
}
report "1 process" "$out"/one-*.jsonl
report "$processes processes at once" "$out"/many-*.jsonl
for round in $(seq 1 "$rounds"); do
  report "  round $round, 1 process" "$out/one-$round.jsonl"
done
rm -rf "$out"
