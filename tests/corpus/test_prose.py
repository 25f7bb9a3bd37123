"""Rule quotes inside prose: a Traditional Chinese blog post (Markdown) and an English HTML page.

Made here from the corpus: the phasing rules of the Simplified Chinese translation of
2023-11-17 converted to traditional characters with OpenCC, quoted as list items, block quotes
and a code block (some with inline HTML) between paragraphs of prose.
"""

from __future__ import annotations

from functools import lru_cache

import pytest

from kb.importers import cr_text, prose
from kb.importers.language import chinese_script
from kb.importers.registry import detect_format, parse_file
from tests.conftest import corpus_path

PROSE = [
    "相位是一個很容易讓新手困惑的機制，這篇文章會一條一條說明規則的意思。",
    "簡單來說，相位離開的永久物會被當作不存在，直到它再次相位進場為止。",
    "下面的規則引用自完整規則，我們在每一段後面加上自己的說明與實戰例子。",
    "注意衍生物在相位離開時不會消失，這一點和很久以前的規則並不相同。",
]


@lru_cache(maxsize=1)
def phasing_zh():
    doc = cr_text.parse(corpus_path("zh", "MagicCompRules_20231117_zh-CN_HeliumOctahelide.txt").read_bytes(), "zh")
    return [r for r in doc.rules if r.number.startswith("702.26")]


def traditional(text: str) -> str:
    import opencc

    return opencc.OpenCC("s2twp").convert(text)


def markdown_post() -> str:
    rules = phasing_zh()
    lines = [
        "---",
        "title: 「相位」規則詳解",
        "date: 2024-01-05",
        "---",
        "",
        "# 相位規則詳解",
        "",
        PROSE[0],
        "",
        PROSE[1],
        "",
    ]
    for at, rule in enumerate(rules):
        said = traditional(rule.title or rule.text)
        if at % 9 == 4:
            lines += ["> " + f"{rule.number} {said}", ""]
        elif at % 9 == 7:
            lines += ["```", f"{rule.number} {said}", "```", ""]
        elif at % 5 == 2:
            lines.append(f'- <font color="red">**{rule.number}**</font> {said}')
        else:
            lines.append(f"- {rule.number} {said}")
        if at in (3, 10, 16):
            lines += ["", "## 說明", "", PROSE[2 + at % 2], ""]
    return "\n".join(lines) + "\n"


def test_a_traditional_chinese_post_is_an_excerpt_with_commentary(tmp_path):
    path = tmp_path / "phasing.md"
    path.write_text(markdown_post(), encoding="utf-8")
    data = path.read_bytes()
    assert detect_format(data, str(path)) == "prose"
    doc, _ = parse_file(path)
    rules = phasing_zh()
    assert doc.lang == "zh-Hant" and doc.format == "prose" and doc.edition is None
    assert [r.number for r in doc.rules] == [r.number for r in rules]
    b = next(r for r in doc.rules if r.number == "702.26b")
    assert b.text == traditional(next(r.text for r in rules if r.number == "702.26b"))
    assert all("<" not in r.text and "*" not in r.text for r in doc.rules)  # inline markup removed
    assert doc.title == "「相位」規則詳解"
    notes = "\n".join(c.text for c in doc.commentary)
    assert all(p in notes for p in PROSE) and "702.26" not in notes
    assert {c.heading for c in doc.commentary} >= {"相位規則詳解", "說明"}


def test_an_html_page_quoting_rules_among_paragraphs(tmp_path):
    doc = cr_text.parse(corpus_path("en", "full", "MagicCompRules_20260807.txt").read_bytes(), "en")
    quoted = [r for r in doc.rules if r.number.startswith("702.26") and r.number < "702.26e"]
    body = "".join(
        f"<p>{r.number} <em>{r.title or r.text}</em></p>"
        if i % 2
        else f"<blockquote><b>{r.number}</b> {r.title or r.text}</blockquote>"
        for i, r in enumerate(quoted)
    )
    page = (
        "<html><head><title>Phasing explained | A Judge's Blog</title></head><body><nav>Home About</nav>"
        "<h1>Phasing explained</h1><p>Phasing is one of the strangest mechanics in the game, so let us read "
        "the rules slowly.</p><p>First, what the rules say a phased-out permanent is, and what it is not."
        "</p>" + body + "<h2>What it means</h2><p>In short: treat it as though it does not exist until it "
        "phases back in.</p><footer>Copyright 2026</footer></body></html>"
    )
    path = tmp_path / "phasing.html"
    path.write_text(page, encoding="utf-8")
    parsed, _ = parse_file(path)
    assert parsed.format == "prose" and parsed.lang == "en"
    assert [(r.number, r.text, r.title) for r in parsed.rules] == [(r.number, r.text, r.title) for r in quoted]
    assert [c.heading for c in parsed.commentary] == ["Phasing explained", "Phasing explained", "What it means"]


def test_whole_texts_and_pages_keep_their_importers():
    for path in (
        corpus_path("en", "full", "MagicCompRules_20260807.txt"),
        corpus_path("zh", "MagicCompRules_20231117_zh-CN_HeliumOctahelide.txt"),
    ):
        assert not prose.sniff(path.read_bytes(), str(path))


def test_chinese_scripts_are_told_apart():
    simplified = " ".join(r.text for r in phasing_zh())
    assert chinese_script(simplified) == "zh"
    assert chinese_script(traditional(simplified)) == "zh-Hant"


@pytest.fixture
def kb_with_posts(memory_kb, tmp_path):
    path = tmp_path / "phasing-zh-hant.md"
    path.write_text(markdown_post(), encoding="utf-8")
    memory_kb.import_file(path)
    return memory_kb


def test_imported_post_is_its_own_language(kb_with_posts):
    rule = kb_with_posts.rule("702.26b", lang="zh-TW")
    assert rule.lang == "zh-Hant" and rule.document == "phasing-zh-hant"
    assert rule.commentary == [] or all("702.26" not in c["text"] for c in rule.commentary)
    assert [d.lang for d in kb_with_posts.documents() if d.name == "phasing-zh-hant"] == ["zh-Hant"]


def test_search_folds_the_two_chinese_scripts(tmp_path):
    from kb.api import KnowledgeBase
    from kb.search.analyzers import terms

    assert terms("zh-Hant", "若永久物躍離") == terms("zh", "若永久物跃离")
    path = tmp_path / "phasing-zh-hant.md"
    path.write_text(markdown_post(), encoding="utf-8")
    kb = KnowledgeBase.open(tmp_path / "kb.db", build=False)
    try:
        kb.import_file(path)
        kb.reindex()
        hits = kb.search("跃离", langs=["zh-Hant"], limit=5)  # simplified query, traditional text
        assert any(v.document == "phasing-zh-hant" for hit in hits.results for v in hit.versions)
    finally:
        kb.close()


def test_term_matching_folds_the_two_chinese_scripts():
    from kb.terms.matcher import Matcher

    matcher = Matcher("zh", [("跃离", "phase out"), ("永久物", "permanent")])
    assert matcher.keys("若永久物躍離，") == {"phase out", "permanent"}  # traditional text, simplified names
    assert Matcher("zh-Hant", [("躍離", "phase out")]).keys("若永久物跃离") == {"phase out"}
