#!/usr/bin/env python3
"""Summarizes Benchmarks/memory-rounds.sh's runs: KB per finished case, round by round."""

import collections
import statistics
import sys

runs = collections.defaultdict(dict)
loads = []
for line in open(sys.argv[1], encoding="utf-8"):
    round_, build, variant, cases, kilobytes, load = line.split()
    runs[(int(round_), build, variant)][int(cases)] = int(kilobytes)
    loads.append(float(load))
rounds = sorted({key[0] for key in runs})


def slope(round_, build, variant):
    sizes = runs[(round_, build, variant)]
    return (sizes[8000] - sizes[4000]) / 4000


def median_rss(build, variant, cases):
    return statistics.median(runs[(r, build, variant)][cases] for r in rounds) / 1024


for build, name in (("a", "before"), ("b", "after")):
    print(f"{name}:")
    for variant in ("PlainCases", "PlainAsyncCases", "TraitCases", "FixtureCases"):
        slopes = [slope(r, build, variant) for r in rounds]
        print(
            f"  {variant}: peak RSS {median_rss(build, variant, 4000):.1f} / "
            f"{median_rss(build, variant, 8000):.1f} MB; KB per case "
            f"{', '.join(f'{s:.2f}' for s in slopes)}; median {statistics.median(slopes):.2f}")
    for variant, plain in (
        ("FixtureCases", "PlainAsyncCases"), ("FixtureCases", "PlainCases"),
        ("TraitCases", "PlainCases"),
    ):
        extra = [slope(r, build, variant) - slope(r, build, plain) for r in rounds]
        print(
            f"  {variant} over {plain}: {', '.join(f'{x:.2f}' for x in extra)}; "
            f"median {statistics.median(extra):.2f}")
print(f"load average {min(loads):.1f} to {max(loads):.1f}")
