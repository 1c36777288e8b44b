#!/usr/bin/env bash
# How often a session's check of new tests catches a new test that fails in one run in five, in
# sessions of about a second: Tests/LedgerFixture copied and built in a temporary folder, then,
# for each trial, a store that has seen one session without the new test, and a session of every
# test in which the new one (LedgerTests/testSettlesOnce, LEDGER_FIXTURE_RACY=1) fails at random.
# A trial catches it when that session fails it or finds it flaky. Each trial runs twice: with the
# check (the default share) and with --new-tests-share 0, the comparison, in the same run.
#
#   scripts/measure-new-test-check.sh [trials]      (default 40; CLEANSLATE=path/to/cleanslate)
set -euo pipefail
cd "$(dirname "$0")/.."
trials=${1:-40}
cleanslate=${CLEANSLATE:-$PWD/.build/debug/cleanslate}
[ -x "$cleanslate" ] || { echo "Build cleanslate first: swift build --product cleanslate" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -R Tests/LedgerFixture "$work/ledger"
rm -rf "$work/ledger/.build"
(cd "$work/ledger" && swift build --build-tests >/dev/null)
others=(--filter testBalanceAddsUp --filter testOpensAtZero --filter testCreditsAdd
  --filter testDebitsSubtract --filter testTransfersBalance --filter testJamsLaterLaunches)
caught_with=0 caught_without=0 seconds_with=() seconds_without=()
for trial in $(seq 1 "$trials"); do
  for arm in with without; do
    store="$work/runs-$trial-$arm.sqlite"
    share=(); [ "$arm" = without ] && share=(--new-tests-share 0)
    (cd "$work/ledger" && "$cleanslate" test --skip-build --history "$store" "${others[@]}" \
      >/dev/null 2>&1)
    start=$(date +%s.%N)
    set +e
    output=$(cd "$work/ledger" && LEDGER_FIXTURE_RACY=1 "$cleanslate" test --skip-build \
      --history "$store" "${share[@]}" 2>&1)
    set -e
    end=$(date +%s.%N)
    last=$(printf '%s\n' "$output" | tail -1)
    if printf '%s\n' "$output" | grep -qE '^(Flaky|Failed|New test flaky): .*testSettlesOnce'; then
      if [ "$arm" = with ]; then caught_with=$((caught_with + 1)); else caught_without=$((caught_without + 1)); fi
    fi
    elapsed=$(echo "$end - $start" | bc)
    if [ "$arm" = with ]; then seconds_with+=("$elapsed"); else seconds_without+=("$elapsed"); fi
  done
  printf 'trial %d: caught with the check %d, without %d (last line: %s)\n' \
    "$trial" "$caught_with" "$caught_without" "$last"
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
echo "With the check: caught in $caught_with of $trials first sessions; median session $(median "${seconds_with[@]}") s"
echo "Without (--new-tests-share 0): caught in $caught_without of $trials; median session $(median "${seconds_without[@]}") s"
