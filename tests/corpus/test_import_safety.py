"""Imports that refuse to damage good data: decoding, replacing a document, limits (issue 17).

Every case starts from a good stored document and checks, after the bad import, both the
message (file, line, offset, what would be lost) and that the stored document is as it was.
"""

from __future__ import annotations

import codecs
import shutil

import pytest
from click.testing import CliRunner

from kb.api import KnowledgeBase
from kb.cli import cli
from kb.core.errors import ReplaceRefused
from kb.importers.limits import DEFAULT_MAX_BYTES, DEFAULT_MAX_RULES
from kb.importers.records import SourceError, SourceTooLarge
from tests.conftest import CORPUS, MINI, ROOT, SEED_DIR, corpus_path

GERMAN = SEED_DIR / "000_a3c90cc092d5a721.txt"
NEWEST = ("en", "full", "MagicCompRules_20260807.txt")


@pytest.fixture
def kb(tmp_path):
    base = KnowledgeBase.open(tmp_path / "kb.db")
    yield base
    base.close()


def invoke(db, *args):
    return CliRunner().invoke(cli, ["--db", str(db), *args])


def stored(kb, name: str) -> dict:
    row = kb.conn.execute(
        "select id, rules, examples, glossary, sha256 from documents where name = ?", [name]
    ).fetchone()
    return dict(zip(("id", "rules", "examples", "glossary", "sha256"), row))


# ---- decoding ---------------------------------------------------------------------------------


def test_a_stray_byte_in_german_utf8_fails_naming_line_and_offset_and_keeps_the_good_document(kb, tmp_path):
    good = tmp_path / GERMAN.name
    shutil.copy(GERMAN, good)
    kb.import_file(good)
    before = stored(kb, good.stem)
    data = GERMAN.read_bytes()
    offset = data.index("702.23e".encode())
    good.write_bytes(data[:offset] + b"\xff" + data[offset:])
    result = invoke(kb.path, "import", str(good))
    assert result.exit_code == 2
    line = data[:offset].count(b"\n") + 1
    assert f"{good}:{line}:" in result.output and f"offset {offset}" in result.output
    assert "ff" in result.output and "not read as Windows-1252" in result.output
    assert stored(kb, good.stem) == before == {**before, "rules": 13}
    assert kb.rule("702.23", lang="de").title == "Instabilität"


def test_a_stray_byte_in_an_english_edition_names_its_own_line(kb, tmp_path):
    data = corpus_path(*NEWEST).read_bytes()
    offset = data.index(b"702.26b ")
    path = tmp_path / "MagicCompRules_20260807.txt"
    path.write_bytes(data[:offset] + b"\xff" + data[offset:])
    with pytest.raises(SourceError) as info:
        kb.import_file(path)
    assert info.value.line == data[:offset].count(b"\n") + data[:offset].count(b"\r") - data[:offset].count(b"\r\n") + 1
    assert info.value.line > 7 and f"offset {offset}" in info.value.message
    assert kb.conn.execute("select count(*) from documents").fetchone()[0] == 0


@pytest.mark.parametrize("name", sorted(p.name for p in (CORPUS / "en" / "full").glob("*.txt")))
def test_every_corpus_edition_still_decodes(name):
    from kb.importers.decode import collect_warnings, decode_bytes

    with collect_warnings() as warnings:
        text = decode_bytes((CORPUS / "en" / "full" / name).read_bytes(), name)
    assert "comprehensive" in text[:3000].lower() and "\r" not in text and "Ã" not in text and "â€" not in text
    assert warnings == []


def test_control_characters_are_removed_with_a_warning(kb, tmp_path):
    text = (MINI / "MiniRules_20260807.txt").read_text(encoding="utf-8")
    path = tmp_path / "MiniRules_20260807.txt"
    path.write_text(text.replace("A two-player game", "A two-\x00player\x07 game"), encoding="utf-8")
    line = text[: text.index("A two-player game")].count("\n") + 1
    result = invoke(kb.path, "import", "--warnings", str(path))
    assert result.exit_code == 0, result.output
    assert f"Warning: {path}:{line}: removed 2 control character(s) (the first, 0x00" in result.output
    assert kb.rule("100.1a").text == "A two-player game is a game that begins with only two players."
    assert kb.conn.execute("select count(*) from rules where instr(text, char(0)) > 0").fetchone()[0] == 0


def test_a_text_made_of_control_characters_is_refused(tmp_path):
    from kb.importers.decode import decode_bytes

    with pytest.raises(SourceError) as info:
        decode_bytes("702.26a Phasing\n".encode("utf-16-le") * 20, "nobom.txt")
    assert "UTF-16 without a byte-order mark" in info.value.message


# ---- replacing a document -------------------------------------------------------------------------


@pytest.fixture
def newest(tmp_path):
    path = tmp_path / "MagicCompRules_20260807.txt"
    shutil.copy(corpus_path(*NEWEST), path)
    return path


def test_a_cut_edition_does_not_replace_the_full_one(kb, newest):
    kb.import_file(newest)
    before = stored(kb, newest.stem)
    assert (before["rules"], before["glossary"]) == (3318, 739)
    data = newest.read_bytes()
    newest.write_bytes(data[: len(data) * 3 // 10])
    result = invoke(kb.path, "import", str(newest))
    assert result.exit_code == 2
    assert "3318 rules would become" in result.output and "739 glossary entries would become 0 (-100%)" in result.output
    assert "--replace-smaller" in result.output
    assert stored(kb, newest.stem) == before
    forced = invoke(kb.path, "import", "--replace-smaller", "--json", str(newest))
    assert forced.exit_code == 0, forced.output
    after = stored(kb, newest.stem)
    assert after["rules"] < 1500 and after["glossary"] == 0


def test_losing_less_than_a_tenth_replaces(kb, newest):
    kb.import_file(newest)
    text = newest.read_bytes()
    cut = text.index(b"702.26p")  # drop one subrule: far less than 10%
    end = text.index(b"\n", text.index(b"\n", cut) + 1)
    newest.write_bytes(text[:cut] + text[end + 1 :])
    result = kb.import_file(newest)
    assert result.status == "replaced" and result.rules == 3317


def test_a_refused_file_in_a_folder_fails_and_the_others_import(kb, newest, tmp_path):
    kb.import_file(newest)
    folder = tmp_path / "batch"
    folder.mkdir()
    data = newest.read_bytes()
    (folder / newest.name).write_bytes(data[: len(data) // 2])
    shutil.copy(MINI / "MiniRules_20260807.txt", folder)
    results = {r.name: r for r in kb.import_paths([folder])}
    assert results[newest.stem].status == "failed" and "would replace the stored document" in results[newest.stem].error
    assert results["MiniRules_20260807"].status == "added"
    with pytest.raises(ReplaceRefused):
        kb.import_paths([folder / newest.name], keep_going=False)


@pytest.mark.parametrize(
    "encode",
    [
        lambda text: codecs.BOM_UTF8 + text.encode("utf-8"),
        lambda text: text.replace("\n", "\r\n").encode("utf-8"),
        lambda text: codecs.BOM_UTF16_LE + text.encode("utf-16-le"),
        lambda text: codecs.BOM_UTF16_BE + text.replace("\n", "\r").encode("utf-16-be"),
        lambda text: text.replace("\n", "   \n").encode("utf-8"),
    ],
    ids=["bom", "crlf", "utf16le", "utf16be-cr", "trailing-spaces"],
)
def test_the_same_content_in_other_bytes_is_unchanged_and_keeps_its_ids(kb, tmp_path, encode):
    text = (MINI / "MiniRules_20260807.txt").read_text(encoding="utf-8")
    path = tmp_path / "MiniRules_20260807.txt"
    path.write_text(text, encoding="utf-8")
    kb.import_file(path)
    before = stored(kb, path.stem)
    rule_ids = kb.conn.execute("select id, number from rules order by id").fetchall()
    path.write_bytes(encode(text))
    result = kb.import_file(path)
    assert result.status == "unchanged"
    assert stored(kb, path.stem) == before
    assert kb.conn.execute("select id, number from rules order by id").fetchall() == rule_ids


def test_a_document_imported_before_the_content_digest_is_compared_by_its_rows(kb, tmp_path):
    text = (MINI / "MiniRules_20260807.txt").read_text(encoding="utf-8")
    path = tmp_path / "MiniRules_20260807.txt"
    path.write_text(text, encoding="utf-8")
    kb.import_file(path)
    with kb.conn:
        kb.conn.execute("update documents set content_sha = null")
    path.write_bytes(codecs.BOM_UTF8 + text.replace("\n", "\r\n").encode())
    assert kb.import_file(path).status == "unchanged"
    path.write_text(text.replace("General rule 5", "General rule five"), encoding="utf-8")
    assert kb.import_file(path).status == "replaced"


# ---- limits -----------------------------------------------------------------------------------------


def test_the_default_limits_fit_every_real_edition_with_room_to_spare():
    import csv

    largest = max(p.stat().st_size for p in CORPUS.rglob("*") if p.is_file())
    with open(ROOT / "tests" / "data" / "english_editions.tsv", encoding="utf-8") as handle:
        most_rules = max(int(row["rules"]) for row in csv.DictReader(handle, delimiter="\t"))
    assert most_rules == 3318 and largest == 1_707_002
    assert DEFAULT_MAX_BYTES > 5 * largest and DEFAULT_MAX_RULES > 5 * most_rules


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(kb, newest, monkeypatch):
    result = invoke(kb.path, "import", "--max-bytes", "100000", str(newest))
    assert result.exit_code == 2
    assert f"{newest}: the file has {newest.stat().st_size} bytes, more than the limit of 100000" in result.output
    monkeypatch.setenv("MTGKB_MAX_FILE_BYTES", "100000")
    with pytest.raises(SourceTooLarge):
        kb.import_file(newest)
    monkeypatch.setenv("MTGKB_MAX_FILE_BYTES", "many")
    assert invoke(kb.path, "import", str(newest)).exit_code == 2
    assert kb.conn.execute("select count(*) from documents").fetchone()[0] == 0


def test_a_document_over_the_rule_limit_is_refused(kb, newest, monkeypatch):
    result = invoke(kb.path, "import", "--max-rules", "3000", str(newest))
    assert result.exit_code == 2 and "the document has 3318 rules, more than the limit of 3000" in result.output
    monkeypatch.setenv("MTGKB_MAX_RULES", "3318")
    assert kb.import_file(newest).rules == 3318


@pytest.mark.parametrize("depth", [20_000, 39_000])
def test_a_deeply_nested_page_imports(kb, tmp_path, depth):
    page = (
        "<html><head><title>310. Phenomena</title></head><body>"
        + "<div>" * depth
        + "<p>310.1 Phenomenon is a card type seen only in Planechase games.</p>"
        + "<p>310.2 A phenomenon card has a name and rules text.</p>"
        + "</div>" * depth
        + "</body></html>"
    )
    path = tmp_path / "deep.html"
    path.write_text(page, encoding="utf-8")
    result = kb.import_file(path)
    assert (result.status, result.rules) == ("added", 2)
    assert kb.rule("310.2", edition="deep").text == "A phenomenon card has a name and rules text."


def test_block_text_keeps_blocks_on_their_own_lines():
    from bs4 import BeautifulSoup

    from kb.importers.rule_page import block_text

    soup = BeautifulSoup("<body>a<p>b<!-- no --><b>c</b></p>d<div><div>e</div></div><br>f</body>", "lxml")
    assert [line for line in block_text(soup.body).split("\n") if line] == ["a", "bc", "d", "e", "f"]
