#!/usr/bin/env python3
"""Local OAuth 2.1 test server for the Assinafy SDK's OAuth tests (Python 3.11 stdlib only, loopback only).

Two origins, both plain HTTP on loopback (the SDK allows that with allowsInsecureLoopback):
  API                   http://127.0.0.1:<api>   /.well-known/oauth-protected-resource, /v1/oauth/token,
                                                 /v1/oauth/revoke, /v1/oauth/userinfo
  authorization server  http://127.0.0.2:<auth>  one issuer per client: <origin>/t/<client_id>, with RFC 8414
                                                 metadata at /.well-known/oauth-authorization-server/t/<client_id>,
                                                 /t/<client_id>/authorize and /t/<client_id>/jwks.json

Prints {"api": port, "auth": port} on stdout and exits when stdin closes.

Every test registers its own client (POST /_control/client) so concurrent tests never share state.
Behaviour mirrors Assinafy's: PKCE S256 only, single-use codes, refresh tokens rotated on every use, and
reuse of a retired refresh token revokes the whole family (every token of the connection) with invalid_grant.
Faults, per client: delay (seconds before answering a refresh), drop_after_rotation (n refreshes whose
rotation is applied and whose connection is then closed without an answer), fail_500_after_rotation (n),
omit_refresh / same_refresh (successful answer without a new refresh token / with the old one),
redirect_token (307 from the token endpoint), id_token (returned by the next code exchange).
"""

import base64
import hashlib
import json
import secrets
import socket
import sys
import threading
import time
import os
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOCK = threading.Lock()
CLIENTS = {}        # client_id -> tenant dict
ACCESS = {}         # access token -> {"client": id, "scope": [...], "valid": bool}
PORTS = {}
GLOBAL = {"auth_origin_requests": 0, "auth_origin_credentials": 0}


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def new_tenant(client_id, options):
    tenant = {
        "client_id": client_id, "options": options, "codes": {}, "current_refresh": None, "retired": set(),
        "family_revoked": False, "stats": {
            "token_requests": 0, "code_requests": 0, "refresh_requests": 0, "revoke_requests": 0,
            "userinfo_requests": 0, "redirected_hits": 0, "replays": 0, "authorization_headers": 0,
            "content_types": [], "duplicate_rejections": 0, "revoked": [],
        },
    }
    return tenant


def issuer_for(client_id):
    return "http://127.0.0.2:%d/t/%s" % (PORTS["auth"], client_id)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "OAuthTestServer/1.0"

    def log_message(self, fmt, *args):
        pass

    def do_GET(self):
        self.dispatch()

    do_POST = do_GET

    def body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def send(self, code, body=b"", ctype="application/json", headers=()):
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
        elif isinstance(body, str):
            body = body.encode()
        self.send_response(code)
        if ctype and body:
            self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        if body:
            self.wfile.write(body)

    def oauth_error(self, code, error, description, status_fields=None):
        self.send(code, {"error": error, "error_description": description})

    def drop(self):
        """Closes the connection without an answer: the client cannot know what happened."""
        self.close_connection = True
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def dispatch(self):
        url = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(url.query, keep_blank_values=True)
        host = self.server.server_address[0]
        if url.path.startswith("/_control/"):
            return self.control(url.path, query)
        if host == "127.0.0.1":
            if url.path == "/.well-known/oauth-protected-resource":
                return self.send(200, {
                    "resource": "http://127.0.0.1:%d" % PORTS["api"],
                    "authorization_servers": [issuer_for("discovery")],
                    "scopes_supported": ["documents:read", "openid", "offline_access"],
                    "bearer_methods_supported": ["header"],
                })
            if url.path == "/v1/oauth/token" and self.command == "POST":
                return self.token()
            if url.path == "/v1/oauth/elsewhere":
                self.body()
                with LOCK:
                    for tenant in CLIENTS.values():
                        tenant["stats"]["redirected_hits"] += 1
                return self.send(200, {"access_token": "should-never-be-used", "token_type": "Bearer"})
            if url.path == "/v1/oauth/revoke" and self.command == "POST":
                return self.revoke()
            if url.path == "/v1/oauth/userinfo":
                return self.userinfo()
            return self.send(404, {"name": "Not Found", "message": "Page not found.", "code": 0, "status": 404})
        # Authorization server origin: it must never see a credential meant for the API.
        with LOCK:
            GLOBAL["auth_origin_requests"] += 1
            if self.headers.get("Authorization") or self.headers.get("X-Api-Key") or self.headers.get("Cookie"):
                GLOBAL["auth_origin_credentials"] += 1
        parts = url.path.split("/")
        if url.path.startswith("/.well-known/oauth-authorization-server/t/") and len(parts) == 5:
            return self.metadata(parts[4])
        if len(parts) == 4 and parts[1] == "t":
            client_id, leaf = parts[2], parts[3]
            if leaf == "authorize":
                return self.authorize(client_id, query)
            if leaf == "jwks.json":
                with LOCK:
                    tenant = CLIENTS.get(client_id)
                    jwks = tenant["options"].get("jwks", {"keys": []}) if tenant else {"keys": []}
                    if tenant:
                        tenant["stats"].setdefault("jwks_requests", 0)
                        tenant["stats"]["jwks_requests"] += 1
                return self.send(200, jwks)
        return self.send(404, {"error": "not_found"})

    # -- authorization server ---------------------------------------------------------------

    def metadata(self, client_id):
        issuer = issuer_for(client_id)
        with LOCK:
            tenant = CLIENTS.get(client_id)
            wrong = tenant and tenant["options"].get("metadata_wrong_issuer")
        origin = "http://127.0.0.2:%d" % PORTS["auth"]
        api = "http://127.0.0.1:%d" % PORTS["api"]
        self.send(200, {
            "issuer": issuer + "/other" if wrong else issuer,
            "authorization_endpoint": "%s/t/%s/authorize" % (origin, client_id),
            "token_endpoint": api + "/v1/oauth/token",
            "revocation_endpoint": api + "/v1/oauth/revoke",
            "userinfo_endpoint": api + "/v1/oauth/userinfo",
            "jwks_uri": "%s/t/%s/jwks.json" % (origin, client_id),
            "response_types_supported": ["code"],
            "grant_types_supported": ["authorization_code", "refresh_token"],
            "code_challenge_methods_supported": ["S256"],
            "token_endpoint_auth_methods_supported": ["none"],
            "authorization_response_iss_parameter_supported": True,
        })

    def authorize(self, client_id, query):
        def one(name):
            values = query.get(name, [])
            return values[0] if len(values) == 1 else None
        with LOCK:
            tenant = CLIENTS.get(client_id)
        if tenant is None or any(len(v) > 1 for v in query.values()):
            return self.send(400, {"error": "invalid_request"})
        redirect_uri = one("redirect_uri")
        if not redirect_uri or not redirect_uri.startswith("https://"):
            return self.send(400, {"error": "invalid_request", "error_description": "redirect_uri"})
        params = {"state": one("state") or "", "iss": issuer_for(client_id)}
        if one("response_type") != "code":
            params["error"] = "unsupported_response_type"
        elif one("code_challenge_method") != "S256" or not one("code_challenge"):
            params["error"] = "invalid_request"
        elif tenant["options"].get("deny"):
            params["error"] = "access_denied"
            params["error_description"] = "The user declined"
        else:
            code = secrets.token_urlsafe(24)
            with LOCK:
                tenant["codes"][code] = {
                    "challenge": one("code_challenge"), "redirect_uri": redirect_uri, "resource": one("resource"),
                    "scope": (one("scope") or "").split(" "), "nonce": one("nonce"), "used": False,
                    "verifier_in_url": "code_verifier" in query,
                }
            params["code"] = code
        location = redirect_uri + ("&" if "?" in redirect_uri else "?") + urllib.parse.urlencode(params)
        self.send(302, b"", None, [("Location", location)])

    # -- token endpoint ---------------------------------------------------------------------

    def issue(self, tenant, scope, rotate=True):
        access = secrets.token_urlsafe(24)
        granted = [s for s in scope if s and s != "offline_access"]
        ACCESS[access] = {"client": tenant["client_id"], "scope": granted, "valid": True}
        answer = {"access_token": access, "token_type": "Bearer",
                  "expires_in": int(tenant["options"].get("access_ttl", 3600)), "scope": " ".join(granted)}
        if "offline_access" in scope:
            refresh = secrets.token_urlsafe(24)
            if tenant["current_refresh"]:
                tenant["retired"].add(tenant["current_refresh"])
            tenant["current_refresh"] = refresh
            tenant["scope"] = scope
            answer["refresh_token"] = refresh
        return answer

    def token(self):
        raw = self.body()
        ctype = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        form = urllib.parse.parse_qs(raw.decode("utf-8", "replace"), keep_blank_values=True)
        client_id = (form.get("client_id") or [""])[0]
        with LOCK:
            tenant = CLIENTS.get(client_id)
        if tenant is None:
            return self.oauth_error(401, "invalid_client", "unknown client")
        options = tenant["options"]
        with LOCK:
            stats = tenant["stats"]
            stats["token_requests"] += 1
            stats["content_types"].append(ctype)
            if self.headers.get("Authorization") or self.headers.get("X-Api-Key"):
                stats["authorization_headers"] += 1
        if options.get("redirect_token"):
            return self.send(307, b"", None, [("Location", "/v1/oauth/elsewhere")])
        if ctype != "application/x-www-form-urlencoded":
            return self.oauth_error(400, "invalid_request", "the body must be form-encoded")
        if any(len(v) > 1 for v in form.values()):
            with LOCK:
                stats["duplicate_rejections"] += 1
            return self.oauth_error(400, "invalid_request", "repeated parameter")
        field = {k: v[0] for k, v in form.items()}
        grant = field.get("grant_type")
        if grant == "authorization_code":
            return self.code_grant(tenant, field)
        if grant == "refresh_token":
            return self.refresh_grant(tenant, field)
        return self.oauth_error(400, "unsupported_grant_type", "only authorization_code and refresh_token")

    def code_grant(self, tenant, field):
        with LOCK:
            tenant["stats"]["code_requests"] += 1
            entry = tenant["codes"].get(field.get("code", ""))
            if entry is None or entry["used"]:
                return self.oauth_error(400, "invalid_grant", "code unknown or already used")
            entry["used"] = True
            verifier = field.get("code_verifier", "")
            challenge = b64url(hashlib.sha256(verifier.encode()).digest())
            if not (43 <= len(verifier) <= 128) or challenge != entry["challenge"]:
                return self.oauth_error(400, "invalid_grant", "PKCE verification failed")
            if field.get("redirect_uri") != entry["redirect_uri"]:
                return self.oauth_error(400, "invalid_grant", "redirect_uri mismatch")
            if field.get("resource") and field.get("resource") != entry["resource"]:
                return self.oauth_error(400, "invalid_target", "resource mismatch")
            answer = self.issue(tenant, entry["scope"])
            if tenant["options"].get("id_token"):
                answer["id_token"] = tenant["options"]["id_token"]
        self.send(200, answer)

    def refresh_grant(self, tenant, field):
        options = tenant["options"]
        delay = float(options.get("delay", 0))
        if delay:
            time.sleep(delay)
        with LOCK:
            stats = tenant["stats"]
            stats["refresh_requests"] += 1
            sent = field.get("refresh_token", "")
            if tenant["family_revoked"]:
                return self.oauth_error(400, "invalid_grant", "connection ended")
            if sent in tenant["retired"]:
                # Replay of a retired token: indistinguishable from theft, so the whole connection ends.
                stats["replays"] += 1
                tenant["family_revoked"] = True
                for info in ACCESS.values():
                    if info["client"] == tenant["client_id"]:
                        info["valid"] = False
                return self.oauth_error(400, "invalid_grant", "refresh token reused")
            if sent != tenant["current_refresh"]:
                return self.oauth_error(400, "invalid_grant", "unknown refresh token")
            if options.get("same_refresh"):
                answer = self.issue(tenant, [s for s in tenant["scope"] if s != "offline_access"])
                answer["refresh_token"] = sent
                return self.send(200, answer)
            answer = self.issue(tenant, tenant["scope"])
            if options.get("drop_after_rotation", 0) > 0:
                options["drop_after_rotation"] -= 1
                drop = True
            else:
                drop = False
            if options.get("fail_500_after_rotation", 0) > 0:
                options["fail_500_after_rotation"] -= 1
                fail = True
            else:
                fail = False
        if drop:
            return self.drop()
        if fail:
            return self.send(500, {"status": 500, "message": "Internal error", "data": None})
        if options.get("omit_refresh"):
            answer.pop("refresh_token", None)
        self.send(200, answer)

    def revoke(self):
        form = urllib.parse.parse_qs(self.body().decode("utf-8", "replace"), keep_blank_values=True)
        client_id = (form.get("client_id") or [""])[0]
        token = (form.get("token") or [""])[0]
        with LOCK:
            tenant = CLIENTS.get(client_id)
            if tenant is not None:
                tenant["stats"]["revoke_requests"] += 1
                tenant["stats"]["revoked"].append(
                    "refresh" if token == tenant["current_refresh"] else "access" if token in ACCESS else "unknown")
                if token == tenant["current_refresh"]:
                    tenant["family_revoked"] = True
                if token in ACCESS:
                    ACCESS[token]["valid"] = False
        self.send(200)

    # -- resource server ----------------------------------------------------------------------

    def userinfo(self):
        header = self.headers.get("Authorization") or ""
        token = header[7:] if header.startswith("Bearer ") else ""
        with LOCK:
            info = ACCESS.get(token)
            tenant = CLIENTS.get(info["client"]) if info else None
            if tenant:
                tenant["stats"]["userinfo_requests"] += 1
        if not info or not info["valid"]:
            return self.send(401, {"status": 401, "message": "Unauthorized", "data": None},
                             headers=[("WWW-Authenticate", 'Bearer error="invalid_token"')])
        if "openid" not in info["scope"]:
            challenge = ('Bearer error="insufficient_scope", scope="openid", resource_metadata='
                         '"http://127.0.0.1:%d/.well-known/oauth-protected-resource"' % PORTS["api"])
            return self.send(403, {"status": 403, "message": "Insufficient scope", "data": None},
                             headers=[("WWW-Authenticate", challenge)])
        claims = {"sub": "user-" + tenant["client_id"]}
        if "profile" in info["scope"]:
            claims["name"] = "Ana Souza"
        if "email" in info["scope"]:
            claims["email"] = "ana@exemplo.invalid"
            claims["email_verified"] = True
        self.send(200, claims)

    # -- control --------------------------------------------------------------------------------

    def control(self, path, query):
        if path == "/_control/client":
            spec = json.loads(self.body() or b"{}")
            client_id = spec.pop("client_id")
            with LOCK:
                CLIENTS[client_id] = new_tenant(client_id, spec)
            return self.send(200, {"issuer": issuer_for(client_id)})
        if path == "/_control/options":
            spec = json.loads(self.body() or b"{}")
            with LOCK:
                CLIENTS[spec.pop("client_id")]["options"].update(spec)
            return self.send(200, {})
        if path == "/_control/seed":
            spec = json.loads(self.body() or b"{}")
            with LOCK:
                tenant = CLIENTS[spec["client_id"]]
                answer = self.issue(tenant, spec.get("scope", "documents:read offline_access").split(" "))
            return self.send(200, answer)
        if path == "/_control/invalidate_access":
            spec = json.loads(self.body() or b"{}")
            with LOCK:
                for info in ACCESS.values():
                    if info["client"] == spec["client_id"]:
                        info["valid"] = False
            return self.send(200, {})
        if path == "/_control/global":
            with LOCK:
                return self.send(200, dict(GLOBAL))
        if path == "/_control/stats":
            client_id = query.get("client_id", [""])[0]
            with LOCK:
                tenant = CLIENTS.get(client_id)
                if tenant is None:
                    return self.send(404, {})
                stats = dict(tenant["stats"])
                stats["family_revoked"] = tenant["family_revoked"]
                stats["verifier_in_url"] = any(c["verifier_in_url"] for c in tenant["codes"].values())
            return self.send(200, stats)
        return self.send(404, {})


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128


def main():
    api = Server(("127.0.0.1", 0), Handler)
    auth = Server(("127.0.0.2", 0), Handler)
    PORTS["api"] = api.server_address[1]
    PORTS["auth"] = auth.server_address[1]
    with LOCK:
        CLIENTS["discovery"] = new_tenant("discovery", {})
    for server in (api, auth):
        threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdout.write(json.dumps(PORTS) + "\n")
    sys.stdout.flush()
    while sys.stdin.buffer.read(4096):
        pass
    os._exit(0)


if __name__ == "__main__":
    main()
