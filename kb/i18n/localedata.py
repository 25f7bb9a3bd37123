"""Locale data from babel (CLDR): language names, long dates, month names for parsing.

A separate module so that babel is imported only when one of these is needed. An
English date, which `mtgkb show` prints on every call, needs neither babel nor this
module: kb.i18n formats it (the test compares it with babel's).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from functools import lru_cache

from babel import Locale, UnknownLocaleError
from babel.dates import format_date as babel_format_date

from kb.i18n.days import to_date


def _locale(code: str):
    """babel's Locale for a tag like "de", "pt_BR" or "zh-Hans"; None if babel has no data."""
    try:
        return Locale.parse(code.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        return None


def language_name(code: str, ui: str) -> str:
    """The name of language ``code`` in language ``ui``; the code itself if babel has none."""
    language, display = _locale(code), _locale(ui) or _locale("en")
    if language is None:
        return code
    return language.get_display_name(display) or code


def format_date(value: date | str, ui: str) -> str:
    """The long date of the locale: "17. November 2023", "2023年11月17日" (kb.i18n does English)."""
    day = to_date(value)

    return babel_format_date(day, format="long", locale=_locale(ui) or "en")


@lru_cache(maxsize=None)
def month_names(codes: tuple[str, ...]) -> dict[str, int]:
    """Lower-case month name (wide or abbreviated, format or stand-alone, no final dot) -> 1..12."""
    names: dict[str, int] = {}
    for locale in filter(None, map(_locale, codes)):
        for context in ("format", "stand-alone"):
            for width in ("wide", "abbreviated"):
                for number, name in locale.months[context][width].items():
                    names[name.lower().rstrip(".")] = number
    return names


def month_number(name: str, codes: Iterable[str]) -> int | None:
    """The month a name stands for in any of the locales ``codes`` ("November", "ноября", "nov.")."""
    return month_names(tuple(codes)).get(name.lower().rstrip("."))
