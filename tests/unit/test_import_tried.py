"""The import as a translator meets it from an installed package: what was reported had to be what was
stored, and bad input had to say what it is (docs/importers.md, "Imports that refuse to damage good data").

Each test reproduces one thing found by importing tests/data/forms and damaged copies of them with the
installed wheel: options that a re-import ignored while reporting them, a bilingual file whose second
document went unreported, a folder that imported nothing and said nothing, a JSON dataset cut short,
pypdf's complaints printed bare, a file its reader claims and then finds nothing in, and Ctrl-C.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from kb.api import KnowledgeBase
from kb.cli.app import cli
from kb.importers.pdf import UnreadablePdf
from kb.importers.records import NoRules
from kb.importers.registry import explain, parse_file
from kb.importers.unwrap import BrokenJson
from tests.conftest import ROOT

FORMS = ROOT / "tests" / "data" / "forms"
BILINGUAL = FORMS / "zh-en_mtgjudge_cr7_rendered.txt"
POST = FORMS / "ja_hexo_post_made.md"


@pytest.fixture
def kb():
    opened = KnowledgeBase.open(":memory:")
    yield opened
    opened.close()


def test_the_same_file_again_with_lang_is_stored_in_that_language(kb, tmp_path):
    kb.import_file(POST, update_history=False)
    again = kb.import_file(POST, lang="ko", update_history=False)
    assert again.status == "replaced"
    assert kb.document(POST.stem).lang == again.lang == "ko"


def test_the_same_file_again_with_edition_is_stored_with_that_edition(kb):
    kb.import_file(POST, update_history=False)
    again = kb.import_file(POST, edition="2026-01-16", update_history=False)
    assert kb.document(POST.stem).edition == again.edition == "2026-01-16"


def test_the_same_file_again_without_options_is_unchanged(kb):
    first = kb.import_file(POST, update_history=False)
    again = kb.import_file(POST, update_history=False)
    assert again.status == "unchanged"
    assert kb.document(POST.stem).lang == first.lang == "ja"


def test_an_unchanged_bilingual_file_reports_both_its_documents(kb):
    first = kb.import_paths([BILINGUAL], update_history=False)
    again = kb.import_paths([BILINGUAL], update_history=False)
    assert [(r.name, r.lang) for r in again] == [(r.name, r.lang) for r in first]
    assert [r.name for r in again] == [BILINGUAL.stem, BILINGUAL.stem + ".en"]
    assert {r.status for r in again} == {"unchanged"}


def test_an_empty_folder_is_refused_by_name(tmp_path):
    folder = tmp_path / "nothing here"
    folder.mkdir()
    (folder / "notes.docx").write_bytes(b"PK\x03\x04")
    result = CliRunner().invoke(cli, ["--db", str(tmp_path / "t.db"), "import", "--no-progress", str(folder)])
    assert result.exit_code == 2
    assert f"no rule texts in the folder {folder}" in result.output
    assert ".txt" in result.output and ".pdf" in result.output
    assert not (tmp_path / "t.db").exists()


def test_a_json_dataset_cut_short_is_refused_with_its_line(tmp_path):
    data = (FORMS / "zh-en_json_20231013_athenacykes.json").read_bytes()
    cut = data[: len(data) // 2].decode("utf-8", "ignore")
    path = tmp_path / "cut.json"
    path.write_text(cut, encoding="utf-8")
    with pytest.raises(BrokenJson) as raised:
        parse_file(path)
    assert raised.value.line == cut.count("\n") + 1
    assert "cut short" in raised.value.message
    assert explain(path.read_bytes(), str(path))[0]["error"] == str(raised.value)


def test_a_json_with_a_stray_comma_is_refused_at_its_column_and_not_called_cut_short(tmp_path):
    path = tmp_path / "comma.json"
    path.write_text('{"rules": [\n  {"number": "702.26a", "en": "Phasing is a static ability."},\n]}\n')
    with pytest.raises(BrokenJson) as raised:
        parse_file(path)
    assert raised.value.line == 3
    assert "cut short" not in raised.value.message


def test_mediawiki_that_opens_with_a_template_is_no_broken_json(tmp_path):
    path = tmp_path / "page.txt"
    path.write_text("{{Infobox\n|種別=常在型能力\n}}\n702.26a フェイジングは常在型能力である。\n", encoding="utf-8")
    document, _data = parse_file(path)
    assert [rule.number for rule in document.rules] == ["702.26a"]


def test_a_pdf_cut_short_says_what_pypdf_said_in_its_error_and_nothing_bare(tmp_path, capfd):
    path = tmp_path / "cut.pdf"
    path.write_bytes((FORMS / "ja_pdf_cr702.26_made.pdf").read_bytes()[:20000])
    with pytest.raises(UnreadablePdf) as raised:
        parse_file(path)
    assert "EOF marker not found" in raised.value.message
    assert "EOF marker" not in capfd.readouterr().err


def test_a_file_whose_reader_claims_it_and_finds_nothing_names_every_reader_tried():
    path = FORMS / "SOURCES.md"  # DokuWiki-like tags in prose: the rule-page reader claims it
    detected, candidates = explain(path.read_bytes(), str(path))
    assert any(c.claims and c.error for c in candidates)
    assert detected["format"] == ""
    with pytest.raises(NoRules) as raised:
        parse_file(path)
    assert "tried:" in raised.value.message
    assert all(f"{c.format}: " in raised.value.message for c in candidates)


def test_explain_exits_1_when_the_claiming_reader_finds_nothing(tmp_path):
    result = CliRunner().invoke(cli, ["--db", str(tmp_path / "t.db"), "import", "--explain", str(FORMS / "SOURCES.md")])
    assert result.exit_code == 1
    assert "read by: none" in result.output


def test_ctrl_c_keeps_the_files_stored_and_leaves_the_rest_to_repair(kb, tmp_path):
    mini = ROOT / "tests" / "data" / "mini" / "MiniRules_20260807.txt"
    older = tmp_path / "MiniRules_20250807.txt"
    older.write_text(mini.read_text(encoding="utf-8").replace("August 7, 2026", "August 7, 2025"), encoding="utf-8")

    def stop_at_the_third_file(step) -> None:
        if step.phase == "import" and step.result is None and step.files == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        kb.import_paths([older, mini, POST], progress=stop_at_the_third_file)
    held = {d.name for d in kb.documents()}
    assert {older.stem, mini.stem} <= held and POST.stem not in held
    # The chain between the two editions stored is not paired on the way out: `mtgkb repair` does it.
    assert kb.maintenance.pending().to_dict()["pairings"] == [f"{older.stem} -> {mini.stem}"]


def test_explain_reads_with_the_language_the_import_is_given(tmp_path):
    result = CliRunner().invoke(cli, ["--db", str(tmp_path / "t.db"), "import", "--explain", "--lang", "ko", str(POST)])
    assert result.exit_code == 0
    assert "* numbered: claims it, reads 7 rules (ko 7)" in result.output


def test_explain_with_an_edition_that_is_no_date_says_no_reader_reads_it(tmp_path):
    result = CliRunner().invoke(
        cli, ["--db", str(tmp_path / "t.db"), "import", "--explain", "--edition", "2026-13-01", str(POST)]
    )
    assert result.exit_code == 1
    assert "read by: none" in result.output
    assert "'2026-13-01' is not a date" in result.output
