"""The report by tier: every finding sure or possible from one table, sure findings first, both shares, --sure."""

from __future__ import annotations

import json

from click.testing import CliRunner

from kb.crosscheck.document import crosscheck_documents
from kb.crosscheck.model import DocumentCrosscheck, Finding, count
from kb.crosscheck.render_html import render_document_html
from kb.crosscheck.render_text import render_document
from kb.crosscheck.texts import DocText, RuleText
from kb.crosscheck.tiers import POSSIBLE, SURE, TABLE, tier


def _doc(doc_id: int, lang: str, texts: dict[str, str]) -> DocText:
    rules = [RuleText(number, "rule", None, text, 0, at) for at, (number, text) in enumerate(texts.items())]
    return DocText(doc_id, f"doc-{lang}", lang, None, rules)


ENGLISH = {
    "100.1": "Each player starts with 20 life.",
    "100.2": "The player who attacks chooses which creatures attack this turn.",
    "100.3": "The game starts.",
    "100.4": "A player may concede.",
}
CHINESE = {
    "100.1": "每位牌手以10点生命开始游戏。",  # a number changed: sure
    "100.2": "The player who attacks chooses which creatures attack this turn.",  # English left: possible
    "100.4": "牌手可以认输。",  # no finding
}


def test_every_finding_the_checks_make_carries_the_tier_of_its_class():
    report = crosscheck_documents(_doc(2, "zh", CHINESE), _doc(1, "en", ENGLISH))
    tiers = {(f.kind, f.number): f.tier for f in report.findings}
    assert tiers == {("missing", "100.3"): SURE, ("numbers", "100.1"): SURE, ("untranslated", "100.2"): POSSIBLE}
    # four rules on either side; 100.1 and 100.3 sure, 100.2 possible
    assert report.shares == {"sure": 0.5, "any": 0.75}


def test_the_table_gives_terminology_its_tier_by_level_and_an_unmeasured_class_is_possible():
    assert tier("terminology", "confident") == SURE
    assert tier("terminology", "glossary") == POSSIBLE
    assert tier("terminology", "something new") == POSSIBLE
    assert tier("citations") == SURE and tier("swaps") == POSSIBLE
    assert tier("a class nobody measured") == POSSIBLE
    assert set(TABLE.values()) == {SURE, POSSIBLE}
    made = Finding("terminology", "1.1", "m", detail={"level": "confident"})
    assert made.tier == SURE and Finding("terminology", "1.1", "m", detail={"level": "weak"}).tier == POSSIBLE


def _report() -> DocumentCrosscheck:
    findings = [
        Finding("citations", "100.1", "citation-a"),
        Finding("terminology", "100.2", "weak-b", detail={"level": "weak"}, confidence=0.2),
        Finding("terminology", "100.3", "glossary-c", detail={"level": "glossary"}, confidence=0.7),
        Finding("terminology", "100.4", "confident-d", detail={"level": "confident"}, confidence=0.8),
        Finding("terminology", "100.5", "confident-e", detail={"level": "confident"}, confidence=0.95),
        Finding("swaps", "100.2", "swap-f", confidence=0.5),
    ]
    kinds = ("citations", "terminology", "swaps")
    return DocumentCrosscheck(
        {"document": "zh", "lang": "zh", "edition": None},
        {"document": "en", "lang": "en", "edition": None},
        {"translation": 10, "original": 10, "paired": 10},
        count([f.kind for f in findings], kinds),
        findings,
    )


def test_text_lists_sure_findings_first_by_confidence_then_possible_ones_under_their_heading():
    text = render_document(_report())
    order = [text.index(m) for m in ("citation-a", "confident-e", "confident-d", "glossary-c", "weak-b", "swap-f")]
    assert order == sorted(order)
    assert text.index("Sure findings") < text.index("citation-a") < text.index("Possible findings")
    assert text.index("Possible findings") < text.index("glossary-c")
    # each class's count split sure + possible, and both shares in the summary
    assert any(
        line.split()[:4] == ["4", "terminology", "2", "+"] and line.split()[4] == "2" for line in text.split("\n")
    )
    assert "3 rules with a sure finding (30.0%)" in text and "5 with any finding (50.0%)" in text


def test_sure_only_keeps_the_sure_findings_and_counts_them_alone():
    sure = _report().sure_only()
    assert [f.message for f in sure.findings] == ["citation-a", "confident-d", "confident-e"]
    assert sure.counts == {"citations": 1, "terminology": 2, "swaps": 0}
    assert sure.shares == {"sure": 0.3, "any": 0.3}
    assert "Possible findings" not in render_document(sure)


def test_json_has_the_tier_on_every_finding_and_both_shares():
    data = json.loads(json.dumps(_report().to_dict()))
    assert [f["tier"] for f in data["findings"]] == [SURE, POSSIBLE, POSSIBLE, SURE, SURE, POSSIBLE]
    assert data["shares"] == {"sure": 0.3, "any": 0.5}


def test_html_puts_the_sure_tier_first_and_splits_the_counts():
    html = render_document_html(_report())
    assert html.index('id="tier-sure"') < html.index("confident-e") < html.index("confident-d")
    assert html.index("confident-d") < html.index('id="tier-possible"') < html.index("glossary-c")
    # terminology is in both tiers: the sure heading keeps the bare anchor, the possible one is prefixed
    assert 'id="terminology"' in html and 'id="possible-terminology"' in html
    assert 'data-kind="terminology" data-sure="2" data-possible="2"' in html
    assert 'id="swaps"' in html  # swaps has no sure finding: its one heading keeps the bare anchor
    assert 'data-tier="sure"' not in render_document_html(_report()).split('id="tier-possible"')[1]


def test_cli_sure_needs_document(tmp_path, monkeypatch):
    from kb.cli.app import cli

    monkeypatch.setenv("MTGKB_DB", str(tmp_path / "t.db"))
    result = CliRunner().invoke(cli, ["crosscheck", "de:702.23", "ja:702.26", "--sure"])
    assert result.exit_code == 2 and "--sure needs --document" in result.output


def test_a_korean_section_or_rule_citation_is_no_citation_left_out():
    english = {
        "100.1b": "A multiplayer game is a game that begins with more than two players. See section 8, “Multiplayer Rules.”",
        "701.33g": "For more information, see rule 707, “Face-Down Spells and Permanents.”",
        "100.2": "See rule 103.",
    }
    korean = {
        "100.1b": '다인전은 두 명 이상으로 시작하는 게임을 말합니다. 8절 "Multiplayer Rules."을 보세요.',
        "701.33g": "자세한 내용은 규칙 707 '뒷면 상태의 주문과 지속물'을 보세요.",
        "100.2": "카드 3장을 뽑습니다.",  # a count of 3 cards: 103 is left out indeed
    }
    report = crosscheck_documents(_doc(2, "ko", korean), _doc(1, "en", english), ("citations",))
    assert [(f.number, f.detail["only_original"]) for f in report.findings] == [("100.2", ["103"])]
    # the same texts read as another language keep the findings: the Korean words count in Korean only
    other = crosscheck_documents(_doc(2, "zh", korean), _doc(1, "en", english), ("citations",))
    assert [f.number for f in other.findings] == ["100.1b", "701.33g", "100.2"]


def test_the_count_lines_fit_the_columns_with_the_split():
    from kb.crosscheck.render_text import width

    text = render_document(_report(), columns=100)
    assert max(width(line) for line in text.splitlines()) <= 100
    swaps = [line for line in text.splitlines() if line.split()[1:2] == ["swaps"]]
    assert swaps and swaps[0].split()[:5] == ["1", "swaps", "0", "+", "1"]
