"""PDF text for the readers (kb.importers.pdf): detection by content, line structure, clear errors.

The real PDF is an excerpt of Wizards' Comprehensive Rules of 2025-06-06 (tests/data/forms,
SOURCES.md there); the other PDFs are made here with pypdf's writer.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfWriter

from kb.api import KnowledgeBase
from kb.importers.pdf import PdfWithoutText, UnreadablePdf, join_pages
from kb.importers.registry import parse_file

FORMS = Path(__file__).resolve().parent.parent / "data" / "forms"
EXCERPT = FORMS / "en_pdf_cr_20250606_lordsoflegacy.pdf"


def test_a_word_broken_at_a_line_end_is_one_word_again():
    page = (
        "117.3a The active player receives priority after any turn-\nbased actions are dealt with.\n\n"
        "603.7b It triggers only once, the next time its trigger event occurs—\nunless it has a duration.\n\n"
        "702.74a See rules 601.2b and 601.2f–\nh.\n\n107.7 [-\nN] means remove N loyalty counters."
    )
    assert join_pages([page]).split("\n") == [
        "117.3a The active player receives priority after any turn-based actions are dealt with.",
        "",
        "603.7b It triggers only once, the next time its trigger event occurs—unless it has a duration.",
        "",
        "702.74a See rules 601.2b and 601.2f–h.",
        "",
        "107.7 [-N] means remove N loyalty counters.",
        "",
    ]


def test_a_full_line_goes_on_in_the_next_unless_it_starts_a_paragraph():
    full = "702.26b If a permanent phases out, its status changes to phased out. Except for"
    page = "\n".join(
        [
            full,
            "rules and effects that mention them, a phased-out permanent is treated as though it",
            "does not exist.",  # short: the paragraph ends here
            "Example: You control three creatures, one of which is phased out. You cast a spell",
            "that says draw a card for each creature you control. You draw two cards here.",
            "702.26c If a permanent phases in, its status changes to phased in. The game again",
            "treats it as though it exists.",
        ]
    )
    assert join_pages([page]).split("\n")[:3] == [
        full + " rules and effects that mention them, a phased-out permanent is treated as though it does not exist.",
        "Example: You control three creatures, one of which is phased out. You cast a spell that says draw a card "
        "for each creature you control. You draw two cards here.",
        "702.26c If a permanent phases in, its status changes to phased in. The game again treats it as though it "
        "exists.",
    ]


def test_chinese_and_japanese_lines_join_without_a_space_korean_with_one():
    lines = ["702.26a フェイジングは、アンタップ・ステップのルールを変更する常", "在型能力である。"] * 3
    assert (
        join_pages(["\n".join(lines)]).split("\n")[0]
        == "702.26a フェイジングは、アンタップ・ステップのルールを変更する常在型能力である。"
    )
    lines = ["702.26a 페이징은 언탭단의 규칙을 바꾸는 정적 능력입니다. 각 플레이어의", "언탭단 동안에."] * 3
    assert (
        join_pages(["\n".join(lines)]).split("\n")[0]
        == "702.26a 페이징은 언탭단의 규칙을 바꾸는 정적 능력입니다. 각 플레이어의 언탭단 동안에."
    )


def test_a_cjk_fonts_radicals_and_slash_read_as_the_characters_meant():
    text = join_pages(
        ["このルールは2026年1\u2f4916\u2f47から有効です。\n702.26. フェイジング\u2215Phasing\n1\u22152 life"]
    )
    assert text.split("\n")[:3] == [
        "このルールは2026年1月16日から有効です。",
        "702.26. フェイジング／Phasing",
        "1\u22152 life",
    ]


def test_a_numbered_line_at_a_page_top_starts_a_paragraph_and_a_rule_goes_on_across_pages():
    text = join_pages(["123.9. An art sticker has no effect", "2. Parts of a Card\n\n200. General"])
    assert text.split("\n")[:3] == ["123.9. An art sticker has no effect", "", "2. Parts of a Card"]
    text = join_pages(["702.26b If a permanent phases out, its status", "changes to phased out."])
    assert text.split("\n")[:2] == ["702.26b If a permanent phases out, its status", "changes to phased out."]


def test_a_pdf_is_told_by_its_content_not_its_name():
    document, data = parse_file("rules.txt", data=EXCERPT.read_bytes())
    assert document.format == "cr-text" and document.edition == "2025-06-06" and len(document.rules) == 44
    assert data[:5] == b"%PDF-"  # the file's own bytes are what is stored
    assert document.meta["pdf"].startswith("a PDF")


def test_the_pdf_keeps_examples_and_glossary():
    document, _ = parse_file(EXCERPT)
    rule = next(r for r in document.rules if r.number == "702.26b")
    assert rule.text.endswith("removed from combat. (See rule 506.4.)")
    assert [e[:30] for e in rule.examples] == ["You control three creatures, o", "You control a phased-out creat"]
    phasing = next(g for g in document.glossary if g.term == "Phasing")
    assert phasing.text.startswith("A keyword ability that causes a permanent to sometimes be treated")
    assert len(document.glossary) == 27


def test_explain_says_it_is_a_pdf_and_what_its_text_is():
    answer = KnowledgeBase.explain_import(EXCERPT)
    assert answer["container"] == "pdf" and answer["format"] == "cr-text"
    assert "pypdf" in answer["why"]
    cr_text = next(c for c in answer["candidates"] if c["format"] == "cr-text")
    assert cr_text["rules"] == 44


def _pdf(*, blank_pages: int = 1, password: str | None = None) -> bytes:
    writer = PdfWriter()
    for _ in range(blank_pages):
        writer.add_blank_page(width=200, height=200)
    if password is not None:
        writer.encrypt(user_password=password, owner_password="owner", algorithm="RC4-128")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_a_pdf_without_text_says_so():
    with pytest.raises(PdfWithoutText, match=r"scan\.pdf: the PDF's 2 page\(s\) hold no text"):
        parse_file("scan.pdf", data=_pdf(blank_pages=2))


def test_a_damaged_pdf_names_the_file_and_what_was_expected():
    data = EXCERPT.read_bytes()[:3000]
    with pytest.raises(UnreadablePdf, match=r"cut\.pdf: not a readable PDF .*expected a PDF with a text layer"):
        parse_file("cut.pdf", data=data)


def test_a_pdf_locked_by_a_password_is_refused():
    with pytest.raises(UnreadablePdf, match="encrypted with a password"):
        parse_file("locked.pdf", data=_pdf(password="secret"))


def test_a_pdf_encrypted_only_against_editing_is_read():
    writer = PdfWriter(clone_from=str(EXCERPT))
    writer.encrypt(user_password="", owner_password="owner", algorithm="RC4-128")
    out = io.BytesIO()
    writer.write(out)
    document, _ = parse_file("locked-for-editing.pdf", data=out.getvalue())
    assert document.edition == "2025-06-06" and len(document.rules) == 44


def test_a_folder_import_takes_its_pdfs(tmp_path):
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "MagicCompRules 20250606.pdf").write_bytes(EXCERPT.read_bytes())
    (tmp_path / "rules" / "scan.pdf").write_bytes(_pdf(blank_pages=1))
    kb = KnowledgeBase.open(":memory:")
    results = kb.import_paths([tmp_path / "rules"], update_history=False)
    assert {r.path.rsplit("/", 1)[-1]: r.status for r in results} == {
        "MagicCompRules 20250606.pdf": "added",
        "scan.pdf": "skipped",
    }
    assert [(d.lang, d.edition, d.rules) for d in kb.documents()] == [("en", "2025-06-06", 44)]


def test_a_japanese_pdf_reads_as_the_text_it_was_printed_from():
    """Printed by Chromium from lines 2238-2254 of the corpus's Japanese CR (SOURCES.md).

    The one difference kept: the font gives the wave dash U+301C for the text's full-width tilde
    U+FF5E (one glyph for two code points, the well-known pair); the importer does not guess which.
    """
    from tests.conftest import corpus_path

    lines = corpus_path("ja", "CompRules_ja_20260116.0_lines.txt").read_text(encoding="utf-8").split("\n")[2237:2254]
    printed = {line.split(" ", 1)[0]: line.split(" ", 1)[1] for line in lines if line[:1].isdigit()}
    document, _ = parse_file(FORMS / "ja_pdf_cr702.26_made.pdf")
    assert document.lang == "ja" and document.edition == "2026-01-16"
    read = {r.number: r for r in document.rules}
    assert read["702.26"].title == "フェイジング"
    for number, text in printed.items():
        if number != "702.26.":
            assert read[number].text == text.replace("\uff5e", "\u301c"), number
    assert [e[:12] for e in read["702.26b"].examples] == ["あなたが3体のクリーチャ", "あなたは、フェイズ・アウ"]


def test_a_text_that_mentions_the_pdf_header_stays_a_text():
    post = "A PDF starts with %PDF-1.7; the rules we quote:\n\n702.26a Phasing is a static ability.\n"
    post += "702.26b If a permanent phases out, its status changes to phased out.\n"
    document, _ = parse_file("post.txt", data=post.encode(), format="numbered")
    assert [r.number for r in document.rules] == ["702.26a", "702.26b"] and "pdf" not in document.meta


def test_the_numbered_reader_reads_a_pdf_given_to_it_directly():
    from kb.importers import numbered

    document = numbered.parse((FORMS / "ja_pdf_cr702.26_made.pdf").read_bytes(), "ja.pdf")
    assert (document.lang, document.edition, len(document.rules)) == ("ja", "2026-01-16", 17)
    unwrapped, _finding = numbered.read((FORMS / "ja_pdf_cr702.26_made.pdf").read_bytes(), "ja.pdf")
    assert unwrapped.reason.startswith("a PDF (it starts with %PDF-)")
