#!/usr/bin/env bash
# What the rounds kept for pooled explanations cost a SQLite store of runs: 1,000 sessions of a
# set of 100 flaky tests, each explained in every session (the worst case: a rare flake is
# explained only in the sessions that see it fail), recorded once with the rounds a pooled
# explanation keeps (the lead comparison's four shapes and a screen's two, two rows a test) and
# once without; the difference of the two files, vacuumed, is what the rounds cost.
#
#   Benchmarks/run-evidence-size.sh
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT_DETERMINISTIC_HASHING=1 swift build --build-tests --enable-all-traits >&2
probe=$(swift build --enable-all-traits --show-bin-path)/CleanSlateHistoryProbe
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for mode in flaky evidence; do
  start=$(date +%s.%N)
  "$probe" "$work/$mode.sqlite" 1000 100 bench "$mode" >/dev/null
  end=$(date +%s.%N)
  python3 - "$work/$mode.sqlite" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
db.execute("VACUUM")
db.close()
PY
  bytes=$(stat -c %s "$work/$mode.sqlite")
  echo "$mode: $bytes bytes, written in $(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.1f", e - s }') s"
done
flaky=$(stat -c %s "$work/flaky.sqlite")
evidence=$(stat -c %s "$work/evidence.sqlite")
awk -v a="$flaky" -v b="$evidence" \
  'BEGIN { printf "the kept rounds: %d bytes (%.2f MB), %.0f bytes a test a session\n", b - a, (b - a) / 1e6, (b - a) / 100000 }'
python3 - "$work/evidence.sqlite" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
print("evidence rows:", db.execute("SELECT count(*) FROM cleanslate_evidence").fetchone()[0])
PY
