"""A document split over files as one in-memory document: every `$ref` to another YAML or JSON
file is replaced by what it points at, so the mock (whose schema walker follows only `#/...`
references) and openapi-core see one tree. References to other files (markdown descriptions,
code samples) become the file's text when it exists and stay as they are otherwise: they only
carry prose, which the mock never reads."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

STRUCTURED = (".yaml", ".yml", ".json")
MAX_DEPTH = 64


class _Loader(yaml.SafeLoader):
    """YAML whose unquoted timestamps stay strings: JSON (the wire, the validator) has no dates."""


_Loader.yaml_implicit_resolvers = {
    first: [(tag, regex) for tag, regex in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def read_file(path: Path):
    text = path.read_bytes().decode("utf-8")
    return json.loads(text) if path.suffix == ".json" else yaml.load(text, Loader=_Loader)


def follow(node, fragment: str):
    for part in [p for p in fragment.lstrip("/").split("/") if p]:
        part = part.replace("~1", "/").replace("~0", "~")
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


class Bundler:
    def __init__(self, root: Path):
        self.root = root.resolve()
        self.files = {}
        self.hoisted = {}
        self.hoisted_keys = {}

    def load(self, path: Path):
        path = path.resolve()
        if path not in self.files:
            self.files[path] = read_file(path)
        return self.files[path]

    def bundle(self) -> dict:
        self.hoisted = {}
        document = self._walk(self.load(self.root), self.root, ())
        if self.hoisted:
            schemas = document.setdefault("components", {}).setdefault("schemas", {})
            for name, schema in self.hoisted.items():
                schemas[name] = schema
        return document

    def _hoist(self, ref: str, base: Path, stack: tuple) -> str:
        """A discriminator's alternatives as components: its mapping names them by reference, so
        they cannot be inlined. Returns the local reference that replaces `ref`."""
        location, _, fragment = ref.partition("#")
        path = (base.parent / location).resolve()
        name = path.stem + (fragment.replace("/", "_") if fragment else "")
        key = (path, fragment)
        if self.hoisted_keys.get(name, key) != key:
            name = f"{name}_{len(self.hoisted)}"
        if name not in self.hoisted:
            self.hoisted_keys[name] = key
            self.hoisted[name] = {}  # claimed first: the alternative may refer back to its parent
            self.hoisted[name] = self._walk(follow(self.load(path), fragment), path, stack + (key,))
        return "#/components/schemas/" + name

    def _discriminated(self, node: dict, base: Path, stack: tuple) -> dict:
        mapping = (node.get("discriminator") or {}).get("mapping") or {}
        external = {ref for ref in mapping.values() if isinstance(ref, str) and not ref.startswith("#")}
        if not external:
            return node
        local = {ref: self._hoist(ref, base, stack) for ref in external}
        node = dict(node)
        node["discriminator"] = {**node["discriminator"],
                                 "mapping": {k: local.get(v, v) for k, v in mapping.items()}}
        for keyword in ("oneOf", "anyOf"):
            if isinstance(node.get(keyword), list):
                node[keyword] = [{"$ref": local[item["$ref"]]}
                                 if isinstance(item, dict) and item.get("$ref") in local else item
                                 for item in node[keyword]]
        return node

    def _walk(self, node, base: Path, stack: tuple):
        if isinstance(node, list):
            return [self._walk(item, base, stack) for item in node]
        if not isinstance(node, dict):
            return node
        ref = node.get("$ref")
        if isinstance(ref, str):
            target = self._external(ref, base, stack)
            if target is not None:
                return target
        node = self._discriminated(node, base, stack)
        return {key: self._walk(value, base, stack) for key, value in node.items()}

    def _external(self, ref: str, base: Path, stack: tuple):
        """The inlined target of a reference that leaves the root file, else None (kept)."""
        location, _, fragment = ref.partition("#")
        if ref.startswith("#/components/schemas/") and ref.rsplit("/", 1)[-1] in self.hoisted:
            return None  # already a component of the bundle (_hoist)
        if not location:
            if base == self.root:
                return None  # a local reference of the root document stays a reference
            location = base.name  # a local reference inside another file means that file
        path = (base.parent / location).resolve()
        if not path.is_file():
            return None  # a missing file stays a reference; the mock skips it where it can
        if path.suffix not in STRUCTURED:
            return path.read_text(encoding="utf-8")
        key = (path, fragment)
        if key in stack or len(stack) >= MAX_DEPTH:
            raise ValueError(f"cyclic reference across files: {ref} (from {base})")
        return self._walk(follow(self.load(path), fragment), path, stack + (key,))


def bundle_file(path: str) -> dict:
    return Bundler(Path(path)).bundle()
