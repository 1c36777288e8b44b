#!/usr/bin/env bash
# `cleanslate test --explain` on a crash of a server app's suite: the members app's 104 race
# tests (Benchmarks/Tests/ServerBenchmarks/MembersRaceSuite.swift), each configuring an app with
# the app's own helper, thirteen suites at once, whose route registration renders a process-wide
# document without a lock (Benchmarks/Sources/MembersApp/RouteRegistry.swift). Runs
# `--repeat 3 --retries 2 --explain` with the default budget until a repetition crashes (at most
# ATTEMPTS times, 5 by default), then prints the crash, the explanation and its cost.
#
#   Benchmarks/run-members-crash.sh [--scratch-path PATH]   # default: Benchmarks/.build
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=Benchmarks/.build
[[ "${1:-}" == "--scratch-path" ]] && scratch=$2
swift build --product cleanslate >&2
swift build --package-path Benchmarks --scratch-path "$scratch" --build-tests >&2
cleanslate="$(swift build --show-bin-path)/cleanslate"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for attempt in $(seq "${ATTEMPTS:-5}"); do
  start=$SECONDS
  MEMBERS_RACE=1 "$cleanslate" test --skip-build --package-path Benchmarks --filter RaceTests \
    --repeat 3 --retries 2 --explain --summary-json "$work/summary.json" \
    -- --scratch-path "$scratch" >"$work/output.txt" 2>&1 || true
  wall=$((SECONDS - start))
  if grep -q '"crashes":\[' "$work/summary.json"; then
    echo "attempt $attempt: a repetition crashed; the command took ${wall} s"
    grep -E '^(Crashed|Flaky|Failed|Why flaky|Failing, not flaky|  )|passed, ' "$work/output.txt" \
      | grep -v '^  [A-Za-z.]*RaceTests/[a-z]*[0-9]*(): ' | cut -c1-2000
    exit 0
  fi
  echo "attempt $attempt: no repetition crashed (${wall} s)"
done
echo "No repetition crashed in ${ATTEMPTS:-5} attempts." >&2
exit 1
