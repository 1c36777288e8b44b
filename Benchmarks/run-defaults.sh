#!/usr/bin/env bash
# Whether the safe default is the fast one: two Vapor + Fluent suites, each run by
# `Fixture.vaporApp` with its default options, with `database: .sqlite`, and in its serial
# documented way, in rounds (the ways alternate within a round, so a busy spell hits them all):
#   shop     Tests/ServerBenchmarks/ShopSuite.swift (102 tests; configure names PostgreSQL):
#            default = a clone of a migrated template per test; serial = Vapor's documented way,
#            autoMigrate() and autoRevert() around every test on one database, serialized
#   members  Tests/ServerBenchmarks/MembersSuite.swift (121 tests; shaped like a real app:
#            configure migrates in-memory SQLite under `.testing`, route registration fills a
#            global registry without a lock): default = a copy of a database migrated once per
#            process; serial = the app's own helper (make, configure, test, shut down),
#            serialized, as its authors run it; and that helper in parallel, which crashes in
#            some runs (counted; its time is that of the runs that passed)
# Prints each way's suite time (Swift Testing's own), median over the rounds, and the ratios
# taken within each round (their median); then, from one traced run of each default, what a
# test's app setup took and how long it waited (for the configure lock, for the first app's
# configure, for a database clone), medians over the tests.
#
#   Benchmarks/run-defaults.sh [--rounds N] [-c debug|release] [--scratch-path PATH]
#   ../shared/tools/busy-machine Benchmarks/run-defaults.sh     # the same on a busy machine
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=5
configuration=debug
scratch=.build
while [[ $# -gt 0 ]]; do
  case $1 in
    --rounds) rounds=$2; shift 2 ;;
    -c) configuration=$2; shift 2 ;;
    --scratch-path) scratch=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
if [[ -z "${CLEANSLATE_POSTGRES_URL:-}${PGHOST:-}" ]]; then
  eval "$(scripts/start-test-postgres.sh)"
fi
swift build --package-path Benchmarks --scratch-path "$scratch" -c "$configuration" --build-tests \
  >/dev/null
base="${CLEANSLATE_POSTGRES_URL%/*}"
psql "$CLEANSLATE_POSTGRES_URL" -qc "DROP DATABASE IF EXISTS bench_documented" \
  -c "CREATE DATABASE bench_documented" >/dev/null
out="$(mktemp -d)"
echo "$(date -u '+%Y-%m-%d %H:%M UTC'); $(nproc) cores; $configuration build; load before: $(cut -d' ' -f1-3 /proc/loadavg)"

# run SUITE WAY TAG [swift test options]: appends "SUITE-WAY ROUND SECONDS" (or "crashed") to
# $out/runs; a trace when TRACE is set.
run() {
  local suite=$1 way=$2 tag=$3; shift 3
  local filter=ShopTests
  [[ $suite == members ]] && filter="MemberTests|BookingTests|InvoiceTests"
  local seconds
  if SERVER_BENCH_MODE=$way MEMBERS_BENCH_MODE=$way SERVER_BENCH_SHARED_URL="$base/bench_documented" \
    CLEANSLATE_TRACE="${TRACE:-}" swift test --package-path Benchmarks --scratch-path "$scratch" \
    -c "$configuration" --skip-build --disable-xctest --filter "$filter" "$@" >"$out/log" 2>&1
  then
    seconds=$(sed -n 's/.*Test run with .* passed after \([0-9.]*\) seconds.*/\1/p' "$out/log")
  elif grep -q "unexpected signal code" "$out/log"; then
    seconds=crashed
  else
    tail -20 "$out/log"; exit 1
  fi
  echo "$suite-$way $tag $seconds" >>"$out/runs"
}
run shop cleanslate warmup       # builds the shop's template once
for round in $(seq 1 "$rounds"); do
  run shop cleanslate "$round"
  run shop cleanslate-sqlite "$round"
  run shop documented "$round" --no-parallel
  run members cleanslate "$round"
  run members sqlite "$round"
  run members own "$round" --no-parallel
  run members own-parallel "$round"
done
psql "$CLEANSLATE_POSTGRES_URL" -qc "DROP DATABASE IF EXISTS bench_documented" >/dev/null

median() { sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) print "n/a"; else print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
times() { awk -v k="$1" '$1 == k && $2 != "warmup" && $3 != "crashed" { print $3 }' "$out/runs"; }
# ratios A B: A / B within each round
ratios() {
  awk -v a="$1" -v b="$2" '$2 != "warmup" && $3 != "crashed" { t[$1, $2] = $3 }
    END { for (k in t) { split(k, p, SUBSEP); if (p[1] == a && (b, p[2]) in t) printf "%.2f\n", t[k] / t[b, p[2]] } }' \
    "$out/runs"
}
printf '\n%-30s %10s %22s\n' way "median (s)" "all rounds (s)"
for key in shop-cleanslate shop-cleanslate-sqlite shop-documented members-cleanslate \
  members-sqlite members-own members-own-parallel; do
  printf '%-30s %10s %22s' "$key" "$(times "$key" | median)" "$(times "$key" | tr '\n' ' ')"
  crashes=$(awk -v k="$key" '$1 == k && $3 == "crashed"' "$out/runs" | wc -l)
  [[ $crashes -gt 0 ]] && printf '  (crashed in %d of %d runs)' "$crashes" "$rounds"
  echo
done
echo
echo "shop:    default / .sqlite = $(ratios shop-cleanslate shop-cleanslate-sqlite | median)x; serial documented / default = $(ratios shop-documented shop-cleanslate | median)x"
echo "members: default / .sqlite = $(ratios members-cleanslate members-sqlite | median)x; serial (own helper) / default = $(ratios members-own members-cleanslate | median)x; own helper in parallel / default = $(ratios members-own-parallel members-cleanslate | median)x"

# Where a default test's setup goes: traced once each.
ms() {  # ms FILE PHASE FIXTURE [MESSAGE]: durations, one per test (0 for a test without one)
  jq -r --arg phase "$2" --arg fixture "$3" --arg message "${4:-}" \
    'select(.phase == $phase and .fixture == $fixture and ($message == "" or .message == $message))
      | "\(.scopeID) \(.durationNanos / 1e6)"' "$1" \
    | awk '{ t[$1] += $2 } END { for (k in t) print t[k] }'
}
waits() {  # waits FILE FIXTURE MESSAGE TESTS: per test, 0 when it did not wait
  local found
  found=$(ms "$1" waitEnd "$2" "$3" | wc -l)
  { ms "$1" waitEnd "$2" "$3"; for _ in $(seq 1 $(( $4 - found ))); do echo 0; done; } | median
}
for suite in shop members; do
  TRACE="$out/$suite.jsonl" run "$suite" cleanslate traced
  tests=$(jq -r 'select(.phase == "scopeEnd" and .scope == "test") | 1' "$out/$suite.jsonl" | wc -l)
  fixture=shop
  [[ $suite == members ]] && fixture=members
  printf '%-8s default, traced: app setup median %.2f ms; waited for the configure lock %.2f ms (median of %d tests), for the first app %.2f ms; database setup median %s ms, waited for a clone %s ms\n' \
    "$suite" "$(ms "$out/$suite.jsonl" setupEnd "$fixture" | median)" \
    "$(waits "$out/$suite.jsonl" "$fixture" "the configure lock" "$tests")" "$tests" \
    "$(waits "$out/$suite.jsonl" "$fixture" "the first app's configure, which shows its database" "$tests")" \
    "$(ms "$out/$suite.jsonl" setupEnd "$fixture database" | median)" \
    "$(waits "$out/$suite.jsonl" "$fixture database" "a database clone" "$tests")"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
rm -rf "$out"
