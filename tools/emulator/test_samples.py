"""samples.py: enough distinct valid samples, edge cases, forward-compat entries,
determinism, CLI output."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from jsonschema import Draft202012Validator, FormatChecker

import samples
from spec import load_spec


@pytest.fixture(scope="module")
def schemas():
    spec, _ = load_spec(None)
    return dict(samples.targets(spec, False))


@pytest.mark.parametrize("name", ["Account", "SignerSelf", "CostEstimate"])
def test_samples_valid_and_flagged(schemas, name):
    entries, stats = samples.samples_for(name, schemas[name], 50)
    validator = Draft202012Validator(schemas[name][0], format_checker=FormatChecker())
    assert stats["generated"] >= 50 and stats["rejected_edges"] == 0
    kinds = {e["kind"] for e in entries}
    assert {"edge:nulls", "edge:empty", "edge:unicode", "edge:large", "edge:unknown_key"} <= kinds
    for entry in entries:
        assert validator.is_valid(entry["value"]) != entry["forward_compat"], entry
    assert len({json.dumps(e["value"], sort_keys=True) for e in entries if e["kind"] == "generated"}) >= 50
    again, _ = samples.samples_for(name, schemas[name], 50)
    assert again == entries


def test_forward_compat_paths(schemas):
    entries, _ = samples.samples_for("Document", schemas["Document"], 50)
    flagged = {e["path"]: e["value"] for e in entries if e["forward_compat"]}
    assert flagged["assignment/method"]["assignment"]["method"] == samples.UNKNOWN_ENUM
    large = next(e["value"] for e in entries if e["kind"] == "edge:large")
    assert large["assignment"]["signers"][0]["step"] == 2 ** 63 - 1


def test_cli(tmp_path):
    out = tmp_path / "samples.json"
    run = subprocess.run([sys.executable, samples.__file__, "--out", str(out), "--schemas", "Tag,WebhookEventType",
                          "--jobs", "1"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "schemas: 2;" in run.stdout
    data = json.loads(out.read_text())
    assert set(data) == {"Tag", "WebhookEventType"} and all(len(v) >= 56 for v in data.values())
