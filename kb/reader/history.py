"""The history pages' data: a rule's trace, diffs with word marks, and the CR's life in pictures.

The overview reads the per-release counts stored with the renumbering chain
(kb.history.overview), so even its first visit computes no diff.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.api import KnowledgeBase
from kb.reader.links import marked

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
        changed.append(
            {
                **entry,
                "old_pieces": marked(entry["old_text"] or "", entry["old_spans"]),
                "new_pieces": marked(entry["new_text"] or "", entry["new_spans"]),
            }
        )
    return {**data, "changed": changed}


@dataclass
class Release:
    """One release of the English chain: its documents, the editions a link names and its counts."""

    old: str  # what the diff link names: the edition, or the document when two share the date
    new: str
    new_edition: str
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


def release(stored, names: dict[str, str]) -> Release:
    """A release from its stored counts (kb.api.KnowledgeBase.release_counts), summed as the pictures count."""
    counts = {kind: sum(stored.summary.get(name, 0) for name in names_) for kind, names_ in KINDS.items()}
    counted = {name for names_ in KINDS.values() for name in names_}
    sections = {s: sum(n for change, n in stored.sections.get(s, {}).items() if change in counted) for s in SECTIONS}
    return Release(names[stored.old], names[stored.new], stored.new_edition or stored.new, counts, sections)


def overview(kb: KnowledgeBase, width: int = 960, height: int = 240) -> Overview:
    """Rules per English edition of the chain and per release the changes, laid out for the SVG
    templates; the counts are those stored with the chain, so no diff is computed here."""
    stored = kb.release_counts()
    held = {d.name: d for d in kb.documents(lang="en")}
    chain = [held[name] for name in dict.fromkeys(n for r in stored for n in (r.old, r.new)) if name in held]
    if not chain:  # a single edition: no release yet
        chain = [d for d in held.values() if d.edition][-1:]
    dated = [d.edition for d in chain]
    # A link names an edition by its date unless two editions of the chain share it.
    names = {d.name: d.edition if d.edition and dated.count(d.edition) == 1 else d.name for d in chain}
    scale = max((d.rules for d in chain), default=1) or 1
    step = width / max(len(chain), 1)
    editions = [
        {
            "edition": d.edition,
            "document": d.name,
            "rules": d.rules,
            "x": round(i * step, 2),
            "width": round(step * 0.8, 2),
            "height": round(d.rules / scale * height, 2),
        }
        for i, d in enumerate(chain)
    ]
    releases = [release(r, names) for r in stored]
    peak = max((sum(r.counts.values()) for r in releases), default=1) or 1
    bar = width / max(len(releases), 1)
    for i, item in enumerate(releases):
        item.x, item.width = round(i * bar, 2), round(bar * 0.8, 2)
        y = float(height)
        for kind in KINDS:
            tall = item.counts[kind] / peak * height
            y -= tall
            item.bars.append({"kind": kind, "y": round(y, 2), "height": round(tall, 2), "n": item.counts[kind]})
    return Overview(editions, releases, width, height, scale, peak)
