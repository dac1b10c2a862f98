#!/usr/bin/env bash
# make docs / make check-docs: the generated API reference and the DocC catalog.
#   scripts/check-docs.sh write   regenerate docs/API_REFERENCE.md, build the DocC archive
#   scripts/check-docs.sh check   fail when docs/API_REFERENCE.md is stale or the catalog has a warning
# SWIFT_SCRATCH (default .build) is where the generator is built; DOCS_SCRATCH (default
# .build-docs) holds the symbol-graph build, kept apart because its compiler flags differ.
set -euo pipefail
cd "$(dirname "$0")/.."

mode="${1:-check}"
scratch="${SWIFT_SCRATCH:-.build}"
docs_scratch="${DOCS_SCRATCH:-.build-docs}"
flags=(-Xswiftc -strict-concurrency=complete -Xswiftc -warnings-as-errors)

swift build --scratch-path "$scratch" --product assinafy-generator "${flags[@]}" >/dev/null
generator="$scratch/debug/assinafy-generator"
# Documents, names and schemes come from the generator's configuration, as for `make generate`.
args=(--config assinafy-generator.yaml --overlay Sources/Assinafy --generated Sources/AssinafyAPI
      --client AssinafyClient --context ClientContext --module AssinafyAPI --title "Assinafy Swift SDK: API reference"
      --error-model Generator/assinafy-reference-errors.md --credential-class per-call=signer --regenerate "make docs")

case "$mode" in
write)
    "$generator" docs --output docs/API_REFERENCE.md "${args[@]}"
    ;;
check)
    fresh="$(mktemp)"
    trap 'rm -f "$fresh"' EXIT
    "$generator" docs --output "$fresh" "${args[@]}" >/dev/null
    if ! diff -u docs/API_REFERENCE.md "$fresh" >/dev/null; then
        echo "docs/API_REFERENCE.md is stale: run 'make docs' and commit the result"
        diff -u docs/API_REFERENCE.md "$fresh" | head -40 || true
        exit 1
    fi
    echo "check-docs: docs/API_REFERENCE.md is current"
    ;;
*)
    echo "usage: $0 write|check" >&2
    exit 64
    ;;
esac

# DocC without the plugin: symbol graphs from one build, then one `docc convert` per public
# module. Building a module builds the modules it depends on, and every module's graphs land in
# the same directory; each archive takes its own module's graphs (its extensions of other
# modules' types included, MODULE@Other.symbols.json).
graphs="$docs_scratch/symbol-graphs"
mkdir -p "$graphs"
# The testing products' modules (AssinafyTesting, and AssinafyAPITesting with APITesting under it)
# are public too: an app's test and preview targets import them.
for target in Assinafy AssinafyTesting AssinafyAPITesting; do
    swift build --scratch-path "$docs_scratch" --target "$target" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" >/dev/null
done
# Broken links and catalog problems fail. DocC's check that every parameter of a documented
# function is described is opt-in (DOCC_STRICT_PARAMETERS=1): partially documented parameters
# are a documentation-quality finding, not a broken reference.
parameters=--disable-parameters-and-returns-validation
if [ "${DOCC_STRICT_PARAMETERS:-0}" = 1 ]; then parameters=--enable-parameters-and-returns-validation; fi
docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"

# convert MODULE strict|lenient: the module's archive, from its catalog in Sources/MODULE when it
# has one (the display name and bundle identifier fall back otherwise); strict fails on a warning.
convert() {
    local module="$1" strictness="$2"
    local selected="$docs_scratch/symbol-graphs-$module"
    rm -rf "$selected" && mkdir -p "$selected"
    cp "$graphs/$module.symbols.json" "$selected"/
    for extension in "$graphs/$module"@*.symbols.json; do
        if [ -f "$extension" ]; then cp "$extension" "$selected"/; fi
    done
    local catalog=()
    if [ -d "Sources/$module/$module.docc" ]; then catalog=("Sources/$module/$module.docc"); fi
    local strict=()
    if [ "$strictness" = strict ]; then strict=(--warnings-as-errors); fi
    "$docc" convert "${catalog[@]}" --additional-symbol-graph-dir "$selected" \
        --fallback-display-name "$module" --fallback-bundle-identifier "com.assinafy.$module" \
        --output-path "$docs_scratch/$module.doccarchive" "${strict[@]}" "$parameters"
    echo "docs: DocC archive in $docs_scratch/$module.doccarchive ($strictness)"
}

convert Assinafy strict
convert APIRuntime strict
convert APITesting strict
convert AssinafyTesting strict
# AssinafyAPI and AssinafyAPITesting are generated (never edited by hand). Under DOCC_STRICT_PARAMETERS=1 its operation
# methods' `body`, multipart `file` and per-call credential parameters are undocumented: the
# generator writes a `- Parameter` callout only for an OpenAPI parameter with a description
# (OperationSignature's docs). Until the generator writes those, with strict parameters this
# module's warnings are printed but not fatal; without them it fails on any warning, as the
# hand-written modules do.
generated=strict
if [ "${DOCC_STRICT_PARAMETERS:-0}" = 1 ]; then generated=lenient; fi
convert AssinafyAPI "$generated"
convert AssinafyAPITesting "$generated"
