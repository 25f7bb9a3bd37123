"""The vocabularies results are written in, and how text output names them.

JSON keeps the English words; text output translates the labels. Features classify
with these words, front ends print them: both import them from here.
"""

from __future__ import annotations

from kb.i18n import N_

# What happened to a rule between two editions (kb.history.diff).
UNCHANGED, REFERENCES, RENUMBERED = "unchanged", "references only", "renumbered"
EDITED, RENUMBERED_EDITED = "edited", "renumbered and edited"
ADDED, REMOVED, SPLIT, MERGED = "added", "removed", "split", "merged"
CHANGES = (UNCHANGED, REFERENCES, RENUMBERED, EDITED, RENUMBERED_EDITED, ADDED, REMOVED, SPLIT, MERGED)
CHANGE_LABELS = {
    UNCHANGED: N_("unchanged"),
    REFERENCES: N_("references only"),
    RENUMBERED: N_("renumbered"),
    EDITED: N_("edited"),
    RENUMBERED_EDITED: N_("renumbered and edited"),
    ADDED: N_("added"),
    REMOVED: N_("removed"),
    SPLIT: N_("split"),
    MERGED: N_("merged"),
}

# What re-validating a citation found (kb.citing.check).
OK, MOVED, CHANGED, GONE, TITLE_MISMATCH, NOT_FOUND = "ok", "moved", "changed", "gone", "title mismatch", "not found"
MOVED_CHANGED = "moved and changed"  # a new number and a new text: both the new number and the word changes
STATUS_LABELS = {
    OK: N_("ok"),
    MOVED: N_("moved"),
    MOVED_CHANGED: N_("moved and changed"),
    CHANGED: N_("changed"),
    GONE: N_("gone"),
    TITLE_MISMATCH: N_("title mismatch"),
    NOT_FOUND: N_("not found"),
}

# Where a term pairing came from, in the order `mtgkb term` lists them (kb.terms).
SOURCES = ("curated", "glossary", "pair", "rule-title", "inline")
SOURCE_LABELS = {
    "curated": N_("curated list"),
    "glossary": N_("glossary entry with its English name"),
    "pair": N_("bilingual heading or contents line"),
    "rule-title": N_("rule title paired by number with the English edition"),
    "inline": N_("bilingual pair inside a rule text"),
}

# What a CR term is (kb.terms.vocabulary), as `mtgkb term` names it.
GLOSSARY_TERM, ACTION, ABILITY, CARD_TYPE, SUPERTYPE, SUBTYPE, ZONE, STEP, COUNTER = (
    "glossary",
    "keyword action",
    "keyword ability",
    "card type",
    "supertype",
    "subtype",
    "zone",
    "step or phase",
    "counter",
)
CATEGORY_LABELS = {
    GLOSSARY_TERM: N_("glossary term"),
    ACTION: N_("keyword action"),
    ABILITY: N_("keyword ability"),
    CARD_TYPE: N_("card type"),
    SUPERTYPE: N_("supertype"),
    SUBTYPE: N_("subtype"),
    ZONE: N_("zone"),
    STEP: N_("step or phase"),
    COUNTER: N_("counter"),
}


def mark(text: str, spans, start: str, end: str) -> str:
    """The text with each span (objects with .start and .end) wrapped in markers ("[-", "-]")."""
    out: list[str] = []
    pos = 0
    for span in spans:
        out.append(text[pos : span.start])
        out.append(start + text[span.start : span.end] + end)
        pos = span.end
    out.append(text[pos:])
    return "".join(out)
