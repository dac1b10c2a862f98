#!/usr/bin/env bash
# make coverage: every operation of the published contract must be reachable from
# AssinafyClient, judged from the overlay's calls into the generated code. The last line reads
# `coverage: X/Y operations reachable from AssinafyClient`; the exit status is 1 when X < Y.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch="${SWIFT_SCRATCH:-.build}"
swift build --scratch-path "$scratch" --product assinafy-generator \
    -Xswiftc -strict-concurrency=complete -Xswiftc -warnings-as-errors >/dev/null
exec "$scratch/debug/assinafy-generator" coverage --config assinafy-generator.yaml \
    --overlay Sources/Assinafy --generated Sources/AssinafyAPI --client AssinafyClient --context ClientContext \
    --module AssinafyAPI
