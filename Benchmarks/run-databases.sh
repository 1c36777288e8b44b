#!/usr/bin/env bash
# Fresh databases per test: SQLite (GRDB) and PostgreSQL, each against its naive alternative.
# Starts the throwaway PostgreSQL server if none is configured. Results go in BENCHMARKS.md
# under "Fresh databases per test".
set -euo pipefail
cd "$(dirname "$0")"
if [[ -z "${CLEANSLATE_POSTGRES_URL:-}${PGHOST:-}" ]]; then
  eval "$(../scripts/start-test-postgres.sh)"
fi
swift build -c release --scratch-path .build-db --product DatabaseBenchmarks
.build-db/release/DatabaseBenchmarks
