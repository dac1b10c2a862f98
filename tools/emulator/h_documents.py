"""Documents: upload, list/search, get, rename, delete, statuses, pages, thumbnails,
artifacts, activities, verification, public view, document tags."""

from __future__ import annotations

import re
import unicodedata

import lifecycle
from access import NOT_FOUND, account_for, document_for
from artifacts import make_png, make_zip
from events import document_activities
from http_util import Reply, ok, ok_message, paged, route
from state import ApiError, iso
from views import activity_view, document_view, tag_view

MAX_UPLOAD = 25 * 1024 * 1024
STATUSES = [
    ("uploading", False), ("uploaded", False), ("metadata_processing", False), ("metadata_ready", True),
    ("expired", True), ("certificating", False), ("certificated", False), ("rejected_by_signer", True),
    ("pending_signature", True), ("rejected_by_user", True), ("failed", True),
]
DELETABLE = {code for code, deletable in STATUSES if deletable}
ARTIFACT_MIME = {"bundle": "application/zip"}


def normalize_name(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return re.sub(r"[^A-Za-z0-9 ._()\-]", "-", plain).strip() or "documento"


@route("POST", "/v1/accounts/{accountId}/documents")
def upload(ctx):
    account = account_for(ctx)
    parts = ctx.multipart()
    part = parts.get("file")
    if part is None:
        raise ApiError(400, "file cannot be blank.")
    if not part.data:
        raise ApiError(400, "The uploaded file is empty.")
    if len(part.data) > MAX_UPLOAD:
        raise ApiError(400, "The file is too big. Its size cannot exceed 25 MiB.")
    if not part.data.startswith(b"%PDF"):
        raise ApiError(500, "Unsupported file content")
    name = part.filename or "document.pdf"
    doc = lifecycle.create_document(ctx.state, ctx.services, account["id"], ctx.principal.user_id, name, part.data)
    return ok(document_view(ctx.state, ctx.origin, doc))


def _account_documents(ctx, account):
    docs = [d for d in ctx.state.documents.values() if d["account_id"] == account["id"]]
    status = ctx.q("status")
    if status:
        wanted = set(status.split(","))
        docs = [d for d in docs if d["status"] in wanted]
    search = (ctx.q("search") or "").lower()
    if search:
        docs = [d for d in docs if search in d["name"].lower()]
    return docs


@route("GET", "/v1/accounts/{accountId}/documents")
def list_documents(ctx):
    account = account_for(ctx)
    docs = _account_documents(ctx, account)
    method = ctx.q("method")
    if method:
        docs = [d for d in docs if d["assignment_id"] and ctx.state.assignments[d["assignment_id"]]["method"] == method]
    tags = [t for t in (ctx.q("tags") or "").split(",") if t]
    if tags:
        docs = [d for d in docs if set(tags) & set(d["tags"])]
    sort = ctx.q("sort") or "-created_at"
    key = sort.lstrip("-")
    if key not in ("created_at", "updated_at", "name"):
        key = "created_at"
    docs.sort(key=lambda d: (d[key], d["id"]), reverse=sort.startswith("-"))
    return paged(ctx, docs, lambda d: document_view(ctx.state, ctx.origin, d))


@route("GET", "/v1/accounts/{accountId}/documents/search")
def search_documents(ctx):
    docs = sorted(_account_documents(ctx, account_for(ctx)), key=lambda d: (d["created_at"], d["id"]), reverse=True)
    return paged(ctx, docs, lambda d: document_view(ctx.state, ctx.origin, d, compact=True))


@route("GET", "/v1/documents/statuses")
def statuses(ctx):
    return ok([{"code": code, "deletable": deletable} for code, deletable in STATUSES])


@route("GET", "/v1/documents/{documentId}")
def get_document(ctx):
    return ok(document_view(ctx.state, ctx.origin, document_for(ctx)))


@route("DELETE", "/v1/documents/{documentId}")
def delete_document(ctx):
    doc = document_for(ctx)
    if doc["status"] not in DELETABLE:
        raise ApiError(400, f"A document with status {doc['status']} cannot be deleted.")
    del ctx.state.documents[doc["id"]]
    if doc["assignment_id"]:
        assignment = ctx.state.assignments.pop(doc["assignment_id"], None)
        for stage in (assignment or {}).get("stages", {}).values():
            ctx.state.access_codes.pop(stage["access_code"], None)
    return ok([])


@route("PATCH", "/v1/documents/{documentId}")
def rename_document(ctx):
    doc = document_for(ctx)
    body = ctx.obj()
    name = body.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ApiError(400, "name cannot be blank.")
    if len(name) > 255:
        raise ApiError(400, "name should contain at most 255 characters.")
    if doc["assignment_id"] or doc["status"] not in ("uploaded", "metadata_ready"):
        raise ApiError(400, "The document name can no longer be changed.")
    doc["name"] = normalize_name(name)
    doc["updated_at"] = ctx.state.now()
    return ok(document_view(ctx.state, ctx.origin, doc))


def artifact_reply(doc: dict, name: str) -> Reply:
    if name not in doc["artifacts"]:
        raise ApiError(404, NOT_FOUND)
    if name == "bundle":
        files = {f"{n}.pdf": doc["files"][n] for n in ("original", "certificated", "certificate-page") if n in doc["files"]}
        data = make_zip(files)
    else:
        data = doc["files"][name]
    mime = ARTIFACT_MIME.get(name, "application/pdf")
    stem = re.sub(r"\.pdf$", "", doc["name"], flags=re.I)
    filename = f"{stem}-{name}.zip" if name == "bundle" else f"{stem}-{name}.pdf"
    safe = normalize_name(filename)
    return Reply(200, data, mime, headers=[("Content-Disposition", f'attachment; filename="{safe}"')])


@route("GET", "/v1/documents/{documentId}/download/{artifactName}")
def download(ctx):
    return artifact_reply(document_for(ctx), ctx.p["artifactName"])


@route("GET", "/v1/documents/{documentId}/thumbnail")
def thumbnail(ctx):
    doc = document_for(ctx)
    if not doc["pages"]:
        raise ApiError(404, NOT_FOUND)
    return Reply(200, make_png(12, 16, seed=1), "image/png")


@route("GET", "/v1/documents/{documentId}/pages/{pageId}/download")
def page_image(ctx):
    doc = document_for(ctx)
    page = next((p for p in doc["pages"] if p["id"] == ctx.p["pageId"]), None)
    if not page:
        raise ApiError(404, NOT_FOUND)
    return Reply(200, make_png(30, 42, seed=page["number"]), "image/png")


@route("GET", "/v1/documents/{documentId}/activities")
def activities(ctx):
    doc = document_for(ctx)
    return ok([activity_view(a) for a in document_activities(ctx.state, doc["id"])])


@route("GET", "/v1/documents/{documentSignatureHash}/verify")
def verify_hash(ctx):
    digest = ctx.p["documentSignatureHash"]
    doc = next((d for d in ctx.state.documents.values() if d["signature_hash"] == digest), None)
    now = iso(ctx.state.now())
    if not doc or doc["status"] != "certificated":
        return ok({"hash": digest, "id": None, "agreement_code": None, "status": None, "page_count": None,
                   "signer_count": None, "completed_count": None, "completed_at": None, "verified_at": now,
                   "is_valid": False, "message": "Documento não encontrado ou não assinado."})
    assignment = ctx.state.assignments[doc["assignment_id"]]
    return ok({"hash": digest, "id": doc["id"], "agreement_code": doc["id"][-8:].upper(), "status": doc["status"],
               "page_count": str(len(doc["pages"])), "signer_count": str(len(assignment["signer_order"])),
               "completed_count": len(assignment["signer_order"]), "completed_at": iso(doc.get("completed_at")),
               "verified_at": now, "is_valid": True, "message": "Documento válido."})


@route("GET", "/v1/public/documents/{documentId}")
def public_document(ctx):
    doc = ctx.state.documents.get(ctx.p["documentId"])
    if not doc:
        raise ApiError(404, NOT_FOUND)
    return ok(document_view(ctx.state, ctx.origin, doc, include_decline_reason=False))


@route("PUT", "/v1/public/documents/{documentId}/send-token")
def public_send_token(ctx):
    doc = ctx.state.documents.get(ctx.p["documentId"])
    if not doc:
        raise ApiError(404, NOT_FOUND)
    ctx.obj()
    return ok_message("Token enviado.")


# -- document tags -----------------------------------------------------------

def _tag_refs(ctx, account_id: str) -> list[str]:
    body = ctx.obj()
    refs = next((body[k] for k in ("tag_ids", "tags", "ids", "names") if k in body), None)
    if not isinstance(refs, list):
        raise ApiError(400, "tags must be a list of tag ids or names.")
    found = []
    for ref in refs:
        ref_id = ref.get("id") if isinstance(ref, dict) else ref
        tag = ctx.state.tags.get(ref_id)
        if not tag or tag["account_id"] != account_id:
            tag = next((t for t in ctx.state.tags.values()
                        if t["account_id"] == account_id and t["name"].lower() == str(ref_id).lower()), None)
        if not tag:
            raise ApiError(400, f"Tag {ref_id} not found.")
        if tag["id"] not in found:
            found.append(tag["id"])
    return found


def _doc_tags(ctx, doc):
    return ok([tag_view(ctx.state.tags[t]) for t in doc["tags"] if t in ctx.state.tags])


@route("GET", "/v1/accounts/{accountId}/documents/{documentId}/tags")
def document_tags(ctx):
    account_for(ctx)
    return _doc_tags(ctx, document_for(ctx))


@route("POST", "/v1/accounts/{accountId}/documents/{documentId}/tags")
def attach_tags(ctx):
    account = account_for(ctx)
    doc = document_for(ctx)
    for tag_id in _tag_refs(ctx, account["id"]):
        if tag_id not in doc["tags"]:
            doc["tags"].append(tag_id)
    return _doc_tags(ctx, doc)


@route("PUT", "/v1/accounts/{accountId}/documents/{documentId}/tags")
def replace_tags(ctx):
    account = account_for(ctx)
    doc = document_for(ctx)
    doc["tags"] = _tag_refs(ctx, account["id"])
    return _doc_tags(ctx, doc)


@route("DELETE", "/v1/accounts/{accountId}/documents/{documentId}/tags/{tagId}")
def detach_tag(ctx):
    account_for(ctx)
    doc = document_for(ctx)
    detached = ctx.p["tagId"] in doc["tags"]
    if detached:
        doc["tags"].remove(ctx.p["tagId"])
    return ok({"detached": detached})

