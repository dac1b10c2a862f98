"""The corpus suite (issue 31): other organisations' OpenAPI documents through the whole chain.

    python tools/corpus/corpus.py [--corpus ../shared/corpus/documents] [--results FILE] [--only NAME]...

For each document: `assinafy-generator check` (0 errors), `generate` (timed), `swiftc` of the
module with warnings as errors (timed), its testing module (`--testing-output`) likewise, with
every example answer decoded into its operation's type (`<Module>Stubs.checkExamples()`), then a driver (`assinafy-generator smoke`) that calls
every operation through APIEngine against tools/mockserver serving the document. A call counts
as valid when the mock recorded it with no request violation and as decoded when the generated
code returned without throwing (the driver reads the mock's record after each call). Exits 1 when a document misses any of that; prints why.
Without the corpus directory it says so and exits 0 (clones without ../shared).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GENERATOR = ROOT / ".build" / "debug" / "assinafy-generator"
DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus" / "documents"
WORK = ROOT / ".build" / "corpus"
MIN_CALLS = 10
# Violation kinds that mean the client sent something the document forbids; "response" is the
# mock checking its own answer, reported separately.
REQUEST_KINDS = {"parameter", "body", "security", "route", "request"}
SWIFT_FLAGS = ["-parse-as-library", "-swift-version", "6", "-strict-concurrency=complete", "-warnings-as-errors"]


@dataclass
class Row:
    document: str
    module: str
    operations: int = 0
    document_lines: int = 0
    generated_lines: int = 0
    generate_s: float = 0.0
    compile_s: float = 0.0
    called: int = 0
    valid: int = 0
    decoded: int = 0
    skipped: int = 0
    examples_checked: bool = False
    problems: list = field(default_factory=list)
    notes: list = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.problems


def discover(corpus: Path) -> list[tuple[str, Path]]:
    """(name, root file): each top-level .yaml/.json file, and the shallowest openapi.yaml of
    each directory (a document split over files)."""
    found = []
    for entry in sorted(corpus.iterdir()):
        if entry.is_file() and entry.suffix in (".yaml", ".yml", ".json"):
            found.append((entry.stem, entry))
        elif entry.is_dir():
            roots = sorted(entry.rglob("openapi.yaml"), key=lambda p: (len(p.parts), str(p)))
            if roots:
                found.append((entry.name, roots[0]))
    return found


def module_name(name: str) -> str:
    words = re.split(r"[^A-Za-z0-9]+", name)
    return "".join(w[:1].upper() + w[1:] for w in words if w) + "API"


def document_lines(root: Path) -> int:
    """Lines of the root file, plus the YAML/JSON files next to it for a split document."""
    if root.name != "openapi.yaml":
        return _lines(root)
    return sum(_lines(p) for p in root.parent.rglob("*") if p.suffix in (".yaml", ".yml", ".json"))


def _lines(path: Path) -> int:
    with open(path, "rb") as handle:
        return sum(1 for _ in handle)


def check_summary(text: str) -> tuple[int, int]:
    """(operations, errors) from `check`'s last line: `N operations, M schemas, W warnings, E errors`."""
    found = re.search(r"(\d+) operations, \d+ schemas, \d+ warnings, (\d+) errors", text)
    if not found:
        raise ValueError(f"unexpected check output: {text.strip()[-300:]}")
    return int(found.group(1)), int(found.group(2))


def tally(row: Row, outcomes: list[dict]) -> None:
    """Fills the call columns and the problems from the driver's lines: each carries what the
    mock recorded during that call alone (`requests`, `violations`)."""
    for outcome in outcomes:
        key, kind = outcome["operation"], outcome["outcome"]
        if kind == "skipped":
            row.skipped += 1
            row.problems.append(f"{key}: not called: {outcome.get('detail', '')}")
            continue
        row.called += 1
        violations = outcome.get("violations") or []
        bad = [v for v in violations if v.get("kind") in REQUEST_KINDS]
        # The mock's answer breaking the document (an operation with no success response, an
        # instance the builder got wrong) is the mock's finding, not the client's: listed only.
        row.notes += [f"{key}: mock self-check: {v['message'][:300]}" for v in violations if v not in bad]
        row.problems += [f"{key}: {v['kind']} violation: {v['message'][:500]}" for v in bad]
        if kind != "decoded":
            row.problems.append(f"{key}: {outcome.get('detail', kind)}")
        elif not outcome.get("requests"):
            row.problems.append(f"{key}: decoded, but the mock recorded no request")
        if kind == "decoded":
            row.decoded += 1
        if outcome.get("requests") and not bad:
            row.valid += 1
    if row.called < min(MIN_CALLS, row.operations):
        row.problems.append(f"only {row.called} operations called, {min(MIN_CALLS, row.operations)} required")


def render(rows: list[Row]) -> str:
    lines = [
        "| document | operations | document lines | generated lines | generate s | compile s "
        "| calls valid/decoded | not called | mock notes | examples | result |",
        "|---|---:|---:|---:|---:|---:|---|---:|---:|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r.document} | {r.operations} | {r.document_lines} | {r.generated_lines} | {r.generate_s:.1f} "
            f"| {r.compile_s:.1f} | {r.valid}/{r.decoded} of {r.called} | {r.skipped} | {len(r.notes)} "
            f"| {'decode' if r.examples_checked else '-'} | {'pass' if r.passed else 'FAIL'} |")
    for r in rows:
        for title, items in (("", r.problems), (" (mock notes, not failures)", r.notes)):
            if items:
                lines += ["", f"{r.document}{title}:"] + [f"- {p}" for p in items[:40]]
                if len(items) > 40:
                    lines.append(f"- … and {len(items) - 40} more")
    return "\n".join(lines) + "\n"


# MARK: the chain, one step per function (each raises Failure with what went wrong)

class Failure(Exception):
    pass


def run(arguments: list, timeout: int = 1800) -> str:
    done = subprocess.run([str(a) for a in arguments], capture_output=True, text=True, timeout=timeout)
    if done.returncode != 0:
        raise Failure(f"`{' '.join(map(str, arguments[:3]))} …` failed ({done.returncode}): "
                      f"{(done.stderr or done.stdout).strip()[-3000:]}")
    return done.stdout + done.stderr


def library_module(work: Path, name: str, includes=()) -> Path:
    """Sources/<name> built as a module and one object file, as SwiftPM would; built again whenever
    its sources change (a stale build would fail documents for code the tree no longer has)."""
    out = work / name
    sources = sorted(str(p) for p in (ROOT / "Sources" / name).rglob("*.swift"))
    digest = hashlib.sha256()
    for source in sources:
        digest.update(source.encode() + b"\0" + Path(source).read_bytes() + b"\0")
    for include in includes:
        stamp_of_dependency = Path(include) / "sources.sha256"
        digest.update(stamp_of_dependency.read_bytes() if stamp_of_dependency.exists() else b"-")
    stamp = out / "sources.sha256"
    if (out / f"{name}.o").exists() and stamp.exists() and stamp.read_text() == digest.hexdigest():
        return out
    subprocess.run(["rm", "-rf", str(out)], check=True)
    out.mkdir(parents=True, exist_ok=True)
    search = [flag for include in includes for flag in ("-I", include)]
    run(["swiftc", "-wmo", "-module-name", name, "-package-name", "assinafy", *SWIFT_FLAGS, *search,
         "-emit-module", "-emit-module-path", out / f"{name}.swiftmodule", "-c", "-o", out / f"{name}.o",
         *sources])
    stamp.write_text(digest.hexdigest())
    return out


def runtime_module(work: Path) -> Path:
    return library_module(work, "APIRuntime")


def testing_module(work: Path, runtime: Path) -> Path:
    return library_module(work, "APITesting", includes=(runtime,))


def check_examples(row: Row, out: Path, runtime: Path, testing: Path) -> None:
    """The testing module compiles, and every example answer decodes into its operation's type."""
    files = sorted((out / "Testing").glob("*.swift"))
    name = row.module + "Testing"
    run(["swiftc", "-wmo", "-module-name", name, *SWIFT_FLAGS, "-I", runtime, "-I", testing, "-I", out,
         "-emit-module", "-emit-module-path", out / f"{name}.swiftmodule", "-c", "-o", out / f"{name}.o", *files])
    main = out / "examples.swift"
    main.write_text(f"import {name}\n\n@main struct CheckExamples {{\n    static func main() throws {{\n"
                    f"        try {row.module}Stubs.checkExamples()\n    }}\n}}\n")
    run(["swiftc", "-module-name", "CheckExamples", *SWIFT_FLAGS, "-I", runtime, "-I", testing, "-I", out, main,
         out / f"{name}.o", out / f"{row.module}.o", testing / "APITesting.o", runtime / "APIRuntime.o",
         "-o", out / "check-examples"])
    done = subprocess.run([out / "check-examples"], capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        raise Failure(f"examples: {(done.stderr or done.stdout).strip()[-2000:]}")
    row.examples_checked = True


def drive(row: Row, root: Path, runtime: Path, work: Path, python: str, testing: Path = None) -> None:
    out = work / row.module
    subprocess.run(["rm", "-rf", str(out)], check=True)
    out.mkdir(parents=True)
    operations, errors = check_summary(run([GENERATOR, "check", "--spec", root]))
    row.operations = operations
    if errors:
        raise Failure(f"check reports {errors} errors")
    start = time.monotonic()
    run([GENERATOR, "generate", "--spec", root, "--module", row.module, "--output", out / "Sources",
         "--testing-output", out / "Testing"])
    row.generate_s = time.monotonic() - start
    files = sorted((out / "Sources").glob("*.swift"))
    row.generated_lines = sum(_lines(f) for f in files)
    start = time.monotonic()
    run(["swiftc", "-wmo", "-module-name", row.module, *SWIFT_FLAGS, "-I", runtime, "-emit-module",
         "-emit-module-path", out / f"{row.module}.swiftmodule", "-c", "-o", out / f"{row.module}.o", *files])
    row.compile_s = time.monotonic() - start
    if testing is not None:
        check_examples(row, out, runtime, testing)
    run([GENERATOR, "smoke", "--spec", root, "--module", row.module, "--output", out / "main.swift"])
    run(["swiftc", "-module-name", "Smoke", *SWIFT_FLAGS, "-I", runtime, "-I", out, out / "main.swift",
         out / f"{row.module}.o", runtime / "APIRuntime.o", "-o", out / "smoke"])
    mock = subprocess.Popen(
        [python, ROOT / "tools" / "mockserver" / "mockserver.py", "--spec", root, "--lenient-document"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = mock.stdout.readline()
        if not line:
            raise Failure(f"the mock server did not start: {mock.stderr.read()[-3000:]}")
        announced = json.loads(line)
        driver = subprocess.run([out / "smoke", announced["base_url"], announced["admin_url"]],
                                capture_output=True, text=True, timeout=600)
        if driver.returncode != 0:
            raise Failure(f"the driver exited {driver.returncode}: {driver.stderr.strip()[-3000:]}")
        tally(row, [json.loads(x) for x in driver.stdout.splitlines() if x.startswith("{")])
    finally:
        mock.stdin.close()
        try:
            mock.wait(timeout=20)
        except subprocess.TimeoutExpired:
            mock.kill()
            mock.wait()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--results", type=Path)
    parser.add_argument("--only", action="append", default=[])
    # The mock runs under the Python that runs the suite (the venv's, under make).
    parser.add_argument("--python", default=sys.executable)
    args = parser.parse_args(argv)
    if not args.corpus.is_dir():
        print(f"corpus: skipped, {args.corpus} is absent (it lives in ../shared, next to the repository)")
        return 0
    if not GENERATOR.exists():
        print(f"corpus: {GENERATOR} is missing; run `swift build` first")
        return 1
    WORK.mkdir(parents=True, exist_ok=True)
    runtime = runtime_module(WORK)
    testing = testing_module(WORK, runtime)
    rows = []
    for name, root in discover(args.corpus):
        if args.only and name not in args.only:
            continue
        row = Row(document=str(root.relative_to(args.corpus)), module=module_name(name),
                  document_lines=document_lines(root))
        print(f"corpus: {row.document} as {row.module} …", flush=True)
        try:
            drive(row, root, runtime, WORK, args.python, testing)
        except (Failure, subprocess.TimeoutExpired, ValueError, OSError) as error:
            row.problems.append(str(error))
        rows.append(row)
        print(render([row]), flush=True)
    table = render(rows)
    print(table)
    if args.results:
        args.results.write_text(table)
    failed = [r.document for r in rows if not r.passed]
    print(f"corpus: {len(rows) - len(failed)} of {len(rows)} documents pass"
          + (f"; failing: {', '.join(failed)}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
