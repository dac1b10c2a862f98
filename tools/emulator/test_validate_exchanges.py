"""validate_exchanges.py: recorded answers checked against the contract, as the Swift
conformance test (Tests/AssinafyTestingTests/Conformance) uses it."""

from __future__ import annotations

import base64
import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent / "validate_exchanges.py"


def exchange(body: dict, target: str = "/v1/documents/statuses", status: int = 200) -> dict:
    return {"method": "GET", "target": target, "request_headers": {}, "request_body": "", "status": status,
            "response_headers": {"Content-Type": "application/json"},
            "response_body": base64.b64encode(json.dumps(body).encode()).decode()}


def run(exchanges: list) -> list:
    done = subprocess.run([sys.executable, str(SCRIPT)], input=json.dumps(exchanges).encode(),
                          capture_output=True, check=True)
    return json.loads(done.stdout)


def test_a_conforming_answer_has_no_findings_and_a_wrong_one_is_named():
    good = exchange({"status": 200, "message": "", "data": [{"code": "uploaded", "deletable": False}]})
    bad = exchange({"status": 200, "message": "", "data": [{"code": "uploaded", "deletable": "no"}]})
    findings = run([good, bad])
    assert findings[0]["errors"] == []
    assert len(findings[1]["errors"]) == 1 and "deletable" in findings[1]["errors"][0]


def test_what_the_contract_does_not_describe_is_skipped_not_passed():
    findings = run([exchange({}, target="/v1/no-such-route"), {**exchange({}), "status": None}])
    assert [f.get("skipped") is not None for f in findings] == [True, True]


def test_the_unpublished_routes_are_checked_too():
    template = {"status": 200, "message": "", "data": {"id": "t", "name": 7}}
    findings = run([exchange(template, target="/v1/accounts/a/templates/t")])
    assert "skipped" not in findings[0]
    assert len(findings[0]["errors"]) == 1 and "name" in findings[0]["errors"][0]
