import Foundation

/// A tiny Python (stdlib only) HTTP/1.1 server on 127.0.0.1 answering fixed envelopes, so that
/// the SDK and a raw URLSession call can be compared against exactly the same peer.
///
/// Routes:
/// - `GET /v1/documents/{id}`: a fixed document envelope. For ids `poll-<tag>-<n>` the first
///   `n` reads answer `metadata_processing`, later ones `metadata_ready` (waitUntilReady).
/// - `GET /v1/accounts/{id}/documents?page=k`: a 50-document page with `X-Pagination-*`
///   headers announcing `PAGES` pages (paging loops).
/// - `POST /v1/accounts/{id}/documents`: reads and discards the body (Content-Length or
///   chunked, `Expect: 100-continue` handled by the stdlib), answers the uploaded document.
/// - `GET /v1/stream/jsonl?mb=M&rate=R`: M MB of ~1 KiB JSON lines, chunked, paced at R MB/s.
final class LoopbackServer: @unchecked Sendable {
    // @unchecked: `process` and `port` are set once in `init` and only read afterwards.
    let port: Int
    private let process: SpawnedProcess

    /// Embedded rather than a file in Bench/, which SwiftPM would flag as an unhandled resource.
    static let source = #"""
import json, os, re, socket, sys, threading, time, zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs

PAGES = 10

def document(doc_id, status):
    return {
        "resource": "document", "id": doc_id, "account_id": "acc-1", "template_id": None,
        "name": "contract.pdf", "status": status,
        "artifacts": {"original": "https://example.invalid/original.pdf"},
        "is_closed": False, "signing_url": None, "decline_reason": None, "declined_by": None,
        "tags": [{"id": "tag-1", "name": "urgent"}],
        "pages": [{"id": "page-1", "number": 1, "height": 842, "width": 595,
                   "download_url": "https://example.invalid/page-1.png"}],
        "created_at": "2024-05-01T12:00:00Z", "updated_at": "2024-05-01T12:00:05Z",
    }

def envelope(data):
    return json.dumps({"status": 200, "message": "", "data": data}, separators=(",", ":")).encode()

FIXED = envelope(document("doc-1", "metadata_ready"))
PAGE = envelope([document("doc-%d" % i, "pending_signature") for i in range(50)])
polls = {}
lock = threading.Lock()
bomb = []

def gzip_bomb():
    """About 305 KB of gzip that inflate to a 300 MB JSON envelope, built once."""
    with lock:
        if not bomb:
            coder = zlib.compressobj(9, zlib.DEFLATED, 31)
            parts = [coder.compress(b'{"status":200,"message":"ok","data":"')]
            piece = b"x" * (1 << 20)
            parts += [coder.compress(piece) for _ in range(300)]
            parts += [coder.compress(b'"}'), coder.flush()]
            bomb.append(b"".join(parts))
        return bomb[0]

class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def setup(self):
        super().setup()
        # Headers and body go out in one write anyway; no Nagle delay on small answers.
        self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def log_message(self, *args):
        pass

    def reply(self, body, status=200, extra=()):
        head = "HTTP/1.1 %d %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n" % (
            status, "OK" if status == 200 else "Error", len(body))
        for name, value in extra:
            head += "%s: %s\r\n" % (name, value)
        self.wfile.write(head.encode() + b"\r\n" + body)

    def do_GET(self):
        path, _, query = self.path.partition("?")
        match = re.fullmatch(r"/v1/documents/([^/]+)", path)
        if match:
            doc_id = match.group(1)
            if doc_id == "bomb":
                # Coded whatever the client accepts, as a hostile server would.
                return self.reply(gzip_bomb(), extra=[("Content-Encoding", "gzip")])
            if doc_id == "flood":
                return self.flood()
            if doc_id.startswith("poll-"):
                ready_after = int(doc_id.rsplit("-", 1)[1])
                with lock:
                    seen = polls.get(doc_id, 0)
                    polls[doc_id] = seen + 1
                status = "metadata_processing" if seen < ready_after else "metadata_ready"
                return self.reply(envelope(document(doc_id, status)))
            return self.reply(FIXED)
        if path == "/v1/stream/jsonl":
            options = parse_qs(query)
            return self.lines(int(options.get("mb", ["100"])[0]), float(options.get("rate", ["25"])[0]))
        if re.fullmatch(r"/v1/accounts/[^/]+/documents", path):
            page = int(parse_qs(query).get("page", ["1"])[0])
            return self.reply(PAGE, extra=[
                ("X-Pagination-Current-Page", page), ("X-Pagination-Page-Count", PAGES),
                ("X-Pagination-Per-Page", 50), ("X-Pagination-Total-Count", 50 * PAGES)])
        self.reply(b'{"status":404,"message":"not found"}', 404)

    def flood(self):
        """300 MB of JSON of unknown length (chunked), uncoded, as fast as the client takes it."""
        self.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                         b"Transfer-Encoding: chunked\r\n\r\n")
        piece = b"x" * (1 << 20)
        chunk = b"%x\r\n" % len(piece) + piece + b"\r\n"
        try:
            self.wfile.write(b'25\r\n{"status":200,"message":"ok","data":"\r\n')
            for _ in range(300):
                self.wfile.write(chunk)
            self.wfile.write(b'2\r\n"}\r\n0\r\n\r\n')
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def lines(self, megabytes, rate):
        """JSON Lines of about 1 KiB, in 64 KiB chunks, paced so that `rate` MB/s is never exceeded."""
        self.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/jsonl\r\n"
                         b"Transfer-Encoding: chunked\r\n\r\n")
        total, sent, index, start = megabytes << 20, 0, 0, time.monotonic()
        payload = "x" * 1000
        try:
            while sent < total:
                batch = []
                size = 0
                while size < (64 << 10) and sent + size < total:
                    line = ('{"i":%d,"payload":"%s"}\n' % (index, payload)).encode()
                    batch.append(line)
                    size += len(line)
                    index += 1
                piece = b"".join(batch)
                self.wfile.write(b"%x\r\n" % len(piece) + piece + b"\r\n")
                sent += len(piece)
                ahead = start + sent / (rate * (1 << 20)) - time.monotonic()
                if ahead > 0:
                    time.sleep(ahead)
            self.wfile.write(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def discard_body(self):
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return
                while size > 0:
                    chunk = self.rfile.read(min(size, 1 << 20))
                    if not chunk:
                        return
                    size -= len(chunk)
                self.rfile.readline()
        remaining = int(self.headers.get("Content-Length", "0"))
        while remaining > 0:
            chunk = self.rfile.read(min(remaining, 1 << 20))
            if not chunk:
                return
            remaining -= len(chunk)

    def do_POST(self):
        self.discard_body()
        if re.fullmatch(r"/v1/accounts/[^/]+/documents", self.path.partition("?")[0]):
            return self.reply(envelope(document("doc-upload", "uploaded")))
        self.reply(b'{"status":404,"message":"not found"}', 404)

class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 64

def exit_with_parent():
    # stdin is a pipe from the benchmark: EOF means it is gone, however it ended.
    sys.stdin.buffer.read()
    os._exit(0)

threading.Thread(target=exit_with_parent, daemon=True).start()
server = Server(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
"""#

    /// Starts the server and waits for the port it bound.
    init() throws {
        let process = try SpawnedProcess(
            ["python3", "-u", "-c", LoopbackServer.source], stdin: .pipe, stdout: .pipe, stderr: .devNull)
        var line = Data()
        while !line.contains(0x0A), let output = process.stdoutPipe {
            let chunk = output.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let text = String(data: line, encoding: .utf8),
            let port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            process.terminate()
            throw BenchFailure("the loopback server did not report a port (is python3 installed?)")
        }
        self.process = process
        self.port = port
    }

    var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)/v1") ?? URL(fileURLWithPath: "/")
    }

    func stop() { process.terminate() }

    deinit { stop() }
}
