#!/usr/bin/env bash
# make demo: start the local emulator, run the lifecycle demo against it, stop the emulator.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-.venv/bin/python}
DEMO=${DEMO:-.build/debug/assinafy-demo}
out=$(mktemp -d)
trap 'kill "$emulator" 2>/dev/null || true; rm -rf "$out"' EXIT
# The emulator serves until its standard input closes; a FIFO held open by this script keeps it up.
mkfifo "$out/stdin"
"$PYTHON" tools/emulator/emulator.py --port 0 --processing-delay 0.3 <"$out/stdin" >"$out/ports" 2>"$out/log" &
emulator=$!
exec 3>"$out/stdin"
for _ in $(seq 1 100); do [ -s "$out/ports" ] && break; sleep 0.1; done
[ -s "$out/ports" ] || { echo "the emulator did not start:"; cat "$out/log"; exit 1; }
admin=$("$PYTHON" -c 'import json,sys; print(json.loads(open(sys.argv[1]).readline())["admin_port"])' "$out/ports")
echo "emulator: $(head -1 "$out/ports")"
"$DEMO" --emulator-admin "http://127.0.0.1:$admin"
violations=$(curl -fsS "http://127.0.0.1:$admin/violations" | "$PYTHON" -c 'import json,sys; print(json.load(sys.stdin)["count"])')
echo "contract violations recorded by the emulator: $violations"
[ "$violations" = 0 ]
