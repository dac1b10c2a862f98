"""What the emulator observed: contract violations, received requests, and which
operations were exercised. Thread-safe; kept across `POST /reset` unless asked."""

from __future__ import annotations

import threading
import time

# Kinds left out of `GET /violations` unless `?all=1`: places where the emulator
# behaves like the live API although the published contract does not say so.
KNOWN_GAP = "known_gap"


class Journal:
    def __init__(self, max_requests: int = 20000):
        self._lock = threading.Lock()
        self.violations: list[dict] = []
        self.requests: list[dict] = []
        self.seen_operations: dict[str, int] = {}
        self.max_requests = max_requests
        self._request_seq = 0

    def violation(self, kind: str, operation: str | None, direction: str, message: str, **extra):
        entry = {
            "kind": kind,
            "operation": operation,
            "direction": direction,
            "message": message,
            "at": time.time(),
            **extra,
        }
        with self._lock:
            self.violations.append(entry)
        return entry

    def list_violations(self, include_known: bool = False, kind: str | None = None):
        with self._lock:
            items = list(self.violations)
        if kind:
            return [v for v in items if v["kind"] == kind]
        if include_known:
            return items
        return [v for v in items if v["kind"] != KNOWN_GAP]

    def clear_violations(self):
        with self._lock:
            self.violations.clear()

    def record_request(self, entry: dict) -> dict:
        with self._lock:
            self._request_seq += 1
            entry["seq"] = self._request_seq
            self.requests.append(entry)
            if len(self.requests) > self.max_requests:
                del self.requests[: len(self.requests) - self.max_requests]
            op = entry.get("operationId")
            if op:
                self.seen_operations[op] = self.seen_operations.get(op, 0) + 1
        return entry

    def list_requests(self, since: int = 0):
        with self._lock:
            return [r for r in self.requests if r["seq"] > since]

    def clear_requests(self):
        with self._lock:
            self.requests.clear()

    def operations(self):
        with self._lock:
            return dict(self.seen_operations)

    def clear_operations(self):
        with self._lock:
            self.seen_operations.clear()
