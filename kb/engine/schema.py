"""A small JSON-Schema validator: enough of the vocabulary for the scenario schema.

Supported: type, properties, required, additionalProperties (bool or schema),
items, enum, const, minimum, minItems, pattern, anyOf, $ref to "#/$defs/...".
Every message starts with the path of the offending field ("steps[3].cast.card");
"x-name" on an object schema names what an unknown key is ("unknown action").
"""

from __future__ import annotations

import json
import re
from typing import Any, Iterator

from kb.i18n import N_, _, ngettext

_TYPES = {
    "object": dict,
    "array": list,
    "string": str,
    "boolean": bool,
    "null": type(None),
}


def _is_type(value: Any, name: str) -> bool:
    if name == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if name == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, _TYPES[name])


def _type_name(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    for name, py in _TYPES.items():
        if isinstance(value, py):
            return name
    return type(value).__name__


def _q(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


def _alternatives(names: list[str]) -> str:
    """Type names as "a or b" (the names themselves are JSON Schema's, untranslated)."""
    names = list(names)
    if len(names) < 2:
        return "".join(names)
    return _("{first} or {last}").format(first=", ".join(names[:-1]), last=names[-1])


def _at(path: str, message: str) -> str:
    """A message after the path of its field (scenarios.py splits them at the first ": ")."""
    return f"{path}: {message}"


#: What an unknown key of an object is, by the schema's "x-name" (whole sentences per noun).
UNKNOWN_KEY = {
    "field": N_("unknown field (known: {known})"),
    "action": N_("unknown action (known: {known})"),
}


def join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else str(key)


class Validator:
    def __init__(self, schema: dict):
        self.schema = schema

    def _resolve(self, node: dict) -> dict:
        while "$ref" in node:
            ref = node["$ref"]
            if not ref.startswith("#/$defs/"):
                raise ValueError(f"unsupported $ref {ref!r}")
            node = self.schema["$defs"][ref[len("#/$defs/") :]]
        return node

    def errors(self, value: Any, node: dict | None = None, path: str = "") -> Iterator[str]:
        node = self._resolve(self.schema if node is None else node)
        if "anyOf" in node:
            branches = [self._resolve(b) for b in node["anyOf"]]
            results = [list(self.errors(value, b, path)) for b in branches]
            if any(not r for r in results):
                return
            typed = [r for b, r in zip(branches, results) if "type" not in b or self._type_ok(value, b["type"])]
            if typed:
                yield from min(typed, key=len)
            else:
                names = sorted({t for b in branches for t in _as_list(b.get("type", []))})
                yield _at(
                    path or "(top)",
                    _("expected {types}, got {actual}").format(types=_alternatives(names), actual=_type_name(value)),
                )
            return
        if "type" in node and not self._type_ok(value, node["type"]):
            yield _at(
                path or "(top)",
                _("expected {types}, got {actual} {value}").format(
                    types=_alternatives(_as_list(node["type"])), actual=_type_name(value), value=_q(value)
                ),
            )
            return
        if "const" in node and value != node["const"]:
            yield _at(path, _("expected {expected}, got {value}").format(expected=_q(node["const"]), value=_q(value)))
        if "enum" in node and value not in node["enum"]:
            yield _at(path, _("{value} is not one of {allowed}").format(value=_q(value), allowed=_q(node["enum"])))
        if "minimum" in node and _is_type(value, "number") and value < node["minimum"]:
            yield _at(path, _("{value} is less than {minimum}").format(value=value, minimum=node["minimum"]))
        if "pattern" in node and isinstance(value, str) and not re.search(node["pattern"], value):
            yield _at(path, _("{value} does not match {pattern}").format(value=_q(value), pattern=node["pattern"]))
        if isinstance(value, list):
            if "minItems" in node and len(value) < node["minItems"]:
                yield _at(
                    path,
                    ngettext("needs at least {n} item", "needs at least {n} items", node["minItems"]).format(
                        n=node["minItems"]
                    ),
                )
            if "items" in node:
                for i, item in enumerate(value):
                    yield from self.errors(item, node["items"], join(path, i))
        if isinstance(value, dict):
            yield from self._object_errors(value, node, path)

    def _object_errors(self, value: dict, node: dict, path: str) -> Iterator[str]:
        props = node.get("properties", {})
        for key in node.get("required", ()):
            if key not in value:
                yield _at(join(path, key), _("missing (required)"))
        extra = node.get("additionalProperties", True)
        for key, item in value.items():
            if key in props:
                yield from self.errors(item, props[key], join(path, str(key)))
            elif extra is False:
                known = ", ".join(sorted(props)) or _("none")
                noun = node.get("x-name", "field")
                message = _(UNKNOWN_KEY[noun]) if noun in UNKNOWN_KEY else _("unknown {noun} (known: {known})")
                yield _at(join(path, str(key)), message.format(noun=noun, known=known))
            elif isinstance(extra, dict):
                yield from self.errors(item, extra, join(path, str(key)))
        if "maxProperties" in node and len(value) > node["maxProperties"]:
            yield _at(
                path,
                ngettext(
                    "at most {n} field, got {fields}", "at most {n} fields, got {fields}", node["maxProperties"]
                ).format(n=node["maxProperties"], fields=sorted(value)),
            )
        if "minProperties" in node and len(value) < node["minProperties"]:
            yield _at(
                path,
                ngettext("at least {n} field", "at least {n} fields", node["minProperties"]).format(
                    n=node["minProperties"]
                ),
            )

    @staticmethod
    def _type_ok(value: Any, types: Any) -> bool:
        return any(_is_type(value, t) for t in _as_list(types))


def _as_list(value: Any) -> list:
    return value if isinstance(value, list) else [value]
