"""The test targets apple-check.sh runs on the iOS simulator compile there.

iOS, tvOS, watchOS and visionOS have no `Process`, so every use of it in those targets (and in the
test support they share) must sit in a branch of an `#if` that leaves those platforms out. Linux
never compiles that branch differently, so without this check the first iOS build would be the
first to notice.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APPLE_CHECK = ROOT / "scripts" / "apple-check.sh"
SPAWNS = re.compile(r"\bProcess\(\)")


def ios_test_targets():
    match = re.search(r"\$\{IOS_TEST_TARGETS:-([^}]+)\}", APPLE_CHECK.read_text(encoding="utf-8"))
    assert match, "apple-check.sh names no default IOS_TEST_TARGETS"
    return match.group(1).split()


def lines_outside_ios(source):
    """Each line with whether an iOS build leaves it out (it sits in a branch iOS never takes)."""
    # One entry per open #if: how its condition treats iOS, and whether its #else is being read.
    branches = []
    for number, line in enumerate(source.splitlines(), start=1):
        directive = line.strip()
        if directive.startswith("#if "):
            condition = directive[4:].replace(" ", "")
            if condition.startswith("!(os(iOS)"):
                kind = "negated"
            elif condition.startswith("os(iOS)"):
                kind = "positive"
            else:
                kind = "other"
            branches.append((kind, False))
            continue
        if directive.startswith("#else") and branches:
            branches[-1] = (branches[-1][0], True)
            continue
        if directive.startswith("#endif") and branches:
            branches.pop()
            continue
        left_out = any(
            (kind == "negated" and not in_else) or (kind == "positive" and in_else) for kind, in_else in branches
        )
        yield number, line, left_out


def unguarded_spawns(source):
    """Lines that create a `Process` where an iOS build would compile them."""
    return [number for number, line, left_out in lines_outside_ios(source) if SPAWNS.search(line) and not left_out]


def ios_problems(sources):
    """`Process()` compiled for iOS, and uses compiled for iOS of a type iOS leaves out."""
    # Top-level declarations only: a nested type's name is its enclosing type's business.
    declared = re.compile(r"^(?:(?:public|package|internal|final|private|fileprivate)\s+)*(?:class|struct|enum|actor)\s+(\w+)")
    hidden = set()
    for source in sources.values():
        for _, line, left_out in lines_outside_ios(source):
            match = declared.search(line)
            if match and left_out:
                hidden.add(match.group(1))
    problems = []
    for name, source in sources.items():
        for number, line, left_out in lines_outside_ios(source):
            if left_out or line.lstrip().startswith("//"):
                continue
            used = [type_name for type_name in sorted(hidden) if re.search(rf"\b{type_name}\b", line)]
            if SPAWNS.search(line) or used:
                problems.append(f"{name}:{number}" + (f" ({', '.join(used)})" if used else ""))
    return problems


def test_the_ios_test_targets_include_the_testing_products():
    assert {"APIRuntimeTests", "AssinafyTests", "APITestingTests", "AssinafyTestingTests"} <= set(ios_test_targets())


def test_no_ios_test_target_spawns_a_process_or_names_a_type_ios_leaves_out():
    directories = [ROOT / "Tests" / name for name in ios_test_targets()] + [ROOT / "Tests" / "TestSupport"]
    sources = {}
    for directory in directories:
        assert directory.is_dir(), directory
        for path in sorted(directory.rglob("*.swift")):
            sources[str(path.relative_to(ROOT))] = path.read_text(encoding="utf-8")
    problems = ios_problems(sources)
    assert not problems, "compiled for iOS but cannot be: " + ", ".join(problems)


def test_the_guard_reader_knows_each_branch():
    negated = "#if !(os(iOS) || os(tvOS))\nlet p = Process()\n#endif\n"
    positive_else = "#if os(iOS) || os(tvOS)\nthrow x\n#else\nlet p = Process()\n#endif\n"
    positive_then = "#if os(iOS)\nlet p = Process()\n#endif\n"
    unrelated = "#if canImport(Glibc)\nlet p = Process()\n#endif\n"
    bare = "let p = Process()\n"
    assert unguarded_spawns(negated) == []
    assert unguarded_spawns(positive_else) == []
    assert unguarded_spawns(positive_then) == [2]
    assert unguarded_spawns(unrelated) == [2]
    assert unguarded_spawns(bare) == [1]
    hidden_type = "#if !(os(iOS))\nfinal class Child {}\n#endif\n"
    user = "struct Suite {\n    let child = Child()\n}\n"
    assert ios_problems({"a.swift": hidden_type, "b.swift": user}) == ["b.swift:2 (Child)"]
