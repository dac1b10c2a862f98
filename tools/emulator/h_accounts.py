"""Workspace accounts: list/create/get/update/delete, theme, logo, KPIs."""

from __future__ import annotations

from datetime import datetime, timezone

from access import NOT_FOUND, account_for
from artifacts import image_mime
from http_util import Reply, ok, ok_message, route
from state import ApiError, new_id
from views import account_view

SENDER_TYPES = ("User", "Account")


@route("GET", "/v1/accounts")
def list_accounts(ctx):
    uid = ctx.principal.user_id
    return ok([account_view(ctx.state.accounts[a], uid) for a in ctx.principal.account_ids])


@route("POST", "/v1/accounts")
def create_account(ctx):
    if ctx.principal.kind == "oauth":
        raise ApiError(403, "OAuth tokens cannot manage workspaces.")
    body = ctx.obj()
    name = str(body.get("name") or "").strip()
    if not name:
        raise ApiError(400, "name cannot be blank.")
    sender = body.get("notification_sender_type", "User")
    if sender not in SENDER_TYPES:
        raise ApiError(400, "notification_sender_type must be User or Account.")
    account = {"id": new_id(), "name": name, "primary_color": None, "secondary_color": None,
               "notification_sender_type": sender, "members": {ctx.principal.user_id: ["owner"]},
               "created_at": ctx.state.now(), "paid_subscription": False, "document_balance": 5,
               "credit_balance": 0.0, "logo": None, "logo_mime": None, "deleted": False}
    ctx.state.accounts[account["id"]] = account
    return ok(account_view(account, ctx.principal.user_id))


@route("GET", "/v1/accounts/{accountId}")
def get_account(ctx):
    return ok(account_view(account_for(ctx), ctx.principal.user_id))


@route("PUT", "/v1/accounts/{accountId}")
def update_account(ctx):
    account = account_for(ctx)
    body = ctx.obj()
    if "name" in body:
        if not str(body["name"] or "").strip():
            raise ApiError(400, "name cannot be blank.")
        account["name"] = body["name"].strip()
    if "notification_sender_type" in body:
        if body["notification_sender_type"] not in SENDER_TYPES:
            raise ApiError(400, "notification_sender_type must be User or Account.")
        account["notification_sender_type"] = body["notification_sender_type"]
    return ok(account_view(account, ctx.principal.user_id))


@route("DELETE", "/v1/accounts/{accountId}")
def delete_account(ctx):
    account = account_for(ctx)
    if ctx.principal.kind == "oauth" or "owner" not in account["members"].get(ctx.principal.user_id, []):
        raise ApiError(403, "You are not allowed to perform this action.")
    force = bool(ctx.obj().get("force"))
    if account["paid_subscription"] and not force:
        restrictions = [{"code": "ActivePaidSubscription", "message": "Account has an active paid subscription.",
                         "account_ids": [account["id"]]}]
        if any(d["account_id"] == account["id"] and d["status"] == "pending_signature"
               for d in ctx.state.documents.values()):
            restrictions.append({"code": "PendingDocuments", "message": "Account has documents pending signature.",
                                 "account_ids": [account["id"]]})
        raise ApiError(400, "Cannot delete while restrictions are active.", extra={"restrictions": restrictions})
    account["deleted"] = True
    account["paid_subscription"] = False
    return ok([])


@route("GET", "/v1/accounts/{accountId}/theme")
def theme(ctx):
    account = account_for(ctx)
    logo = f"{ctx.origin}/v1/accounts/{account['id']}/logo" if account["logo"] else ""
    return ok({"account_name": account["name"], "primary_color": account.get("primary_color") or "#1565C0",
               "secondary_color": account.get("secondary_color"), "logo": logo})


@route("GET", "/v1/accounts/{accountId}/logo")
def get_logo(ctx):
    account = account_for(ctx)
    if not account["logo"]:
        raise ApiError(404, NOT_FOUND)
    return Reply(200, account["logo"], account["logo_mime"])


@route("POST", "/v1/accounts/{accountId}/logo")
def upload_logo(ctx):
    account = account_for(ctx)
    part = ctx.multipart().get("file")
    if part is None or not part.data:
        raise ApiError(400, "file cannot be blank.")
    mime = image_mime(part.data)
    if mime is None:
        raise ApiError(400, "The logo must be a PNG or JPEG image.")
    if len(part.data) > 2 * 1024 * 1024:
        raise ApiError(400, "The logo cannot exceed 2 MiB.")
    account["logo"], account["logo_mime"] = part.data, mime
    return ok_message("Logo atualizado.")


@route("DELETE", "/v1/accounts/{accountId}/logo")
def delete_logo(ctx):
    account = account_for(ctx)
    account["logo"], account["logo_mime"] = None, None
    return ok_message("Logo removido.")


# -- KPIs --------------------------------------------------------------------

STAT_KEYS = ("documents_uploaded", "documents_sent", "signature_requests", "signature_requests_notification_email",
             "signature_requests_notification_whatsapp", "signature_requests_notification_bypass",
             "signature_requests_verification_email", "signature_requests_verification_whatsapp",
             "signature_requests_verification_bypass", "signature_requests_verification_digital_certificate",
             "signature_requests_viewed", "signature_requests_completed", "documents_certified")


def _periods(ctx):
    granularity = ctx.q("granularity") or "monthly"
    now = datetime.fromtimestamp(ctx.state.now(), timezone.utc)
    if granularity == "daily":
        month = ctx.q("month") or now.strftime("%Y-%m")
        try:
            first = datetime.strptime(month, "%Y-%m").replace(tzinfo=timezone.utc)
        except ValueError:
            raise ApiError(400, "month must be formatted as YYYY-MM.")
        days = ((first.replace(month=first.month % 12 + 1, year=first.year + first.month // 12)) - first).days
        return "%Y-%m-%d", [f"{month}-{d:02d}" for d in range(days, 0, -1)]
    if granularity != "monthly":
        raise ApiError(400, "granularity must be monthly or daily.")
    periods, year, month = [], now.year, now.month
    for _ in range(12):
        periods.append(f"{year:04d}-{month:02d}")
        year, month = (year - 1, 12) if month == 1 else (year, month - 1)
    return "%Y-%m", periods


def stats_rows(ctx, account_ids):
    fmt, periods = _periods(ctx)
    rows = {p: {"period": p, **{k: 0 for k in STAT_KEYS}} for p in periods}

    def bucket(ts):
        return rows.get(datetime.fromtimestamp(ts, timezone.utc).strftime(fmt)) if ts else None

    for doc in ctx.state.documents.values():
        if doc["account_id"] not in account_ids:
            continue
        if (row := bucket(doc["created_at"])) is not None:
            row["documents_uploaded"] += 1
        if doc.get("completed_at") and (row := bucket(doc["completed_at"])) is not None:
            row["documents_certified"] += 1
        assignment = ctx.state.assignments.get(doc["assignment_id"] or "")
        if not assignment or (row := bucket(assignment["created_at"])) is None:
            continue
        row["documents_sent"] += 1
        for stage in assignment["stages"].values():
            row["signature_requests"] += 1
            row[f"signature_requests_notification_{stage['notification_methods'][0].lower()}"] += 1
            method = {"DigitalCertificate": "digital_certificate"}.get(stage["verification_method"],
                                                                       stage["verification_method"].lower())
            row[f"signature_requests_verification_{method}"] += 1
            row["signature_requests_viewed"] += int(stage["viewed"])
            row["signature_requests_completed"] += int(stage["completed"])
    return ok([rows[p] for p in periods])


@route("GET", "/v1/accounts/{accountId}/stats")
def account_stats(ctx):
    return stats_rows(ctx, {account_for(ctx)["id"]})


@route("GET", "/v1/users/self/stats")
def user_stats(ctx):
    return stats_rows(ctx, set(ctx.state.user_accounts(ctx.principal.user_id)))
