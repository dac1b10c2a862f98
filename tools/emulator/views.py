"""Serializers: state entities -> JSON shapes of the contract's schemas."""

from __future__ import annotations

from state import iso

APP_ORIGIN = "https://app.example.invalid"
CLOSED_STATUSES = {"certificated", "rejected_by_signer", "rejected_by_user", "expired", "failed"}


def signer_view(signer: dict) -> dict:
    return {
        "resource": "signer",
        "id": signer["id"],
        "full_name": signer["full_name"],
        "email": signer.get("email"),
        "whatsapp_phone_number": signer.get("whatsapp_phone_number"),
        "government_id": signer.get("government_id"),
        "has_accepted_terms": bool(signer.get("has_accepted_terms")),
    }


def signer_self_view(state, signer: dict) -> dict:
    view = signer_view(signer)
    view.update(
        has_signature=(signer["id"], "signature") in state.signer_images,
        has_initial=(signer["id"], "initial") in state.signer_images,
        is_signature_reusable=bool(signer.get("signature_reusable")),
    )
    return view


def page_view(origin: str, document_id: str, page: dict) -> dict:
    return {
        "id": page["id"],
        "number": page["number"],
        "height": page["height"],
        "width": page["width"],
        "download_url": f"{origin}/v1/documents/{document_id}/pages/{page['id']}/download",
    }


def assignment_signer_view(state, assignment: dict, signer_id: str) -> dict:
    stage = assignment["stages"][signer_id]
    view = signer_view(state.signers[signer_id])
    view.update(
        verification_method=stage["verification_method"],
        notification_methods=list(stage["notification_methods"]),
        step=stage["step"],
        notified=stage["notified"],
        completed=stage["completed"],
        notification_history=[
            {"event": h["event"], "status": h["status"], "error_code": None, "error_message": None,
             "sent_at": iso(h["sent_at"]), "failed_at": None}
            for h in stage["history"]
        ],
    )
    return view


def item_view(state, origin: str, document: dict, item: dict) -> dict:
    signer = state.signers[item["signer_id"]]
    field = state.fields.get(item["field_id"]) or {"id": item["field_id"], "name": "", "type": ""}
    page = next((p for p in document["pages"] if p["id"] == item.get("page_id")), None)
    return {
        "id": item["id"],
        "page": page_view(origin, document["id"], page) if page else None,
        "signer": {"id": signer["id"], "full_name": signer["full_name"], "email": signer.get("email")},
        "field": {"id": field["id"], "name": field["name"], "type": field["type"]},
        "display_settings": item.get("display_settings") if item.get("display_settings") else [],
        "value": item.get("value"),
        "completed": item["completed"],
    }


def assignment_view(state, origin: str, assignment: dict, only_signer: str | None = None) -> dict:
    document = state.documents[assignment["document_id"]]
    order = assignment["signer_order"]
    items = [i for i in assignment["items"] if only_signer is None or i["signer_id"] == only_signer]
    completed = [sid for sid in order if assignment["stages"][sid]["completed"]]
    return {
        "resource": "assignment",
        "id": assignment["id"],
        "sender_email": assignment["sender_email"],
        "method": assignment["method"],
        "expires_at": iso(assignment["expires_at"]),
        "message": assignment["message"],
        "signers": [assignment_signer_view(state, assignment, sid) for sid in order],
        "copy_receivers": [{"email": e} for e in assignment["copy_receivers"]],
        "items": [item_view(state, origin, document, i) for i in items],
        "summary": {
            "signer_count": len(order),
            "completed_count": len(completed),
            "signers": [
                {"id": sid, "full_name": state.signers[sid]["full_name"], "email": state.signers[sid].get("email"),
                 "completed": assignment["stages"][sid]["completed"]}
                for sid in order
            ],
        },
        "signing_urls": [
            {"signer_id": sid,
             "url": f"{APP_ORIGIN}/sign/{document['id']}?signer-access-code={assignment['stages'][sid]['access_code']}"}
            for sid in order
            if only_signer is None or sid == only_signer
        ],
    }


def artifacts_view(origin: str, document: dict) -> dict:
    return {name: f"{origin}/v1/documents/{document['id']}/download/{name}" for name in document["artifacts"]}


def document_view(state, origin: str, document: dict, compact: bool = False, only_signer: str | None = None,
                  include_decline_reason: bool = True) -> dict:
    declined_by = state.signers.get(document.get("declined_by") or "")
    view = {
        "resource": "document",
        "id": document["id"],
        "account_id": document["account_id"],
        "template_id": document.get("template_id"),
        "name": document["name"],
        "status": document["status"],
        "artifacts": artifacts_view(origin, document),
        "is_closed": document["status"] in CLOSED_STATUSES,
        "signing_url": f"{APP_ORIGIN}/sign/{document['id']}",
        "decline_reason": document.get("decline_reason") if include_decline_reason else None,
        "declined_by": signer_view(declined_by) if declined_by else None,
        "tags": [{"id": t, "name": state.tags[t]["name"]} for t in document["tags"] if t in state.tags],
        "created_at": iso(document["created_at"]),
        "updated_at": iso(document["updated_at"]),
    }
    if not compact:
        assignment = state.assignments.get(document.get("assignment_id") or "")
        view["assignment"] = assignment_view(state, origin, assignment, only_signer) if assignment else None
        view["pages"] = [page_view(origin, document["id"], p) for p in document["pages"]]
    return view


def account_view(account: dict, user_id: str | None) -> dict:
    roles = account["members"].get(user_id, []) if user_id else []
    return {
        "resource": "account",
        "id": account["id"],
        "name": account["name"],
        "primary_color": account.get("primary_color"),
        "secondary_color": account.get("secondary_color"),
        "notification_sender_type": account["notification_sender_type"],
        "roles": list(roles),
        "is_delete_allowed": "owner" in roles,
        "created_at": iso(account["created_at"]),
    }


def auth_account_view(account: dict, user_id: str) -> dict:
    view = account_view(account, user_id)
    return {k: view[k] for k in ("id", "name", "roles", "is_delete_allowed", "created_at")}


def user_view(user: dict) -> dict:
    return {
        "id": user["id"],
        "name": user["name"],
        "email": user["email"],
        "telephone": user.get("telephone"),
        "government_id": user.get("government_id"),
        "is_email_verified": user["is_email_verified"],
        "has_accepted_terms": user["has_accepted_terms"],
        "created_at": iso(user["created_at"]),
        "to_be_deleted_at": None,
    }


def tag_view(tag: dict) -> dict:
    return {
        "resource": "tag", "id": tag["id"], "name": tag["name"], "color": tag.get("color"),
        "created_at": iso(tag["created_at"]), "updated_at": iso(tag["updated_at"]),
    }


def field_view(field: dict) -> dict:
    keys = ("id", "name", "type", "regex", "is_pre_defined", "is_active", "is_required", "is_standard",
            "is_read_only", "is_visible")
    return {"resource": "field", **{k: field[k] for k in keys}}


def template_view(state, origin: str, template: dict) -> dict:
    def placement(p):
        return {**{k: p[k] for k in ("id", "field_id", "role_id", "label", "display_settings")},
                "created_at": iso(p["created_at"]), "updated_at": iso(p["updated_at"])}

    return {
        "resource": "template",
        "id": template["id"],
        "name": template["name"],
        "document_name": template.get("document_name"),
        "message": template.get("message"),
        "status": template["status"],
        "pages": [
            {"id": p["id"], "number": p["number"], "height": p["height"], "width": p["width"],
             "download_url": f"{origin}/v1/templates/{template['id']}/pages/{p['id']}/download",
             "fields": [placement(f) for f in p["fields"]]}
            for p in template["pages"]
        ],
        "roles": [{**{k: r[k] for k in ("id", "name", "assignment_type")},
                   "created_at": iso(r["created_at"]), "updated_at": iso(r["updated_at"])} for r in template["roles"]],
        "tags": [{"id": t, "name": state.tags[t]["name"]} for t in template["tags"] if t in state.tags],
        "default_document_tags": [],
        "created_at": iso(template["created_at"]),
        "updated_at": iso(template["updated_at"]),
    }


def activity_view(activity: dict) -> dict:
    return {
        "id": activity["id"],
        "event": activity["event"],
        "message": activity["message"] or "",
        "payload": activity["payload"],
        "origin": activity["origin"],
        "created_at": iso(activity["created_at"]),
    }


def endpoint_view(endpoint: dict) -> dict:
    return {
        "id": endpoint["id"], "name": endpoint.get("name"), "url": endpoint["url"], "email": endpoint["email"],
        "events": list(endpoint["events"]), "is_active": endpoint["is_active"],
        "signing_enabled": endpoint["signing_enabled"],
        "created_at": iso(endpoint["created_at"]), "updated_at": iso(endpoint["updated_at"]),
    }


def dispatch_view(dispatch: dict) -> dict:
    return {
        "resource": "webhook_dispatch",
        "id": dispatch["id"],
        "event": dispatch["event"],
        "activity_id": dispatch["activity_id"],
        "endpoint_id": dispatch.get("endpoint_id"),
        "endpoint": dispatch.get("endpoint"),
        "payload": dispatch.get("payload"),
        "delivered": dispatch["delivered"],
        "http_status": dispatch.get("http_status"),
        "response_body": dispatch.get("response_body"),
        "error": dispatch.get("error"),
        "created_at": iso(dispatch["created_at"]),
        "updated_at": iso(dispatch["updated_at"]),
    }
