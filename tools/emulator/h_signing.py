"""Signer-facing operations, authenticated by the `signer-access-code` query
parameter: view (records a view), verify, confirm data, accept terms, sign,
decline, multi-document actions, signature images, signer document lists."""

from __future__ import annotations

import events
import lifecycle
from artifacts import image_mime
from h_documents import artifact_reply
from http_util import Reply, ok, ok_message, paged, route
from state import ApiError
from views import document_view, signer_self_view, signer_view

PREPARING = {"uploading", "uploaded", "metadata_processing"}
NOT_FOUND = "The requested resource was not found."


def _doc_view(ctx, doc, signer_id):
    return document_view(ctx.state, ctx.origin, doc, only_signer=signer_id, include_decline_reason=False)


def _record(ctx, event, payload=None, session=None):
    s = session or ctx.session
    return events.record(ctx.state, ctx.services, event, s.document["account_id"],
                         events.subject_signer(ctx.state, s.signer["id"]),
                         events.object_document(ctx.state, ctx.services.origin, s.document),
                         payload=payload, document=s.document)


@route("GET", "/v1/signers/self")
def signer_self(ctx):
    return ok(signer_self_view(ctx.state, ctx.session.signer))


@route("GET", "/v1/signers/{signerId}/document")
def signer_document(ctx):
    s = ctx.session
    if ctx.p["signerId"] != s.signer["id"]:
        raise ApiError(404, NOT_FOUND)
    return ok(_doc_view(ctx, s.document, s.signer["id"]))


@route("GET", "/v1/sign")
def view_to_sign(ctx):
    s = ctx.session
    if s.document["status"] in PREPARING:
        raise ApiError(409, "The document is still being prepared. Try again shortly.")
    if ctx.q_bool("has_accepted_terms"):
        s.stage["accepted_terms"] = True
    if s.stage["verification_method"] == "DigitalCertificate" and not (s.stage["confirmed"] and s.stage["accepted_terms"]):
        raise ApiError(400, "Confirm your data and accept the terms before viewing this document.")
    s.document["views"] += 1
    if not s.stage["viewed"]:
        s.stage["viewed"] = True
        _record(ctx, "signer_viewed_document", {"signer_full_name": s.signer["full_name"]})
    return ok(_doc_view(ctx, s.document, s.signer["id"]))


@route("POST", "/v1/verify")
def verify_code(ctx):
    s = ctx.session
    code = str(ctx.obj().get("verification-code") or "")
    if code != s.stage["verification_code"]:
        raise ApiError(400, "Código de verificação inválido.")
    if not s.stage["verified"]:
        s.stage["verified"] = True
        if s.stage["verification_method"] == "Whatsapp":
            _record(ctx, "signer_whatsapp_verified", {"signer_full_name": s.signer["full_name"],
                                                      "signer_whatsapp_phone_number": s.signer.get("whatsapp_phone_number")})
        else:
            _record(ctx, "signer_email_verified", {"signer_full_name": s.signer["full_name"],
                                                   "signer_email": s.signer.get("email")})
    return ok_message("Código verificado.")


@route("PUT", "/v1/documents/{documentId}/signers/confirm-data")
def confirm_data(ctx):
    s = ctx.session
    if ctx.p["documentId"] != s.document["id"]:
        raise ApiError(404, NOT_FOUND)
    body = ctx.obj()
    for key in ("full_name", "email", "government_id"):
        if body.get(key):
            s.signer[key] = body[key]
    if body.get("has_accepted_terms"):
        s.stage["accepted_terms"] = True
        s.signer["has_accepted_terms"] = True
    s.stage["confirmed"] = True
    _record(ctx, "signer_data_confirmed", {"signer_full_name": s.signer["full_name"], "signer_email": s.signer.get("email"),
                                           "signer_whatsapp_phone_number": s.signer.get("whatsapp_phone_number"),
                                           "verification_method": s.stage["verification_method"]})
    return ok(signer_view(s.signer))


@route("PUT", "/v1/signers/accept-terms")
def accept_terms(ctx):
    ctx.session.stage["accepted_terms"] = True
    ctx.session.signer["has_accepted_terms"] = True
    return ok_message("Termos aceitos.")


def _check_can_sign(state, doc, assignment, stage, signer_id):
    if doc["status"] in PREPARING:
        raise ApiError(409, "The document is still being prepared. Try again shortly.")
    if doc["status"] != "pending_signature":
        raise ApiError(400, f"The document cannot be signed in status {doc['status']}.")
    if stage["completed"]:
        raise ApiError(400, "You have already signed this document.")
    if stage["verification_method"] == "DigitalCertificate":
        raise ApiError(400, "Digital certificate signers must sign with their certificate.")
    if (stage["step"] or 1) != lifecycle.active_step(assignment):
        raise ApiError(400, "It is not your turn to sign this document yet.")


@route("POST", "/v1/documents/{documentId}/assignments/{assignmentId}")
def sign(ctx):
    s = ctx.session
    if ctx.p["documentId"] != s.document["id"] or ctx.p["assignmentId"] != s.assignment["id"]:
        raise ApiError(404, NOT_FOUND)
    entries = ctx.json()
    if not isinstance(entries, list):
        raise ApiError(400, "The request body must be a JSON array.")
    _check_can_sign(ctx.state, s.document, s.assignment, s.stage, s.signer["id"])
    if s.assignment["method"] == "virtual":
        if not s.stage["confirmed"]:
            raise ApiError(400, "Signer data must be confirmed before signing.")
    else:
        mine = {i["id"]: i for i in s.assignment["items"] if i["signer_id"] == s.signer["id"]}
        for entry in entries:
            item = mine.get(entry.get("itemId"))
            if item is None or entry.get("fieldId") != item["field_id"] or entry.get("pageId") != item["page_id"]:
                raise ApiError(400, f"Item {entry.get('itemId')} does not belong to this signer.")
            if not str(entry.get("value") or "").strip():
                raise ApiError(400, "value cannot be blank.")
        for entry in entries:
            mine[entry["itemId"]]["value"] = entry["value"]
            mine[entry["itemId"]]["completed"] = True
        if not all(i["completed"] for i in mine.values()):
            pending = sum(1 for i in mine.values() if not i["completed"])
            return ok({"document_id": s.document["id"], "signer_id": s.signer["id"], "completed": False,
                       "pending_items": pending})
    lifecycle.complete_signer(ctx.state, ctx.services, s.document, s.assignment, s.signer["id"])
    return ok({"document_id": s.document["id"], "signer_id": s.signer["id"], "completed": True,
               "document_status": s.document["status"]})


@route("PUT", "/v1/documents/{documentId}/assignments/{assignmentId}/reject")
def reject(ctx):
    s = ctx.session
    if ctx.p["documentId"] != s.document["id"] or ctx.p["assignmentId"] != s.assignment["id"]:
        raise ApiError(404, NOT_FOUND)
    reason = str(ctx.obj().get("decline_reason") or "").strip()
    if not reason:
        raise ApiError(400, "decline_reason cannot be blank.")
    if s.document["status"] not in ("pending_signature", "uploaded", "metadata_processing", "metadata_ready"):
        raise ApiError(400, f"The document cannot be declined in status {s.document['status']}.")
    lifecycle.decline(ctx.state, ctx.services, s.document, s.signer["id"], reason)
    return ok([])


def _signer_documents(ctx):
    """(document, assignment, stage) for every document the session's signer is party to."""
    signer_id = ctx.session.signer["id"]
    for assignment in ctx.state.assignments.values():
        if signer_id in assignment["stages"] and assignment["document_id"] in ctx.state.documents:
            yield ctx.state.documents[assignment["document_id"]], assignment, assignment["stages"][signer_id]


def _targets(ctx, body):
    ids = body.get("document_ids")
    if not isinstance(ids, list) or not ids:
        raise ApiError(400, "document_ids cannot be blank.")
    mine = {doc["id"]: (doc, a, stage) for doc, a, stage in _signer_documents(ctx)}
    missing = [i for i in ids if i not in mine]
    if missing:
        raise ApiError(400, f"Documents not available to this signer: {', '.join(map(str, missing))}")
    return [mine[i] for i in ids]


@route("PUT", "/v1/signers/documents/sign-multiple")
def sign_multiple(ctx):
    targets = _targets(ctx, ctx.obj())
    for doc, assignment, stage in targets:
        if assignment["method"] != "virtual":
            raise ApiError(400, f"Document {doc['id']} is not prepared for the virtual method.")
        _check_can_sign(ctx.state, doc, assignment, stage, ctx.session.signer["id"])
    for doc, assignment, _ in targets:
        lifecycle.complete_signer(ctx.state, ctx.services, doc, assignment, ctx.session.signer["id"])
    return ok([])


@route("PUT", "/v1/signers/documents/decline-multiple")
def decline_multiple(ctx):
    body = ctx.obj()
    reason = str(body.get("decline_reason") or "").strip()
    if not reason:
        raise ApiError(400, "decline_reason cannot be blank.")
    targets = _targets(ctx, body)
    for doc, _, _ in targets:
        if doc["status"] != "pending_signature":
            raise ApiError(400, f"Document {doc['id']} cannot be declined in status {doc['status']}.")
    for doc, _, _ in targets:
        lifecycle.decline(ctx.state, ctx.services, doc, ctx.session.signer["id"], reason)
    return ok([])


@route("POST", "/v1/signature")
def upload_signature(ctx):
    kind = ctx.q("type") or "signature"
    if kind not in ("signature", "initial"):
        raise ApiError(400, "type must be signature or initial.")
    if image_mime(ctx.body or b"") != "image/png":
        raise ApiError(400, "The signature must be a PNG image.")
    signer = ctx.session.signer
    ctx.state.signer_images[(signer["id"], kind)] = ctx.body
    if ctx.q("reuse") is not None:
        signer["signature_reusable"] = ctx.q_bool("reuse")
    return ok_message("Assinatura salva.")


@route("GET", "/v1/signature/{signatureType}")
def download_signature(ctx):
    data = ctx.state.signer_images.get((ctx.session.signer["id"], ctx.p["signatureType"]))
    if data is None:
        raise ApiError(404, NOT_FOUND)
    return Reply(200, data, "image/png")


@route("GET", "/v1/signers/{signerId}/documents")
def signer_documents(ctx):
    if ctx.p["signerId"] != ctx.session.signer["id"]:
        return paged(ctx, [], lambda d: d)
    docs = sorted({d["id"]: d for d, _, _ in _signer_documents(ctx)}.values(), key=lambda d: d["created_at"], reverse=True)
    return paged(ctx, docs, lambda d: _doc_view(ctx, d, ctx.session.signer["id"]))


@route("GET", "/v1/signers/{signerId}/documents/search")
def signer_documents_search(ctx):
    if ctx.p["signerId"] != ctx.session.signer["id"]:
        return ok([])
    search = (ctx.q("search") or "").lower()
    docs = [d for d, _, _ in _signer_documents(ctx) if search in d["name"].lower()]
    return ok([document_view(ctx.state, ctx.origin, d, compact=True, include_decline_reason=False) for d in docs])


@route("GET", "/v1/signers/{signerId}/documents/{documentId}/download/{artifactName}")
def signer_download(ctx):
    doc = ctx.state.documents.get(ctx.p["documentId"])
    assignment = ctx.state.assignments.get((doc or {}).get("assignment_id") or "")
    if not doc or not assignment or ctx.p["signerId"] not in assignment["stages"]:
        raise ApiError(404, NOT_FOUND)
    return artifact_reply(doc, ctx.p["artifactName"])
