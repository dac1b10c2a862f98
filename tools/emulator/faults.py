"""Fault injection: rules added through the admin API apply to the next N
requests whose method and path match."""

from __future__ import annotations

import re
import threading

KINDS = {
    "429": "answer 429 with Retry-After and rate-limit headers",
    "503": "answer 503 Service Unavailable (Retry-After if given)",
    "slow": "sleep `delay` seconds, then answer normally",
    "drop": "close the connection without answering (the request is not processed)",
    "error_envelope": "answer HTTP 200 whose body is an error envelope {status: 400, ...}",
    "redirect": "answer a 3xx whose Location is the same path on the other loopback origin",
    "lost_response": "process the request (state changes), then close the connection without answering",
    "status": "answer `status` with an error envelope (any code)",
}


class Faults:
    def __init__(self):
        self._lock = threading.Lock()
        self.rules: list[dict] = []
        self._seq = 0

    def add(self, spec: dict) -> dict:
        kind = str(spec.get("kind") or spec.get("type") or "")
        if kind in ("rate_limit", "429"):
            kind = "429"
        if kind in ("unavailable", "503"):
            kind = "503"
        if kind not in KINDS:
            raise ValueError(f"unknown fault kind {kind!r}; one of {sorted(KINDS)}")
        rule = {
            "kind": kind,
            "method": str(spec.get("method") or "*").upper(),
            "path": str(spec.get("path") or spec.get("path_regex") or ".*"),
            "count": int(spec.get("count", 1)),
            "delay": float(spec.get("delay", 1.0)),
            "retry_after": spec.get("retry_after", 1 if kind == "429" else None),
            "status": int(spec.get("status", {"redirect": 307, "503": 503, "429": 429}.get(kind, 500))),
            "location": spec.get("location"),
            "message": spec.get("message"),
            "hits": 0,
        }
        re.compile(rule["path"])
        with self._lock:
            self._seq += 1
            rule["id"] = self._seq
            self.rules.append(rule)
        return rule

    def take(self, method: str, path: str) -> dict | None:
        """Consumes one use of the first rule matching this request."""
        with self._lock:
            for rule in self.rules:
                if rule["count"] <= 0:
                    continue
                if rule["method"] not in ("*", method.upper()):
                    continue
                if not re.search(rule["path"], path):
                    continue
                rule["count"] -= 1
                rule["hits"] += 1
                return dict(rule)
        return None

    def list(self):
        with self._lock:
            return [dict(r) for r in self.rules]

    def clear(self):
        with self._lock:
            self.rules.clear()
