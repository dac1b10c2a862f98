"""Test-side helpers: start the emulator in a subprocess, call its API and admin
API with urllib, build multipart bodies, receive webhooks on loopback."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlencode

HERE = Path(__file__).resolve().parent
NO_PROXY = urllib.request.ProxyHandler({})


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Response:
    def __init__(self, status, headers, body):
        self.status, self.headers, self.body = status, headers, body

    @property
    def json(self):
        return json.loads(self.body) if self.body else None

    @property
    def data(self):
        return self.json["data"]

    def header(self, name):
        return self.headers.get(name)

    def __repr__(self):
        return f"<Response {self.status} {self.body[:200]!r}>"


def multipart(field: str, filename: str, data: bytes, mime: str = "application/pdf") -> tuple[bytes, str]:
    boundary = "----emu" + uuid.uuid4().hex
    head = (f'--{boundary}\r\nContent-Disposition: form-data; name="{field}"; filename="{filename}"\r\n'
            f"Content-Type: {mime}\r\n\r\n").encode()
    return head + data + f"\r\n--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


class Emulator:
    def __init__(self, *args: str, python: str = sys.executable):
        self.process = subprocess.Popen([python, str(HERE / "emulator.py"), "--port", "0", *args],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("emulator did not start")
        self.info = json.loads(line)
        self.base = self.info["base_url"]
        self.admin_url = self.info["admin_url"]
        self.opener = urllib.request.build_opener(NO_PROXY)
        self.no_redirect = urllib.request.build_opener(NO_PROXY, _NoRedirect)

    def stop(self):
        if self.process.poll() is None:
            self.process.stdin.close()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.terminate()
                self.process.wait(5)

    # -- raw HTTP ------------------------------------------------------------
    def request(self, method, url, body=None, headers=None, raw=None, content_type=None, follow=True, timeout=15):
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        headers = dict(headers or {})
        if data is not None:
            headers.setdefault("Content-Type", content_type or "application/json")
        request = urllib.request.Request(url, data=data, method=method, headers=headers)
        opener = self.opener if follow else self.no_redirect
        try:
            with opener.open(request, timeout=timeout) as response:
                return Response(response.status, response.headers, response.read())
        except urllib.error.HTTPError as error:
            return Response(error.code, error.headers, error.read())

    def api(self, method, path, body=None, auth=None, query=None, base=None, **kwargs):
        headers = dict(kwargs.pop("headers", None) or {})
        if auth == "key":
            headers["X-Api-Key"] = self.state()["api_key"]
        elif auth == "bearer":
            headers["Authorization"] = f"Bearer {self.state()['bearer_token']}"
        elif auth:
            headers["Authorization"] = f"Bearer {auth}"
        url = (base or self.base) + path
        if query:
            url += ("&" if "?" in url else "?") + urlencode(query)
        return self.request(method, url, body, headers, **kwargs)

    # -- admin ---------------------------------------------------------------
    def admin(self, method, path, body=None):
        response = self.request(method, self.admin_url + path, body)
        assert response.status == 200, response
        return response.json

    def state(self):
        return self.admin("GET", "/state")

    def violations(self, include_known=False):
        return self.admin("GET", "/violations" + ("?all=1" if include_known else ""))["violations"]

    def take_violations(self, include_known=False):
        found = self.violations(include_known)
        self.admin("DELETE", "/violations")
        return found

    def fault(self, **rule):
        return self.admin("POST", "/faults", rule)["faults"][0]

    def wait_status(self, document_id, wanted, timeout=5.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            status = self.api("GET", f"/documents/{document_id}", auth="bearer").data["status"]
            if status in wanted:
                return status
            time.sleep(0.03)
        raise AssertionError(f"document {document_id} never reached {wanted}")

    def access_code(self, document_id, signer_id=None):
        for entry in self.state()["access_codes"]:
            if entry["document_id"] == document_id and (signer_id is None or entry["signer_id"] == signer_id):
                return entry
        raise AssertionError("no access code")


class WebhookReceiver:
    """A loopback HTTP server recording every POST it receives."""

    def __init__(self, status: int = 204):
        received, answer = [], status

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                received.append({"path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()},
                                 "body": self.rfile.read(length)})
                self.send_response(answer)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.received = received
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hooks/assinafy"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()
