#!/usr/bin/env bash
# scripts/check-release.sh vX.Y.Z [ROOT]: a release tag agrees with what the package says of itself:
# `sdkVersion` (Sources/Assinafy/Client/Version.swift), the default User-Agent built from it, the
# newest dated entry of CHANGELOG.md and the README's install snippet. Exits 1 naming every
# disagreement. The release workflow runs it on each v* tag; ROOT (default: this checkout) lets the
# tests point it at a copy.
set -euo pipefail

if [ "$#" -lt 1 ] || [ "$#" -gt 2 ]; then
    echo "usage: $0 vMAJOR.MINOR.PATCH [ROOT]" >&2
    exit 64
fi
tag="$1"
root="${2:-$(dirname "$0")/..}"
cd "$root"

semver='[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?'
if ! [[ "$tag" =~ ^v($semver)$ ]]; then
    echo "check-release: '$tag' is not a release tag (vMAJOR.MINOR.PATCH)" >&2
    exit 1
fi
version="${BASH_REMATCH[1]}"
problems=()

version_file=Sources/Assinafy/Client/Version.swift
sdk="$(sed -n -E 's/^public let sdkVersion = "([^"]*)"$/\1/p' "$version_file" 2>/dev/null | head -n 1)"
if [ "$sdk" != "$version" ]; then
    problems+=("$version_file: sdkVersion is '${sdk:-<none>}'")
fi

configuration=Sources/Assinafy/Client/AssinafyClientConfiguration.swift
agent="$(sed -n -E 's/^ *public static let defaultUserAgent = "([^"]*)"$/\1/p' "$configuration" 2>/dev/null | head -n 1)"
# Built from sdkVersion (so it says the same), or, if ever written out, ending in this version.
# shellcheck disable=SC2016  # the Swift interpolation is matched literally
interpolated='/\(sdkVersion)'
if [ -z "$agent" ]; then
    problems+=("$configuration: no defaultUserAgent literal")
elif [ "${agent%"$interpolated"}" = "$agent" ] && [ "${agent%"/$version"}" = "$agent" ]; then
    problems+=("$configuration: the User-Agent '$agent' is neither built from sdkVersion nor ends in /$version")
fi

changelog="$(grep -m 1 -E "^## \[$semver\] - [0-9]{4}-[0-9]{2}-[0-9]{2}$" CHANGELOG.md 2>/dev/null || true)"
released="$(printf '%s\n' "$changelog" | sed -n -E 's/^## \[([^]]*)\].*/\1/p')"
if [ "$released" != "$version" ]; then
    problems+=("CHANGELOG.md: the newest dated entry is '${released:-<none>}' (want '## [$version] - YYYY-MM-DD')")
fi

snippet="$(grep -m 1 -o -E '\.package\(url: "[^"]+", from: "[^"]*"\)' README.md 2>/dev/null || true)"
installed="$(printf '%s\n' "$snippet" | sed -n -E 's/.*from: "([^"]*)"\)$/\1/p')"
if [ "$installed" != "$version" ]; then
    problems+=("README.md: the install snippet says from: '${installed:-<none>}'")
fi

if [ "${#problems[@]}" -gt 0 ]; then
    echo "check-release: $tag disagrees with the package:" >&2
    printf '  %s\n' "${problems[@]}" >&2
    exit 1
fi
echo "check-release: $tag: sdkVersion, the User-Agent, CHANGELOG.md and README.md all say $version"
