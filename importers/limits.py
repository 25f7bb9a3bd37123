"""How big a source may be: the file in bytes and the document in rules, checked before storing.

The largest real Comprehensive Rules measured in ../shared/corpus is 1,707,002 bytes
(MagicCompRules_20221118.txt, UTF-16) and the most rules a document holds is 3,318
(2026-08-07). The defaults leave room for years of growth (about ten times the file,
six times the rules) and still stop a 200 MB file or a 800,000-rule document before
the store and the pairing step spend minutes and gigabytes on it. Callers pass their
own limits (`mtgkb import --max-bytes/--max-rules`), else $MTGKB_MAX_FILE_BYTES and
$MTGKB_MAX_RULES, else these defaults.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from importers.records import SourceTooLarge
from kb.i18n import _

DEFAULT_MAX_BYTES = 16 * 1024 * 1024
DEFAULT_MAX_RULES = 20_000
BYTES_VARIABLE = "MTGKB_MAX_FILE_BYTES"
RULES_VARIABLE = "MTGKB_MAX_RULES"


@dataclass(frozen=True)
class Limits:
    max_bytes: int = DEFAULT_MAX_BYTES
    max_rules: int = DEFAULT_MAX_RULES

    @classmethod
    def resolve(cls, max_bytes: int | None = None, max_rules: int | None = None) -> "Limits":
        """The limits given, else those of the environment, else the defaults."""
        return cls(
            max_bytes if max_bytes is not None else _from_environment(BYTES_VARIABLE, DEFAULT_MAX_BYTES),
            max_rules if max_rules is not None else _from_environment(RULES_VARIABLE, DEFAULT_MAX_RULES),
        )

    def check_size(self, path: str, size: int) -> None:
        if size > self.max_bytes:
            raise SourceTooLarge(path, None, _(
                "the file has {size} bytes, more than the limit of {limit} (the largest real Comprehensive Rules "
                "has 1,707,002); pass --max-bytes or set {variable} to import it anyway").format(
                    size=size, limit=self.max_bytes, variable=BYTES_VARIABLE))

    def check_rules(self, path: str, rules: int) -> None:
        if rules > self.max_rules:
            raise SourceTooLarge(path, None, _(
                "the document has {rules} rules, more than the limit of {limit} (a real Comprehensive Rules has "
                "at most 3,318); pass --max-rules or set {variable} to import it anyway").format(
                    rules=rules, limit=self.max_rules, variable=RULES_VARIABLE))


def _from_environment(variable: str, default: int) -> int:
    value = os.environ.get(variable)
    if value is None or value == "":
        return default
    try:
        number = int(value)
    except ValueError:
        number = 0
    if number <= 0:
        from kb.core.errors import BadInput

        raise BadInput(_("{variable}={value!r}: expected a whole number above 0").format(
            variable=variable, value=value))
    return number
