#!/usr/bin/env bash
# What `cleanslate history prune` costs on a store of a million results (1,000 sessions of 1,000
# tests, a test in seven flaky in each: about 1.14 million attempts), half of whose sessions
# started 100 days ago, pruned with --older-than 30: half a million results and their attempts
# go. In a SQLite file and in a PostgreSQL database, in the release and the debug build.
#
#   eval "$(scripts/start-test-postgres.sh)"      # the PostgreSQL the tests use
#   Benchmarks/run-prune.sh [runs]                # default: 3 runs of each, medians printed
#
# The comparison, in the same run on a copy of the same store: the same DELETE statements the
# command runs, sent by sqlite3 or psql in one transaction (the floor, with no cleanslate at all),
# and `cleanslate flaky` reading the whole store.
#
# The builds are the ones scripts/test.sh makes (every trait, SwiftPM's hashing seeded):
# CLEANSLATE_BENCH_BUILDS names them ("release debug" unless set), CLEANSLATE_BENCH_RELEASE_SCRATCH
# and CLEANSLATE_BENCH_DEBUG_SCRATCH their folders (.build-release and .build unless set). The
# sessions are written by Tests/CleanSlateHistoryProbe, as `cleanslate test --history` writes
# them; each store is filled once and copied for each run.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
builds=(${CLEANSLATE_BENCH_BUILDS:-release debug})
: "${CLEANSLATE_POSTGRES_URL:?start PostgreSQL first: eval \"\$(scripts/start-test-postgres.sh)\"}"
command -v sqlite3 >/dev/null || { echo "run-prune: needs sqlite3 (apt-get install sqlite3)" >&2; exit 2; }
work=$(mktemp -d)
databases=()
cleanup() {
  for name in "${databases[@]}"; do
    psql "$CLEANSLATE_POSTGRES_URL" -qc "DROP DATABASE IF EXISTS $name" 2>/dev/null || true
  done
  rm -rf "$work"
}
trap cleanup EXIT

scratch() { if [[ $1 == release ]]; then echo "${CLEANSLATE_BENCH_RELEASE_SCRATCH:-.build-release}"; else echo "${CLEANSLATE_BENCH_DEBUG_SCRATCH:-.build}"; fi; }
for configuration in "${builds[@]}"; do
  for product in cleanslate CleanSlateHistoryProbe; do
    SWIFT_DETERMINISTIC_HASHING=1 swift build -c "$configuration" --enable-all-traits \
      --scratch-path "$(scratch "$configuration")" --product "$product" >&2
  done
done
bin() { echo "$(scratch "$1")/$1"; }

# The median of the numbers on standard input.
median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
# Seconds `"$@"` takes; its output is checked by the caller through $work/out.
seconds() {
  local start end
  start=$(date +%s.%N)
  "$@" >"$work/out"
  end=$(date +%s.%N)
  awk -v s="$start" -v e="$end" 'BEGIN { print e - s }'
}
# The statements `cleanslate history prune` runs (PruneQuery), with the date spelled in.
deletions() {
  local old="SELECT id FROM cleanslate_sessions WHERE started < $1"
  cat <<SQL
BEGIN;
DELETE FROM cleanslate_attempts WHERE session IN ($old);
DELETE FROM cleanslate_evidence WHERE session IN ($old);
DELETE FROM cleanslate_results WHERE session IN ($old);
DELETE FROM cleanslate_sessions WHERE started < $1;
DELETE FROM cleanslate_tests WHERE NOT EXISTS (SELECT 1 FROM cleanslate_results r WHERE r.test = cleanslate_tests.id);
COMMIT;
SQL
}
url() { echo "${CLEANSLATE_POSTGRES_URL%/*}/$1"; }
# A copy of the filled store, for one run.
copy() {
  local kind=$1 name=$2
  if [[ $kind == sqlite ]]; then
    cp "$work/million.sqlite" "$work/$name.sqlite"
    echo "$work/$name.sqlite"
  else
    name="cs_prune_${name}_$$"
    databases+=("$name")
    psql "$CLEANSLATE_POSTGRES_URL" -qc "CREATE DATABASE $name TEMPLATE cs_prune_million_$$"
    url "$name"
  fi
}
discard() {
  if [[ $1 == sqlite ]]; then rm -f "$2"; else psql "$CLEANSLATE_POSTGRES_URL" -qc "DROP DATABASE ${2##*/}"; fi
}
sql() { if [[ $1 == sqlite ]]; then sqlite3 "$2"; else psql -q -v ON_ERROR_STOP=1 "$2"; fi; }

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1 /proc/loadavg) at the start; $(date -u '+%F %H:%M') UTC"
probe="$(bin "${builds[0]}")/CleanSlateHistoryProbe"
cutoff=$(($(date +%s) - 30 * 86400))
for kind in sqlite postgres; do
  # The store, filled once: half its sessions moved 100 days back.
  if [[ $kind == sqlite ]]; then
    store="$work/million.sqlite"
  else
    databases+=("cs_prune_million_$$")
    psql "$CLEANSLATE_POSTGRES_URL" -qc "CREATE DATABASE cs_prune_million_$$"
    store=$(url "cs_prune_million_$$")
  fi
  fill=$(seconds "$probe" "$store" 1000 1000 fill)
  echo "UPDATE cleanslate_sessions SET started = started - 100 * 86400, ended = ended - 100 * 86400 WHERE id % 2 = 0;" | sql "$kind" "$store"
  echo "$kind: filled in $fill s" >&2
  # The floor: the same deletions, by the database's own client (SQLite with the pragmas the store
  # sets: foreign keys checked, WAL).
  floor=$(for run in $(seq "$runs"); do
    copied=$(copy "$kind" "floor$run")
    { [[ $kind == sqlite ]] && echo "PRAGMA foreign_keys = ON; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;"
      deletions "$cutoff"; } >"$work/deletions.sql"
    seconds sql "$kind" "$copied" <"$work/deletions.sql"
    left=$(echo "SELECT count(*) FROM cleanslate_results;" | sql "$kind" "$copied" | tr -d ' ' | grep -E '^[0-9]+$')
    [[ $left == 500000 ]] || { echo "run-prune: the floor left $left results, not 500000" >&2; exit 1; }
    discard "$kind" "$copied"
  done | median)
  for configuration in "${builds[@]}"; do
    cleanslate="$(bin "$configuration")/cleanslate"
    rank=$(for _ in $(seq "$runs"); do seconds "$cleanslate" flaky --history "$store" --days 3650; done | median)
    prune=$(for run in $(seq "$runs"); do
      copied=$(copy "$kind" "$configuration$run")
      seconds "$cleanslate" history prune --history "$copied" --older-than 30
      grep -q "^Removed 500 sessions older than 30 days (500,000 results" "$work/out" \
        || { echo "run-prune: prune said: $(cat "$work/out")" >&2; exit 1; }
      discard "$kind" "$copied"
    done | median)
    printf '%-8s %-8s prune 500 of 1,000 sessions (500,000 results): %6.2f s   the same DELETEs by the client: %6.2f s   cleanslate flaky over 1M results: %6.2f s\n' \
      "$configuration" "$kind" "$prune" "$floor" "$rank"
  done
done
echo "load average $(cut -d' ' -f1 /proc/loadavg) at the end"
