#!/usr/bin/env bash
# Four test processes sharing one PostgreSQL server: `swift test --parallel` runs every XCTest
# test of CleanSlatePostgresTests in a process of its own, four at a time. Passes when they all
# pass (no database name collides: each would fail to be created) and no database a test
# process created is left on the server afterwards: templates are kept across runs, and clones
# no test used are left as spares for the next process (cs_spare_…, at most 16 on the server),
# the rest is a leak. Databases already on the server before the run are left alone.
#
#   eval "$(scripts/start-test-postgres.sh)" && scripts/check-parallel-postgres.sh [swift test options]
set -euo pipefail
cd "$(dirname "$0")/.."

url="${CLEANSLATE_POSTGRES_URL:?set CLEANSLATE_POSTGRES_URL (eval \"\$(scripts/start-test-postgres.sh)\")}"
psql_bin=$(command -v psql || ls -d /usr/lib/postgresql/*/bin/psql 2>/dev/null | sort -V | tail -n 1)
leftovers() {
  "$psql_bin" "$url" -Atc \
    "SELECT datname FROM pg_database WHERE datname LIKE 'cs\_%' AND datname NOT LIKE 'cs\_tpl\_%' AND datname NOT LIKE 'cs\_spare\_%' ORDER BY datname COLLATE \"C\""
}
spares() {
  "$psql_bin" "$url" -Atc "SELECT count(*) FROM pg_database WHERE datname LIKE 'cs\_spare\_%'"
}

before=$(leftovers)
# Built with SwiftPM's hashing seeded, as scripts/test.sh builds (it says why); the tests do not
# inherit it.
SWIFT_DETERMINISTIC_HASHING=1 swift build --build-tests --enable-all-traits >/dev/null
swift test --enable-all-traits --skip-build "$@" --parallel --num-workers 4 \
  --filter 'CleanSlatePostgresTests\.Postgres.*XCTests'
left=$(LC_ALL=C comm -13 <(echo "$before") <(leftovers))
if [[ -n "$left" ]]; then
  echo "check-parallel-postgres: the test processes left these databases on the server:" >&2
  echo "$left" >&2
  exit 1
fi
spare_count=$(spares)
if ((spare_count > 16)); then
  echo "check-parallel-postgres: $spare_count spare databases on the server, more than the 16 allowed" >&2
  exit 1
fi
echo "check-parallel-postgres: 4 test processes at a time, no collision, nothing left on the server but $spare_count spares"
