import Testing

/// Every test against the local emulator, in one process started once (`.emulator`) and run one
/// test at a time: the emulator's state, fault rules and contract bookkeeping are shared.
@Suite(
    "Emulator integration", .serialized,
    .enabled(if: EmulatorLocator.available, "no Python for the emulator: run `make venv` or set ASSINAFY_PYTHON"),
    .emulator)
struct EmulatorIntegration {}
