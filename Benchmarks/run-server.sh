#!/usr/bin/env bash
# A Vapor + Fluent app's suite (Sources/ShopApp: ten migrations with an enum type and indexes,
# three route collections; Tests/ServerBenchmarks: 102 tests of three or four requests each), run
# three ways in one go:
#   (a) documented  Vapor's documented way: autoMigrate() before and autoRevert() after every
#                   test on one shared PostgreSQL database, serialized (it cannot run otherwise)
#   (b) sqlite      in-memory SQLite, autoMigrate() in every test
#   (c) cleanslate  Fixture.vaporApp with its default options (the shop's configure names
#                   PostgreSQL): a clone of a migrated template per test, apps configured one at
#                   a time; cleanslate-concurrent, the same with configuresConcurrently: true
# and two more over a configure that migrates in-memory SQLite itself under `.testing`
# (`autoMigrate()`, as many apps do):
#   (d) selfmigrating          vaporApp(database: .postgres)
#   (e) selfmigrating-default  vaporApp with its default options
# (b) to (e) run twice: in parallel (Swift Testing's default) for the suite's time, and
# serialized for per-test figures that no other test's work inflates. Prints each way's run time
# (Swift Testing's own, which leaves out `swift test` loading the package), its per-test
# setup + teardown median (the whole test minus its body) and body median, and the ratios; then,
# for `vaporApp(database: .sqlite)`, what a test's database costs migrated fresh in memory
# against copied from a migrated file (Tests/ServerBenchmarks/SQLiteStrategy.swift). Starts the
# throwaway PostgreSQL server if none is configured. Results go in BENCHMARKS.md under
# "Server apps per test".
#
#   Benchmarks/run-server.sh [--scratch-path PATH]      # default: the main package's .build
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build
[[ "${1:-}" == "--scratch-path" ]] && scratch=$2
if [[ -z "${CLEANSLATE_POSTGRES_URL:-}${PGHOST:-}" ]]; then
  eval "$(scripts/start-test-postgres.sh)"
fi
# Debug, like the tests it stands for; built on the main package's build folder, whose Vapor and
# Fluent it reuses.
swift build --package-path Benchmarks --scratch-path "$scratch" --build-tests >/dev/null

base="${CLEANSLATE_POSTGRES_URL%/*}"
psql "$CLEANSLATE_POSTGRES_URL" -qc "DROP DATABASE IF EXISTS bench_documented" \
  -c "CREATE DATABASE bench_documented" >/dev/null
out="$(mktemp -d)"
# run WAY TAG [swift test options]: times land in $out/WAY-TAG, the run's time in $out/runs.
run() {
  local mode=$1 tag=$2; shift 2
  SERVER_BENCH_MODE=$mode SERVER_BENCH_OUT="$out/$mode-$tag" \
    SERVER_BENCH_SHARED_URL="$base/bench_documented" \
    swift test --package-path Benchmarks --scratch-path "$scratch" --skip-build \
    --disable-xctest --filter ShopTests "$@" >"$out/log" 2>&1 \
    || { tail -20 "$out/log"; exit 1; }
  echo "$mode-$tag $(sed -n 's/.*Test run with .* passed after \([0-9.]*\) seconds.*/\1/p' \
    "$out/log")" >>"$out/runs"
}
run cleanslate warmup    # the first run of a schema builds its template: warm it up once
run documented serial --no-parallel
run sqlite parallel
run cleanslate parallel
run sqlite serial --no-parallel
run cleanslate serial --no-parallel
run cleanslate-concurrent parallel
run cleanslate-concurrent serial --no-parallel
run selfmigrating warmup
run selfmigrating parallel
run selfmigrating serial --no-parallel
run selfmigrating-default parallel
run selfmigrating-default serial --no-parallel
psql "$CLEANSLATE_POSTGRES_URL" -qc "DROP DATABASE IF EXISTS bench_documented" >/dev/null

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
runtime() { awk -v k="$1" '$1 == k { print $2 }' "$out/runs"; }
printf '%-21s %6s %13s %13s %22s %12s\n' way tests "parallel (s)" "serial (s)" \
  "setup+teardown median" "body median"
for mode in documented sqlite cleanslate cleanslate-concurrent selfmigrating \
  selfmigrating-default; do
  tests=$(wc -l <"$out/$mode-serial")
  overhead=$(awk '{ print $2 - $3 }' "$out/$mode-serial" | median)
  body=$(awk '{ print $3 }' "$out/$mode-serial" | median)
  parallel=$(runtime "$mode-parallel")
  serial=$(runtime "$mode-serial")
  printf '%-21s %6d %13s %13.2f %19.2f ms %9.2f ms\n' "$mode" "$tests" "${parallel:-n/a}" \
    "$serial" "$overhead" "$body"
  eval "serial_${mode//-/_}=$serial parallel_${mode//-/_}=${parallel:-0} overhead_${mode//-/_}=$overhead"
done
ratio() { echo "scale=1; $1 / $2" | bc; }
echo "suite: documented (serial) / cleanslate (parallel) = $(ratio "$serial_documented" \
  "$parallel_cleanslate")x; sqlite / cleanslate, both parallel = $(ratio "$parallel_sqlite" \
  "$parallel_cleanslate")x"
echo "cleanslate, apps configured one at a time / concurrently, both parallel = $(ratio \
  "$parallel_cleanslate" "$parallel_cleanslate_concurrent")x"
echo "setup+teardown median: documented / cleanslate = $(ratio "$overhead_documented" \
  "$overhead_cleanslate")x, sqlite / cleanslate = $(ratio "$overhead_sqlite" \
  "$overhead_cleanslate")x"

# Where a test's setup and teardown go, each way of CleanSlate's, serialized: the trace's fixture
# setups and teardowns (the app's: make, switches, configure, the test's database; the database's:
# a clone or a copy) and configure's own time, medians.
phases() {
  local mode=$1 database=$2
  rm -f "$out/trace.jsonl" "$out/phases"
  CLEANSLATE_TRACE="$out/trace.jsonl" SERVER_BENCH_PHASES="$out/phases" \
    run "$mode" phases --no-parallel
  ms() {
    jq -r --arg phase "$1" --arg fixture "$2" \
      'select(.phase == $phase and .fixture == $fixture) | .durationNanos / 1e6' \
      "$out/trace.jsonl" | median
  }
  local setup clone configure shutdown drop
  setup=$(ms setupEnd shop)
  clone=$(ms setupEnd "$database")
  configure=$(awk '$1 == "configure" { print $2 }' "$out/phases" | median)
  shutdown=$(ms teardownEnd shop)
  drop=$(ms teardownEnd "$database")
  printf '%-21s app setup %6.2f ms = configure %6.2f + database %5.2f + make and the rest %5.2f;' \
    "$mode" "$setup" "$configure" "${clone:-0}" "$(echo "$setup - $configure - ${clone:-0}" | bc)"
  printf ' shutdown %5.2f ms; database teardown %5.2f ms\n' "$shutdown" "${drop:-0}"
}
phases cleanslate "shop database"
phases selfmigrating "shop database"
phases selfmigrating-default "shop database"
rm -rf "$out"
swift test --package-path Benchmarks --scratch-path "$scratch" --skip-build --disable-xctest \
  --filter SQLiteStrategy 2>&1 | grep '^SQLiteStrategy:'
swift test --package-path Benchmarks --scratch-path "$scratch" --skip-build --disable-xctest \
  --filter AppPhases 2>&1 | grep '^AppPhases:'
