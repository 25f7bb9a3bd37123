"""The results of cross-checks: findings of a whole document, rows and flags of a rule.

Plain dataclasses with ``to_dict()``; the renderers (text, HTML) and the JSON output
read only these.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from kb.core.model import Serialisable
from kb.crosscheck.tiers import SURE, tier
from kb.i18n import N_

# Whole-document findings, in report order.
FINDINGS = (
    "missing",
    "extra",
    "duplicate",
    "subrules",
    "citations",
    "titles",
    "examples",
    "numbers",
    "terms",
    "untranslated",
    "terminology",
    "consistency",
    "markers",
    "coverage",
    "swaps",
    "spelling",
    "garbled",
)
# The classes of the first rounds, whose hand-labelled sample (tests/data/crosscheck_labels.tsv) measures precision;
# the translation QA classes after them are measured on the translators' own corrections
# (tests/data/crosscheck_corrections_zh.tsv).
CLASSIC = FINDINGS[:10]
QA = FINDINGS[10:]
FINDING_LABELS = {
    "missing": N_("rule of the original missing in the translation"),
    "extra": N_("rule of the translation not in the original"),
    "duplicate": N_("number printed more than once"),
    "subrules": N_("subrule sets differ"),
    "citations": N_("cited rules differ"),
    "titles": N_("a cited rule's title is another rule's"),
    "examples": N_("example counts differ"),
    "numbers": N_("numbers in the text differ"),
    "terms": N_("another game term than the original's"),
    "untranslated": N_("English left untranslated"),
    "terminology": N_("a game term of the original without its translation"),
    "consistency": N_("a term or a wording translated otherwise than elsewhere"),
    "markers": N_("left/right or top/bottom lost or turned around"),
    "coverage": N_("a clause or a parenthesis missing or added"),
    "swaps": N_("a core noun or verb of the original rendered as another (object as permanent)"),
    "spelling": N_("a rare word one letter from a word the document writes often"),
    "garbled": N_("garbled characters (a wrong code page, mojibake)"),
}
# Rule-level flags, in report order. (Labels are translated where shown.)
FLAGS = ("one-side", "rules-change", "citations", "numbers", "terms", "untranslated")
FLAG_LABELS = {
    "one-side": N_("on one side only"),
    "rules-change": N_("the rules changed between the editions"),
    "citations": N_("cited rules differ"),
    "numbers": N_("numbers differ"),
    "terms": N_("game terms differ"),
    "untranslated": N_("English left untranslated"),
}


@dataclass
class Finding(Serialisable):
    """One disagreement of a translation with its original, at one rule number."""

    kind: str  # one of FINDINGS
    number: str
    message: str
    translation: str | None = None
    original: str | None = None
    detail: dict = field(default_factory=dict)
    confidence: float | None = None  # how sure the check is (0..1); the QA classes set it, the report ranks by it
    tier: str = ""  # "sure" or "possible" (kb.crosscheck.tiers): set from the class and level when made

    def __post_init__(self) -> None:
        if not self.tier:
            self.tier = tier(self.kind, self.detail.get("level"))


@dataclass
class DocumentCrosscheck(Serialisable):
    """A translation against the original of its edition, rule by rule."""

    translation: dict  # document, lang, edition
    original: dict
    rules: dict  # translation, original, paired
    counts: dict[str, int]
    findings: list[Finding]

    json_extra = ("shares",)

    def of_kind(self, kind: str, tier: str | None = None) -> list[Finding]:
        return [f for f in self.findings if f.kind == kind and tier in (None, f.tier)]

    def tiers(self, kind: str) -> tuple[int, int]:
        """(sure, possible) findings of ``kind``: the report's "3 + 5"."""
        found = self.of_kind(kind)
        sure = sum(1 for f in found if f.tier == SURE)
        return sure, len(found) - sure

    @property
    def shares(self) -> dict[str, float]:
        """The share of the rules with a sure finding, and with any finding: what a translator who reads only the
        sure tier, or every finding, has to read (issue 44 asks at most 0.10). Over the rules of either side (a
        rule missing from the translation is flagged too), so a share never passes 1."""
        rules = self.rules
        total = rules.get("translation", 0) + rules.get("original", 0) - rules.get("paired", 0)
        sure = {f.number for f in self.findings if f.tier == SURE}
        return {
            "sure": round(len(sure) / total, 4) if total else 0.0,
            "any": round(len(self.flagged) / total, 4) if total else 0.0,
        }

    def sure_only(self) -> DocumentCrosscheck:
        """The report of the sure findings alone (``--sure``): counts of those, the rules count unchanged."""
        kept = [f for f in self.findings if f.tier == SURE]
        return replace(self, findings=kept, counts=count([f.kind for f in kept], tuple(self.counts)))

    def ranked(self) -> list[Finding]:
        """Every finding, the surest first (a finding without a confidence counts as sure)."""
        return sorted(self.findings, key=lambda f: -(1.0 if f.confidence is None else f.confidence))

    @property
    def flagged(self) -> list[str]:
        """The rule numbers with at least one finding, in report order."""
        return list(dict.fromkeys(f.number for f in self.findings))


def count(kinds: list[str], order: tuple[str, ...]) -> dict[str, int]:
    """Counts per kind in report order, zeros included, so reports and tests see every class."""
    found = Counter(kinds)
    return {kind: found.get(kind, 0) for kind in order}


@dataclass
class Cell(Serialisable):
    """One rule text in a row: a translation's or an English pivot's."""

    number: str
    text: str
    lang: str


@dataclass
class Flag(Serialisable):
    """Something a translator should look at in one row; ``side`` is "a", "b" or None for both."""

    kind: str  # one of FLAGS
    message: str
    side: str | None = None
    detail: dict = field(default_factory=dict)


@dataclass
class Row(Serialisable):
    """One aligned subrule: both translations and the English text of both editions."""

    a: Cell | None
    b: Cell | None
    en_a: Cell | None = None
    en_b: Cell | None = None
    change: str | None = None  # what the English rule went through between the editions
    flags: list[Flag] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # agreements worth knowing ("same citation, renumbered")

    def kinds(self) -> list[str]:
        return [f.kind for f in self.flags]


@dataclass
class Side(Serialisable):
    """One side as resolved: the document, its edition and how it was chosen, the English pivot."""

    spec: str
    document: str
    lang: str
    edition: str | None
    chosen: str
    number: str
    title: str | None
    pivot: dict | None  # Pivot.to_dict()


@dataclass
class RuleCrosscheck(Serialisable):
    """A rule of one translation against a rule of another, subrule by subrule."""

    a: Side
    b: Side
    method: str  # "pivot": through the English editions; "structure": by order, citations, numbers, terms
    notes: list[str]
    rows: list[Row]
    counts: dict[str, int]
