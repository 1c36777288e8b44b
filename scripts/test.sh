#!/usr/bin/env bash
# The README's test command: builds the package and its tests with every trait, then runs them
# (arguments go to `swift test`, as `--filter CleanSlateHistoryTests`).
#
#   scripts/test.sh [swift test options]
#
# SwiftPM 6.3 hands the enabled traits to the compiler (`-DGRDB -DVapor …`) in an order drawn anew
# in each of its processes, and a command whose arguments changed is compiled again: a second
# `swift test --enable-all-traits` recompiled every module of this package, 5 to 8 minutes on two
# cores, and CI paid it once a step (swiftlang/swift-package-manager#10525, fixed in 6.4). The
# build runs here with SwiftPM's hashing seeded, so that the order is the same every time; the
# tests run with `--skip-build` and do not inherit the seed (hash order is one of the causes
# `cleanslate test --explain` looks for, and its tests need it random).
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT_DETERMINISTIC_HASHING=1 swift build --build-tests --enable-all-traits
exec swift test --skip-build --enable-all-traits "$@"
