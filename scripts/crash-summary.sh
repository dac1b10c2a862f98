#!/usr/bin/env bash
# Runs a test command with its output kept in a log; when it fails, repeats at the very end what
# a reader of a truncated CI log needs: the fatal error's line, the crashed thread's frames, and
# the tests that had started without finishing (one of them crashed the process).
#
#   scripts/crash-summary.sh LOG COMMAND...
#
# The Swift backtracer prints every thread, the registers and the loaded images by default, so
# the one line that says what went wrong ends up far from the tail that CI shows.
set -uo pipefail

log=$1
shift
mkdir -p "$(dirname "$log")"
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=yes,interactive=no,threads=crashed,registers=none,images=none}"
"$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
[ "$status" -eq 0 ] && exit 0

python3 - "$log" <<'EOF'
import re, sys

lines = open(sys.argv[1], encoding="utf-8", errors="replace").read().splitlines()
fatal = [l for l in lines if re.search(r"Fatal error|Program crashed|Precondition failed|Assertion failed", l)]
started, finished = {}, set()
for line in lines:
    m = re.match(r"\S+ Test (.+?) started\.$", line)
    if m:
        started[m.group(1)] = True
    m = re.match(r"\S+ Test (.+?) (passed|failed|skipped)", line)
    if m:
        finished.add(m.group(1))
unfinished = [n for n in started if n not in finished and n != "run" and not n.startswith("case passing")]
crashed = []
for i, line in enumerate(lines):
    if re.match(r"Thread \d+\b.* crashed:?$", line):
        crashed = lines[i : i + 40]
        break
if not (fatal or crashed or unfinished):
    sys.exit(0)
print("\n==== crash summary ====")
for line in fatal[:10]:
    print(line)
for line in crashed:
    print(line)
if fatal or crashed:
    print(f"tests started and not finished ({len(unfinished)}): {', '.join(unfinished[:80])}")
EOF
exit "$status"
