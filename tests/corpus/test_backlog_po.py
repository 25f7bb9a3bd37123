"""PO files: written from a backlog for translators' tools, read back by kb.importers.po as a
translation of the newer edition (the round trip export, translate, import)."""

from __future__ import annotations

import io
import json

import pytest
from babel.messages.pofile import read_po
from babel.messages.pofile import write_po as babel_write_po

from kb.api import KnowledgeBase
from kb.backlog import backlog, write_po
from kb.importers import po
from kb.importers.records import SourceError
from kb.importers.registry import detect_format
from tests.corpus.test_backlog_db import backlog_db_path, copy_db

SMALL = """# mtgkb-edition: 2026-08-07
msgid ""
msgstr ""
"Language: ja\\n"
"Content-Type: text/plain; charset=utf-8\\n"

#. heading
msgctxt "7"
msgid "Additional Rules"
msgstr "追加ルール"

#. heading
msgctxt "702.26"
msgid "Phasing"
msgstr "フェイジング"

msgctxt "702.26a"
msgid "Phasing is a static ability."
msgstr "フェイジングは常在型能力である。"

msgctxt "702.26a example 1"
msgid "An example."
msgstr ""

#, fuzzy
#| msgid "Old text."
msgctxt "702.26b"
msgid "New text."
msgstr "古い訳。"

msgctxt "glossary term: Phasing"
msgid "Phasing"
msgstr "フェイジング"

msgctxt "glossary: Phasing"
msgid "A keyword ability. See rule 702.26."
msgstr ""
"""


def test_a_po_file_is_read_as_rules_examples_and_glossary():
    doc = po.parse(SMALL.encode(), "small.po")
    assert (doc.lang, doc.edition, doc.format) == ("ja", "2026-08-07", "po")
    assert doc.edition_evidence == "PO header: mtgkb-edition"
    assert [(r.number, r.title, r.text) for r in doc.rules] == [
        ("7", "追加ルール", ""),
        ("702.26", "フェイジング", ""),
        ("702.26a", None, "フェイジングは常在型能力である。"),
        ("702.26b", None, "古い訳。"),
    ]
    assert doc.rules[2].examples == []  # not translated: never stored as a translation
    assert doc.glossary == []  # a term without its definition is no glossary entry ...
    assert [(t.term, t.english) for t in doc.terms] == [("フェイジング", "Phasing")]  # ... but a term pair
    assert json.loads(doc.meta["untranslated"]) == ["702.26a example 1", "glossary: Phasing"]
    assert json.loads(doc.meta["fuzzy"]) == ["702.26b"]


def test_options_win_over_the_header():
    doc = po.parse(SMALL.encode(), "small.po", lang="ja-JP", edition="2026-09-01")
    assert (doc.lang, doc.edition, doc.edition_evidence) == ("ja-JP", "2026-09-01", "--edition")


def test_a_po_file_is_detected_by_name_and_by_content():
    assert detect_format(SMALL.encode(), "small.po") == "po"
    assert detect_format(SMALL.encode(), "small.txt") == "po"


H = 'msgid ""\nmsgstr ""\n"Language: ja\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'


@pytest.mark.parametrize(
    "text, line, words",
    [
        (H + 'msgctxt "702.x"\nmsgid "Text."\nmsgstr "訳"\n', 6, "702.x"),
        (H + 'msgctxt "702.26a example 1"\nmsgid "Ex."\nmsgstr "例"\n', 6, "before the rule"),
        (H + 'msgctxt "702.26a"\nmsgid "Text."\nmstr "x"\n', 8, "not a valid PO file"),
        # A deleted msgid line: its msgstr would blank or drop a rule (polib: a syntax error).
        (H + 'msgctxt "702.174"\nmsgstr "x"\n\nmsgctxt "702.174a"\nmsgid "A"\nmsgstr "y"\n', 7, "not a valid PO"),
        (H + 'msgctxt "702.26a"\nmsgid "Text.\nmsgstr "x"\n', 7, "unterminated string"),
        (H + 'msgctxt "702.26a"\nmsgid "Text\\q."\nmsgstr "x"\n', 7, "bad escape"),
        (
            H.replace("UTF-8", "latin-1") + 'msgctxt "702.26a"\nmsgid "Text."\nmsgstr "フェイジング"\n',
            8,
            "charset=latin-1 but the text is UTF-8",
        ),
        (H.replace("UTF-8", "klingon") + 'msgctxt "702.26a"\nmsgid "Text."\nmsgstr "x"\n', 4, "unknown charset"),
    ],
)
def test_bad_messages_name_the_line(text, line, words):
    with pytest.raises(SourceError) as error:
        po.parse(text.encode(), "bad.po")
    assert error.value.path == "bad.po" and error.value.line == line
    assert words in error.value.message


def test_a_po_file_without_a_language_needs_lang():
    text = 'msgid ""\nmsgstr ""\n\nmsgctxt "702.26a"\nmsgid "Text."\nmsgstr "訳"\n'
    with pytest.raises(SourceError, match="--lang"):
        po.parse(text.encode(), "nolang.po")
    assert po.parse(text.encode(), "nolang.po", lang="ja").rules[0].text == "訳"


# ---- written from the Japanese backlog --------------------------------------------------------


@pytest.fixture(scope="module")
def kb():
    base = KnowledgeBase.open(backlog_db_path())
    yield base
    base.close()


@pytest.fixture(scope="module")
def ja(kb):
    return backlog(kb, "ja@2026-01-16")


@pytest.fixture(scope="module")
def catalog(po_bytes):
    return read_po(io.BytesIO(po_bytes))


def test_every_rule_example_and_glossary_entry_is_a_message(kb, catalog):
    counts = kb.conn.execute(
        "select rules, examples, glossary from documents where name = 'MagicCompRules_20260807'"
    ).fetchone()
    messages = [m for m in catalog if m.id]
    assert len(messages) == counts[0] + counts[1] + 2 * counts[2]
    assert str(catalog.locale) == "ja"


def previous(data: bytes, context: str) -> list[str]:
    """The "#|" lines right before a message's msgctxt, as gettext's tools read them."""
    lines = data.decode().split("\n")
    at = lines.index(f'msgctxt "{context}"')
    found = []
    while lines[at - 1].startswith("#| "):
        at -= 1
        found.insert(0, lines[at])
    return found


@pytest.fixture(scope="module")
def po_bytes(ja):
    return write_po(ja)


def test_an_edited_rule_is_fuzzy_with_the_old_english_as_previous(catalog, ja, po_bytes):
    item = next(i for i in ja.items if i.number == "107.3e")
    message = catalog.get(item.new_english, context="107.3e")
    assert message.fuzzy
    assert b"python-brace-format" not in po_bytes  # rule texts are no format strings ("{X}" is a mana symbol)
    assert message.string.startswith("呪文や能力が、他のオブジェクトの持つ")
    [line] = previous(po_bytes, "107.3e")
    assert line == f'#| msgid "{item.old_english}"'


def test_a_renumbered_and_edited_rule_shows_its_old_number_as_previous_context(ja, po_bytes):
    item = next(i for i in ja.items if i.kind == "renumbered and edited" and '"' not in i.old_english)
    lines = previous(po_bytes, item.number)
    assert lines == [f'#| msgctxt "{item.old_number}"', f'#| msgid "{item.old_english}"']


def test_a_mechanical_update_is_filled_in_and_not_fuzzy(catalog, ja):
    item = next(i for i in ja.items if i.number == "727.6")
    message = catalog.get(item.new_english, context="727.6")
    assert message.string == item.proposed and not message.fuzzy
    assert any("machine-updated" in c for c in message.auto_comments)
    assert "was 726.6" in message.auto_comments


def test_an_added_rule_is_empty_and_an_unchanged_one_translated(catalog, ja, kb):
    added = next(i for i in ja.items if i.number == "111.10v")
    assert catalog.get(added.new_english, context="111.10v").string == ""
    (english,) = kb.conn.execute(
        "select text from rules r join documents d on d.id = r.document_id where "
        "d.name = 'MagicCompRules_20260807' and number = '100.1'"
    ).fetchone()
    unchanged = catalog.get(english, context="100.1")
    assert unchanged.string.startswith("このマジックのルールは") and not unchanged.fuzzy


def test_removed_entries_are_obsolete(catalog):
    obsolete = {m.context for m in catalog.obsolete.values()}
    assert {"glossary: Paris Mulligan", "glossary: Vancouver Mulligan"} <= obsolete


def test_a_section_backlog_makes_no_po_file(kb):
    with pytest.raises(ValueError, match="whole document"):
        write_po(backlog(kb, "ja@2026-01-16", section="7"))


# ---- the round trip ---------------------------------------------------------------------------


def _translate(data: bytes, translations: dict[str, str]) -> bytes:
    """What a translator does in Poedit: fill some messages in and confirm them."""
    catalog = read_po(io.BytesIO(data))
    for message in catalog:
        if message.context in translations:
            message.string = translations[message.context]
            message.flags.discard("fuzzy")
    out = io.BytesIO()
    babel_write_po(out, catalog, include_previous=True)
    return out.getvalue()


def test_export_translate_import_gives_a_translation_of_the_newer_edition(tmp_path, ja):
    kb = KnowledgeBase.open(copy_db(tmp_path))
    try:
        done = "ミュータジェン・トークンは、無色のミュータジェン・アーティファクト・トークンである。"
        path = tmp_path / "ja-20260807.po"
        path.write_bytes(_translate(write_po(ja), {"111.10v": done}))
        result = kb.import_file(path, lang="ja")
        assert (result.status, result.lang, result.edition, result.format) == ("added", "ja", "2026-08-07", "po")
        meta = kb.document("ja-20260807").meta
        left = [key for key in json.loads(meta["untranslated"]) if " " not in key]  # rules, not examples
        assert left and result.rules == 3318 - len(left)  # an untranslated rule is not stored as one
        assert kb.rule("111.10v", lang="ja").text == done
        assert kb.rule("111.10v", lang="ja").document == "ja-20260807"
        moved = next(i for i in ja.items if i.number == "727.6")
        assert kb.rule("727.6", lang="ja").text == moved.proposed
        untranslated = kb.rule("122.1j", lang="ja")  # the English, saying so
        assert untranslated.text.startswith("A hone counter on an Equipment") and untranslated.lang == "en"
        assert untranslated.untranslated["document"] == "ja-20260807"
        assert untranslated.payload()["untranslated"]["lang"] == "ja"
        assert "122.1j" in json.loads(meta["untranslated"]) and "111.10v" not in json.loads(meta["untranslated"])
        assert "107.3e" in json.loads(meta["fuzzy"])
        assert kb.rule("702.26", lang="ja").title == "フェイジング"
        [entry] = [g for g in kb.glossary("Phasing", lang="ja") if g.document == "ja-20260807"]
        assert entry.term == "フェイジング"
        # The imported document is a translation like any other: cross-checked against its English.
        report = kb.crosscheck("ja@2026-08-07:727.6", "en@2026-08-07:727.6")
        assert report.to_dict()
        assert json.loads(meta["coverage"])["translated"] == result.rules
    finally:
        kb.close()


def test_the_po_file_passes_gettexts_own_check(po_bytes, tmp_path):
    """What translation platforms accept: standard PO that GNU msgfmt compiles with -c (header,
    formats, plural forms checked); a platform's own export of it reads back the same messages."""
    import subprocess

    path = tmp_path / "ja.po"
    path.write_bytes(po_bytes)
    checked = subprocess.run(["msgfmt", "-c", "-o", str(tmp_path / "ja.mo"), str(path)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    assert "warning" not in checked.stderr  # no template placeholders left in the header
    assert (tmp_path / "ja.mo").stat().st_size > 100_000
    platform = polib_entries(po_bytes)
    assert len(platform) == len([m for m in read_po(io.BytesIO(po_bytes)) if m.id])


def polib_entries(data: bytes) -> list:
    import polib

    return [e for e in polib.pofile(data.decode("utf-8")) if not e.obsolete and e.msgid]
