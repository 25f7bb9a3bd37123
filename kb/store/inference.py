"""An undated document's inferred editions as stored (kb.history.inference computes them).

Read here, below the history features, because a lookup in such a document needs them: a fresh
`mtgkb show 702.23a --lang de` reads one row, not the whole history package.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from kb.core.model import Serialisable
from kb.i18n import N_, _

# What each kind of fact is called where the evidence is shown.
KIND_NAMES = {
    "number": N_("number"),
    "title": N_("title"),
    "text": N_("text"),
    "family": N_("family"),
    "cited": N_("cited"),
    "cited title": N_("cited title"),
    "cites": N_("cites"),
}


def message(msgid: str, **params) -> dict:
    """A sentence of evidence kept as its message and values, so it reads in every interface language."""
    return {"msgid": msgid, "params": params}


def render(entry: dict | str) -> str:
    """One evidence sentence in the interface language (stored plain strings pass through)."""
    if isinstance(entry, str):
        return entry
    params = {
        k: (
            render(v)
            if isinstance(v, dict)
            else "; ".join(render(x) for x in v)
            if isinstance(v, list)
            else _(KIND_NAMES[v])
            if k == "kind"
            else v
        )
        for k, v in entry["params"].items()
    }
    return _(entry["msgid"]).format(**params)


@dataclass
class Inference(Serialisable):
    """The editions a document matches best, as a range and a list, with the facts that decided."""

    document: str
    first: str | None
    last: str | None
    editions: list[str]
    evidence_messages: list[dict] = field(default_factory=list)

    json_omit = ("evidence_messages",)
    json_extra = ("evidence",)

    @property
    def evidence(self) -> list[str]:
        return [render(entry) for entry in self.evidence_messages]


def stored_inference(source, document: str) -> Inference | None:
    """The stored inference of a document, for display (`mtgkb editions`) and lookups."""
    conn = getattr(source, "conn", source)
    row = conn.execute(
        "select document, first, last, editions, evidence from edition_inference where document = ?", [document]
    ).fetchone()
    if row is None:
        return None
    return Inference(row[0], row[1], row[2], json.loads(row[3]), json.loads(row[4]))
