"""The records the facade returns: a rule, its links and citations.

Plain classes with ``to_dict()`` for JSON, not dataclasses: the dataclasses module imports
inspect, ast and tokenize, a quarter of a fresh `mtgkb show`. The rarer results (imports,
documents, glossary entries) live in kb.core.results so that a fresh `mtgkb show` never builds
them.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing itself is not imported: it costs a fresh process milliseconds
if TYPE_CHECKING:
    from typing import Any, ClassVar

from kb.core.numbers import RuleNumber


def plain(value: Any) -> Any:
    """A value as JSON holds it: records (of both kinds) and dataclasses become dicts, within lists and dicts too."""
    if isinstance(value, Record):
        return value.to_dict()
    if isinstance(value, (list, tuple)):
        return type(value)(plain(item) for item in value)
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if hasattr(type(value), "__record_fields__"):  # kb.core.records
        return {name: plain(getattr(value, name)) for name in type(value).__record_fields__}
    if hasattr(type(value), "__dataclass_fields__"):
        from dataclasses import fields

        return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
    return value


class Record:
    """Fields named in ``FIELDS``; equal when of one class with equal fields (as a dataclass)."""

    FIELDS: ClassVar[tuple[str, ...]] = ()
    __hash__ = None  # type: ignore[assignment]  # mutable, as a dataclass without frozen=True

    def to_dict(self) -> dict:
        return {name: plain(getattr(self, name)) for name in self.FIELDS}

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.FIELDS)

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"{type(self).__name__}({shown})"


class _Serialisable:
    """The dataclasses among the results (kb.core.results and others): to_dict() as ``asdict``,
    records inside included."""

    def to_dict(self) -> dict:
        return plain(self)


class RuleLink(Record):
    FIELDS = ("number", "title")

    def __init__(self, number: str, title: str | None = None) -> None:
        self.number = number
        self.title = title


class Reference(Record):
    FIELDS = ("source", "glossary_term", "raw", "target", "title", "resolved", "title_matches", "document",
              "lang", "edition", "actual_title", "checked_in")

    def __init__(self, source: str | None, glossary_term: str | None, raw: str, target: str, title: str | None,
                 resolved: bool, title_matches: bool | None, document: str, lang: str, edition: str | None,
                 actual_title: str | None = None, checked_in: str | None = None) -> None:
        self.source = source  # the citing rule's number (None for a glossary entry)
        self.glossary_term = glossary_term
        self.raw = raw
        self.target = target
        self.title = title
        self.resolved = resolved
        self.title_matches = title_matches
        self.document = document
        self.lang = lang
        self.edition = edition
        # Broken citations only: the cited rule's own title where the quoted one differs, and for a
        # partial document (an excerpt, a glossary list) the full text its citations were checked in.
        self.actual_title = actual_title
        self.checked_in = checked_in


class Rule(Record):
    FIELDS = ("number", "kind", "title", "text", "examples", "lang", "edition", "document", "line", "anchor",
              "parent", "children", "previous", "next", "cites", "cited_by", "commentary", "other_versions",
              "duplicates", "scenarios", "inferred_edition", "english", "subrules", "current")

    def __init__(self, number: str, kind: str, title: str | None, text: str, examples: list[str], lang: str,
                 edition: str | None, document: str, line: int, anchor: str, parent: RuleLink | None,
                 children: list[RuleLink], previous: RuleLink | None, next: RuleLink | None,
                 cites: list[Reference] | None = None, cited_by: list[Reference] | None = None,
                 commentary: list[dict] | None = None, other_versions: list[dict] | None = None,
                 duplicates: int = 0, scenarios: list[dict] | None = None, inferred_edition: dict | None = None,
                 english: dict | None = None, subrules: bool = True, current: dict | None = None) -> None:
        self.number = number
        self.kind = kind
        self.title = title
        self.text = text
        self.examples = examples
        self.lang = lang
        self.edition = edition
        self.document = document
        self.line = line
        self.anchor = anchor
        self.parent = parent
        self.children = children
        self.previous = previous
        self.next = next
        self.cites = cites if cites is not None else []
        self.cited_by = cited_by if cited_by is not None else []
        self.commentary = commentary if commentary is not None else []
        self.other_versions = other_versions if other_versions is not None else []
        self.duplicates = duplicates  # further rules printed with the same number in this document
        self.scenarios = scenarios if scenarios is not None else []  # example games: scenario, file, edition, passed
        # An undated document: the inferred edition range, and the English rule of its newest edition.
        self.inferred_edition = inferred_edition
        self.english = english
        self.subrules = subrules  # False when asked for without them ("702.26." with a trailing dot)
        # Today's English rule of this one's lineage (number, edition, document); None when it is gone.
        self.current = current

    def payload(self) -> dict:
        """The one JSON shape of a rule, in `show --json`, the HTTP API, the MCP server and Python.

        Academy Ruins' field names (ruleNumber, ruleText, examples, navigation), Yawgatog's
        anchor and a full link (to today's number of this rule: the German 702.23a links to
        #R70226a), then what only mtgkb has. Rule citations and glossary mentions are kept apart.
        """
        rules_citing = sorted({ref.source for ref in self.cited_by if ref.source},
                              key=lambda number: RuleNumber.parse(number).sort_key())
        glossary = sorted({ref.glossary_term for ref in self.cited_by if ref.glossary_term and not ref.source})
        payload = {
            "ruleNumber": self.number,
            "title": self.title,
            "ruleText": self.text,
            "examples": self.examples,
            "kind": self.kind,
            "lang": self.lang,
            "edition": self.edition,
            "document": self.document,
            "line": self.line,
            "anchor": self.anchor,
            "link": yawgatog_link(self.current["number"]) if self.current else None,
            "current": self.current,
            "navigation": {
                "previousRule": self.previous.number if self.previous else None,
                "nextRule": self.next.number if self.next else None,
                "parentRule": self.parent.number if self.parent else None,
            },
            "parent": self.parent.to_dict() if self.parent else None,
            "children": [child.number for child in self.children],
            "withoutSubrules": not self.subrules,
            "cites": [ref.target for ref in self.cites],
            "citedBy": rules_citing,
            "glossaryMentions": glossary,
            "commentary": self.commentary,
            "scenarios": [{**scenario, "file": data_relative(scenario["file"])} for scenario in self.scenarios],
            "otherVersions": self.other_versions,
            "duplicates": self.duplicates,
        }
        if self.inferred_edition:
            payload["inferredEdition"] = self.inferred_edition
        if self.english:
            payload["english"] = self.english
        return payload


def data_relative(path: str) -> str:
    """A scenario file as JSON shows it: relative to the data folder ("scenarios/phasing.yaml"), never
    an absolute path of the machine that ran it (a file elsewhere is shown by its name)."""
    from pathlib import PurePath

    parts = PurePath(path).parts
    if "data" in parts:
        at = len(parts) - 1 - parts[::-1].index("data")
        if at + 1 < len(parts):
            return "/".join(parts[at + 1:])
    return parts[-1] if parts else path


YAWGATOG = "https://yawgatog.com/resources/magic-rules/"


def yawgatog_link(number: str) -> str:
    """Yawgatog's page of today's rules at a rule's anchor ("…/magic-rules/#R70226b")."""
    return YAWGATOG + "#R" + number.replace(".", "")
