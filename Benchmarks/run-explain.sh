#!/usr/bin/env bash
# `cleanslate test --explain` on Examples/WhyFlaky: how many planted flaky tests it names the
# right cause of, per framework, and how long the explanations take.
#
#   Benchmarks/run-explain.sh [runs]     # default: 1 run
#
# Ends with the paragraphs the last run printed for each explained test.
# Each run is the example's three commands (its Package.swift): every test with CLEANSLATE_SEED=19
# (with which both basket tests draw an empty basket), then the XCTest port and printer tests
# with --parallel (XCTest runs tests at the same time only so), then the metrics suite 40 times
# (its tests fail in a few runs in a hundred). A planted test counts as right when its cause is
# the one planted; the tests that fail only in some runs (the coupon tests draw at random, the
# catalogue tests fail only on a busy machine, a set of two tags fails in half the processes, the
# region tests and the printers each fail one of the two, a metrics test now and then) are
# counted only in the runs where they failed (a test that passed is never explained). A stable
# test explained counts as wrong. Time: the
# wall time of each command, and the experiments' own time (the causes' `seconds`, summed).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-1}
swift build --product cleanslate >&2
swift build --build-tests --package-path Examples/WhyFlaky >&2
cleanslate="$(swift build --show-bin-path)/cleanslate"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

exec python3 - "$runs" "$cleanslate" "$work" <<'PYTHON'
import json, os, subprocess, sys, time

runs, cleanslate, work = int(sys.argv[1]), sys.argv[2], sys.argv[3]
planted = {
    "XCTest": {
        "ShopTests.GreetingXCTests/testGreetsInEnglishByDefault": "order",
        "ShopTests.PriceXCTests/testPricesInEurosByDefault": "order",
        "ShopTests.BasketXCTests/testEveryBasketShips": "seed",
        "ShopTests.ReceiptXCTests/testReceiptShowsTheLocalTime": "timeZone",
        "ShopTests.PortXCTests/testListensOnThePort": "parallelProcesses",
        "ShopTests.OrderXCTests/testOrderAsJSON": "hashOrder",
        "ShopTests.CatalogueXCTests/testCatalogueIsIndexed": "load",
        "ShopTests.CouponXCTests/testCouponGivesADiscount": "intrinsic",
        "ShopTests.TagXCTests/testTagLine": "hashOrder",
        "ShopTests.ReceiptPrinterXCTests/testPrintsTheReceipt": "parallelProcesses",
        "ShopTests.InvoicePrinterXCTests/testPrintsTheInvoice": "parallelProcesses",
    },
    "Swift Testing": {
        "ShopTests.ShopSuites/Greetings/greetsInEnglishByDefault()": "order",
        "ShopTests.ShopSuites/Prices/pricesInEurosByDefault()": "order",
        "ShopTests.ShopSuites/Baskets/everyBasketShips()": "seed",
        "ShopTests.ShopSuites/Receipts/receiptShowsTheLocalTime()": "timeZone",
        "ShopTests.ShopSuites/Ports/listensOnThePort()": "parallel",
        "ShopTests.ShopSuites/Orders/orderAsJSON()": "hashOrder",
        "ShopTests.ShopSuites/Orders/firstItemsAsJSON(count:)": "hashOrder",
        "ShopTests.ShopSuites/Catalogue/catalogueIsIndexed()": "load",
        "ShopTests.ShopSuites/Coupons/couponGivesADiscount()": "intrinsic",
        "ShopTests.ShopSuites/Tags/tagLine()": "hashOrder",
        "ShopTests.ShopSuites/Regions/servesEurope()": "parallel",
        "ShopTests.ShopSuites/Regions/servesAmerica()": "parallel",
        "ShopTests.ShopSuites/Metrics/countsAnOrder()": "parallel",
        "ShopTests.ShopSuites/Metrics/countsTwoOrders()": "parallel",
        "ShopTests.ShopSuites/Metrics/countsThreeOrders()": "parallel",
        "ShopTests.ShopSuites/Metrics/countsNoOrderBeforeOneIsPlaced()": "parallel",
    },
}
# Tests counted only in the runs where they failed: the coupon tests draw at random, and the
# catalogue tests fail only on a busy machine.
random_tests = {
    name for tests in planted.values() for name, kind in tests.items()
    if kind in ("intrinsic", "load") or any(
        part in name for part in ("Tag", "Regions", "Printer", "Metrics"))
}
commands = [
    (["--retries", "2"], {"CLEANSLATE_SEED": "19"}),
    (["--filter", "PortXCTests|PrinterXCTests", "--retries", "2"], {}, ["--", "--parallel"]),
    (["--filter", "ShopSuites/Metrics", "--repeat", "40", "--retries", "2"], {}),
]
print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start")
for run in range(1, runs + 1):
    tests, walls, experiments = [], [], 0.0
    for index, command in enumerate(commands):
        arguments, variables = command[0], command[1]
        after = command[2] if len(command) > 2 else []
        summary = os.path.join(work, f"run-{run}-{index}.json")
        start = time.monotonic()
        output = subprocess.run(
            [cleanslate, "test", "--skip-build", "--package-path", "Examples/WhyFlaky", "--explain",
             "--summary-json", summary] + arguments + after,
            env={**os.environ, **variables}, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True).stdout
        lines = output.splitlines()
        paragraphs = [] if index == 0 else paragraphs
        for number, line in enumerate(lines):
            if line.startswith(("Why flaky: ", "Failing, not flaky: ")):
                end = number + 1
                while end < len(lines) and lines[end].startswith("  "):
                    end += 1
                paragraphs += lines[number:end]
        walls.append(time.monotonic() - start)
        tests += json.load(open(summary))["tests"]
    causes = {t["name"]: t["cause"] for t in tests if "cause" in t}
    experiments = sum(c["seconds"] for c in causes.values())
    slowest = max((c["seconds"] for c in causes.values()), default=0)
    print(f"run {run}: commands {' + '.join(f'{w:.0f} s' for w in walls)}; experiments "
          f"{experiments:.0f} s for {len(causes)} tests ({experiments / max(1, len(causes)):.1f} s "
          f"a test, the slowest {slowest:.1f} s)")
    for framework, expected in planted.items():
        counted = {n: k for n, k in expected.items() if n not in random_tests or n in causes}
        right = [n for n, k in counted.items() if causes.get(n, {}).get("kind") == k]
        wrong = {n: causes.get(n, {}).get("kind", "none") for n in counted if n not in right}
        print(f"  {framework}: {len(right)} of {len(counted)} planted named right"
              + (f"; wrong: {wrong}" if wrong else ""))
    stray = [n for n in causes if all(n not in e for e in planted.values())]
    print(f"  stable tests explained: {len(stray)} {stray if stray else ''}")
print("The last run's paragraphs:")
print("\n".join(paragraphs))
PYTHON
