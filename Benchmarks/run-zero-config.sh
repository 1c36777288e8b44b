#!/usr/bin/env bash
# Zero-config PostgreSQL: a test process's time to its first query (PostgresTestServer.resolve(),
# then a connection and a SELECT), timed inside CleanSlatePostgresProbe (the main package's test
# helper, a debug build like the tests), with no server named, in three cases:
#   first start  no cached cluster yet: initdb, copy, start (once per machine and PostgreSQL)
#   cold start   the cached cluster, no server running: copy, start (a run after a pause)
#   reuse        a server running, leased by another process: join (every later test process)
# For comparison, scripts/start-test-postgres.sh's time to a started server (initdb every time).
# Results go in BENCHMARKS.md under "Zero-config PostgreSQL".
#
#   Benchmarks/run-zero-config.sh [samples]      # default 10 (5 for the first starts)
set -euo pipefail
cd "$(dirname "$0")/.."
samples=${1:-10}
unset CLEANSLATE_POSTGRES_URL PGHOST PGPORT PGUSER PGPASSWORD PGDATABASE CLEANSLATE_POSTGRES
swift build --traits Postgres --product CleanSlatePostgresProbe >/dev/null
probe="$(swift build --traits Postgres --show-bin-path)/CleanSlatePostgresProbe"
parent=/dev/shm
[[ -d $parent && -w $parent ]] || parent="${TMPDIR:-/tmp}"
root="$parent/cleanslate-zero-config-bench-$$"
export CLEANSLATE_POSTGRES_ROOT=$root CLEANSLATE_POSTGRES_LINGER=0

first_query_ms() { "$probe" exit | cut -d'|' -f4; }
no_server() {
  for _ in $(seq 1 600); do
    ls "$root" 2>/dev/null | grep -q '^server-' || return 0
    sleep 0.05
  done
  echo "run-zero-config: the server did not stop" >&2
  exit 1
}
summary() {
  sort -n | awk -v name="$1" '{ a[NR] = $1 } END {
    m = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2
    printf "| %s | %d | %.0f | %.0f | %.0f |\n", name, NR, m, a[1], a[NR] }'
}

echo "| case | samples | median (ms) | min (ms) | max (ms) |"
echo "|---|---:|---:|---:|---:|"
for _ in $(seq 1 $(( (samples + 1) / 2 ))); do
  no_server
  rm -rf "$root"
  first_query_ms
done | summary "first start (initdb)"
for _ in $(seq 1 "$samples"); do
  no_server
  first_query_ms
done | summary "cold start (cached cluster)"
no_server
coproc HOLDER { "$probe" wait; }
read -r _ <&"${HOLDER[0]}"
for _ in $(seq 1 "$samples"); do first_query_ms; done | summary "reuse (a server running)"
exec {HOLDER[1]}>&-
wait "$HOLDER_PID" 2>/dev/null || true
no_server
rm -rf "$root"

# The script CI uses to start a named server, from nothing to started (initdb every time).
data="$parent/cleanslate-zero-config-bench-script-$$"
for _ in $(seq 1 $(( (samples + 1) / 2 ))); do
  start=$(date +%s%N)
  CLEANSLATE_POSTGRES_DATA=$data scripts/start-test-postgres.sh \
    >/dev/null 2>&1 || true
  echo $(( ($(date +%s%N) - start) / 1000000 ))
  CLEANSLATE_POSTGRES_DATA=$data scripts/start-test-postgres.sh --stop >/dev/null 2>&1
done | summary "scripts/start-test-postgres.sh (server started, no query)"
