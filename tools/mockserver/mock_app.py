"""The mock's request handling, free of any socket: route → validate → record → answer.
Tests drive `MockApp.handle` directly or through the HTTP server in mockserver.py."""

from __future__ import annotations

import copy
import json
import re
import threading
from collections import defaultdict
from urllib.parse import unquote, urlsplit

from openapi_core import Config, OpenAPI
from openapi_core.datatypes import RequestParameters
from openapi_core.deserializing.media_types import media_type_deserializers
from openapi_core.deserializing.media_types.factories import MediaTypeDeserializersFactory
from openapi_core.deserializing.styles import style_deserializers_factory
from openapi_core.templating.paths.exceptions import PathError
from openapi_core.templating.security.exceptions import SecurityNotFound
from openapi_core.validation.request.exceptions import (
    ParameterValidationError,
    RequestBodyValidationError,
    SecurityValidationError,
)
from werkzeug.datastructures import Headers, ImmutableMultiDict

from bundle import bundle_file
from instances import InstanceBuilder
import openapi32

METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
VALIDATION_ORIGIN = "https://mock.invalid"
ADMIN_PREFIX = "/__mock"
BINARY_BODY = b"\x00\x01mock-binary\xff"


def load_document(path: str) -> dict:
    """The document at `path`, with the files it refers to inlined (bundle.py)."""
    return bundle_file(path)


def _binary_as_text(value, **_parameters):
    # openapi-core hands `format: binary` payloads to the JSON Schema validator as bytes,
    # which it rejects as "not a string"; the schema means "any octets".
    return value.decode("latin-1") if isinstance(value, (bytes, bytearray)) else value


# Formats openapi-core or JSON Schema define; any other (`iso-country-code`, `phone-number`) is
# an annotation, which JSON Schema says to ignore, as the generator does (with a warning).
KNOWN_FORMATS = {
    "date", "date-time", "time", "duration", "email", "idn-email", "hostname", "idn-hostname", "ipv4", "ipv6",
    "uri", "uri-reference", "iri", "iri-reference", "uri-template", "uuid", "json-pointer",
    "relative-json-pointer", "regex", "int32", "int64", "float", "double", "byte", "binary", "password",
}


def _formats(node, found: set) -> set:
    if isinstance(node, dict):
        if isinstance(node.get("format"), str):
            found.add(node["format"])
        for value in node.values():
            _formats(value, found)
    elif isinstance(node, list):
        for item in node:
            _formats(item, found)
    return found


def _config(validate_document: bool = True, document=None) -> Config:
    deserializers = defaultdict(lambda: _binary_as_text, **dict(media_type_deserializers))
    deserializers["application/octet-stream"] = _binary_as_text
    # Other organisations' documents break the OpenAPI schema in places the generator tolerates
    # (a string `default` on a boolean); without document validation requests are still checked.
    lenient = {} if validate_document else {"spec_validator_cls": None}
    # openapi-core refuses a value whose format it has no unmarshaller for.
    unknown = sorted(_formats(document, set()) - KNOWN_FORMATS) if document is not None else []
    validators = {name: (lambda v: True) for name in unknown}
    validators["binary"] = lambda v: isinstance(v, (str, bytes))
    return Config(
        **lenient,
        extra_format_validators=validators,
        extra_format_unmarshallers={name: (lambda v: v) for name in unknown},
        media_type_deserializers_factory=MediaTypeDeserializersFactory(
            style_deserializers_factory, media_type_deserializers=deserializers
        ),
    )


def base_path(document: dict) -> str:
    """The path part of the first server URL, variables at their defaults: the prefix the
    client puts before every operation path."""
    servers = document.get("servers") or [{"url": "/"}]
    url = servers[0].get("url", "/")
    for name, variable in (servers[0].get("variables") or {}).items():
        url = url.replace("{" + name + "}", str(variable.get("default", "")))
    return urlsplit(url).path.rstrip("/")


class Route:
    def __init__(self, method: str, template: str, operation: dict, item: dict, validated: bool = True):
        self.method = method
        self.validated = validated
        self.template = template
        self.operation = operation
        self.item = item
        self.operation_id = operation.get("operationId") or f"{method.upper()} {template}"
        # A key with a query string (`/oauth/token?refresh`) is that path when the request's
        # query carries those items, as the generated client sends them on every call.
        path_part, _, query = template.partition("?")
        self.constant_query = [tuple(item.split("=", 1)) if "=" in item else (item, None)
                               for item in (unquote(i) for i in query.split("&")) if item]
        self.names = re.findall(r"\{([^}]+)\}", path_part)
        pattern = re.escape(path_part)
        for index, name in enumerate(self.names):
            pattern = pattern.replace(re.escape("{" + name + "}"), f"(?P<p{index}>[^/]+)", 1)
        self.regex = re.compile("^" + pattern + "$")
        self.literal_segments = sum(1 for s in path_part.split("/") if s and "{" not in s)

    def match(self, path: str, query_pairs=()):
        found = self.regex.match(path)
        if not found:
            return None
        present = dict(query_pairs)
        for name, value in self.constant_query:
            if name not in present or (value is not None and present[name] != value):
                return None
        return {name: found.group(f"p{index}") for index, name in enumerate(self.names)}


class OARequest:
    """openapi_core.protocols.Request + SupportsPathPattern over one recorded request."""

    def __init__(self, route: Route, path: str, path_params, query_pairs, headers, cookies, body, content_type):
        self.host_url = VALIDATION_ORIGIN
        self.path = path
        self.path_pattern = route.template
        self.method = route.method
        self.body = body if body else None
        self.content_type = content_type or ""
        self.parameters = RequestParameters(
            query=ImmutableMultiDict(query_pairs), header=Headers(list(headers)),
            cookie=ImmutableMultiDict(list(cookies.items())), path=dict(path_params),
        )


class OAResponse:
    def __init__(self, status, headers, body, content_type):
        self.status_code = int(status)
        self.headers = Headers(list(headers))
        self.data = body or b""
        self.content_type = content_type or ""


def acceptable(content: dict, accept) -> str:
    """The media type of `content` the request's Accept header names (exactly or as `type/*`),
    else the first: a response offering JSON and a stream answers as the request asks."""
    ranges = [part.split(";")[0].strip().lower() for part in (accept or "").split(",")]
    for wanted in ranges:
        for media_type in content:
            base = media_type.split(";")[0].strip().lower()
            if wanted == base or (wanted.endswith("/*") and wanted != "*/*" and base.startswith(wanted[:-1])):
                return media_type
    return next(iter(content))


def classify(error: Exception) -> tuple[str, dict]:
    """(kind, details) of one openapi-core finding: the violation kinds tests assert on."""
    if isinstance(error, (SecurityValidationError, SecurityNotFound)):
        return "security", {}
    if isinstance(error, ParameterValidationError):
        return "parameter", {"location": error.location, "name": error.name}
    if isinstance(error, RequestBodyValidationError):
        return "body", {}
    if isinstance(error, PathError):
        return "route", {}
    return "request", {}


def describe(error: Exception) -> str:
    parts = [f"{type(error).__name__}: {error}"]
    cause = error.__cause__ or error.__context__
    while cause is not None and len(parts) < 4:
        details = getattr(cause, "schema_errors", None)
        if details:
            parts.append("; ".join(
                f"{'/'.join(map(str, e.absolute_path)) or '<root>'}: {e.message}" for e in details))
            break
        parts.append(f"{type(cause).__name__}: {cause}")
        cause = cause.__cause__ or cause.__context__
    return " <- ".join(parts)


_DEFAULT_TYPES = {"boolean": (bool,), "integer": (int,), "number": (int, float), "string": (str,)}


def _drop_mistyped_defaults(node) -> None:
    """Removes `default`s of another type than their schema (`default: 'false'` on a boolean):
    openapi-core fills them into the request it checks and then blames the request for them."""
    if isinstance(node, list):
        for item in node:
            _drop_mistyped_defaults(item)
        return
    if not isinstance(node, dict):
        return
    kind = node.get("type")
    if isinstance(kind, str) and kind in _DEFAULT_TYPES and "default" in node:
        value = node["default"]
        if not isinstance(value, _DEFAULT_TYPES[kind]) or (kind != "boolean" and isinstance(value, bool)):
            del node["default"]
    for value in node.values():
        _drop_mistyped_defaults(value)


def _map_discriminators_by_constants(document: dict) -> None:
    """Spells out, in each discriminator's `mapping`, the values the generator reads from the
    members themselves (instances.py `_mapping_key`): a member holding the property to `function`
    is selected by `function`. openapi-core knows only the implicit mapping by schema name, so it
    would look for a schema named `function` and refuse the only values such a member allows."""
    builder = InstanceBuilder(document)

    def visit(node) -> None:
        if isinstance(node, list):
            for item in node:
                visit(item)
            return
        if not isinstance(node, dict):
            return
        discriminator = node.get("discriminator")
        members = node.get("oneOf") or node.get("anyOf") or []
        if isinstance(discriminator, dict) and isinstance(discriminator.get("propertyName"), str):
            mapping = dict(discriminator.get("mapping") or {})
            named = {target.split("/")[-1] for target in mapping.values()}
            for member in members:
                ref = member.get("$ref") if isinstance(member, dict) else None
                if not isinstance(ref, str) or ref.split("/")[-1] in named:
                    continue
                for value in builder._constants(discriminator["propertyName"], member, 0) or []:
                    mapping.setdefault(value, ref)
            if mapping:
                node["discriminator"] = {**discriminator, "mapping": mapping}
        for value in node.values():
            visit(value)

    visit(document)


def _name_union_form_parts(document: dict) -> None:
    """Gives a form body that is a `oneOf`/`anyOf` (a beverage or a dessert) the names of its
    members' parts as its own `properties`: openapi-core reads a multipart or urlencoded body
    by the top-level `properties` alone, so it would check an empty object against the union.
    Each name keeps only its type (for decoding the part); the union, its members' `allOf`s
    merged, still checks the value (the discriminator is left out: its mapping names schemas
    the merged members no longer are)."""
    builder = InstanceBuilder(document)
    for item in (document.get("paths") or {}).values():
        for method in METHODS:
            operation = item.get(method) if isinstance(item, dict) else None
            if not isinstance(operation, dict):
                continue
            body = builder.resolve(operation.get("requestBody") or {})
            for media_type, media in (body.get("content") or {}).items():
                if not (media_type.startswith("multipart/") or media_type == "application/x-www-form-urlencoded"):
                    continue
                schema = builder.resolve(media.get("schema") or {})
                alternatives = schema.get("oneOf") or schema.get("anyOf")
                if not alternatives or schema.get("properties"):
                    continue
                names = {}
                forms = []
                for alternative in alternatives:
                    flat = builder._flatten(alternative)
                    properties = {name: builder.resolve(member) for name, member in flat["properties"].items()}
                    for name, member in properties.items():
                        names.setdefault(name, {k: member[k] for k in ("type", "format", "items") if k in member})
                    # As for samples (instances.py): a required readOnly member is required in
                    # responses only, which openapi-core applies to 3.0 documents alone.
                    flat["required"] = [r for r in flat["required"] if not properties.get(r, {}).get("readOnly")]
                    forms.append(flat)
                key = "oneOf" if schema.get("oneOf") else "anyOf"
                rewritten = {k: v for k, v in schema.items() if k != "discriminator"}
                rewritten.update({"type": schema.get("type", "object"), "properties": names, key: forms})
                media["schema"] = rewritten


class MockApp:
    def __init__(self, document: dict, validate_document: bool = True):
        self.document = document
        self.base_path = base_path(document)
        self.builder = InstanceBuilder(document)
        self.request_builder = InstanceBuilder(document, for_requests=True)
        self.routes = [
            Route(method, template, item[method], item)
            for template, item in (document.get("paths") or {}).items()
            for method in METHODS if isinstance(item.get(method), dict)
        ] + [
            # 3.2 QUERY and additionalOperations: openapi-core cannot see them (openapi32.py).
            Route(method, template, operation, item, validated=False)
            for template, item in (document.get("paths") or {}).items()
            for method, operation in openapi32.extra_operations(item)
        ]
        # Literal segments before templated ones: `/pets/mine` wins over `/pets/{id}`; a key whose
        # query the request carries before the same path without one.
        self.routes.sort(key=lambda r: (-r.literal_segments, -len(r.constant_query)))
        self.openapi = OpenAPI.from_dict(self._validation_copy(document), config=_config(validate_document, document))
        self.lock = threading.Lock()
        self.requests: list[dict] = []
        self.violations: list[dict] = []

    @staticmethod
    def _validation_copy(document: dict) -> dict:
        clone = copy.deepcopy(openapi32.validation_copy(document))
        _drop_mistyped_defaults(clone)
        clone["servers"] = [{"url": VALIDATION_ORIGIN}]
        _name_union_form_parts(clone)
        _map_discriminators_by_constants(clone)
        for item in (clone.get("paths") or {}).values():
            item.pop("servers", None)
            for method in METHODS:
                if isinstance(item.get(method), dict):
                    item[method].pop("servers", None)
        return clone

    # MARK: entry point

    def handle(self, method, path, query_pairs, headers, cookies, body, content_type):
        if path == ADMIN_PREFIX or path.startswith(ADMIN_PREFIX + "/"):
            return self._admin(method, path[len(ADMIN_PREFIX):])
        relative = path[len(self.base_path):] if self.base_path and path.startswith(self.base_path) else None
        if relative is None and not self.base_path:
            relative = path
        route, params = self._route(method, relative, query_pairs)
        record = {
            "method": method, "path": path, "operationId": route.operation_id if route else None,
            "query": [list(pair) for pair in query_pairs], "headers": [list(h) for h in headers],
            "cookies": cookies, "content_type": content_type, "body_size": len(body or b""),
            "body": (body or b"")[:4096].decode("utf-8", "replace"),
        }
        with self.lock:
            self.requests.append(record)
        if route is None:
            self._violation("route", None, f"no operation for {method} {path}", method=method, path=path)
            return 404, [("Content-Type", "application/json")], b'{"error":"no such operation"}'
        request = OARequest(route, relative, params, query_pairs, headers, cookies, body, content_type)
        if route.validated:
            self._validate_request(route, request)
        else:
            self._check_body(route, body, content_type)
        accept = next((value for name, value in headers if name.lower() == "accept"), None)
        status, response_headers, response_body, media = self._answer(route, accept)
        kind = openapi32.stream_kind(media)
        if kind:
            for message in openapi32.check_items(kind, response_body, self._media(route, media), self.builder):
                self._violation("response", route.operation_id, message, status=status)
        elif route.validated:
            self._validate_response(route, request, status, response_headers, response_body, media)
        return status, response_headers, response_body

    # MARK: validation

    def _route(self, method: str, relative, query_pairs=()):
        if relative is None:
            return None, {}
        matches = []
        for route in self.routes:
            if route.method != method.lower():
                continue
            params = route.match(relative, query_pairs)
            if params is not None:
                matches.append((route, params))
        if not matches:
            return None, {}
        # Routes of the same shape (`/items/{id}` and `/items/{name}`): the one whose path
        # parameters the values satisfy, as the real server would have to tell them apart.
        tied = [m for m in matches if m[0].literal_segments == matches[0][0].literal_segments]
        for route, params in tied if len(tied) > 1 else []:
            if self._path_values_fit(route, params):
                return route, params
        return matches[0]

    def _path_values_fit(self, route: Route, params: dict) -> bool:
        declared = (route.item.get("parameters") or []) + (route.operation.get("parameters") or [])
        for parameter in map(self.builder.resolve, declared):
            if parameter.get("in") != "path" or parameter.get("name") not in params:
                continue
            value = params[parameter["name"]]
            schema = self.builder.resolve(parameter.get("schema") or {})
            if schema.get("type") in ("integer", "number"):
                try:
                    value = int(value) if schema["type"] == "integer" else float(value)
                except ValueError:
                    return False
            if not self.builder.satisfies(value, schema):
                return False
        return True

    def _validate_request(self, route: Route, request: OARequest):
        try:
            errors = list(self.openapi.unmarshal_request(request).errors)
        except Exception as exc:  # a validator crash is itself worth reporting
            errors = [exc]
        for error in errors:
            kind, details = classify(error)
            self._violation(kind, route.operation_id, describe(error), **details)

    def _check_body(self, route: Route, body, content_type):
        """What openapi-core cannot check for a 3.2-only method: a JSON body against its schema."""
        content = self.builder.resolve(route.operation.get("requestBody") or {}).get("content") or {}
        media = content.get((content_type or "").split(";")[0].strip())
        if not media or "json" not in (content_type or "") or "schema" not in media:
            return
        try:
            value = json.loads(body or b"null")
        except ValueError:
            value = None
        if not self.builder.satisfies(value, media["schema"]):
            self._violation("request", route.operation_id, "request body does not satisfy its schema")

    def _media(self, route: Route, media_type: str) -> dict:
        _, response = self._success(route.operation)
        content = self.builder.resolve(response or {}).get("content") or {}
        return self.builder.resolve(content.get(media_type) or {})

    def _validate_response(self, route, request, status, headers, body, media):
        # A self-check: a generated answer that breaks its own schema is a mock defect, and a
        # client test must not pass because the mock answered something the document forbids.
        try:
            response = OAResponse(status, headers, body, media)
            errors = list(self.openapi.unmarshal_response(request, response).errors)
        except Exception as exc:
            errors = [exc]
        for error in errors:
            self._violation("response", route.operation_id, describe(error), status=status)

    def _violation(self, kind: str, operation_id, message: str, **details):
        with self.lock:
            self.violations.append({"kind": kind, "operationId": operation_id, "message": message, **details})

    # MARK: answers

    def _answer(self, route: Route, accept=None):
        code, response = self._success(route.operation)
        status = 200 if code in ("default", "2XX") else int(code)
        response = self.builder.resolve(response or {})
        headers = []
        for name, header in (response.get("headers") or {}).items():
            header = self.builder.resolve(header)
            if name.lower() == "content-type" or "schema" not in header:
                continue
            value = self._example(header) or self.builder.build(header["schema"])
            headers.append((name, value if isinstance(value, str) else json.dumps(value)))
        content = response.get("content") or {}
        if not content or route.method == "head":
            return status, headers, b"", ""
        media_type = acceptable(content, accept)
        media = self.builder.resolve(content[media_type] or {})
        headers.append(("Content-Type", media_type))
        kind = openapi32.stream_kind(media_type)
        if kind:
            items = openapi32.stream_items(media, self.builder, self._example)
            return status, headers, openapi32.serialize(kind, items, media, self.builder), media_type
        if "json" in media_type:
            value = self._example(media)
            if value is None:
                value = self.builder.build(media.get("schema", {}))
            return status, headers, json.dumps(value).encode(), media_type
        if media_type.startswith("text/"):
            value = self._example(media)
            if value is None:
                value = self.builder.build(media.get("schema", {"type": "string"}))
            return status, headers, str(value).encode(), media_type
        return status, headers, BINARY_BODY, media_type

    def _success(self, operation: dict):
        responses = operation.get("responses") or {}
        codes = sorted(c for c in responses if str(c).startswith("2") and str(c).isdigit())
        for code in codes + [c for c in ("2XX", "default") if c in responses]:
            return str(code), responses[code]
        return "200", {}

    def _example(self, holder: dict, builder: InstanceBuilder | None = None):
        """The first example of a media type or parameter that satisfies its schema."""
        builder = builder or self.builder
        candidates = [holder["example"]] if "example" in holder else []
        for example in (holder.get("examples") or {}).values():
            try:
                example = builder.resolve(example)
            except ValueError:  # an example in a file the document does not ship
                continue
            if isinstance(example, dict) and "value" in example:
                candidates.append(example["value"])
        schema = holder.get("schema")
        for value in candidates:
            if schema is None or builder.satisfies(value, schema):
                return value
        return None

    # MARK: samples

    def sample(self, route: Route) -> dict:
        """Arguments a client can send to `route` and pass validation: each parameter's value by
        `location:name` and the body of the first request media type, built as answers are."""
        parameters = {}
        for parameter in (route.item.get("parameters") or []) + (route.operation.get("parameters") or []):
            parameter = self.request_builder.resolve(parameter)
            schema = parameter.get("schema")
            if schema is None:
                media = next(iter((parameter.get("content") or {}).values()), {})
                schema = self.request_builder.resolve(media or {}).get("schema", {})
            value = self._example(parameter, self.request_builder)
            parameters[f"{parameter['in']}:{parameter['name']}"] = (
                value if value is not None else self.request_builder.build(schema))
        for name in route.names:  # a template variable the document forgot to declare
            parameters.setdefault(f"path:{name}", "value")
        body = self.request_builder.resolve(route.operation.get("requestBody") or {})
        content = body.get("content") or {}
        sample = {"parameters": parameters, "bodies": {}}
        for media_type, media in content.items():
            media = self.request_builder.resolve(media or {})
            value = self._example(media, self.request_builder) if "json" in media_type else None
            sample["bodies"][media_type] = (
                value if value is not None else self.request_builder.build(media.get("schema", {})))
        return sample

    # MARK: admin

    def _admin(self, method: str, route: str):
        with self.lock:
            if method == "GET" and route == "/requests":
                payload = self.requests
            elif method == "GET" and route == "/violations":
                payload = self.violations
            elif method == "POST" and route == "/reset":
                self.requests, self.violations = [], []
                payload = {"reset": True}
            elif method == "GET" and route == "/samples":
                payload = {r.operation_id: self.sample(r) for r in self.routes}
            elif method == "GET" and route == "/operations":
                payload = [{"operationId": r.operation_id, "method": r.method, "path": r.template}
                           for r in self.routes]
            else:
                return 404, [("Content-Type", "application/json")], b'{"error":"unknown admin route"}'
            return 200, [("Content-Type", "application/json")], json.dumps(payload).encode()
