"""Request context, replies, envelopes, multipart parsing, pagination and the
handler registry shared by the resource modules."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from email.parser import Parser
from email.policy import HTTP
from urllib.parse import parse_qsl, urlencode

from state import ApiError

HANDLERS: dict[str, callable] = {}
MAX_PER_PAGE = 50
DEFAULT_PER_PAGE = 20


def route(method: str, path: str):
    """Registers a stateful handler for the contract operation `METHOD path`."""

    def register(function):
        HANDLERS[f"{method.upper()} {path}"] = function
        return function

    return register


@dataclass
class Reply:
    status: int = 200
    body: object = None  # dict/list -> JSON; bytes -> raw
    content_type: str = "application/json; charset=UTF-8"
    headers: list = field(default_factory=list)
    after: object = None  # callable run after the lock is released (webhook fan-out)

    def encoded(self) -> bytes:
        if isinstance(self.body, (bytes, bytearray)):
            return bytes(self.body)
        if self.body is None:
            return b""
        return json.dumps(self.body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def ok(data=None, message: str = "", status: int = 200, **kwargs) -> Reply:
    return Reply(status, {"status": status, "message": message, "data": data}, **kwargs)


def ok_message(message: str = "") -> Reply:
    return Reply(200, {"status": 200, "message": message})


def error_body(status: int, message: str, extra: dict | None = None) -> dict:
    body = {"status": status, "message": message, "data": None}
    body.update(extra or {})
    return body


def framework_error(status: int, name: str, message: str) -> dict:
    return {"name": name, "message": message, "code": 0, "status": status}


class Ctx:
    """What a handler sees of one request."""

    def __init__(self, state, op, path_params, query_pairs, headers, body, origin, services, request_path=""):
        self.state = state
        self.request_path = request_path
        self.op = op
        self.p = path_params
        self.query_pairs = query_pairs
        self.headers = headers
        self.body = body
        self.origin = origin
        self.services = services
        self.principal = None
        self.session = None
        self._json = None
        self._json_parsed = False
        self.deferred: list = []  # callables run after the state lock is released

    @property
    def base_url(self) -> str:
        return self.origin + "/v1"

    def q(self, name: str, default=None):
        for key, value in self.query_pairs:
            if key == name:
                return value
        return default

    def q_bool(self, name: str, default: bool = False) -> bool:
        value = self.q(name)
        if value is None:
            return default
        return value.lower() in ("1", "true", "yes", "on")

    def q_int(self, name: str, default: int) -> int:
        try:
            return int(self.q(name, default))
        except (TypeError, ValueError):
            return default

    @property
    def content_type(self) -> str:
        return (self.headers.get("Content-Type") or "").lower()

    def json(self, required: bool = True):
        if not self._json_parsed:
            self._json_parsed = True
            if not self.body:
                self._json = None
            elif "application/x-www-form-urlencoded" in self.content_type:
                self._json = dict(parse_qsl(self.body.decode("utf-8", "replace")))
            else:
                try:
                    self._json = json.loads(self.body.decode("utf-8"))
                except (UnicodeDecodeError, json.JSONDecodeError):
                    raise ApiError(400, "Invalid JSON data in request body")
        if self._json is None and required:
            raise ApiError(400, "The request body is required.")
        return self._json

    def obj(self) -> dict:
        body = self.json(required=False)
        if body is None:
            return {}
        if not isinstance(body, dict):
            raise ApiError(400, "The request body must be a JSON object.")
        return body

    def multipart(self) -> dict:
        return parse_multipart(self.headers.get("Content-Type") or "", self.body)

    def defer(self, function):
        self.deferred.append(function)


@dataclass
class Part:
    name: str
    filename: str | None
    content_type: str
    data: bytes


def _boundary(content_type: str) -> bytes:
    for piece in content_type.split(";")[1:]:
        key, _, value = piece.strip().partition("=")
        if key.lower() == "boundary" and value:
            return value.strip().strip('"').encode("latin-1")
    raise ApiError(400, "Expected a multipart/form-data body.")


def _segments(content_type: str, body: bytes):
    """(headers bytes, payload bytes) per part; linear in the body size."""
    if "multipart/form-data" not in content_type.lower():
        raise ApiError(400, "Expected a multipart/form-data body.")
    delimiter = b"--" + _boundary(content_type)
    for segment in body.split(delimiter)[1:]:
        if segment.startswith(b"--"):
            break
        if segment.startswith(b"\r\n"):
            segment = segment[2:]
        head, separator, payload = segment.partition(b"\r\n\r\n")
        if not separator:
            continue
        yield head, payload[:-2] if payload.endswith(b"\r\n") else payload


def parse_multipart(content_type: str, body: bytes) -> dict[str, Part]:
    parts: dict[str, Part] = {}
    for head, payload in _segments(content_type, body):
        headers = Parser(policy=HTTP).parsestr(head.decode("utf-8", "surrogateescape") + "\r\n\r\n")
        name = headers.get_param("name", header="content-disposition")
        if name:
            parts[name] = Part(name, headers.get_filename(), headers.get_content_type(), payload)
    return parts


def multipart_for_validation(content_type: str, body: bytes, limit: int = 65536) -> bytes:
    """The same multipart body with every part payload cut to `limit` bytes: the
    contract checks part names and types, not megabytes of file content."""
    if len(body) <= 4 * limit or "multipart/form-data" not in content_type.lower():
        return body
    try:
        delimiter = b"--" + _boundary(content_type)
        chunks = [delimiter + b"\r\n" + head + b"\r\n\r\n" + payload[:limit] + b"\r\n"
                  for head, payload in _segments(content_type, body)]
    except ApiError:
        return body
    return b"".join(chunks) + delimiter + b"--\r\n"


def paginate(ctx: Ctx, items: list, default_per_page: int = DEFAULT_PER_PAGE) -> tuple[list, list]:
    """Yii2-style pagination: `per-page` clamped to 1..50, a page past the end answers
    the last page (and says so in X-Pagination-Current-Page), Link header included."""
    per_page = max(1, min(MAX_PER_PAGE, ctx.q_int("per-page", default_per_page)))
    total = len(items)
    page_count = math.ceil(total / per_page) if total else 0
    page = max(1, ctx.q_int("page", 1))
    if page_count and page > page_count:
        page = page_count
    if not page_count:
        page = 1
    start = (page - 1) * per_page
    chunk = items[start:start + per_page]
    headers = [
        ("X-Pagination-Current-Page", str(page)),
        ("X-Pagination-Page-Count", str(page_count)),
        ("X-Pagination-Per-Page", str(per_page)),
        ("X-Pagination-Total-Count", str(total)),
    ]
    links = []
    path = ctx.origin + ctx.request_path if ctx.request_path else ""
    if path:
        base = [(k, v) for k, v in ctx.query_pairs if k not in ("page", "per-page")]

        def link(n, rel):
            query = urlencode(base + [("page", str(n)), ("per-page", str(per_page))])
            links.append(f"<{path}?{query}>; rel={rel}")

        link(page, "self")
        if page_count:
            link(1, "first")
            if page > 1:
                link(page - 1, "prev")
            if page < page_count:
                link(page + 1, "next")
            link(page_count, "last")
        headers.append(("Link", ", ".join(links)))
    return chunk, headers


def paged(ctx: Ctx, items: list, serialize, default_per_page: int = DEFAULT_PER_PAGE) -> Reply:
    chunk, headers = paginate(ctx, items, default_per_page)
    return ok([serialize(item) for item in chunk], headers=headers)
