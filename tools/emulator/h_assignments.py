"""Signers (account side) and assignments: creation, cost estimates, resend,
expiration, WhatsApp notification log."""

from __future__ import annotations

import secrets

import events
import lifecycle
from access import account_for, assignment_for, document_for, signer_for
from http_util import ok, paged, route
from state import ApiError, new_id, parse_iso
from views import assignment_view, signer_view

DUPLICATE_EMAIL = "Um signatário com este e-mail já existe."
PRICES = {"Email": 0.0, "Whatsapp": 0.45}
DIGITAL_CERTIFICATE = 0.5
LINE_NAMES = {"NotificationEmail": "Notificação por e-mail", "NotificationWhatsapp": "Notificação por WhatsApp",
              "SignatureDigitalCertificate": "Assinatura com certificado digital", "ExtraDocument": "Documento extra"}
IN_FLIGHT = {"uploaded", "metadata_processing", "metadata_ready", "pending_signature", "certificating"}


# -- signers -----------------------------------------------------------------

def _email_taken(state, account_id, email, except_id=None):
    if not email:
        return False
    return any(s["account_id"] == account_id and not s.get("deleted") and s["id"] != except_id
               and (s.get("email") or "").lower() == email.lower() for s in state.signers.values())


@route("POST", "/v1/accounts/{accountId}/signers")
def create_signer(ctx):
    account = account_for(ctx)
    body = ctx.obj()
    if not str(body.get("full_name") or "").strip():
        raise ApiError(400, "full_name cannot be blank.")
    email = body.get("email")
    if _email_taken(ctx.state, account["id"], email):
        raise ApiError(400, DUPLICATE_EMAIL)
    signer = {"id": new_id(), "account_id": account["id"], "full_name": body["full_name"].strip(), "email": email,
              "whatsapp_phone_number": body.get("whatsapp_phone_number"), "government_id": body.get("government_id"),
              "has_accepted_terms": False, "created_at": ctx.state.now(), "deleted": False}
    ctx.state.signers[signer["id"]] = signer
    events.record(ctx.state, ctx.services, "signer_created", account["id"],
                  events.subject_user(ctx.state, ctx.principal.user_id), {**signer_view(signer), "type": "Signer"},
                  payload={"signer_full_name": signer["full_name"]}, names={"signer": signer["full_name"]})
    return ok(signer_view(signer))


@route("GET", "/v1/accounts/{accountId}/signers")
def list_signers(ctx):
    account = account_for(ctx)
    search = (ctx.q("search") or "").lower()
    signers = [s for s in ctx.state.signers.values() if s["account_id"] == account["id"] and not s.get("deleted")]
    if search:
        signers = [s for s in signers if search in s["full_name"].lower() or search in (s.get("email") or "").lower()
                   or search in (s.get("government_id") or "")]
    signers.sort(key=lambda s: (s["created_at"], s["id"]))
    return paged(ctx, signers, signer_view)


@route("GET", "/v1/accounts/{accountId}/signers/{signerId}")
def get_signer(ctx):
    return ok(signer_view(signer_for(ctx)))


def _in_flight_stages(state, signer_id):
    for assignment in state.assignments.values():
        doc = state.documents.get(assignment["document_id"])
        if doc and doc["status"] in IN_FLIGHT and signer_id in assignment["stages"]:
            yield doc, assignment["stages"][signer_id]


@route("PUT", "/v1/accounts/{accountId}/signers/{signerId}")
def update_signer(ctx):
    signer = signer_for(ctx)
    body = ctx.obj()
    for channel in ("email", "whatsapp_phone_number"):
        if channel in body and body[channel] != signer.get(channel):
            blocked = [d["id"] for d, stage in _in_flight_stages(ctx.state, signer["id"]) if stage["verified"]]
            if blocked:
                raise ApiError(400, f"{channel} cannot be changed while verified on documents: {', '.join(blocked)}")
            for _, stage in _in_flight_stages(ctx.state, signer["id"]):
                stage["verification_code"] = f"{secrets.randbelow(10**6):06d}"
    if "email" in body and _email_taken(ctx.state, signer["account_id"], body["email"], signer["id"]):
        raise ApiError(400, DUPLICATE_EMAIL)
    if "full_name" in body and not str(body["full_name"]).strip():
        raise ApiError(400, "full_name cannot be blank.")
    for key in ("full_name", "email", "whatsapp_phone_number", "government_id"):
        if key in body:
            signer[key] = body[key]
    return ok(signer_view(signer))


@route("DELETE", "/v1/accounts/{accountId}/signers/{signerId}")
def delete_signer(ctx):
    signer = signer_for(ctx)
    if any(True for _ in _in_flight_stages(ctx.state, signer["id"])):
        raise ApiError(400, "The signer has documents in progress and cannot be deleted.")
    signer["deleted"] = True
    return ok([])


# -- cost ----------------------------------------------------------------------

def resolve_methods(spec: dict) -> tuple[str, str]:
    verification = spec.get("verification_method")
    notifications = spec.get("notification_methods")
    if notifications is not None and len(notifications) > 1:
        raise ApiError(400, "Only one notification method is allowed per signer.")
    notification = notifications[0] if notifications else None
    if verification is None and notification is None:
        return "Email", "Email"
    if verification is None:
        verification = notification
    if notification is None:
        notification = "Email" if verification == "DigitalCertificate" else verification
    allowed = {"Email": {"Email"}, "Whatsapp": {"Whatsapp"}, "DigitalCertificate": {"Email", "Whatsapp"}}
    if notification not in allowed.get(verification, set()):
        raise ApiError(400, f"Verification method {verification} cannot be combined with {notification} notification.")
    return verification, notification


def estimate(account: dict, methods: list[tuple[str, str]], documents: int = 1) -> dict:
    lines: dict[str, list] = {}
    for verification, notification in methods:
        code = f"Notification{notification}"
        lines.setdefault(code, [0, PRICES[notification]])[0] += 1
        if verification == "DigitalCertificate":
            lines.setdefault("SignatureDigitalCertificate", [0, DIGITAL_CERTIFICATE])[0] += 1
    breakdown = [{"code": code, "name": LINE_NAMES[code], "cost": round(q * unit, 2), "quantity": q,
                  "unit_cost": unit} for code, (q, unit) in lines.items()]
    credits = round(sum(b["cost"] for b in breakdown), 2)
    needs_extra = documents > 0 and account["document_balance"] < documents
    extra = 1.0 if needs_extra else 0.0
    total = round(credits + extra, 2)
    sufficient = account["credit_balance"] >= total
    return {"documents": documents, "credits": credits, "needs_extra_document": needs_extra,
            "extra_document_cost": extra, "total_credits": total, "breakdown": breakdown,
            "document_balance": account["document_balance"], "credit_balance": round(account["credit_balance"], 2),
            "has_sufficient_resources": sufficient, "blocking_reason": None if sufficient else "InsufficientCredits",
            "message": None if sufficient else "Créditos insuficientes."}


def charge(account: dict, cost: dict):
    if not cost["has_sufficient_resources"]:
        raise ApiError(400, cost["message"] or "Insufficient resources.")
    if cost["documents"]:
        if cost["needs_extra_document"]:
            account["credit_balance"] -= cost["extra_document_cost"]
        else:
            account["document_balance"] -= cost["documents"]
    account["credit_balance"] = round(account["credit_balance"] - cost["credits"], 2)


@route("POST", "/v1/documents/{documentId}/assignments/estimate-cost")
def estimate_assignment(ctx):
    doc = document_for(ctx)
    body = ctx.obj()
    methods = [resolve_methods(s) for s in body.get("signers") or []]
    return ok(estimate(ctx.state.accounts[doc["account_id"]], methods))


# -- assignments -------------------------------------------------------------

def _check_steps(specs):
    steps = [s.get("step") for s in specs]
    if all(v is None for v in steps):
        return
    if any(v is None for v in steps):
        raise ApiError(400, "When step is used, every signer must have one.")
    if sorted(set(steps)) != list(range(1, max(steps) + 1)):
        raise ApiError(400, "Steps must be contiguous starting at 1.")


def build_assignment(ctx, doc: dict, method: str, specs: list, entries: list, message=None, expires_at=None,
                     copy_receivers=()) -> dict:
    """Validates and stores an assignment for `doc` (shared with templates)."""
    state = ctx.state
    account = state.accounts[doc["account_id"]]
    if doc["assignment_id"]:
        raise ApiError(400, "The document already has an assignment.")
    allowed = ("metadata_ready",) if method == "collect" else ("uploaded", "metadata_processing", "metadata_ready")
    if doc["status"] not in allowed:
        raise ApiError(400, f"An assignment cannot be created for a document in status {doc['status']}.")
    if not specs:
        raise ApiError(400, "signers cannot be blank.")
    _check_steps(specs)
    stages, order = {}, []
    for spec in specs:
        signer = state.signers.get(spec.get("id"))
        if not signer or signer["account_id"] != doc["account_id"] or signer.get("deleted"):
            raise ApiError(400, f"Signer {spec.get('id')} not found.")
        if signer["id"] in stages:
            raise ApiError(400, "A signer can appear only once per assignment.")
        verification, notification = resolve_methods(spec)
        if "Email" in (verification, notification) and not signer.get("email"):
            raise ApiError(400, f"Signer {signer['full_name']} has no e-mail address.")
        if "Whatsapp" in (verification, notification) and not signer.get("whatsapp_phone_number"):
            raise ApiError(400, f"Signer {signer['full_name']} has no WhatsApp number.")
        if verification == "DigitalCertificate" and not signer.get("government_id"):
            raise ApiError(400, f"Signer {signer['full_name']} needs a CPF in government_id.")
        order.append(signer["id"])
        stages[signer["id"]] = {
            "verification_method": verification, "notification_methods": [notification], "step": spec.get("step"),
            "notified": False, "completed": False, "history": [], "verified": False, "confirmed": False,
            "accepted_terms": False, "viewed": False, "access_code": "emu-ac-" + secrets.token_hex(12),
            "verification_code": f"{secrets.randbelow(10**6):06d}",
        }
    for step in {s["step"] for s in stages.values() if s["step"]}:
        members = [s for s in stages.values() if s["step"] == step]
        if len(members) > 1 and any(s["verification_method"] == "DigitalCertificate" for s in members):
            raise ApiError(400, "A DigitalCertificate signer must be alone in its step.")
    items = []
    if method == "virtual":
        items = [{"id": new_id(), "signer_id": sid, "field_id": state.virtual_field["id"], "page_id": None,
                  "display_settings": None, "value": None, "completed": False} for sid in order]
    else:
        if not entries:
            raise ApiError(400, "entries cannot be blank for the collect method.")
        page_ids = {p["id"] for p in doc["pages"]}
        for entry in entries:
            if entry.get("page_id") not in page_ids:
                raise ApiError(400, f"Page {entry.get('page_id')} not found.")
            for placed in entry.get("fields") or []:
                field = state.fields.get(placed.get("field_id"))
                if placed.get("signer_id") not in stages:
                    raise ApiError(400, f"Signer {placed.get('signer_id')} is not part of this assignment.")
                if not field or field["account_id"] != doc["account_id"] or not field["is_active"]:
                    raise ApiError(400, f"Field {placed.get('field_id')} not found.")
                items.append({"id": new_id(), "signer_id": placed["signer_id"], "field_id": field["id"],
                              "page_id": entry["page_id"], "display_settings": placed.get("display_settings"),
                              "value": None, "completed": False})
        for sid in order:
            if not any(i["signer_id"] == sid for i in items):
                raise ApiError(400, f"Signer {state.signers[sid]['full_name']} has no fields to fill.")
    expires = None
    if expires_at:
        try:
            expires = parse_iso(expires_at)
        except ValueError:
            raise ApiError(400, "expires_at is not a valid date-time.")
        if expires <= state.now():
            raise ApiError(400, "expires_at must be in the future.")
    charge(account, estimate(account, [(s["verification_method"], s["notification_methods"][0]) for s in stages.values()]))
    user = state.users[ctx.principal.user_id] if ctx.principal else state.users[doc["owner_id"]]
    assignment = {"id": new_id(), "document_id": doc["id"], "account_id": doc["account_id"], "method": method,
                  "sender_email": user["email"], "expires_at": expires, "message": message,
                  "copy_receivers": list(copy_receivers or []), "signer_order": order, "stages": stages,
                  "items": items, "created_at": state.now()}
    state.assignments[assignment["id"]] = assignment
    for sid, stage in stages.items():
        state.access_codes[stage["access_code"]] = (assignment["id"], sid)
    doc["assignment_id"] = assignment["id"]
    if doc["status"] == "metadata_ready":
        doc["status"] = "pending_signature"
    doc["updated_at"] = state.now()
    origin = ctx.services.origin
    if method == "collect":
        events.record(state, ctx.services, "document_prepared", doc["account_id"], events.subject_user(state, user["id"]),
                      events.object_document(state, origin, doc), document=doc)
    events.record(state, ctx.services, "assignment_created", doc["account_id"], events.subject_user(state, user["id"]),
                  events.object_document(state, origin, doc),
                  payload={"user_name": user["name"], "user_email": user["email"], "user_telephone": user["telephone"]},
                  document=doc)
    first = lifecycle.active_step(assignment)
    for sid in order:
        if (stages[sid]["step"] or 1) == first:
            lifecycle.notify_stage(state, ctx.services, doc, assignment, sid)
    return assignment


@route("POST", "/v1/documents/{documentId}/assignments")
def create_assignment(ctx):
    doc = document_for(ctx)
    body = ctx.obj()
    method = body.get("method")
    if method not in ("virtual", "collect"):
        raise ApiError(400, "method must be virtual or collect.")
    assignment = build_assignment(ctx, doc, method, body.get("signers") or [], body.get("entries") or [],
                                  body.get("message"), body.get("expires_at"), body.get("copy_receivers") or [])
    return ok(assignment_view(ctx.state, ctx.origin, assignment))


@route("GET", "/v1/assignments")
def list_assignments(ctx):
    account_id = ctx.principal.default_account
    found = sorted((a for a in ctx.state.assignments.values() if a["account_id"] == account_id),
                   key=lambda a: (a["created_at"], a["id"]), reverse=True)
    return paged(ctx, found, lambda a: assignment_view(ctx.state, ctx.origin, a))


def _stage(ctx, assignment):
    stage = assignment["stages"].get(ctx.p["signerId"])
    if stage is None:
        raise ApiError(404, "The requested resource was not found.")
    return stage


@route("PUT", "/v1/documents/{documentId}/assignments/{assignmentId}/signers/{signerId}/resend")
def resend(ctx):
    doc = document_for(ctx)
    assignment = assignment_for(ctx, doc)
    stage = _stage(ctx, assignment)
    sent = not stage["completed"] and doc["status"] == "pending_signature"
    if sent:
        account = ctx.state.accounts[doc["account_id"]]
        charge(account, estimate(account, [(stage["verification_method"], stage["notification_methods"][0])], 0))
        stage["notified"] = True
        stage["history"].append({"event": "signature_requested", "status": "sent", "sent_at": ctx.state.now()})
    return ok({"is_sent": sent, "document_id": doc["id"], "signer_id": ctx.p["signerId"]})


@route("POST", "/v1/documents/{documentId}/assignments/{assignmentId}/signers/{signerId}/estimate-resend-cost")
def estimate_resend(ctx):
    doc = document_for(ctx)
    stage = _stage(ctx, assignment_for(ctx, doc))
    account = ctx.state.accounts[doc["account_id"]]
    return ok(estimate(account, [(stage["verification_method"], stage["notification_methods"][0])], documents=0))


@route("PUT", "/v1/documents/{documentId}/assignments/{assignmentId}/reset-expiration")
def reset_expiration(ctx):
    doc = document_for(ctx)
    assignment = assignment_for(ctx, doc)
    value = ctx.obj().get("expires_at")
    try:
        expires = parse_iso(value) if value else None
    except ValueError:
        raise ApiError(400, "expires_at is not a valid date-time.")
    if expires is not None and expires <= ctx.state.now():
        raise ApiError(400, "expires_at must be in the future.")
    assignment["expires_at"] = expires
    if doc["status"] == "expired":
        doc["status"] = "pending_signature"
    doc["updated_at"] = ctx.state.now()
    return ok(assignment_view(ctx.state, ctx.origin, assignment))


@route("GET", "/v1/documents/{documentId}/assignments/{assignmentId}/whatsapp-notifications")
def whatsapp_notifications(ctx):
    doc = document_for(ctx)
    assignment = assignment_for(ctx, doc)
    out = []
    for sid in assignment["signer_order"]:
        stage, signer = assignment["stages"][sid], ctx.state.signers[sid]
        if stage["notification_methods"][0] != "Whatsapp":
            continue
        for entry in stage["history"]:
            out.append({"sent_at": int(entry["sent_at"]), "header": "Assinafy",
                        "body": f"Olá {signer['full_name']}, você tem um documento para assinar: {doc['name']}",
                        "buttons": [{"text": "Assinar"}], "phone_number": signer.get("whatsapp_phone_number") or "",
                        "signer_id": sid})
    return ok(out)

