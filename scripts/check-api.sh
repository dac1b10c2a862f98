#!/usr/bin/env bash
# make api-check: the public API of the library modules against the committed baseline in api/
# (scripts/api-baseline.py), and, once a v* tag exists, against that release with SwiftPM's
# own checker too. make api-baseline records the current API on purpose.
#   scripts/check-api.sh          check (exit 1 on a breaking change)
#   scripts/check-api.sh write    rewrite api/*.api
# The symbol graphs are built in DOCS_SCRATCH (default .build-docs), the build check-docs uses.
set -euo pipefail
cd "$(dirname "$0")/.."

mode="${1:-check}"
docs_scratch="${DOCS_SCRATCH:-.build-docs}"
# The same folder and flags as check-docs, so the build it made is reused, not repeated.
graphs="$PWD/$docs_scratch/symbol-graphs"
mkdir -p "$graphs"
for target in Assinafy GeneratorCore APITesting AssinafyTesting; do
    swift build --scratch-path "$docs_scratch" --target "$target" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" >/dev/null
done

if [ "$mode" = write ]; then
    exec python3 scripts/api-baseline.py write "$graphs"
fi
python3 scripts/api-baseline.py check "$graphs"

baseline="$(git tag --list 'v*' --sort=-v:refname | head -n 1)"
if [ -n "$baseline" ]; then
    echo "api-check: comparing with $baseline"
    swift package --scratch-path "${SWIFT_SCRATCH:-.build}" diagnose-api-breaking-changes "$baseline"
fi
