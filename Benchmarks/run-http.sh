#!/usr/bin/env bash
# The fake HTTP server's costs, every figure in one run: a fresh fake per test, a loopback round
# trip against a bare SwiftNIO server, an in-process round trip, a thousand tests with a fake
# each. Results go in BENCHMARKS.md under "Fake HTTP server".
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --scratch-path .build-http --product HTTPBenchmarks >&2
.build-http/release/HTTPBenchmarks
