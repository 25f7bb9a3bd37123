"""A gettext PO file of the rules (as `mtgkb backlog --po` writes it) read back as a translation.

Each message's ``msgctxt`` says what it is: a rule number ("702.26b"), an example
("702.26b example 1"), a glossary term ("glossary term: Phasing") or a definition
("glossary: Phasing"). ``msgstr`` is the translation; a message left empty keeps the
English ``msgid`` and is listed in the document's meta as untranslated, and a fuzzy one
(a translation of older English nobody has confirmed) as fuzzy. The edition comes from
``--edition``, else from the header comment line "# mtgkb-edition: 2026-08-07"; the
language from ``--lang``, else the Language header.
"""

from __future__ import annotations

import io
import json
import re

from importers.records import Document, GlossaryEntry, Rule, SourceError
from kb.i18n import _
from kb.core.numbers import RuleNumber, RuleNumberError

_EXAMPLE = re.compile(r"^(?P<number>\S+) example (?P<position>\d+)$")
_GLOSSARY_TERM = "glossary term: "
_GLOSSARY = "glossary: "
_HEADER_FIELD = re.compile(r"^#\s*(mtgkb-[a-z]+):\s*(.+?)\s*$", re.M)
_HEADING = "heading"


def sniff(data: bytes, path: str) -> bool:
    """A .po file, or text that opens like one (an empty msgid header, then msgctxt lines)."""
    if path.lower().endswith(".po"):
        return True
    head = data[:8192]
    return bool(re.search(rb'^msgid ""\r?$', head, re.M)) and b"\nmsgctxt " in head


def parse(data: bytes, path: str, *, lang: str | None = None, edition: str | None = None) -> Document:
    from babel.messages.pofile import PoFileError, read_po

    try:
        catalog = read_po(io.BytesIO(data), abort_invalid=True)
    except PoFileError as error:
        # babel counts lines from 0 in its errors
        raise SourceError(path, error.lineno + 1, _("not a valid PO file: {reason}").format(reason=error)) from error
    except (UnicodeDecodeError, LookupError) as error:
        raise SourceError(path, None, _("not a valid PO file: {reason}").format(reason=error)) from error
    fields = dict(_HEADER_FIELD.findall(catalog.header_comment or ""))
    language = lang or (str(catalog.locale).replace("_", "-") if catalog.locale else None)
    if not language:
        raise SourceError(path, None, _("the PO file names no language: give --lang (ja, zh, de, ...)"))
    evidence = "--edition" if edition else ("PO header: mtgkb-edition" if fields.get("mtgkb-edition") else None)
    reader = _Reader(path)
    for message in catalog:
        if message.id:
            reader.add(message)
    meta = {"po_messages": str(reader.count)}
    for key, found in (("untranslated", reader.untranslated), ("fuzzy", reader.fuzzy)):
        if found:
            meta[key] = json.dumps(found, ensure_ascii=False)
    if fields.get("mtgkb-english"):
        meta["english"] = fields["mtgkb-english"]
    if fields.get("mtgkb-from"):
        meta["updated_from"] = fields["mtgkb-from"]
    return Document(
        lang=language, format="po", edition=edition or fields.get("mtgkb-edition"), edition_evidence=evidence,
        title=catalog.project or None, rules=reader.rules, glossary=reader.entries(), meta=meta,
    )


class _Reader:
    """Messages in file order, turned into rules, examples and glossary entries."""

    def __init__(self, path: str):
        self.path = path
        self.rules: list[Rule] = []
        self.by_number: dict[str, Rule] = {}
        self.terms: dict[str, tuple[str, int | None]] = {}  # English term -> (translated term, line)
        self.definitions: dict[str, tuple[str, int | None]] = {}
        self.untranslated: list[str] = []
        self.fuzzy: list[str] = []
        self.count = 0

    def add(self, message) -> None:
        context = message.context
        line = message.lineno or None
        if not context:
            raise SourceError(self.path, line, _("message without msgctxt: expected a rule number ('702.26b'), "
                                                 "'702.26b example 1' or 'glossary: TERM'"))
        if not isinstance(message.string, str):
            raise SourceError(self.path, line, _("plural forms in {context!r}: a rule has one text").format(
                context=context))
        self.count += 1
        translated = message.string.strip()
        if not translated:
            self.untranslated.append(context)
        elif message.fuzzy:
            self.fuzzy.append(context)
        text = translated or message.id
        if context.startswith(_GLOSSARY_TERM):
            self.terms[context[len(_GLOSSARY_TERM):]] = (text, line)
        elif context.startswith(_GLOSSARY):
            self.definitions[context[len(_GLOSSARY):]] = (text, line)
        elif (match := _EXAMPLE.match(context)) is not None:
            rule = self.by_number.get(self._number(match["number"], line))
            if rule is None:
                raise SourceError(self.path, line, _("example of {number} before the rule itself").format(
                    number=match["number"]))
            rule.examples.append(text)
        else:
            number = self._number(context, line)
            heading = _HEADING in message.auto_comments or RuleNumber.parse(number).kind in ("section", "chapter")
            rule = Rule(number, "" if heading else text, line or 0, title=text if heading else None)
            self.rules.append(rule)
            self.by_number.setdefault(number, rule)

    def _number(self, text: str, line: int | None) -> str:
        try:
            return str(RuleNumber.parse(text))
        except RuleNumberError as error:
            raise SourceError(self.path, line, _("msgctxt {context!r}: {reason}").format(
                context=text, reason=error)) from error

    def entries(self) -> list[GlossaryEntry]:
        found = []
        for english, (text, line) in self.definitions.items():
            term, _line = self.terms.get(english, (english, line))
            found.append(GlossaryEntry(term, text, line or 0, english=english))
        return found
