"""The garbled-character criteria measured on the real translations of ../shared/corpus, and the two new classes
(spelling, garbled) on the corpus documents: what kb/crosscheck/garbled.py was fixed on.

Real Chinese text writes names with characters outside GB 2312 (205.3j 旸谷, 菲罗玆, 索菈雅): a criterion "outside
the set" alone would flag them, so a character outside the set is garbled only next to a Latin letter, which no
sentence of these documents has.
"""

from __future__ import annotations

import pytest

from kb.crosscheck import crosscheck_document
from kb.crosscheck.garbled import CHARSETS, garbles, in_charset
from tests.conftest import corpus_path
from tests.corpus.test_crosscheck_db import xdb  # noqa: F401

TRANSLATIONS = {
    "zh@2023-11-17": ("zh", "MagicCompRules_20231117_zh-CN_HeliumOctahelide.txt"),
    "zh@2026-04-17": ("zh", "MagicCompRules_20260417_zh-CN_HeliumOctahelide.txt"),
    "ja@2026-01-16": ("ja", "CompRules_ja_20260116.0_lines.txt"),
}


def _text(lang: str, name: str) -> str:
    return corpus_path(lang, name).read_text(encoding="utf-8-sig")


@pytest.mark.parametrize("spec", TRANSLATIONS)
def test_no_line_of_a_real_translation_is_garbled(spec):
    lang, name = TRANSLATIONS[spec]
    found = [(line[:40], span, why) for line in _text(lang, name).splitlines() for _, span, why in garbles(line, lang)]
    assert found == []


def test_chinese_names_use_characters_outside_gb2312_so_the_set_alone_is_no_criterion():
    text = _text("zh", TRANSLATIONS["zh@2023-11-17"][1])
    outside = {ch for ch in text if ord(ch) >= 0x3000 and ch.isalpha() and not in_charset(ch, ("gb2312",))}
    assert {"旸", "碻"} <= outside  # a plane's name (旸谷), a creature's name in an example
    # Big5 is no help either: 旸 is a simplified character
    assert not in_charset("旸", CHARSETS["zh"][1:])


@pytest.mark.parametrize("spec", TRANSLATIONS)
def test_the_corpus_documents_have_no_spelling_or_garbled_finding(xdb, spec):
    # Chinese and Japanese slips are homophones of terms, read by the consistency check; nothing here is garbled
    report = crosscheck_document(xdb.conn, spec, kinds=("spelling", "garbled"))
    assert report.counts == {"spelling": 0, "garbled": 0}
    assert report.rules["translation"] > 3000
