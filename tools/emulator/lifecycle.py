"""Document lifecycle: processing after upload, signing progress, certification and
expiry. `tick` runs every few milliseconds on a background thread."""

from __future__ import annotations

import hashlib

import events
from artifacts import count_pdf_pages, make_pdf
from state import iso, new_id

PAGE_WIDTH, PAGE_HEIGHT = 595, 842


def create_document(state, services, account_id: str, user_id: str, name: str, data: bytes,
                    template_id: str | None = None, processed: bool = False) -> dict:
    now = state.now()
    doc = {
        "id": new_id(), "account_id": account_id, "owner_id": user_id, "template_id": template_id,
        "name": name, "status": "uploaded", "uploaded_at": now, "created_at": now, "updated_at": now,
        "files": {"original": data}, "artifacts": ["original"], "pages": [], "tags": [],
        "assignment_id": None, "decline_reason": None, "declined_by": None, "signature_hash": None,
        "fail_processing": b"%EMULATOR-FAIL" in data[:4096], "views": 0,
    }
    state.documents[doc["id"]] = doc
    origin = services.origin
    events.record(state, services, "document_uploaded", account_id, events.subject_user(state, user_id),
                  events.object_document(state, origin, doc), document=doc)
    if processed:
        _make_pages(doc)
        doc["status"] = "metadata_ready"
    return doc


def _make_pages(doc: dict):
    count = count_pdf_pages(doc["files"]["original"])
    doc["pages"] = [{"id": new_id(), "number": n, "width": PAGE_WIDTH, "height": PAGE_HEIGHT}
                    for n in range(1, count + 1)]


def _set_status(state, doc: dict, status: str):
    doc["status"] = status
    doc["updated_at"] = state.now()


def tick(state, services):
    """Advances every document whose next step is due. Call with the lock held."""
    now, delay = state.now(), state.processing_delay
    origin = services.origin
    for doc in list(state.documents.values()):
        status = doc["status"]
        if status == "uploaded" and now >= doc["uploaded_at"] + delay / 2:
            _set_status(state, doc, "metadata_processing")
            status = doc["status"]
        if status == "metadata_processing" and now >= doc["uploaded_at"] + delay:
            if doc["fail_processing"]:
                _set_status(state, doc, "failed")
                events.record(state, services, "document_processing_failed", doc["account_id"],
                              events.subject_account(state, doc["account_id"]),
                              events.object_document(state, origin, doc),
                              payload={"error_message": "The file could not be processed."}, document=doc)
                continue
            _make_pages(doc)
            _set_status(state, doc, "metadata_ready")
            events.record(state, services, "document_metadata_ready", doc["account_id"],
                          events.subject_user(state, doc["owner_id"]), events.object_document(state, origin, doc),
                          document=doc)
            if doc["assignment_id"]:
                _set_status(state, doc, "pending_signature")
        if doc["status"] == "certificating" and now >= doc["certificating_at"] + delay:
            certify(state, services, doc)
        if doc["status"] == "pending_signature" and doc["assignment_id"]:
            assignment = state.assignments[doc["assignment_id"]]
            if assignment["expires_at"] is not None and now > assignment["expires_at"]:
                _set_status(state, doc, "expired")


def notify_stage(state, services, doc: dict, assignment: dict, signer_id: str):
    stage = assignment["stages"][signer_id]
    if stage["notified"]:
        return
    stage["notified"] = True
    stage["history"].append({"event": "signature_requested", "status": "sent", "sent_at": state.now()})
    signer = state.signers[signer_id]
    events.record(state, services, "signature_requested", doc["account_id"],
                  events.subject_user(state, doc["owner_id"]), events.object_document(state, services.origin, doc),
                  payload={"signer_full_name": signer["full_name"], "signer_email": signer.get("email"),
                           "signer_whatsapp_phone_number": signer.get("whatsapp_phone_number"),
                           "notification_method": stage["notification_methods"][0]},
                  document=doc, names={"signer": signer["full_name"]})


def active_step(assignment: dict) -> int | None:
    pending = [s["step"] or 1 for s in assignment["stages"].values() if not s["completed"]]
    return min(pending) if pending else None


def complete_signer(state, services, doc: dict, assignment: dict, signer_id: str):
    stage = assignment["stages"][signer_id]
    stage["completed"] = True
    stage["completed_at"] = state.now()
    for item in assignment["items"]:
        if item["signer_id"] == signer_id and item["field_id"] == state.virtual_field["id"]:
            item["completed"] = True
    signer = state.signers[signer_id]
    events.record(state, services, "signer_signed_document", doc["account_id"],
                  events.subject_signer(state, signer_id), events.object_document(state, services.origin, doc),
                  payload={"signer_full_name": signer["full_name"]}, document=doc)
    step = active_step(assignment)
    if step is None:
        _set_status(state, doc, "certificating")
        doc["certificating_at"] = state.now()
        return
    for sid, other in assignment["stages"].items():
        if (other["step"] or 1) == step:
            notify_stage(state, services, doc, assignment, sid)


def certify(state, services, doc: dict):
    assignment = state.assignments[doc["assignment_id"]]
    lines = [f"Documento certificado: {doc['name']}", f"ID: {doc['id']}"]
    for sid in assignment["signer_order"]:
        stage = assignment["stages"][sid]
        lines.append(f"Assinado por {state.signers[sid]['full_name']} em {iso(stage.get('completed_at'))}")
    original_pages = max(1, len(doc["pages"]))
    certificated = make_pdf([[f"{doc['name']} - pagina {n}"] for n in range(1, original_pages + 1)] + [lines],
                            title=f"{doc['name']} (certificado)")
    doc["files"]["certificated"] = certificated
    doc["files"]["certificate-page"] = make_pdf([lines], title="Pagina de certificacao")
    doc["artifacts"] = ["original", "certificated", "certificate-page", "bundle"]
    doc["signature_hash"] = hashlib.sha256(certificated).hexdigest()
    doc["completed_at"] = state.now()
    _set_status(state, doc, "certificated")
    events.record(state, services, "document_ready", doc["account_id"], events.subject_account(state, doc["account_id"]),
                  events.object_document(state, services.origin, doc), document=doc)


def decline(state, services, doc: dict, signer_id: str, reason: str):
    doc["decline_reason"] = reason
    doc["declined_by"] = signer_id
    _set_status(state, doc, "rejected_by_signer")
    events.record(state, services, "signer_rejected_document", doc["account_id"],
                  events.subject_signer(state, signer_id), events.object_document(state, services.origin, doc),
                  payload={"signer_full_name": state.signers[signer_id]["full_name"]}, document=doc)
