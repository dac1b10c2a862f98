#!/usr/bin/env bash
# The Apple-only checks: what Linux cannot compile (the Objective-C facade, KeychainTokenStore,
# OSLogClientLogger, the CryptoKit and Security paths) built and tested on macOS and on an iOS
# simulator. The apple workflow runs it; on a Mac with Xcode 26 run it by hand:
#
#   scripts/apple-check.sh          both parts
#   scripts/apple-check.sh macos    swift build (debug and release) and swift test for macOS
#   scripts/apple-check.sh ios      xcodebuild: the libraries for iOS, then the tests on a simulator
#
# The Swift flags are read from the Makefile's SWIFT_FLAGS, the ones `make test` uses on Linux.
# Environment: XCODE_MAJOR (default 26) is the Xcode this must run under (select another with
# DEVELOPER_DIR or xcode-select); IOS_DESTINATION overrides the simulator (default: an iPhone 17 Pro
# on the newest iOS runtime of that Xcode); IOS_TEST_TARGETS the test targets run there.
set -euo pipefail
cd "$(dirname "$0")/.."

part="${1:-all}"
case "$part" in
all | macos | ios) ;;
*)
    echo "usage: $0 [all|macos|ios]" >&2
    exit 64
    ;;
esac

if [ "$(uname -s)" != Darwin ]; then
    echo "apple-check: needs macOS with Xcode ${XCODE_MAJOR:-26}; this is $(uname -s)." >&2
    echo "apple-check: the Linux checks are 'make test'; these run on the apple workflow's macOS runner." >&2
    exit 2
fi

read -r -a flags <<<"$(sed -n 's/^SWIFT_FLAGS := //p' Makefile)"
if [ "${#flags[@]}" -eq 0 ]; then
    echo "apple-check: no SWIFT_FLAGS line in the Makefile" >&2
    exit 1
fi

xcode_major="${XCODE_MAJOR:-26}"
xcode_version="$(xcodebuild -version | sed -n 's/^Xcode //p')"
echo "apple-check: Xcode $xcode_version ($(xcode-select -p)), $(swift --version 2>&1 | head -n 1)"
if [ "${xcode_version%%.*}" != "$xcode_major" ]; then
    echo "apple-check: Xcode $xcode_major.x is required, found $xcode_version (set DEVELOPER_DIR)" >&2
    exit 1
fi

run_macos() {
    echo "apple-check: swift build ${flags[*]}"
    swift build "${flags[@]}"
    echo "apple-check: swift build -c release ${flags[*]}"
    swift build -c release "${flags[@]}"
    # The emulator-backed suites find the tools venv and the response samples through these, as
    # under `make swift-test`; the HTTPS transport tests skip without the Linux-only test CA.
    make venv .build/conformance/samples.json
    echo "apple-check: swift test ${flags[*]}"
    ASSINAFY_PYTHON="$PWD/.venv/bin/python" ASSINAFY_SAMPLES="$PWD/.build/conformance/samples.json" \
        swift test "${flags[@]}"
}

run_ios() {
    # Language mode 6 already checks concurrency completely; the settings say so for every target.
    local settings=(SWIFT_STRICT_CONCURRENCY=complete SWIFT_TREAT_WARNINGS_AS_ERRORS=YES)
    local destination="${IOS_DESTINATION:-platform=iOS Simulator,name=iPhone 17 Pro,OS=latest}"
    local only=()
    local target
    for target in ${IOS_TEST_TARGETS:-APIRuntimeTests AssinafyTests APITestingTests AssinafyTestingTests}; do only+=("-only-testing:$target"); done

    # Every library product, read from the manifest so a new one is never left out.
    local libraries
    read -r -a libraries <<<"$(sed -n 's/^ *\.library(name: "\([^"]*\)".*/\1/p' Package.swift | tr '\n' ' ')"
    if [ "${#libraries[@]}" -eq 0 ]; then
        echo "apple-check: no .library(name: ...) product in Package.swift" >&2
        exit 1
    fi
    local library
    for library in "${libraries[@]}"; do
        echo "apple-check: xcodebuild build -scheme $library for iOS"
        xcodebuild build -quiet -scheme "$library" -destination 'generic/platform=iOS' "${settings[@]}"
    done
    echo "apple-check: xcodebuild test on '$destination' (${only[*]})"
    xcrun simctl list runtimes | grep -i ios || true
    xcodebuild test -quiet -scheme Assinafy-Package -destination "$destination" "${only[@]}" "${settings[@]}"
}

case "$part" in
macos) run_macos ;;
ios) run_ios ;;
all)
    run_macos
    run_ios
    ;;
esac
echo "apple-check: $part passed"
