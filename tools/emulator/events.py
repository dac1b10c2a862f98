"""Activities (document history) and the webhook events derived from them."""

from __future__ import annotations

from views import account_view, document_view, signer_view, user_view

MESSAGES = {
    "document_uploaded": "{user} enviou o documento {document}.",
    "document_metadata_ready": "O documento {document} foi processado.",
    "document_prepared": "{user} preparou o documento {document}.",
    "assignment_created": "{user} solicitou assinaturas no documento {document}.",
    "signature_requested": "Assinatura solicitada a {signer}.",
    "signer_created": "{user} criou o signatário {signer}.",
    "signer_email_verified": "{signer} verificou o e-mail.",
    "signer_whatsapp_verified": "{signer} verificou o WhatsApp.",
    "signer_data_confirmed": "{signer} confirmou os dados.",
    "signer_viewed_document": "{signer} visualizou o documento {document}.",
    "signer_signed_document": "{signer} assinou o documento {document}.",
    "signer_rejected_document": "{signer} recusou o documento {document}.",
    "user_rejected_document": "{user} cancelou o documento {document}.",
    "document_ready": "O documento {document} foi certificado.",
    "document_processing_failed": "O processamento do documento {document} falhou.",
    "template_created": "{user} criou o modelo {template}.",
    "template_processed": "O modelo {template} foi processado.",
    "template_processing_failed": "O processamento do modelo {template} falhou.",
}

DEFAULT_ORIGIN = {"ip": "127.0.0.1", "user-agent": "assinafy-emulator"}


def _typed(view: dict, kind: str) -> dict:
    return {**view, "type": kind}


def subject_user(state, user_id: str) -> dict:
    return _typed(user_view(state.users[user_id]), "User")


def subject_signer(state, signer_id: str) -> dict:
    return _typed(signer_view(state.signers[signer_id]), "Signer")


def subject_account(state, account_id: str) -> dict:
    return _typed(account_view(state.accounts[account_id], None), "Account")


def object_document(state, origin: str, document: dict) -> dict:
    return _typed(document_view(state, origin, document), "Document")


def record(state, services, event: str, account_id: str, subject: dict, obj: dict, payload=None,
           document: dict | None = None, origin: dict | None = None, names: dict | None = None) -> dict:
    """Stores the activity and queues webhook deliveries for it. Call with the lock held."""
    names = dict(names or {})
    names.setdefault("user", subject.get("name") or subject.get("full_name") or "")
    names.setdefault("signer", subject.get("full_name") or "")
    names.setdefault("document", obj.get("name", ""))
    names.setdefault("template", obj.get("name", ""))
    activity = {
        "id": state.next_activity_id(),
        "event": event,
        "message": MESSAGES.get(event, event).format(**names),
        "payload": payload,
        "origin": dict(origin or DEFAULT_ORIGIN),
        "created_at": state.now(),
        "account_id": account_id,
        "document_id": document["id"] if document else None,
        "subject": subject,
        "object": obj,
    }
    state.activities.append(activity)
    if services is not None and services.webhooks is not None:
        services.webhooks.fan_out(state, activity)
    return activity


def webhook_body(activity: dict) -> dict:
    return {
        "id": activity["id"],
        "event": activity["event"],
        "message": activity["message"],
        "payload": activity["payload"],
        "origin": activity["origin"],
        "created_at": int(activity["created_at"]),
        "subject": activity["subject"],
        "object": activity["object"],
        "account_id": activity["account_id"],
    }


def document_activities(state, document_id: str) -> list[dict]:
    return [a for a in state.activities if a["document_id"] == document_id]

