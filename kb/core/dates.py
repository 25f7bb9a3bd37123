"""Effective dates as the sources print them, in every language we import.

babel formats dates but does not parse "November 17, 2023" or "17. November 2023";
its month-name data (wide and abbreviated, format and stand-alone, read through
kb.i18n.localedata) gives a short parser that does, for any locale babel knows.
"""

from __future__ import annotations

import re
from datetime import date

from kb.i18n import _
from kb.i18n.localedata import month_number

# The languages whose month names the sources spell out (Japanese, Chinese and Korean write
# numbers); add a language here when an importer reads a new one.
DATE_LOCALES = ("en", "de", "ru", "fr", "it", "es", "pt")
_EXTRA_MONTHS = {"sept": 9}


def _month(name: str) -> int | None:
    return _EXTRA_MONTHS.get(name.lower().rstrip(".")) or month_number(name, DATE_LOCALES)


_WORD = r"([^\W\d_]+\.?)"
_PATTERNS: list[tuple[re.Pattern, str]] = [
    # 2023年11月17日 (Japanese, Chinese), 2023년 11월 17일 (Korean)
    (re.compile(r"(\d{4})\s*[年년]\s*(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日일]"), "ymd"),
    # November 17, 2023
    (re.compile(_WORD + r"\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})"), "mdy-name"),
    # 17. November 2023, 17 ноября 2023, 17 de noviembre de 2023
    (re.compile(r"(\d{1,2})\.?\s+(?:de\s+)?" + _WORD + r"\s+(?:de\s+)?(\d{4})"), "dmy-name"),
    # 2023-11-17, 20231117.0
    (re.compile(r"(?<!\d)(\d{4})-?(\d{2})-?(\d{2})(?:\.\d)?(?!\d)"), "ymd"),
    # 17.11.2023
    (re.compile(r"(?<!\d)(\d{1,2})\.(\d{1,2})\.(\d{4})(?!\d)"), "dmy"),
    # 04/23/99, 11/17/2023
    (re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})/(\d{2}|\d{4})(?![\d/])"), "mdy"),
]


def _year(text: str) -> int:
    year = int(text)
    if year < 100:
        year += 1900 if year >= 90 else 2000
    return year


def find_date(text: str) -> tuple[date, tuple[int, int]] | None:
    """The first date in ``text`` and its span, trying every pattern we know."""
    best: tuple[date, tuple[int, int]] | None = None
    for pattern, order in _PATTERNS:
        for match in pattern.finditer(text):
            found = _to_date(match.groups(), order)
            if found is None:
                continue
            if best is None or match.start() < best[1][0]:
                best = (found, match.span())
            break
    return best


def _to_date(groups: tuple[str, ...], order: str) -> date | None:
    m: int | None
    try:
        if order == "ymd":
            y, m, d = int(groups[0]), int(groups[1]), int(groups[2])
        elif order == "mdy-name":
            m = _month(groups[0])
            if m is None:
                return None
            d, y = int(groups[1]), int(groups[2])
        elif order == "dmy-name":
            m = _month(groups[1])
            if m is None:
                return None
            d, y = int(groups[0]), int(groups[2])
        elif order == "dmy":
            d, m, y = int(groups[0]), int(groups[1]), int(groups[2])
        else:
            m, d, y = int(groups[0]), int(groups[1]), _year(groups[2])
        if not 1990 <= y <= 2100:
            return None
        return date(y, m, d)
    except ValueError:
        return None


def parse_date(text: str) -> date:
    """A date from a header line or an option; ValueError names what was expected."""
    found = find_date(text)
    if found is None:
        raise ValueError(
            _(
                "{text!r} is not a date (expected e.g. 2023-11-17, 'November 17, 2023', "
                "'17. November 2023' or '2023年11月17日')"
            ).format(text=text)
        )
    return found[0]


# Sentences that state when a rules text takes effect, in the languages we import.
_EFFECTIVE = re.compile(
    r"(?:effective|current)\s+as\s+of\s+[^\n]{4,40}"
    r"|gilt\s+ab\s+(?:dem\s+)?[^\n]{4,30}"
    r"|(?:действуют|вступают в силу|действительны)[^\n]{0,20}?\d[^\n]{4,30}"
    r"|此规则于[^\n]{6,20}"
    r"|このルールは[^\n]{6,20}"
    r"|\d{4}\s*년[^\n]{4,30}"
    r"|(?:総合ルール|和訳)\s*\d{8}\.\d",
    re.IGNORECASE,
)


def find_effective_date(text: str) -> tuple[date, str] | None:
    """The effective date a rules text states about itself, with the sentence it came from."""
    for match in _EFFECTIVE.finditer(text):
        found = find_date(match.group(0))
        if found:
            return found[0], match.group(0).strip()
    return None
