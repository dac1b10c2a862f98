"""A generic OpenAPI 3.0/3.1 mock server for end-to-end tests of generated clients.

    python tools/mockserver/mockserver.py --spec doc.yaml [--port 0] [--ignore-stdin] [--lenient-document]

It prints one JSON line (`{"port": ..., "base_url": ..., "admin_url": ..., "operations": N}`),
then serves on 127.0.0.1 until stdin closes or SIGTERM. Every request is validated with
openapi-core (path, query, headers, cookies, body and security) and answered from the
operation's first success response: the document's example, else an instance generated
deterministically from the schema. `GET /__mock/requests` and `GET /__mock/violations`
return what it recorded; `POST /__mock/reset` clears both; `GET /__mock/samples` gives each operation's sample
arguments (what a smoke driver sends). A document split over files is read as one.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import threading
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
# The emulator's helper: re-executes under the repository's .venv when the pins are missing.
sys.path.insert(1, str(HERE.parent / "emulator"))

from venv_guard import ensure  # noqa: E402

ensure("openapi_core", "werkzeug", "yaml")

import logging  # noqa: E402

from werkzeug.serving import make_server  # noqa: E402
from werkzeug.wrappers import Request, Response  # noqa: E402

from mock_app import MockApp, load_document  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", required=True)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--ignore-stdin", action="store_true")
    parser.add_argument(
        "--lenient-document", action="store_true",
        help="serve a document that breaks the OpenAPI schema (requests are still validated)")
    args = parser.parse_args(argv)

    # One access-log line per request would drown a test run's output; /__mock/requests has them.
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    app = MockApp(load_document(args.spec), validate_document=not args.lenient_document)
    server = make_server("127.0.0.1", args.port, _wsgi(app), threaded=True)
    port = server.socket.getsockname()[1]
    origin = f"http://127.0.0.1:{port}"
    print(json.dumps({
        "port": port, "base_url": origin + app.base_path, "admin_url": origin + "/__mock",
        "operations": len(app.routes), "pid": os.getpid(),
    }), flush=True)

    def stop(*_):
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    if not args.ignore_stdin:
        def watch_stdin():
            while sys.stdin.buffer.read(4096):
                pass
            stop()
        threading.Thread(target=watch_stdin, daemon=True).start()
    server.serve_forever()
    return 0


def _wsgi(app: MockApp):
    def application(environ, start_response):
        request = Request(environ)
        status, headers, body = app.handle(
            method=request.method, path=request.path, query_pairs=list(request.args.items(multi=True)),
            headers=list(request.headers.items()), cookies=dict(request.cookies),
            body=request.get_data(), content_type=request.headers.get("Content-Type", ""))
        return Response(body, status=status, headers=headers)(environ, start_response)
    return application


if __name__ == "__main__":
    sys.exit(main())
