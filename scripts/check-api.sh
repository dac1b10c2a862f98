#!/usr/bin/env bash
# make api-check: public API breakage of the library products against the newest v* tag.
# Before the first release there is no baseline, and the check is skipped with the reason.
set -euo pipefail
cd "$(dirname "$0")/.."

baseline="$(git tag --list 'v*' --sort=-v:refname | head -n 1)"
if [ -z "$baseline" ]; then
    echo "api-check: skipped: no v* tag yet, so there is no released API to compare with"
    echo "           (in a shallow CI clone, run 'git fetch --tags' first)"
    exit 0
fi
echo "api-check: comparing with $baseline"
swift package --scratch-path "${SWIFT_SCRATCH:-.build}" diagnose-api-breaking-changes "$baseline"
