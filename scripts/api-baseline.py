#!/usr/bin/env python3
"""The public API of the library modules as committed text, one declaration a line.

    scripts/api-baseline.py write GRAPHS   rewrite api/<Module>.api from the symbol graphs in GRAPHS
    scripts/api-baseline.py check GRAPHS   compare; exit 1 on a breaking change (a line gone or altered)

GRAPHS is a folder of `swiftc -emit-symbol-graph` output (scripts/check-api.sh builds it). A
line is a public declaration as the compiler prints it (its kind, its path, its declaration and
generic constraints) or a conformance; doc comments and source positions are left out, so only
what a caller compiles against is recorded. A removed or changed line breaks callers; an added
one does not, and is reported so the baseline can be brought up to date on purpose.
"""

import json
import os
import sys

MODULES = ["APIRuntime", "AssinafyAPI", "Assinafy", "GeneratorCore", "APITesting", "AssinafyTesting"]
BASELINE = "api"


def fragments(items):
    return "".join(item["spelling"] for item in items or [])


def constraints(symbol):
    # A declaration spells its own generic clause; an extension's constraints it does not.
    found = (symbol.get("swiftExtension") or {}).get("constraints") or []
    spelled = sorted({"%s %s %s" % (c["lhs"], {"conformance": ":", "sameType": "==", "superclass": ":"}.get(c["kind"], c["kind"]), c["rhs"]) for c in found})
    return " where " + ", ".join(spelled) if spelled else ""


def graph_files(folder, module):
    names = sorted(os.listdir(folder))
    return [os.path.join(folder, n) for n in names if n == module + ".symbols.json" or (n.startswith(module + "@") and n.endswith(".symbols.json"))]


def surface(folder, module):
    files = graph_files(folder, module)
    if not files:
        sys.exit("api-baseline: no symbol graph for %s in %s" % (module, folder))
    lines = set()
    paths = {}
    graphs = [json.load(open(path, encoding="utf-8")) for path in files]
    for graph in graphs:
        for symbol in graph["symbols"]:
            paths[symbol["identifier"]["precise"]] = ".".join(symbol["pathComponents"])
    for graph in graphs:
        for symbol in graph["symbols"]:
            precise = symbol["identifier"]["precise"]
            if "::SYNTHESIZED::" in precise or symbol.get("accessLevel") not in ("public", "open"):
                continue
            kind = symbol["kind"]["identifier"].replace("swift.", "")
            declaration = " ".join(fragments(symbol.get("declarationFragments")).split())
            lines.add("%s %s | %s%s" % (kind, paths[precise], declaration, constraints(symbol)))
        for relation in graph["relationships"]:
            if relation["kind"] != "conformsTo" or "::SYNTHESIZED::" in relation["source"]:
                continue
            source = paths.get(relation["source"])
            target = relation.get("targetFallback") or paths.get(relation["target"]) or relation["target"]
            if source:
                lines.add("conformance %s : %s" % (source, target.split(".")[-1]))
    return sorted(lines)


def baseline_path(module):
    return os.path.join(BASELINE, module + ".api")


def write(folder):
    os.makedirs(BASELINE, exist_ok=True)
    for module in MODULES:
        lines = surface(folder, module)
        with open(baseline_path(module), "w", encoding="utf-8") as handle:
            handle.write("# The public API of %s (scripts/api-baseline.py; update with `make api-baseline`).\n" % module)
            handle.write("".join(line + "\n" for line in lines))
        print("api-baseline: %s: %d declarations and conformances recorded" % (module, len(lines)))


def check(folder):
    breaking = 0
    for module in MODULES:
        path = baseline_path(module)
        if not os.path.exists(path):
            print("api-check: %s has no baseline (%s): run 'make api-baseline' and commit it" % (module, path))
            breaking += 1
            continue
        recorded = [line.rstrip("\n") for line in open(path, encoding="utf-8") if not line.startswith("#")]
        current = set(surface(folder, module))
        gone = [line for line in recorded if line not in current]
        added = sorted(current - set(recorded))
        for line in gone:
            print("api-check: BREAKING in %s: no longer public as recorded: %s" % (module, line))
        if added:
            print("api-check: %s: %d additions not yet recorded (additive; 'make api-baseline' records them):" % (module, len(added)))
            for line in added[:20]:
                print("    + " + line)
        breaking += len(gone)
    if breaking:
        print("api-check: %d breaking change(s) against the committed baseline in %s/." % (breaking, BASELINE))
        print("           Restore the API, or record the break on purpose with 'make api-baseline' (and a major version).")
        return 1
    print("api-check: no breaking change against the committed baseline (%s)" % ", ".join(MODULES))
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("write", "check"):
        sys.exit(__doc__)
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    if sys.argv[1] == "write":
        write(sys.argv[2])
    else:
        sys.exit(check(sys.argv[2]))
