"""The page importers on the real seeds and corpus: wiki articles, rule pages, MediaWiki markup."""

from __future__ import annotations

import html
import json
import re

import pytest

from kb.importers import cr_text, mediawiki, rule_page, wiki_article
from kb.importers.decode import decode_bytes
from kb.importers.records import Commentary, GlossaryEntry, SourceError, TermPair
from tests.conftest import SEED_DIR, corpus_path

GERMAN_SEED = SEED_DIR / "000_a3c90cc092d5a721.txt"
JAPANESE_SEED = SEED_DIR / "001_b91ea460c0a74603.txt"
RULE_PAGE_SEED = SEED_DIR / "004_87f96431dc6e8d24.txt"
PHASING_EXCERPT = ("ja", "mtgwiki-scripts_cr_7_excerpt_702.26_phasing_20260116.0.txt")
HEADER = ("ja", "mtgwiki-scripts_cr_header_20260116.0.txt")
GLOSSARY = ("ja", "CompRules_ja_20260116.0_dict.txt")
KEYWORDS = ("mapping", "ja-en_keywords_701-702_toc_CR-ja-20260116.0_mtgwiki-markup.txt")
SUBRULES_26 = [f"702.26{letter}" for letter in "abcdefghijkmnp"]


def parse(module, path, **options):
    return module.parse(path.read_bytes(), str(path), **options)


def by_number(document) -> dict:
    return {rule.number: rule for rule in document.rules}


def ru_excerpt(name: str) -> dict:
    """One page of pages_excerpts/ru_pages_excerpts.jsonl, found by the end of its URL."""
    for line in corpus_path("pages_excerpts", "ru_pages_excerpts.jsonl").read_text("utf-8").splitlines():
        page = json.loads(line)
        if page["url"].endswith(name):
            return page
    raise AssertionError(f"no page {name} in ru_pages_excerpts.jsonl")


# --- wiki articles ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def german():
    return parse(wiki_article, GERMAN_SEED)


@pytest.fixture(scope="module")
def japanese():
    return parse(wiki_article, JAPANESE_SEED)


def test_german_article_heading_and_language(german):
    assert (german.lang, german.format, german.edition, german.edition_evidence) == ("de", "wiki-article", None, None)
    assert german.title == "Instabilität"
    assert german.terms == [TermPair("Instabilität", "Phasing", 1)]
    assert german.meta == {"english": "Phasing"}


def test_german_article_rules(german):
    assert [r.number for r in german.rules] == ["702.23"] + [f"702.23{c}" for c in "abcdefghijkm"]
    heading = german.rules[0]
    assert (heading.title, heading.text, heading.line) == ("Instabilität", "", 3)
    rules = by_number(german)
    assert rules["702.23c"].text == (
        "Wenn sich eine bleibende Karte stabilisiert, ändert sich ihr Status in „stabilisiert“. "
        "Das Spiel behandelt sie wieder so, als ob sie existiert."
    )
    assert (rules["702.23m"].text, rules["702.23m"].line) == (
        "Mehrere Fälle von Instabilität auf derselben bleibenden Karte sind redundant.",
        15,
    )
    assert rules["702.23j"].text.endswith("Siehe Regeln 704.5n und 704.5d.")
    assert all(r.title is None and r.text for r in german.rules[1:])


def test_german_article_intro_is_commentary_on_the_rule(german):
    assert german.commentary == [
        Commentary(
            "Instabilität", "Instabilität (Phasing) ist eine der Schlüsselwortfähigkeiten von Magic.", 1, "702.23"
        )
    ]


def test_japanese_article_head(japanese):
    assert (japanese.lang, japanese.title) == ("ja", "フェイジング")
    assert japanese.meta == {
        "種別": "常在型能力",
        "登場セット": "ミラージュ・ブロック アンヒンジド",
        "CR": "702.26",
        "english": "Phasing",
    }
    assert japanese.terms == [TermPair("フェイジング", "Phasing", 5), TermPair("フェイジング", "Phasing", 103)]


def test_japanese_article_edition_comes_from_the_quote(japanese):
    assert japanese.edition == "2023-11-17"
    assert japanese.edition_evidence == "quote: 引用：総合ルール 20231117.0"


def test_japanese_article_quoted_rules(japanese):
    assert [r.number for r in japanese.rules] == ["7", "702", "702.26"] + SUBRULES_26
    assert [(r.title, r.text, r.line) for r in japanese.rules[:3]] == [
        ("その他のルール", "", 101),
        ("キーワード能力", "", 102),
        ("フェイジング", "", 103),
    ]
    rules = by_number(japanese)
    assert rules["702.26p"].text == "パーマネント1つに複数のフェイジングがあっても効果は変わらない。"
    assert (
        rules["702.26h"].text
        == "あるオブジェクトが直接と間接の両方で同時にフェイズ・アウトした場合、それは間接的にフェイズ・アウトしている。"
    )
    assert rules["702.26k"].text.endswith("これは領域変更誘発を誘発させない。rule 800.4 参照。")


def test_japanese_article_rule_texts_are_the_source_lines_without_bullets(japanese):
    source = JAPANESE_SEED.read_text("utf-8").splitlines()
    for rule in japanese.rules[3:]:
        raw = source[rule.line - 1]
        assert raw.startswith("      • " + rule.number + " ")
        assert rule.text == raw.removeprefix("      • " + rule.number + " ")


def test_japanese_article_sections(japanese):
    headings = [c.heading for c in japanese.commentary]
    assert headings == [
        "フェイジング",
        "定義",
        "解説",
        "ルール",
        "旧ルール",
        "現在のルールとの相違点",
        "その他",
        "参考",
    ]
    assert {c.rule for c in japanese.commentary} == {"702.26"}
    assert [c.line for c in japanese.commentary] == [5, 12, 19, 23, 62, 73, 83, 92]
    sections = {c.heading: c.text for c in japanese.commentary}
    assert (
        sections["参考"]
        == "「フェイジング(Phasing)」で英語オラクル検索\nフェイズ・アウト（位相）\nキーワード能力\nルーリング"
    )
    assert sections["フェイジング"].startswith("フェイジング/Phasingはミラージュ・ブロックで登場し")
    assert (
        "\n  呪文を唱える際、フェイズ・アウトしているパーマネントを対象にすることはできない。\n" in sections["ルール"]
    )
    assert all("•" not in c.text for c in japanese.commentary)
    assert "引用" not in sections["参考"] and "702.26a" not in sections["参考"]


def test_wiki_article_edition_option_wins(japanese):
    document = parse(wiki_article, JAPANESE_SEED, edition="2026-01-16")
    assert (document.edition, document.edition_evidence) == ("2026-01-16", "--edition")


def test_wiki_article_on_the_mtg_forum_excerpt_reads_examples_and_an_english_first_title():
    line = corpus_path("pages_excerpts", "de_pages_excerpts.jsonl").read_text("utf-8").splitlines()[1]
    document = wiki_article.parse(json.loads(line)["text"].encode(), "mtg-forum.txt")
    assert document.title == "Instabilität" and document.terms[0].english == "Phasing"
    assert [r.number for r in document.rules] == ["702.23", "702.23a", "702.23b", "702.23c", "702.23d"]
    examples = by_number(document)["702.23b"].examples
    assert len(examples) == 2 and examples[0].startswith("Du kontrollierst drei Kreaturen")


def test_wiki_article_sniff():
    assert wiki_article.sniff(GERMAN_SEED.read_bytes(), "a.txt")
    assert wiki_article.sniff(JAPANESE_SEED.read_bytes(), "a.txt")
    assert not wiki_article.sniff(RULE_PAGE_SEED.read_bytes(), "a.txt")
    assert not wiki_article.sniff(corpus_path(*PHASING_EXCERPT).read_bytes(), "a.txt")
    assert not wiki_article.sniff(corpus_path("en", "full", "MagicCompRules_20040201.txt").read_bytes(), "a.txt")


# --- rule pages ---------------------------------------------------------------------------

PAGE_310 = ["3", "310"] + [f"310.{n}" for n in range(1, 8)]


@pytest.fixture(scope="module")
def phenomena():
    return parse(rule_page, RULE_PAGE_SEED)


def test_rule_page_language_is_the_rule_texts(phenomena):
    assert (phenomena.lang, phenomena.format, phenomena.edition) == ("en", "rule-page", None)
    # The page is Russian, its rules English: the title is the rules' own, the page's kept beside it.
    assert phenomena.meta == {
        "page_lang": "ru",
        "prev": "309. Planes",
        "next": "311. Vanguards",
        "page_title": "Полные правила Magic: the Gathering",
    }
    assert phenomena.title == "310. Phenomena"


def test_titles_are_names_not_first_lines():
    from kb.importers.titles import clean_title

    assert clean_title("_Magic: The Gathering_ Comprehensive Rules") == "Magic: The Gathering Comprehensive Rules"
    assert clean_title("Magic: The Gathering\ufffd Comprehensive Rules") == "Magic: The Gathering Comprehensive Rules"
    assert clean_title("Magic: The Gatheringr Comprehensive Rules") == "Magic: The Gathering Comprehensive Rules"
    assert (
        clean_title("　このルールに関して、英語を正文とし、ウィザーズ・オブ・ザ・コースト社が著作権を持ちます。")
        is None
    )
    assert clean_title("(このファイルの最後にも詳細は記述してあります)") is None
    japanese = parse(cr_text, corpus_path("ja", "CompRules_ja_20260116.0_lines.txt"))
    assert japanese.title is None  # no line of its head is a title: the reader shows its name


def test_rule_page_rules(phenomena):
    assert [r.number for r in phenomena.rules] == PAGE_310
    assert [(r.title, r.text) for r in phenomena.rules[:2]] == [("Card Types", ""), ("Phenomena", "")]
    rules = by_number(phenomena)
    assert (rules["310.1"].text, rules["310.1"].line) == (
        "Phenomenon is a card type seen only on nontraditional Magic cards. Only the Planechase casual variant "
        'uses phenomenon cards. See rule 901, "Planechase."',
        12,
    )
    assert rules["310.3"].text == "Phenomenon cards have no subtypes."
    assert rules["310.7"].text == (
        "If a phenomenon card is face up in the command zone, and it isn’t the source of a triggered ability that "
        "has triggered but not yet left the stack, the planar controller planeswalksthe next time a player would "
        'receive priority.(This is a state-based action;see rule 704. See also rule 701.22, "Planeswalk.")'
    )
    assert all("  " not in r.text and "\u00a0" not in r.text and ">>" not in r.text for r in phenomena.rules)


def _html_page(seed_text: str) -> str:
    """The seed's rules as an HTML page: <title>, a menu, headings, <p> rules (some unclosed), a nav <div>."""
    rules = [line for line in seed_text.splitlines() if re.match(r"310\.\d", line)]
    paragraphs = "\n".join(f"<p>{html.escape(line)}" + ("</p>" if n % 2 else "") for n, line in enumerate(rules))
    return f"""<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Полные правила Magic: the Gathering</title>
<script>var x = "999.1 not a rule";</script></head>
<body>
<div class="menu"><a href="/rules/">Базовые правила</a> | <a href="c.html">Contents</a> | <a href="g.html">Glossary</a></div>
<h2>3.&nbsp;&nbsp; Card Types</h2>
<h3>310.&nbsp;&nbsp;<b>Phenomena</b></h3>
{paragraphs}
<div class="nav"><a href="309.html">&lt;&lt;&nbsp; 309. Planes</a> | <a href="3.html">3. Card Types</a> |
<a href="311.html">311. Vanguards&nbsp; &gt;&gt;</a></div>
</body></html>
"""


def test_rule_page_as_html_gives_the_same_rules(phenomena):
    page = _html_page(RULE_PAGE_SEED.read_text("utf-8")).encode("utf-8")
    assert rule_page.sniff(page, "310.html")
    document = rule_page.parse(page, "310.html")
    assert [(r.number, r.title, r.text) for r in document.rules] == [
        (r.number, r.title, r.text) for r in phenomena.rules
    ]
    assert document.lang == "en" and document.title == "310. Phenomena"
    assert document.meta["page_title"] == "Полные правила Magic: the Gathering"
    assert document.meta == {
        "page_lang": "ru",
        "prev": "309. Planes",
        "next": "311. Vanguards",
        "prev_href": "309.html",
        "next_href": "311.html",
        "page_title": "Полные правила Magic: the Gathering",
    }
    source = page.decode("utf-8").splitlines()
    assert all(rule.number in source[rule.line - 1] for rule in document.rules)


def test_rule_page_200_from_mtg_ru():
    document = rule_page.parse(ru_excerpt("/200.html")["text"].encode(), "200.html")
    assert [r.number for r in document.rules] == ["2", "200", "200.1", "200.2", "200.3"]
    assert [r.title for r in document.rules[:2]] == ["Parts of a Card", "General"]
    assert by_number(document)["200.2"].text == (
        "Some parts of a card are also characteristics of the object that has them. See rule 109.3."
    )
    assert document.lang == "en"
    assert document.meta == {
        "page_lang": "ru",
        "prev": "121. Counters",
        "next": "201. Name",
        "page_title": "Полные правила Magic: the Gathering",
    }
    assert document.title == "200. General"


def test_rule_page_110_from_mtg_ru():
    document = rule_page.parse(ru_excerpt("/110.html")["text"].encode(), "110.html")
    numbers = ["110.1", "110.2", "110.2a", "110.3", "110.4", "110.4a", "110.4b", "110.4c", "110.5", "110.5a"]
    assert [r.number for r in document.rules] == numbers
    assert by_number(document)["110.4c"].text == (
        "If a permanent somehow loses all its permanent types, it remains on the battlefield. It’s still a permanent."
    )
    assert (document.lang, document.meta["page_lang"]) == ("en", "ru")


def test_rule_page_701_with_windows_1251_mojibake_header():
    document = rule_page.parse(ru_excerpt("/701-21.html")["text"].encode(), "701-21.html")
    numbers = ["701.1", "701.2", "701.2a", "701.3", "701.3a", "701.3b", "701.3c", "701.3d"]
    assert [r.number for r in document.rules] == numbers
    rules = by_number(document)
    assert (rules["701.2"].title, rules["701.2"].text) == ("Activate", "")
    assert rules["701.3c"].text == (
        "Attaching an Aura, Equipment, or Fortification on the battlefield to a different object causes the Aura, "
        "Equipment, or Fortification to receive a new timestamp."
    )
    assert (document.lang, document.meta["page_lang"]) == ("en", "ru")
    assert document.title == "701.1–701.3d"  # English rules: not the Russian page's title
    assert document.meta["page_title"] == "Полные правила Magic: the Gathering"


def test_rule_page_sniff():
    assert rule_page.sniff(RULE_PAGE_SEED.read_bytes(), "a.txt")
    assert rule_page.sniff(ru_excerpt("/110.html")["text"].encode(), "a.txt")
    assert not rule_page.sniff(GERMAN_SEED.read_bytes(), "a.txt")
    assert not rule_page.sniff(corpus_path("en", "full", "MagicCompRules_20260116.txt").read_bytes(), "a.txt")


# --- MediaWiki markup ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def japanese_lines() -> dict[str, str]:
    """Rule texts of the full Japanese translation of the same date, one rule a line."""
    found = {}
    for line in corpus_path("ja", "CompRules_ja_20260116.0_lines.txt").read_text("utf-8").splitlines():
        number, _, text = line.partition(" ")
        found[number.rstrip(".")] = text
    return found


def test_mediawiki_phasing_excerpt(japanese_lines):
    document = parse(mediawiki, corpus_path(*PHASING_EXCERPT))
    assert (document.lang, document.format, document.edition) == ("ja", "mediawiki", "2026-01-16")
    assert document.edition_evidence == "file name: 20260116.0"
    assert [r.number for r in document.rules] == ["702.26"] + SUBRULES_26
    assert (document.rules[0].title, document.rules[0].text) == ("フェイジング", "")
    assert [(t.term, t.english) for t in document.terms] == [("フェイジング", "Phasing")]
    rules = by_number(document)
    for number in SUBRULES_26:
        assert rules[number].text == japanese_lines[number], number
    assert rules["702.26k"].text.endswith("rule 800.4 参照。")
    assert len(rules["702.26b"].examples) == 2
    assert (
        rules["702.26b"].examples[1].startswith("あなたは、フェイズ・アウト状態のクリーチャーをコントロールしている。")
    )
    assert (rules["702.26n"].line, rules["702.26p"].line) == (31, 33)


def test_mediawiki_edition_option():
    document = parse(mediawiki, corpus_path(*PHASING_EXCERPT), edition="2026-01-16")
    assert (document.edition, document.edition_evidence) == ("2026-01-16", "--edition")


def test_mediawiki_header_only_file_has_no_rules_but_dates_itself():
    with pytest.raises(SourceError, match="no rules found"):
        parse(mediawiki, corpus_path(*HEADER))
    header = mediawiki.header(corpus_path(*HEADER).read_bytes(), "header.txt")
    assert (header.lang, header.edition, header.edition_evidence) == ("ja", "2026-01-16", "header: 和訳 20260116.0")
    assert header.meta["source"] == "https://mtg-jp.com/gameplay/rules"
    assert not header.rules


def test_mediawiki_glossary():
    document = parse(mediawiki, corpus_path(*GLOSSARY))
    assert (document.lang, document.edition, document.edition_evidence) == (
        "ja",
        "2026-01-16",
        "header: 和訳 20260116.0",
    )
    assert len(document.glossary) == 728 and not document.rules
    assert document.glossary[0] == GlossaryEntry(
        "相棒",
        "そのカードの相棒 能力の条件が満たされているなら、クリーチャー・カード1枚をゲームの外部から相棒として選ぶことが"
        "できるようにするキーワード能力。相棒を選んだなら、ゲーム中1回、そのプレイヤーは{3}を支払ってそれを自分の"
        "手札に加えることができる。rule 702.139〔相棒〕参照。",
        4,
        "Companion",
        "あいぼう",
    )
    entries = {entry.english: entry for entry in document.glossary}
    assert (entries["Phased In/Phased Out"].term, entries["Phased In/Phased Out"].reading) == (
        "フェイズ・イン、フェイズ・アウト",
        "ふぇいずいん、ふぇいずあうと",
    )
    assert (entries["Room"].term, entries["Room"].reading) == ("へや", "へや")  # the source prints no kanji term
    assert [e.term for e in document.glossary if e.english == "Vanguard"] == ["ヴァンガード", "ヴァンガード戦"]
    assert all(e.term and e.text and e.english and e.reading for e in document.glossary)
    assert not any("[[" in e.text or "=" in e.term for e in document.glossary)


def test_mediawiki_keyword_contents():
    document = parse(mediawiki, corpus_path(*KEYWORDS))
    rules = by_number(document)
    actions = [f"701.{n}" for n in range(2, 69)]
    abilities = [f"702.{n}" for n in range(2, 190)]
    chapters = [str(n) for n in range(700, 733)]
    assert sorted(rules) == sorted(["7"] + chapters + actions + abilities)
    assert len(document.terms) == len(actions) + len(abilities) == 255
    assert (rules["702.26"].title, rules["702.26"].text) == ("フェイジング", "")
    assert rules["720"].title == "前兆カード" and rules["7"].title == "その他のルール"
    pairs = {t.english: t.term for t in document.terms}
    assert pairs["Phasing"] == "フェイジング"
    assert pairs["Triple"] == "3倍にするする"  # typo kept as printed
    assert pairs["Firebending"] == "火の技"  # "702.189. 702.189. 火の技" prints the number twice
    assert pairs["Impending"] == "兆候"  # "702.176.兆候" has no space
    assert (document.edition, document.edition_evidence) == ("2026-01-16", "file name: 20260116.0")


def test_mediawiki_keyword_names_match_the_english_rules_of_the_same_date():
    document = parse(mediawiki, corpus_path(*KEYWORDS))
    english = decode_bytes(corpus_path("en", "full", "MagicCompRules_20260116.txt").read_bytes(), "en")
    titles = {m[1]: m[2] for m in re.finditer(r"^(70[12]\.\d+)\. (.+)$", english, re.MULTILINE)}
    number_at = {rule.line: rule.number for rule in document.rules}
    wrong = {number_at[t.line]: t.english for t in document.terms if titles[number_at[t.line]] != t.english}
    assert wrong == {"702.186": "Infinity"}  # the English title is "∞ (Infinity)"


def test_mediawiki_sniff():
    for parts in (PHASING_EXCERPT, GLOSSARY, KEYWORDS):
        assert mediawiki.sniff(corpus_path(*parts).read_bytes(), "a.txt"), parts
    assert not mediawiki.sniff(corpus_path(*HEADER).read_bytes(), "a.txt")
    assert not mediawiki.sniff(JAPANESE_SEED.read_bytes(), "a.txt")
    assert not mediawiki.sniff(corpus_path("ja", "CompRules_ja_20260116.0_lines.txt").read_bytes(), "a.txt")


# --- errors -------------------------------------------------------------------------------

IMPORTERS = [wiki_article, rule_page, mediawiki]


@pytest.mark.parametrize("module", IMPORTERS)
def test_undecodable_bytes(module):
    with pytest.raises(SourceError) as info:
        module.parse(b"702.26 Phasing\n702.26a Phasing \x81\x8d is a static ability.\n", "bad.txt")
    assert (info.value.path, info.value.line) == ("bad.txt", 2)


@pytest.mark.parametrize(
    "module, text",
    [
        (
            wiki_article,
            lambda: "Instabilität (Phasing) ist eine der Schlüsselwortfähigkeiten von Magic.\n\nMehr Text.\n",
        ),
        (rule_page, lambda: ru_excerpt("-magic-the-gathering-.html")["text"]),  # translator's notes only
        (mediawiki, lambda: "このページの内容は転記したものです。\n----\n__NOTOC__\n"),
    ],
)
def test_page_without_rules(module, text):
    with pytest.raises(SourceError, match="no rules found: expected"):
        module.parse(text().encode("utf-8"), "empty.txt")


@pytest.mark.parametrize(
    "module, text, line",
    [
        (wiki_article, "Instabilität (Phasing)\n\nRegelauszug\n702.23 Instabilität\n012.3 Falsch.\n", 5),
        (rule_page, "Menu | Contents | Glossary\n310.1 Phenomenon is a card type.\n012.3 Bad number here.\n", 3),
        (mediawiki, "==702.26==\nフェイジング／Phasing\n==012.3==\n本文。\n", 3),
    ],
)
def test_bad_rule_line(module, text, line):
    with pytest.raises(SourceError, match="bad rule line") as info:
        module.parse(text.encode("utf-8"), "bad.txt")
    assert info.value.line == line


def test_a_rule_quoted_twice_with_other_text_is_an_error():
    text = "Regelauszug\n702.23a Eins ist eine Regel.\n702.23a Zwei ist eine andere Regel.\n"
    with pytest.raises(SourceError, match="appears again") as info:
        wiki_article.parse(text.encode(), "twice.txt")
    assert info.value.line == 3


def test_undetectable_language_and_the_lang_option():
    page = b"Contents | Glossary\n310.3 No subtypes.\n"
    with pytest.raises(SourceError, match="cannot tell the language"):
        rule_page.parse(page, "short.txt")
    assert rule_page.parse(page, "short.txt", lang="en").rules[0].text == "No subtypes."


def test_bad_edition_option():
    with pytest.raises(SourceError, match="bad edition option"):
        parse(wiki_article, GERMAN_SEED, edition="someday")


@pytest.mark.parametrize("module", IMPORTERS)
def test_sniff_never_raises_on_undecodable_bytes(module):
    assert module.sniff(b"\x00\x81\x8d\xff" * 10, "x.bin") is False


def test_home_lists_a_dictionary_as_a_glossary_and_a_page_with_its_language():
    """The reader's home page: a glossary-only file is no document of 0 rules; the Russian site's
    page of English rules is listed under English with its rules' title, its Russian title marked."""
    from kb.core.results import DocumentInfo
    from kb.reader.pages import home
    from kb.reader.urls import Urls

    def info(name, lang, title, rules, glossary, meta):
        return DocumentInfo(name, lang, None, None, "x", title, name, rules, 0, glossary, 0, 0, "", meta)

    page = home(
        None,
        Urls(),
        [
            info("CompRules_ja_20260116.0_dict", "ja", None, 0, 728, {}),
            info(
                "004_87f96431dc6e8d24",
                "en",
                "310. Phenomena",
                9,
                0,
                {"page_lang": "ru", "page_title": "Полные правила Magic: the Gathering"},
            ),
        ],
    )
    assert "a glossary of 728 entries" in page and "0 rules" not in page
    assert '<span lang="ru">Полные правила Magic: the Gathering</span>' in page
    assert "310. Phenomena" in page and "on a page in Russian:" in page
