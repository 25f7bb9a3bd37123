"""A gettext PO file of the rules read as a translation: mtgkb's own and any translation platform's.

Two layouts are read. mtgkb's (`mtgkb backlog --po`): each ``msgctxt`` says what the message is,
a rule number ("702.26b"), an example ("702.26b example 1"), a glossary term ("glossary term:
Phasing") or a definition ("glossary: Phasing"). A translation platform's (Crowdin, Weblate,
Transifex, a PO made from the text by po4a or translate-toolkit): no ``msgctxt`` (or one that
names nothing of the above), and the English ``msgid`` says what the message is, the way the CR
text does: "100.1. These Magic rules ..." a rule, "1. Game Concepts" and "100. General" headings,
"702.26. Phasing" a titled rule, "Example: ..." an example of the rule before it, and after the
message "Glossary" terms and their definitions up to "Credits". A rule whose ``msgid`` has no
number is numbered by matching its English against the edition's text (kb.store.translations).

An empty ``msgstr`` is "not translated": such a message is not stored as a rule at all, only
listed in the document's meta (``untranslated``), so a lookup says so and shows the English. A
fuzzy message is stored and listed as ``fuzzy``. Plural messages are skipped (a rule has one
text). The document's meta keeps its coverage (``coverage``: translated and total rules, the
sections complete), which `mtgkb editions` shows.

The edition: ``--edition``; else the header comment "# mtgkb-edition: 2026-08-07"; else the
translated effective-date line ("このルールは2026年1月16日から有効です"), else its English
("These rules are effective as of January 16, 2026."); else the English side matched against the
editions held (kb.store.translations), with how many messages matched. The language: ``--lang``,
else the header's Language ("pt_BR" is pt-BR, "zh_TW" is zh-Hant).

The bytes are checked first (kb.importers.po_strict: the charset decodes them, every string closes
and escapes as gettext's do), then polib reads the structure: a syntax error names its line.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import PurePath

import polib

from kb.core.dates import find_effective_date
from kb.core.numbers import RuleNumber, RuleNumberError
from kb.i18n import _
from kb.importers.po_strict import check_strings, decode
from kb.importers.records import Document, GlossaryEntry, Rule, SourceError, TermPair

_EXAMPLE_CONTEXT = re.compile(r"^(?P<number>\S+) example (?P<position>\d+)$")
_GLOSSARY_TERM = "glossary term: "
_GLOSSARY = "glossary: "
_HEADER_FIELD = re.compile(r"^#?\s*(mtgkb-[a-z]+):\s*(.+?)\s*$", re.M)
_HEADING = "heading"
# The English side of a platform's message: "100.1. Text", "702.26b Text", "1. Game Concepts", "Example: ..."
_NUMBERED = re.compile(r"^\s*(?P<number>\d{1,3}(?:\.\d{1,3}[a-z]{0,2})?)\.?\s+(?P<rest>\S.*)$", re.S)
_EXAMPLE = re.compile(r"^\s*(?:\*\*)?Example:(?:\*\*)?\s*(?P<rest>.*)$", re.S)
_TRANSLATED_EXAMPLE = re.compile(
    r"^\s*(?:\*\*)?(?:Example|例|例如|Beispiel|Exemple|Ejemplo|Esempio|Exemplo|Przykład|Пример)\s*[:：](?:\*\*)?\s*",
    re.I,
)
_SENTENCE_END = (".", "。", ":", "：", ";", "!", "?", ")", "）")
_SCRIPT_TAGS = {
    "zh-tw": "zh-Hant",
    "zh-hk": "zh-Hant",
    "zh-mo": "zh-Hant",
    "zh-hant": "zh-Hant",
    "zh-cn": "zh",
    "zh-sg": "zh",
    "zh-hans": "zh",
}


@dataclass
class Entry:
    """One message as a part of the rules: what it is, its English side and its translation."""

    kind: str  # "rule", "example", "term", "definition", "unnumbered" (a rule to number by its English)
    english: str  # the English side, without its number
    text: str | None  # the translation without its number; None when not translated
    line: int
    number: str | None = None
    heading: bool = False  # a title: section, chapter, titled rule
    fuzzy: bool = False
    term: str | None = None  # the English glossary term a term or definition belongs to


@dataclass
class Read:
    """What a PO file holds before numbering: its entries and its edition evidence."""

    entries: list[Entry] = field(default_factory=list)
    date: tuple[str, str] | None = None  # (ISO date, evidence) from an effective-date line
    skipped: int = 0  # plural and obsolete messages


def sniff(data: bytes, path: str) -> bool:
    """A .po file, or text that opens like one (an empty msgid header, then msgid lines)."""
    if path.lower().endswith((".po", ".pot")):
        return True
    head = data[:8192]
    return bool(re.search(rb'^msgid ""\r?$', head, re.M)) and bool(re.search(rb"^msgstr ", head, re.M))


def parse(data: bytes, path: str, *, lang: str | None = None, edition: str | None = None) -> Document:
    text = decode(data, path)
    check_strings(text, path)
    try:
        # polib's own duplicate check searches the whole catalog for every message (a 1 MB PO took 10 s):
        # the same check is made once, below, with a set.
        catalog = polib.pofile(text, check_for_duplicates=False, wrapwidth=0)
    except OSError as error:  # polib: "Syntax error in po file (line 7)"
        found = re.search(r"line (\d+)", str(error))
        raise SourceError(
            path, int(found.group(1)) if found else None, _("not a valid PO file: {reason}").format(reason=error)
        ) from None
    check_duplicates(catalog, path)
    fields = dict(_HEADER_FIELD.findall(catalog.header or ""))
    language = (
        lang
        or _language(catalog.metadata.get("Language") or catalog.metadata.get("Language-Team", ""))
        or _language_of_path(path)
    )
    if not language:
        raise SourceError(path, None, _("the PO file names no language: give --lang (ja, zh, de, ...)"))
    read = read_entries(catalog, path)
    evidence = None
    if edition:
        evidence = "--edition"
    elif fields.get("mtgkb-edition"):
        edition, evidence = fields["mtgkb-edition"], "PO header: mtgkb-edition"
    elif read.date:
        edition, evidence = read.date
    document = Document(
        lang=language, format="po", edition=edition, edition_evidence=evidence, title=_title(catalog), meta={}
    )
    if fields.get("mtgkb-english"):
        document.meta["english"] = fields["mtgkb-english"]
    if fields.get("mtgkb-from"):
        document.meta["updated_from"] = fields["mtgkb-from"]
    document.po_entries = read.entries
    assemble(document, read.entries, path)
    return document


def check_duplicates(catalog, path: str) -> None:
    """A SourceError at a message whose msgid (within its msgctxt) came before: gettext refuses such a
    file. The rule polib's ``check_for_duplicates`` applies, an obsolete message against the live ones."""
    live: set[tuple[str | None, str]] = set()
    for message in catalog:
        key = (message.msgctxt, message.msgid)
        if key in live:
            reason = 'Entry "{msgid}" already exists'.format(msgid=message.msgid)
            raise SourceError(path, message.linenum, _("not a valid PO file: {reason}").format(reason=reason))
        if not message.obsolete:
            live.add(key)


def _language(value: str) -> str | None:
    """A BCP 47 tag from a PO Language header ("pt_BR" -> "pt-BR", "zh_TW" -> "zh-Hant")."""
    code = value.strip().split(" ")[0].split("<")[0].strip().replace("_", "-")
    if not code or not re.fullmatch(r"[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*", code):
        return None
    return _SCRIPT_TAGS.get(code.lower(), code)


def _language_of_path(path: str) -> str | None:
    """A platform names the file or its folder by the locale: Weblate "pt_BR.po", Crowdin "pt-BR/rules.po"."""
    for part in (PurePath(path).stem, PurePath(path).parent.name):
        if re.fullmatch(r"[a-z]{2,3}(?:[_-][A-Za-z]{2,4})?", part):
            return _language(part)
    return None


def _title(catalog) -> str | None:
    project = (catalog.metadata.get("Project-Id-Version") or "").strip()
    return project if project and project != "PACKAGE VERSION" and "PROJECT" not in project else None


def read_entries(catalog, path: str) -> Read:
    """Every message as an Entry, in file order: by its msgctxt where mtgkb wrote one, else by its English."""
    read = Read()
    glossary = finished = False
    term: str | None = None
    last_number: str | None = None
    positions: dict[str, int] = {}
    pending: str | None = None  # a Sphinx-gettext number alone in its message: it numbers the next one
    for message in catalog:
        if not message.msgid or message.obsolete:
            continue
        if message.msgid_plural:
            read.skipped += 1
            continue
        line = message.linenum or 0
        translation = message.msgstr.strip() or None
        if translation is not None and _copied(message.msgid, translation):
            translation = None  # the English kept as it is: untranslated, never stored as the translation
        fuzzy = "fuzzy" in message.flags
        context = message.msgctxt
        if not context and _NUMBER_ALONE.match(message.msgid):
            pending = message.msgid.strip()
            continue
        number_before, pending = pending, None
        entry = _from_context(context, message, translation, line, path) if context else None
        if entry is None and number_before is not None and _is_number(number_before):
            number = str(RuleNumber.parse(number_before))
            english = message.msgid.strip()
            heading = RuleNumber.parse(number).kind != "subrule" and len(english) <= 80 and not _is_sentence(english)
            entry = Entry("rule", english, translation, line, number=number, heading=heading)
        if entry is None:
            english = message.msgid.strip()
            if finished:
                continue
            if glossary:
                if english in ("Credits", "Glossary"):
                    glossary = english == "Glossary"
                    finished = not glossary and term is not None  # the credits after the glossary
                    continue
                if not _is_sentence(english) and len(english) <= 60:
                    term = english
                    entry = Entry("term", english, translation, line, term=english)
                elif term is not None:
                    entry = Entry("definition", english, translation, line, term=term)
                else:
                    continue
            elif english == "Glossary" and read.entries:
                glossary = True
                continue
            elif (found := find_effective_date(english)) is not None:
                translated_date = find_effective_date(translation) if translation else None
                if read.date is None:
                    if translated_date:
                        read.date = (
                            translated_date[0].isoformat(),
                            f"PO line {line}: translated effective date: {translated_date[1]}",
                        )
                    else:
                        read.date = (found[0].isoformat(), f"PO line {line}: English effective date: {found[1]}")
                continue
            elif (example := _EXAMPLE.match(english)) is not None:
                if not read.entries:
                    continue
                stripped = _TRANSLATED_EXAMPLE.sub("", translation, count=1) if translation else None
                entry = Entry("example", example["rest"].strip(), stripped or None, line, number=last_number)
            elif (numbered := _NUMBERED.match(english)) is not None and _is_number(numbered["number"]):
                number = str(RuleNumber.parse(numbered["number"]))
                rest = numbered["rest"].strip()
                kind = RuleNumber.parse(number).kind
                heading = kind in ("section", "chapter") or (
                    kind == "rule" and len(rest) <= 80 and not _is_sentence(rest)
                )
                entry = Entry(
                    "rule", rest, without_number(translation, numbered["number"]), line, number=number, heading=heading
                )
            else:
                entry = Entry("unnumbered", english, translation, line)
        entry.fuzzy = fuzzy
        if entry.kind == "rule":
            last_number = entry.number
        elif entry.kind == "unnumbered":
            last_number = None  # its examples wait for its number
        if entry.kind == "example" and entry.number:
            positions[entry.number] = positions.get(entry.number, 0) + 1
        read.entries.append(entry)
    _drop_contents(read.entries)
    first = next((at for at, e in enumerate(read.entries) if e.kind == "rule"), None)
    if first is not None:  # the title, the introduction and the contents before the first rule
        read.entries[:first] = [e for e in read.entries[:first] if e.kind != "unnumbered"]
    return read


def _from_context(context: str, message, translation: str | None, line: int, path: str) -> Entry | None:
    """An entry from mtgkb's msgctxt; None when the msgctxt is a platform's own (a key, a file name)."""
    if context.startswith(_GLOSSARY_TERM):
        english = context[len(_GLOSSARY_TERM) :]
        return Entry("term", english, translation, line, term=english)
    if context.startswith(_GLOSSARY):
        english = context[len(_GLOSSARY) :]
        return Entry("definition", message.msgid, translation, line, term=english)
    if (match := _EXAMPLE_CONTEXT.match(context)) is not None and _is_number(match["number"]):
        return Entry("example", message.msgid, translation, line, number=str(RuleNumber.parse(match["number"])))
    if not _is_number(context):
        if re.fullmatch(r"\d[\d.]*[a-z]{0,2}", context.strip()):
            try:
                RuleNumber.parse(context)
            except RuleNumberError as error:
                raise SourceError(
                    path, line, _("msgctxt {context!r}: {reason}").format(context=context, reason=error)
                ) from error
        return None
    number = str(RuleNumber.parse(context))
    heading = _HEADING in (message.comment or "").split("\n") or RuleNumber.parse(number).kind in ("section", "chapter")
    return Entry("rule", message.msgid, translation, line, number=number, heading=heading)


_NUMBER_ALONE = re.compile(r"^\s*\d{1,3}(?:\.\d{1,3}[a-z]{0,2})?\.?\s*$")


def _copied(english: str, translation: str) -> bool:
    """A msgstr that repeats its msgid (a sentence of several words): the English, not a translation."""
    english = english.strip()
    return translation == english and (len(english.split()) >= 4 or english[:1].isdigit())


def _is_number(text: str) -> bool:
    try:
        RuleNumber.parse(text)
    except RuleNumberError:
        return False
    return bool(re.fullmatch(r"\d{1,3}(?:\.\d{1,3}[a-z]{0,2})?\.?", text.strip()))


def _is_sentence(text: str) -> bool:
    return text.rstrip('"”’').endswith(_SENTENCE_END) or ". " in text


def without_number(translation: str | None, number: str) -> str | None:
    """A translation without the rule number a translator kept at its start ("100.1. ...")."""
    if not translation:
        return None
    stripped = re.sub(r"^\s*" + re.escape(number.rstrip(".")) + r"\.?\s*", "", translation, count=1)
    return stripped.strip() or None


def _drop_contents(entries: list[Entry]) -> None:
    """A whole CR text begins with its contents: the headings again. The body's heading wins."""
    seen: dict[str, int] = {}
    drop: set[int] = set()
    for at, entry in enumerate(entries):
        if entry.kind == "rule" and entry.heading and entry.number and "." not in entry.number:
            if entry.number in seen:
                drop.add(seen[entry.number])
            seen[entry.number] = at
    if drop:
        entries[:] = [e for at, e in enumerate(entries) if at not in drop]


def assemble(document: Document, entries: list[Entry], path: str) -> None:
    """The document's rules, glossary and meta from its entries (again after numbering)."""
    rules: list[Rule] = []
    by_number: dict[str, Rule] = {}
    untranslated: list[str] = []
    fuzzy: list[str] = []
    terms: dict[str, tuple[str | None, int]] = {}
    definitions: dict[str, list[str | None]] = {}
    lines: dict[str, int] = {}
    example_count: dict[str, int] = {}
    last: str | None = None
    unmatched = 0
    for entry in entries:
        if entry.kind == "unnumbered":
            unmatched += 1
            last = None
            continue
        if entry.kind == "term":
            terms[entry.term or entry.english] = (entry.text, entry.line)
            lines.setdefault(entry.term or entry.english, entry.line)
            key = f"glossary term: {entry.term}"
        elif entry.kind == "definition":
            definitions.setdefault(entry.term or "", []).append(entry.text)
            lines.setdefault(entry.term or "", entry.line)
            key = f"glossary: {entry.term}"
        elif entry.kind == "example":
            number = entry.number or last
            if number is None:
                continue
            example_count[number] = example_count.get(number, 0) + 1
            key = f"{number} example {example_count[number]}"
            rule = by_number.get(number)
            if rule is None and entry.text is not None and number not in untranslated:
                raise SourceError(
                    path, entry.line, _("example of {number} before the rule itself").format(number=number)
                )
            if rule is not None and entry.text is not None:
                rule.examples.append(entry.text)
        else:
            number = entry.number or ""
            last = number
            key = number
            if entry.text is not None:
                rule = Rule(
                    number, "" if entry.heading else entry.text, entry.line, title=entry.text if entry.heading else None
                )
                rules.append(rule)
                by_number.setdefault(number, rule)
        if entry.text is None:
            untranslated.append(key)
        elif entry.fuzzy:
            fuzzy.append(key)
    # An entry whose definition is not translated is no entry (never an empty definition); a
    # translated term of it is still a term pair.
    glossary, pairs = [], []
    for english, (term, line) in terms.items():
        if term is not None:
            pairs.append(TermPair(term, english, line))
    for english, parts in definitions.items():
        translated = [p for p in parts if p]
        if not translated:
            continue
        term, _line = terms.get(english, (None, 0))
        glossary.append(GlossaryEntry(term or english, "\n".join(translated), lines.get(english, 0), english=english))
    document.rules, document.glossary, document.terms = rules, glossary, pairs
    meta = document.meta
    meta["po_messages"] = str(len(entries))
    for key, found in (("untranslated", untranslated), ("fuzzy", fuzzy)):
        if found:
            meta[key] = json.dumps(found, ensure_ascii=False)
        else:
            meta.pop(key, None)
    if unmatched:
        meta["unmatched"] = str(unmatched)
    else:
        meta.pop("unmatched", None)
    coverage = _coverage(entries)
    if coverage["translated"] < coverage["total"]:
        meta["coverage"] = json.dumps(coverage)
    else:
        meta.pop("coverage", None)


def _coverage(entries: list[Entry]) -> dict:
    """Translated rules of all rules (headings included) and the sections translated whole."""
    total = translated = 0
    sections: dict[str, list[int]] = {}
    for entry in entries:
        if entry.kind != "rule" or not entry.number:
            continue
        total += 1
        done = entry.text is not None
        translated += done
        counts = sections.setdefault(entry.number[0], [0, 0])
        counts[0] += 1
        counts[1] += done
    complete = [section for section, (all_, done) in sorted(sections.items()) if all_ and all_ == done]
    return {"translated": translated, "total": total, "complete": complete}
