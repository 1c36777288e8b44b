#!/usr/bin/env bash
# What one rerun of one quick test costs over the test's own time: started directly from the built
# test product (as `cleanslate test`, `--explain` and `cleanslate bisect` rerun tests) against
# through `swift test --skip-build` (as they did), each run as an experiment of `--explain` runs it
# (a temporary directory and a lifecycle trace of its own). Debug builds, as users run them.
#
#   Benchmarks/run-rerun-cost.sh [runs]                 # default: 20 runs each way, per test
#   ../shared/tools/busy-machine Benchmarks/run-rerun-cost.sh 20
#   Benchmarks/run-rerun-cost.sh 10 --server-apps       # also a Vapor app's test (builds
#                                                       # Examples/ServerApps first: minutes)
#
# One XCTest test and one Swift Testing test of Examples/WhyFlaky (stable ones, a few ms each),
# and with --server-apps an XCTest test of Examples/ServerApps, whose package depends on Vapor,
# Fluent and Hummingbird (SwiftPM evaluates all their manifests again when the environment
# changes).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-20}
swift build --product CleanSlateRerunCost >&2
swift build --build-tests --package-path Examples/WhyFlaky >&2
cost="$(swift build --show-bin-path)/CleanSlateRerunCost"
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1 /proc/loadavg) at the start"
for test in ShopTests.StableXCTests/testGreetsByName 'ShopTests.ShopSuites/Stable/greetsByName()'; do
  "$cost" Examples/WhyFlaky "$test" "$runs"
done
if [[ ${2:-} == --server-apps ]]; then
  swift build --build-tests --package-path Examples/ServerApps >&2
  "$cost" Examples/ServerApps TodoServerTests.TodoXCTests/testStartsWithNoTodos "$runs"
fi
