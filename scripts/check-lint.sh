#!/usr/bin/env bash
# make lint: swift-format in strict mode over the hand-written code, with the committed
# .swift-format (4-space indentation, 120 columns). Generated code (Sources/AssinafyAPI) is
# formatted by the generator and is not linted. LINT_PATHS overrides the directories.
set -euo pipefail
cd "$(dirname "$0")/.."

read -r -a paths <<< "${LINT_PATHS:-Sources/Assinafy Sources/APIRuntime Sources/APITesting Sources/AssinafyTesting Examples/SigningApp Generator Plugins}"
report="$(mktemp)"
trap 'rm -f "$report"' EXIT
if swift format lint --strict --recursive --parallel "${paths[@]}" 2>"$report"; then
    echo "lint: no findings in ${paths[*]}"
    exit 0
fi
cat "$report"
echo "lint: $(grep -c 'warning:\|error:' "$report") findings (fix with: swift format format --in-place --recursive <path>)"
exit 1
