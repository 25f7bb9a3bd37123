"""Editions as users type them: a date in any spelling, a document name, "newest" or "all".

This is the one place that turns such a text into the stored form (an ISO date); the
store's document resolver (kb.store.documents) decides which document it names.
"""

from __future__ import annotations

NEWEST = ("latest", "newest", "current")
ALL = "all"


def normalise_edition(text: str) -> str:
    """ "20231117", "2023-11-17", "2023.11.17" and "20231117.0" all name the edition 2023-11-17.

    A text that is not a date (a document name) comes back as it is.
    """
    text = text.strip()
    head = text[:-2] if text.endswith(".0") else text
    digits = "".join(ch for ch in head if ch.isdigit())
    if len(digits) == 8 and len(head) <= 10 and all(ch.isdigit() or ch in "-./ " for ch in head):
        return f"{digits[:4]}-{digits[4:6]}-{digits[6:]}"
    return text


def is_date(text: str) -> bool:
    """Whether ``text`` (normalised) is an ISO date such as 2023-11-17."""
    return len(text) == 10 and text[4] == "-" and text[7] == "-" and (text[:4] + text[5:7] + text[8:]).isdigit()


def nearest_editions(editions: list[str], wanted: str, count: int = 3) -> list[str]:
    """The editions just before and after ``wanted``, for a "did you mean"."""
    unique = sorted(set(editions))
    before = [e for e in unique if e < wanted][-count:]
    after = [e for e in unique if e > wanted][:count]
    return before + after
