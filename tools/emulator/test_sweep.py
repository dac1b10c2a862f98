"""Calls every one of the contract's operations with plausible arguments and checks
that each answers without an emulator error and without contract violations; the
admin coverage count must then list no missing operation."""

from __future__ import annotations

import time

from artifacts import make_pdf, make_png
from emu_client import WebhookReceiver, multipart
from h_users import totp
from oauth import s256


def _upload(emu, acc, name):
    body, ctype = multipart("file", name, make_pdf([[name], ["p2"]]))
    return emu.api("POST", f"/accounts/{acc}/documents", auth="bearer", raw=body, content_type=ctype).data["id"]


def test_every_operation(emu):
    emu.admin("POST", "/reset", {"operations": True})
    st = emu.state()
    acc, owner, oauth = st["account_id"], st["user"], st["oauth"]
    calls = []

    def call(method, path, body=None, expect=(200,), auth="bearer", **kwargs):
        response = emu.api(method, path, body, auth=auth, **kwargs)
        calls.append((method, path, response.status))
        assert response.status in expect, (method, path, response)
        return response

    def signer_q(doc_id):
        return {"signer-access-code": emu.access_code(doc_id)["code"]}

    # accounts, users, catalog ------------------------------------------------
    call("GET", "/accounts")
    other = call("POST", "/accounts", {"name": "Sweep"}).data["id"]
    call("GET", f"/accounts/{acc}")
    call("PUT", f"/accounts/{acc}", {"name": "Workspace Emulado", "notification_sender_type": "Account"})
    call("DELETE", f"/accounts/{acc}", {}, expect=(400,))  # paid subscription restriction
    call("DELETE", f"/accounts/{other}", {"force": True})
    body, ctype = multipart("file", "logo.png", make_png(), "image/png")
    call("POST", f"/accounts/{acc}/logo", raw=body, content_type=ctype)
    assert call("GET", f"/accounts/{acc}/logo").body.startswith(b"\x89PNG")
    assert call("GET", f"/accounts/{acc}/theme").data["logo"].endswith("/logo")
    call("DELETE", f"/accounts/{acc}/logo")
    call("GET", f"/accounts/{acc}/stats", query={"granularity": "daily", "month": "2026-02"})
    call("GET", "/users/self/stats")
    call("GET", "/users/self")
    call("GET", "/users/self/notification-preferences")
    call("PUT", "/users/self/notification-preferences", {"DocumentExpired": False})
    call("GET", "/users/api-keys")
    call("POST", "/users/api-keys", {"password": owner["password"]})
    call("DELETE", "/users/api-keys")
    call("GET", "/field-types")
    field = call("POST", f"/accounts/{acc}/fields", {"name": "Documento", "type": "cpf", "is_required": True}).data
    call("GET", f"/accounts/{acc}/fields", query={"include_standard": "true"})
    call("GET", f"/accounts/{acc}/fields/{field['id']}")
    call("PUT", f"/accounts/{acc}/fields/{field['id']}", {"name": "CPF do cliente"})
    assert call("POST", f"/accounts/{acc}/fields/{field['id']}/validate", {"value": "529.982.247-25"}).data["success"]
    results = call("POST", f"/accounts/{acc}/fields/validate-multiple", [{"field_id": field["id"], "value": "123"}]).data
    assert results[0]["success"] is False
    call("DELETE", f"/accounts/{acc}/fields/{field['id']}")
    tag = call("POST", f"/accounts/{acc}/tags", {"name": "Contratos", "color": "#FF0000"}).data
    call("GET", f"/accounts/{acc}/tags")
    call("PUT", f"/accounts/{acc}/tags/{tag['id']}", {"color": None})

    # documents ------------------------------------------------------------------
    docs = [_upload(emu, acc, f"Sweep {n}.pdf") for n in range(5)]
    for doc in docs:
        emu.wait_status(doc, {"metadata_ready"})
    d0 = docs[0]
    call("GET", f"/accounts/{acc}/documents", query={"status": "metadata_ready", "sort": "name", "per-page": 2})
    call("GET", f"/accounts/{acc}/documents/search", query={"search": "sweep"})
    call("GET", "/documents/statuses")
    call("PATCH", f"/documents/{docs[4]}", {"name": "Renomeado"})
    call("POST", f"/accounts/{acc}/documents/{d0}/tags", {"tags": [tag["id"]]})
    call("PUT", f"/accounts/{acc}/documents/{d0}/tags", {"tags": ["contratos"]})
    call("GET", f"/accounts/{acc}/documents/{d0}/tags")
    call("DELETE", f"/accounts/{acc}/documents/{d0}/tags/{tag['id']}")
    call("DELETE", f"/accounts/{acc}/tags/{tag['id']}", query={"force": "true"})
    page = call("GET", f"/documents/{d0}").data["pages"][0]["id"]
    call("GET", f"/documents/{d0}/thumbnail")
    call("GET", f"/documents/{d0}/pages/{page}/download")
    call("GET", f"/public/documents/{d0}", auth=None)
    call("PUT", f"/public/documents/{d0}/send-token", {"email": "viewer@example.invalid"}, auth=None)
    call("DELETE", f"/documents/{docs[4]}")

    # signers and assignments -------------------------------------------------------
    signer = call("POST", f"/accounts/{acc}/signers", {"full_name": "Sweep Signer", "email": "sweep@example.invalid",
                                                      "whatsapp_phone_number": "+5511999990000"}).data
    spare = call("POST", f"/accounts/{acc}/signers", {"full_name": "Spare", "email": "spare@example.invalid"}).data
    call("GET", f"/accounts/{acc}/signers", query={"search": "sweep"})
    call("GET", f"/accounts/{acc}/signers/{signer['id']}")
    call("PUT", f"/accounts/{acc}/signers/{spare['id']}", {"full_name": "Spare Two"})
    call("DELETE", f"/accounts/{acc}/signers/{spare['id']}")
    call("POST", f"/documents/{d0}/assignments/estimate-cost", {"method": "virtual", "signers": [{}]})
    assignments = {}
    for doc in docs[:4]:
        spec = {"id": signer["id"], "verification_method": "Whatsapp"} if doc == d0 else {"id": signer["id"]}
        assignments[doc] = call("POST", f"/documents/{doc}/assignments", {"method": "virtual", "signers": [spec]}).data["id"]
    a0 = assignments[d0]
    call("GET", "/assignments")
    call("PUT", f"/documents/{d0}/assignments/{a0}/signers/{signer['id']}/resend")
    call("POST", f"/documents/{d0}/assignments/{a0}/signers/{signer['id']}/estimate-resend-cost")
    call("PUT", f"/documents/{d0}/assignments/{a0}/reset-expiration", {"expires_at": "2099-01-01T00:00:00Z"})
    call("GET", f"/documents/{d0}/assignments/{a0}/whatsapp-notifications")

    # signer side ------------------------------------------------------------------
    q = signer_q(d0)
    call("GET", "/signers/self", auth=None, query=q)
    call("GET", f"/signers/{signer['id']}/document", auth=None, query=q)
    call("GET", "/sign", auth=None, query={**q, "has_accepted_terms": "true"})
    call("POST", "/verify", {"verification-code": emu.access_code(d0)["verification_code"]}, auth=None, query=q)
    call("PUT", "/signers/accept-terms", auth=None, query=q)
    call("PUT", f"/documents/{d0}/signers/confirm-data", {"full_name": "Sweep Signer"}, auth=None, query=q)
    call("POST", "/signature", raw=make_png(), content_type="image/png", auth=None, query={**q, "type": "initial"})
    call("GET", "/signature/initial", auth=None, query=q)
    call("GET", f"/signers/{signer['id']}/documents", auth=None, query=q)
    call("GET", f"/signers/{signer['id']}/documents/search", auth=None, query={**q, "search": "sweep"})
    call("POST", f"/documents/{d0}/assignments/{a0}", [], auth=None, query=q)
    call("PUT", "/signers/documents/sign-multiple", {"document_ids": [docs[1]]}, auth=None, query=q)
    call("PUT", "/signers/documents/decline-multiple", {"document_ids": [docs[2]], "decline_reason": "Nao"},
         auth=None, query=q)
    call("PUT", f"/documents/{docs[3]}/assignments/{assignments[docs[3]]}/reject", {"decline_reason": "Errado"},
         auth=None, query=signer_q(docs[3]))
    emu.wait_status(d0, {"certificated"})
    call("GET", f"/documents/{d0}/download/certificate-page")
    call("GET", f"/signers/{signer['id']}/documents/{d0}/download/certificated", auth=None)
    digest = next(d["signature_hash"] for d in emu.state()["documents"] if d["id"] == d0)
    call("GET", f"/documents/{digest}/verify", auth=None)
    call("GET", f"/documents/{d0}/activities")

    # templates ---------------------------------------------------------------------
    template = call("GET", f"/accounts/{acc}/templates").data[0]
    roles = [{"role_id": template["roles"][0]["id"], "id": signer["id"]}]
    call("POST", f"/accounts/{acc}/templates/{template['id']}/documents/estimate-cost", {"signers": roles})
    call("POST", f"/accounts/{acc}/templates/{template['id']}/documents", {"signers": roles})

    # webhooks ---------------------------------------------------------------------
    receiver = WebhookReceiver()
    try:
        call("GET", "/webhooks/event-types")
        call("GET", f"/accounts/{acc}/webhooks/subscriptions")
        call("PUT", f"/accounts/{acc}/webhooks/subscriptions",
             {"events": ["document_uploaded"], "is_active": True, "url": receiver.url, "email": "ops@example.invalid"})
        call("PUT", f"/accounts/{acc}/webhooks/inactivate")
        endpoint = call("GET", f"/accounts/{acc}/webhooks/endpoints").data[0]["id"]
        call("PUT", f"/accounts/{acc}/webhooks/endpoints/{endpoint}", {"is_active": True, "signing_enabled": True})
        call("GET", f"/accounts/{acc}/webhooks/endpoints/{endpoint}")
        call("GET", f"/accounts/{acc}/webhooks/endpoints/{endpoint}/secret")
        call("POST", f"/accounts/{acc}/webhooks/endpoints/{endpoint}/secret/rotate")
        second = call("POST", f"/accounts/{acc}/webhooks/endpoints",
                      {"url": receiver.url + "/2", "email": "ops@example.invalid", "events": []}).data["id"]
        _upload(emu, acc, "Hooked.pdf")
        emu.admin("POST", "/webhooks/deliver", {"event": "template_created"})
        history = call("GET", f"/accounts/{acc}/webhooks", query={"delivered": "true"}).data
        call("POST", f"/accounts/{acc}/webhooks/{history[0]['id']}/retry")
        call("DELETE", f"/accounts/{acc}/webhooks/endpoints/{second}")
    finally:
        receiver.close()

    # authentication, two-factor, OAuth ------------------------------------------------
    call("POST", "/login", {"email": owner["email"], "password": owner["password"]}, auth=None)
    mfa = st["mfa_user"]
    challenge = call("POST", "/login", {"email": mfa["email"], "password": mfa["password"]}, auth=None).data
    call("POST", "/authentication/mfa/verify", {"mfa_token": challenge["mfa_token"], "code": mfa["recovery_codes"][0]},
         auth=None)
    call("PUT", "/authentication/request-password-reset", {"email": owner["email"]}, auth=None)
    call("PUT", "/authentication/reset-password",
         {"email": owner["email"], "token": st["reset_token"], "new_password": "new-pass-123"}, auth=None)
    call("PUT", "/authentication/change-password",
         {"email": owner["email"], "password": "new-pass-123", "new_password": owner["password"]})
    call("POST", "/authentication/social-login", {"provider": "google", "token": "t", "has_accepted_terms": True}, auth=None)
    call("POST", "/auth/link-social-login", {"provider": "google", "token": "t"})
    enrolment = call("POST", "/users/self/mfa/totp", {"label": "Phone"}).data
    codes = call("PUT", "/users/self/mfa/totp/confirm",
                 {"id": enrolment["id"], "code": totp(enrolment["secret"], time.time())}).data["recovery_codes"]
    call("POST", "/users/self/mfa/recovery-codes", {"code": codes[0]})
    method = call("GET", "/users/self/mfa").data["methods"][0]["id"]
    assert call("DELETE", f"/users/self/mfa/{method}", {"password": owner["password"]}).data["is_mfa_enabled"] is False
    call("GET", "/.well-known/oauth-protected-resource", auth=None, base=emu.base[:-3])
    verifier = "sweep-verifier-" + "x" * 40
    grant = emu.admin("POST", "/oauth/authorize", {"code_challenge": s256(verifier),
                                                   "scope": "openid profile email account:read"})
    tokens = call("POST", "/oauth/token", {"grant_type": "authorization_code", "code": grant["code"],
                                           "redirect_uri": oauth["redirect_uri"], "client_id": oauth["client_id"],
                                           "client_secret": oauth["client_secret"],
                                           "code_verifier": verifier}, auth=None).json
    call("GET", "/oauth/userinfo", auth=tokens["access_token"])
    exchanged = call("POST", "/oauth/token", {"grant_type": "urn:ietf:params:oauth:grant-type:token-exchange",
                                              "client_id": oauth["client_id"], "client_secret": oauth["client_secret"],
                                              "subject_token": tokens["access_token"], "scope": "account:read",
                                              "subject_token_type": "urn:ietf:params:oauth:token-type:access_token"},
                     auth=None).json
    assert exchanged["issued_token_type"] and "refresh_token" not in exchanged
    call("POST", "/oauth/revoke", {"token": tokens["access_token"], "client_id": oauth["client_id"],
                                   "client_secret": oauth["client_secret"]}, auth=None)

    coverage = emu.admin("GET", "/operations")
    assert coverage["missing"] == [] and coverage["count"] == coverage["total"] == 106, coverage["missing"]
    assert not [c for c in calls if c[2] >= 500]
    emu.admin("POST", "/reset")
