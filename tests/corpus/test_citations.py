"""The citation grammar: every form the importers and the cite command rely on."""

from __future__ import annotations

import bisect
import re

import pytest

from kb.core.citations import Citation, find_citations
from kb.core.numbers import RuleNumber, RuleRange


def only(text: str, raw: str, **options) -> Citation:
    """The one citation of ``text``, checked to span exactly ``raw``."""
    found = find_citations(text, **options)
    assert [c.raw for c in found] == [raw], found
    citation = found[0]
    assert citation.start == text.index(raw)
    assert citation.end == citation.start + len(raw)
    assert text[citation.start : citation.end] == raw
    return citation


def targets(citation: Citation) -> list[str]:
    return [str(target) for target in citation.targets]


FORMS = [
    # (text, raw span, targets, title)
    # English
    ("rule 704.5n", "rule 704.5n", ["704.5n"], None),
    ("rules 704.5n and 704.5p", "rules 704.5n and 704.5p", ["704.5n", "704.5p"], None),
    ("rules 704.5m, 704.5n, and 704.5p", "rules 704.5m, 704.5n, and 704.5p", ["704.5m", "704.5n", "704.5p"], None),
    ("rules 704.5m or 704.5n", "rules 704.5m or 704.5n", ["704.5m", "704.5n"], None),
    ("See rule 800.4.", "rule 800.4", ["800.4"], None),
    ("rules 601.2a–h", "rules 601.2a–h", ["601.2a–h"], None),
    ("section 7", "section 7", ["7"], None),
    ("sections 7 and 8", "sections 7 and 8", ["7", "8"], None),
    ('See rule 701.22, "Planeswalk."', 'rule 701.22, "Planeswalk."', ["701.22"], "Planeswalk"),
    ("see rule 702.26, “Phasing.”", "rule 702.26, “Phasing.”", ["702.26"], "Phasing"),
    ("See rule 903.12, “Brawl Option.”", "rule 903.12, “Brawl Option.”", ["903.12"], "Brawl Option"),
    ("rule 702.179, “Start Your Engines!”", "rule 702.179, “Start Your Engines!”", ["702.179"], "Start Your Engines!"),
    ("section 8, “Multiplayer Rules.”", "section 8, “Multiplayer Rules.”", ["8"], "Multiplayer Rules"),
    ("CR 702.26b", "CR 702.26b", ["702.26b"], None),
    ("CR:702.26", "CR:702.26", ["702.26"], None),
    ("Comprehensive Rules 702.26", "Comprehensive Rules 702.26", ["702.26"], None),
    ("!cr 702.26b", "!cr 702.26b", ["702.26b"], None),
    ("/rule 702.26b", "/rule 702.26b", ["702.26b"], None),
    ("r. 702.26", "r. 702.26", ["702.26"], None),
    ("702.26b", "702.26b", ["702.26b"], None),
    ("rules 704.5m–n", "rules 704.5m–n", ["704.5m–n"], None),
    ("704.5m-p", "704.5m-p", ["704.5m–p"], None),
    ("601.2a..h", "601.2a..h", ["601.2a–h"], None),
    ("702.26a..p", "702.26a..p", ["702.26a–p"], None),
    ("rules 100.1–100.3", "rules 100.1–100.3", ["100.1–100.3"], None),
    ("rules 100.1 through 100.3", "rules 100.1 through 100.3", ["100.1–100.3"], None),
    ("rules 119.7–8", "rules 119.7–8", ["119.7–119.8"], None),
    ("sections 7–9", "sections 7–9", ["7–9"], None),
    ("(See rules 704.5m and 704.5n.)", "rules 704.5m and 704.5n", ["704.5m", "704.5n"], None),
    ("rules 608.3a and b are always performed first", "rules 608.3a and b", ["608.3a", "608.3b"], None),
    ("rule 702.26a, b, and c", "rule 702.26a, b, and c", ["702.26a", "702.26b", "702.26c"], None),
    (
        "rules 701.42, “Meld,” and 730, “Merging with Permanents.”",
        "rules 701.42, “Meld,” and 730, “Merging with Permanents.”",
        ["701.42", "730"],
        "Meld",
    ),
    (
        "rule 717, “Attraction Cards;” rule 901, “Planechase;” and rule 904, “Archenemy.”",
        "rule 717, “Attraction Cards;” rule 901, “Planechase;” and rule 904, “Archenemy.”",
        ["717", "901", "904"],
        "Attraction Cards",
    ),
    ("rule 702", "rule 702", ["702"], None),
    # German
    ("Regel 611.2b", "Regel 611.2b", ["611.2b"], None),
    ("Siehe Regeln 704.5n und 704.5p", "Regeln 704.5n und 704.5p", ["704.5n", "704.5p"], None),
    ("Regeln 704.5n und 704.5d", "Regeln 704.5n und 704.5d", ["704.5n", "704.5d"], None),
    ("Regel 704.5m oder 704.5n", "Regel 704.5m oder 704.5n", ["704.5m", "704.5n"], None),
    ("Siehe Regel 800.4.", "Regel 800.4", ["800.4"], None),
    ("Abschnitt 7", "Abschnitt 7", ["7"], None),
    ("Abschnitt 8, „Mehrspielerregeln“", "Abschnitt 8, „Mehrspielerregeln“", ["8"], "Mehrspielerregeln"),
    ("Regeln 100.1 bis 100.3", "Regeln 100.1 bis 100.3", ["100.1–100.3"], None),
    # Japanese
    ("rule 506.4 参照", "rule 506.4", ["506.4"], None),
    ("（rule 704.5m、rule 704.5n 参照。）", "rule 704.5m、rule 704.5n", ["704.5m", "704.5n"], None),
    ("rule 800.4a, 800.4c 参照", "rule 800.4a, 800.4c", ["800.4a", "800.4c"], None),
    ("rule 601.2b と rule 601.2f-h", "rule 601.2b と rule 601.2f-h", ["601.2b", "601.2f–h"], None),
    ("rule 601.2b および rule 601.2f-h", "rule 601.2b および rule 601.2f-h", ["601.2b", "601.2f–h"], None),
    ("rule 601.2f～rule 601.2h", "rule 601.2f～rule 601.2h", ["601.2f–h"], None),
    ("rule 100.1〜100.3", "rule 100.1〜100.3", ["100.1–100.3"], None),
    ("ルール702.26", "ルール702.26", ["702.26"], None),
    ("第702.26条", "第702.26条", ["702.26"], None),
    ("702.26b項", "702.26b項", ["702.26b"], None),
    ("rule 702.42〔双呪〕参照", "rule 702.42〔双呪〕", ["702.42"], "双呪"),
    ("702.169 〔解明完了〕参照", "702.169 〔解明完了〕", ["702.169"], "解明完了"),
    ("CR:702.26", "CR:702.26", ["702.26"], None),
    # a section after "rule", with its title: "section 8, “Multiplayer Rules”" in the Japanese CR
    ("rule 8〔多人数戦ルール〕参照。", "rule 8〔多人数戦ルール〕", ["8"], "多人数戦ルール"),
    # a bare chapter number before its title or 参照
    ("(116〔特別な処理〕参照）", "116〔特別な処理〕", ["116"], "特別な処理"),
    ("スタックを用いない(116 参照)。", "116", ["116"], None),
    (
        "詳細については708〔裏向きの呪文やパーマネント〕を参照。",
        "708〔裏向きの呪文やパーマネント〕",
        ["708"],
        "裏向きの呪文やパーマネント",
    ),
    ("詳細は 719 〔事件カード〕参照。", "719 〔事件カード〕", ["719"], "事件カード"),
    (
        "(613〔継続的効果の相互作用〕、707〔オブジェクトのコピー〕参照。)",
        "613〔継続的効果の相互作用〕、707〔オブジェクトのコピー〕",
        ["613", "707"],
        "継続的効果の相互作用",
    ),
    ("See 718, “Prototype Cards.”", "718, “Prototype Cards.”", ["718"], "Prototype Cards"),
    # Chinese
    ("规则702.26b", "规则702.26b", ["702.26b"], None),
    ("参见规则704.5m和704.5n", "规则704.5m和704.5n", ["704.5m", "704.5n"], None),
    ("规则704.5m及704.5n", "规则704.5m及704.5n", ["704.5m", "704.5n"], None),
    ("規則704.5m與704.5n", "規則704.5m與704.5n", ["704.5m", "704.5n"], None),
    ("规则613.2、707.2以及707.3", "规则613.2、707.2以及707.3", ["613.2", "707.2", "707.3"], None),
    ("规则100.1至100.3", "规则100.1至100.3", ["100.1–100.3"], None),
    ("参见第8章，“多人游戏规则”。", "第8章，“多人游戏规则”", ["8"], "多人游戏规则"),
    ("第7章", "第7章", ["7"], None),
    ("参见规则706，“掷骰”。", "规则706，“掷骰”", ["706"], "掷骰"),
    ("702.26b条", "702.26b条", ["702.26b"], None),
    ("参见规则702.5，“结附”", "规则702.5，“结附”", ["702.5"], "结附"),
    (
        "规则717，“景点牌”；规则901，“竞逐时空”；以及规则904，“魔王”",
        "规则717，“景点牌”；规则901，“竞逐时空”；以及规则904，“魔王”",
        ["717", "901", "904"],
        "景点牌",
    ),
    # Russian
    ("правило 702.26b", "правило 702.26b", ["702.26b"], None),
    ("правила 704.5m и 704.5n", "правила 704.5m и 704.5n", ["704.5m", "704.5n"], None),
    ("правила 704.5m или 704.5n", "правила 704.5m или 704.5n", ["704.5m", "704.5n"], None),
    ("см. правило 800.4", "правило 800.4", ["800.4"], None),
    ("см. п. 702.26", "п. 702.26", ["702.26"], None),
    ("раздел 7", "раздел 7", ["7"], None),
    ("правила 100.1 по 100.3", "правила 100.1 по 100.3", ["100.1–100.3"], None),
    ("правило 702.26, «Фазирование»", "правило 702.26, «Фазирование»", ["702.26"], "Фазирование"),
    # a range whose last letter follows a range word, in each language
    ("rules 702.26a through c", "rules 702.26a through c", ["702.26a–c"], None),
    ("Regeln 702.23a bis c gelten", "Regeln 702.23a bis c", ["702.23a–c"], None),
    ("ルール702.26aからc", "ルール702.26aからc", ["702.26a–c"], None),
    ("参见规则509.1b至c。", "规则509.1b至c", ["509.1b–c"], None),
    ("правила 702.26a по c", "правила 702.26a по c", ["702.26a–c"], None),
    # ...but only a later letter: these name one rule
    ("rule 702.26a to be applied", "rule 702.26a", ["702.26a"], None),
    ("rule 702.26b to a player", "rule 702.26b", ["702.26b"], None),
    ("rule 702.19 to 3 players", "rule 702.19", ["702.19"], None),
]


@pytest.mark.parametrize("text, raw, expected, title", FORMS, ids=[form[0] for form in FORMS])
def test_forms(text, raw, expected, title):
    citation = only(text, raw)
    assert targets(citation) == expected
    assert citation.title == title
    assert citation.example is None
    assert not citation.without_subrules


@pytest.mark.parametrize("text, raw, expected, title", FORMS, ids=[form[0] for form in FORMS])
def test_forms_read_alike_in_free_text(text, raw, expected, title):
    """Only a dot right after the number differs: in chat it means "without subrules"."""
    dotted = text in ("See rule 800.4.", "Siehe Regel 800.4.")
    citation = only(text, raw + "." if dotted else raw, mode="free")
    assert (targets(citation), citation.title, citation.without_subrules) == (expected, title, dotted)


def test_titles_follow_each_target():
    text = "rules 702.109, “Dash,” 702.152, “Blitz,” and 702.185, “Warp.”"
    citation = only(text, text)
    assert targets(citation) == ["702.109", "702.152", "702.185"]
    assert citation.titles == ("Dash", "Blitz", "Warp")
    assert citation.title == "Dash"


def test_targets_are_numbers_and_ranges():
    citation = only("rules 601.2b and 601.2f–h.", "rules 601.2b and 601.2f–h")
    assert citation.targets == (RuleNumber.parse("601.2b"), RuleRange.parse("601.2f-h"))


@pytest.mark.parametrize(
    "text, raw, kind, prefixed",
    [
        ("rule 702.26", "rule 702.26", "rule", True),
        ("702.26b", "702.26b", "rule", False),
        ("702.26b項", "702.26b項", "rule", True),
        ("section 7", "section 7", "section", True),
        ("第7章", "第7章", "section", True),
        ("sections 7 and 8", "sections 7 and 8", "section", True),
        ("section 7 and rule 702", "section 7 and rule 702", "rule", True),
    ],
)
def test_kind_and_prefixed(text, raw, kind, prefixed):
    citation = only(text, raw)
    assert (citation.kind, citation.prefixed) == (kind, prefixed)


@pytest.mark.parametrize(
    "text, raw",
    [
        ("ex 2 613.6", "ex 2 613.6"),
        ("613.6 ex 2", "613.6 ex 2"),
        ("see 613.6, example 2", "613.6, example 2"),
        ("ex. 2 rule 613.6", "ex. 2 rule 613.6"),
        ("Beispiel 2 Regel 613.6", "Beispiel 2 Regel 613.6"),
    ],
)
def test_examples(text, raw):
    citation = only(text, raw, mode="free")
    assert (targets(citation), citation.kind, citation.example) == (["613.6"], "example", 2)


def test_trailing_dot_means_without_subrules_in_free_text_only():
    free = only("!cr 702.26.", "!cr 702.26.", mode="free")
    assert free.without_subrules and targets(free) == ["702.26"]
    rules = only("!cr 702.26.", "!cr 702.26", mode="rules")
    assert not rules.without_subrules


@pytest.mark.parametrize(
    "text, raw",
    [
        ("702.26b.", "702.26b"),  # a subrule has no subrules
        ("See rule 702.26. Then check", "rule 702.26"),  # a new sentence follows
        ('rule 701.22, "Planeswalk."', 'rule 701.22, "Planeswalk."'),
        ("rules 702.26 and 702.27.", "rules 702.26 and 702.27"),
    ],
)
def test_dots_that_end_a_sentence_in_free_text(text, raw):
    assert not only(text, raw, mode="free").without_subrules


@pytest.mark.parametrize(
    "text",
    [
        "3.50",
        "$3.50",
        "$100.50",
        "100.50 €",
        "€100.50",
        "1,234.56",
        "2.7.4",
        "v1.2",
        "v100.2",
        "2023.11.17",
        "17.11.2023",
        "1.5x",
        "192.168.1.1",
        "10.192.168.1",
        "255.255.255.0",
        "100.5%",
        "100.5 %",
        "702",
        "7",
        "rule 7",
        "第1ゲーム",
        "7章",
        "version 100.2.3",
        "702.026",
        "rule 702.26abc",
        "section 7.5",
        # a bare chapter or a section after "rule" cites only before its title or 参照
        "rule 8 players",
        "100 cards, and 7 lands",
        "the 100 (see below)",
        "rule 8, then",
        "ライフ 20 参加",
    ],
)
@pytest.mark.parametrize("mode", ["rules", "free"])
def test_what_only_looks_like_a_number(text, mode):
    assert find_citations(text, mode=mode) == []


def test_a_rule_number_opening_a_line_stays_apart_from_its_text():
    found = find_citations("506.7g Rules 506.7 and 506.7a–f apply.")
    assert [targets(c) for c in found] == [["506.7g"], ["506.7", "506.7a–f"]]


def test_full_width_text_maps_back_to_the_original_spans():
    citation = only("詳しくはルール７０２．２６ｂを参照。", "ルール７０２．２６ｂ")
    assert targets(citation) == ["702.26b"]
    citation = only("ｒｕｌｅ　７０４．５ｍ－ｐ", "ｒｕｌｅ　７０４．５ｍ－ｐ")
    assert targets(citation) == ["704.5m–p"]


def test_spans_survive_characters_that_normalise_to_several():
    text = "㍻ ﬁnal: rule 702.26 and ７０２．２７"
    citation = only(text, "rule 702.26 and ７０２．２７")
    assert targets(citation) == ["702.26", "702.27"]


def test_titles_keep_the_original_characters():
    citation = only("701.64b「装着済／Harnessed」", "701.64b「装着済／Harnessed」")
    assert citation.title == "装着済／Harnessed"


def test_a_title_wrapped_over_two_lines():
    assert (
        only("rule 901〔プレインチェイ\nス戦〕参照", "rule 901〔プレインチェイ\nス戦〕").title == "プレインチェイス戦"
    )
    assert only("rule 727, “Restarting\nthe Game.”", "rule 727, “Restarting\nthe Game.”").title == "Restarting the Game"


def test_line_endings():
    text = "See rule 702.26.\r\n702.26a Phasing (see rule 702.26b).\r702.26b Text"
    assert [(c.raw, targets(c)) for c in find_citations(text)] == [
        ("rule 702.26", ["702.26"]),
        ("702.26a", ["702.26a"]),
        ("rule 702.26b", ["702.26b"]),
        ("702.26b", ["702.26b"]),
    ]


def test_language_narrows_the_words():
    assert find_citations("Regel 611.2b", lang="en")[0].raw == "611.2b"
    assert find_citations("Regel 611.2b", lang="de")[0].raw == "Regel 611.2b"
    assert find_citations("rule 506.4 参照", lang="ja-JP")[0].raw == "rule 506.4"
    assert find_citations("Regel 611.2b", lang="xx")[0].raw == "Regel 611.2b"


def test_mode_is_checked():
    with pytest.raises(ValueError, match="mode"):
        find_citations("rule 702.26", mode="chat")


def test_to_dict():
    citation = only('See rule 701.22, "Planeswalk."', 'rule 701.22, "Planeswalk."')
    assert citation.to_dict() == {
        "start": 4,
        "end": 30,
        "raw": 'rule 701.22, "Planeswalk."',
        "targets": ["701.22"],
        "kind": "rule",
        "title": "Planeswalk",
        "titles": ["Planeswalk"],
        "without_subrules": False,
        "example": None,
        "prefixed": True,
        "spans": [[9, 15]],
        "languages": [[]],
    }


ISSUE = "see CR 702.26b and rule 704.5n; Regel 702.23a; rule 506.4 参照"


def item_spans(text: str, **options) -> list[tuple[str, str, tuple[str, ...]]]:
    """(target, the text at its own span, languages) for every cited number of ``text``."""
    found = []
    for citation in find_citations(text, **options):
        for item in citation.items(text):
            assert text[item.start : item.end] == item.raw
            assert citation.start <= item.start < item.end <= citation.end
            found.append((str(item.target), item.raw, item.languages))
    return found


def test_each_number_of_a_list_has_its_own_span():
    assert item_spans(ISSUE, mode="free") == [
        ("702.26b", "702.26b", ()),
        ("704.5n", "704.5n", ()),
        ("702.23a", "702.23a", ("de",)),
        ("506.4", "506.4", ("ja",)),
    ]
    items = find_citations(ISSUE, mode="free")[0].items(ISSUE)
    assert [(i.start, i.end) for i in items] == [(7, 14), (24, 30), (38, 45), (52, 57)]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("rules 702.26b, c, and d", [("702.26b", "702.26b"), ("702.26c", "c"), ("702.26d", "d")]),
        ("rules 601.2a–h and 601.3", [("601.2a–h", "601.2a–h"), ("601.3", "601.3")]),
        ("第702.26条と第702.27条", [("702.26", "702.26"), ("702.27", "702.27")]),
        ("ex 2 613.6", [("613.6", "613.6")]),
        ('rule 701.22, "Planeswalk," and 702.26', [("701.22", "701.22"), ("702.26", "702.26")]),
        ("ルール７０２．２６ｂと７０２．２７", [("702.26b", "７０２．２６ｂ"), ("702.27", "７０２．２７")]),
    ],
)
def test_a_span_covers_its_number_or_range_exactly(text, expected):
    assert [(target, raw) for target, raw, _ in item_spans(text, mode="free")] == expected


@pytest.mark.parametrize(
    "text, languages",
    [
        ("Regel 702.23a", [("de",)]),
        ("Regeln 702.23a und 702.23b", [("de",), ("de",)]),
        ("règle 702.23a", [("fr",)]),
        ("правило 702.26b", [("ru",)]),
        ("ルール702.23a", [("ja",)]),
        ("規則702.23a", [("ja", "zh")]),
        ("规则702.26和702.27", [("zh",), ("zh",)]),
        ("第702.26条", [("ja", "zh")]),
        ("rule 702.26b", [()]),
        ("CR 702.26b; rule 506.4 参照", [(), ("ja",)]),
        ("rules 506.4 and 506.5 参照", [("ja",), ("ja",)]),
        ("702.26b", [()]),
    ],
)
def test_the_languages_of_the_words_that_cite(text, languages):
    assert [langs for _, _, langs in item_spans(text, mode="free")] == languages


def read_corpus(path) -> str:
    """The file as stored: BOM dropped, CR and CRLF line endings kept."""
    return path.read_bytes().decode("utf-8-sig")


def assert_covered(text: str, citations: list[Citation], pattern: str) -> int:
    """Every match of ``pattern`` lies inside a citation; returns how many there were."""
    starts = [c.start for c in citations]
    occurrences = list(re.finditer(pattern, text, re.IGNORECASE))
    for occurrence in occurrences:
        i = bisect.bisect_right(starts, occurrence.start()) - 1
        assert i >= 0 and citations[i].end >= occurrence.end(), text[occurrence.start() - 40 : occurrence.end() + 40]
    return len(occurrences)


def assert_no_citation_without_digits(text: str, citations: list[Citation]) -> None:
    for citation in citations:
        start = max(text.rfind("\n", 0, citation.start), text.rfind("\r", 0, citation.start)) + 1
        line_end = re.compile(r"[\r\n]|$").search(text, citation.end).start()
        assert re.search(r"\d", text[start:line_end]), citation
    digitless = [line for line in text.splitlines() if not re.search(r"\d", line)]
    assert digitless and not find_citations("\n".join(digitless))


@pytest.mark.parametrize(
    "parts, lang, pattern, at_least",
    [
        (("en", "full", "MagicCompRules_20260807.txt"), "en", r"(?<![a-z])rules? \d{3}", 1500),
        (("ja", "CompRules_ja_20260116.0_lines.txt"), "ja", r"(?<![a-z])rules? \d{3}", 1500),
        (("zh", "MagicCompRules_20260417_zh-CN_HeliumOctahelide.txt"), "zh", r"规则\s*\d{3}", 1500),
    ],
)
def test_every_rule_reference_of_a_real_edition_is_found(corpus, parts, lang, pattern, at_least):
    text = read_corpus(corpus(*parts))
    citations = find_citations(text, lang)
    assert assert_covered(text, citations, pattern) >= at_least
    assert_covered(text, citations, r"(?<![\d.])\d{3}\.\d+[a-z]*")
    assert_no_citation_without_digits(text, citations)
