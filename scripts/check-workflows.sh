#!/usr/bin/env bash
# make check-workflows: what can be checked here of CI that runs only on GitHub's hosted runners.
#   - actionlint over .github/workflows, with ShellCheck over every `run:` script;
#   - ShellCheck over the scripts those workflows call that this change owns;
#   - tools/ci_checks (pytest): actions pinned to commits, read-only permissions, no secrets where
#     pull requests run, the workflows calling the README's commands, check-release.sh and
#     apple-check.sh driven through stand-in tools.
# Both linters come from the tools venv (tools/requirements.txt), so every machine uses one version.
set -euo pipefail
cd "$(dirname "$0")/.."

venv="${VENV:-.venv}"
for tool in actionlint shellcheck python; do
    if [ ! -x "$venv/bin/$tool" ]; then
        echo "check-workflows: $venv/bin/$tool is missing: run 'make venv'" >&2
        exit 1
    fi
done

"$venv/bin/actionlint" -shellcheck "$venv/bin/shellcheck" -pyflakes= .github/workflows/*.yml
echo "check-workflows: actionlint: no findings in $(find .github/workflows -name '*.yml' | wc -l | tr -d ' ') workflows"
"$venv/bin/shellcheck" scripts/apple-check.sh scripts/check-release.sh scripts/check-workflows.sh scripts/crash-summary.sh
echo "check-workflows: shellcheck: no findings in the scripts the workflows and make test call"
"$venv/bin/python" -m pytest -q -p no:cacheprovider tools/ci_checks
