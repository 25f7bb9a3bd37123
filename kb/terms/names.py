"""Term names as sources print them, cleaned and split into comparable pairs.

Sources write "コントロール、コントローラー" for "Control/Controller", "EDH（已废止）" for
"EDH (Obsolete)" and "Counter(n)" for the noun; the dictionary stores one name per row
and one English key per concept, so "phase out", "phases out" and "Phased Out" meet.
"""

from __future__ import annotations

import re
from functools import lru_cache

from kb.core.text import fold_text

_NOTE = re.compile(r"\s*[（(]([^()（）]*)[)）]\s*$")
_SENSE = re.compile(r"^(?:n|v|adj|noun|verb|\d)$", re.IGNORECASE)
_OBSOLETE = re.compile(r"obsolete|已废止|廃止", re.IGNORECASE)
OBSOLETE = "obsolete"
_QUOTES = "\"'“”‘’„«»「」『』"
_TERM_SPLIT = re.compile(r"\s*[、，,/／;；]\s*")
_ENGLISH_SPLIT = re.compile(r"\s*(?:,|/)\s*")
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*|\d+")


def clean_name(text: str) -> tuple[str, str | None]:
    """The name without trailing notes ("(Obsolete)", "（译注：…）", "(n)") and quotes; the note."""
    name, notes = text.strip(), []
    while (match := _NOTE.search(name)) and match.start() > 0:
        notes.append(match[1].strip())
        name = name[: match.start()].strip()
    name = name.strip(_QUOTES + " ").strip()
    return name, "; ".join(reversed(notes)) or None


def sense_of(note: str | None) -> str | None:
    """ "n", "v", "1", "2": a note that tells one sense of an English word from another;
    "obsolete" for a term the rules no longer use (kept for lookups, not matched in texts)."""
    if note and _OBSOLETE.search(note):
        return OBSOLETE
    return note.lower() if note and _SENSE.match(note) else None


def split_pair(term: str, english: str) -> list[tuple[str, str]]:
    """("コントロール、コントローラー", "Control/Controller") -> two pairs; else the pair itself.

    Equal counts pair item by item; one English name takes every translated name
    ("Counter" -> 反击/指示物); one translated name keeps the whole English name.
    """
    terms = [t for t in _TERM_SPLIT.split(term) if t]
    englishes = [e for e in _ENGLISH_SPLIT.split(english) if e]
    if len(terms) == len(englishes) and len(terms) > 1:
        return list(zip(terms, englishes))
    if len(englishes) == 1 and len(terms) > 1:
        return [(t, english) for t in terms]
    return [(term, english)]


@lru_cache(maxsize=65536)
def light_stem(word: str) -> str:
    """English inflection off, nothing more: "phases"/"phased"/"phase" -> "phas", "phasing" stays.

    A full stemmer would make "phasing" and "phase" one word, which are two concepts here.
    """
    w = word.casefold()
    if len(w) > 4 and w.endswith(("ies", "ied")):
        w = w[:-3] + "y"
    elif len(w) > 4 and w.endswith(("ches", "shes", "sses", "xes", "zes")):
        w = w[:-2]
    elif len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    elif len(w) > 4 and w.endswith("ed"):
        w = w[:-2]
        if len(w) > 2 and w[-1] == w[-2] and w[-1] not in "ls":
            w = w[:-1]
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]
    return w


def fold(text: str) -> str:
    """NFKC, plain quotes, case folded, single spaces: how names are compared."""
    return " ".join(fold_text(text)[0].casefold().split())


def english_key(english: str) -> str:
    """The concept key of an English name: words lightly stemmed, notes and quotes dropped."""
    name, _ = clean_name(english)
    return " ".join(light_stem(w) for w in _WORD.findall(fold(name)))


def words(text: str) -> list[str]:
    """Letter and digit runs of a folded text."""
    return _WORD.findall(fold(text))
