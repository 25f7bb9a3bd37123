"""PO files as translation platforms keep them (Crowdin, Weblate): made here from the corpus.

The English edition of 2026-01-16 as a platform exports it (no msgctxt; the English rule,
number included, as msgid; headings, examples and glossary entries as their own messages), with
sections 1 and 2 translated from the Japanese translation of the same date and the rest left
empty. Read, imported, looked up, searched, cross-checked against the English and exported
back as a backlog.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache

import polib
import pytest

from kb.api import KnowledgeBase
from kb.core.errors import ReplaceRefused
from kb.importers import cr_text, po
from kb.importers.records import SourceError
from tests.conftest import corpus_path
from tests.corpus.test_backlog_db import copy_db

ENGLISH = ("en", "full", "MagicCompRules_20260116.txt")
JAPANESE = ("ja", "CompRules_ja_20260116.0_lines.txt")
DONE = ("1", "2")  # the sections translated


@lru_cache(maxsize=1)
def sources():
    english = cr_text.parse(corpus_path(*ENGLISH).read_bytes(), "en.txt")
    japanese = cr_text.parse(corpus_path(*JAPANESE).read_bytes(), "ja.txt")
    return english, {rule.number: rule for rule in japanese.rules}


def platform_po(
    *, numbers: bool = True, date_line: bool = True, done: tuple[str, ...] = DONE, skip: tuple[str, ...] = ()
) -> bytes:
    """The English edition as a platform's PO, sections ``done`` translated from the Japanese."""
    english, japanese = sources()
    catalog = polib.POFile(wrapwidth=0)
    catalog.metadata = {
        "Project-Id-Version": "mtg-comprehensive-rules",
        "Language": "ja",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
    }

    seen: set[str] = set()

    def add(msgid: str, msgstr: str = "") -> None:
        if msgid not in seen:  # a platform keeps one message per English string
            seen.add(msgid)
            catalog.append(polib.POEntry(msgid=msgid, msgstr=msgstr))

    add("Magic: The Gathering Comprehensive Rules")
    if date_line:
        add("These rules are effective as of January 16, 2026.")
    for rule in english.rules:
        said = rule.title if rule.title else rule.text
        number = rule.number + ("." if "." not in rule.number or rule.number[-1].isdigit() else "")
        msgid = f"{number} {said}" if numbers or rule.title else said
        ja = japanese.get(rule.number)
        translated = rule.number[0] in done and ja is not None and rule.number not in skip
        add(msgid, f"{number} {ja.title or ja.text}" if translated else "")
        for at, example in enumerate(rule.examples):
            ja_example = ja.examples[at] if translated and at < len(ja.examples) else ""
            add(f"Example: {example}", f"例：{ja_example}" if ja_example else "")
    add("Glossary")
    for entry in english.glossary[:40]:
        add(entry.term)
        add(entry.text)
    add("Credits")
    add("Magic: The Gathering Original Game Design: Richard Garfield")
    return bytes(catalog.__unicode__(), "utf-8")


def test_a_platform_po_is_read_from_its_english_side():
    doc = po.parse(platform_po(), "crowdin-ja.po")
    english, japanese = sources()
    assert (doc.lang, doc.edition, doc.format) == ("ja", "2026-01-16", "po")
    assert "English effective date" in doc.edition_evidence
    expected = [r for r in english.rules if r.number[0] in DONE and r.number in japanese]
    assert [r.number for r in doc.rules] == [r.number for r in expected]
    first = next(r for r in doc.rules if r.number == "100.1")
    assert first.text == japanese["100.1"].text  # the number the translator kept is not part of the text
    assert next(r for r in doc.rules if r.number == "100").title == japanese["100"].title
    assert not any(r.text.startswith("These") for r in doc.rules)
    coverage = json.loads(doc.meta["coverage"])
    assert coverage == {"translated": len(expected), "total": len(english.rules), "complete": ["1", "2"]}
    untranslated = json.loads(doc.meta["untranslated"])
    assert "702.26b" in untranslated and "100.1" not in untranslated
    assert doc.glossary == []  # the glossary is not translated at all
    with_examples = next(r for r in doc.rules if japanese[r.number].examples)
    assert with_examples.examples == japanese[with_examples.number].examples


def test_a_translated_date_line_wins():
    data = platform_po().replace(
        b'msgid "These rules are effective as of January 16, 2026."\nmsgstr ""',
        'msgid "These rules are effective as of January 16, 2026."\nmsgstr '
        '"このルールは2026年1月17日から有効です。"'.encode(),
    )
    doc = po.parse(data, "crowdin-ja.po")
    assert doc.edition == "2026-01-17" and "translated effective date" in doc.edition_evidence


def test_a_platform_po_without_a_language_says_so():
    data = platform_po().replace(b'"Language: ja\\n"\n', b"")
    with pytest.raises(SourceError, match="--lang"):
        po.parse(data, "nolang.po")
    assert po.parse(data, "export/pt_BR.po").lang == "pt-BR"  # Weblate names the file by its locale
    assert po.parse(data, "export/zh-TW/rules.po").lang == "zh-Hant"  # Crowdin names the folder


@pytest.fixture(scope="module")
def kb(tmp_path_factory):
    base = KnowledgeBase.open(copy_db(tmp_path_factory.mktemp("po-platforms")))
    yield base
    base.close()


@pytest.fixture(scope="module")
def imported(kb, tmp_path_factory):
    path = tmp_path_factory.mktemp("po") / "crowdin-ja.po"
    path.write_bytes(platform_po())
    return kb.import_file(path)


def test_imported_lookups_translated_and_not(kb, imported):
    english, japanese = sources()
    assert (imported.status, imported.lang, imported.edition, imported.format) == ("added", "ja", "2026-01-16", "po")
    rule = kb.rule("100.1", lang="ja", edition="crowdin-ja")
    assert rule.text == japanese["100.1"].text and rule.document == "crowdin-ja"
    left = kb.rule("702.26b", lang="ja", edition="crowdin-ja")
    assert left.lang == "en" and left.document == "MagicCompRules_20260116"
    assert left.text == next(r.text for r in english.rules if r.number == "702.26b")
    assert left.untranslated["document"] == "crowdin-ja" and "not translated" in left.untranslated["note"]


def test_imported_coverage_is_listed(kb, imported):
    from kb.cli.documents import coverage_text

    info = kb.document("crowdin-ja")
    english, _ = sources()
    text = coverage_text(info.meta)
    assert text.startswith(f"{imported.rules:,} of {len(english.rules):,} rules")
    assert text.endswith("1xx–2xx complete")


def test_imported_search_and_crosscheck(kb, imported):
    english, japanese = sources()
    hits = kb.search(japanese["100.1"].text[:12], langs=["ja"], edition="crowdin-ja", limit=5)
    assert any(v.number == "100.1" and v.document == "crowdin-ja" for hit in hits.results for v in hit.versions)
    report = kb.crosscheck("ja@crowdin-ja:100.1", "en@2026-01-16:100.1").to_dict()
    assert report["a"]["document"] == "crowdin-ja"
    assert report["rows"] and report["rows"][0]["a"]["text"] == japanese["100.1"].text


def test_numberless_and_undated_po_is_dated_and_numbered_by_matching(kb, tmp_path):
    path = tmp_path / "weblate-ja.po"
    path.write_bytes(platform_po(numbers=False, date_line=False))
    result = kb.import_file(path)
    assert result.edition == "2026-01-16"
    info = kb.document("weblate-ja")
    assert info.edition_evidence.startswith("English side matches MagicCompRules_20260116")
    found = re.search(r"(\d+) of (\d+) messages \((\d+)%\); next best (\d+)", info.edition_evidence)
    assert found and found[1] == found[2] and int(found[4]) < int(found[1])
    assert kb.rule("100.1a", lang="ja", edition="weblate-ja").text == sources()[1]["100.1a"].text
    # All but the few rules whose English repeats another's word for word (one message for both).
    assert imported_count() - 10 <= result.rules < imported_count()


def imported_count() -> int:
    english, japanese = sources()
    return len([r for r in english.rules if r.number[0] in DONE and r.number in japanese])


def test_a_reimport_that_drops_a_translation_is_refused(kb, imported, tmp_path):
    path = tmp_path / "crowdin-ja.po"
    path.write_bytes(platform_po(skip=("100.1",)))
    with pytest.raises(ReplaceRefused, match="100.1"):
        kb.import_file(path)
    assert kb.rule("100.1", lang="ja", edition="crowdin-ja").document == "crowdin-ja"
    again = kb.import_file(path, replace_smaller=True)
    assert again.status == "replaced" and again.rules == imported.rules - 1
    assert kb.rule("100.1", lang="ja", edition="crowdin-ja").untranslated
    path.write_bytes(platform_po())  # the whole file again, for the tests after this one
    assert kb.import_file(path).status == "replaced"


def test_a_partial_translation_has_a_backlog_and_exports_back(kb, imported):
    from kb.backlog import backlog, write_po

    english, japanese = sources()
    result = backlog(kb, "ja@crowdin-ja", to="2026-08-07")
    assert result.translation.document == "crowdin-ja" and result.items
    exported = {e.msgctxt: e for e in polib.pofile(write_po(result).decode("utf-8")) if not e.obsolete}
    assert exported["100.1"].msgstr == japanese["100.1"].text  # translated: carried over
    assert exported["702.26b"].msgstr == ""  # not translated: left for the team, never English
    assert all(e.msgstr != e.msgid for e in exported.values() if e.msgstr)
