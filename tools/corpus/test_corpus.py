"""The corpus suite without ../shared: discovery, names, the check line, the tally of the driver's
outcomes, the table, the skip without the corpus, and the whole chain on the repository's own
end-to-end fixtures."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpus  # noqa: E402


def test_discovery_takes_files_and_the_shallowest_root_of_split_documents(tmp_path):
    (tmp_path / "b.json").write_text("{}")
    (tmp_path / "a.yaml").write_text("")
    (tmp_path / "notes.md").write_text("")
    (tmp_path / "split" / "openapi" / "paths").mkdir(parents=True)
    (tmp_path / "split" / "openapi" / "openapi.yaml").write_text("")
    (tmp_path / "split" / "openapi" / "paths" / "openapi.yaml").write_text("")
    (tmp_path / "empty").mkdir()
    found = [(name, path.relative_to(tmp_path).as_posix()) for name, path in corpus.discover(tmp_path)]
    assert found == [("a", "a.yaml"), ("b", "b.json"), ("split", "split/openapi/openapi.yaml")]


def test_module_names():
    assert corpus.module_name("xero-payroll-uk") == "XeroPayrollUkAPI"
    assert corpus.module_name("museum") == "MuseumAPI"
    assert corpus.module_name("redocly-starter") == "RedoclyStarterAPI"


def test_check_summary_reads_the_last_line():
    assert corpus.check_summary("warning: x\n12 operations, 30 schemas, 4 warnings, 0 errors\n") == (12, 0)
    try:
        corpus.check_summary("not resolved: read 1 file")
    except ValueError as error:
        assert "not resolved" in str(error)
    else:
        raise AssertionError("expected ValueError")


def outcome(key, kind="decoded", detail=None, requests=1, violations=()):
    line = {"operation": key, "outcome": kind, "requests": requests, "violations": list(violations)}
    if detail:
        line["detail"] = detail
    return line


def test_tally_counts_valid_and_decoded_and_names_every_problem():
    row = corpus.Row(document="d.yaml", module="DAPI", operations=13)
    outcomes = [outcome(f"op{i}") for i in range(9)] + [
        outcome("op9", violations=[{"kind": "parameter", "message": "missing"}]),
        outcome("op10", violations=[{"kind": "response", "message": "mock answer"}]),
        outcome("bad", "failed", "DecodingError: keyNotFound"),
        outcome("skip", "skipped", "no sample", requests=0)]
    corpus.tally(row, outcomes)
    assert (row.called, row.valid, row.decoded, row.skipped) == (12, 11, 11, 1)
    assert not row.passed
    assert row.problems == ["op9: parameter violation: missing", "bad: DecodingError: keyNotFound",
                            "skip: not called: no sample"]
    assert row.notes == ["op10: mock self-check: mock answer"]


def test_a_clean_run_passes_and_small_documents_need_every_operation():
    row = corpus.Row(document="d.yaml", module="DAPI", operations=3)
    corpus.tally(row, [outcome("a"), outcome("b"), outcome("c")])
    assert row.passed and (row.called, row.valid, row.decoded) == (3, 3, 3)
    few = corpus.Row(document="e.yaml", module="EAPI", operations=40)
    corpus.tally(few, [outcome("a")])
    assert few.problems == ["only 1 operations called, 10 required"]


def test_a_call_the_mock_never_saw_is_not_valid():
    row = corpus.Row(document="d.yaml", module="DAPI", operations=1)
    corpus.tally(row, [outcome("a", requests=0)])
    assert (row.valid, row.decoded) == (0, 1)
    assert row.problems == ["a: decoded, but the mock recorded no request"]


def test_table_has_one_row_per_document_and_lists_problems():
    good = corpus.Row(document="a.yaml", module="AAPI", operations=2, document_lines=10, generated_lines=50,
                      generate_s=0.25, compile_s=3.0, called=2, valid=2, decoded=2)
    bad = corpus.Row(document="b.yaml", module="BAPI", problems=["check reports 2 errors"])
    table = corpus.render([good, bad])
    assert "| a.yaml | 2 | 10 | 50 | 0.2 | 3.0 | 2/2 of 2 | 0 | 0 | - | pass |" in table
    assert "| b.yaml |" in table and "FAIL" in table and "- check reports 2 errors" in table


def test_without_the_corpus_it_skips_with_a_message(tmp_path, capsys):
    assert corpus.main(["--corpus", str(tmp_path / "absent")]) == 0
    assert "corpus: skipped" in capsys.readouterr().out


@pytest.mark.skipif(not corpus.GENERATOR.exists(), reason="needs the debug generator (swift build)")
def test_the_whole_chain_on_the_repositorys_own_fixtures(tmp_path):
    # The end-to-end fixtures stand in for the corpus: generate, compile, drive, tally.
    results = tmp_path / "table.md"
    fixtures = corpus.ROOT / "Tests" / "GeneratorTests" / "Fixtures" / "EndToEnd"
    assert corpus.main(["--corpus", str(fixtures), "--results", str(results)]) == 0
    rows = [line for line in results.read_text().splitlines() if line.startswith("| ") and "yaml" in line]
    # Every fixture document: the single-file ones and the folder ones (their root is openapi.yaml).
    documents = list(fixtures.glob("*.yaml")) + list(fixtures.glob("*/openapi.yaml"))
    assert len(documents) >= 6
    assert len(rows) == len(documents) and all(row.endswith("| decode | pass |") for row in rows)
    assert "| 12/12 of 12 |" in rows[0]


def test_the_runtime_module_is_built_again_when_its_sources_change(tmp_path, monkeypatch):
    # A build kept across source changes failed every document for code the tree no longer had.
    root = tmp_path / "repo"
    (root / "Sources" / "APIRuntime").mkdir(parents=True)
    source = root / "Sources" / "APIRuntime" / "Engine.swift"
    source.write_text("struct A {}\n")
    builds = []

    def fake_run(command):
        builds.append(command)
        Path(command[command.index("-o") + 1]).write_bytes(b"object")
        return ""

    monkeypatch.setattr(corpus, "ROOT", root)
    monkeypatch.setattr(corpus, "run", fake_run)
    work = tmp_path / "work"
    corpus.runtime_module(work)
    corpus.runtime_module(work)
    assert len(builds) == 1
    source.write_text("struct B {}\n")
    corpus.runtime_module(work)
    assert len(builds) == 2
