"""OpenAPI 3.2 in the mock: streamed answers built from `itemSchema`, and what openapi-core
(which knows 3.0 and 3.1 only) can still validate in a 3.2 document.

openapi-core is given a 3.1 copy of the document without the constructs 3.1 lacks; the mock
checks the rest itself: a QUERY or `additionalOperations` call's JSON body against its schema,
and every streamed item against its item schema. An `in: querystring` parameter is not
validated."""

from __future__ import annotations

import copy
import json

STREAM_TYPES = {
    "text/event-stream": "sse",
    "application/jsonl": "lines",
    "application/x-ndjson": "lines",
    "application/json-seq": "seq",
}
STREAM_ITEMS = 3
METHODS_31 = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def stream_kind(media_type: str):
    return STREAM_TYPES.get(media_type.split(";")[0].strip().lower())


def is_32(document: dict) -> bool:
    return str(document.get("openapi", "")).startswith("3.2")


def extra_operations(item: dict):
    """(method, operation) for the 3.2 methods of a path item: QUERY and `additionalOperations`."""
    found = []
    if isinstance(item.get("query"), dict):
        found.append(("query", item["query"]))
    for name, operation in (item.get("additionalOperations") or {}).items():
        if isinstance(operation, dict):
            found.append((name.lower(), operation))
    return found


def validation_copy(document: dict) -> dict:
    """`document` as the 3.1 document openapi-core can read: 3.2-only members removed."""
    if not is_32(document):
        return document
    clone = copy.deepcopy(document)
    clone["openapi"] = "3.1.0"
    clone.pop("$self", None)
    (clone.get("components") or {}).pop("mediaTypes", None)
    for tag in clone.get("tags") or []:
        for member in ("parent", "kind", "summary"):
            tag.pop(member, None)
    _strip(clone)
    for item in (clone.get("paths") or {}).values():
        item.pop("query", None)
        item.pop("additionalOperations", None)
    return clone


def _strip(node):
    """Drops `itemSchema`, `in: querystring` parameters and 3.2 response/example members."""
    if isinstance(node, dict):
        node.pop("itemSchema", None)
        node.pop("itemEncoding", None)
        node.pop("prefixEncoding", None)
        node.pop("dataValue", None)
        node.pop("serializedValue", None)
        if "description" in node and "content" in node and "summary" in node:
            node.pop("summary", None)
        flows = node.get("flows")
        if isinstance(flows, dict):
            flows.pop("deviceAuthorization", None)
        node.pop("oauth2MetadataUrl", None)
        params = node.get("parameters")
        if isinstance(params, list):
            node["parameters"] = [p for p in params if not (isinstance(p, dict) and p.get("in") == "querystring")]
        for value in node.values():
            _strip(value)
    elif isinstance(node, list):
        for value in node:
            _strip(value)


def stream_items(media: dict, builder, example_of) -> list:
    """The items a streamed answer carries: the media type's examples (a list value is the
    items), else items built from the item schema (`schema`'s items, or `schema`, in 3.1)."""
    schema = item_schema(media, builder)
    example = example_of(media)
    if isinstance(example, list) and example:
        return example
    return [builder.build(schema) for _ in range(STREAM_ITEMS)]


def item_schema(media: dict, builder) -> dict:
    schema = media.get("itemSchema")
    if schema is None:
        schema = builder.resolve(media.get("schema") or {})
        if schema.get("type") == "array" and "items" in schema and "itemSchema" not in media:
            schema = schema["items"]
    return builder.resolve(schema or {})


def event_data_schema(schema: dict, builder):
    """For an event-shaped SSE item schema (one with a `data` property), the schema of the data
    and whether it travels as JSON; `None` when the item schema is the data's own."""
    data = (schema.get("properties") or {}).get("data")
    if data is None:
        return None
    data = builder.resolve(data)
    if "contentSchema" in data:
        return builder.resolve(data["contentSchema"]), True
    return data, data.get("type") != "string"


def serialize(kind: str, items: list, media: dict, builder) -> bytes:
    """`items` framed as `kind` (sse, lines, seq)."""
    if kind == "lines":
        return b"".join(json.dumps(item).encode() + b"\n" for item in items)
    if kind == "seq":
        return b"".join(b"\x1e" + json.dumps(item).encode() + b"\n" for item in items)
    schema = item_schema(media, builder)
    shape = event_data_schema(schema, builder)
    out = []
    for index, item in enumerate(items):
        lines = []
        if shape is not None and isinstance(item, dict):
            data_schema, as_json = shape
            if "event" in item:
                lines.append("event: %s" % item["event"])
            lines.append("id: %s" % item.get("id", index))
            data = item.get("data")
            if as_json and (data is None or not builder.satisfies(_parsed(data), data_schema)):
                data = builder.build(data_schema)
            text = json.dumps(data) if as_json and not isinstance(data, str) else str(data)
        else:
            lines.append("id: %d" % index)
            text = item if isinstance(item, str) else json.dumps(item)
        lines.extend("data: " + line for line in text.split("\n"))
        out.append("\n".join(lines) + "\n\n")
    return "".join(out).encode()


def _parsed(value):
    """A JSON text as its value (an example may give the data as text)."""
    if isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


def check_items(kind: str, body: bytes, media: dict, builder) -> list:
    """Messages for the items of `body` that do not satisfy their item schema (a self-check)."""
    schema = item_schema(media, builder)
    problems = []
    if kind == "sse":
        shape = event_data_schema(schema, builder)
        target, as_json = shape if shape is not None else (schema, schema.get("type") != "string")
        for block in body.decode().split("\n\n"):
            data = "\n".join(l[6:] for l in block.split("\n") if l.startswith("data: "))
            if not block.strip():
                continue
            value = json.loads(data) if as_json else data
            if not builder.satisfies(value, target):
                problems.append("event data does not satisfy the item schema: %s" % data[:200])
        return problems
    for record in body.split(b"\x1e" if kind == "seq" else b"\n"):
        if not record.strip():
            continue
        value = json.loads(record)
        if not builder.satisfies(value, schema):
            problems.append("item does not satisfy the item schema: %s" % record[:200].decode())
    return problems
