"""openapi-core adapters: the emulator's requests and responses presented through
openapi-core's Request/Response/WebhookRequest protocols, and the checks that
turn its findings into recorded violations."""

from __future__ import annotations

import logging
import re
from collections import defaultdict

from openapi_core import Config, OpenAPI
from openapi_core.datatypes import RequestParameters
from openapi_core.deserializing.media_types import media_type_deserializers
from openapi_core.deserializing.media_types.factories import MediaTypeDeserializersFactory
from openapi_core.deserializing.styles import style_deserializers_factory
from werkzeug.datastructures import Headers, ImmutableMultiDict

from journal import KNOWN_GAP, Journal
from spec import VALIDATION_ORIGIN, validation_copy

logging.getLogger("openapi_core").setLevel(logging.CRITICAL)


def _binary_as_text(value, **_parameters):
    # OpenAPI 3.1 validation treats `format: binary` payloads as strings; openapi-core
    # hands bytes to the JSON Schema validator, which rejects them as "not a string".
    return value.decode("latin-1") if isinstance(value, (bytes, bytearray)) else value


def _config() -> Config:
    deserializers = defaultdict(lambda: _binary_as_text, **dict(media_type_deserializers))
    deserializers["application/octet-stream"] = _binary_as_text
    return Config(
        extra_format_validators={"binary": lambda v: isinstance(v, (str, bytes))},
        media_type_deserializers_factory=MediaTypeDeserializersFactory(
            style_deserializers_factory, media_type_deserializers=deserializers
        ),
    )


class OARequest:
    """openapi_core.protocols.Request + SupportsPathPattern."""

    def __init__(self, method, path, path_pattern, path_params, query_pairs, headers, body, content_type):
        self.host_url = VALIDATION_ORIGIN
        self.path = path
        self.path_pattern = path_pattern
        self.method = method.lower()
        self.body = body if body else None
        self.content_type = (content_type or "").lower()
        self.parameters = RequestParameters(
            query=ImmutableMultiDict(query_pairs),
            header=Headers(list(headers)),
            cookie=ImmutableMultiDict(),
            path=dict(path_params),
        )


class OAWebhookRequest:
    """openapi_core.protocols.WebhookRequest for an outgoing delivery."""

    def __init__(self, name, headers, body):
        self.name = name
        self.method = "post"
        self.body = body
        self.content_type = "application/json"
        self.parameters = RequestParameters(
            query=ImmutableMultiDict(), header=Headers(list(headers)), cookie=ImmutableMultiDict(), path={}
        )


class OAResponse:
    def __init__(self, status, headers, body, content_type):
        self.status_code = int(status)
        self.headers = Headers(list(headers))
        self.data = body if body else b""
        self.content_type = (content_type or "").lower()


# Deliberate differences between what the emulator answers (the live API's behaviour)
# and what the published contract allows. Matching findings are recorded with kind
# `known_gap` and left out of `GET /violations` unless `?all=1`.
KNOWN_GAPS = [
    (r"mimetype not found: application/zip",
     "the bundle artifact is a ZIP archive served as application/zip; the contract only lists application/pdf"),
    (r"blocking_reason: None is not one of",
     "CostEstimate.blocking_reason is null when nothing blocks; the contract's enum leaves null out"),
]


def known_gap(message: str) -> str | None:
    for pattern, note in KNOWN_GAPS:
        if re.search(pattern, message):
            return note
    return None


def describe(error: Exception) -> list[str]:
    """One message per finding: each JSON Schema error of a body or parameter becomes
    its own entry, prefixed by the openapi-core error chain that led to it."""
    chain = [type(error).__name__ + (f": {error}" if str(error) else "")]
    cause = error.__cause__ or error.__context__
    while cause is not None and len(chain) < 4:
        details = getattr(cause, "schema_errors", None)
        if details:
            prefix = " <- ".join(chain)
            return [f"{prefix} <- {'/'.join(map(str, e.absolute_path)) or '<root>'}: {e.message}" for e in details]
        chain.append(f"{type(cause).__name__}: {cause}")
        cause = cause.__cause__ or cause.__context__
    return [" <- ".join(chain)]


def _messages(errors) -> list[str]:
    return [message for error in errors for message in describe(error)]


class ContractValidator:
    def __init__(self, spec: dict, journal: Journal):
        self.spec = spec
        self.journal = journal
        self.openapi = OpenAPI.from_dict(validation_copy(spec), config=_config())

    def check_request(self, op, request: OARequest) -> list[str]:
        try:
            result = self.openapi.unmarshal_request(request)
            errors = _messages(result.errors)
        except Exception as exc:  # a validator crash is itself worth reporting
            errors = [f"validator error: {m}" for m in describe(exc)]
        for message in errors:
            self.journal.violation("request", op.operation_id, "request", message, route=op.key)
        return errors

    def check_response(self, op, request: OARequest, response: OAResponse):
        try:
            result = self.openapi.unmarshal_response(request, response)
            errors = _messages(result.errors)
        except Exception as exc:
            errors = [f"validator error: {m}" for m in describe(exc)]
        for message in errors:
            kind = "response"
            note = known_gap(message)
            if note:
                kind = KNOWN_GAP
            elif response.status_code >= 400 and "ResponseNotFound" in message:
                kind, note = KNOWN_GAP, "error status the contract does not declare for this operation"
            extra = {"route": op.key, "status": response.status_code}
            if note:
                extra["note"] = note
            self.journal.violation(kind, op.operation_id, "response", message, **extra)
        return errors

    def check_webhook(self, event: str, headers, body: bytes) -> list[str]:
        if event not in (self.spec.get("webhooks") or {}):
            self.journal.violation("webhook", event, "webhook", f"event {event!r} is not declared under webhooks")
            return ["undeclared"]
        try:
            result = self.openapi.unmarshal_webhook_request(OAWebhookRequest(event, headers, body))
            errors = _messages(result.errors)
        except Exception as exc:
            errors = [f"validator error: {m}" for m in describe(exc)]
        for message in errors:
            self.journal.violation("webhook", event, "webhook", message)
        return errors
