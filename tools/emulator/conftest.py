import pytest

from emu_client import Emulator


@pytest.fixture(scope="session")
def emu():
    emulator = Emulator("--processing-delay", "0.1", "--webhook-retry-wait", "0.2")
    yield emulator
    emulator.stop()


@pytest.fixture(autouse=True)
def no_contract_violations(emu):
    """Every test must leave zero recorded violations (known gaps excluded); tests
    that provoke one on purpose take it with `emu.take_violations()`."""
    emu.admin("DELETE", "/violations")
    yield
    leftover = emu.violations()
    assert leftover == [], leftover
