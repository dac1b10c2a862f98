"""Tags, field definitions and validation, field types, templates."""

from __future__ import annotations

import re

import lifecycle
from access import account_for
from artifacts import make_pdf
from h_assignments import build_assignment, estimate, resolve_methods
from http_util import ok, paged, route
from state import ApiError, new_id
from views import document_view, field_view, tag_view, template_view

FIELD_TYPES = [
    ("text", "Texto"), ("name", "Nome"), ("email", "E-mail"), ("cpf", "CPF"), ("cnpj", "CNPJ"),
    ("phone", "Telefone"), ("date", "Data"), ("number", "Número"), ("checkbox", "Caixa de seleção"),
]
STANDARD_TYPES = {"signature", "initial", "signatureDate"}
NOT_FOUND = "The requested resource was not found."


# -- tags --------------------------------------------------------------------

def _tag(ctx, account):
    tag = ctx.state.tags.get(ctx.p["tagId"])
    if not tag or tag["account_id"] != account["id"]:
        raise ApiError(404, NOT_FOUND)
    return tag


def _name_taken(ctx, account_id, name, except_id=None):
    return any(t["account_id"] == account_id and t["id"] != except_id and t["name"].lower() == name.lower()
               for t in ctx.state.tags.values())


@route("GET", "/v1/accounts/{accountId}/tags")
def list_tags(ctx):
    account = account_for(ctx)
    search = (ctx.q("search") or "").lower()
    tags = [t for t in ctx.state.tags.values() if t["account_id"] == account["id"] and search in t["name"].lower()]
    return ok([tag_view(t) for t in sorted(tags, key=lambda t: t["name"].lower())])


@route("POST", "/v1/accounts/{accountId}/tags")
def create_tag(ctx):
    account = account_for(ctx)
    body = ctx.obj()
    name = str(body.get("name") or "").strip()
    if not name:
        raise ApiError(400, "name cannot be blank.")
    if _name_taken(ctx, account["id"], name):
        raise ApiError(409, "A tag with this name already exists.")
    now = ctx.state.now()
    tag = {"id": new_id(), "account_id": account["id"], "name": name, "color": body.get("color"),
           "created_at": now, "updated_at": now}
    ctx.state.tags[tag["id"]] = tag
    return ok(tag_view(tag))


@route("PUT", "/v1/accounts/{accountId}/tags/{tagId}")
def update_tag(ctx):
    tag = _tag(ctx, account_for(ctx))
    body = ctx.obj()
    if "name" in body:
        name = str(body["name"] or "").strip()
        if not name:
            raise ApiError(400, "name cannot be blank.")
        if _name_taken(ctx, tag["account_id"], name, tag["id"]):
            raise ApiError(400, "A tag with this name already exists.")
        tag["name"] = name
    if "color" in body:
        tag["color"] = body["color"]
    tag["updated_at"] = ctx.state.now()
    return ok(tag_view(tag))


@route("DELETE", "/v1/accounts/{accountId}/tags/{tagId}")
def delete_tag(ctx):
    tag = _tag(ctx, account_for(ctx))
    holders = [d for d in ctx.state.documents.values() if tag["id"] in d["tags"]]
    holders += [t for t in ctx.state.templates.values() if tag["id"] in t["tags"]]
    if holders and not ctx.q_bool("force"):
        raise ApiError(400, "The tag is attached to documents or templates; pass force=true to detach it.")
    for holder in holders:
        holder["tags"].remove(tag["id"])
    del ctx.state.tags[tag["id"]]
    return ok({"deleted": True})


# -- fields ------------------------------------------------------------------

def _field(ctx, account):
    field = ctx.state.fields.get(ctx.p["fieldId"])
    if not field or field["account_id"] != account["id"] or field.get("deleted"):
        raise ApiError(404, NOT_FOUND)
    return field


@route("GET", "/v1/field-types")
def field_types(ctx):
    return ok([{"type": t, "name": n} for t, n in FIELD_TYPES])


@route("GET", "/v1/accounts/{accountId}/fields")
def list_fields(ctx):
    account = account_for(ctx)
    include_inactive, include_standard = ctx.q_bool("include_inactive"), ctx.q_bool("include_standard")
    found = [f for f in ctx.state.fields.values() if f["account_id"] == account["id"] and not f.get("deleted")
             and f["is_visible"] and (include_inactive or f["is_active"])
             and (include_standard or f["type"] not in STANDARD_TYPES)]
    return ok([field_view(f) for f in found])


@route("POST", "/v1/accounts/{accountId}/fields")
def create_field(ctx):
    account = account_for(ctx)
    body = ctx.obj()
    name, kind = str(body.get("name") or "").strip(), body.get("type")
    if not name:
        raise ApiError(400, "name cannot be blank.")
    if kind not in {t for t, _ in FIELD_TYPES}:
        raise ApiError(400, f"type must be one of: {', '.join(t for t, _ in FIELD_TYPES)}.")
    regex = body.get("regex")
    if regex:
        try:
            re.compile(regex)
        except re.error:
            raise ApiError(400, "regex is not a valid regular expression.")
    field = ctx.state.add_field(account["id"], name, kind, regex=regex, required=bool(body.get("is_required")))
    return ok(field_view(field))


@route("GET", "/v1/accounts/{accountId}/fields/{fieldId}")
def get_field(ctx):
    return ok(field_view(_field(ctx, account_for(ctx))))


@route("PUT", "/v1/accounts/{accountId}/fields/{fieldId}")
def update_field(ctx):
    field = _field(ctx, account_for(ctx))
    body = ctx.obj()
    if field["is_standard"] or field["is_read_only"]:
        raise ApiError(400, "This field cannot be changed.")
    for key in ("name", "regex", "is_active"):
        if key in body:
            field[key] = body[key]
    return ok(field_view(field))


@route("DELETE", "/v1/accounts/{accountId}/fields/{fieldId}")
def delete_field(ctx):
    field = _field(ctx, account_for(ctx))
    if field["is_standard"] or field["is_pre_defined"]:
        raise ApiError(400, "Standard and pre-defined fields cannot be deleted.")
    field["deleted"] = True
    return ok([])


def _cpf_ok(digits: str) -> bool:
    if len(digits) != 11 or len(set(digits)) == 1:
        return False
    for size in (9, 10):
        total = sum(int(d) * w for d, w in zip(digits[:size], range(size + 1, 1, -1)))
        check = (total * 10) % 11 % 10
        if check != int(digits[size]):
            return False
    return True


def _cnpj_ok(value: str) -> bool:
    if len(value) != 14 or not value[12:].isdigit() or not re.fullmatch(r"[0-9A-Z]{12}", value[:12]):
        return False
    numbers = [ord(c) - 48 for c in value]
    for size, weights in ((12, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]), (13, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])):
        remainder = sum(n * w for n, w in zip(numbers[:size], weights)) % 11
        if (0 if remainder < 2 else 11 - remainder) != numbers[size]:
            return False
    return True


def check_value(field: dict, value) -> str | None:
    text = "" if value is None else str(value)
    if not text.strip():
        return "O valor é obrigatório." if field["is_required"] else None
    kind = field["type"]
    stripped = re.sub(r"[.\-/\s()]", "", text).upper()
    if kind == "cpf" and not _cpf_ok(stripped):
        return "CPF inválido."
    if kind == "cnpj" and not _cnpj_ok(stripped):
        return "CNPJ inválido."
    if kind == "email" and not re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s]+", text):
        return "E-mail inválido."
    if kind == "number" and not re.fullmatch(r"-?\d+([.,]\d+)?", text):
        return "Número inválido."
    if kind == "date" and not re.fullmatch(r"\d{4}-\d{2}-\d{2}|\d{2}/\d{2}/\d{4}", text):
        return "Data inválida."
    if kind == "phone" and not re.fullmatch(r"\+?\d{10,13}", stripped):
        return "Telefone inválido."
    if field.get("regex") and not re.fullmatch(field["regex"], text):
        return "O valor não corresponde ao formato esperado."
    return None


@route("POST", "/v1/accounts/{accountId}/fields/{fieldId}/validate")
def validate_field(ctx):
    field = _field(ctx, account_for(ctx))
    body = ctx.obj()
    if "value" not in body:
        raise ApiError(400, "value cannot be blank.")
    problem = check_value(field, body["value"])
    return ok({"type": field["type"], "success": problem is None, "error_message": problem or ""})


@route("POST", "/v1/accounts/{accountId}/fields/validate-multiple")
def validate_fields(ctx):
    account = account_for(ctx)
    entries = ctx.json()
    if not isinstance(entries, list):
        raise ApiError(400, "The request body must be a JSON array.")
    results = []
    for entry in entries:
        field = ctx.state.fields.get((entry or {}).get("field_id"))
        if not field or field["account_id"] != account["id"]:
            results.append({"field_id": str((entry or {}).get("field_id")), "type": "", "success": False,
                            "error_message": "Campo não encontrado."})
            continue
        problem = check_value(field, entry.get("value"))
        results.append({"field_id": field["id"], "type": field["type"], "success": problem is None,
                        "error_message": problem or ""})
    return ok(results)


# -- templates ---------------------------------------------------------------

def _template(ctx, account):
    template = ctx.state.templates.get(ctx.p["templateId"])
    if not template or template["account_id"] != account["id"]:
        raise ApiError(404, NOT_FOUND)
    if template["status"] != "ready":
        raise ApiError(400, "The template is not ready.")
    return template


@route("GET", "/v1/accounts/{accountId}/templates")
def list_templates(ctx):
    account = account_for(ctx)
    search = (ctx.q("search") or "").lower()
    found = [t for t in ctx.state.templates.values() if t["account_id"] == account["id"] and search in t["name"].lower()]
    return paged(ctx, sorted(found, key=lambda t: t["created_at"]), lambda t: template_view(ctx.state, ctx.origin, t))


def _role_specs(template, signers, need_id=True):
    roles = {r["id"]: r for r in template["roles"]}
    given = {s.get("role_id"): s for s in signers or []}
    unknown = [r for r in given if r not in roles]
    if unknown:
        raise ApiError(400, f"Unknown role: {unknown[0]}.")
    missing = [r["name"] for r in template["roles"] if r["id"] not in given]
    if missing:
        raise ApiError(400, f"A signer is required for role {missing[0]}.")
    if need_id and any(not s.get("id") for s in given.values()):
        raise ApiError(400, "Every signer needs an id.")
    return given


@route("POST", "/v1/accounts/{accountId}/templates/{templateId}/documents/estimate-cost")
def estimate_from_template(ctx):
    account = account_for(ctx)
    given = _role_specs(_template(ctx, account), ctx.obj().get("signers"), need_id=False)
    return ok(estimate(account, [resolve_methods(s) for s in given.values()]))


@route("POST", "/v1/accounts/{accountId}/templates/{templateId}/documents")
def document_from_template(ctx):
    account = account_for(ctx)
    template = _template(ctx, account)
    body = ctx.obj()
    given = _role_specs(template, body.get("signers"))
    name = body.get("name") or template.get("document_name") or template["name"]
    lines = [name] + [f"{f['field_id']}: {f['value']}" for f in body.get("editor_fields") or []]
    pdf = make_pdf([lines] + [[f"Pagina {p['number']}"] for p in template["pages"][1:]], title=name)
    doc = lifecycle.create_document(ctx.state, ctx.services, account["id"], ctx.principal.user_id, name, pdf,
                                    template_id=template["id"], processed=True)
    doc["tags"] = list(template["tags"])
    page_ids = {}
    for tpl_page, doc_page in zip(template["pages"], doc["pages"]):
        page_ids[tpl_page["id"]] = doc_page["id"]
    entries = [{"page_id": page_ids[p["id"]],
                "fields": [{"signer_id": given[f["role_id"]]["id"], "field_id": f["field_id"],
                            "display_settings": f["display_settings"]} for f in p["fields"]]}
               for p in template["pages"] if p["id"] in page_ids and p["fields"]]
    specs = [{k: v for k, v in s.items() if k != "role_id"} for s in given.values()]
    try:
        build_assignment(ctx, doc, "collect", specs, entries, body.get("message") or template.get("message"),
                         body.get("expires_at"))
    except ApiError:
        del ctx.state.documents[doc["id"]]
        raise
    return ok(document_view(ctx.state, ctx.origin, doc))
