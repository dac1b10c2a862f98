"""Webhook endpoints (up to three, signing secrets with rotation), the legacy
subscription view, delivery history and retries, and the dispatcher that POSTs
Standard Webhooks-signed events to loopback URLs."""

from __future__ import annotations

import base64
import hashlib
import hmac
import ipaddress
import json
import queue
import secrets
import threading
import time
import urllib.error
import urllib.request
from urllib.parse import urlsplit

from access import account_for
from events import webhook_body
from http_util import ok, paged, route
from state import ApiError, iso, new_id
from views import dispatch_view, endpoint_view

NOT_FOUND = "The requested resource was not found."


def new_secret() -> str:
    return "whsec_" + base64.b64encode(secrets.token_bytes(24)).decode()


def sign(secret: str, msg_id: str, timestamp: str, body: bytes) -> str:
    key = base64.b64decode(secret.split("_", 1)[1])
    digest = hmac.new(key, f"{msg_id}.{timestamp}.".encode() + body, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode()


def is_loopback(url: str) -> bool:
    host = (urlsplit(url).hostname or "").strip("[]")
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class Dispatcher:
    """Delivers queued webhook attempts on a worker thread, outside the state lock."""

    def __init__(self, state, validator, retry_wait: float = 3.0, timeout: float = 5.0):
        self.state = state
        self.validator = validator
        self.retry_wait = retry_wait
        self.timeout = timeout
        self.jobs: queue.Queue = queue.Queue()
        self.pending: dict[str, threading.Event] = {}
        threading.Thread(target=self._work, name="webhooks", daemon=True).start()

    def fan_out(self, state, activity: dict) -> list[str]:
        """Creates a dispatch per subscribed active endpoint. Call with the lock held."""
        created = []
        for endpoint in sorted(state.endpoints.values(), key=lambda e: e["created_at"]):
            if endpoint["account_id"] != activity["account_id"] or not endpoint["is_active"]:
                continue
            if endpoint["events"] and activity["event"] not in endpoint["events"]:
                continue
            created.append(self.create(state, activity, endpoint))
        return created

    def create(self, state, activity: dict, endpoint: dict, message_id: str | None = None) -> str:
        now = state.now()
        dispatch = {"id": new_id(), "event": activity["event"], "activity_id": activity["id"],
                    "account_id": activity["account_id"], "endpoint_id": endpoint["id"], "endpoint": endpoint["url"],
                    "payload": webhook_body(activity), "delivered": False, "http_status": None,
                    "response_body": None, "error": None, "created_at": now, "updated_at": now,
                    "message_id": message_id or "msg_" + secrets.token_hex(12), "attempts": []}
        state.dispatches[dispatch["id"]] = dispatch
        self.pending[dispatch["id"]] = threading.Event()
        self.jobs.put((dispatch["id"], 1))
        return dispatch["id"]

    def wait(self, dispatch_ids, timeout: float = 10.0) -> bool:
        deadline = time.monotonic() + timeout
        for dispatch_id in dispatch_ids:
            event = self.pending.get(dispatch_id)
            if event and not event.wait(max(0.0, deadline - time.monotonic())):
                return False
        return True

    def _work(self):
        while True:
            dispatch_id, attempt = self.jobs.get()
            try:
                self._attempt(dispatch_id, attempt)
            except Exception as exc:  # never let the worker die
                with self.state.lock:
                    if dispatch_id in self.state.dispatches:
                        self.state.dispatches[dispatch_id]["error"] = f"emulator error: {exc}"
                self._done(dispatch_id)

    def _done(self, dispatch_id):
        event = self.pending.pop(dispatch_id, None)
        if event:
            event.set()

    def _attempt(self, dispatch_id: str, attempt: int):
        with self.state.lock:
            dispatch = self.state.dispatches.get(dispatch_id)
            endpoint = self.state.endpoints.get(dispatch["endpoint_id"]) if dispatch else None
            if not dispatch:
                return self._done(dispatch_id)
            body = json.dumps(dispatch["payload"], ensure_ascii=False, separators=(",", ":")).encode()
            timestamp = str(int(self.state.now()))
            headers = [("Content-Type", "application/json"), ("Connection", "close"),
                       ("User-Agent", "Assinafy-Webhooks-Emulator/1.0"),
                       ("webhook-id", dispatch["message_id"]), ("webhook-timestamp", timestamp)]
            if endpoint and endpoint["signing_enabled"]:
                headers.append(("webhook-signature", sign(endpoint["secret"], dispatch["message_id"], timestamp, body)))
            url = dispatch["endpoint"]
        self.validator.check_webhook(dispatch["event"], headers, body)
        status, text, error = None, None, None
        if not is_loopback(url):
            error = "the emulator delivers to loopback addresses only"
        else:
            request = urllib.request.Request(url, data=body, method="POST", headers=dict(headers))
            opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
            try:
                with opener.open(request, timeout=self.timeout) as response:
                    status, text = response.status, response.read(2000).decode("utf-8", "replace")
            except urllib.error.HTTPError as exc:
                status, text = exc.code, exc.read(2000).decode("utf-8", "replace")
                error = f"HTTP {exc.code}"
            except (OSError, ValueError) as exc:
                error = f"{type(exc).__name__}: {exc}"
        delivered = status is not None and 200 <= status < 300
        with self.state.lock:
            dispatch = self.state.dispatches.get(dispatch_id)
            if dispatch is None:
                return self._done(dispatch_id)
            dispatch.update(delivered=delivered, http_status=status, response_body=text,
                            error=None if delivered else error, updated_at=self.state.now())
            dispatch["attempts"].append({"attempt": attempt, "http_status": status, "error": error,
                                         "headers": headers, "at": self.state.now()})
        if not delivered and attempt < 2 and is_loopback(url):
            timer = threading.Timer(self.retry_wait, lambda: self.jobs.put((dispatch_id, attempt + 1)))
            timer.daemon = True
            timer.start()
        else:
            self._done(dispatch_id)


# -- handlers ------------------------------------------------------------------

def _event_names(ctx):
    return list((ctx.services.spec.get("webhooks") or {}).keys())


def _validate_events(ctx, events):
    if not isinstance(events, list):
        raise ApiError(400, "events must be a list.")
    unknown = [e for e in events if e not in _event_names(ctx)]
    if unknown:
        raise ApiError(400, f"Unknown event type: {unknown[0]}.")


def _validate_url(url):
    parts = urlsplit(str(url or ""))
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ApiError(400, "url must be an absolute http(s) URL.")


def _endpoints(ctx, account):
    return sorted((e for e in ctx.state.endpoints.values() if e["account_id"] == account["id"]),
                  key=lambda e: (e["created_at"], e["id"]))


def _endpoint(ctx, account):
    endpoint = ctx.state.endpoints.get(ctx.p["endpointId"])
    if not endpoint or endpoint["account_id"] != account["id"]:
        raise ApiError(404, NOT_FOUND)
    return endpoint


def _apply(ctx, account, endpoint, body):
    if "url" in body:
        _validate_url(body["url"])
        if any(e["url"] == body["url"] and e["id"] != endpoint.get("id") for e in _endpoints(ctx, account)):
            raise ApiError(400, "Each endpoint of a workspace must have a different url.")
    if "events" in body:
        _validate_events(ctx, body["events"])
    for key in ("url", "email", "events", "name", "is_active"):
        if key in body:
            endpoint[key] = body[key]
    if "signing_enabled" in body:
        endpoint["signing_enabled"] = bool(body["signing_enabled"])
        if endpoint["signing_enabled"] and not endpoint.get("secret"):
            endpoint["secret"] = new_secret()
    endpoint["updated_at"] = ctx.state.now()


def _create_endpoint(ctx, account, body):
    limit = 3 if account["paid_subscription"] else 1
    if len(_endpoints(ctx, account)) >= limit:
        raise ApiError(403, f"This workspace can register at most {limit} webhook endpoint(s).")
    now = ctx.state.now()
    endpoint = {"id": new_id(), "account_id": account["id"], "name": None, "url": "", "email": "", "events": [],
                "is_active": True, "signing_enabled": False, "secret": None, "created_at": now, "updated_at": now}
    _apply(ctx, account, endpoint, body)
    ctx.state.endpoints[endpoint["id"]] = endpoint
    return endpoint


def _subscription(endpoint):
    if not endpoint:
        return {"events": [], "is_active": False, "url": None, "email": None, "updated_at": None}
    return {"events": list(endpoint["events"]), "is_active": endpoint["is_active"], "url": endpoint["url"],
            "email": endpoint["email"], "updated_at": iso(endpoint["updated_at"])}


@route("GET", "/v1/accounts/{accountId}/webhooks/subscriptions")
def get_subscription(ctx):
    endpoints = _endpoints(ctx, account_for(ctx))
    return ok(_subscription(endpoints[0] if endpoints else None))


@route("PUT", "/v1/accounts/{accountId}/webhooks/subscriptions")
def put_subscription(ctx):
    account = account_for(ctx)
    body = ctx.obj()
    for key in ("events", "is_active", "url", "email"):
        if key not in body:
            raise ApiError(400, f"{key} cannot be blank.")
    endpoints = _endpoints(ctx, account)
    if endpoints:
        _apply(ctx, account, endpoints[0], body)
        return ok(_subscription(endpoints[0]))
    return ok(_subscription(_create_endpoint(ctx, account, body)))


@route("PUT", "/v1/accounts/{accountId}/webhooks/inactivate")
def inactivate(ctx):
    endpoints = _endpoints(ctx, account_for(ctx))
    if endpoints:
        endpoints[0]["is_active"] = False
        endpoints[0]["updated_at"] = ctx.state.now()
    return ok(_subscription(endpoints[0] if endpoints else None))


@route("GET", "/v1/webhooks/event-types")
def event_types(ctx):
    return ok([{"id": name} for name in _event_names(ctx)])


@route("GET", "/v1/accounts/{accountId}/webhooks")
def dispatches(ctx):
    account = account_for(ctx)
    found = [d for d in ctx.state.dispatches.values() if d["account_id"] == account["id"]]
    filters = {"endpoint_id": ctx.q("endpoint_id"), "event": ctx.q("event")}
    found = [d for d in found if all(v is None or d[k] == v for k, v in filters.items())]
    if ctx.q("delivered") in ("true", "false"):
        found = [d for d in found if d["delivered"] == (ctx.q("delivered") == "true")]
    if ctx.q("from"):
        found = [d for d in found if d["created_at"] >= ctx.q_int("from", 0)]
    if ctx.q("to"):
        found = [d for d in found if d["created_at"] <= ctx.q_int("to", 0)]
    found.sort(key=lambda d: (d["created_at"], d["id"]), reverse=True)
    return paged(ctx, found, dispatch_view)


@route("POST", "/v1/accounts/{accountId}/webhooks/{historyId}/retry")
def retry(ctx):
    account = account_for(ctx)
    original = ctx.state.dispatches.get(ctx.p["historyId"])
    if not original or original["account_id"] != account["id"]:
        raise ApiError(404, NOT_FOUND)
    endpoint = ctx.state.endpoints.get(original["endpoint_id"])
    if not endpoint:
        raise ApiError(400, "The endpoint of this delivery no longer exists.")
    activity = next((a for a in ctx.state.activities if a["id"] == original["activity_id"]), None)
    if activity is None:
        raise ApiError(400, "The event of this delivery is no longer available.")
    dispatch_id = ctx.services.webhooks.create(ctx.state, activity, endpoint, original["message_id"])
    ctx.state.lock.release()
    try:
        ctx.services.webhooks.wait([dispatch_id], timeout=ctx.services.webhooks.timeout + 1)
    finally:
        ctx.state.lock.acquire()
    return ok(dispatch_view(ctx.state.dispatches[dispatch_id]))


@route("GET", "/v1/accounts/{accountId}/webhooks/endpoints")
def list_endpoints(ctx):
    return ok([endpoint_view(e) for e in _endpoints(ctx, account_for(ctx))])


@route("POST", "/v1/accounts/{accountId}/webhooks/endpoints")
def create_endpoint(ctx):
    account = account_for(ctx)
    body = ctx.obj()
    for key in ("url", "email", "events"):
        if key not in body:
            raise ApiError(400, f"{key} cannot be blank.")
    return ok(endpoint_view(_create_endpoint(ctx, account, body)))


@route("GET", "/v1/accounts/{accountId}/webhooks/endpoints/{endpointId}")
def get_endpoint(ctx):
    return ok(endpoint_view(_endpoint(ctx, account_for(ctx))))


@route("PUT", "/v1/accounts/{accountId}/webhooks/endpoints/{endpointId}")
def update_endpoint(ctx):
    account = account_for(ctx)
    endpoint = _endpoint(ctx, account)
    _apply(ctx, account, endpoint, ctx.obj())
    return ok(endpoint_view(endpoint))


@route("DELETE", "/v1/accounts/{accountId}/webhooks/endpoints/{endpointId}")
def delete_endpoint(ctx):
    endpoint = _endpoint(ctx, account_for(ctx))
    del ctx.state.endpoints[endpoint["id"]]
    return ok([])


@route("GET", "/v1/accounts/{accountId}/webhooks/endpoints/{endpointId}/secret")
def get_secret(ctx):
    endpoint = _endpoint(ctx, account_for(ctx))
    if not endpoint["signing_enabled"]:
        raise ApiError(400, "Signing is not enabled for this endpoint.")
    return ok({"secret": endpoint["secret"]})


@route("POST", "/v1/accounts/{accountId}/webhooks/endpoints/{endpointId}/secret/rotate")
def rotate_secret(ctx):
    endpoint = _endpoint(ctx, account_for(ctx))
    if not endpoint["signing_enabled"]:
        raise ApiError(400, "Signing is not enabled for this endpoint.")
    endpoint["secret"] = new_secret()
    endpoint["updated_at"] = ctx.state.now()
    return ok({"secret": endpoint["secret"]})
