"""Deterministic schema → instance: the value the mock answers with when the document gives
no example. The same schema always yields the same value (no randomness), so recorded
responses and test expectations stay stable; the value is built to satisfy the schema."""

from __future__ import annotations

import copy

from openapi_schema_validator import (
    OAS30Validator,
    OAS30WriteValidator,
    OAS31Validator,
    oas30_format_checker,
    oas31_format_checker,
)

_FORMATS = {
    "date-time": "2024-01-02T03:04:05Z",
    "date": "2024-01-02",
    "time": "03:04:05Z",
    "email": "user@example.invalid",
    "uuid": "00000000-0000-4000-8000-000000000001",
    "uri": "https://example.invalid/resource",
    "url": "https://example.invalid/resource",
    "hostname": "host.example.invalid",
    "ipv4": "192.0.2.1",
    "ipv6": "2001:db8::1",
    "byte": "AAEC",
    # Valid base64 as well: a client may read a JSON string of `format: binary` as base64 bytes.
    "binary": "YmluYXJ5LWNvbnRlbnQ=",
    "password": "secret-value",
}


class InstanceBuilder:
    """Builds instances for schemas of one document (its `$ref`s resolve against `document`)."""

    def __init__(self, document: dict, max_depth: int = 6, for_requests: bool = False):
        self.document = document
        self.max_depth = max_depth
        # An answer leaves out writeOnly members; a request (the smoke driver's samples), readOnly ones.
        self.for_requests = for_requests
        self.omitted = "readOnly" if for_requests else "writeOnly"

    def resolve(self, schema):
        seen = 0
        while isinstance(schema, dict) and "$ref" in schema and seen < 32:
            target = self._pointer(schema["$ref"])
            # 3.1 allows siblings next to $ref; they refine the target.
            siblings = {k: v for k, v in schema.items() if k != "$ref"}
            schema = {**target, **siblings} if siblings else target
            seen += 1
        return schema

    def _pointer(self, ref: str):
        if not ref.startswith("#/"):
            raise ValueError(f"only local references are supported: {ref}")
        node = self.document
        for part in ref[2:].split("/"):
            node = node[part.replace("~1", "/").replace("~0", "~")]
        return node

    def satisfies(self, value, schema) -> bool:
        """Whether `value` is valid for `schema`: documents ship examples that break their own
        schema, and the mock must neither answer with one nor propose one as an argument."""
        if isinstance(value, dict) and "$ref" in value:
            return False  # an example in a file the document does not ship
        # The document's components next to the schema, so its `#/components/...` refs resolve.
        root = {**schema, "components": self.document.get("components") or {}} if isinstance(schema, dict) else schema
        version = str(self.document.get("openapi", "3.0"))
        if version.startswith("3.1"):
            validator, formats = OAS31Validator, oas31_format_checker
        else:
            validator = OAS30WriteValidator if self.for_requests else OAS30Validator
            formats = oas30_format_checker
        try:
            return not any(True for _ in validator(root, format_checker=formats).iter_errors(value))
        except Exception:  # an unresolvable schema: nothing to hold the example against
            return True

    def example_of(self, schema):
        """The schema's own example, when it carries one (3.0 `example`, 3.1 `examples`)."""
        schema = self.resolve(schema)
        if not isinstance(schema, dict):
            return None
        if "example" in schema:
            return True, copy.deepcopy(schema["example"])
        examples = schema.get("examples")
        if isinstance(examples, list) and examples:
            return True, copy.deepcopy(examples[0])
        return None

    def build(self, schema, depth: int = 0):
        schema = self.resolve(schema)
        if schema is True or schema is None or schema == {}:
            return "value"
        if schema is False:
            raise ValueError("no instance satisfies `false`")
        if "const" in schema:
            return copy.deepcopy(schema["const"])
        if "enum" in schema:
            values = [v for v in schema["enum"] if v is not None] or schema["enum"]
            return copy.deepcopy(values[0])
        found = self.example_of(schema)
        if found and self.satisfies(found[1], schema):
            return found[1]
        if "allOf" in schema:
            return self._all_of(schema, depth)
        for key in ("oneOf", "anyOf"):
            if key in schema:
                return self._first_alternative(schema, schema[key], depth)
        kind = self._type(schema)
        if kind == "object":
            return self._object(schema, depth)
        if kind == "array":
            return self._array(schema, depth)
        if kind == "integer":
            return self._number(schema, integer=True)
        if kind == "number":
            return self._number(schema, integer=False)
        if kind == "boolean":
            return True
        if kind == "null":
            return None
        return self._string(schema)

    @staticmethod
    def _type(schema: dict) -> str:
        kind = schema.get("type")
        if isinstance(kind, list):
            non_null = [k for k in kind if k != "null"]
            kind = non_null[0] if non_null else "null"
        if kind:
            return kind
        if "properties" in schema or "additionalProperties" in schema or "required" in schema:
            return "object"
        if "items" in schema:
            return "array"
        return "string"

    def _all_of(self, schema: dict, depth: int):
        merged = self._flatten(schema)
        if merged.get("type", "object") != "object" and not merged.get("properties"):
            return self.build(merged, depth)
        if "oneOf" in merged or "anyOf" in merged:  # a part chooses among alternatives
            return self.build(merged, depth)
        return self._object(merged, depth)

    def _flatten(self, schema) -> dict:
        """allOf parts merged into one schema: properties and required lists unioned; the
        first non-object type wins (an allOf of a string and its constraints stays a string)."""
        schema = self.resolve(schema)
        if not isinstance(schema, dict):
            return {}
        merged = {k: v for k, v in schema.items() if k not in ("allOf", "properties", "required")}
        properties = dict(schema.get("properties") or {})
        required = list(schema.get("required") or [])
        for part in schema.get("allOf") or []:
            flat = self._flatten(part)
            properties.update(flat.pop("properties", {}) or {})
            required += [r for r in flat.pop("required", []) or [] if r not in required]
            for key, value in flat.items():
                merged.setdefault(key, value)
        merged["properties"] = properties
        merged["required"] = required
        return merged

    def _first_alternative(self, schema: dict, alternatives: list, depth: int):
        # The first alternative that is not a bare null; a discriminator's property is set to
        # the mapping key that names the chosen alternative, so the value routes to it.
        base = {k: v for k, v in schema.items() if k not in ("oneOf", "anyOf", "discriminator")}
        for index, alternative in enumerate(alternatives):
            resolved = self.resolve(alternative)
            if isinstance(resolved, dict) and resolved.get("type") == "null":
                continue
            # The alternative last: where it narrows a member of the base (an enum of fewer
            # letters), its narrower schema is the one the value must meet.
            combined = {"allOf": [base, alternative]} if base.get("properties") else alternative
            value = self.build(combined, depth + 1)
            discriminator = schema.get("discriminator")
            if isinstance(value, dict) and discriminator:
                value[discriminator["propertyName"]] = self._mapping_key(discriminator, alternative)
            return value
        return None

    def _mapping_key(self, discriminator: dict, alternative) -> str:
        """The generator's rule (DiscriminatorValues.swift): the mapping key naming the member,
        else the member's own constant for the property (through allOf), else its name."""
        ref = alternative.get("$ref", "") if isinstance(alternative, dict) else ""
        for key, target in (discriminator.get("mapping") or {}).items():
            if target == ref or target.split("/")[-1] == ref.split("/")[-1]:
                return key
        constants = self._constants(discriminator["propertyName"], alternative, 0)
        return constants[0] if constants else ref.split("/")[-1]

    def _constants(self, name: str, schema, depth: int):
        """The string values `schema` holds its property `name` to, or None."""
        schema = self.resolve(schema)
        if not isinstance(schema, dict) or depth > 32:
            return None
        prop = self.resolve((schema.get("properties") or {}).get(name))
        if isinstance(prop, dict):
            values = [prop["const"]] if "const" in prop else prop.get("enum")
            if values is not None:
                values = [v for v in values if v is not None]
                if values and all(isinstance(v, str) for v in values):
                    return values
        for part in schema.get("allOf") or []:
            found = self._constants(name, part, depth + 1)
            if found is not None:
                return found
        return None

    def _object(self, schema: dict, depth: int):
        result = {}
        properties = schema.get("properties") or {}
        required = schema.get("required") or []
        for name in required:
            if self.for_requests and self._read_or_write_only(properties.get(name, {})):
                continue  # a required readOnly member is required in responses only
            result[name] = self.build(properties.get(name, {}), depth + 1)
        if depth < self.max_depth:
            for name, property_schema in properties.items():
                if name in result or self._read_or_write_only(property_schema):
                    continue
                if self._is_recursive(property_schema, depth):
                    continue
                result[name] = self.build(property_schema, depth + 1)
        minimum = schema.get("minProperties", 0)
        extra = schema.get("additionalProperties")
        index = 0
        while len(result) < minimum:
            result[f"key{index}"] = self.build(extra if isinstance(extra, dict) else {}, depth + 1)
            index += 1
        return result

    def _read_or_write_only(self, schema) -> bool:
        schema = self.resolve(schema)
        return isinstance(schema, dict) and bool(schema.get(self.omitted))

    def _is_recursive(self, schema, depth: int) -> bool:
        # Optional members past a few levels are left out so self-referencing schemas end.
        return depth >= 3 and isinstance(schema, dict) and "$ref" in schema

    def _array(self, schema: dict, depth: int):
        count = max(schema.get("minItems", 0), 1 if depth < self.max_depth else 0)
        if "maxItems" in schema:
            count = min(count, schema["maxItems"])
        items = schema.get("items", {})
        values = []
        for index in range(count):
            value = self.build(items, depth + 1)
            if schema.get("uniqueItems") and value in values:
                value = self._variant(value, index)
            values.append(value)
        return values

    @staticmethod
    def _variant(value, index: int):
        if isinstance(value, str):
            return f"{value}{index}"
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return value + index
        return value

    @staticmethod
    def _number(schema: dict, integer: bool):
        low = schema.get("minimum")
        high = schema.get("maximum")
        if isinstance(schema.get("exclusiveMinimum"), (int, float)) and not isinstance(
            schema.get("exclusiveMinimum"), bool
        ):
            low = schema["exclusiveMinimum"] + (1 if integer else 0.5)
        elif schema.get("exclusiveMinimum") is True and low is not None:
            low = low + (1 if integer else 0.5)
        value = low if low is not None else (1 if high is None or high >= 1 else high)
        if high is not None and value > high:
            value = high
        multiple = schema.get("multipleOf")
        if multiple:
            value = multiple * max(1, -(-value // multiple))
        return int(value) if integer else float(value)

    @staticmethod
    def _string(schema: dict) -> str:
        value = _FORMATS.get(schema.get("format", ""), "string")
        if "pattern" in schema and schema.get("format") is None:
            value = _from_pattern(schema["pattern"])
        minimum = schema.get("minLength", 0)
        if len(value) < minimum:
            value = value + "x" * (minimum - len(value))
        maximum = schema.get("maxLength")
        if maximum is not None and len(value) > maximum:
            value = value[:maximum]
        return value


def _from_pattern(pattern: str) -> str:
    """A tiny pattern helper for the shapes API documents use (`^[a-z]{3}_[0-9]+$`): literal
    characters kept, simple classes replaced by one member, repetition counts honoured."""
    out = []
    i = 0
    # Of alternatives (`SM|MM`, at the top or in a group) the first: one is a valid sample.
    text = _first_alternative(pattern.strip("^$"))
    while i < len(text):
        char = text[i]
        if char == "(":
            close = _group_end(text, i)
            inner = text[i + 1 : close]
            if inner.startswith("?:"):
                inner = inner[2:]
            piece = _from_pattern(inner)
            i = close + 1
            count = 1
            if i < len(text) and text[i] == "{":
                end = text.index("}", i)
                count = int(text[i + 1 : end].split(",")[0])
                i = end + 1
            elif i < len(text) and text[i] in "+*?":
                count = 1 if text[i] == "+" else 0
                i += 1
            out.append(piece * count)
            continue
        if char == "[":
            end = text.index("]", i)
            members = text[i + 1 : end]
            pick = members[0] if members[0] != "^" else "x"
            i = end + 1
            count = 1
            if i < len(text) and text[i] == "{":
                close = text.index("}", i)
                count = int(text[i + 1 : close].split(",")[0])
                i = close + 1
            elif i < len(text) and text[i] in "+*?":
                count = 1 if text[i] == "+" else 0
                i += 1
            out.append(pick * count)
            continue
        if char == "\\" and i + 1 < len(text):
            out.append({"d": "1", "w": "a", "s": " "}.get(text[i + 1], text[i + 1]))
            i += 2
            continue
        if char in "+*?()|.":
            i += 1
            continue
        out.append(char)
        i += 1
    return "".join(out)


def _structure(text: str, start: int = 0):
    """`(index, char, depth)` for each group parenthesis and `|` of `text` from `start`, escapes
    and classes skipped; `depth` counts the groups open before the character."""
    depth, i = 0, start
    while i < len(text):
        char = text[i]
        if char == "\\":
            i += 2
            continue
        if char == "[":
            i = text.index("]", i + 1) + 1
            continue
        if char in "()|":
            if char == ")":
                depth -= 1
            yield i, char, depth
            if char == "(":
                depth += 1
        i += 1


def _group_end(text: str, start: int) -> int:
    """The index of the `)` closing the group opened at `start`."""
    return next((i for i, char, depth in _structure(text, start) if char == ")" and depth == 0), len(text) - 1)


def _first_alternative(text: str) -> str:
    """`text` up to its first `|` outside groups and classes."""
    return next((text[:i] for i, char, depth in _structure(text) if char == "|" and depth == 0), text)
