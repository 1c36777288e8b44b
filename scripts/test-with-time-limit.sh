#!/usr/bin/env bash
# Runs a test command with a hard time limit. A run that passes the limit is stopped, and the
# script says which tests had started and not finished (Swift Testing's and XCTest's output),
# with the stacks of every thread of the test processes (when gdb is installed), so that a hang
# fails with the test's name instead of running into CI's own limit.
#
#   scripts/test-with-time-limit.sh 1200 ../shared/tools/busy-machine scripts/test.sh
#
# Exit status: the command's, or 124 when it passed the limit.
set -uo pipefail
if [[ $# -lt 2 || ! $1 =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: $0 SECONDS COMMAND [ARGS...]  (SECONDS: a whole number of seconds, 1 or more)" >&2
  exit 2
fi
limit=$1
shift
log=$(mktemp "${TMPDIR:-/tmp}/cleanslate-test-log.XXXXXX")
trap 'rm -f "$log"' EXIT

# The command in a process group of its own, so that the whole run can be stopped at once.
setsid "$@" > >(tee "$log") 2>&1 &
leader=$!
start=$SECONDS
while kill -0 "$leader" 2>/dev/null; do
  if ((SECONDS - start >= limit)); then
    echo
    echo "error: the run passed its limit of $limit seconds and was stopped." >&2
    echo "Tests that started and did not finish:" >&2
    awk '
      /^◇ Test .* started\.$/ { name = $0; sub(/^◇ Test /, "", name); sub(/ started\.$/, "", name); open[name] = 1 }
      /^[^ ]+ Test .* (passed|failed|skipped)/ {
        name = $0; sub(/^[^ ]+ Test /, "", name)
        sub(/ (with [0-9]+ test cases )?(passed|failed|skipped).*$/, "", name); delete open[name]
      }
      /^Test Case .* started/ { name = $0; gsub(/^Test Case .|. started.*$/, "", name); open[name] = 1 }
      /^Test Case .* (passed|failed|skipped)/ {
        name = $0; gsub(/^Test Case .|. (passed|failed|skipped).*$/, "", name); delete open[name]
      }
      END { for (name in open) print "  " name }
    ' "$log" >&2
    for pid in $(pgrep -s "$leader" -f 'xctest' || true); do
      echo "Threads of the test process $pid ($(tr '\0' ' ' <"/proc/$pid/cmdline" | cut -c1-160)):" >&2
      if command -v gdb >/dev/null; then
        timeout 120 gdb -p "$pid" -batch -ex "thread apply all bt" 2>/dev/null \
          | grep -E '^(Thread|#)' >&2
      else
        echo "  (install gdb to see them: apt-get install gdb)" >&2
      fi
    done
    kill -KILL -- "-$leader" 2>/dev/null
    wait "$leader" 2>/dev/null
    exit 124
  fi
  sleep 5
done
wait "$leader"
