"""OpenAPI 3.2 in the mock: streamed answers framed and checked against their item schemas,
QUERY and additionalOperations routed, and the document validated as far as openapi-core can."""

import json

from mock_app import MockApp

TICK = {"type": "object", "required": ["n"], "properties": {"n": {"type": "integer", "minimum": 0}}}
DOC_32 = {
    "openapi": "3.2.0",
    "$self": "https://example.invalid/openapi.yaml",
    "info": {"title": "t", "version": "1"},
    "servers": [{"url": "https://api.example.invalid"}],
    "tags": [{"name": "ticks", "kind": "nav"}, {"name": "more", "parent": "ticks"}],
    "paths": {
        "/ticks": {"get": {"operationId": "watchTicks", "responses": {"200": {
            "description": "ok", "summary": "Ticks", "content": {"text/event-stream": {"itemSchema": {
                "type": "object", "required": ["data"], "properties": {
                    "event": {"type": "string"},
                    "data": {"type": "string", "contentMediaType": "application/json", "contentSchema": TICK}}}}}}}}},
        "/lines": {"get": {"operationId": "tailLines", "responses": {"200": {
            "description": "ok", "content": {"application/jsonl": {"itemSchema": TICK}}}}}},
        "/records": {"get": {"operationId": "tailRecords", "responses": {"200": {
            "description": "ok", "content": {"application/json-seq": {"itemSchema": TICK}}}}}},
        "/search": {
            "query": {"operationId": "searchTicks",
                      "requestBody": {"required": True, "content": {"application/json": {"schema": TICK}}},
                      "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": TICK}}}}},
            "additionalOperations": {"PURGE": {"operationId": "purgeTicks", "responses": {"204": {
                "description": "gone"}}}},
            "get": {"operationId": "findTicks", "parameters": [{
                "name": "filter", "in": "querystring", "content": {"application/json": {"schema": TICK}}}],
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": TICK}}}}},
        },
    },
}


def call(app, method, path, body=b"", content_type=None, query=()):
    return app.handle(method, path, list(query), [], {}, body, content_type)


def test_document_is_validated_as_the_31_subset():
    app = MockApp(DOC_32)  # strict document validation of the 3.1 copy
    assert {r.operation_id for r in app.routes} == {
        "watchTicks", "tailLines", "tailRecords", "searchTicks", "purgeTicks", "findTicks"}


def test_server_sent_events_carry_data_of_the_content_schema():
    app = MockApp(DOC_32)
    status, headers, body = call(app, "GET", "/ticks")
    assert status == 200 and ("Content-Type", "text/event-stream") in headers
    events = [block for block in body.decode().split("\n\n") if block.strip()]
    assert len(events) == 3
    for block in events:
        data = [line[6:] for line in block.split("\n") if line.startswith("data: ")]
        assert isinstance(json.loads("\n".join(data))["n"], int)
    assert app.violations == []


def test_json_lines_and_sequences_frame_each_item():
    app = MockApp(DOC_32)
    _, _, lines = call(app, "GET", "/lines")
    assert [isinstance(json.loads(line)["n"], int) for line in lines.splitlines()] == [True] * 3
    _, _, records = call(app, "GET", "/records")
    assert records.startswith(b"\x1e") and records.count(b"\x1e") == 3
    assert all(json.loads(r)["n"] >= 0 for r in records.split(b"\x1e") if r)
    assert app.violations == []


def test_query_method_is_routed_and_its_body_checked():
    app = MockApp(DOC_32)
    status, _, body = call(app, "QUERY", "/search", b'{"n": 2}', "application/json")
    assert status == 200 and "n" in json.loads(body)
    assert app.violations == []
    call(app, "QUERY", "/search", b'{"n": "two"}', "application/json")
    assert [v["kind"] for v in app.violations] == ["request"]


def test_additional_operation_and_querystring_are_served():
    app = MockApp(DOC_32)
    assert call(app, "PURGE", "/search")[0] == 204
    assert call(app, "GET", "/search", query=[('{"n":1}', "")])[0] == 200
    assert app.violations == []


DOC_BESIDE_JSON = {
    "openapi": "3.1.0",
    "info": {"title": "t", "version": "1"},
    "paths": {"/chat": {"post": {"operationId": "createChat", "responses": {"200": {
        "description": "ok", "content": {
            "application/json": {"schema": TICK},
            "text/event-stream": {"schema": TICK}}}}}}},
}


def test_a_response_offering_json_and_a_stream_answers_as_the_request_accepts():
    app = MockApp(DOC_BESIDE_JSON)
    status, headers, body = app.handle("POST", "/chat", [], [("Accept", "text/event-stream")], {}, b"", None)
    assert status == 200 and ("Content-Type", "text/event-stream") in headers
    assert "data: {" in body.decode()
    status, headers, body = app.handle("POST", "/chat", [], [("Accept", "application/json")], {}, b"", None)
    assert ("Content-Type", "application/json") in headers and isinstance(json.loads(body)["n"], int)
    status, headers, body = call(app, "POST", "/chat")
    assert ("Content-Type", "application/json") in headers
    assert app.violations == []
