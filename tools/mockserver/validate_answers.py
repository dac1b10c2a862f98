"""Validates answers made elsewhere (a Swift stub transport's) against a document's responses,
with the mock's own openapi-core configuration.

    python tools/mockserver/validate_answers.py --spec doc.yaml < answers.json

stdin: a JSON list of {"operationId", "status", "contentType", "body"} (body as text). Prints a
JSON list of violations ({"operationId", "message"}; an unknown operationId is one) and exits 0.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(1, str(HERE.parent / "emulator"))

from venv_guard import ensure  # noqa: E402

ensure("openapi_core", "werkzeug", "yaml")

from mock_app import MockApp, OARequest, load_document  # noqa: E402


def validate(app: MockApp, answers: list[dict]) -> list[dict]:
    routes = {route.operation_id: route for route in app.routes}
    for answer in answers:
        route = routes.get(answer["operationId"])
        if route is None:
            app.violations.append({"operationId": answer["operationId"], "message": "no such operation"})
            continue
        # The response is found by the request's path pattern; its parameters are not checked here.
        request = OARequest(route, route.template, {}, [], [], {}, b"", "")
        body = answer["body"].encode("utf-8")
        headers = [("Content-Type", answer["contentType"])] if answer["contentType"] else []
        app._validate_response(route, request, answer["status"], headers, body, answer["contentType"])
    return [{"operationId": v["operationId"], "message": v["message"]} for v in app.violations]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", required=True)
    arguments = parser.parse_args()
    app = MockApp(load_document(arguments.spec))
    print(json.dumps(validate(app, json.load(sys.stdin))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
