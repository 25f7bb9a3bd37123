"""The history pages' data: a rule's trace, diffs with word marks, and the CR's life in pictures.

The overview needs one diff per release; they are computed once per set of documents and
kept, so that only the first visit pays (a read-only server's database does not change).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from typing import TYPE_CHECKING

from kb.api import KnowledgeBase
from kb.reader.links import marked

if TYPE_CHECKING:
    from kb.core.results import DocumentInfo

# What the pictures count, and which of the diff's classes each one sums.
KINDS = {
    "added": ("added",),
    "edited": ("edited", "split", "merged"),
    "renumbered": ("renumbered", "renumbered and edited"),
    "removed": ("removed",),
}
SECTIONS = tuple("123456789")


def diff_view(kb: KnowledgeBase, old: str, new: str, section: str | None = None) -> dict:
    """A diff with each changed rule's texts cut into marked pieces; unchanged rules left out."""
    data = kb.diff(old, new, section=section).to_dict()
    changed = []
    for entry in data["rules"]:
        if entry["change"] == "unchanged":
            continue
        changed.append({**entry, "old_pieces": marked(entry["old_text"] or "", entry["old_spans"]),
                        "new_pieces": marked(entry["new_text"] or "", entry["new_spans"])})
    return {**data, "changed": changed}


@dataclass
class Release:
    """One English release against the one before it."""

    old: str
    new: str
    counts: dict[str, int]
    sections: dict[str, int]  # changed rules per section
    bars: list[dict] = field(default_factory=list)  # the stacked bar: kind, y, height
    x: float = 0.0
    width: float = 0.0


@dataclass
class Overview:
    editions: list[dict]  # edition, rules, x, height
    releases: list[Release]
    width: int
    height: int
    scale: int  # rules at the top of the first picture
    peak: int  # changes at the top of the second


_remembered: dict[tuple, Overview] = {}


def release_counts(kb: KnowledgeBase, old: str, new: str) -> tuple[dict[str, int], dict[str, int]]:
    """Rules added, edited, renumbered and removed between two editions, and changes per section."""
    data = kb.diff(old, new, spans=False).to_dict()
    counts = {kind: sum(data["summary"].get(name, 0) for name in names) for kind, names in KINDS.items()}
    counted = {name for names in KINDS.values() for name in names}
    sections = dict.fromkeys(SECTIONS, 0)
    for entry in data["rules"]:
        if entry["change"] in counted:
            number = entry["new_number"] or entry["old_number"] or ""
            if number[:1] in sections:
                sections[number[:1]] += 1
    return counts, sections


def overview(kb: KnowledgeBase, width: int = 960, height: int = 240) -> Overview:
    """Rules per English edition and per release the changes, laid out for the SVG templates."""
    english = [d for d in kb.documents(lang="en") if d.edition]
    by_edition: dict[str, DocumentInfo] = {}
    for doc in english:  # one document per edition: the official file before a variant
        if doc.edition not in by_edition or len(doc.name) < len(by_edition[doc.edition].name):
            by_edition[doc.edition] = doc
    docs = [by_edition[e] for e in sorted(by_edition)]
    key = (id(kb), tuple((d.name, d.imported_at) for d in docs))
    if key in _remembered:
        return _remembered[key]
    scale = max((d.rules for d in docs), default=1) or 1
    step = width / max(len(docs), 1)
    editions = [{"edition": d.edition, "document": d.name, "rules": d.rules, "x": round(i * step, 2), "width": round(step * 0.8, 2),
                 "height": round(d.rules / scale * height, 2)} for i, d in enumerate(docs)]
    releases = []
    dates = [d.edition for d in docs if d.edition]  # every one is dated (chosen so above)
    for old, new in zip(dates, dates[1:]):
        counts, sections = release_counts(kb, old, new)
        releases.append(Release(old, new, counts, sections))
    peak = max((sum(r.counts.values()) for r in releases), default=1) or 1
    bar = width / max(len(releases), 1)
    for i, release in enumerate(releases):
        release.x, release.width = round(i * bar, 2), round(bar * 0.8, 2)
        y = float(height)
        for kind in KINDS:
            tall = release.counts[kind] / peak * height
            y -= tall
            release.bars.append({"kind": kind, "y": round(y, 2), "height": round(tall, 2), "n": release.counts[kind]})
    found = _remembered[key] = Overview(editions, releases, width, height, scale, peak)
    return found
