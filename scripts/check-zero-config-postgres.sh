#!/usr/bin/env bash
# Zero-config PostgreSQL end to end, with no server named: `swift test --parallel` (the
# PostgreSQL XCTest tests, four test processes at a time) and a second test run started once
# the first has started the server (every Swift Testing test of CleanSlatePostgresTests, the
# test bundle run directly: SwiftPM runs one `swift test` at a time per build directory) must
# all pass on ONE throwaway server, which must then stop by itself (10 s after its last test
# process) and leave nothing but its cache. Uses a root of its own, so that it never meets
# another run's server.
#
#   scripts/check-zero-config-postgres.sh [swift test options]
set -euo pipefail
cd "$(dirname "$0")/.."
unset CLEANSLATE_POSTGRES_URL PGHOST PGPORT PGUSER PGPASSWORD PGDATABASE CLEANSLATE_POSTGRES
parent=/dev/shm
[[ -d $parent && -w $parent ]] || parent="${TMPDIR:-/tmp}"
export CLEANSLATE_POSTGRES_ROOT="$parent/cleanslate-zero-config-check-$$"
unset CLEANSLATE_POSTGRES_LINGER
log() { echo "check-zero-config-postgres: $*" >&2; }
seen=$(mktemp)
trap 'rm -f "$seen"; kill "${watcher:-}" 2>/dev/null || true' EXIT

# Built with SwiftPM's hashing seeded, as scripts/test.sh builds (it says why); the tests do not
# inherit it.
SWIFT_DETERMINISTIC_HASHING=1 swift build "$@" --build-tests >/dev/null
bundle="$(SWIFT_DETERMINISTIC_HASHING=1 swift build "$@" --show-bin-path)/swift-clean-slatePackageTests.xctest"

# Every server directory that appears under the root while the runs go on.
( while :; do ls "$CLEANSLATE_POSTGRES_ROOT" 2>/dev/null | grep '^server-' >>"$seen" || true
    sleep 0.05; done ) &
watcher=$!

swift test "$@" --skip-build --parallel --num-workers 4 \
  --filter 'CleanSlatePostgresTests\.Postgres.*XCTests' &
first=$!
for _ in $(seq 1 1200); do
  ls "$CLEANSLATE_POSTGRES_ROOT" 2>/dev/null | grep -q '^server-' && break
  sleep 0.1
done
"$bundle" --testing-library swift-testing --filter CleanSlatePostgresTests &
second=$!
status=0
wait "$first" || status=$?
wait "$second" || status=$?
(( status == 0 )) || { log "a test run failed"; exit 1; }

servers=$(sort -u "$seen" | wc -l)
if (( servers != 1 )); then
  log "the runs used $servers servers, not one:"
  sort -u "$seen" >&2
  exit 1
fi
# The supervisor stops the server 10 s after its last lease is gone.
for _ in $(seq 1 300); do
  ls "$CLEANSLATE_POSTGRES_ROOT" | grep -q '^server-' || break
  sleep 0.1
done
if ls "$CLEANSLATE_POSTGRES_ROOT" | grep -q '^server-'; then
  log "the server was still there 30 s after the last test process:"
  ls -l "$CLEANSLATE_POSTGRES_ROOT" >&2
  exit 1
fi
rm -rf "$CLEANSLATE_POSTGRES_ROOT"
log "two test runs (one of them four processes at a time) shared one server, which then stopped"
