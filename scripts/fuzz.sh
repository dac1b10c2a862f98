#!/usr/bin/env bash
# make fuzz: libFuzzer targets (swiftc -sanitize=fuzzer,address) over the code that reads
# untrusted bytes: the runtime's JSON parser and tree decoder (into generated models), the
# webhook verifier, the OAuth callback parser, the stream framers (SSE, JSON Lines, JSON text
# sequences), and the generator's YAML/JSON readers.
#
#   FUZZ_SECONDS   seconds per target (default 45: about 4 minutes for the five)
#   FUZZ_TARGETS   space-separated subset of: json webhook oauth-callback streams generator-reader
#   FUZZ_JOBS      parallel fuzzing processes per target (default 1)
#   FUZZ_BUILD     build directory (default .build/fuzz)
#   FUZZ_TIMEOUT   seconds (wall) one input may take before it fails the run (default 3)
#   FUZZ_CPU_BUDGET  seconds of CPU one input may take (default 1; Fuzz/Support/InputBudget.swift)
#
# Each target starts from the seed corpus committed in Fuzz/Corpus/<target> (copied, so new
# inputs libFuzzer finds stay under the build directory) and fails the run on any crash, ASan
# finding, leak (LeakSanitizer) or an input over the CPU budget. The slow-* seeds are inputs a
# quadratic path takes several times the budget on (issue 33), while a linear input as large
# takes a fraction of it even instrumented, so the budget is what catches them; the longest
# input of the json and generator-reader targets is raised so they are not cut short.
# libFuzzer's own timeout stays as a backstop only: it is missed when its alarm signal reaches
# the binary's other thread. Failing
# inputs are written to $FUZZ_BUILD/artifacts/<target>/ and can be replayed with
# `$FUZZ_BUILD/<target> <file>`.
# The sources are compiled here with swiftc, as SwiftPM would (-package-name assinafy), with
# optimisation on: fuzzing is throughput-bound.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${FUZZ_SECONDS:-45}"
timeout="${FUZZ_TIMEOUT:-3}"
targets="${FUZZ_TARGETS:-json webhook oauth-callback streams generator-reader}"
build="${FUZZ_BUILD:-.build/fuzz}"
mkdir -p "$build/modules"

flags=(-sanitize=fuzzer,address -parse-as-library -swift-version 6 -O -g -package-name assinafy)

sources() { find "$1" -name '*.swift' | sort; }

# Rebuilds $1 (an output) when any of the remaining inputs is newer.
stale() {
    local output="$1" input
    shift
    [ -e "$output" ] || return 0
    for input in "$@"; do
        # Linker flags (-l...) are not files.
        case "$input" in -*) continue ;; esac
        [ -n "$(find "$input" -newer "$output" -print -quit)" ] && return 0
    done
    return 1
}

# An instrumented static library and module for a package target, built once and reused.
library() {
    local name="$1" path="$2"
    shift 2
    local archive="$build/modules/lib$name.a"
    if stale "$archive" "$path"; then
        echo "fuzz: building $name"
        # shellcheck disable=SC2046
        swiftc "${flags[@]}" -enable-testing -module-name "$name" -emit-library -static -emit-module \
            -emit-module-path "$build/modules/$name.swiftmodule" -I "$build/modules" "$@" \
            -o "$archive" $(sources "$path")
    fi
}

# A fuzz binary: its harness plus either libraries (-l) or sources compiled straight into it.
binary() {
    local target="$1"
    shift
    local output="$build/$target"
    if stale "$output" "Fuzz/Targets/$target.swift" Fuzz/Support "$build/modules" "$0" "$@"; then
        echo "fuzz: building $target"
        # lld: gold warns about every ASan helper symbol it cannot export.
        # shellcheck disable=SC2046
        swiftc "${flags[@]}" -use-ld=lld -module-name "Fuzz${target//-/}" -I "$build/modules" \
            -L "$build/modules" "Fuzz/Targets/$target.swift" $(sources Fuzz/Support) "$@" -o "$output"
    fi
}

for target in $targets; do
    case "$target" in
    json)
        library APIRuntime Sources/APIRuntime
        library AssinafyAPI Sources/AssinafyAPI
        binary json -lAssinafyAPI -lAPIRuntime
        ;;
    streams)
        library APIRuntime Sources/APIRuntime
        binary streams -lAPIRuntime
        ;;
    webhook | oauth-callback)
        library APIRuntime Sources/APIRuntime
        library AssinafyAPI Sources/AssinafyAPI
        library Assinafy Sources/Assinafy
        binary "$target" -lAssinafy -lAssinafyAPI -lAPIRuntime
        ;;
    generator-reader)
        # The reader stage compiled straight into the binary (it depends on Foundation only).
        # shellcheck disable=SC2046
        binary generator-reader $(sources Generator/Sources/GeneratorCore/Parse)
        ;;
    *)
        echo "fuzz: unknown target $target" >&2
        exit 64
        ;;
    esac
done

status=0
summary=()
for target in $targets; do
    corpus="$build/corpus/$target"
    artifacts="$build/artifacts/$target"
    log="$build/$target.log"
    mkdir -p "$corpus" "$artifacts"
    cp -n "Fuzz/Corpus/$target"/* "$corpus"/ 2>/dev/null || true
    # The slow-* seeds of the json and generator-reader targets are near 96 KB: only a map that
    # large takes a quadratic decoder or reader well past the timeout (a 32 KB one did not fail a
    # reader made quadratic again). The other targets keep the smaller limit, fuzzing faster.
    max_len=65536
    case "$target" in json | generator-reader) max_len=131072 ;; esac
    echo "fuzz: $target for ${seconds}s (log: $log)"
    parallel=()
    # -jobs (even 1) moves the output to fuzz-N.log files: only ask for it when it means something.
    if [ "${FUZZ_JOBS:-1}" -gt 1 ]; then parallel=(-jobs="$FUZZ_JOBS" -workers="$FUZZ_JOBS"); fi
    set +e
    # Swift's own crash backtracer reads foreign memory, which ASan reports as a second, bogus crash.
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:${ASAN_OPTIONS:-}" \
        "$build/$target" -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=2048 -max_len="$max_len" \
        -print_final_stats=1 ${parallel[@]+"${parallel[@]}"} \
        -artifact_prefix="$artifacts/" "$corpus" >"$log" 2>&1
    code=$?
    set -e
    done_line="$(grep -E '^#[0-9]+[[:space:]]+(DONE|pulse|NEW|REDUCE|INITED)' "$log" | tail -n 1 || true)"
    executions="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)"
    speed="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)"
    cov="$(echo "$done_line" | sed -n 's/.*cov: \([0-9]*\).*/\1/p')"
    features="$(echo "$done_line" | sed -n 's/.*ft: \([0-9]*\).*/\1/p')"
    line="$target: exit $code, ${executions:-?} executions, ${speed:-?} exec/s, cov ${cov:-?}, ft ${features:-?}, corpus $(ls "$corpus" | wc -l)"
    summary+=("$line")
    if [ "$code" -ne 0 ]; then
        status=1
        echo "fuzz: $target FAILED (exit $code); last lines of $log:" >&2
        tail -n 40 "$log" >&2
    fi
done
printf 'fuzz: %s\n' "${summary[@]}"
exit "$status"
