"""The mock server: each violation kind is reported, valid calls are not, answers satisfy
their schemas, generation is deterministic, and the HTTP front end serves the admin routes."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import requests

from instances import InstanceBuilder
from mock_app import MockApp, base_path, load_document

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "Tests" / "GeneratorTests" / "Fixtures" / "EndToEnd"
KEY = [("X-Clinic-Key", "key-1")]
REQUEST_ID = [("X-Request-Id", "00000000-0000-4000-8000-000000000001")]

DOC_31 = {
    "openapi": "3.1.0",
    "info": {"title": "t", "version": "1"},
    "servers": [{"url": "https://{region}.example.invalid/{version}",
                 "variables": {"region": {"default": "eu"}, "version": {"default": "v2"}}}],
    "components": {"securitySchemes": {
        "basic": {"type": "http", "scheme": "basic"},
        "bearer": {"type": "http", "scheme": "bearer"},
        "queryKey": {"type": "apiKey", "in": "query", "name": "api_key"}}},
    "paths": {
        "/things": {"post": {
            "operationId": "makeThing",
            "security": [{"basic": []}, {"bearer": [], "queryKey": []}],
            "requestBody": {"required": True, "content": {"application/x-www-form-urlencoded": {"schema": {
                "type": "object", "required": ["name"],
                "properties": {"name": {"type": "string"}, "count": {"type": "integer"}}}}}},
            "responses": {"201": {"description": "ok", "content": {"application/json": {"schema": {
                "anyOf": [{"type": "string"}, {"$ref": "#/components/schemas/Thing"}]}}}}}}},
    },
}
DOC_31["components"]["schemas"] = {"Thing": {"type": "object", "required": ["id"], "properties": {
    "id": {"type": "string"}, "tags": {"type": "array", "minItems": 2, "items": {"type": "string"}}}}}


@pytest.fixture
def clinic():
    return MockApp(load_document(str(FIXTURES / "petstore-3.0.yaml")))


def call(app, method, path, query=(), headers=(), cookies=None, body=b"", content_type=""):
    status, headers_out, payload = app.handle(
        method, path, list(query), list(headers), cookies or {}, body, content_type)
    return status, dict(headers_out), payload


def kinds(app):
    return [(v["kind"], v.get("location")) for v in app.violations]


def test_valid_calls_record_no_violation(clinic):
    assert call(clinic, "GET", "/api/pets", [("species", "dog"), ("tags", "a,b")], KEY + REQUEST_ID)[0] == 200
    body = json.dumps({"name": "Rex", "species": "dog"}).encode()
    assert call(clinic, "POST", "/api/pets", (), KEY, None, body, "application/json")[0] == 201
    assert call(clinic, "DELETE", "/api/pets/7", [("reason", "adopted")], (), {"clinic_session": "s"})[0] == 204
    assert call(clinic, "GET", "/api/health")[0] == 200
    assert clinic.violations == []
    assert [r["operationId"] for r in clinic.requests] == ["listPets", "createPet", "deletePet", "health"]


def test_unknown_route_is_reported(clinic):
    assert call(clinic, "GET", "/api/unknown", (), KEY)[0] == 404
    assert call(clinic, "PUT", "/api/health")[0] == 404
    assert kinds(clinic) == [("route", None), ("route", None)]


def test_missing_credential_is_a_security_violation(clinic):
    call(clinic, "GET", "/api/pets/1")
    call(clinic, "POST", "/api/session", (), (), {"clinic_session": "s"})  # only the header scheme counts here
    assert kinds(clinic) == [("security", None), ("security", None)]


@pytest.mark.parametrize("request_args, location", [
    (("GET", "/api/pets/not-a-number", (), KEY), "path"),
    (("GET", "/api/pets", [("limit", "500")], KEY + REQUEST_ID), "query"),
    (("GET", "/api/pets", (), KEY), "header"),
    (("GET", "/api/pets/1/visits", (), KEY, {"clinic_locale": "xx"}), "cookie"),
])
def test_parameter_violations_name_their_location(clinic, request_args, location):
    call(clinic, *request_args)
    assert kinds(clinic) == [("parameter", location)]


@pytest.mark.parametrize("body, content_type", [
    (b"", ""),
    (b'{"species": "dog"}', "application/json"),
    (b'{"name": "Rex", "species": "hamster"}', "application/json"),
    (b"name=Rex", "application/x-www-form-urlencoded"),
])
def test_body_violations(clinic, body, content_type):
    call(clinic, "POST", "/api/pets", (), KEY, None, body, content_type)
    assert [k for k, _ in kinds(clinic)] == ["body"]


def test_answers_use_examples_then_schemas_and_pass_their_own_check(clinic):
    status, headers, payload = call(clinic, "GET", "/api/owners/own_a/contact", (), KEY)
    contact = json.loads(payload)
    assert status == 200 and contact["channel"] == "email" and "@" in contact["address"]
    _, headers, payload = call(clinic, "GET", "/api/pets/1/photo", (), KEY)
    assert headers["Content-Type"] == "image/png" and payload
    _, headers, _ = call(clinic, "GET", "/api/pets", (), KEY + REQUEST_ID)
    assert int(headers["X-Total-Count"]) >= 0
    assert clinic.violations == []


def test_31_servers_forms_basic_and_combined_security():
    app = MockApp(DOC_31)
    assert app.base_path == "/v2"
    basic = [("Authorization", "Basic dTpw")]
    status, _, payload = call(app, "POST", "/v2/things", (), basic, None, b"name=a&count=2",
                              "application/x-www-form-urlencoded")
    assert status == 201 and json.loads(payload) == "string"
    # Both schemes of the second requirement are needed together.
    bearer = [("Authorization", "Bearer t")]
    call(app, "POST", "/v2/things", [("api_key", "k")], bearer, None, b"name=a", "application/x-www-form-urlencoded")
    assert app.violations == []
    call(app, "POST", "/v2/things", (), bearer, None, b"name=a", "application/x-www-form-urlencoded")
    call(app, "POST", "/v2/things", (), basic, None, b"count=x", "application/x-www-form-urlencoded")
    assert [v["kind"] for v in app.violations] == ["security", "body"]


def test_instances_are_deterministic_and_honour_the_schema():
    builder = InstanceBuilder(DOC_31)
    thing = {"$ref": "#/components/schemas/Thing"}
    assert builder.build(thing) == builder.build(thing)
    assert len(builder.build(thing)["tags"]) == 2
    assert builder.build({"type": ["null", "integer"], "minimum": 5}) == 5
    assert builder.build({"type": "string", "enum": [None, "b"]}) == "b"
    assert builder.build({"oneOf": [{"type": "null"}, {"type": "boolean"}]}) is True
    merged = builder.build({"allOf": [thing, {"properties": {"extra": {"type": "integer"}}, "required": ["extra"]}]})
    assert set(merged) >= {"id", "extra", "tags"}
    assert builder.build({"type": "string", "pattern": "^own_[a-z0-9]{4}$"}) == "own_aaaa"
    assert builder.build({"type": "object", "properties": {"secret": {"type": "string", "writeOnly": True}}}) == {}
    assert base_path({"servers": [{"url": "/relative/"}]}) == "/relative"


def test_unmapped_discriminator_takes_the_members_constant():
    # No mapping: a member that holds the property to a constant (here through allOf) is
    # selected by it, as the generator decodes it; one without a constant by its name.
    schemas = {
        "Fn": {"allOf": [{"type": "object", "properties": {"type": {"type": "string"}}},
                         {"properties": {"type": {"type": "string", "enum": ["function"]}}}]},
        "Other": {"type": "object", "properties": {"type": {"type": "string"}}},
    }
    builder = InstanceBuilder({"openapi": "3.1.0", "components": {"schemas": schemas}})
    def tool(first):
        return {"oneOf": [{"$ref": f"#/components/schemas/{first}"}], "discriminator": {"propertyName": "type"}}
    assert builder.build(tool("Fn"))["type"] == "function"
    assert builder.build(tool("Other"))["type"] == "Other"


def test_http_server_prints_its_port_and_serves_the_admin_routes():
    process = subprocess.Popen(
        [sys.executable, str(Path(__file__).with_name("mockserver.py")), "--spec", str(FIXTURES / "petstore-3.0.yaml")],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        started = json.loads(process.stdout.readline())
        base, admin = started["base_url"], started["admin_url"]
        assert base.startswith("http://127.0.0.1:") and base.endswith("/api") and started["operations"] == 12
        answer = requests.get(base + "/pets/3/visits", headers={"X-Clinic-Key": "k"},
                              cookies={"clinic_locale": "pt"}, timeout=5)
        assert answer.status_code == 200 and isinstance(answer.json(), list)
        requests.get(base + "/pets/3", timeout=5)
        recorded = requests.get(admin + "/requests", timeout=5).json()
        assert [r["operationId"] for r in recorded] == ["listVisits", "getPet"]
        assert recorded[0]["cookies"] == {"clinic_locale": "pt"}
        assert [v["kind"] for v in requests.get(admin + "/violations", timeout=5).json()] == ["security"]
        requests.post(admin + "/reset", timeout=5)
        assert requests.get(admin + "/violations", timeout=5).json() == []
    finally:
        process.stdin.close()
        assert process.wait(timeout=10) == 0


def test_wide_document_is_current_and_served(tmp_path):
    import wide_document

    out = tmp_path / "wide.yaml"
    sys.argv, saved = ["wide_document.py", "--out", str(out)], sys.argv
    try:
        wide_document.main()
    finally:
        sys.argv = saved
    committed = ROOT / "Tests" / "GeneratorTests" / "Fixtures" / "Documents" / "wide-multitag-3.0.yaml"
    assert out.read_text() == committed.read_text(), "run tools/mockserver/wide_document.py and commit the result"
    app = MockApp(load_document(str(committed)))
    assert len(app.routes) == 200 and len({tag for r in app.routes for tag in r.operation["tags"]}) == 20
    bearer = [("Authorization", "Bearer t")]
    assert call(app, "GET", "/v1/claims/c1", (), bearer)[0] == 200
    assert call(app, "POST", "/v1/claims/search", (), bearer, None, b"q=x&page=2",
                "application/x-www-form-urlencoded")[0] == 200
    assert call(app, "PUT", "/v1/claims/c1/attachment", (), bearer, None, b"\x00\x01",
                "application/octet-stream")[0] == 204
    assert app.violations == []


def multipart(parts, boundary="b0undary"):
    lines = []
    for name, content_type, payload in parts:
        lines += [f"--{boundary}", f'Content-Disposition: form-data; name="{name}"; filename="{name}"'
                  if content_type == "image/png" else f'Content-Disposition: form-data; name="{name}"']
        if content_type:
            lines.append(f"Content-Type: {content_type}")
        lines += ["", payload]
    lines += [f"--{boundary}--", ""]
    return "\r\n".join(lines).encode("latin-1"), f"multipart/form-data; boundary={boundary}"


def test_multipart_bodies_are_validated_part_by_part():
    app = MockApp(load_document(str(FIXTURES / "crm-3.1.yaml")))
    path = "/api/v1/contacts/3f2c1a9e-0000-4000-8000-00000000abcd/avatar"
    key = [("api_key", "k")]
    body, content_type = multipart([("image", "image/png", "\x89PNG"), ("caption", None, "hi"),
                                    ("crop", "application/json", '{"x": 1, "y": 2}')])
    assert call(app, "POST", path, key, (), None, body, content_type)[0] == 200
    assert app.violations == []
    body, content_type = multipart([("caption", None, "no image")])
    call(app, "POST", path, key, (), None, body, content_type)
    assert [v["kind"] for v in app.violations] == ["body"]


def test_a_path_key_with_a_query_routes_by_the_query_items_the_request_carries():
    body = {"type": "object", "required": ["code"], "properties": {"code": {"type": "string"}}}
    refresh = {"type": "object", "required": ["token"], "properties": {"token": {"type": "string"}}}

    def post(operation_id, schema):
        return {"post": {"operationId": operation_id, "requestBody": {"required": True, "content": {
            "application/json": {"schema": schema}}}, "responses": {"204": {"description": "ok"}}}}

    app = MockApp({"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
                   "paths": {"/token": post("issue", body), "/token?refresh": post("refresh", refresh)}})
    assert call(app, "POST", "/token", [("refresh", "")], body=b'{"token":"t"}',
                content_type="application/json")[0] == 204
    assert call(app, "POST", "/token", body=b'{"code":"c"}', content_type="application/json")[0] == 204
    assert [r["operationId"] for r in app.requests] == ["refresh", "issue"]
    assert app.violations == []


def test_a_multipart_body_that_is_a_one_of_is_read_part_by_part():
    def form(kind, extra):
        return {"type": "object", "required": ["id", "kind", extra], "properties": {
            "id": {"type": "string", "readOnly": True},
            "kind": {"type": "string", "const": kind}, extra: {"type": "integer"}}}

    app = MockApp({"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {"/items": {"post": {
        "operationId": "createItem", "requestBody": {"required": True, "content": {"multipart/form-data": {
            "schema": {"oneOf": [form("drink", "volume"), form("cake", "slices")]}}}},
        "responses": {"204": {"description": "ok"}}}}}})
    boundary = "b0undary"

    def body(fields):
        parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'
                 for name, value in fields]
        return ("".join(parts) + f"--{boundary}--\r\n").encode()

    content_type = f"multipart/form-data; boundary={boundary}"
    assert call(app, "POST", "/items", body=body([("kind", "cake"), ("slices", "8")]),
                content_type=content_type)[0] == 204
    assert app.violations == []
    call(app, "POST", "/items", body=body([("kind", "cake")]), content_type=content_type)
    assert [v["kind"] for v in app.violations] == ["body"]


def test_unmapped_discriminator_validates_by_the_members_constants():
    # openapi-core maps a discriminator value to the schema of that name; a member that holds
    # `type` to `function` must still accept `function` (the mapping is spelled out first).
    tool = {"type": "object", "required": ["type"],
            "properties": {"type": {"type": "string", "enum": ["function"]}, "name": {"type": "string"}}}
    app = MockApp({"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
                   "components": {"schemas": {
                       "FunctionTool": tool,
                       "Tool": {"oneOf": [{"$ref": "#/components/schemas/FunctionTool"}],
                                "discriminator": {"propertyName": "type"}}}},
                   "paths": {"/tools": {"post": {
                       "operationId": "addTool", "requestBody": {"required": True, "content": {
                           "application/json": {"schema": {"$ref": "#/components/schemas/Tool"}}}},
                       "responses": {"204": {"description": "ok"}}}}}})
    body = json.dumps({"type": "function", "name": "f"}).encode()
    assert call(app, "POST", "/tools", body=body, content_type="application/json")[0] == 204
    assert app.violations == []
    call(app, "POST", "/tools", body=json.dumps({"type": "FunctionTool"}).encode(), content_type="application/json")
    assert [v["kind"] for v in app.violations] == ["body"]


def test_a_vendor_format_is_an_annotation():
    # Twilio's `format: iso-country-code`: openapi-core refused the parameter ("Formatter not
    # found"); JSON Schema says an unknown format only annotates, so the value is checked as a
    # string, and a known format still checks its values.
    app = MockApp({"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {
        "/countries/{code}": {"get": {
            "operationId": "getCountry",
            "parameters": [
                {"name": "code", "in": "path", "required": True,
                 "schema": {"type": "string", "format": "iso-country-code"}},
                {"name": "since", "in": "query", "schema": {"type": "string", "format": "date"}}],
            "responses": {"204": {"description": "ok"}}}}}})
    assert call(app, "GET", "/countries/US")[0] == 204
    assert app.violations == []
    call(app, "GET", "/countries/US", [("since", "not-a-date")])
    assert [v["kind"] for v in app.violations] == ["parameter"]


def test_pattern_samples_take_one_alternative():
    # Twilio's message SIDs: `^(SM|MM)[0-9a-fA-F]{32}$` gave `SMMM0…`, matching neither.
    builder = InstanceBuilder(DOC_31)
    for pattern in ["^(SM|MM)[0-9a-fA-F]{32}$", "^(?:ab|cd)+x$", "^(x(y|z)){2}$", "^a|b$"]:
        value = builder.build({"type": "string", "pattern": pattern})
        assert re.search(pattern, value), (pattern, value)
