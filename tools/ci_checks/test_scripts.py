"""scripts/check-release.sh and scripts/apple-check.sh, run here.

check-release.sh runs on a copy of the four files it reads; apple-check.sh, which needs macOS, is
driven through stand-ins for uname, xcodebuild, swift and make that record how they were called.
"""

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHECK_RELEASE = ROOT / "scripts" / "check-release.sh"
APPLE_CHECK = ROOT / "scripts" / "apple-check.sh"
VERSION_FILE = "Sources/Assinafy/Client/Version.swift"
CONFIGURATION = "Sources/Assinafy/Client/AssinafyClientConfiguration.swift"
RELEASE_FILES = [VERSION_FILE, CONFIGURATION, "CHANGELOG.md", "README.md"]


def sdk_version():
    source = (ROOT / VERSION_FILE).read_text(encoding="utf-8")
    return re.search(r'^public let sdkVersion = "([^"]+)"$', source, flags=re.MULTILINE).group(1)


@pytest.fixture
def release_copy(tmp_path):
    for name in RELEASE_FILES:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, tmp_path / name)
    return tmp_path


def check_release(tag, root):
    return subprocess.run([str(CHECK_RELEASE), tag, str(root)], capture_output=True, text=True, timeout=60)


def edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_release_agrees_on_this_checkout():
    result = check_release("v" + sdk_version(), ROOT)
    assert result.returncode == 0, result.stderr
    assert f"all say {sdk_version()}" in result.stdout


def test_release_refuses_a_tag_ahead_of_the_package(release_copy):
    major, minor, patch = sdk_version().split("-")[0].split(".")
    result = check_release(f"v{major}.{int(minor) + 1}.0", release_copy)
    assert result.returncode == 1
    for name in ["Version.swift", "CHANGELOG.md", "README.md"]:
        assert name in result.stderr
    assert "User-Agent" not in result.stderr  # built from sdkVersion, so it follows it


@pytest.mark.parametrize("tag", ["0.1.0", "v0.1", "v0.1.0 ", "release-0.1.0", "v0.1.0+build"])
def test_release_refuses_what_is_not_a_release_tag(tag, release_copy):
    result = check_release(tag, release_copy)
    assert result.returncode == 1
    assert "is not a release tag" in result.stderr


def test_release_names_each_file_that_disagrees(release_copy):
    version = sdk_version()
    tag = "v" + version
    assert check_release(tag, release_copy).returncode == 0

    edit(release_copy / VERSION_FILE, f'"{version}"', '"9.9.9"')
    result = check_release(tag, release_copy)
    assert result.returncode == 1 and "sdkVersion is '9.9.9'" in result.stderr
    edit(release_copy / VERSION_FILE, '"9.9.9"', f'"{version}"')

    edit(release_copy / CONFIGURATION, "/\\(sdkVersion)", "/9.9.9")
    result = check_release(tag, release_copy)
    assert result.returncode == 1 and "User-Agent" in result.stderr
    edit(release_copy / CONFIGURATION, "/9.9.9", f"/{version}")
    assert check_release(tag, release_copy).returncode == 0, "a literal User-Agent of this version agrees"

    edit(release_copy / "CHANGELOG.md", f"## [{version}] - ", "## [9.9.9] - ")
    result = check_release(tag, release_copy)
    assert result.returncode == 1 and "newest dated entry is '9.9.9'" in result.stderr
    edit(release_copy / "CHANGELOG.md", "## [9.9.9] - ", f"## [{version}] - ")

    edit(release_copy / "README.md", f'from: "{version}")', 'from: "9.9.9")')
    result = check_release(tag, release_copy)
    assert result.returncode == 1 and "from: '9.9.9'" in result.stderr


def makefile_swift_flags():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    return re.search(r"^SWIFT_FLAGS := (.+)$", makefile, flags=re.MULTILINE).group(1).split()


def stand_ins(directory, xcode_version):
    """Executables named like the Apple tools, each appending its name and arguments to calls.log."""
    log = directory / "calls.log"
    replies = {
        "uname": 'echo Darwin',
        "xcodebuild": f'if [ "$1" = -version ]; then printf "Xcode {xcode_version}\\nBuild version 0\\n"; exit 0; fi',
        "xcode-select": 'echo /Applications/Xcode.app/Contents/Developer; exit 0',
        "swift": 'if [ "$1" = --version ]; then echo "Swift version 6.3"; exit 0; fi',
        "xcrun": "",
        "make": "",
    }
    for name, reply in replies.items():
        script = directory / name
        script.write_text(f'#!/bin/sh\necho "{name} $*" >> "{log}"\n{reply}\n', encoding="utf-8")
        script.chmod(0o755)
    return log


def apple_check(tmp_path, *arguments, xcode_version="26.1"):
    bin_directory = tmp_path / "bin"
    bin_directory.mkdir()
    log = stand_ins(bin_directory, xcode_version)
    environment = {**os.environ, "PATH": f"{bin_directory}:{os.environ['PATH']}"}
    environment.pop("XCODE_MAJOR", None)
    environment.pop("IOS_DESTINATION", None)
    environment.pop("IOS_TEST_TARGETS", None)
    result = subprocess.run(
        ["bash", str(APPLE_CHECK), *arguments], capture_output=True, text=True, env=environment, timeout=60
    )
    calls = log.read_text(encoding="utf-8").splitlines() if log.exists() else []
    return result, calls


def test_apple_check_says_it_needs_macos_elsewhere():
    if os.uname().sysname == "Darwin":
        pytest.skip("this is a Mac")
    result = subprocess.run([str(APPLE_CHECK)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "needs macOS" in result.stderr and "make test" in result.stderr


def test_apple_check_macos_uses_the_makefile_flags(tmp_path):
    result, calls = apple_check(tmp_path, "macos")
    assert result.returncode == 0, result.stderr
    flags = " ".join(makefile_swift_flags())
    assert f"swift build {flags}" in calls
    assert f"swift build -c release {flags}" in calls
    assert f"swift test {flags}" in calls
    assert not any(call.startswith("xcodebuild build") or call.startswith("xcodebuild test") for call in calls)


def test_apple_check_ios_builds_the_libraries_then_tests_on_a_simulator(tmp_path):
    result, calls = apple_check(tmp_path, "ios")
    assert result.returncode == 0, result.stderr
    builds = [call for call in calls if call.startswith("xcodebuild build")]
    products = re.findall(r'^\s*\.library\(name: "([^"]+)"', (ROOT / "Package.swift").read_text(encoding="utf-8"), re.M)
    assert {"APIRuntime", "AssinafyAPI", "Assinafy", "APITesting", "AssinafyTesting"} <= set(products)
    assert [re.search(r"-scheme (\S+)", call).group(1) for call in builds] == products
    assert all("generic/platform=iOS" in call and "SWIFT_TREAT_WARNINGS_AS_ERRORS=YES" in call for call in builds)
    (test,) = [call for call in calls if call.startswith("xcodebuild test")]
    assert "-scheme Assinafy-Package" in test
    assert "platform=iOS Simulator,name=iPhone 17 Pro,OS=latest" in test
    assert (
        "-only-testing:APIRuntimeTests -only-testing:AssinafyTests"
        " -only-testing:APITestingTests -only-testing:AssinafyTestingTests" in test
    )
    assert not any(call.startswith("swift build") for call in calls)


def test_apple_check_refuses_another_xcode(tmp_path):
    result, calls = apple_check(tmp_path, "all", xcode_version="16.4")
    assert result.returncode == 1
    assert "Xcode 26.x is required, found 16.4" in result.stderr
    assert not any(call.startswith(("swift build", "xcodebuild build", "xcodebuild test")) for call in calls)


def test_apple_check_refuses_an_unknown_part(tmp_path):
    result, _ = apple_check(tmp_path, "watchos")
    assert result.returncode == 64
    assert "usage" in result.stderr
