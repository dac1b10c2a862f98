#!/bin/sh
# make bench: release builds of assinafy-generator and assinafy-bench, then every benchmark of
# issue 8; prints the table and writes benchmarks/results.md. Arguments go to assinafy-bench
# (e.g. `scripts/bench.sh --quick --only read,decode`).
#
#   BENCH_SCRATCH_PATH   SwiftPM scratch path (default .build)
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
SCRATCH=${BENCH_SCRATCH_PATH:-.build}
FLAGS="-Xswiftc -strict-concurrency=complete -Xswiftc -warnings-as-errors"
NOTE=""

# Swift 6.3.1 crashes (SIL ownership verifier in CopyPropagation) compiling GeneratorCore with -O
# (DocumentLoader.schema(_:at:depth:)). When it does, build with copy propagation off instead,
# and say so in the results. The decision is remembered per GeneratorCore source state, so later
# runs neither pay for the crash again nor keep the workaround once the code changes.
WORKAROUND="-Xswiftc -Xfrontend -Xswiftc -enable-copy-propagation=false"
STATE="$SCRATCH/assinafy-bench-workaround"
SOURCES=$(find Generator/Sources/GeneratorCore -name '*.swift' | LC_ALL=C sort | xargs cat | cksum | cut -d' ' -f1)
WORKAROUND_NOTE="built with -enable-copy-propagation=false: Swift 6.3.1 crashes compiling GeneratorCore with -O otherwise (see scripts/bench.sh)"

build() {
    # shellcheck disable=SC2086 # FLAGS is a list of words
    swift build -c release --scratch-path "$SCRATCH" $FLAGS "$@"
}

mkdir -p "$SCRATCH"
if [ -f "$STATE" ] && [ "$(cat "$STATE")" = "$SOURCES" ]; then
    FLAGS="$FLAGS $WORKAROUND"
    NOTE=$WORKAROUND_NOTE
fi
LOG=$(mktemp)
echo "bench: swift build -c release --product assinafy-generator" >&2
if ! build --product assinafy-generator >"$LOG" 2>&1; then
    if [ -z "$NOTE" ] && grep -q "CopyPropagation" "$LOG"; then
        echo "bench: the compiler crashed on GeneratorCore (CopyPropagation); rebuilding without copy propagation" >&2
        echo "$SOURCES" >"$STATE"
        FLAGS="$FLAGS $WORKAROUND"
        NOTE=$WORKAROUND_NOTE
        build --product assinafy-generator
    else
        cat "$LOG" >&2
        rm -f "$LOG"
        exit 1
    fi
fi
rm -f "$LOG"
echo "bench: swift build -c release --product assinafy-bench" >&2
build --product assinafy-bench
# The app-size row (issue 17) measures these two tiny apps; they link what assinafy-bench built.
for product in assinafy-appsize-probe assinafy-appsize-baseline; do
    echo "bench: swift build -c release --product $product" >&2
    build --product "$product"
done
# The same two apps as an app may build them to drop unused public symbols (second app-size row;
# AppSizeBenchmark.internalizingFlags). Its own scratch path: the flags rebuild every module.
INTERNALIZED="$SCRATCH/appsize-internalized"
for product in assinafy-appsize-probe assinafy-appsize-baseline; do
    echo "bench: swift build -c release --product $product (-internalize-at-link -function-sections)" >&2
    # shellcheck disable=SC2086 # FLAGS is a list of words
    swift build -c release --scratch-path "$INTERNALIZED" $FLAGS --product "$product" \
        -Xswiftc -Xfrontend -Xswiftc -internalize-at-link -Xswiftc -Xfrontend -Xswiftc -function-sections
done
ASSINAFY_APPSIZE_INTERNALIZED_BIN=$(swift build -c release --scratch-path "$INTERNALIZED" --show-bin-path)
export ASSINAFY_APPSIZE_INTERNALIZED_BIN
BIN=$(build --show-bin-path)
exec "$BIN/assinafy-bench" --root "$ROOT" --build-note "$NOTE" "$@"
