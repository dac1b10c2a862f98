#!/usr/bin/env bash
# make coverage: every operation of the published contract must be reachable from
# AssinafyClient, judged from the overlay's calls into the generated code. The last line reads
# `coverage: X/Y operations reachable from AssinafyClient`; the exit status is 1 when X < Y.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch="${SWIFT_SCRATCH:-.build}"
swift build --scratch-path "$scratch" --product assinafy-generator \
    -Xswiftc -strict-concurrency=complete -Xswiftc -warnings-as-errors >/dev/null
extra=()
if [ -f openapi-unpublished.yaml ]; then extra=(--extra openapi-unpublished.yaml); fi
exec "$scratch/debug/assinafy-generator" coverage --spec openapi.yaml ${extra[@]+"${extra[@]}"} \
    --names Generator/assinafy-names.yaml --overlay Sources/Assinafy --generated Sources/AssinafyAPI \
    --per-call-credential signerAccessCode --client AssinafyClient --context ClientContext --module AssinafyAPI
