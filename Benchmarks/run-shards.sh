#!/usr/bin/env bash
# `cleanslate test`: how balanced its shards are, and what it costs over plain `swift test`.
#
#   Benchmarks/run-shards.sh [runs] [part]   # default: 3 runs; part: balance, overhead (both)
#
# Both parts generate a synthetic package (in $BENCHMARKS_SCRATCH_PATH, .build by default, under
# this folder), build its tests once (debug, as `swift test` does), and time whole commands
# (build time excluded), as a CI machine runs them. `cleanslate` is the main package's debug build.
#
# balance: 16 slow XCTest tests (250 ms each) all in one class, SlowTests, and 20 classes of 20
# fast tests (5 ms each): 4 s + 2 s. A first unsharded run writes JUnit XML; then each of 4 shards
# runs on its own, split three ways: by timings (--timings of that JUnit file), by count (no
# timings), and by class (whole classes, the largest first to the shard with the fewest tests,
# run with a --filter of their names). For each split: every shard's wall time (median of the
# runs) and the longest shard against the mean.
#
# overhead: 1,000 tests (10 XCTest classes and 10 Swift Testing suites of 50 tests, each test
# 10 ms asleep), run with `swift test --skip-build` and with `cleanslate test --skip-build`,
# interleaved (after one untimed run), each first in every other run; medians of wall time and
# their ratio.
set -euo pipefail
cd "$(dirname "$0")"
runs=${1:-3}
part=${2:-all}
scratch=$(realpath -m "${BENCHMARKS_SCRATCH_PATH:-.build}")/shard-suites
mkdir -p "$scratch"
swift build --package-path .. --product cleanslate >&2
cleanslate="$(swift build --package-path .. --show-bin-path)/cleanslate"

exec python3 - "$runs" "$part" "$scratch" "$cleanslate" <<'PYTHON'
import os, re, statistics, subprocess, sys, time

runs, part, scratch, cleanslate = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]

MANIFEST = """// swift-tools-version: 6.1
import PackageDescription
let package = Package(name: "{name}", targets: [.testTarget(name: "{name}Tests")],
  swiftLanguageModes: [.v6])
"""

def package(name, files):
    """Writes a package of one test target holding `files` (name → text), built once."""
    root = os.path.join(scratch, name)
    sources = os.path.join(root, "Tests", name + "Tests")
    os.makedirs(sources, exist_ok=True)
    with open(os.path.join(root, "Package.swift"), "w") as f:
        f.write(MANIFEST.format(name=name))
    for file, text in files.items():
        path = os.path.join(sources, file)
        if not os.path.exists(path) or open(path).read() != text:
            with open(path, "w") as f:
                f.write(text)
    subprocess.run(["swift", "build", "--build-tests", "--package-path", root], check=True,
                   stdout=subprocess.DEVNULL)
    return root

def xctest_class(name, tests, millis):
    body = "".join(f"  func test{i:03}() {{ Thread.sleep(forTimeInterval: {millis / 1000}) }}\n"
                   for i in range(tests))
    return f"import Foundation\nimport XCTest\n\nfinal class {name}: XCTestCase {{\n{body}}}\n"

def testing_suite(name, tests, millis):
    body = "".join(f"  @Test func t{i:03}() {{ Thread.sleep(forTimeInterval: {millis / 1000}) }}\n"
                   for i in range(tests))
    return f"import Foundation\nimport Testing\n\n@Suite struct {name} {{\n{body}}}\n"

def timed(command, check=True):
    start = time.monotonic()
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    elapsed = time.monotonic() - start
    if check and result.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{result.stdout[-3000:]}")
    return elapsed, result.stdout

print(f"Machine: {os.cpu_count()} cores, {subprocess.run(['uname', '-srm'], capture_output=True, text=True).stdout.strip()}; "
      f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; {runs} runs of each, medians.")
print()

if part in ("all", "balance"):
    files = {"SlowTests.swift": xctest_class("SlowTests", 16, 250)}
    for c in range(1, 21):
        files[f"Fast{c:02}Tests.swift"] = xctest_class(f"Fast{c:02}Tests", 20, 5)
    root = package("ShardBalance", files)
    junit = os.path.join(scratch, "balance-timings.xml")
    timed([cleanslate, "test", "--skip-build", "--package-path", root, "--junit", junit])
    listed = subprocess.run(["swift", "test", "list", "--skip-build", "--package-path", root],
                            capture_output=True, text=True, check=True).stdout.split()
    # By class: whole classes, the largest first, each to the shard with the fewest tests.
    classes = {}
    for test in listed:
        classes.setdefault(test.split("/")[0], []).append(test)
    by_class = [[] for _ in range(4)]
    for name in sorted(classes, key=lambda c: (-len(classes[c]), c)):
        lightest = min(range(4), key=lambda s: (sum(len(classes[c]) for c in by_class[s]), s))
        by_class[lightest].append(name)
    splits = {
        "timings": lambda k: ["--shard", f"{k}/4", "--timings", junit],
        "count": lambda k: ["--shard", f"{k}/4"],
        "class": lambda k: ["--filter", "^(" + "|".join(re.escape(c) for c in by_class[k - 1]) + ")/"],
    }
    walls = {split: [[] for _ in range(4)] for split in splits}
    for run in range(runs):
        # Each run in another order, so that no shard or split is always the first one timed.
        for split in list(splits)[run % 3:] + list(splits)[:run % 3]:
            arguments = splits[split]
            for k in [(run + i) % 4 + 1 for i in range(4)]:
                elapsed, _ = timed([cleanslate, "test", "--skip-build", "--package-path", root]
                                   + arguments(k))
                walls[split][k - 1].append(elapsed)
    print("| split | shard 1 (s) | shard 2 (s) | shard 3 (s) | shard 4 (s) | longest / mean |")
    print("|---|---:|---:|---:|---:|---:|")
    for split in splits:
        medians = [statistics.median(w) for w in walls[split]]
        ratio = max(medians) / statistics.mean(medians)
        print(f"| by {split} | " + " | ".join(f"{m:.2f}" for m in medians) + f" | {ratio:.2f} |")
    print()

if part in ("all", "overhead"):
    files = {}
    for c in range(1, 11):
        files[f"XC{c:02}Tests.swift"] = xctest_class(f"XC{c:02}Tests", 50, 10)
        files[f"ST{c:02}Suite.swift"] = testing_suite(f"ST{c:02}Suite", 50, 10)
    root = package("ThousandTests", files)
    plain, wrapped = [], []
    timed(["swift", "test", "--skip-build", "--package-path", root])  # a first run, not timed
    for run in range(runs):
        plain_first = run % 2 == 0
        for wrapper in ([False, True] if plain_first else [True, False]):
            if wrapper:
                wrapped.append(timed([cleanslate, "test", "--skip-build", "--package-path", root])[0])
            else:
                plain.append(timed(["swift", "test", "--skip-build", "--package-path", root])[0])
    p, w = statistics.median(plain), statistics.median(wrapped)
    print("| 1,000 tests (500 XCTest, 500 Swift Testing, 10 ms each) | wall time (s) |")
    print("|---|---:|")
    print(f"| swift test --skip-build | {p:.2f} |")
    print(f"| cleanslate test --skip-build | {w:.2f} |")
    print(f"| cleanslate test over swift test | {w / p:.3f} (+{w - p:.2f} s) |")
PYTHON
