"""Validates recorded HTTP exchanges against the contract with the emulator's own
openapi-core checks: what the Swift fake (AssinafyTesting) answered, or what the emulator
answered, so a conformance test can say which one the document disagrees with.

    python tools/emulator/validate_exchanges.py < exchanges.json > findings.json

Input: a JSON array of {method, target, request_headers, request_body, status,
response_headers, response_body}, bodies base64-encoded. Output: one entry per exchange,
{index, operation, errors, known_gaps, skipped}; `skipped` names why nothing was checked
(an operation neither document describes, or a transport failure without an answer).

The contract is openapi.yaml with openapi-unpublished.yaml merged in, as the generator merges
it: the client calls the unpublished template routes too, so their answers are checked."""

from __future__ import annotations

import base64
import json
import sys
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))

import venv_guard  # noqa: E402

venv_guard.ensure("openapi_core", "yaml")

from http_util import multipart_for_validation  # noqa: E402
from journal import KNOWN_GAP, Journal  # noqa: E402
from spec import REPO_ROOT, Router, load_spec  # noqa: E402
from validation import ContractValidator, OARequest, OAResponse  # noqa: E402


def header(headers: dict, name: str) -> str:
    return next((v for k, v in headers.items() if k.lower() == name.lower()), "")


def with_unpublished(spec: dict) -> dict:
    """Adds the unpublished document's operations, and the components it names that
    openapi.yaml lacks (where both have one, openapi.yaml's wins, as in the generator)."""
    path = REPO_ROOT / "openapi-unpublished.yaml"
    if not path.is_file():
        return spec
    extra, _ = load_spec(path)
    for route, item in (extra.get("paths") or {}).items():
        merged = spec.setdefault("paths", {}).setdefault(route, {})
        for key, value in item.items():
            merged.setdefault(key, value)
    for section, entries in (extra.get("components") or {}).items():
        known = spec.setdefault("components", {}).setdefault(section, {})
        for name, value in entries.items():
            known.setdefault(name, value)
    return spec


def main() -> int:
    exchanges = json.load(sys.stdin)
    spec = with_unpublished(load_spec()[0])
    router = Router(spec)
    journal = Journal()
    validator = ContractValidator(spec, journal)
    findings = []
    for index, exchange in enumerate(exchanges):
        target = urlsplit(exchange["target"])
        op, params, _ = router.match(exchange["method"], target.path)
        entry = {"index": index, "operation": op.operation_id if op else None, "errors": [], "known_gaps": []}
        if op is None:
            entry["skipped"] = "no operation of openapi.yaml has this method and path"
        elif exchange.get("status") is None:
            entry["skipped"] = "no answer (a transport fault)"
        else:
            request_headers = exchange.get("request_headers") or {}
            response_headers = exchange.get("response_headers") or {}
            request_type = header(request_headers, "Content-Type")
            body = base64.b64decode(exchange.get("request_body") or "")
            request = OARequest(exchange["method"], target.path, op.path, params,
                                parse_qsl(target.query, keep_blank_values=True), list(request_headers.items()),
                                multipart_for_validation(request_type, body), request_type)
            response = OAResponse(exchange["status"], list(response_headers.items()),
                                  base64.b64decode(exchange.get("response_body") or ""),
                                  header(response_headers, "Content-Type"))
            before = len(journal.violations)
            validator.check_response(op, request, response)
            for violation in journal.violations[before:]:
                bucket = "known_gaps" if violation["kind"] == KNOWN_GAP else "errors"
                entry[bucket].append(violation["message"])
        findings.append(entry)
    json.dump(findings, sys.stdout, ensure_ascii=False, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
