#!/usr/bin/env bash
# The statistical claims of `cleanslate test --explain`, on the full sets of simulated
# explanations (CLEANSLATE_FULL_SIMULATIONS=1): how often a test failing at random is blamed on a
# factor, how often a factor that raises a rare failure's rate is found, how a crash two tests
# cause together is named; and of the store of runs: how `cleanslate flaky` ranks a simulated CI
# history of 1,000 tests over 200 sessions, a hundred seeds of it. Prints each figure as the tests
# measured it, then the run's wall time.
# `swift test` checks the first tenth of each set; CI runs this, full size.
#
#   Benchmarks/run-explain-simulations.sh
set -euo pipefail
cd "$(dirname "$0")/.."
# The build with SwiftPM's hashing seeded, as scripts/test.sh builds (it says why).
SWIFT_DETERMINISTIC_HASHING=1 swift build --build-tests --enable-all-traits >&2
start=$SECONDS
CLEANSLATE_FULL_SIMULATIONS=1 CLEANSLATE_EXPLAIN_FIGURES=1 swift test --skip-build \
  --enable-all-traits \
  --filter 'CleanSlateExplainTests\.(FalseBlameTests|FactorFoundTests|CrashPairTests|CrashScopeTests)|CleanSlateHistoryTests\.(RankingSimulationTests|NewTestCheckTests)' \
  2>&1 | grep -E '^figure: |✘|Test run with'
echo "The full simulations took $((SECONDS - start)) s, swift test included."
