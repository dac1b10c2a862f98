"""Writes the 200-operation, 20-tag fixture document (Tests/GeneratorTests/Fixtures/Documents/
wide-multitag-3.0.yaml) that the fixture compile tests generate and compile. Deterministic:
re-running it rewrites the committed file byte for byte.

    python3 tools/mockserver/wide_document.py [--out PATH]
"""

from __future__ import annotations

import argparse
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "Tests" / "GeneratorTests" / "Fixtures" / "Documents" / "wide-multitag-3.0.yaml"
RESOURCES = [
    "invoice", "shipment", "warehouse", "supplier", "product", "coupon", "ticket", "agent", "survey", "campaign",
    "device", "sensor", "reading", "vehicle", "route", "driver", "policy", "claim", "lesson", "course",
]


def ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def json_content(schema: dict) -> dict:
    return {"application/json": {"schema": schema}}


def resource_operations(resource: str, index: int) -> tuple[dict, dict]:
    tag = resource.capitalize() + "s"
    model = resource.capitalize()
    base = f"/{resource}s"
    item = f"{base}/{{{resource}Id}}"
    id_param = {"name": f"{resource}Id", "in": "path", "required": True, "schema": {"type": "string"}}
    ok = lambda schema: {"200": {"description": "OK", "content": json_content(schema)}}  # noqa: E731

    def op(name, **extra):
        return {"operationId": f"{name}{model}", "tags": [tag], **extra}

    paths = {
        base: {
            "get": op("list", parameters=[
                {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1}},
                {"name": "status", "in": "query", "schema": {"type": "array", "items": ref(f"{model}Status")}},
            ], responses=ok(ref(f"{model}Page"))),
            "post": op("create", requestBody={"required": True, "content": json_content(ref(f"{model}Input"))},
                       responses={"201": {"description": "Created", "content": json_content(ref(model))}}),
        },
        item: {
            "parameters": [id_param],
            "get": op("get", responses=ok(ref(model))),
            "patch": op("update", requestBody={"content": json_content(ref(f"{model}Input"))}, responses=ok(ref(model))),
            "delete": op("delete", responses={"204": {"description": "Deleted"}}),
        },
        f"{item}/archive": {"parameters": [id_param], "post": op("archive", responses=ok(ref(model)))},
        f"{item}/attachment": {
            "parameters": [id_param],
            "put": op("upload", requestBody={"required": True, "content": {
                "application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}},
                responses={"204": {"description": "Stored"}}),
            "get": op("download", responses={"200": {"description": "Bytes", "content": {
                "application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}}}),
        },
        f"{base}/search": {
            "post": op("search", requestBody={"content": {"application/x-www-form-urlencoded": {"schema": {
                "type": "object", "properties": {"q": {"type": "string"}, "page": {"type": "integer"}}}}}},
                responses=ok(ref(f"{model}Page"))),
        },
        f"{base}/count": {
            "get": op("count", parameters=[{"name": "X-Tenant", "in": "header", "schema": {"type": "string"}}],
                      responses=ok({"type": "object", "required": ["count"],
                                    "properties": {"count": {"type": "integer"}}})),
        },
    }
    schemas = {
        f"{model}Status": {"type": "string", "enum": ["active", "paused", "closed"]},
        f"{model}Input": {"type": "object", "required": ["name"], "properties": {
            "name": {"type": "string"}, "notes": {"type": "string", "nullable": True},
            "priority": {"type": "integer", "minimum": 0, "maximum": 9},
            "labels": {"type": "array", "items": {"type": "string"}}}},
        model: {"allOf": [ref(f"{model}Input"), {"type": "object", "required": ["id", "status"], "properties": {
            "id": {"type": "string"}, "status": ref(f"{model}Status"),
            "created": {"type": "string", "format": "date-time"},
            "owner": ref("Owner") if index % 2 == 0 else {"type": "string"}}}]},
        f"{model}Page": {"type": "object", "required": ["items"], "properties": {
            "items": {"type": "array", "items": ref(model)}, "next": {"type": "string", "nullable": True}}},
    }
    return paths, schemas


def document() -> dict:
    paths, schemas = {}, {"Owner": {"oneOf": [
        {"type": "object", "required": ["user"], "properties": {"user": {"type": "string"}}},
        {"type": "object", "required": ["team"], "properties": {"team": {"type": "string"}}}]}}
    for index, resource in enumerate(RESOURCES):
        more_paths, more_schemas = resource_operations(resource, index)
        paths.update(more_paths)
        schemas.update(more_schemas)
    return {
        "openapi": "3.0.3",
        "info": {"title": "Wide multi-tag fixture", "version": "1.0.0",
                 "description": "Generated by tools/mockserver/wide_document.py: 20 tags, 10 operations each."},
        "servers": [{"url": "https://wide.example.invalid/v1"}],
        "security": [{"bearer": []}],
        "tags": [{"name": r.capitalize() + "s"} for r in RESOURCES],
        "paths": paths,
        "components": {"securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}, "schemas": schemas},
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default=str(OUT))
    args = parser.parse_args()
    text = yaml.safe_dump(document(), sort_keys=False, width=120)
    Path(args.out).write_text("# Generated by tools/mockserver/wide_document.py; do not edit.\n" + text)


if __name__ == "__main__":
    main()
