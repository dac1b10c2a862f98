"""scripts/crash-summary.sh: a failed test run ends with its fatal error, the crashed thread and
the tests that never finished, whatever came before; a passing run prints only its own output."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "crash-summary.sh"

# What a Swift test process prints when one test traps: progress lines, the fatal error, then
# the backtracer's report of the crashed thread followed by pages of other output.
CRASHING = r'''
import os, sys
print("\u25c7 Test first() started.")
print("\u25c7 Test second(_:) started.")
print("\u2714 Test first() passed after 0.1 seconds.")
print("Sources/Thing.swift:12: Fatal error: the index went past the end")
print("*** Program crashed: Illegal instruction at 0x00007f0000000001 ***")
print('Thread 3 "worker" crashed:')
print("  0      0x00007f0000000001 _assertionFailure(_:_:file:line:flags:) + 225 in libswiftCore.so")
print("  1 [ra] 0x0000550000000002 Thing.second() + 40 in Tests at Sources/Thing.swift:12:9")
for n in range(500):
    print(f"r{n} 0x0000000000000000")
sys.stdout.flush()
os._exit(132)
'''


def run(tmp_path, program):
    log = tmp_path / "logs" / "test.log"
    result = subprocess.run(
        [str(SCRIPT), str(log), sys.executable, "-c", program], capture_output=True, text=True, timeout=60)
    return result, log


def test_a_crash_ends_with_its_summary(tmp_path):
    result, log = run(tmp_path, CRASHING)
    assert result.returncode == 132
    tail = result.stdout[result.stdout.index("==== crash summary ===="):]
    assert "Fatal error: the index went past the end" in tail
    assert 'Thread 3 "worker" crashed:' in tail
    assert "Thing.second() + 40" in tail
    assert "tests started and not finished (1): second(_:)" in tail
    assert "r499" in log.read_text(encoding="utf-8"), "the whole output is kept in the log"


def test_a_passing_run_prints_only_its_output(tmp_path):
    result, log = run(tmp_path, 'print("\u2714 Test run passed")')
    assert result.returncode == 0
    assert "crash summary" not in result.stdout
    assert log.read_text(encoding="utf-8").strip() == "\u2714 Test run passed"


def test_a_failure_without_a_crash_keeps_its_status_and_adds_nothing(tmp_path):
    result, _ = run(tmp_path, 'import sys; print("\u2718 Test a() failed"); sys.exit(1)')
    assert result.returncode == 1
    assert "crash summary" not in result.stdout
