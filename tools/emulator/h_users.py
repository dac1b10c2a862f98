"""Authentication (login, two-factor, passwords, social login), the current user,
API keys, two-factor management and notification preferences."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import struct
from urllib.parse import quote

from http_util import ok, ok_message, route
from state import NOTIFICATION_KEYS, ApiError, iso, new_id
from views import auth_account_view, user_view

MFA_TOKEN_TTL = 300
BAD_LOGIN = "Incorrect email or password."


def totp(secret: str, at: float, step: int = 30, digits: int = 6) -> str:
    key = base64.b32decode(secret + "=" * (-len(secret) % 8), casefold=True)
    mac = hmac.new(key, struct.pack(">Q", int(at // step)), hashlib.sha1).digest()
    offset = mac[-1] & 0x0F
    code = (struct.unpack(">I", mac[offset:offset + 4])[0] & 0x7FFFFFFF) % 10 ** digits
    return f"{code:0{digits}d}"


def totp_ok(secret: str, code: str, now: float) -> bool:
    return any(hmac.compare_digest(totp(secret, now + d * 30), str(code)) for d in (-1, 0, 1))


def session_for(state, user: dict) -> dict:
    return {"access_token": state.issue_user_token(user["id"]), "user": user_view(user),
            "accounts": [auth_account_view(state.accounts[a], user["id"]) for a in state.user_accounts(user["id"])]}


def _confirmed(user):
    return [m for m in user["mfa_methods"] if m.get("confirmed_at")]


def _second_factor_ok(state, user, code: str, consume: bool = True) -> bool:
    if not code:
        return False
    if any(totp_ok(m["secret"], code, state.now()) for m in _confirmed(user)):
        for m in _confirmed(user):
            m["last_used_at"] = state.now()
        return True
    if code in user["recovery_codes"]:
        if consume:
            user["recovery_codes"].remove(code)
        return True
    return False


def _find_user(state, email):
    return next((u for u in state.users.values() if u["email"].lower() == str(email or "").lower()), None)


@route("POST", "/v1/login")
def login(ctx):
    body = ctx.obj()
    if not body.get("email") or not body.get("password"):
        raise ApiError(400, "email and password cannot be blank.")
    user = _find_user(ctx.state, body["email"])
    if not user or not hmac.compare_digest(user["password"], str(body["password"])):
        raise ApiError(400, BAD_LOGIN)
    if _confirmed(user):
        token = "emu-mfa-" + secrets.token_hex(16)
        ctx.state.mfa_tokens[token] = {"user_id": user["id"], "expires_at": ctx.state.now() + MFA_TOKEN_TTL}
        return ok({"mfa_required": True, "mfa_token": token, "mfa_methods": ["totp"]},
                  message="Two-factor authentication required.")
    return ok(session_for(ctx.state, user))


@route("POST", "/v1/authentication/mfa/verify")
def mfa_verify(ctx):
    body = ctx.obj()
    challenge = ctx.state.mfa_tokens.get(str(body.get("mfa_token") or ""))
    if not challenge or challenge["expires_at"] < ctx.state.now():
        raise ApiError(401, "The two-factor challenge is invalid or expired.")
    user = ctx.state.users[challenge["user_id"]]
    if not _second_factor_ok(ctx.state, user, str(body.get("code") or "")):
        raise ApiError(400, "Invalid two-factor code.")
    del ctx.state.mfa_tokens[body["mfa_token"]]
    return ok(session_for(ctx.state, user))


@route("PUT", "/v1/authentication/request-password-reset")
def request_password_reset(ctx):
    email = ctx.obj().get("email")
    if not email:
        raise ApiError(400, "email cannot be blank.")
    return ok({"email": email}, message="Se o e-mail existir, enviaremos instruções.")


@route("PUT", "/v1/authentication/reset-password")
def reset_password(ctx):
    body = ctx.obj()
    user = _find_user(ctx.state, body.get("email"))
    if not user or body.get("token") != ctx.state.seed.reset_token:
        raise ApiError(400, "The password reset token is invalid.")
    if len(str(body.get("new_password") or "")) < 8:
        raise ApiError(400, "new_password should contain at least 8 characters.")
    user["password"] = body["new_password"]
    return ok({"email": user["email"]})


def _reject_oauth(ctx):
    if ctx.principal.kind == "oauth":
        raise ApiError(403, "OAuth tokens cannot reach credential management.")


@route("PUT", "/v1/authentication/change-password")
def change_password(ctx):
    _reject_oauth(ctx)
    user = ctx.state.users[ctx.principal.user_id]
    body = ctx.obj()
    if str(body.get("email") or "").lower() != user["email"].lower() or body.get("password") != user["password"]:
        raise ApiError(400, BAD_LOGIN)
    if len(str(body.get("new_password") or "")) < 8:
        raise ApiError(400, "new_password should contain at least 8 characters.")
    user["password"] = body["new_password"]
    return ok({"email": user["email"]})


@route("POST", "/v1/authentication/social-login")
def social_login(ctx):
    body = ctx.obj()
    if body.get("provider") != "google" or not body.get("token"):
        raise ApiError(400, "Invalid social login token.")
    return ok(session_for(ctx.state, ctx.state.users[ctx.state.seed.user_id]))


@route("POST", "/v1/auth/link-social-login")
def link_social_login(ctx):
    body = ctx.obj()
    if body.get("provider") != "google" or not body.get("token"):
        raise ApiError(400, "Invalid social login token.")
    ctx.state.users[ctx.principal.user_id]["social"].append(body["provider"])
    return ok_message("Conta vinculada.")


@route("GET", "/v1/users/self")
def users_self(ctx):
    return ok(user_view(ctx.state.users[ctx.principal.user_id]))


# -- API keys ----------------------------------------------------------------

@route("GET", "/v1/users/api-keys")
def get_api_key(ctx):
    _reject_oauth(ctx)
    key = ctx.state.users[ctx.principal.user_id]["api_key"]
    return ok({"api_key": f"{key[:8]}{'*' * 12}{key[-4:]}" if key else None})


@route("POST", "/v1/users/api-keys")
def create_api_key(ctx):
    _reject_oauth(ctx)
    user = ctx.state.users[ctx.principal.user_id]
    if ctx.obj().get("password") != user["password"]:
        raise ApiError(400, "Incorrect password.")
    ctx.state.api_keys.pop(user["api_key"] or "", None)
    user["api_key"] = "emu-key-" + secrets.token_hex(16)
    ctx.state.api_keys[user["api_key"]] = user["id"]
    return ok({"api_key": user["api_key"]})


@route("DELETE", "/v1/users/api-keys")
def delete_api_key(ctx):
    _reject_oauth(ctx)
    user = ctx.state.users[ctx.principal.user_id]
    ctx.state.api_keys.pop(user["api_key"] or "", None)
    user["api_key"] = None
    return ok([])


# -- two-factor management ---------------------------------------------------

def _reauth(ctx, user, body, field="code"):
    if body.get("password") and hmac.compare_digest(str(body["password"]), user["password"]):
        return
    if _second_factor_ok(ctx.state, user, str(body.get(field) or "")):
        return
    raise ApiError(400, "Re-authentication failed: send the current password or a valid code.")


def _new_recovery_codes(user):
    user["recovery_codes"] = [secrets.token_hex(5) for _ in range(10)]
    return list(user["recovery_codes"])


@route("GET", "/v1/users/self/mfa")
def list_mfa(ctx):
    user = ctx.state.users[ctx.principal.user_id]
    methods = [{"id": m["id"], "type": m["type"], "label": m["label"], "confirmed_at": iso(m["confirmed_at"]),
                "last_used_at": iso(m.get("last_used_at") or m["confirmed_at"])} for m in _confirmed(user)]
    return ok({"methods": methods, "recovery_codes_remaining": len(user["recovery_codes"])})


@route("POST", "/v1/users/self/mfa/totp")
def start_totp(ctx):
    _reject_oauth(ctx)
    user = ctx.state.users[ctx.principal.user_id]
    label = ctx.obj().get("label") or "Authenticator"
    method = {"id": new_id(), "type": "totp", "label": label,
              "secret": base64.b32encode(secrets.token_bytes(20)).decode(), "confirmed_at": None, "last_used_at": None}
    user["mfa_methods"].append(method)
    uri = f"otpauth://totp/Assinafy:{quote(user['email'])}?secret={method['secret']}&issuer=Assinafy"
    return ok({"id": method["id"], "secret": method["secret"], "provisioning_uri": uri})


@route("PUT", "/v1/users/self/mfa/totp/confirm")
def confirm_totp(ctx):
    _reject_oauth(ctx)
    user = ctx.state.users[ctx.principal.user_id]
    body = ctx.obj()
    method = next((m for m in user["mfa_methods"] if m["id"] == body.get("id") and not m["confirmed_at"]), None)
    if not method:
        raise ApiError(404, "The requested resource was not found.")
    if not totp_ok(method["secret"], str(body.get("code") or ""), ctx.state.now()):
        raise ApiError(400, "Invalid authenticator code.")
    previous = [m for m in _confirmed(user) if m["type"] == method["type"]]
    if previous:
        _reauth(ctx, user, body, field="reauth_code")
        user["mfa_methods"] = [m for m in user["mfa_methods"] if m not in previous]
    method["confirmed_at"] = ctx.state.now()
    return ok({"recovery_codes": _new_recovery_codes(user)})


@route("POST", "/v1/users/self/mfa/recovery-codes")
def regenerate_recovery_codes(ctx):
    _reject_oauth(ctx)
    user = ctx.state.users[ctx.principal.user_id]
    if not _confirmed(user):
        raise ApiError(400, "Two-factor authentication is not enabled.")
    _reauth(ctx, user, ctx.obj())
    return ok({"recovery_codes": _new_recovery_codes(user)})


@route("DELETE", "/v1/users/self/mfa/{customId}")
def delete_mfa(ctx):
    _reject_oauth(ctx)
    user = ctx.state.users[ctx.principal.user_id]
    method = next((m for m in user["mfa_methods"] if m["id"] == ctx.p["customId"]), None)
    if not method:
        raise ApiError(404, "The requested resource was not found.")
    _reauth(ctx, user, ctx.obj())
    user["mfa_methods"].remove(method)
    if not _confirmed(user):
        user["recovery_codes"] = []
    return ok({"is_mfa_enabled": bool(_confirmed(user))})


# -- notification preferences ------------------------------------------------

@route("GET", "/v1/users/self/notification-preferences")
def get_preferences(ctx):
    return ok(dict(ctx.state.users[ctx.principal.user_id]["notification_preferences"]))


@route("PUT", "/v1/users/self/notification-preferences")
def update_preferences(ctx):
    body = ctx.obj()
    if not body:
        raise ApiError(400, "The request body cannot be empty.")
    for key, value in body.items():
        if key not in NOTIFICATION_KEYS:
            raise ApiError(400, f"Unknown notification code: {key}.")
        if not isinstance(value, bool):
            raise ApiError(400, f"{key} must be a boolean.")
    prefs = ctx.state.users[ctx.principal.user_id]["notification_preferences"]
    prefs.update(body)
    return ok(dict(prefs))
