#!/usr/bin/env bash
# Checks that `cleanslate test` agrees with `swift test` on real packages, at released versions, run
# as a user runs them: from the package's own directory, with default options.
#
# Why: cleanslate test starts the built test product itself, with what swift test would give it,
# and reads the results back. A package's tests are where that can go wrong in ways our own
# fixtures do not show (a free-function @Test inside #if, warnings recorded with
# Issue.record(severity: .warning), XCTest and Swift Testing in one product, macros and
# swift-syntax). Each of those has made the two tools disagree once.
#
# What: for each package below, built once (`swift build --build-tests`), it runs
#   swift test list --skip-build                  cleanslate test --list --skip-build
#   swift test --skip-build --xunit-output F       cleanslate test --skip-build --summary-json F
# and fails on any difference in (a) the tests listed, (b) the tests that failed, (c) the exit
# status. swift test's failures are read from its Swift Testing xunit file (a testcase with a
# <failure> or <error>) and its XCTest lines (`Test Case 'Class.method' failed`; swift test writes
# no XCTest xunit file on Linux), then named as its own list names them; cleanslate's are the
# tests of its --summary-json whose outcome is neither passed nor skipped. Each run is also held to
# what it should give: the released packages pass (exit status 0, no test failed), and two runs
# with a failure planted (in swift-case-paths's free function caseSet(), in a Swift Testing
# #expect, and in one of swift-tagged's XCTest methods, in an XCTFail) fail with exit status 1
# and that test alone failed. A planted failure is edited into the checkout the clean run used,
# after it, so that only the test module is built again (a copy would build swift-syntax again).
#
#   swift-tagged 0.10.0           XCTest only, three test targets; builds in about 10 s
#   swift-property-based 2.0.1    Swift Testing; WarningTests record warnings, which fail nothing
#   swift-case-paths 1.10.0       XCTest and Swift Testing, macros; builds swift-syntax (about
#                                 4 minutes of the whole step's 5 to 6 here, on 2 cores)
#
# Prints a table for each package and run (the tests each tool listed, those that failed, the exit
# statuses, the last line each printed), then what differs, and exits with status 1 if anything
# does (after every package has run); a package that does not clone or build fails it too. The
# packages are cloned from https://github.com/ (git's url.<base>.insteadOf may point it at a
# mirror), or from CONFORMANCE_GIT_BASE, into a temporary directory that is removed at the end.
#
#   scripts/check-conformance.sh                      # with .build/debug/cleanslate
#   CLEANSLATE=/path/to/cleanslate scripts/check-conformance.sh
set -euo pipefail
cd "$(dirname "$0")/.."
repo_root=$PWD

CLEANSLATE=${CLEANSLATE:-.build/debug/cleanslate}
[[ $CLEANSLATE == /* ]] || CLEANSLATE="$repo_root/$CLEANSLATE"
if [[ ! -x $CLEANSLATE ]]; then
  echo "No cleanslate at $CLEANSLATE: build it first (swift build), or name it in CLEANSLATE." >&2
  exit 1
fi
git_base=${CONFORMANCE_GIT_BASE:-https://github.com}
# Default options, as a user without configuration has them: no store of runs, no time limit, no
# trace, no server (the CI steps before this one export some of these).
for variable in $(compgen -v CLEANSLATE_ || true); do unset "$variable"; done

work=$(mktemp -d "${TMPDIR:-/tmp}/check-conformance.XXXXXX")
trap 'rm -rf "$work"' EXIT

start=$SECONDS
problems=()

# The comparison of one run: reads what both tools wrote into the run's directory, prints its
# table, and exits with status 1 (after printing why) on a difference or an unmet expectation.
compare() {
  python3 - "$@" <<'PYTHON'
import json, os, re, sys
import xml.etree.ElementTree as ET

title, out, expected_status, expected_failed = sys.argv[1:5]
expected_failed = set(filter(None, expected_failed.split("\n")))

def read(name):
    path = os.path.join(out, name)
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8", errors="replace") as file:
        return file.read()

def status(name):
    return int(read(name).strip())

def last_line(text):
    lines = [line.rstrip() for line in (text or "").splitlines() if line.strip()]
    return lines[-1] if lines else "(nothing)"

problems = []
swift_list = read("swift-list.txt").splitlines()
cs_list = read("cleanslate-list.txt").splitlines()
swift_log, cs_log = read("swift-test.log"), read("cleanslate-test.log")

# swift test's failures, named as its list names them: Module.Suite/test() for Swift Testing (the
# xunit file's classname is Module.Suite.Nested, or Module for a free function), and
# Module.Class/method for XCTest (its line names Class.method).
by_dots = {}
for name in swift_list:
    by_dots.setdefault(name.replace("/", "."), []).append(name)
by_class = {}
for name in swift_list:
    if not name.endswith(")") and "." in name:
        by_class.setdefault(name.split(".", 1)[1], []).append(name)

def listed(candidates, raw):
    return candidates[0] if candidates and len(candidates) == 1 else f"{raw} (not in its list)"

swift_failed = set()
xunit = os.path.join(out, "xunit-swift-testing.xml")
if os.path.exists(xunit):
    for case in ET.parse(xunit).getroot().iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            raw = f"{case.get('classname')}.{case.get('name')}"
            swift_failed.add(listed(by_dots.get(raw), raw))
elif any(name.endswith(")") for name in swift_list):
    problems.append("swift test wrote no Swift Testing xunit file")
for match in re.finditer(r"^Test Case '(?:-\[(\S+) (\S+)\]|([^']+)\.([^'.]+))' failed",
                         swift_log, re.MULTILINE):
    cls, method = (match.group(1), match.group(2)) if match.group(1) else match.group(3, 4)
    cls = cls.split(".", 1)[1] if match.group(1) and "." in cls else cls
    swift_failed.add(listed(by_class.get(f"{cls}/{method}"), f"{cls}.{method}"))

cs_failed = set()
summary = read("summary.json")
if summary is None:
    problems.append("cleanslate test wrote no --summary-json")
else:
    for test in json.loads(summary)["tests"]:
        if test["outcome"] not in ("passed", "skipped"):
            cs_failed.add(test["name"] + ("" if test["outcome"] == "failed"
                                          else f" ({test['outcome']})"))

swift_status, cs_status = status("swift-test.status"), status("cleanslate-test.status")
swift_list_status = status("swift-list.status")
cs_list_status = status("cleanslate-list.status")

def names(failed):
    return ", ".join(sorted(failed)) if failed else "none"

print(f"\n--- {title}")
rows = [
    ("", "swift test", "cleanslate test"),
    ("tests listed", f"{len(swift_list)} (status {swift_list_status})",
     f"{len(cs_list)} (status {cs_list_status})"),
    ("failed", f"{len(swift_failed)}", f"{len(cs_failed)}"),
    ("exit status", f"{swift_status}", f"{cs_status}"),
]
for row in rows:
    print(f"  {row[0]:<14}{row[1]:<26}{row[2]}")
print(f"  failed, swift test:      {names(swift_failed)}")
print(f"  failed, cleanslate test: {names(cs_failed)}")
print(f"  last line, swift test:      {last_line(swift_log)}")
print(f"  last line, cleanslate test: {last_line(cs_log)}")

if sorted(swift_list) != sorted(cs_list):
    only_swift = sorted(set(swift_list) - set(cs_list))
    only_cs = sorted(set(cs_list) - set(swift_list))
    problems.append("the lists differ")
    for name in only_swift:
        problems.append(f"  listed by swift test only: {name}")
    for name in only_cs:
        problems.append(f"  listed by cleanslate test only: {name}")
    if not only_swift and not only_cs:
        problems.append("  (the same names, listed a different number of times)")
if swift_list_status != 0 or cs_list_status != 0:
    problems.append(f"listing exited with {swift_list_status} (swift test list), "
                    f"{cs_list_status} (cleanslate test --list)")
if swift_failed != cs_failed:
    problems.append("the failed tests differ")
    for name in sorted(swift_failed - cs_failed):
        problems.append(f"  failed in swift test only: {name}")
    for name in sorted(cs_failed - swift_failed):
        problems.append(f"  failed in cleanslate test only: {name}")
if swift_status != cs_status:
    problems.append(f"the exit statuses differ: {swift_status} (swift test), "
                    f"{cs_status} (cleanslate test)")
expected_status = int(expected_status)
for tool, got_status, got_failed in (("swift test", swift_status, swift_failed),
                                     ("cleanslate test", cs_status, cs_failed)):
    if got_status != expected_status:
        problems.append(f"{tool} exited with {got_status}, not {expected_status}")
    if got_failed != expected_failed:
        problems.append(f"{tool} failed {names(got_failed)}, not {names(expected_failed)}")
if problems:
    print("  DIFFERENT:")
    for problem in problems:
        print(f"    {problem}")
    sys.exit(1)
print("  same")
PYTHON
}

# Runs both tools in the package directory $1 (the tests built), writing into the directory $2;
# a tool's exit status goes to a .status file beside its output.
run_both() {
  local dir=$1 out=$2 status
  mkdir -p "$out"
  cd "$dir"
  status=0
  swift test list --skip-build >"$out/swift-list.txt" 2>"$out/swift-list.err" || status=$?
  echo "$status" >"$out/swift-list.status"
  status=0
  "$CLEANSLATE" test --list --skip-build >"$out/cleanslate-list.txt" 2>"$out/cleanslate-list.err" \
    || status=$?
  echo "$status" >"$out/cleanslate-list.status"
  status=0
  swift test --skip-build --xunit-output "$out/xunit.xml" >"$out/swift-test.log" 2>&1 || status=$?
  echo "$status" >"$out/swift-test.status"
  status=0
  "$CLEANSLATE" test --skip-build --summary-json "$out/summary.json" >"$out/cleanslate-test.log" \
    2>&1 || status=$?
  echo "$status" >"$out/cleanslate-test.status"
  cd "$repo_root"
}

# Builds the tests of the package directory $1, printing the build's end, and its log on failure.
build_tests() {
  local dir=$1 log=$2 began=$SECONDS
  if (cd "$dir" && swift build --build-tests >"$log" 2>&1); then
    echo "  built in $((SECONDS - began)) s: $(tail -1 "$log")"
  else
    tail -30 "$log"
    return 1
  fi
}

# check_package OWNER/NAME TAG [PLANT_FILE PLANT_AFTER PLANT_LINE PLANTED_TEST]: clones the
# package at its tag, builds its tests, runs both tools (which should pass); then, when a failure
# is to be planted, inserts PLANT_LINE into PLANT_FILE after the line that is exactly
# PLANT_AFTER, builds again, and runs both tools (which should fail PLANTED_TEST alone).
check_package() {
  local package=$1 tag=$2 title="${1#*/} $2"
  local dir="$work/${package#*/}" out="$work/out/${package#*/}"
  mkdir -p "$out"
  printf '\n=== %s %s\n' "$package" "$tag"
  if ! git -c advice.detachedHead=false clone -q --depth 1 --branch "$tag" \
    "$git_base/$package.git" "$dir" 2>"$out/clone.log"; then
    cat "$out/clone.log"
    problems+=("$title: it did not clone")
    return
  fi
  if ! build_tests "$dir" "$out/build.log"; then
    problems+=("$title: its tests did not build")
    return
  fi
  run_both "$dir" "$out/clean"
  compare "$title" "$out/clean" 0 "" || problems+=("$title, as released")

  (($# > 2)) || return 0
  local file=$3 after=$4 line=$5 planted=$6
  if ! python3 - "$dir/$file" "$after" "$line" <<'PYTHON'; then
import sys
path, after, line = sys.argv[1:]
lines = open(path, encoding="utf-8").read().split("\n")
if lines.count(after) != 1:
    sys.exit(f"{path}: no single line {after!r} to plant a failure after")
lines.insert(lines.index(after) + 1, line)
open(path, "w", encoding="utf-8").write("\n".join(lines))
PYTHON
    problems+=("$title: the failure could not be planted")
    return
  fi
  echo "  planted in $file: $line"
  if ! build_tests "$dir" "$out/build-planted.log"; then
    problems+=("$title: its tests did not build with the planted failure")
    return
  fi
  run_both "$dir" "$out/planted"
  compare "$title, a failure planted in $planted" "$out/planted" 1 "$planted" \
    || problems+=("$title, a failure planted in $planted")
}

echo "cleanslate: $CLEANSLATE"
check_package pointfreeco/swift-tagged 0.10.0 \
  Tests/TaggedTests/TaggedTests.swift '  func testInit() {' '    XCTFail("planted")' \
  TaggedTests.TaggedTests/testInit
check_package x-sheep/swift-property-based 2.0.1
check_package pointfreeco/swift-case-paths 1.10.0 \
  Tests/CasePathsTests/CaseSetTests.swift '  @Test private func caseSet() throws {' \
  '    #expect(Bool(false), "planted")' 'CasePathsTests.caseSet()'

echo
echo "The conformance check took $((SECONDS - start)) s."
if ((${#problems[@]})); then
  echo "swift test and cleanslate test differ, or a run did not give what it should:" >&2
  printf '  %s\n' "${problems[@]}" >&2
  exit 1
fi
echo "swift test and cleanslate test agree on every package."
