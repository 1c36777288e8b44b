#!/usr/bin/env bash
# A Vapor + Fluent app's suite (Sources/ShopApp: ten migrations with an enum type and indexes,
# three route collections; Tests/ServerBenchmarks: 102 tests of three or four requests each), run
# three ways in one go:
#   (a) documented  Vapor's documented way: autoMigrate() before and autoRevert() after every
#                   test on one shared PostgreSQL database, serialized (--no-parallel)
#   (b) sqlite      in-memory SQLite, autoMigrate() in every test, in parallel
#   (c) cleanslate  Fixture.vaporApp(database: .postgres): a clone of a migrated template per
#                   test, in parallel
# Prints each way's wall time, its per-test setup + teardown median (the whole test minus its
# body) and the ratios; then, for `vaporApp(database: .sqlite)`, what a test's database costs
# migrated fresh in memory against copied from a migrated file (Tests/.../SQLiteStrategy.swift). Starts the throwaway PostgreSQL server if none is configured. Results go
# in BENCHMARKS.md under "Server apps per test".
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
run() {
  local mode=$1; shift
  local start end
  start=$(date +%s.%N)
  SERVER_BENCH_MODE=$mode SERVER_BENCH_OUT="$out/$mode" \
    SERVER_BENCH_SHARED_URL="$base/bench_documented" \
    swift test --package-path Benchmarks --scratch-path "$scratch" --skip-build \
    --disable-xctest --filter ShopTests "$@" >"$out/$mode.log" 2>&1 \
    || { tail -20 "$out/$mode.log"; exit 1; }
  end=$(date +%s.%N)
  echo "$mode $(echo "$end - $start" | bc)" >>"$out/wall"
}
run cleanslate           # the first run of a schema builds its template: warm it up once
rm -f "$out/cleanslate" "$out/wall"
run documented --no-parallel
run sqlite
run cleanslate
psql "$CLEANSLATE_POSTGRES_URL" -qc "DROP DATABASE IF EXISTS bench_documented" >/dev/null

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
printf '%-11s %6s %9s %22s %14s\n' way tests "wall (s)" "setup+teardown median" "test median"
for mode in documented sqlite cleanslate; do
  tests=$(wc -l <"$out/$mode")
  overhead=$(awk '{ print $2 - $3 }' "$out/$mode" | median)
  total=$(awk '{ print $2 }' "$out/$mode" | median)
  wall=$(awk -v m="$mode" '$1 == m { print $2 }' "$out/wall")
  printf '%-11s %6d %9.2f %19.2f ms %11.2f ms\n' "$mode" "$tests" "$wall" "$overhead" "$total"
  eval "wall_$mode=$wall overhead_$mode=$overhead"
done
echo "wall time: documented / cleanslate = $(echo "scale=1; $wall_documented / $wall_cleanslate" | bc)x," \
  "sqlite / cleanslate = $(echo "scale=1; $wall_sqlite / $wall_cleanslate" | bc)x"
echo "setup+teardown median: documented / cleanslate = $(echo "scale=1; $overhead_documented / $overhead_cleanslate" | bc)x," \
  "sqlite / cleanslate = $(echo "scale=1; $overhead_sqlite / $overhead_cleanslate" | bc)x"
rm -rf "$out"
swift test --package-path Benchmarks --scratch-path "$scratch" --skip-build --disable-xctest \
  --filter SQLiteStrategy 2>&1 | grep '^SQLiteStrategy:'
