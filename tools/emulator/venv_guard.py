"""Re-executes a tool under the repository's .venv when the current interpreter
lacks the pinned dependencies (tools/requirements.txt)."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

VENV = Path(__file__).resolve().parents[2] / ".venv"
VENV_PYTHON = VENV / "bin" / "python"


def ensure(*modules: str) -> None:
    if all(importlib.util.find_spec(m) for m in modules):
        return
    if VENV_PYTHON.exists() and Path(sys.prefix).resolve() != VENV.resolve():
        os.execv(str(VENV_PYTHON), [str(VENV_PYTHON), *sys.argv])
    missing = [m for m in modules if not importlib.util.find_spec(m)]
    sys.exit(f"missing {', '.join(missing)}: python3 -m venv .venv && .venv/bin/pip install -r tools/requirements.txt")
