"""The records the facade returns: a rule, its links and citations.

Dataclasses with ``to_dict()`` for JSON. The rarer results (imports, documents, glossary
entries) live in kb.core.results.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass
from pathlib import PurePath
from typing import Any, ClassVar

from kb.core.numbers import RuleNumber


def plain(value: Any) -> Any:
    """A value as JSON holds it: dataclasses become dicts and sets sorted lists, within lists,
    tuples and dicts too.

    The one way a result becomes JSON (every front end's ``--json``, HTTP body and MCP answer):
    a dataclass gives its fields, less those its class names in ``json_omit``, plus the
    properties it names in ``json_extra``; ``json_round`` rounds some of those numbers.
    """
    if isinstance(value, (list, tuple)):
        return type(value)(plain(item) for item in value)
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted(plain(item) for item in value)
    if is_dataclass(value) and not isinstance(value, type):
        kind = type(value)
        omit = getattr(kind, "json_omit", ())
        data = {f.name: plain(getattr(value, f.name)) for f in fields(value) if f.name not in omit}
        for name in getattr(kind, "json_extra", ()):
            data[name] = plain(getattr(value, name))
        for name, digits in getattr(kind, "json_round", {}).items():
            data[name] = round(data[name], digits)
        return data
    return value


class Serialisable:
    """A result dataclass: ``to_dict()`` is ``plain(self)``, shaped by what the class declares.

    ``json_extra`` names properties JSON carries beside the fields (a confidence, a count),
    ``json_omit`` fields it leaves out (a bulky working list), ``json_round`` the digits of
    numbers rounded for readers.
    """

    json_extra: ClassVar[tuple[str, ...]] = ()
    json_omit: ClassVar[tuple[str, ...]] = ()
    json_round: ClassVar[dict[str, int]] = {}

    def to_dict(self) -> dict:
        return plain(self)


@dataclass
class RuleLink(Serialisable):
    number: str
    title: str | None = None


@dataclass
class Reference(Serialisable):
    source: str | None  # the citing rule's number (None for a glossary entry)
    glossary_term: str | None
    raw: str
    target: str
    title: str | None
    resolved: bool
    title_matches: bool | None
    document: str
    lang: str
    edition: str | None
    # Broken citations only: the cited rule's own title where the quoted one differs, and for a
    # partial document (an excerpt, a glossary list) the full text its citations were checked in.
    actual_title: str | None = None
    checked_in: str | None = None


@dataclass
class Rule(Serialisable):
    number: str
    kind: str
    title: str | None
    text: str
    examples: list[str]
    lang: str
    edition: str | None
    document: str
    line: int
    anchor: str
    parent: RuleLink | None
    children: list[RuleLink]
    previous: RuleLink | None
    next: RuleLink | None
    cites: list[Reference] = field(default_factory=list)
    cited_by: list[Reference] = field(default_factory=list)
    commentary: list[dict] = field(default_factory=list)
    other_versions: list[dict] = field(default_factory=list)
    duplicates: int = 0  # further rules printed with the same number in this document
    scenarios: list[dict] = field(default_factory=list)  # example games: scenario, file, edition, passed
    # An undated document: the inferred edition range, and the English rule of its newest edition.
    inferred_edition: dict | None = None
    english: dict | None = None
    subrules: bool = True  # False when asked for without them ("702.26." with a trailing dot)
    # Today's English rule of this one's lineage (number, edition, document); None when it is gone.
    current: dict | None = None
    # Asked for by a date between editions: {"date": the date asked, "edition": the edition in force then}.
    in_force: dict | None = None
    # The examples asked for ("ex 101.2": all, "ex 2 613.6": [2]), counted from 1; None: the rule was.
    asked_examples: list[int] | None = None
    # A keyword's rule (701.2 on, 702.2 on): the subrule that says what it does (kb.core.keywords).
    defining_rule: str | None = None
    # Asked of a partial translation that leaves this rule untranslated: this is the English rule,
    # and this says of which document (document, lang, edition, note). Never an empty text.
    untranslated: dict | None = None

    def payload(self) -> dict:
        """The one JSON shape of a rule, in `show --json`, the HTTP API, the MCP server and Python.

        Academy Ruins' field names (ruleNumber, ruleText, examples, navigation), Yawgatog's
        anchor and a full link (to today's number of this rule: the German 702.23a links to
        #R70226a), then what only mtgkb has. Rule citations and glossary mentions are kept apart.
        """
        rules_citing = sorted(
            {ref.source for ref in self.cited_by if ref.source}, key=lambda number: RuleNumber.parse(number).sort_key()
        )
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
            "definingRule": self.defining_rule,
            "withoutSubrules": not self.subrules,
            "cites": [ref.target for ref in self.cites],
            "citedBy": rules_citing,
            "glossaryMentions": glossary,
            "commentary": self.commentary,
            "scenarios": [{**scenario, "file": data_relative(scenario["file"])} for scenario in self.scenarios],
            "otherVersions": self.other_versions,
            "duplicates": self.duplicates,
        }
        if self.asked_examples is not None:
            payload["askedExamples"] = [{"index": i, "text": self.examples[i - 1]} for i in self.asked_examples]
        if self.inferred_edition:
            payload["inferredEdition"] = self.inferred_edition
        if self.english:
            payload["english"] = self.english
        if self.in_force:
            payload["inForce"] = self.in_force
        if self.untranslated:
            payload["untranslated"] = self.untranslated
        return payload


MAIN_SOURCES = ("official", "translation")


def version_runs(versions: list[dict]) -> list[list[dict]]:
    """Consecutive versions (newest first) that share one number: how `show` prints "Also in" and the
    MCP rule tool summarises a rule's other versions (a hundred editions are a handful of runs)."""
    runs: list[list[dict]] = []
    for version in versions:
        if runs and runs[-1][-1]["number"] == version["number"]:
            runs[-1].append(version)
        else:
            runs.append([version])
    return runs


def data_relative(path: str) -> str:
    """A scenario file as JSON shows it: relative to the data folder ("scenarios/phasing.yaml"), never
    an absolute path of the machine that ran it (a file elsewhere is shown by its name)."""
    parts = PurePath(path).parts
    if "data" in parts:
        at = len(parts) - 1 - parts[::-1].index("data")
        if at + 1 < len(parts):
            return "/".join(parts[at + 1 :])
    return parts[-1] if parts else path


YAWGATOG = "https://yawgatog.com/resources/magic-rules/"


def yawgatog_link(number: str) -> str:
    """Yawgatog's page of today's rules at a rule's anchor ("…/magic-rules/#R70226b")."""
    return YAWGATOG + "#R" + number.replace(".", "")
