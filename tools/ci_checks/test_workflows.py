"""The GitHub Actions workflows, checked where they cannot run.

actionlint (scripts/check-workflows.sh) checks syntax, expressions and the shell in `run:` steps;
these tests check the project's own rules: every action pinned to a commit, read-only tokens, no
secrets where a pull request's code runs, and workflows that call the commands the README gives
developers rather than a copy of them that could drift.
"""

import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
README = (ROOT / "README.md").read_text(encoding="utf-8")
MAKEFILE = (ROOT / "Makefile").read_text(encoding="utf-8")
SECRET = re.compile(r"\bsecrets\.[A-Za-z_]")


def load(path):
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    # YAML 1.1 reads the key `on` as the boolean true.
    if True in document:
        document["on"] = document.pop(True)
    return document


def triggers(document):
    on = document["on"]
    if isinstance(on, str):
        return {on: None}
    if isinstance(on, list):
        return {name: None for name in on}
    return on


def run_scripts(document):
    for job in document["jobs"].values():
        for step in job.get("steps", []):
            if "run" in step:
                yield step["run"]


def commands(script):
    """The command lines of a `run:` script, continuation lines joined, comments dropped."""
    joined = re.sub(r"\\\n\s*", " ", script)
    for line in joined.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            yield line


def by_name(name):
    return ROOT / ".github" / "workflows" / name


def test_the_workflows_exist():
    names = {path.name for path in WORKFLOWS}
    assert {"linux.yml", "apple.yml", "docs.yml", "release.yml", "live.yml"} <= names
    # The checks here read *.yml; GitHub would also run a *.yaml that nothing here checks.
    assert not list((ROOT / ".github" / "workflows").glob("*.yaml"))


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda path: path.name)
def test_every_action_is_pinned_to_a_full_commit_with_its_tag(path):
    # A tag or branch can be moved to other code after review; a commit cannot.
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        match = re.match(r"^\s*(?:-\s+)?uses:\s*(\S+)(.*)$", line)
        if not match:
            continue
        reference, rest = match.groups()
        if reference.startswith("./"):
            continue
        assert not reference.startswith("docker://"), f"{path.name}:{number}: docker actions are not used"
        assert re.fullmatch(r"[\w.-]+/[\w./-]+@[0-9a-f]{40}", reference), (
            f"{path.name}:{number}: {reference} is not pinned to a full commit SHA"
        )
        assert re.fullmatch(r"\s+# v\d+(\.\d+)*", rest), f"{path.name}:{number}: say which tag the commit is"


def test_one_action_one_commit_everywhere():
    pins = {}
    for path in WORKFLOWS:
        for action, sha in re.findall(r"uses:\s*([\w.-]+/[\w./-]+)@([0-9a-f]{40})", path.read_text(encoding="utf-8")):
            pins.setdefault(action, set()).add(sha)
    assert pins, "no pinned action found"
    assert {action: shas for action, shas in pins.items() if len(shas) > 1} == {}


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda path: path.name)
def test_tokens_are_read_only(path):
    document = load(path)
    assert "permissions" in document, f"{path.name}: no workflow-level permissions (the default may be write-all)"
    jobs = document["jobs"].values()
    scopes = [document["permissions"]] + [job["permissions"] for job in jobs if "permissions" in job]
    for scope in scopes:
        assert isinstance(scope, dict), f"{path.name}: permissions must name scopes, not {scope!r}"
        assert set(scope.values()) <= {"read", "none"}, f"{path.name}: {scope}"


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda path: path.name)
def test_no_secrets_where_a_pull_request_runs(path):
    document = load(path)
    events = triggers(document)
    # pull_request_target runs with the base repository's secrets next to a fork's code.
    assert "pull_request_target" not in events and "workflow_run" not in events, path.name
    if "pull_request" in events:
        assert not SECRET.search(path.read_text(encoding="utf-8")), f"{path.name} runs on pull requests"
        assert all("environment" not in job for job in document["jobs"].values()), path.name


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda path: path.name)
def test_checkouts_keep_no_token(path):
    for job in load(path)["jobs"].values():
        for step in job.get("steps", []):
            if str(step.get("uses", "")).startswith("actions/checkout@"):
                assert step.get("with", {}).get("persist-credentials") is False, path.name


def makefile_targets():
    return set(re.findall(r"^([A-Za-z][\w-]*):", MAKEFILE, flags=re.MULTILINE))


def test_workflows_call_the_readme_commands_not_a_copy():
    called = set()
    for path in WORKFLOWS:
        for script in run_scripts(load(path)):
            for line in commands(script):
                words = line.split()
                # The build and test commands live in the Makefile and scripts/, where developers
                # run them too; a workflow that spelled them out would drift from them.
                assert words[0] not in {"swift", "xcodebuild", "xcrun"}, f"{path.name}: {line}"
                if words[0] == "make":
                    called.add("make " + " ".join(words[1:]))
                elif words[0].startswith("scripts/"):
                    called.add(words[0])
    assert "make test" in called
    for command in sorted(called):
        if command.startswith("make "):
            for target in command.split()[1:]:
                assert target in makefile_targets(), f"{command}: no Makefile target {target}"
        else:
            script = ROOT / command
            assert script.is_file() and script.stat().st_mode & 0o111, f"{command} is not an executable script"
        assert f"`{command}" in README, f"the README does not give developers `{command}`"


def test_linux_runs_make_test_in_the_swift_image():
    document = load(by_name("linux.yml"))
    (job,) = document["jobs"].values()
    assert job["container"]["image"].startswith("swift:6.3")
    lines = [line for script in run_scripts(document) for line in commands(script)]
    assert "make test" in lines
    cached = [step["with"]["path"] for step in job["steps"] if str(step.get("uses", "")).startswith("actions/cache@")]
    assert ".build" in cached and ".venv" in cached


def test_apple_runs_apple_check_under_xcode_26_for_macos_and_ios():
    document = load(by_name("apple.yml"))
    (job,) = document["jobs"].values()
    assert job["runs-on"].startswith("macos-")
    assert set(job["strategy"]["matrix"]["part"]) == {"macos", "ios"}
    assert document["env"]["XCODE_MAJOR"] == "26"
    lines = [line for script in run_scripts(document) for line in commands(script)]
    assert 'scripts/apple-check.sh "${{ matrix.part }}"' in lines


def test_docs_and_api_run_the_maintainer_targets_with_tags():
    document = load(by_name("docs.yml"))
    lines = [line for script in run_scripts(document) for line in commands(script)]
    assert "make check-docs" in lines and "make api-check" in lines
    (job,) = document["jobs"].values()
    checkout = next(step for step in job["steps"] if str(step.get("uses", "")).startswith("actions/checkout@"))
    assert checkout["with"]["fetch-depth"] == 0, "api-check needs the v* tags"


def test_release_checks_the_pushed_tag():
    document = load(by_name("release.yml"))
    assert triggers(document) == {"push": {"tags": ["v*"]}}
    (job,) = document["jobs"].values()
    step = next(step for step in job["steps"] if "run" in step)
    # The tag reaches the script through the environment, never pasted into the shell text.
    assert step["env"]["TAG"] == "${{ github.ref_name }}"
    assert step["run"].strip() == 'scripts/check-release.sh "$TAG"'


def test_live_sandbox_schedule_secrets_and_zero_test_guard():
    path = by_name("live.yml")
    document = load(path)
    events = triggers(document)
    assert set(events) == {"push", "schedule", "workflow_dispatch"}
    assert events["push"] == {"branches": ["main"], "tags": ["v*"]}
    assert events["schedule"], "weekly run"
    (job,) = document["jobs"].values()
    assert job["environment"] == "live-sandbox"
    assert document["concurrency"]["cancel-in-progress"] is False, "a mutation run is never cut short"
    (step,) = [step for step in job["steps"] if "run" in step and "make live" in step["run"]]
    # `make live` is the README's command, and the one that fails when no live test ran.
    assert "make live" in list(commands(step["run"]))
    assert "no live test ran" in MAKEFILE
    mutations = step["env"]["MUTATIONS"]
    assert "refs/tags/v" in mutations and "inputs.suite == 'mutations'" in mutations
    # Secrets only in this step's environment: never in a command line, never echoed.
    text = path.read_text(encoding="utf-8")
    assert len(SECRET.findall(text)) == sum(len(SECRET.findall(str(value))) for value in step["env"].values())
    assert not re.search(r"(echo|printf)[^\n]*\$\{?(ASSINAFY|RECIPIENT)", step["run"])
    assert "set -x" not in step["run"]
