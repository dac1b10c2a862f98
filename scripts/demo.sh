#!/usr/bin/env bash
# make demo: start the local emulator, run the lifecycle demo against it, stop the emulator.
#
# DEMO_START_SECONDS bounds the wait for the emulator's ports line (a loaded machine needs far more
# than an idle one); DEMO_POLL_SECONDS is how often it is checked. DEMO_EMULATOR_CMD replaces the
# emulator command (split on spaces), so tools/emulator/test_demo_script.py can start a fake.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-.venv/bin/python}
DEMO=${DEMO:-.build/debug/assinafy-demo}
START_SECONDS=${DEMO_START_SECONDS:-180}
POLL_SECONDS=${DEMO_POLL_SECONDS:-0.2}
if [ -n "${DEMO_EMULATOR_CMD:-}" ]; then
    read -r -a emulator_cmd <<<"$DEMO_EMULATOR_CMD"
else
    emulator_cmd=("$PYTHON" tools/emulator/emulator.py --port 0 --processing-delay 0.3)
fi
out=$(mktemp -d)
emulator=
trap '[ -z "$emulator" ] || kill "$emulator" 2>/dev/null || true; rm -rf "$out"' EXIT

# What the emulator wrote so far: without it a failed start says nothing about why.
emulator_output() {
    echo "--- emulator standard error ---"
    cat "$out/log"
    echo "--- emulator standard output ---"
    cat "$out/ports"
    echo "---"
}

# The emulator serves until its standard input closes; a FIFO held open by this script keeps it up.
mkfifo "$out/stdin"
"${emulator_cmd[@]}" <"$out/stdin" >"$out/ports" 2>"$out/log" &
emulator=$!
exec 3>"$out/stdin"
# Ready once the ports line is complete (a newline ends it); a process that has gone will never be.
SECONDS=0
until [ "$(wc -l <"$out/ports")" -ge 1 ]; do
    if ! kill -0 "$emulator" 2>/dev/null; then
        status=0
        wait "$emulator" || status=$?
        emulator=
        echo "the emulator exited with status $status before it was ready:"
        emulator_output
        exit 1
    fi
    if [ "$SECONDS" -ge "$START_SECONDS" ]; then
        echo "the emulator did not print its ports within $START_SECONDS s (set DEMO_START_SECONDS to wait longer):"
        emulator_output
        exit 1
    fi
    sleep "$POLL_SECONDS"
done
admin=$("$PYTHON" -c 'import json,sys; print(json.loads(open(sys.argv[1]).readline())["admin_port"])' "$out/ports") || {
    echo "the emulator's first line is not its ports:"
    emulator_output
    exit 1
}
echo "emulator: $(head -1 "$out/ports")"
"$DEMO" --emulator-admin "http://127.0.0.1:$admin"
violations=$(curl -fsS "http://127.0.0.1:$admin/violations" | "$PYTHON" -c 'import json,sys; print(json.load(sys.stdin)["count"])')
echo "contract violations recorded by the emulator: $violations"
[ "$violations" = 0 ]
