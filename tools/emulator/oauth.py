"""OAuth 2.1 surface of the API: token endpoint (authorization_code + PKCE S256,
refresh_token with rotation and reuse detection, token exchange), revocation,
userinfo, protected-resource metadata; plus the stand-in authorization step used
by the admin API (`POST /oauth/authorize`), since the real one lives elsewhere.

id_tokens are RS256-signed (OpenID Connect clients, the SDK's IDTokenVerifier among them,
refuse HMAC-signed ones) with a key the `openssl` CLI generates when the emulator starts.
The admin listener plays the authorization server: its origin is the issuer, and it serves
the RFC 8414 metadata and the JWKS (see `authorization_server_metadata`, `jwks`)."""

from __future__ import annotations

import atexit
import base64
import hashlib
import hmac
import json
import os
import re
import secrets
import shutil
import subprocess
import tempfile
import threading

from http_util import Reply, route
from state import ApiError, new_id

ACCESS_TTL = 3600
REFRESH_TTL = 30 * 86400
CODE_TTL = 60
# The issuer until the admin listener announces its origin (`set_issuer`); nothing can fetch
# metadata from this one, so it only shows up when oauth.py is used without the admin API.
AUTHORIZATION_SERVER = "https://auth.example.invalid"
_issuer = AUTHORIZATION_SERVER
SCOPES = ["documents:read", "documents:write", "templates:read", "templates:write", "account:read",
          "webhooks:write", "openid", "profile", "email", "offline_access"]
VERIFIER = re.compile(r"^[A-Za-z0-9\-._~]{43,128}$")
EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange"
ACCESS_TYPE = "urn:ietf:params:oauth:token-type:access_token"


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def set_issuer(origin: str):
    """Makes `origin` (the admin listener, which serves the metadata and JWKS) the issuer."""
    global _issuer
    _issuer = origin.rstrip("/")


def issuer() -> str:
    return _issuer


def s256(verifier: str) -> str:
    return _b64url(hashlib.sha256(verifier.encode()).digest())


def oauth_error(status: int, error: str, description: str) -> Reply:
    return Reply(status, {"error": error, "error_description": description},
                 headers=[("Cache-Control", "no-store")])


class OAuthFailure(Exception):
    def __init__(self, status, error, description):
        super().__init__(description)
        self.reply = oauth_error(status, error, description)


def _client(state, body) -> dict:
    client = state.oauth_clients.get(str(body.get("client_id") or ""))
    if not client:
        raise OAuthFailure(401, "invalid_client", "Client authentication failed.")
    if client["confidential"] and not hmac.compare_digest(str(body.get("client_secret") or ""), client["secret"]):
        raise OAuthFailure(401, "invalid_client", "Client authentication failed.")
    return client


def authorize(state, params: dict, origins: list[str]) -> dict:
    """Admin-side stand-in for the user approving an application."""
    seed = state.seed
    client = state.oauth_clients.get(params.get("client_id") or seed.oauth_client_id)
    if not client:
        raise ApiError(400, "unknown client_id")
    redirect_uri = params.get("redirect_uri") or client["redirect_uris"][0]
    if redirect_uri not in client["redirect_uris"]:
        raise ApiError(400, "redirect_uri is not registered for this client")
    if params.get("code_challenge_method", "S256") != "S256" or not params.get("code_challenge"):
        raise ApiError(400, "PKCE with code_challenge_method=S256 is required")
    scopes = str(params.get("scope") or "documents:read documents:write offline_access").split()
    unknown = [s for s in scopes if s not in SCOPES]
    if unknown:
        raise ApiError(400, f"unknown scope {unknown[0]}")
    code = "emu-code-" + secrets.token_hex(16)
    state.oauth_codes[code] = {
        "client_id": client["client_id"], "redirect_uri": redirect_uri, "challenge": params["code_challenge"],
        "scopes": scopes, "user_id": params.get("user_id") or seed.user_id,
        "account_id": params.get("account_id") or seed.account_id, "resource": params.get("resource"),
        "expires_at": state.now() + CODE_TTL, "used": False, "chain": None, "nonce": params.get("nonce"),
    }
    return {"code": code, "redirect_uri": redirect_uri, "state": params.get("state"), "iss": _issuer}


class SigningKey:
    """A 2048-bit RSA key made by the `openssl` CLI (the venv has no crypto package) and kept
    in a private temporary directory for the life of the process."""

    def __init__(self):
        self._lock = threading.Lock()
        self._path = None
        self._jwk = None

    @staticmethod
    def _openssl(*args, data: bytes | None = None) -> bytes:
        try:
            done = subprocess.run(["openssl", *args], input=data, capture_output=True, timeout=30, check=False)
        except (OSError, subprocess.TimeoutExpired) as error:
            raise RuntimeError(f"openssl {args[0]} failed: {error}") from error
        if done.returncode != 0:
            raise RuntimeError(f"openssl {args[0]} failed: {done.stderr.decode(errors='replace').strip()}")
        return done.stdout

    def jwk(self) -> dict:
        """The public key as a JWK, generating the key pair on first use."""
        with self._lock:
            if self._jwk is None:
                folder = tempfile.mkdtemp(prefix="assinafy-emulator-")  # mode 0700: the key stays private
                atexit.register(shutil.rmtree, folder, True)
                path = os.path.join(folder, "id-token-key.pem")
                self._openssl("genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048",
                              "-pkeyopt", "rsa_keygen_pubexp:65537", "-out", path)
                modulus = self._openssl("rsa", "-in", path, "-noout", "-modulus").decode().strip()
                n = bytes.fromhex(modulus.split("=", 1)[1])
                self._path = path
                self._jwk = {"kty": "RSA", "use": "sig", "alg": "RS256", "n": _b64url(n),
                             "e": _b64url((65537).to_bytes(3, "big")),
                             "kid": _b64url(hashlib.sha256(n).digest())[:16]}
            return dict(self._jwk)

    def sign(self, message: bytes) -> bytes:
        """RSASSA-PKCS1-v1_5 with SHA-256, i.e. the JWS `RS256` signature of `message`."""
        self.jwk()
        return self._openssl("dgst", "-sha256", "-sign", self._path, data=message)


SIGNING_KEY = SigningKey()


def jwks() -> dict:
    return {"keys": [SIGNING_KEY.jwk()]}


def authorization_server_metadata(api_origin: str) -> dict:
    """RFC 8414 metadata for `issuer()`. The authorization endpoint is the admin API's JSON
    stand-in (`POST /oauth/authorize`), not a page a browser could open."""
    api = api_origin.rstrip("/") + "/v1"
    return {"issuer": _issuer, "authorization_endpoint": _issuer + "/oauth/authorize",
            "token_endpoint": api + "/oauth/token", "revocation_endpoint": api + "/oauth/revoke",
            "userinfo_endpoint": api + "/oauth/userinfo", "jwks_uri": _issuer + "/.well-known/jwks.json",
            "response_types_supported": ["code"], "response_modes_supported": ["query"],
            "grant_types_supported": ["authorization_code", "refresh_token", EXCHANGE],
            "code_challenge_methods_supported": ["S256"],
            "token_endpoint_auth_methods_supported": ["client_secret_post", "none"],
            "revocation_endpoint_auth_methods_supported": ["client_secret_post", "none"],
            "scopes_supported": SCOPES, "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["RS256"],
            "authorization_response_iss_parameter_supported": True}


def _id_token(state, client_id, user, nonce):
    now = int(state.now())
    claims = {"iss": _issuer, "aud": client_id, "sub": user["id"], "iat": now, "exp": now + ACCESS_TTL}
    if nonce:
        claims["nonce"] = nonce
    head = _b64url(json.dumps({"alg": "RS256", "typ": "JWT", "kid": SIGNING_KEY.jwk()["kid"]}).encode())
    body = _b64url(json.dumps(claims).encode())
    signature = _b64url(SIGNING_KEY.sign(f"{head}.{body}".encode()))
    return f"{head}.{body}.{signature}"


def _issue(state, grant: dict, client_id: str, with_refresh: bool, nonce=None) -> dict:
    access = "emu-oauth-" + secrets.token_hex(20)
    scopes = [s for s in grant["scopes"] if s != "offline_access"]
    state.tokens[access] = {"kind": "oauth", "user_id": grant["user_id"], "account_id": grant["account_id"],
                            "scopes": scopes, "client_id": client_id, "chain": grant.get("chain"),
                            "expires_at": state.now() + ACCESS_TTL, "revoked": False}
    answer = {"access_token": access, "token_type": "Bearer", "expires_in": ACCESS_TTL, "scope": " ".join(scopes)}
    if with_refresh and "offline_access" in grant["scopes"]:
        refresh = "emu-refresh-" + secrets.token_hex(20)
        state.refresh_tokens[refresh] = {**grant, "client_id": client_id, "status": "active",
                                         "expires_at": state.now() + REFRESH_TTL}
        answer["refresh_token"] = refresh
    if "openid" in scopes:
        answer["id_token"] = _id_token(state, client_id, state.users[grant["user_id"]], nonce)
    return answer


def revoke_chain(state, chain: str | None):
    if not chain:
        return
    state.revoked_chains.add(chain)
    for record in list(state.tokens.values()) + list(state.refresh_tokens.values()):
        if record.get("chain") == chain:
            if "status" in record:
                record["status"] = "revoked"
            else:
                record["revoked"] = True


def _check_resource(ctx, requested, authorized):
    if not requested:
        return
    allowed = {authorized} if authorized else {o.rstrip("/") for o in ctx.services.origins}
    if requested.rstrip("/") not in {a.rstrip("/") for a in allowed if a}:
        raise OAuthFailure(400, "invalid_target", "The resource does not match what was authorized.")


def _grant_code(ctx, body, client):
    state = ctx.state
    record = state.oauth_codes.get(str(body.get("code") or ""))
    if not record or record["client_id"] != client["client_id"]:
        raise OAuthFailure(400, "invalid_grant", "The authorization code is invalid.")
    if record["used"]:
        revoke_chain(state, record["chain"])
        raise OAuthFailure(400, "invalid_grant", "The authorization code was already used.")
    if record["expires_at"] < state.now():
        raise OAuthFailure(400, "invalid_grant", "The authorization code has expired.")
    if body.get("redirect_uri") != record["redirect_uri"]:
        raise OAuthFailure(400, "invalid_grant", "redirect_uri does not match the authorization request.")
    verifier = str(body.get("code_verifier") or "")
    if not VERIFIER.match(verifier) or not hmac.compare_digest(s256(verifier), record["challenge"]):
        raise OAuthFailure(400, "invalid_grant", "PKCE verification failed.")
    _check_resource(ctx, body.get("resource"), record["resource"])
    record["used"] = True
    record["chain"] = new_id()
    grant = {k: record[k] for k in ("user_id", "account_id", "scopes", "resource", "chain")}
    return _issue(state, grant, client["client_id"], True, record.get("nonce"))


def _grant_refresh(ctx, body, client):
    state = ctx.state
    record = state.refresh_tokens.get(str(body.get("refresh_token") or ""))
    if not record or record["client_id"] != client["client_id"]:
        raise OAuthFailure(400, "invalid_grant", "The refresh token is invalid.")
    if record["chain"] in state.revoked_chains or record["status"] == "revoked":
        raise OAuthFailure(400, "invalid_grant", "The refresh token has been revoked.")
    if record["status"] == "retired":
        revoke_chain(state, record["chain"])
        raise OAuthFailure(400, "invalid_grant", "Refresh token reuse detected; the connection was revoked.")
    if record["expires_at"] < state.now():
        raise OAuthFailure(400, "invalid_grant", "The refresh token has expired.")
    _check_resource(ctx, body.get("resource"), record.get("resource"))
    record["status"] = "retired"
    grant = {k: record[k] for k in ("user_id", "account_id", "scopes", "resource", "chain")}
    return _issue(state, grant, client["client_id"], True)


def _grant_exchange(ctx, body, client):
    state = ctx.state
    if not client["confidential"]:
        raise OAuthFailure(400, "invalid_grant", "Token exchange is restricted to internal-service clients.")
    if body.get("subject_token_type") != ACCESS_TYPE or body.get("requested_token_type", ACCESS_TYPE) != ACCESS_TYPE:
        raise OAuthFailure(400, "invalid_request", "Unsupported token type.")
    subject = state.tokens.get(str(body.get("subject_token") or ""))
    if (not subject or subject["kind"] != "oauth" or subject["revoked"] or subject.get("exchanged")
            or subject["expires_at"] < state.now() or subject.get("chain") in state.revoked_chains):
        raise OAuthFailure(400, "invalid_grant", "The subject token is not usable.")
    scopes = str(body.get("scope") or " ".join(subject["scopes"])).split()
    if not set(scopes) <= set(subject["scopes"]):
        raise OAuthFailure(400, "invalid_scope", "The requested scope exceeds the subject token's.")
    _check_resource(ctx, body.get("resource"), None)
    grant = {"user_id": subject["user_id"], "account_id": subject["account_id"], "scopes": scopes, "chain": None}
    answer = _issue(state, grant, subject["client_id"], False)
    state.tokens[answer["access_token"]]["exchanged"] = True
    answer["expires_in"] = int(min(ACCESS_TTL, subject["expires_at"] - state.now()))
    answer["issued_token_type"] = ACCESS_TYPE
    return answer


@route("POST", "/v1/oauth/token")
def token(ctx):
    try:
        body = ctx.obj()
        client = _client(ctx.state, body)
        grant = body.get("grant_type")
        handler = {"authorization_code": _grant_code, "refresh_token": _grant_refresh, EXCHANGE: _grant_exchange}
        if grant not in handler:
            raise OAuthFailure(400, "unsupported_grant_type", "Only authorization_code and refresh_token exist.")
        return Reply(200, handler[grant](ctx, body, client), headers=[("Cache-Control", "no-store")])
    except OAuthFailure as failure:
        return failure.reply


@route("POST", "/v1/oauth/revoke")
def revoke(ctx):
    try:
        body = ctx.obj()
        client = _client(ctx.state, body)
    except OAuthFailure as failure:
        return failure.reply
    value = str(body.get("token") or "")
    access = ctx.state.tokens.get(value)
    if access and access.get("client_id") == client["client_id"]:
        access["revoked"] = True
    refresh = ctx.state.refresh_tokens.get(value)
    if refresh and refresh["client_id"] == client["client_id"]:
        revoke_chain(ctx.state, refresh["chain"])
    return Reply(200, None, content_type="application/json")


@route("GET", "/v1/oauth/userinfo")
def userinfo(ctx):
    principal = ctx.principal
    if principal.kind != "oauth" or "openid" not in principal.scopes:
        challenge = (f'Bearer error="insufficient_scope", scope="openid", '
                     f'resource_metadata="{ctx.origin}/.well-known/oauth-protected-resource"')
        raise ApiError(403, "You are not allowed to perform this action.", headers=[("WWW-Authenticate", challenge)])
    user = ctx.state.users[principal.user_id]
    claims = {"sub": user["id"]}
    if "profile" in principal.scopes:
        claims["name"] = user["name"]
    if "email" in principal.scopes:
        claims.update(email=user["email"], email_verified=user["is_email_verified"])
    return Reply(200, claims)


@route("GET", "/.well-known/oauth-protected-resource")
def protected_resource(ctx):
    return Reply(200, {"resource": ctx.origin, "authorization_servers": [_issuer],
                       "scopes_supported": [s for s in SCOPES if s != "offline_access"],
                       "bearer_methods_supported": ["header"]})
