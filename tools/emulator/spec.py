"""Loading the OpenAPI contract, routing requests to its operations, and building
schema-valid placeholder instances for operations without a stateful handler."""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote

HTTP_METHODS = ("get", "put", "post", "delete", "patch", "options", "head")
REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_SPEC_CANDIDATES = (
    REPO_ROOT / "openapi.yaml",
    REPO_ROOT.parent / "shared" / "reference" / "assinafy-openapi-v1.json",
)


def default_spec_path() -> Path:
    for candidate in DEFAULT_SPEC_CANDIDATES:
        if candidate.is_file():
            return candidate
    raise FileNotFoundError("no openapi.yaml nor reference JSON found; pass --spec")


def repair_empty_items(node) -> int:
    """The published document declares `items: []` in nine places; `[]` is not a
    schema, `{}` (anything) is what was meant. Repairs in place, returns the count."""
    fixed = 0
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "items" and value == []:
                node[key] = {}
                fixed += 1
            else:
                fixed += repair_empty_items(value)
    elif isinstance(node, list):
        for value in node:
            fixed += repair_empty_items(value)
    return fixed


def load_spec(path: Path | str | None = None) -> tuple[dict, Path]:
    spec_path = Path(path) if path else default_spec_path()
    text = spec_path.read_text(encoding="utf-8")
    if spec_path.suffix in (".yaml", ".yml"):
        import yaml

        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        document = yaml.load(text, Loader=loader)
    else:
        document = json.loads(text)
    repair_empty_items(document)
    return document, spec_path


def resolve(spec: dict, node):
    """Follows a local `$ref` chain (siblings of `$ref` are ignored)."""
    seen = 0
    while isinstance(node, dict) and "$ref" in node:
        ref = node["$ref"]
        if not ref.startswith("#/"):
            raise ValueError(f"non-local $ref {ref}")
        target = spec
        for part in ref[2:].split("/"):
            target = target[part.replace("~1", "/").replace("~0", "~")]
        node = target
        seen += 1
        if seen > 50:
            raise ValueError("$ref cycle")
    return node


@dataclass
class Operation:
    method: str
    path: str
    operation_id: str
    security_class: str  # "account" | "signer" | "public"
    declared_statuses: set[str]
    parameters: list[dict]
    raw: dict = field(repr=False)
    regex: re.Pattern = field(repr=False, default=None)

    @property
    def key(self) -> str:
        return f"{self.method.upper()} {self.path}"

    @property
    def query_names(self) -> set[str]:
        return {p.get("name") for p in self.parameters if p.get("in") == "query"}

    @property
    def paginated(self) -> bool:
        return "page" in self.query_names or "per-page" in self.query_names


def security_class(operation: dict, spec: dict) -> str:
    requirements = operation.get("security", spec.get("security", []))
    schemes = spec.get("components", {}).get("securitySchemes", {})
    names = {name for requirement in requirements or [] for name in requirement}
    if not names:
        return "public"
    for name in names:
        scheme = schemes.get(name, {})
        if scheme.get("type") == "apiKey" and scheme.get("in") == "query":
            return "signer"
    return "account"


class Router:
    """Maps (method, concrete path) to an operation of the contract. Literal
    segments win over templated ones (`/documents/statuses` before `/documents/{id}`)."""

    def __init__(self, spec: dict):
        self.operations: list[Operation] = []
        templates = []
        for path, item in spec.get("paths", {}).items():
            shared = item.get("parameters", [])
            segments = path.strip("/").split("/")
            literal = sum(1 for s in segments if not s.startswith("{"))
            pattern = "^" + re.sub(r"\\\{([^}/]+)\\\}", r"(?P<\1>[^/]+)", re.escape(path)) + "$"
            regex = re.compile(pattern)
            ops = {}
            for method in HTTP_METHODS:
                if method not in item:
                    continue
                raw = item[method]
                params = [resolve(spec, p) for p in shared + raw.get("parameters", [])]
                op = Operation(
                    method=method,
                    path=path,
                    operation_id=raw.get("operationId") or f"{method}_{path}",
                    security_class=security_class(raw, spec),
                    declared_statuses=set(map(str, raw.get("responses", {}).keys())),
                    parameters=params,
                    raw=raw,
                    regex=regex,
                )
                ops[method] = op
                self.operations.append(op)
            templates.append((-literal, -len(segments), path, regex, ops))
        templates.sort(key=lambda t: t[:3])
        self._templates = templates
        self.by_id = {op.operation_id: op for op in self.operations}

    def match(self, method: str, path: str):
        """Returns (operation, path_params, allowed_methods)."""
        allowed: list[str] = []
        for _, _, _, regex, ops in self._templates:
            found = regex.match(path)
            if not found:
                continue
            op = ops.get(method.lower())
            params = {k: unquote(v) for k, v in found.groupdict().items()}
            if op is not None:
                return op, params, []
            if not allowed:
                allowed = [m.upper() for m in ops]
        return None, {}, allowed


# ---------------------------------------------------------------------------
# Placeholder instances


def _string_for(schema: dict) -> str:
    fmt = schema.get("format")
    return {
        "date-time": "2026-01-01T00:00:00Z",
        "date": "2026-01-01",
        "email": "placeholder@example.invalid",
        "uri": "https://example.invalid/",
        "binary": "",
        "password": "",
    }.get(fmt, "")


def build_instance(spec: dict, schema, depth: int = 0):
    """A small instance valid against `schema` (every declared property filled in)."""
    schema = resolve(spec, schema) if isinstance(schema, dict) else {}
    if depth > 12 or not isinstance(schema, dict):
        return None
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        values = [v for v in schema["enum"] if v is not None]
        return values[0] if values else None
    if "allOf" in schema:
        merged: dict = {}
        for part in schema["allOf"]:
            value = build_instance(spec, part, depth + 1)
            if isinstance(value, dict):
                merged.update(value)
        own = {k: v for k, v in schema.items() if k != "allOf"}
        if own.get("properties"):
            merged.update(build_instance(spec, own, depth + 1) or {})
        return merged
    for combinator in ("oneOf", "anyOf"):
        if combinator in schema:
            options = [resolve(spec, o) for o in schema[combinator]]
            for option in options:
                if option.get("type") == "null":
                    return None
            return build_instance(spec, options[0], depth + 1)
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = "null" if "null" in kind else (kind[0] if kind else None)
    if kind is None and "properties" in schema:
        kind = "object"
    if kind == "null":
        return None
    if kind == "object":
        return {
            name: build_instance(spec, sub, depth + 1)
            for name, sub in schema.get("properties", {}).items()
        }
    if kind == "array":
        return []
    if kind == "integer":
        return int(schema.get("minimum", 0))
    if kind == "number":
        return float(schema.get("minimum", 0))
    if kind == "boolean":
        return False
    if kind == "string":
        return _string_for(schema)
    return {}


def response_schema(spec: dict, op: Operation, status: str = "200"):
    response = resolve(spec, op.raw.get("responses", {}).get(status, {}))
    content = response.get("content") or {}
    if "application/json" in content:
        return "application/json", content["application/json"].get("schema", {})
    for mime, media in content.items():
        return mime, media.get("schema", {})
    return None, None


def validation_copy(spec: dict) -> dict:
    """The document handed to openapi-core: servers pinned to one placeholder origin
    so that any listener (127.0.0.1, 127.0.0.2, TLS or not) matches."""
    clone = copy.deepcopy(spec)
    clone["servers"] = [{"url": VALIDATION_ORIGIN}]
    for item in clone.get("paths", {}).values():
        item.pop("servers", None)
        for method in HTTP_METHODS:
            if method in item:
                item[method].pop("servers", None)
    return clone


VALIDATION_ORIGIN = "https://emulator.invalid"
