#!/usr/bin/env bash
# What the store of runs costs: recording a session of 10,000 tests, and `cleanslate flaky` over a
# store of a million results (1,000 sessions of 1,000 tests, a test in seven flaky in each, so
# about 1.14 million attempts), in a SQLite file and in a PostgreSQL database side by side, in the
# release and the debug build.
#
#   eval "$(scripts/start-test-postgres.sh)"      # the PostgreSQL the tests use
#   Benchmarks/run-history.sh [runs]              # default: 5 runs of each, medians printed
#
# CLEANSLATE_BENCH_BUILDS names the builds ("release debug" unless set); CLEANSLATE_BENCH_SCRATCH
# the build folder (.build-history unless set; it is built with the Postgres trait).
#
# The sessions are written by Tests/CleanSlateHistoryProbe, which writes what `cleanslate test
# --history` writes at the end of a session (one transaction a session). A PostgreSQL database of
# its own is created for each store and dropped at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
builds=(${CLEANSLATE_BENCH_BUILDS:-release debug})
scratch=${CLEANSLATE_BENCH_SCRATCH:-.build-history}
: "${CLEANSLATE_POSTGRES_URL:?start PostgreSQL first: eval \"\$(scripts/start-test-postgres.sh)\"}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for configuration in "${builds[@]}"; do
  swift build -c "$configuration" --traits Postgres --scratch-path "$scratch" \
    --product cleanslate >&2
  swift build -c "$configuration" --traits Postgres --scratch-path "$scratch" \
    --product CleanSlateHistoryProbe >&2
done
bin() { swift build -c "$1" --scratch-path "$scratch" --show-bin-path; }

# The median of the numbers on standard input.
median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
# Seconds `"$@"` takes.
seconds() {
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null
  end=$(date +%s.%N)
  awk -v s="$start" -v e="$end" 'BEGIN { print e - s }'
}

database() { # A new PostgreSQL database's URL.
  local name="cs_bench_$1_$$"
  psql "$CLEANSLATE_POSTGRES_URL" -qc "DROP DATABASE IF EXISTS $name" -c "CREATE DATABASE $name"
  echo "${CLEANSLATE_POSTGRES_URL%/*}/$name"
}
drop() { psql "$CLEANSLATE_POSTGRES_URL" -qc "DROP DATABASE IF EXISTS cs_bench_$1_$$"; }

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1 /proc/loadavg) at the start; $(date -u +%F)"
for configuration in "${builds[@]}"; do
  probe="$(bin "$configuration")/CleanSlateHistoryProbe"
  cleanslate="$(bin "$configuration")/cleanslate"
  for kind in sqlite postgres; do
    # Recording a session of 10,000 tests, into a store that holds 20 such sessions already.
    if [[ $kind == sqlite ]]; then store="$work/record-$configuration.sqlite"; else store=$(database record); fi
    "$probe" "$store" 20 10000 warm >/dev/null
    record=$(for run in $(seq "$runs"); do seconds "$probe" "$store" 1 10000 "run$run"; done | median)
    [[ $kind == postgres ]] && drop record
    # Ranking a million results.
    if [[ $kind == sqlite ]]; then store="$work/million-$configuration.sqlite"; else store=$(database million); fi
    fill=$(seconds "$probe" "$store" 1000 1000 fill)
    rank=$(for _ in $(seq "$runs"); do seconds "$cleanslate" flaky --history "$store" --days 3650; done | median)
    size=""
    [[ $kind == sqlite ]] && size=", $(($(stat -c %s "$store") / 1048576)) MB"
    [[ $kind == postgres ]] && drop million
    printf '%-8s %-8s record 10,000 tests: %6.3f s   fill 1,000 sessions: %6.1f s   cleanslate flaky over 1M results: %6.3f s%s\n' \
      "$configuration" "$kind" "$record" "$fill" "$rank" "$size"
  done
done
echo "load average $(cut -d' ' -f1 /proc/loadavg) at the end"
