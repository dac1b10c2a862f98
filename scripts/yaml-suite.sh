#!/usr/bin/env bash
# The generator's YAML reader against the public YAML test suite (github.com/yaml/yaml-test-suite).
#
#   scripts/yaml-suite.sh SUITE_GIT_DIR [OUT_DIR]
#
# SUITE_GIT_DIR is a clone (bare or not) of the suite; its `data` branch holds one folder per case
# (in.yaml, test.event, in.json, error). The cases are extracted into OUT_DIR (default
# $TMPDIR/yaml-test-suite, replaced on each run; never inside the repository, whose files they are
# not), then YAMLTestSuiteTests reads every case and prints the counts and each case it did not
# simply accept. Set YAML_SUITE_REF to extract another ref than `data`.
set -euo pipefail
cd "$(dirname "$0")/.."

[ $# -ge 1 ] || { sed -n '4p' "$0" >&2; exit 2; }
suite="$1"
out="${2:-${TMPDIR:-/tmp}/yaml-test-suite}"
ref="${YAML_SUITE_REF:-data}"

case "$(cd "$(dirname "$out")" && pwd)/$(basename "$out")/" in
"$(pwd)"/*) echo "OUT_DIR must be outside the repository" >&2; exit 2 ;;
esac

rm -rf "$out"
mkdir -p "$out"
git --git-dir="$(git -C "$suite" rev-parse --absolute-git-dir)" archive "$ref" | tar -x -C "$out"
echo "extracted $(find "$out" -name in.yaml | wc -l | tr -d ' ') cases of $ref into $out" >&2

YAML_TEST_SUITE="$out" swift test -Xswiftc -strict-concurrency=complete -Xswiftc -warnings-as-errors \
    --filter 'GeneratorTests.YAMLTestSuiteTests' 2>&1 | grep -E 'yaml-test-suite|passed|failed|error:'
