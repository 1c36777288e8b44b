#!/usr/bin/env bash
# Builds the DocC documentation of every public module and fails on any DocC warning (a broken
# symbol link, an undocumented parameter, ...). Needs a built package (swift build).
#
#   scripts/check-docs.sh [--scratch-path PATH] [--output DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build
output="${TMPDIR:-/tmp}/cleanslate-docs"
while [[ $# -gt 0 ]]; do
  case $1 in
    --scratch-path) scratch=$2; shift 2 ;;
    --output) output=$2; shift 2 ;;
    *) echo "usage: $0 [--scratch-path PATH] [--output DIR]" >&2; exit 2 ;;
  esac
done
modules=(CleanSlate CleanSlateXCTest CleanSlateTesting CleanSlateLaunch CleanSlateLaunchedApp
  CleanSlateGRDB CleanSlatePostgres CleanSlateHTTP CleanSlateVapor CleanSlateHummingbird)

# With SwiftPM's hashing seeded, as scripts/test.sh builds: the build is then the one CI has made.
SWIFT_DETERMINISTIC_HASHING=1 swift package --scratch-path "$scratch" --enable-all-traits \
  dump-symbol-graph --minimum-access-level public --emit-extension-block-symbols >/dev/null
graphs="$(find "$scratch" -maxdepth 3 -type d -name symbolgraph | head -1)"
rm -rf "$output"
mkdir -p "$output"
status=0
for module in "${modules[@]}"; do
  # Each module's own graph and the graphs of its extensions to other modules' types.
  mkdir -p "$output/graphs/$module"
  cp "$graphs/$module.symbols.json" "$output/graphs/$module/"
  cp "$graphs/$module"@*.symbols.json "$output/graphs/$module/" 2>/dev/null || true
  if docc convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$output/graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.cleanslate.$module" \
    --output-path "$output/$module.doccarchive" --warnings-as-errors >"$output/$module.log" 2>&1
  then
    echo "docs: $module ok"
  else
    echo "docs: $module has DocC warnings:" >&2
    cat "$output/$module.log" >&2
    status=1
  fi
done
exit $status
