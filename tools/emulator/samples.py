#!/usr/bin/env python3
"""Response-side conformance data: for every schema under `components/schemas`
(and, with --responses, every JSON 200 response of an operation), at least 50
valid JSON samples generated with hypothesis-jsonschema under a fixed seed, plus
hand-made edge cases (nulls, empty arrays, unicode, int64 extremes, only required
keys, unknown extra keys) and, per string-enum property, one deliberately
invalid `forward_compat` sample carrying the unknown value "future_value_x".

    python3 tools/emulator/samples.py --out samples.json [--spec openapi.yaml] [--count 50]

Output: {"SchemaName": [{"kind": ..., "forward_compat": bool, "value": <json>}, ...], ...}
(`path` names the altered property on forward_compat entries)."""

from __future__ import annotations

import argparse
import json
import os
import sys
import warnings
import time
import zlib
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import venv_guard  # noqa: E402

venv_guard.ensure("hypothesis", "hypothesis_jsonschema", "jsonschema", "yaml")

from hypothesis import HealthCheck, given, seed, settings  # noqa: E402
from hypothesis.errors import HypothesisWarning  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from hypothesis_jsonschema import from_schema  # noqa: E402
from hypothesis_jsonschema._from_schema import STRING_FORMATS  # noqa: E402
from jsonschema import Draft202012Validator, FormatChecker  # noqa: E402

from spec import Router, load_spec, resolve, response_schema  # noqa: E402

INT64 = (-(2 ** 63), 2 ** 63 - 1)
UNKNOWN_ENUM = "future_value_x"
DROP = {"description", "example", "examples", "summary", "deprecated", "xml", "externalDocs", "discriminator",
        "readOnly", "writeOnly", "x-nullable", "$comment", "title"}
UNICODE = 'Ünïcødé ✓ 漢字 🚀 "aspas" \\ barra'
LABELS = st.text("abcdefghijklmnopqrstuvwxyz0123456789", min_size=1, max_size=12)
CUSTOM_FORMATS = {
    "email": st.builds(lambda a, b: f"{a}@{b}.example.invalid", LABELS, LABELS),
    "uri": st.builds(lambda a, b: f"https://{a}.example.invalid/{b}", LABELS, LABELS),
}


def to_json_schema(spec: dict, node, stack: tuple = (), close: bool = False) -> dict | bool:
    """Inlines local $refs and keeps only what a JSON Schema generator understands;
    unbounded integers get int64 bounds. With `close`, objects that do not say
    otherwise refuse extra keys (generation only: random extra keys are slow to
    produce, and the `edge:unknown_key` sample covers them)."""
    if isinstance(node, bool):
        return node
    if not isinstance(node, dict):
        return {}
    if "$ref" in node:
        ref = node["$ref"]
        if ref in stack:
            return {}
        return to_json_schema(spec, resolve(spec, node), stack + (ref,), close)
    out = {}
    for key, value in node.items():
        if key in DROP or key.startswith("x-"):
            continue
        if key in ("properties", "patternProperties", "$defs", "definitions"):
            out[key] = {k: to_json_schema(spec, v, stack, close) for k, v in value.items()}
        elif key in ("items", "additionalProperties", "not", "contains", "propertyNames"):
            out[key] = to_json_schema(spec, value, stack, close)
        elif key in ("allOf", "anyOf", "oneOf", "prefixItems"):
            out[key] = [to_json_schema(spec, v, stack, close) for v in value]
        else:
            out[key] = value
    out = _merge_all_of(out)
    types = out.get("type")
    types = types if isinstance(types, list) else [types] if types else []
    if "format" in out and (out["format"] not in STRING_FORMATS or "string" not in types):
        del out["format"]
    if close and ("object" in types or "properties" in out) and "additionalProperties" not in out \
            and "allOf" not in out:
        out["additionalProperties"] = False
    if "integer" in types:
        out["minimum"] = max(out.get("minimum", INT64[0]), INT64[0])
        out["maximum"] = min(out.get("maximum", INT64[1]), INT64[1])
    return out


PLAIN_OBJECT_KEYS = {"type", "properties", "required", "additionalProperties"}


def _merge_all_of(schema: dict) -> dict:
    """Folds `allOf` parts that are plain objects into one object schema, so that the
    merged object can be closed against random extra keys."""
    parts = schema.get("allOf")
    if not parts or not all(isinstance(p, dict) and set(p) <= PLAIN_OBJECT_KEYS for p in parts):
        return schema
    if any(p.get("type", "object") != "object" for p in parts):
        return schema
    merged = {k: v for k, v in schema.items() if k != "allOf"}
    merged["type"] = "object"
    properties = dict(merged.get("properties", {}))
    required = list(merged.get("required", []))
    for part in parts:
        properties.update(part.get("properties", {}))
        required += [r for r in part.get("required", []) if r not in required]
        if part.get("additionalProperties") is True:
            merged["additionalProperties"] = True
    merged["properties"] = properties
    if required:
        merged["required"] = required
    return merged


def _types(schema: dict) -> list:
    kind = schema.get("type")
    if isinstance(kind, list):
        return kind
    if kind:
        return [kind]
    if "properties" in schema:
        return ["object"]
    return []


def edge(schema, mode: str):
    """A hand-made instance: mode is nulls | empty | unicode | large | required."""
    if not isinstance(schema, dict):
        return None
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        if mode == "nulls" and None in schema["enum"]:
            return None
        values = [v for v in schema["enum"] if v is not None]
        return values[-1 if mode == "large" else 0] if values else None
    if "allOf" in schema:
        merged = {}
        for part in schema["allOf"] + [{k: v for k, v in schema.items() if k != "allOf"}]:
            value = edge(part, mode)
            if isinstance(value, dict):
                merged.update(value)
        return merged
    for combinator in ("oneOf", "anyOf"):
        if combinator in schema:
            options = schema[combinator]
            nulls = [o for o in options if isinstance(o, dict) and o.get("type") == "null"]
            if mode == "nulls" and nulls:
                return None
            rest = [o for o in options if o not in nulls] or options
            return edge(rest[0], mode)
    types = _types(schema)
    if mode == "nulls" and "null" in types:
        return None
    kind = next((t for t in types if t != "null"), None)
    if kind == "object" or (kind is None and "properties" in schema):
        props = schema.get("properties", {})
        required = set(schema.get("required", []))
        keys = [k for k in props if k in required] if mode == "required" else list(props)
        return {k: edge(props[k], mode) for k in keys}
    if kind == "array":
        if mode in ("nulls", "empty", "required") and not schema.get("minItems"):
            return []
        return [edge(schema.get("items", {}), mode)] * max(1, schema.get("minItems", 1))
    if kind == "string":
        fmt = schema.get("format")
        if fmt == "date-time":
            return "2038-01-19T03:14:07Z" if mode == "large" else "1970-01-01T00:00:00Z"
        if fmt == "email":
            return "usuario.ção@example.invalid" if mode == "unicode" else "user+tag@example.invalid"
        if fmt == "uri":
            return "https://example.invalid/caminho?q=%C3%A7"
        if mode == "unicode":
            return UNICODE
        if mode == "large":
            return "x" * max(2048, schema.get("minLength", 0))
        return "" if not schema.get("minLength") else "a" * schema["minLength"]
    if kind == "integer":
        if mode == "large":
            return schema.get("maximum", INT64[1])
        return max(0, schema.get("minimum", 0))
    if kind == "number":
        if mode == "large":
            return schema.get("maximum", 1.7976931348623157e308)
        low = schema.get("minimum", schema.get("exclusiveMinimum", 0))
        return low + (0.5 if "exclusiveMinimum" in schema else 0)
    if kind == "boolean":
        return mode != "nulls"
    if kind == "null":
        return None
    return {"any": UNICODE} if mode == "unicode" else {}


def enum_paths(schema, prefix=()):
    """Paths (tuples of keys / 0 for array items) of every string-enum location."""
    if not isinstance(schema, dict):
        return
    values = schema.get("enum")
    if values and any(isinstance(v, str) for v in values):
        yield prefix
        return
    for part in schema.get("allOf", []):
        yield from enum_paths(part, prefix)
    for combinator in ("oneOf", "anyOf"):
        options = [o for o in schema.get(combinator, []) if isinstance(o, dict) and o.get("type") != "null"]
        if options:
            yield from enum_paths(options[0], prefix)
    for name, sub in schema.get("properties", {}).items():
        yield from enum_paths(sub, prefix + (name,))
    if isinstance(schema.get("items"), dict):
        yield from enum_paths(schema["items"], prefix + (0,))


def with_value(instance, path, value):
    if not path:
        return value
    clone = json.loads(json.dumps(instance))
    target = clone
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return clone


def generate(name: str, schema: dict, count: int, validator) -> list:
    found: dict[str, object] = {}
    with warnings.catch_warnings():  # "Overriding standard format 'email'/'uri'": intended
        warnings.simplefilter("ignore", HypothesisWarning)
        strategy = from_schema(schema, custom_formats=CUSTOM_FORMATS, allow_x00=False)  # the closed schema
    for round_ in range(6):
        wanted = count + 3 if round_ == 0 else 2 * (count - len(found))
        @seed(zlib.crc32(f"{name}/{round_}".encode()))
        @settings(max_examples=wanted, database=None, deadline=None, derandomize=False,
                  suppress_health_check=list(HealthCheck))
        @given(strategy)
        def collect(value):
            if validator.is_valid(value):
                found.setdefault(json.dumps(value, sort_keys=True), value)

        collect()
        if len(found) >= count:
            break
    return list(found.values())


def samples_for(name: str, schemas: tuple[dict, dict], count: int) -> tuple[list, dict]:
    """`schemas` is (faithful schema, closed generation schema); every sample kept is
    valid against the faithful one."""
    schema, closed = schemas
    validator = Draft202012Validator(schema, format_checker=FormatChecker())
    generated = generate(name, closed, count, validator)
    entries = [{"kind": "generated", "forward_compat": False, "value": v} for v in generated]
    stats = {"generated": len(entries), "edge": 0, "forward_compat": 0, "rejected_edges": 0}
    full = None
    for mode in ("nulls", "empty", "required", "unicode", "large"):
        value = edge(schema, mode)
        if not validator.is_valid(value):
            stats["rejected_edges"] += 1
            continue
        entries.append({"kind": f"edge:{mode}", "forward_compat": False, "value": value})
        stats["edge"] += 1
        if mode == "unicode":
            full = value
    if isinstance(full, dict):
        extra = {**full, "future_field_x": {"nested": [1, "dois", None, True]}}
        if validator.is_valid(extra):
            entries.append({"kind": "edge:unknown_key", "forward_compat": False, "value": extra})
            stats["edge"] += 1
    base = full if full is not None else edge(schema, "unicode")
    for path in dict.fromkeys(enum_paths(schema)):
        try:
            value = with_value(base, path, UNKNOWN_ENUM)
        except (KeyError, IndexError, TypeError):
            continue
        entries.append({"kind": "forward_compat", "forward_compat": True,
                        "path": "/".join(map(str, path)), "value": value})
        stats["forward_compat"] += 1
    return entries, stats


def _job(arguments):
    return samples_for(*arguments)


def targets(spec: dict, include_responses: bool):
    for name, schema in spec.get("components", {}).get("schemas", {}).items():
        yield name, (to_json_schema(spec, schema), to_json_schema(spec, schema, close=True))
    if include_responses:
        for op in Router(spec).operations:
            mime, schema = response_schema(spec, op)
            if mime == "application/json" and schema:
                yield f"response {op.key} 200", (to_json_schema(spec, schema), to_json_schema(spec, schema, close=True))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True, help="JSON file to write")
    parser.add_argument("--spec", help="contract (default: openapi.yaml, else the shared reference JSON)")
    parser.add_argument("--count", type=int, default=50, help="generated samples per schema (at least)")
    parser.add_argument("--responses", action="store_true", help="also cover operations' JSON 200 responses")
    parser.add_argument("--schemas", help="comma-separated subset of schema names (default: all)")
    parser.add_argument("--jobs", type=int, default=min(4, os.cpu_count() or 1),
                        help="worker processes (output does not depend on it)")
    args = parser.parse_args(argv)
    spec, spec_path = load_spec(args.spec)
    started = time.monotonic()
    output, totals, short = {}, {"generated": 0, "edge": 0, "forward_compat": 0, "rejected_edges": 0}, []
    work = list(targets(spec, args.responses))
    if args.schemas:
        wanted = set(args.schemas.split(","))
        work = [(name, schemas) for name, schemas in work if name in wanted]
    names = [name for name, _ in work]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(_job, [(name, schemas, args.count) for name, schemas in work], chunksize=1))
    else:
        results = [samples_for(name, schemas, args.count) for name, schemas in work]
    for name, (entries, stats) in zip(names, results):
        output[name] = entries
        for key in totals:
            totals[key] += stats[key]
        if stats["generated"] < args.count:
            short.append(f"{name} ({stats['generated']})")
    Path(args.out).write_text(json.dumps(output, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    elapsed = time.monotonic() - started
    print(f"spec: {spec_path}")
    print(f"schemas: {len(output)}; samples: {sum(len(v) for v in output.values())} "
          f"(generated {totals['generated']}, edge {totals['edge']}, forward_compat {totals['forward_compat']}; "
          f"edge cases not valid for their schema and skipped: {totals['rejected_edges']}) in {elapsed:.1f}s")
    if short:
        print("fewer than --count distinct valid samples: " + ", ".join(short))
    return 1 if short else 0


if __name__ == "__main__":
    sys.exit(main())
