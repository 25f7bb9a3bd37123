"""The interface language: gettext messages, language choice, names and dates per locale.

Messages for people go through ``_()`` (or ``ngettext()`` for counts); module-level
constants are marked with ``N_()`` and translated where they are used. The language
lives in a context variable, so one process can answer HTTP requests (or CliRunner
tests) in different languages at once.

Importing this module is cheap on purpose: `mtgkb show` starts it on every call.
English needs nothing; another language reads a compiled catalog with the standard
library's gettext, and babel is imported only to compile a stale catalog or to
format dates and language names (:mod:`kb.i18n.localedata`).
"""

from __future__ import annotations

import os
from collections.abc import Collection, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import date

from kb.i18n.catalogs import available_languages, locales_dir, translations
from kb.i18n.days import to_date

SOURCE_LANGUAGE = "en"
#: Where the interface language comes from, first set wins (see resolve_ui_language).
ENVIRONMENT_ORDER = ("MTGKB_LANG", "LC_ALL", "LC_MESSAGES", "LANG")

_current: ContextVar[str] = ContextVar("mtgkb_ui_language", default=SOURCE_LANGUAGE)

__all__ = [
    "N_",
    "_",
    "ngettext",
    "set_ui_language",
    "ui_language",
    "using_language",
    "negotiate",
    "resolve_ui_language",
    "match_language",
    "available_languages",
    "default_rules_language",
    "language_name",
    "format_date",
    "format_edition",
    "locales_dir",
]


def N_(message: str) -> str:
    """Mark a message for extraction without translating it yet (module constants)."""
    return message


def _(message: str) -> str:
    """``message`` in the current interface language (itself when untranslated)."""
    lang = _current.get()
    if lang == SOURCE_LANGUAGE or not message:
        return message
    return translations(lang).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message that fits ``n`` in the current language."""
    lang = _current.get()
    if lang == SOURCE_LANGUAGE:
        return singular if n == 1 else plural
    return translations(lang).ngettext(singular, plural, n)


def ui_language() -> str:
    """The interface language of the current context ("en" unless set)."""
    return _current.get()


def set_ui_language(code: str | None) -> str:
    """Use the best available language for ``code`` from now on in this context; returns it."""
    lang = match_language(code) or SOURCE_LANGUAGE
    _current.set(lang)
    return lang


@contextmanager
def using_language(code: str | None) -> Iterator[str]:
    """Use ``code`` (matched as in set_ui_language) inside the block, then restore."""
    token = _current.set(match_language(code) or SOURCE_LANGUAGE)
    try:
        yield _current.get()
    finally:
        _current.reset(token)


def match_language(code: str | None) -> str | None:
    """The available language for a tag like "de", "de-AT" or "de_DE.UTF-8", or None.

    A catalog for a region ("pt_BR") is preferred over one for the bare language.
    """
    if not code:
        return None
    tag = code.split(".")[0].split("@")[0].replace("-", "_").strip()
    if tag.upper() in ("C", "POSIX"):
        return SOURCE_LANGUAGE
    available = {name.lower(): name for name in available_languages()}
    parts = tag.lower().split("_")
    for candidate in ("_".join(parts[:2]), parts[0]):
        if candidate in available:
            return available[candidate]
    return None


def resolve_ui_language(cli_value: str | None, environ: Mapping[str, str] = os.environ) -> str:
    """--ui-lang, else MTGKB_LANG, LC_ALL, LC_MESSAGES, LANG (first non-empty), else English.

    The first value that is set decides, as POSIX does for locales; one naming a
    language without a catalog means English rather than a lower-priority variable.
    """
    for value in (cli_value, *(environ.get(name) for name in ENVIRONMENT_ORDER)):
        if value:
            return match_language(value) or SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


def negotiate(accept_language: str | None) -> str:
    """The best available language for an HTTP Accept-Language header (English if none fits)."""
    ranked: list[tuple[float, int, str]] = []
    for position, item in enumerate((accept_language or "").split(",")):
        tag, _sep, params = item.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _eq, value = param.strip().partition("=")
            if key == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if tag and quality > 0:
            ranked.append((-quality, position, tag.strip()))
    for _q, _pos, tag in sorted(ranked):
        lang = SOURCE_LANGUAGE if tag == "*" else match_language(tag)
        if lang:
            return lang
    return SOURCE_LANGUAGE


def default_rules_language(available: Collection[str]) -> str:
    """The language of rule texts when --lang is not given: the interface's if it has texts."""
    lang = _current.get().split("_")[0]
    return lang if lang in available else SOURCE_LANGUAGE


def language_name(code: str, ui: str | None = None) -> str:
    """The name of a language in the interface language ("Japanisch", "日本語", "японский")."""
    from kb.i18n.localedata import language_name as name  # lazy: babel's locale data, only dates and names need it

    return name(code, ui or _current.get())


def format_date(value: date | str, ui: str | None = None) -> str:
    """A date in the long form of the interface language ("17. November 2023", "2023年11月17日")."""
    lang = ui or _current.get()
    if lang == SOURCE_LANGUAGE:  # `mtgkb show` prints one on every call: no babel, no localedata
        return english_date(to_date(value))
    from kb.i18n.localedata import format_date as fmt  # lazy: babel's locale data, only dates and names need it

    return fmt(value, lang)


ENGLISH_MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


def english_date(day: date) -> str:
    """ "November 17, 2023", as babel's long English date."""
    return f"{ENGLISH_MONTHS[day.month - 1]} {day.day}, {day.year}"


def format_edition(edition: str | None) -> str:
    """A CR edition for people: its date in the interface language, or "undated".

    Text output names editions this way; JSON keeps the ISO date that tools read back.
    """
    if not edition:
        return _("undated")
    try:
        return format_date(edition)
    except ValueError:  # a document name where an edition was expected
        return edition
