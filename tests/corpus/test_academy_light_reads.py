"""The light reads behind Academy Ruins' /cr/trace and /file/cr: a rule's text in one edition by one query
(KnowledgeBase.rule_text, which the trace quotes), and the published file kept with its gzip copy made only
once a client asks for gzip (kb.http.files.PublishedFiles). bench/bench_academy_full.py measures both on a
database of every edition."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from kb.api import KnowledgeBase
from kb.http.files import PublishedFiles
from kb.importers.bundle import first_answers, read_bundle

NEWEST = "MagicCompRules_20260807"
JAPANESE = "CompRules_ja_20260116.0_lines"


@pytest.fixture(scope="module")
def kb(tmp_path_factory):
    path: Path = tmp_path_factory.mktemp("light") / "small.db"
    knowledge = KnowledgeBase.open(path)
    knowledge.import_paths(first_answers(read_bundle())[0], keep_going=False, index=False)
    yield knowledge
    knowledge.close()


def test_a_rules_text_in_one_edition_is_what_the_full_lookup_gives(kb):
    for number in ("704.5a", "702.26b", "100.1"):
        assert kb.rule_text(NEWEST, number) == kb.rule(number, lang="en", edition=NEWEST).text
    assert kb.rule_text(NEWEST, "702.26") == "Phasing"  # a title without a text: its title
    assert kb.rule_text(NEWEST, "999.9") is None
    assert kb.rule_text("MagicCompRules_20260116", "704.5aa") is None  # 704.5z then, 704.5aa since August
    printed = [text for number, _kind, _title, text in kb.rule_texts(JAPANESE) if number == "505.4"]
    assert len(printed) == 2 and kb.rule_text(JAPANESE, "505.4") == printed[0]  # printed twice: the first


def test_the_gzip_copy_is_made_only_when_asked_for(kb):
    kept = PublishedFiles(kept=2)
    document = kb.resolve(None, lang="en")
    key = (document["name"], document["sha256"])
    data, charset = kept.get(kb, *key)
    assert charset == "utf-8" and data.startswith(b"\xef\xbb\xbfMagic: The Gathering Comprehensive Rules")
    assert kept.files[key][2] is None  # an identity request compresses nothing
    packed, _charset = kept.get(kb, *key, packed=True)
    assert gzip.decompress(packed) == data and len(packed) < len(data) // 3
    assert kept.get(kb, *key, packed=True)[0] is packed  # made once, then kept
    for other in (None, "2026-04-17", "2026-01-16"):  # the oldest kept file goes first
        named = kb.resolve(other, lang="en")
        kept.get(kb, named["name"], named["sha256"])
    assert key not in kept.files and len(kept.files) == 2
