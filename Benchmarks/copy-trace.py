#!/usr/bin/env python3
"""Writes a big lifecycle trace by copying a small one under new test names.

    Benchmarks/copy-trace.py SOURCE EVENTS OUTPUT

Each process of SOURCE keeps its header; the events between its process scope's beginning and
end are copied until the whole trace holds about EVENTS events, each copy's suites renamed
`<suite>-<copy>` (and so its tests), its scope numbers moved past the copy before and its times
past the copy before's last event. The output is the same for the same input: the report's
benchmark runs on QuickStart's trace copied this way (BENCHMARKS.md).
"""

import json
import sys


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: copy-trace.py SOURCE EVENTS OUTPUT")
    source, wanted, output = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    processes = []  # (header, process begin, inner events, process end)
    with open(source, encoding="utf-8") as lines:
        for line in lines:
            line = line.strip()
            if not line:
                continue
            event = json.loads(line)
            if "trace" in event:
                processes.append([event, None, [], None])
            elif event.get("scope") == "process":
                processes[-1][1 if event["phase"] == "scopeBegin" else 3] = event
            else:
                processes[-1][2].append(event)
    inner = sum(len(process[2]) for process in processes)
    fixed = 3 * len(processes)
    copies = max(1, round((wanted - fixed) / inner))
    written = 0
    with open(output, "w", encoding="utf-8") as out:

        def write(event):
            nonlocal written
            out.write(json.dumps(event, ensure_ascii=False, separators=(",", ":")) + "\n")
            written += 1

        for header, begin, events, end in processes:
            suites = {e["scopeName"] for e in events if e["scope"] == "suite"}
            first = min(e["timeMicros"] for e in events)
            span = max(e["timeMicros"] for e in events) - first + 100
            top = max(e["scopeID"] for e in events)
            write(header)
            write(begin)
            for copy in range(copies):
                for event in events:
                    write(renamed(event, suites, copy, copy * (top - 1), copy * span))
            end = dict(end)
            end["timeMicros"] += (copies - 1) * span
            if "durationNanos" in end:
                end["durationNanos"] += (copies - 1) * span * 1000
            write(end)
    print(f"wrote {written} events to {output}")


def renamed(event, suites, copy, id_offset, time_offset):
    """`event` as it is in copy number `copy`: suite names suffixed, scopes and times moved."""
    event = dict(event)
    event["timeMicros"] += time_offset
    for key in ("scopeID", "parentScopeID"):
        if key in event and event[key] != 1:
            event[key] += id_offset
    for key in ("scopeName", "test"):
        if key in event:
            event[key] = rename(event[key], suites, copy)
    return event


def rename(name, suites, copy):
    """`Suite/test()` or `Suite.testName` with its suite renamed `Suite-<copy>`."""
    for suite in suites:
        if name == suite or name.startswith((suite + "/", suite + ".")):
            return f"{suite}-{copy}{name[len(suite):]}"
    return name


if __name__ == "__main__":
    main()
