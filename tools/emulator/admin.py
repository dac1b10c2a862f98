"""Admin API (separate loopback port) for tests: state and credentials, recorded
violations and requests, reset, fault injection, webhook triggering, operation
coverage, OAuth authorization stand-in (this listener is the issuer: it serves the
authorization server metadata and the id_token JWKS), authenticator codes, clock control."""

from __future__ import annotations

import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

import events
import oauth
from h_users import totp
from state import ApiError
from views import dispatch_view


def state_summary(services) -> dict:
    state, seed = services.state, services.state.seed
    with state.lock:
        owner, mfa_user = state.users[seed.user_id], state.users[seed.mfa_user_id]
        account = state.accounts[seed.account_id]
        codes = []
        for assignment in state.assignments.values():
            for sid, stage in assignment["stages"].items():
                codes.append({"code": stage["access_code"], "document_id": assignment["document_id"],
                              "assignment_id": assignment["id"], "signer_id": sid,
                              "verification_code": stage["verification_code"], "completed": stage["completed"]})
        return {
            "base_url": services.origin + "/v1",
            "alt_base_url": services.alt_origin + "/v1",
            "account_id": seed.account_id,
            "account_ids": state.user_accounts(seed.user_id),
            "api_key": owner["api_key"],
            "bearer_token": seed.bearer_token,
            "user": {"id": owner["id"], "email": owner["email"], "password": owner["password"]},
            "mfa_user": {"id": mfa_user["id"], "email": mfa_user["email"], "password": mfa_user["password"],
                         "totp_secret": seed.totp_secret, "current_totp": totp(seed.totp_secret, state.now()),
                         "recovery_codes": list(mfa_user["recovery_codes"])},
            "oauth": {"client_id": seed.oauth_client_id, "client_secret": seed.oauth_client_secret,
                      "public_client_id": seed.oauth_public_client_id,
                      "redirect_uri": state.oauth_clients[seed.oauth_client_id]["redirect_uris"][0],
                      "authorization_server": oauth.issuer()},
            "reset_token": seed.reset_token,
            "template_id": seed.template_id,
            "balances": {"document_balance": account["document_balance"], "credit_balance": account["credit_balance"]},
            "processing_delay": state.processing_delay,
            "clock_offset": state.clock_offset,
            "documents": [{"id": d["id"], "name": d["name"], "status": d["status"], "assignment_id": d["assignment_id"],
                           "signature_hash": d["signature_hash"], "views": d["views"]} for d in state.documents.values()],
            "signers": [{"id": s["id"], "full_name": s["full_name"], "email": s.get("email")}
                        for s in state.signers.values() if not s.get("deleted")],
            "access_codes": codes,
            "webhook_endpoints": [{"id": e["id"], "url": e["url"], "secret": e["secret"],
                                   "signing_enabled": e["signing_enabled"], "is_active": e["is_active"]}
                                  for e in state.endpoints.values()],
        }


def deliver(services, body: dict) -> dict:
    state = services.state
    event = body.get("event") or "document_uploaded"
    with state.lock:
        account_id = body.get("account_id") or state.seed.account_id
        if account_id not in state.accounts:
            raise ApiError(404, "unknown account")
        doc = state.documents.get(body.get("document_id") or "")
        if body.get("document_id") and not doc:
            raise ApiError(404, "unknown document")
        subject = events.subject_user(state, state.seed.user_id)
        obj = events.object_document(state, services.origin, doc) if doc else events.subject_account(state, account_id)
        before = set(state.dispatches)
        activity = events.record(state, services, event, account_id, subject, obj, payload=body.get("payload"))
        created = [d for d in state.dispatches if d not in before]
    finished = services.webhooks.wait(created, timeout=float(body.get("timeout", 10)))
    with state.lock:
        views = []
        for dispatch_id in created:
            dispatch = state.dispatches[dispatch_id]
            views.append({**dispatch_view(dispatch), "attempts": dispatch["attempts"],
                          "webhook_id": dispatch["message_id"]})
    return {"activity_id": activity["id"], "event": event, "finished": finished, "dispatches": views}


class AdminHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "AssinafyEmulatorAdmin/1.0"

    def log_message(self, fmt, *args):
        pass

    def _reply(self, status, payload):
        data = json.dumps(payload, ensure_ascii=False, default=str).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _body(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        return json.loads(raw) if raw.strip() else {}

    def do_GET(self):
        self._dispatch("GET")

    def do_POST(self):
        self._dispatch("POST")

    def do_DELETE(self):
        self._dispatch("DELETE")

    def _dispatch(self, method):
        services = self.server.services
        url = urlsplit(self.path)
        query = {k: v[-1] for k, v in parse_qs(url.query).items()}
        try:
            body = self._body() if method == "POST" else {}
            status, payload = self._route(services, method, url.path, query, body)
        except ApiError as error:
            status, payload = error.status, {"error": error.message}
        except (ValueError, KeyError, TypeError) as error:
            status, payload = 400, {"error": f"{type(error).__name__}: {error}"}
        self._reply(status, payload)

    def _route(self, services, method, path, query, body):
        journal, state = services.journal, services.state
        if (method, path) == ("GET", "/health"):
            return 200, {"ok": True}
        if (method, path) == ("GET", "/state"):
            return 200, state_summary(services)
        if (method, path) == ("GET", "/violations"):
            items = journal.list_violations(include_known=query.get("all") in ("1", "true"), kind=query.get("kind"))
            return 200, {"count": len(items), "violations": items}
        if (method, path) == ("DELETE", "/violations"):
            journal.clear_violations()
            return 200, {"ok": True}
        if (method, path) == ("POST", "/reset"):
            state.reset()
            if body.get("faults", True):
                services.faults.clear()
            if body.get("requests", True):
                journal.clear_requests()
            if body.get("violations", False):
                journal.clear_violations()
            if body.get("operations", False):
                journal.clear_operations()
            if "processing_delay" in body:
                state.processing_delay = float(body["processing_delay"])
            return 200, {"ok": True}
        if (method, path) == ("GET", "/requests"):
            items = journal.list_requests(int(query.get("since", 0)))
            return 200, {"count": len(items), "requests": items}
        if (method, path) == ("DELETE", "/requests"):
            journal.clear_requests()
            return 200, {"ok": True}
        if (method, path) == ("POST", "/faults"):
            rules = body.get("faults") if isinstance(body.get("faults"), list) else [body]
            return 200, {"faults": [services.faults.add(rule) for rule in rules]}
        if (method, path) == ("GET", "/faults"):
            return 200, {"faults": services.faults.list()}
        if (method, path) == ("DELETE", "/faults"):
            services.faults.clear()
            return 200, {"ok": True}
        if (method, path) == ("POST", "/webhooks/deliver"):
            return 200, deliver(services, body)
        if (method, path) == ("GET", "/operations"):
            seen = journal.operations()
            everything = {op.operation_id: op.key for op in services.router.operations}
            return 200, {"seen": sorted(seen), "count": len(seen), "total": len(everything), "hits": seen,
                         "missing": sorted(everything[o] for o in everything if o not in seen)}
        if (method, path) == ("POST", "/oauth/authorize"):
            with state.lock:
                return 200, oauth.authorize(state, body, services.origins)
        if (method, path) == ("GET", "/.well-known/oauth-authorization-server"):
            return 200, oauth.authorization_server_metadata(services.origin)
        if (method, path) == ("GET", "/.well-known/jwks.json"):
            try:
                return 200, oauth.jwks()
            except RuntimeError as error:
                raise ApiError(500, str(error))
        if (method, path) == ("POST", "/mfa/totp"):
            # The authenticator app a test stands in for: the current code for any TOTP secret
            # (e.g. one an enrollment just returned), on the emulator's clock.
            secret = str(body.get("secret") or "")
            if not secret:
                raise ApiError(400, "secret is required")
            with state.lock:
                return 200, {"code": totp(secret, state.now())}
        if (method, path) == ("POST", "/clock"):
            with state.lock:
                state.clock_offset += float(body.get("advance", 0))
                return 200, {"clock_offset": state.clock_offset, "now": state.now()}
        raise ApiError(404, f"no admin route {method} {path}")


class AdminServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, address, services):
        super().__init__(address, AdminHandler)
        self.services = services
        oauth.set_issuer(f"http://{self.server_address[0]}:{self.server_address[1]}")
        try:
            oauth.SIGNING_KEY.jwk()  # generate the id_token key now, not during the first token request
        except RuntimeError as error:
            print(f"emulator: no id_token signing key ({error}); openid grants will fail", file=sys.stderr)
