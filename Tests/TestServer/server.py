#!/usr/bin/env python3
"""Scripted HTTP/HTTPS test server for APIRuntime's transport tests (Python 3.11 stdlib only).

Listens on two loopback origins, 127.0.0.1 and 127.0.0.2, over HTTP and, when ASSINAFY_TEST_CA
names a directory holding server.pem/server.key (see scripts/test-ca.sh), over HTTPS too.
Prints its ports as one JSON line on stdout and exits when stdin closes, so a test process that
dies never leaves it behind.

Every request is recorded (origin, method, path, query, headers, body size/hash, first 64 KiB of
the body) before it is answered. Tests read the records through GET /_control/requests?id=<id>;
an id is any string that appears in the request path, so concurrent tests never see each other.

Routes: /v1/<scenario>/<id>[/anything] with the scenario's options in the query string:
  echo      200 envelope describing the request (optional set_cookie=1)
  redirect  code=<3xx>, to=<Location>
  loop      302 to /v1/loop/<id>/<n+1> forever
  respond   code, body, ctype, h=<Name: value> (repeatable), times=<n> (scripted n times, then echo)
  slow      delay=<s>: answers after the delay; records "disconnected" if the client goes away
  trickle   count=<n>, interval=<s>: sends the body one byte at a time; records "completed" or
            "disconnected"
  reset     reads the request, then resets the connection (RST)
  upload    reads the body to disk, parses multipart, answers sizes and SHA-256 of every part
  paged     total, per, case=lower|upper|mixed, omit_meta=1: X-Pagination-* headers
  large     size=<bytes> (0: endless), gzip=1 (gzip-coded whatever the client accepts: a
            compression bomb), chunked=1 (no Content-Length), pause=<s> between 64 KiB pieces,
            ctype; records "completed" or "disconnected"
Any route: read_pause=<s> reads a Content-Length body 64 KiB at a time, pausing after each piece.
"""

import hashlib
import json
import os
import select
import socket
import ssl
import struct
import sys
import tempfile
import threading
import time
import urllib.parse
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOCK = threading.Lock()
RECORDS = []
EVENTS = []
COUNTERS = {}
BODY_PREVIEW = 64 * 1024


def record_event(ident, name, started=None):
    """`after` is the seconds since the scenario began, measured here: a client-side timeout is
    checked with it, so the bound measures the SDK and not how busy the test process is."""
    event = {"id": ident, "event": name, "time": time.time()}
    if started is not None:
        event["after"] = time.time() - started
    with LOCK:
        EVENTS.append(event)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "AssinafyTestServer/1.0"

    def log_message(self, fmt, *args):  # keep test output quiet
        pass

    # Every method goes through one dispatcher.
    def do_GET(self):
        self.dispatch()

    do_POST = do_PUT = do_DELETE = do_PATCH = do_HEAD = do_OPTIONS = do_GET

    # -- request body ---------------------------------------------------------------------

    def read_body_chunks(self):
        length = self.headers.get("Content-Length")
        # ?read_pause=SECONDS: a slow reader, waiting that long after each 64 KiB it takes.
        pause = float(urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query).get("read_pause", ["0"])[0])
        if length is not None:
            left = int(length)
            while left > 0:
                chunk = self.rfile.read(min(64 << 10 if pause else 1 << 20, left))
                if not chunk:
                    break
                left -= len(chunk)
                yield chunk
                if pause:
                    time.sleep(pause)
        elif "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    break
                yield self.rfile.read(size)
                self.rfile.readline()

    # -- responses ------------------------------------------------------------------------

    def send(self, code, body=b"", ctype="application/json", headers=()):
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
        elif isinstance(body, str):
            body = body.encode()
        self.send_response(code)
        if ctype:
            self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD" and body:
            self.wfile.write(body)

    def origin(self):
        scheme = "https" if self.server.tls else "http"
        host, port = self.server.server_address[:2]
        return "%s://%s:%d" % (scheme, host, port)

    # -- dispatch -------------------------------------------------------------------------

    def dispatch(self):
        url = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(url.query, keep_blank_values=True)
        parts = url.path.split("/")
        if url.path.startswith("/_control/"):
            return self.control(url.path, query)
        scenario = parts[2] if len(parts) > 2 and parts[1] == "v1" else ""
        ident = parts[3] if len(parts) > 3 else ""

        if scenario == "upload":
            summary = self.receive_upload()
            body_size, body_sha, preview = summary["size"], summary["sha256"], ""
        else:
            digest, size, preview_bytes = hashlib.sha256(), 0, bytearray()
            for chunk in self.read_body_chunks():
                digest.update(chunk)
                size += len(chunk)
                if len(preview_bytes) < BODY_PREVIEW:
                    preview_bytes += chunk[: BODY_PREVIEW - len(preview_bytes)]
            body_size, body_sha = size, digest.hexdigest()
            preview = preview_bytes.decode("utf-8", "replace")
        record = {
            "origin": self.origin(), "method": self.command, "path": url.path, "query": url.query,
            "headers": [[k, v] for k, v in self.headers.items()], "body_size": body_size,
            "body_sha256": body_sha, "body": preview, "time": time.time(),
        }
        with LOCK:
            RECORDS.append(record)

        def opt(name, default=None):
            return query.get(name, [default])[0]

        if scenario == "echo":
            headers = [("Set-Cookie", "session=secret-cookie; Path=/")] if opt("set_cookie") else []
            data = {k: record[k] for k in ("origin", "method", "path", "query", "headers", "body_size", "body")}
            return self.send(200, {"status": 200, "message": "ok", "data": data}, headers=headers)
        if scenario == "redirect":
            return self.send(int(opt("code", "302")), b"", None, [("Location", opt("to", "/"))])
        if scenario == "loop":
            n = int(parts[4]) if len(parts) > 4 and parts[4].isdigit() else 0
            return self.send(302, b"", None, [("Location", "/v1/loop/%s/%d" % (ident, n + 1))])
        if scenario == "respond":
            times = int(opt("times", "1000000"))
            with LOCK:
                seen = COUNTERS.get(ident, 0)
                COUNTERS[ident] = seen + 1
            if seen < times:
                headers = [tuple(h.split(": ", 1)) for h in query.get("h", [])]
                return self.send(int(opt("code", "200")), opt("body", ""), opt("ctype", "application/json"), headers)
            return self.send(200, {"status": 200, "message": "ok", "data": {"attempt": seen + 1}})
        if scenario == "slow":
            return self.slow(ident, float(opt("delay", "5")))
        if scenario == "trickle":
            return self.trickle(ident, int(opt("count", "10")), float(opt("interval", "0.5")))
        if scenario == "events":
            return self.events(ident, opt("format", "sse"), int(opt("count", "3")), float(opt("interval", "0")),
                               int(opt("stall_after", "-1")), float(opt("stall", "0")))
        if scenario == "reset":
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.close_connection = True
            self.connection.close()
            return
        if scenario == "upload":
            return self.send(200, {"status": 200, "message": "ok", "data": summary})
        if scenario == "paged":
            return self.paged(query)
        if scenario == "large":
            return self.large(ident, int(opt("size", "0")), opt("gzip") == "1", opt("chunked") == "1",
                              opt("ctype", "application/json"), float(opt("pause", "0")), opt("pattern") == "1")
        return self.send(404, {"name": "Not Found", "message": "Page not found.", "code": 0, "status": 404})

    def control(self, path, query):
        ident = query.get("id", [""])[0]
        with LOCK:
            if path == "/_control/requests":
                found = [r for r in RECORDS if ident and ident in r["path"]]
            elif path == "/_control/events":
                found = [e for e in EVENTS if e["id"] == ident]
            else:
                found = None
        if found is None:
            return self.send(404, {"message": "unknown control route"})
        return self.send(200, found)

    # -- scenarios ------------------------------------------------------------------------

    def slow(self, ident, delay):
        started = time.time()
        deadline = started + delay
        sock = self.connection
        while time.time() < deadline:
            readable, _, _ = select.select([sock], [], [], 0.05)
            if readable:
                try:
                    peek = sock.recv(1, socket.MSG_PEEK)
                except (OSError, ssl.SSLError, ValueError):  # TLS sockets refuse MSG_PEEK
                    peek = b""
                if not peek:
                    record_event(ident, "disconnected", started)
                    self.close_connection = True
                    return
        record_event(ident, "completed")
        try:
            self.send(200, {"status": 200, "message": "ok", "data": {"slept": delay}})
        except OSError:
            record_event(ident, "write-failed")

    def trickle(self, ident, count, interval):
        started = time.time()
        try:
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            body = b'"' + b"x" * max(0, count - 2) + b'"'
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.flush()
            for byte in body:
                time.sleep(interval)
                self.wfile.write(bytes([byte]))
                self.wfile.flush()
            record_event(ident, "completed")
        except OSError:
            record_event(ident, "disconnected", started)
            self.close_connection = True

    def events(self, ident, fmt, count, interval, stall_after, stall):
        """`count` items ({"n": i}) as server-sent events, JSON Lines or a JSON text sequence,
        chunked, each flushed on its own; `stall` seconds of silence after item `stall_after`."""
        started = time.time()
        ctype = {"sse": "text/event-stream", "jsonl": "application/jsonl", "seq": "application/json-seq"}[fmt]

        def item(i):
            text = json.dumps({"n": i}).encode()
            if fmt == "sse":
                return b"event: tick\nid: %d\ndata: %s\n\n" % (i, text)
            return (b"\x1e" if fmt == "seq" else b"") + text + b"\n"

        try:
            self.send_response(200)
            self.send_header("Content-Type", ctype)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            for i in range(count):
                piece = item(i)
                self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece))
                self.wfile.flush()
                record_event(ident, "sent-%d" % i, started)
                if i == stall_after and self.hung_up(time.time() + stall):
                    record_event(ident, "disconnected", started)
                    self.close_connection = True
                    return
                elif interval:
                    time.sleep(interval)
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()
            record_event(ident, "completed", started)
        except OSError:
            record_event(ident, "disconnected", started)
            self.close_connection = True

    def hung_up(self, until):
        """Waits until `until` unless the client closes the connection first (then True)."""
        sock = self.connection
        while time.time() < until:
            readable, _, _ = select.select([sock], [], [], 0.05)
            if readable:
                try:
                    peek = sock.recv(1, socket.MSG_PEEK)
                except (OSError, ssl.SSLError, ValueError):
                    peek = b""
                if not peek:
                    return True
        return False

    def large(self, ident, size, gzip_body, chunked, ctype, pause, pattern=False):
        """`size` bytes of a JSON string ("xxx…"), sent as fast as the client takes them; with
        `pattern`, numbered lines instead ("%015d\n" from 0), so that order can be checked."""
        started = time.time()
        piece = b"x" * (64 * 1024)

        def numbered():
            line, left = 0, size
            while left > 0:
                block = b"".join(b"%015d\n" % (line + j) for j in range(4096))
                line += 4096
                yield block[: min(left, len(block))]
                left -= min(left, len(block))

        def plain():
            if pattern and size > 0:
                yield from numbered()
                return
            if size <= 0:
                yield b'"'
                while True:
                    yield piece
            left = size - 2
            yield b'"'
            while left > 0:
                yield piece[: min(left, len(piece))]
                left -= min(left, len(piece))
            yield b'"'

        if gzip_body:
            coder = zlib.compressobj(9, zlib.DEFLATED, 31)
            coded = b"".join(coder.compress(part) for part in plain()) + coder.flush()
            chunks = [coded[i: i + 65536] for i in range(0, len(coded), 65536)]
            length = len(coded)
        else:
            chunks, length = plain(), size
        try:
            self.send_response(200)
            self.send_header("Content-Type", ctype)
            if gzip_body:
                self.send_header("Content-Encoding", "gzip")
            if chunked or size <= 0:
                self.send_header("Transfer-Encoding", "chunked")
            else:
                self.send_header("Content-Length", str(length))
            self.end_headers()
            for chunk in chunks:
                if chunked or size <= 0:
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                else:
                    self.wfile.write(chunk)
                if pause:
                    time.sleep(pause)
            if chunked or size <= 0:
                self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()
            record_event(ident, "completed")
        except OSError:
            record_event(ident, "disconnected", started)
            self.close_connection = True

    def receive_upload(self):
        """Streams the body to disk (never into memory), then hashes each multipart part."""
        digest, size = hashlib.sha256(), 0
        with tempfile.TemporaryFile() as spool:
            for chunk in self.read_body_chunks():
                digest.update(chunk)
                size += len(chunk)
                spool.write(chunk)
            parts = []
            ctype = self.headers.get("Content-Type", "")
            if ctype.startswith("multipart/form-data") and "boundary=" in ctype:
                boundary = ctype.split("boundary=", 1)[1].strip().strip('"').encode()
                parts = parse_multipart(spool, size, boundary)
        return {"size": size, "sha256": digest.hexdigest(), "content_type": self.headers.get("Content-Type"),
                "parts": parts}

    def paged(self, query):
        total = int(query.get("total", ["5"])[0])
        per = int(query.get("per", query.get("per-page", ["2"]))[0])
        page = int(query.get("page", ["1"])[0])
        pages = max(1, -(-total // per))
        served = min(max(page, 1), pages)  # clamps like Yii does
        items = [{"id": i} for i in range((served - 1) * per, min(served * per, total))]
        style = query.get("case", ["mixed"])[0]
        names = ["X-Pagination-Current-Page", "X-Pagination-Page-Count", "X-Pagination-Per-Page",
                 "X-Pagination-Total-Count"]
        names = [n.lower() if style == "lower" else n.upper() if style == "upper" else n for n in names]
        headers = [] if query.get("omit_meta") else list(zip(names, map(str, [served, pages, per, total])))
        self.send(200, {"status": 200, "message": "ok", "data": items}, headers=headers)


def parse_multipart(spool, size, boundary):
    """Finds each part in the spooled body and hashes it, reading in 1 MiB windows."""
    delimiter = b"\r\n--" + boundary
    spool.seek(0)
    first = spool.read(len(boundary) + 4)
    if not first.startswith(b"--" + boundary):
        return []
    parts, position = [], len(boundary) + 4  # after "--boundary\r\n"
    while position < size:
        spool.seek(position)
        head = spool.read(8192)
        end_of_headers = head.find(b"\r\n\r\n")
        if end_of_headers < 0:
            break
        headers = head[:end_of_headers].decode("utf-8", "replace").split("\r\n")
        content_start = position + end_of_headers + 4
        digest, part_size, cursor, carry = hashlib.sha256(), 0, content_start, b""
        end = None
        while end is None:
            spool.seek(cursor)
            window = spool.read(1 << 20)
            if not window:
                break
            data = carry + window
            found = data.find(delimiter)
            if found >= 0:
                digest.update(data[:found])
                part_size += found
                end = cursor - len(carry) + found
            else:
                keep = len(delimiter)
                digest.update(data[:-keep])
                part_size += len(data) - keep
                carry = data[-keep:]
                cursor += len(window)
        if end is None:
            break
        info = {"headers": headers, "size": part_size, "sha256": digest.hexdigest()}
        for line in headers:
            if line.lower().startswith("content-disposition:"):
                for item in line.split(";")[1:]:
                    key, _, value = item.strip().partition("=")
                    info[key] = value.strip('"')
        parts.append(info)
        spool.seek(end + len(delimiter))
        if spool.read(2) == b"--":
            break
        position = end + len(delimiter) + 2
    return parts


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 64

    def __init__(self, host, context=None):
        self.tls = context is not None
        self.context = context
        super().__init__((host, 0), Handler)

    def finish_request(self, request, client_address):
        # The TLS handshake happens here, in the worker thread, so a slow client cannot stall accept().
        if self.context is None:
            return super().finish_request(request, client_address)
        try:
            tls = self.context.wrap_socket(request, server_side=True)
        except (ssl.SSLError, OSError):
            return
        try:
            self.RequestHandlerClass(tls, client_address, self)
        except (ssl.SSLError, OSError):
            pass
        finally:
            try:
                tls.close()
            except OSError:
                pass


def main():
    hosts = ["127.0.0.1", "127.0.0.2"]
    servers = {"http": {}, "https": {}}
    running = []
    for host in hosts:
        server = Server(host)
        servers["http"][host] = server.server_address[1]
        running.append(server)
    ca_dir = os.environ.get("ASSINAFY_TEST_CA")
    if ca_dir and os.path.exists(os.path.join(ca_dir, "server.pem")):
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.minimum_version = ssl.TLSVersion.TLSv1_2
        context.load_cert_chain(os.path.join(ca_dir, "server.pem"), os.path.join(ca_dir, "server.key"))
        for host in hosts:
            server = Server(host, context)
            servers["https"][host] = server.server_address[1]
            running.append(server)
    for server in running:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdout.write(json.dumps(servers) + "\n")
    sys.stdout.flush()
    # Exit when the parent closes our stdin (or dies).
    while sys.stdin.buffer.read(4096):
        pass
    os._exit(0)


if __name__ == "__main__":
    main()
