"""Locale data from babel (CLDR): language names, long dates, month names for parsing.

A separate module so that babel is imported only when one of these is needed; the
one exception is an English date, which `mtgkb show` may print on every call and
which is formatted here without babel (the test compares it with babel's).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime
from functools import lru_cache

ENGLISH_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
                  "September", "October", "November", "December")


def _locale(code: str):
    """babel's Locale for a tag like "de", "pt_BR" or "zh-Hans"; None if babel has no data."""
    from babel import Locale, UnknownLocaleError

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


def to_date(value: date | str) -> date:
    """A date from a date, a datetime or an ISO string ("2023-11-17")."""
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    return date.fromisoformat(value)


def format_date(value: date | str, ui: str) -> str:
    """The long date of the locale: "November 17, 2023", "17. November 2023", "2023年11月17日"."""
    day = to_date(value)
    if ui == "en":
        return f"{ENGLISH_MONTHS[day.month - 1]} {day.day}, {day.year}"
    from babel.dates import format_date as babel_format_date

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
