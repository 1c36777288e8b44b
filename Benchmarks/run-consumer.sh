#!/usr/bin/env bash
# What a package that only uses CleanSlateTesting resolves and builds, for each commit given:
# a consumer package per commit (CleanSlate by path, a clone at that commit; one test target
# that imports CleanSlateTesting alone), then `swift package resolve`, a clean
# `swift build --build-tests` and `swift test`. Prints the packages resolved, the size of their
# checkouts and the times. Results go in BENCHMARKS.md under "What a package that only uses
# CleanSlateTesting resolves and builds".
#
#   Benchmarks/run-consumer.sh [commit...]     # default: 4e06c49 (before the traits) and HEAD
set -euo pipefail
cd "$(dirname "$0")/.."
repository=$PWD
commits=("$@")
[[ ${#commits[@]} -gt 0 ]] || commits=(4e06c49 HEAD)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
seconds() { awk -v s="$1" -v e="$2" 'BEGIN { printf "%.1f", e - s }'; }
for commit in "${commits[@]}"; do
  name="cs-$(git rev-parse --short "$commit")"
  git clone -q "$repository" "$work/$name"
  git -C "$work/$name" checkout -q "$commit"
  consumer="$work/consumer-$name"
  mkdir -p "$consumer/Sources/C" "$consumer/Tests/CTests"
  echo 'public func answer() -> Int { 42 }' >"$consumer/Sources/C/C.swift"
  cat >"$consumer/Tests/CTests/CTests.swift" <<'SWIFT'
import C
import CleanSlateTesting
import Testing

@Test(.cleanSlate) func answers() { #expect(answer() == 42) }
SWIFT
  cat >"$consumer/Package.swift" <<SWIFT
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "consumer",
  dependencies: [.package(path: "$work/$name")],
  targets: [
    .target(name: "C"),
    .testTarget(
      name: "CTests",
      dependencies: ["C", .product(name: "CleanSlateTesting", package: "$name")]),
  ]
)
SWIFT
  start=$EPOCHREALTIME
  swift package --package-path "$consumer" resolve >/dev/null 2>&1
  resolved=$EPOCHREALTIME
  swift build --package-path "$consumer" --build-tests >/dev/null 2>&1
  built=$EPOCHREALTIME
  swift test --package-path "$consumer" >/dev/null 2>&1
  packages=$(grep -o '"identity" : "[^"]*"' "$consumer/Package.resolved" 2>/dev/null \
    | cut -d'"' -f4 | tr '\n' ' ' || true)
  echo "$commit: $(wc -w <<<"$packages") packages resolved," \
    "checkouts $(du -sh "$consumer/.build/checkouts" 2>/dev/null | cut -f1 || echo 0)," \
    "resolve $(seconds "$start" "$resolved") s, clean build $(seconds "$resolved" "$built") s"
  echo "  $packages"
done
