"""scripts/demo.sh's start of the emulator, against a fake emulator (DEMO_EMULATOR_CMD) and a fake
demo binary (DEMO): it waits as long as DEMO_START_SECONDS allows, stops waiting when the emulator
dies, and shows what the emulator wrote whenever the start fails."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "demo.sh"

# Starts after --delay seconds (stderr first, like the real one's imports), then prints the ports
# line and serves an admin API with no violations until stdin closes; --exit makes it die instead,
# after an unfinished line on stdout (not a ports line until its newline).
FAKE = textwrap.dedent(
    """
    import argparse, http.server, json, os, sys, threading, time
    parser = argparse.ArgumentParser()
    parser.add_argument("--delay", type=float, default=0)
    parser.add_argument("--exit", type=int)
    parser.add_argument("--pid-file")
    args = parser.parse_args()
    if args.pid_file:
        open(args.pid_file, "w").write(str(os.getpid()))
    print("fake emulator: loading", file=sys.stderr, flush=True)
    if args.exit is not None:
        print("partial output", end="", flush=True)
        time.sleep(args.delay)
        print("fake emulator: cannot bind", file=sys.stderr, flush=True)
        sys.exit(args.exit)
    time.sleep(args.delay)

    class Admin(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = json.dumps({"count": 0}).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    admin = http.server.HTTPServer(("127.0.0.1", 0), Admin)
    threading.Thread(target=admin.serve_forever, daemon=True).start()
    print(json.dumps({"admin_port": admin.server_address[1], "fake": True}), flush=True)
    sys.stdin.read()
    """
)


@pytest.fixture(autouse=True)
def no_contract_violations():
    """Replaces the directory's fixture of the same name: these tests need no real emulator."""
    yield


def run_demo(tmp_path: Path, fake_args: str, start_seconds: str, poll: str = "0.05"):
    fake = tmp_path / "fake_emulator.py"
    fake.write_text(FAKE)
    env = dict(
        os.environ,
        PYTHON=sys.executable,
        DEMO=shutil.which("echo") or "/bin/echo",
        DEMO_EMULATOR_CMD=f"{sys.executable} {fake} {fake_args}",
        DEMO_START_SECONDS=start_seconds,
        DEMO_POLL_SECONDS=poll,
    )
    began = time.monotonic()
    result = subprocess.run(
        ["bash", str(SCRIPT)], env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120
    )
    return result, time.monotonic() - began


def gone(pid: int, within: float = 10) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


def test_waits_for_a_slow_emulator_within_the_bound(tmp_path):
    # Slower than the old fixed hundred polls would allow at this poll interval, inside the time
    # bound: the wait is measured in seconds, not in attempts.
    result, _ = run_demo(tmp_path, "--delay 4", start_seconds="30", poll="0.01")
    assert result.returncode == 0, result.stdout + result.stderr
    assert '"fake": true' in result.stdout
    assert "--emulator-admin http://127.0.0.1:" in result.stdout
    assert "contract violations recorded by the emulator: 0" in result.stdout


def test_an_emulator_that_dies_is_noticed_at_once_and_its_output_shown(tmp_path):
    result, elapsed = run_demo(tmp_path, "--delay 0.5 --exit 3", start_seconds="60")
    assert result.returncode == 1
    assert elapsed < 30, "waited for the bound although the emulator had exited"
    assert "the emulator exited with status 3 before it was ready" in result.stdout
    assert "fake emulator: loading" in result.stdout and "fake emulator: cannot bind" in result.stdout
    assert "partial output" in result.stdout


def test_an_emulator_that_never_starts_is_stopped_after_the_bound(tmp_path):
    pid_file = tmp_path / "pid"
    result, elapsed = run_demo(tmp_path, f"--delay 600 --pid-file {pid_file}", start_seconds="2")
    assert result.returncode == 1
    assert elapsed >= 1, "gave up before the bound"
    assert "did not print its ports within 2 s (set DEMO_START_SECONDS" in result.stdout
    assert "fake emulator: loading" in result.stdout
    assert gone(int(pid_file.read_text())), "the fake emulator outlived the script"
