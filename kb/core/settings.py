"""Every setting mtgkb reads from the environment, declared once: name, variable, default, help.

Before this list, eleven ``MTGKB_*`` variables were read in ten modules, each with its own parsing
and its own message for a bad value. Now a module asks ``value("lock_timeout")``; the variable is
read and checked here, and a bad value is a ``BadInput`` (exit 2, HTTP 400) naming the variable
and what was expected. ``mtgkb settings`` prints the list with the current values, and
docs/settings.md is made from it (``python scripts/make_docs.py``; tests/unit/test_docs.py fails
when it differs).

The environment is read when a value is asked for, not once at import: a server hands its
workers their database through the environment (``serve_db``), and tests set a variable for one
call. Two settings are read by kb.i18n itself, which sits below this layer and cannot import it
(the interface language and the catalogs' folder): they are declared here all the same, and
tests/unit/test_settings.py checks that kb.i18n reads the variables named here.

Limits that are no setting (a request's body, an answer's size: kb/core/limits.py,
kb/http/limits.py, the per-text limits of kb/importers/limits.py) stay constants beside the code that
enforces them; only a limit a user may change is a setting.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kb.core.errors import BadInput
from kb.i18n import _

PREFIX = "MTGKB_"


def _text(raw: str) -> str:
    return raw


def _positive_whole(raw: str) -> int:
    number = int(raw)  # ValueError: reported by value()
    if number <= 0:
        raise ValueError(raw)
    return number


def _seconds(raw: str) -> float:
    return float(raw)


def _words(raw: str) -> tuple[str, ...]:
    return tuple(raw.split())


@dataclass(frozen=True)
class Setting:
    """One setting: ``name`` as ``mtgkb settings`` shows it, the environment ``variable`` that sets it,
    its ``default`` (None: worked out where it is used, as ``shown_default`` says), ``help``, how
    its text is read (``parse``: a ValueError for a bad value)."""

    name: str
    variable: str
    default: Any
    help: str
    parse: Callable[[str], Any] = _text
    shown_default: str = ""
    internal: bool = False  # set by mtgkb for its own processes (serve's workers), not by users

    @property
    def default_text(self) -> str:
        if self.shown_default:
            return self.shown_default
        if isinstance(self.default, tuple):
            return " ".join(self.default)
        return "" if self.default is None else str(self.default)


SETTINGS: tuple[Setting, ...] = (
    Setting(
        "db",
        "MTGKB_DB",
        None,
        "The database file, where --db is not given.",
        shown_default="mtgkb.db in the user's data folder (~/.local/share/mtgkb on Linux)",
    ),
    Setting(
        "lang",
        "MTGKB_LANG",
        None,
        "The interface language (de, ja, ru, en), where --ui-lang is not given; read by kb.i18n.",
        shown_default="the locale: $LC_ALL, $LC_MESSAGES, $LANG, else English",
    ),
    Setting(
        "locales",
        "MTGKB_LOCALES",
        None,
        "Another folder of message catalogs (one being translated); read by kb.i18n.",
        shown_default="the catalogs the package carries",
    ),
    Setting(
        "lock_timeout",
        "MTGKB_LOCK_TIMEOUT",
        600.0,
        "Seconds an import or repair waits for another one of the same database before it gives up.",
        _seconds,
    ),
    Setting(
        "max_file_bytes",
        "MTGKB_MAX_FILE_BYTES",
        16 * 1024 * 1024,
        "The largest source file an import reads, in bytes, where --max-bytes is not given.",
        _positive_whole,
    ),
    Setting(
        "max_rules",
        "MTGKB_MAX_RULES",
        20_000,
        "The most rules a document may hold, where --max-rules is not given.",
        _positive_whole,
    ),
    Setting(
        "rule_links",
        "MTGKB_RULE_LINKS",
        "reader",
        "Where rule numbers link in crosscheck --html: reader, static, yawgatog or a template, where "
        "--links is not given.",
    ),
    Setting(
        "no_build",
        "MTGKB_NO_BUILD",
        False,
        "Never add an older edition or the history on demand (as --no-build): say what 'mtgkb build' would add.",
        lambda raw: raw.strip().lower() not in ("0", "false", "no", "off"),
        shown_default="off",
    ),
    Setting(
        "header_seconds",
        "MTGKB_HEADER_SECONDS",
        10.0,
        "Seconds a client has to send a request's headers to `mtgkb serve` (set by --header-timeout).",
        _seconds,
        internal=True,
    ),
    Setting(
        "serve_db",
        "MTGKB_SERVE_DB",
        None,
        "The database `mtgkb serve` hands to its worker processes.",
        internal=True,
    ),
    Setting(
        "serve_cors",
        "MTGKB_SERVE_CORS",
        (),
        "The origins (--cors) `mtgkb serve` hands to its worker processes, separated by spaces.",
        _words,
        internal=True,
    ),
)

_BY_NAME = {setting.name: setting for setting in SETTINGS}


def setting(name: str) -> Setting:
    return _BY_NAME[name]


def variable(name: str) -> str:
    """The environment variable of setting ``name`` (for messages and for handing values to workers)."""
    return _BY_NAME[name].variable


def value(name: str) -> Any:
    """Setting ``name`` from its variable when that is set and not empty, else its default.

    A value that does not read as the setting expects is a BadInput naming the variable."""
    declared = _BY_NAME[name]
    raw = os.environ.get(declared.variable, "")
    if not raw:
        return declared.default
    try:
        return declared.parse(raw)
    except ValueError:
        if declared.parse is _seconds:
            message = _("{variable}={value!r}: expected a number of seconds")
        else:
            message = _("{variable}={value!r}: expected a whole number above 0")
        raise BadInput(message.format(variable=declared.variable, value=raw)) from None


def is_set(name: str) -> bool:
    return bool(os.environ.get(_BY_NAME[name].variable))


@dataclass(frozen=True)
class Current:
    """A setting with its value now, for ``mtgkb settings``."""

    name: str
    variable: str
    value: str
    default: str
    set: bool
    help: str
    internal: bool

    def to_dict(self) -> dict:
        return dict(self.__dict__)


def current() -> list[Current]:
    """Every setting with the text it has now (its variable's, else its default's)."""
    return [
        Current(
            s.name,
            s.variable,
            os.environ.get(s.variable) or s.default_text,
            s.default_text,
            bool(os.environ.get(s.variable)),
            s.help,
            s.internal,
        )
        for s in SETTINGS
    ]


def markdown() -> str:
    """docs/settings.md: the list as a table, made by scripts/make_docs.py."""
    lines = [
        "# Settings",
        "",
        "<!-- Made from kb/core/settings.py by `python scripts/make_docs.py`; tests/unit/test_docs.py checks it. -->",
        "",
        "Every setting mtgkb reads from the environment. `mtgkb settings` prints them with their current",
        "values (`--json` too). A command-line option, where there is one, comes before its variable.",
        "",
        "| variable | default | what it sets |",
        "|---|---|---|",
    ]
    for s in SETTINGS:
        what = s.help + (" Set by mtgkb itself." if s.internal else "")
        lines.append(f"| `{s.variable}` | {s.default_text or '(none)'} | {what} |")
    return "\n".join(lines) + "\n"
