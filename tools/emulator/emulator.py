#!/usr/bin/env python3
"""Local stateful emulator of the Assinafy v1 API.

    python3 tools/emulator/emulator.py --port 0 [--spec openapi.yaml] [--processing-delay 0.2]
                                       [--tls-cert C --tls-key K] [--ignore-stdin]

Prints one JSON line ({"port", "admin_port", "base_url", "alt_base_url", ...}) and
serves on loopback until standard input closes or SIGTERM arrives."""

from __future__ import annotations

import argparse
import json
import os
import signal
import ssl
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import venv_guard  # noqa: E402

venv_guard.ensure("openapi_core", "yaml")

import h_accounts  # noqa: E402,F401  (handler modules register their routes on import)
import h_assignments  # noqa: E402,F401
import h_catalog  # noqa: E402,F401
import h_documents  # noqa: E402,F401
import h_signing  # noqa: E402,F401
import h_users  # noqa: E402,F401
import oauth  # noqa: E402,F401
import webhooks  # noqa: E402
from admin import AdminServer  # noqa: E402
from faults import Faults  # noqa: E402
from http_util import HANDLERS  # noqa: E402
from journal import Journal  # noqa: E402
from server import ApiServer, Services, start_ticker  # noqa: E402
from spec import Router, load_spec  # noqa: E402
from state import Seed, State  # noqa: E402
from validation import ContractValidator  # noqa: E402

PRIMARY_HOST, ALT_HOST = "127.0.0.1", "127.0.0.2"


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=0, help="API port on 127.0.0.1 (0 = any free port)")
    parser.add_argument("--admin-port", type=int, default=0, help="admin API port (0 = any free port)")
    parser.add_argument("--spec", help="contract to serve and validate against (default: openapi.yaml, "
                                       "else the shared reference JSON)")
    parser.add_argument("--processing-delay", type=float, default=0.2,
                        help="seconds from upload to metadata_ready and from last signature to certificated")
    parser.add_argument("--webhook-retry-wait", type=float, default=3.0, help="seconds before the retry attempt")
    parser.add_argument("--rate-limit", type=int, default=0, help="requests per minute per credential (0 = off)")
    parser.add_argument("--tls-cert", help="PEM certificate: serve HTTPS")
    parser.add_argument("--tls-key", help="PEM private key for --tls-cert")
    parser.add_argument("--ignore-stdin", action="store_true", help="keep serving when stdin closes")
    parser.add_argument("--verbose", action="store_true", help="log requests to stderr")
    return parser.parse_args(argv)


def tls_context(args):
    if not args.tls_cert:
        return None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(args.tls_cert, args.tls_key)
    return context


def build(args):
    spec, spec_path = load_spec(args.spec)
    router = Router(spec)
    journal = Journal()
    validator = ContractValidator(spec, journal)
    state = State(Seed(), processing_delay=args.processing_delay)
    services = Services(spec, router, validator, journal, Faults(), state, rate_limit=args.rate_limit,
                        verbose=args.verbose)
    services.webhooks = webhooks.Dispatcher(state, validator, retry_wait=args.webhook_retry_wait)
    services.spec_path = spec_path
    return services


def listen(services, args):
    context = tls_context(args)
    primary = ApiServer((PRIMARY_HOST, args.port), services, context)
    port = primary.server_address[1]
    try:
        alternate = ApiServer((ALT_HOST, port), services, context)
    except OSError:
        alternate = ApiServer((ALT_HOST, 0), services, context)
    admin = AdminServer((PRIMARY_HOST, args.admin_port), services)
    services.origin, services.alt_origin = primary.origin, alternate.origin
    services.origins = [primary.origin, alternate.origin]
    return primary, alternate, admin


def main(argv=None):
    args = parse_args(argv)
    services = build(args)
    servers = listen(services, args)
    for server in servers:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    start_ticker(services)
    primary, alternate, admin = servers
    missing = [op.key for op in services.router.operations if op.key not in HANDLERS]
    print(json.dumps({
        "port": primary.server_address[1],
        "admin_port": admin.server_address[1],
        "base_url": primary.origin + "/v1",
        "alt_base_url": alternate.origin + "/v1",
        "admin_url": f"http://{PRIMARY_HOST}:{admin.server_address[1]}",
        "spec": str(services.spec_path),
        "operations": len(services.router.operations),
        "generic_operations": missing,
        "pid": os.getpid(),
    }), flush=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    if not args.ignore_stdin:
        def watch_stdin():
            try:
                while sys.stdin.buffer.read(4096):
                    pass
            except (OSError, ValueError):
                pass
            stop.set()

        threading.Thread(target=watch_stdin, daemon=True).start()
    stop.wait()
    for server in servers:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    main()
