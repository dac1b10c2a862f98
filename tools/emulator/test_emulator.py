"""Drives the emulator over HTTP: document lifecycle, signer flow, credentials,
OAuth rotation, webhooks, faults. `conftest.py` asserts that every test leaves
zero contract violations behind."""

from __future__ import annotations

import base64
import hashlib
import hmac
import io
import json
import re
import subprocess
import time
import zipfile

import pytest

from artifacts import PNG_MAGIC, make_pdf, make_png
from emu_client import Emulator, WebhookReceiver, multipart
from h_users import totp


def check_pdf(data: bytes) -> int:
    """Asserts a structurally valid PDF: header, EOF, and every xref offset pointing at its object."""
    assert data.startswith(b"%PDF-1.") and data.rstrip().endswith(b"%%EOF")
    start = int(re.search(rb"startxref\s+(\d+)", data).group(1))
    table = data[start:].split(b"trailer")[0].split(b"\n")
    count = int(table[1].split()[1])
    for number, line in enumerate(table[3:3 + count - 1], start=1):
        offset = int(line.split()[0])
        assert data[offset:].startswith(b"%d 0 obj" % number), number
    return count


def upload(emu, name="Contrato de Prestação.pdf", data=None, auth="key"):
    body, ctype = multipart("file", name, data or make_pdf([["Contrato"], ["Pagina 2"]]))
    account = emu.state()["account_id"]
    return emu.api("POST", f"/accounts/{account}/documents", auth=auth, raw=body, content_type=ctype)


def new_signer(emu, name, email):
    account = emu.state()["account_id"]
    response = emu.api("POST", f"/accounts/{account}/signers", {"full_name": name, "email": email}, auth="key")
    assert response.status == 200, response
    return response.data


def test_startup_line(emu):
    assert set(emu.info) >= {"port", "admin_port", "base_url", "alt_base_url"}
    assert emu.base == f"http://127.0.0.1:{emu.info['port']}/v1"
    assert emu.info["alt_base_url"].startswith("http://127.0.0.2:")
    assert emu.info["operations"] == 106 and emu.info["generic_operations"] == []


def test_virtual_lifecycle(emu):
    state = emu.state()
    account = state["account_id"]
    created = upload(emu)
    assert created.status == 200 and created.json["status"] == 200
    doc = created.data
    assert doc["name"] == "Contrato de Prestação.pdf" and doc["status"] == "uploaded"
    assert emu.wait_status(doc["id"], {"metadata_ready"}) == "metadata_ready"
    pages = emu.api("GET", f"/documents/{doc['id']}", auth="bearer").data["pages"]
    assert [p["number"] for p in pages] == [1, 2]
    assert emu.api("GET", f"/documents/{doc['id']}/thumbnail", auth="key").body.startswith(PNG_MAGIC)
    page = emu.api("GET", f"/documents/{doc['id']}/pages/{pages[1]['id']}/download", auth="key")
    assert page.status == 200 and page.header("Content-Type") == "image/png" and page.body.startswith(PNG_MAGIC)

    signer = new_signer(emu, "Ana Souza", "ana@example.invalid")
    duplicate = emu.api("POST", f"/accounts/{account}/signers", {"full_name": "Ana", "email": "ANA@example.invalid"},
                        auth="key")
    assert duplicate.status == 400
    assert duplicate.json == {"status": 400, "message": "Um signatário com este e-mail já existe.", "data": None}
    found = emu.api("GET", f"/accounts/{account}/signers", auth="key", query={"search": "souza"})
    assert [s["id"] for s in found.data] == [signer["id"]]

    estimate = emu.api("POST", f"/documents/{doc['id']}/assignments/estimate-cost",
                       {"method": "virtual", "signers": [{"verification_method": "Whatsapp"}, {}]}, auth="key").data
    assert estimate["total_credits"] == 0.45 and estimate["has_sufficient_resources"] is True
    assert {b["code"] for b in estimate["breakdown"]} == {"NotificationWhatsapp", "NotificationEmail"}

    assignment = emu.api("POST", f"/documents/{doc['id']}/assignments",
                         {"method": "virtual", "signers": [{"id": signer["id"]}]}, auth="key")
    assert assignment.status == 200, assignment
    assert assignment.data["signers"][0]["notification_methods"] == ["Email"]
    assert emu.api("GET", f"/documents/{doc['id']}", auth="key").data["status"] == "pending_signature"

    code = emu.access_code(doc["id"])
    signer_query = {"signer-access-code": code["code"]}
    assert emu.api("GET", "/signers/self", query=signer_query).data["id"] == signer["id"]
    viewed = emu.api("GET", "/sign", query=signer_query)
    assert viewed.status == 200 and viewed.data["id"] == doc["id"]
    assert emu.api("POST", "/verify", {"verification-code": "000000x"}, query=signer_query).status == 400
    assert emu.api("POST", "/verify", {"verification-code": code["verification_code"]}, query=signer_query).status == 200
    sign_path = f"/documents/{doc['id']}/assignments/{code['assignment_id']}"
    early = emu.api("POST", sign_path, [], query=signer_query)
    assert early.status == 400 and "confirmed" in early.json["message"]
    confirmed = emu.api("PUT", f"/documents/{doc['id']}/signers/confirm-data", {"full_name": "Ana Souza"},
                        query=signer_query)
    assert confirmed.status == 200
    assert emu.api("POST", "/signature", raw=make_png(), content_type="image/png",
                   query={**signer_query, "type": "signature"}).status == 200
    assert emu.api("GET", "/signature/signature", query=signer_query).body.startswith(PNG_MAGIC)
    signed = emu.api("POST", sign_path, [], query=signer_query)
    assert signed.status == 200 and signed.data["completed"] is True

    assert emu.wait_status(doc["id"], {"certificated"}) == "certificated"
    final = emu.api("GET", f"/documents/{doc['id']}", auth="key").data
    assert set(final["artifacts"]) == {"original", "certificated", "certificate-page", "bundle"}
    pdf = emu.api("GET", f"/documents/{doc['id']}/download/certificated", auth="key")
    assert pdf.header("Content-Type") == "application/pdf" and check_pdf(pdf.body) >= 4
    bundle = emu.api("GET", f"/documents/{doc['id']}/download/bundle", auth="key")
    with zipfile.ZipFile(io.BytesIO(bundle.body)) as archive:
        assert sorted(archive.namelist()) == ["certificate-page.pdf", "certificated.pdf", "original.pdf"]
        assert archive.testzip() is None
        check_pdf(archive.read("original.pdf"))
    signer_copy = emu.api("GET", f"/signers/{signer['id']}/documents/{doc['id']}/download/original")
    assert signer_copy.status == 200 and signer_copy.body.startswith(b"%PDF")
    events = [a["event"] for a in emu.api("GET", f"/documents/{doc['id']}/activities", auth="key").data]
    for event in ("document_uploaded", "document_metadata_ready", "assignment_created", "signer_viewed_document",
                  "signer_signed_document", "document_ready"):
        assert event in events
    digest = hashlib.sha256(pdf.body).hexdigest()
    verified = emu.api("GET", f"/documents/{digest}/verify").data
    assert verified["is_valid"] is True and verified["id"] == doc["id"]
    assert emu.state()["documents"][-1]["views"] >= 1


def test_collect_from_template_and_steps(emu):
    state = emu.state()
    account = state["account_id"]
    signer = new_signer(emu, "Bruno Lima", "bruno@example.invalid")
    template = emu.api("GET", f"/accounts/{account}/templates", auth="key").data[0]
    role = template["roles"][0]["id"]
    made = emu.api("POST", f"/accounts/{account}/templates/{template['id']}/documents",
                   {"signers": [{"role_id": role, "id": signer["id"]}], "name": "Do modelo.pdf"}, auth="key")
    assert made.status == 200, made
    doc = made.data
    assert doc["status"] == "pending_signature" and doc["assignment"]["method"] == "collect"
    item = doc["assignment"]["items"][0]
    code = emu.access_code(doc["id"])
    query = {"signer-access-code": code["code"]}
    entry = {"itemId": item["id"], "fieldId": item["field"]["id"], "pageId": item["page"]["id"], "value": "Bruno"}
    assert emu.api("POST", f"/documents/{doc['id']}/assignments/{code['assignment_id']}", [entry], query=query).status == 200
    assert emu.wait_status(doc["id"], {"certificated"}) == "certificated"

    # sequential steps: step 2 cannot sign before step 1
    first, second = new_signer(emu, "C1", "c1@example.invalid"), new_signer(emu, "C2", "c2@example.invalid")
    other = upload(emu, "Etapas.pdf").data
    response = emu.api("POST", f"/documents/{other['id']}/assignments",
                       {"method": "virtual", "signers": [{"id": first["id"], "step": 1}, {"id": second["id"], "step": 2}]},
                       auth="key")
    assert response.status == 200 and [s["notified"] for s in response.data["signers"]] == [True, False]
    emu.wait_status(other["id"], {"pending_signature"})
    late = emu.access_code(other["id"], second["id"])
    q2 = {"signer-access-code": late["code"]}
    emu.api("PUT", f"/documents/{other['id']}/signers/confirm-data", {}, query=q2)
    assert emu.api("POST", f"/documents/{other['id']}/assignments/{late['assignment_id']}", [], query=q2).status == 400
    bad = emu.api("POST", f"/documents/{other['id']}/assignments",
                  {"method": "virtual", "signers": [{"id": first["id"], "step": 1}, {"id": second["id"]}]}, auth="key")
    assert bad.status == 400


def test_upload_rejections_and_rename(emu):
    bad = upload(emu, "notes.txt", b"hello, not a pdf")
    assert bad.status == 500 and bad.json == {"status": 500, "message": "Unsupported file content", "data": None}
    too_big = upload(emu, "grande.pdf", make_pdf([["x"]]) + b"0" * (25 * 1024 * 1024))
    assert too_big.status == 400 and "25 MiB" in too_big.json["message"]
    account = emu.state()["account_id"]
    body, ctype = multipart("other", "a.pdf", make_pdf([["x"]]))
    missing = emu.api("POST", f"/accounts/{account}/documents", auth="key", raw=body, content_type=ctype)
    assert missing.status == 400
    found = emu.take_violations()  # the contract requires the `file` part: that request was invalid on purpose
    assert [v["kind"] for v in found] == ["request"] and "file" in found[0]["message"]
    doc = upload(emu, "Ação.pdf").data
    emu.wait_status(doc["id"], {"metadata_ready"})
    renamed = emu.api("PATCH", f"/documents/{doc['id']}", {"name": "Relatório Final (v2)"}, auth="key")
    assert renamed.status == 200 and renamed.data["name"] == "Relatorio Final (v2)"
    assert emu.api("DELETE", f"/documents/{doc['id']}", auth="key").status == 200
    assert emu.api("GET", f"/documents/{doc['id']}", auth="key").status == 404


def test_credentials_and_leaks(emu):
    account = emu.state()["account_id"]
    denied = emu.api("GET", f"/accounts/{account}")
    assert denied.status == 401 and denied.json["data"] is None and denied.json["status"] == 401
    assert emu.api("GET", "/signers/self", query={"signer-access-code": "nope"}).status == 401
    emu.take_violations()  # both requests lacked the credentials the contract requires
    assert emu.api("GET", f"/accounts/{account}", auth="bearer").status == 200
    assert emu.api("GET", "/documents/statuses", auth="key").status == 200
    emu.api("GET", "/documents/statuses", auth="key", query={"signer-access-code": "x"})
    emu.api("GET", "/.well-known/oauth-protected-resource", auth="key", base=emu.base[:-3])
    leaks = [v for v in emu.take_violations() if v["kind"] == "credential_leak"]
    assert len(leaks) == 2
    unknown = emu.api("GET", "/no/such/route", auth="key")
    assert unknown.status == 404 and set(unknown.json) == {"name", "message", "code", "status"}
    assert [v["kind"] for v in emu.take_violations()] == ["unknown_route"]


def test_pagination(emu):
    account = emu.state()["account_id"]
    for n in range(53):
        emu.api("POST", f"/accounts/{account}/signers", {"full_name": f"Pag {n:02d}"}, auth="key")
    page = emu.api("GET", f"/accounts/{account}/signers", auth="key", query={"per-page": 100, "search": "Pag "})
    assert page.header("X-Pagination-Per-Page") == "50" and len(page.data) == 50
    assert page.header("X-Pagination-Total-Count") == "53" and page.header("X-Pagination-Page-Count") == "2"
    emu.take_violations()  # per-page=100 is within the contract; keep the check honest either way
    last = emu.api("GET", f"/accounts/{account}/signers", auth="key", query={"page": 9, "per-page": 50, "search": "Pag "})
    assert last.header("X-Pagination-Current-Page") == "2" and len(last.data) == 3
    assert 'rel=next' not in last.header("Link")


def pkce():
    verifier = base64.urlsafe_b64encode(b"v" * 40).rstrip(b"=").decode()
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    return verifier, challenge


def test_oauth_rotation_and_replay(emu):
    oauth = emu.state()["oauth"]
    verifier, challenge = pkce()
    grant = emu.admin("POST", "/oauth/authorize", {"code_challenge": challenge,
                                                   "scope": "documents:read openid email offline_access"})
    form = {"grant_type": "authorization_code", "code": grant["code"], "redirect_uri": oauth["redirect_uri"],
            "client_id": oauth["client_id"], "client_secret": oauth["client_secret"]}

    def token(fields):
        from urllib.parse import urlencode
        return emu.api("POST", "/oauth/token", raw=urlencode(fields).encode(),
                       content_type="application/x-www-form-urlencoded")

    wrong = token({**form, "code_verifier": "w" * 43})
    assert wrong.status == 400 and wrong.json["error"] == "invalid_grant"
    first = token({**form, "code_verifier": verifier})
    assert first.status == 200, first
    tokens = first.json
    assert tokens["token_type"] == "Bearer" and "offline_access" not in tokens["scope"] and tokens["id_token"]
    assert emu.api("GET", "/oauth/userinfo", auth=tokens["access_token"]).json["email"] == "owner@example.invalid"
    refresh = {"grant_type": "refresh_token", "client_id": oauth["client_id"], "client_secret": oauth["client_secret"]}
    second = token({**refresh, "refresh_token": tokens["refresh_token"]}).json
    assert second["refresh_token"] != tokens["refresh_token"]
    third = token({**refresh, "refresh_token": second["refresh_token"]}).json
    replay = token({**refresh, "refresh_token": tokens["refresh_token"]})
    assert replay.status == 400 and replay.json["error"] == "invalid_grant"
    assert token({**refresh, "refresh_token": third["refresh_token"]}).status == 400  # whole chain revoked
    assert emu.api("GET", "/accounts", auth=third["access_token"]).status == 401
    emu.take_violations()  # that last request carried a revoked token: 401 is declared, the bearer is not valid
    revoked = emu.api("POST", "/oauth/revoke", {"token": "whatever", "client_id": oauth["client_id"],
                                               "client_secret": oauth["client_secret"]})
    assert revoked.status == 200
    assert token({**refresh, "client_secret": "bad", "refresh_token": "x"}).status == 401


def test_login_with_mfa(emu):
    state = emu.state()
    owner, mfa = state["user"], state["mfa_user"]
    session = emu.api("POST", "/login", {"email": owner["email"], "password": owner["password"]}).data
    assert emu.api("GET", "/users/self", auth=session["access_token"]).data["email"] == owner["email"]
    challenge = emu.api("POST", "/login", {"email": mfa["email"], "password": mfa["password"]}).data
    assert "mfa_token" in challenge and "access_token" not in challenge
    assert emu.api("POST", "/authentication/mfa/verify", {"mfa_token": challenge["mfa_token"], "code": "000000x"}).status == 400
    code = totp(mfa["totp_secret"], time.time())
    verified = emu.api("POST", "/authentication/mfa/verify", {"mfa_token": challenge["mfa_token"], "code": code})
    assert verified.status == 200 and verified.data["user"]["email"] == mfa["email"]
    assert emu.api("POST", "/login", {"email": owner["email"], "password": "wrong"}).status == 400


def verify_signature(secret, headers, body):
    key = base64.b64decode(secret[len("whsec_"):])
    signed = f"{headers['webhook-id']}.{headers['webhook-timestamp']}.".encode() + body
    expected = "v1," + base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    return any(hmac.compare_digest(expected, s) for s in headers["webhook-signature"].split(" "))


def test_webhook_delivery_signed(emu):
    account = emu.state()["account_id"]
    receiver = WebhookReceiver()
    try:
        endpoint = emu.api("POST", f"/accounts/{account}/webhooks/endpoints",
                           {"url": receiver.url, "email": "hooks@example.invalid", "signing_enabled": True,
                            "events": ["document_uploaded", "signer_created"]}, auth="key").data
        secret = emu.api("GET", f"/accounts/{account}/webhooks/endpoints/{endpoint['id']}/secret", auth="key").data["secret"]
        assert secret.startswith("whsec_")
        result = emu.admin("POST", "/webhooks/deliver", {"event": "document_uploaded"})
        assert result["finished"] and result["dispatches"][0]["delivered"] is True
        hit = receiver.received[-1]
        assert verify_signature(secret, hit["headers"], hit["body"])
        assert abs(int(hit["headers"]["webhook-timestamp"]) - time.time()) < 300
        assert json.loads(hit["body"])["event"] == "document_uploaded"
        rotated = emu.api("POST", f"/accounts/{account}/webhooks/endpoints/{endpoint['id']}/secret/rotate", auth="key")
        new_secret = rotated.data["secret"]
        assert new_secret != secret
        new_signer(emu, "Hook Person", "hook@example.invalid")  # a real event, delivered asynchronously
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and len(receiver.received) < 2:
            time.sleep(0.02)
        hit = receiver.received[-1]
        assert json.loads(hit["body"])["event"] == "signer_created"
        assert verify_signature(new_secret, hit["headers"], hit["body"]) and not verify_signature(secret, hit["headers"], hit["body"])
        history = emu.api("GET", f"/accounts/{account}/webhooks", auth="key", query={"endpoint_id": endpoint["id"]})
        assert history.header("X-Pagination-Total-Count") and history.data[0]["endpoint_id"] == endpoint["id"]
        retried = emu.api("POST", f"/accounts/{account}/webhooks/{history.data[-1]['id']}/retry", auth="key").data
        assert retried["delivered"] is True and retried["id"] != history.data[-1]["id"]
        assert receiver.received[-1]["headers"]["webhook-id"] == receiver.received[0]["headers"]["webhook-id"]
        for n in range(2):
            emu.api("POST", f"/accounts/{account}/webhooks/endpoints",
                    {"url": f"{receiver.url}/{n}", "email": "hooks@example.invalid", "events": []}, auth="key")
        fourth = emu.api("POST", f"/accounts/{account}/webhooks/endpoints",
                         {"url": f"{receiver.url}/x", "email": "hooks@example.invalid", "events": []}, auth="key")
        assert fourth.status == 403
    finally:
        receiver.close()
        for e in emu.api("GET", f"/accounts/{account}/webhooks/endpoints", auth="key").data:
            emu.api("DELETE", f"/accounts/{account}/webhooks/endpoints/{e['id']}", auth="key")


def test_faults(emu):
    account = emu.state()["account_id"]
    path = f"/accounts/{account}/tags"
    emu.fault(kind="429", method="GET", path=r"/tags$", retry_after=2)
    limited = emu.api("GET", path, auth="key")
    assert limited.status == 429 and limited.header("Retry-After") == "2"
    emu.fault(kind="503", path=r"/tags$")
    assert emu.api("GET", path, auth="key").status == 503
    emu.fault(kind="slow", path=r"/tags$", delay=0.3)
    started = time.monotonic()
    assert emu.api("GET", path, auth="key").status == 200 and time.monotonic() - started >= 0.3
    emu.fault(kind="drop", path=r"/tags$")
    with pytest.raises(Exception):
        emu.api("GET", path, auth="key")
    emu.fault(kind="error_envelope", path=r"/tags$")
    envelope = emu.api("GET", path, auth="key")
    assert envelope.status == 200 and envelope.json["status"] == 400 and envelope.json["data"] is None
    emu.fault(kind="redirect", path=r"/tags$")
    moved = emu.api("GET", path, auth="key", follow=False)
    assert moved.status == 307 and moved.header("Location").startswith("http://127.0.0.2:")
    followed = emu.request("GET", moved.header("Location"))  # an SDK must drop credentials across origins
    assert followed.status == 401
    emu.take_violations()  # the unauthenticated follow-up is itself a request without credentials
    emu.fault(kind="redirect", path=r"/tags$")
    naive = emu.api("GET", path, auth="key")  # urllib forwards X-Api-Key: recorded as a leak
    assert naive.status == 200
    assert [v["kind"] for v in emu.take_violations()] == ["credential_leak"]
    emu.fault(kind="lost_response", method="POST", path=r"/tags$")
    with pytest.raises(Exception):
        emu.api("POST", path, {"name": "perdida"}, auth="key")
    assert "perdida" in [t["name"] for t in emu.api("GET", path, auth="key").data]
    duplicate = emu.api("POST", path, {"name": "PERDIDA"}, auth="key")
    assert duplicate.status == 409
    assert emu.admin("GET", "/faults")["faults"][-1]["hits"] == 1


def test_tls_listener(tmp_path):
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    made = subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                           "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,IP:127.0.0.2",
                           "-keyout", str(key), "-out", str(cert)], capture_output=True)
    if made.returncode != 0:
        pytest.skip("openssl cannot make a test certificate here")
    import ssl
    import urllib.request
    tls = Emulator("--tls-cert", str(cert), "--tls-key", str(key))
    try:
        assert tls.base.startswith("https://127.0.0.1:")
        context = ssl.create_default_context(cafile=str(cert))
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}), urllib.request.HTTPSHandler(context=context))
        with opener.open(tls.base[:-3] + "/.well-known/oauth-protected-resource", timeout=10) as response:
            assert json.loads(response.read())["resource"].startswith("https://")
        assert tls.violations() == []
    finally:
        tls.stop()
