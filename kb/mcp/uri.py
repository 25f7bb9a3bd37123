"""The resource URIs of rules: ``mtgkb://en/2026-08-07/702.26b``.

A URI names a language, an edition (a date, ``latest``, or the document name of an
undated text) and a rule number, so an agent can cite it and read it back unchanged.
"""

from __future__ import annotations

SCHEME = "mtgkb"
RULE_TEMPLATE = f"{SCHEME}://{{lang}}/{{edition}}/{{number}}"
EDITIONS_URI = f"{SCHEME}://editions"
LATEST = "latest"


def rule_uri(lang: str, edition: str | None, document: str, number: str) -> str:
    """The URI of one rule as stored: its edition date, or its document name when undated."""
    return f"{SCHEME}://{lang}/{edition or document}/{number}"


def edition_argument(edition: str) -> str | None:
    """The facade's edition argument for the edition part of a URI (``latest``: the newest)."""
    return None if edition == LATEST else edition
