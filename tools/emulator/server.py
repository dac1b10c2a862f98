"""The API listener: reads a request, routes it to a contract operation, validates
it, applies faults and credential rules, runs the handler under the state lock,
validates the response and answers (HTTP/1.1, keep-alive)."""

from __future__ import annotations

import socket
import ssl
import threading
import time
import traceback
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlsplit

import lifecycle
from http_util import HANDLERS, Ctx, Reply, error_body, framework_error, multipart_for_validation
from spec import build_instance, response_schema
from state import ApiError
from validation import OARequest, OAResponse

MAX_BODY = 64 * 1024 * 1024
UNAUTHORIZED = "Your request was made with invalid credentials."
ACCOUNT_HEADERS = ("Authorization", "X-Api-Key")
SIGNER_PARAM = "signer-access-code"


class Services:
    def __init__(self, spec, router, validator, journal, faults, state, rate_limit: int = 0, verbose: bool = False):
        self.spec, self.router, self.validator, self.journal = spec, router, validator, journal
        self.faults, self.state = faults, state
        self.webhooks = None
        self.rate_limit = rate_limit
        self.verbose = verbose
        self.origin = "http://127.0.0.1"
        self.alt_origin = "http://127.0.0.2"
        self.origins: list[str] = []
        self.redirect_targets: set[tuple] = set()
        self._windows: dict[str, list] = {}
        self._window_lock = threading.Lock()

    def rate(self, key: str) -> tuple[list, bool]:
        limit = self.rate_limit or 1000
        now = time.time()
        with self._window_lock:
            start, count = self._windows.get(key, (now, 0))
            if now - start >= 60:
                start, count = now, 0
            count += 1
            self._windows[key] = (start, count)
        reset = max(0, int(60 - (now - start)))
        headers = [("X-Rate-Limit-Limit", str(limit)), ("X-Rate-Limit-Remaining", str(max(0, limit - count))),
                   ("X-Rate-Limit-Reset", str(reset))]
        return headers, bool(self.rate_limit) and count > limit


def generic_reply(services, op) -> Reply:
    """A schema-valid answer for an operation without a stateful handler."""
    mime, schema = response_schema(services.spec, op)
    if mime is None:
        return Reply(200, None)
    if mime != "application/json":
        from artifacts import make_pdf, make_png
        return Reply(200, make_pdf([["placeholder"]]) if "pdf" in mime else make_png(), mime.replace("*", "png"))
    body = build_instance(services.spec, schema)
    if isinstance(body, dict) and "status" in body:
        body["status"] = 200
    return Reply(200, body)


class ApiHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "AssinafyEmulator/1.0"

    def version_string(self):
        return self.server_version

    def setup(self):
        if isinstance(self.request, ssl.SSLSocket):
            self.request.settimeout(10)
            self.request.do_handshake()
            self.request.settimeout(None)
        super().setup()

    def log_message(self, fmt, *args):
        if self.server.services.verbose:
            super().log_message(fmt, *args)

    def do_GET(self):
        self._handle()

    do_POST = do_PUT = do_DELETE = do_PATCH = do_HEAD = do_OPTIONS = do_GET

    # -- I/O ---------------------------------------------------------------
    def _read_body(self) -> bytes | None:
        if "chunked" in (self.headers.get("Transfer-Encoding") or "").lower():
            chunks, total = [], 0
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return b"".join(chunks)
                total += size
                if total > MAX_BODY:
                    return None
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_BODY:
            return None
        return self.rfile.read(length) if length else b""

    def _drop(self):
        self.close_connection = True
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def _send(self, status: int, body: bytes, content_type: str | None, headers: list):
        try:
            self.send_response(status)
            if content_type and (body or status != 204):
                self.send_header("Content-Type", content_type)
            for name, value in headers:
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD" and body:
                self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    # -- pipeline ------------------------------------------------------------
    def _handle(self):
        services = self.server.services
        origin = self.server.origin
        target = urlsplit(self.path)
        path, query = target.path, parse_qsl(target.query, keep_blank_values=True)
        headers = list(self.headers.items())
        body = self._read_body()
        if body is None:
            self._send(413, b'{"status":413,"message":"Request entity too large.","data":null}',
                       "application/json; charset=UTF-8", [("Connection", "close")])
            self.close_connection = True
            return
        op, params, allowed = services.router.match(self.command, path)
        entry = services.journal.record_request({
            "method": self.command, "path": path, "query": query, "headers": headers,
            "header_names": [k for k, _ in headers], "operationId": op.operation_id if op else None,
            "route": op.key if op else None, "origin": origin, "body_size": len(body), "at": time.time(),
        })
        self._check_redirect_follow(services, origin, path, entry)
        if op is None:
            self._unknown(services, path, allowed, entry)
            return
        content_type = self.headers.get("Content-Type") or ""
        oa_request = OARequest(self.command, path, op.path, params, query, headers,
                               multipart_for_validation(content_type, body), content_type)
        services.validator.check_request(op, oa_request)
        fault = services.faults.take(self.command, path)
        if fault:
            entry["fault"] = fault["kind"]
            if fault["kind"] == "drop":
                return self._drop()
            if fault["kind"] == "slow":
                time.sleep(fault["delay"])
            elif fault["kind"] != "lost_response":
                return self._answer_fault(services, fault, origin, path, target.query, entry)
        reply = self._run(services, op, params, query, headers, body, origin, path)
        entry["status"] = reply.status
        payload = reply.encoded()
        extra = list(reply.headers)
        if fault and fault["kind"] == "lost_response":
            return self._drop()
        oa_response = OAResponse(reply.status, extra, payload, reply.content_type)
        services.validator.check_response(op, oa_request, oa_response)
        self._send(reply.status, payload, reply.content_type, extra)

    def _run(self, services, op, params, query, headers, body, origin, path) -> Reply:
        header_map = self.headers
        has_code = any(k == SIGNER_PARAM for k, _ in query)
        carried = [h for h in ACCOUNT_HEADERS if header_map.get(h)]
        if op.security_class in ("signer", "public") and carried:
            services.journal.violation("credential_leak", op.operation_id, "request",
                                       f"account credential header(s) {carried} sent to a {op.security_class} operation",
                                       route=op.key)
        if op.security_class == "account" and has_code:
            services.journal.violation("credential_leak", op.operation_id, "request",
                                       "signer-access-code sent to an account operation", route=op.key)
        key = header_map.get("X-Api-Key") or header_map.get("Authorization") or dict(query).get(SIGNER_PARAM) \
            or self.client_address[0]
        rate_headers, limited = services.rate(key)
        if limited:
            return Reply(429, error_body(429, "Rate limit exceeded."), headers=rate_headers + [("Retry-After", "60")])
        state = services.state
        ctx = Ctx(state, op, params, query, header_map, body, origin, services, request_path=path)
        try:
            with state.lock:
                if op.security_class == "account":
                    ctx.principal = state.authenticate(header_map)
                    if ctx.principal is None:
                        raise ApiError(401, UNAUTHORIZED, headers=[("WWW-Authenticate", 'Bearer realm="api"')])
                elif op.security_class == "signer":
                    ctx.session = state.signer_session(dict(query).get(SIGNER_PARAM))
                    if ctx.session is None:
                        raise ApiError(401, UNAUTHORIZED)
                handler = HANDLERS.get(op.key)
                reply = handler(ctx) if handler else generic_reply(services, op)
        except ApiError as error:
            reply = Reply(error.status, error_body(error.status, error.message, error.extra), headers=list(error.headers))
        except Exception as exc:
            services.journal.violation("emulator_error", op.operation_id, "response",
                                       f"{type(exc).__name__}: {exc}", trace=traceback.format_exc(limit=6))
            reply = Reply(500, error_body(500, "An unexpected error occurred."))
        reply.headers = rate_headers + list(reply.headers)
        return reply

    def _unknown(self, services, path, allowed, entry):
        if allowed:
            status, body = 405, framework_error(405, "Method Not Allowed",
                                                "Method Not Allowed. This URL can only handle the following "
                                                f"request methods: {', '.join(allowed)}.")
            headers = [("Allow", ", ".join(allowed))]
        else:
            status, body, headers = 404, framework_error(404, "Not Found", "Page not found."), []
        services.journal.violation("unknown_route", None, "request", f"{self.command} {path}: no such operation")
        entry["status"] = status
        self._send(status, Reply(body=body).encoded(), "application/json; charset=UTF-8", headers)

    def _answer_fault(self, services, fault, origin, path, query, entry):
        kind, headers = fault["kind"], []
        if kind == "429":
            retry = str(fault["retry_after"])
            status, body = 429, error_body(429, fault["message"] or "Rate limit exceeded.")
            headers = [("Retry-After", retry), ("X-Rate-Limit-Limit", "1000"), ("X-Rate-Limit-Remaining", "0"),
                       ("X-Rate-Limit-Reset", retry)]
        elif kind == "503":
            status, body = fault["status"], error_body(fault["status"], fault["message"] or "Service Unavailable.")
            if fault.get("retry_after") is not None:
                headers = [("Retry-After", str(fault["retry_after"]))]
        elif kind == "error_envelope":
            status, body = 200, error_body(400, fault["message"] or "One or more fields failed validation.")
        elif kind == "redirect":
            other = services.alt_origin if origin != services.alt_origin else services.origin
            location = fault["location"] or other + path + (f"?{query}" if query else "")
            target = urlsplit(location)
            services.redirect_targets.add((f"{target.scheme}://{target.netloc}", target.path))
            status, body = fault["status"], None
            headers = [("Location", location)]
        else:
            status, body = fault["status"], error_body(fault["status"], fault["message"] or "Injected fault.")
        entry["status"] = status
        payload = Reply(body=body).encoded()
        self._send(status, payload, "application/json; charset=UTF-8" if payload else None, headers)

    def _check_redirect_follow(self, services, origin, path, entry):
        key = (origin, path)
        if key not in services.redirect_targets:
            return
        services.redirect_targets.discard(key)
        entry["after_redirect"] = True
        carried = [h for h in ACCOUNT_HEADERS if self.headers.get(h)]
        if carried:
            services.journal.violation("credential_leak", entry.get("operationId"), "request",
                                       f"{carried} forwarded to another origin ({origin}) after a redirect")


class ApiServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, address, services, tls_context=None):
        super().__init__(address, ApiHandler)
        self.services = services
        scheme = "https" if tls_context else "http"
        if tls_context:
            self.socket = tls_context.wrap_socket(self.socket, server_side=True, do_handshake_on_connect=False)
        self.origin = f"{scheme}://{address[0]}:{self.server_address[1]}"

    def handle_error(self, request, client_address):
        if self.services.verbose:
            super().handle_error(request, client_address)


def start_ticker(services, interval: float = 0.02):
    def loop():
        while True:
            try:
                with services.state.lock:
                    lifecycle.tick(services.state, services)
            except Exception:
                traceback.print_exc()
            time.sleep(interval)

    threading.Thread(target=loop, name="ticker", daemon=True).start()
