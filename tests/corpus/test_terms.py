"""The term dictionary: sources, cleaning, matching, lookups and `mtgkb term`."""

from __future__ import annotations

import csv
import json

from click.testing import CliRunner

from kb import store
from kb.api import KnowledgeBase
from kb.cli import cli
from kb.crosscheck.render_text import width
from kb.importers import dokuwiki_glossary
from kb.terms import Matcher, dictionary, rebuild_terms
from kb.terms.names import clean_name, english_key, split_pair
from kb.terms.sources import CURATED
from tests.conftest import SEED_DIR, corpus_path
from tests.corpus.test_crosscheck_db import GLOSSARY, xdb  # noqa: F401


def test_dokuwiki_glossary_reader():
    path = corpus_path(*GLOSSARY)
    data = path.read_bytes()
    assert dokuwiki_glossary.sniff(data, str(path))
    assert not dokuwiki_glossary.sniff(corpus_path("ja", "CompRules_ja_20260116.0_lines.txt").read_bytes(), "x.txt")
    assert not dokuwiki_glossary.sniff((SEED_DIR / "000_a3c90cc092d5a721.txt").read_bytes(), "x.txt")
    doc = dokuwiki_glossary.parse(data, str(path))
    assert (doc.lang, doc.edition, len(doc.glossary)) == ("zh", "2026-04-17", 727)
    phasing = next(g for g in doc.glossary if g.english == "Phasing")
    assert phasing.term == "时间跳跃"
    assert (
        phasing.text == "一个关键字异能，使得永久物有时被视为其不存在。参见规则702.26，“时间跳跃”。"
    )  # link markup gone


def test_names_are_cleaned_split_and_keyed():
    assert clean_name("EDH（已废止）") == ("EDH", "已废止")
    assert clean_name("Counter(n)") == ("Counter", "n")
    assert split_pair("コントロール、コントローラー", "Control/Controller") == [
        ("コントロール", "Control"),
        ("コントローラー", "Controller"),
    ]
    assert split_pair("反击/指示物", "Counter") == [("反击", "Counter"), ("指示物", "Counter")]
    assert split_pair("主动牌手先决定的顺序", "Active Player, Nonactive Player Order") == [
        ("主动牌手先决定的顺序", "Active Player, Nonactive Player Order")
    ]
    assert english_key("Phased Out") == english_key("phase out") == english_key("phases out")
    assert english_key("Phasing") != english_key("Phase")  # the keyword is not the turn phase
    assert english_key("Tokens") == english_key("token")


def test_curated_pairs_each_say_where_they_come_from():
    with open(CURATED, encoding="utf-8") as handle:
        rows = list(csv.DictReader((line for line in handle if not line.startswith("#")), delimiter="\t"))
    assert all(row["source"].strip() for row in rows)
    german = {row["term"]: row["english"] for row in rows if row["lang"] == "de"}
    for term, english in [
        ("Enttappsegment", "Untap Step"),
        ("Spielstein", "Token"),
        ("Marke", "Counter (n)"),
        ("Aura", "Aura"),
        ("Ausrüstung", "Equipment"),
        ("Befestigung", "Fortification"),
        ("bleibende Karte", "Permanent"),
        ("destabilisieren", "phase out"),
        ("stabilisieren", "phase in"),
        ("automatische Spielstatus-Aktion", "State-Based Action"),
    ]:
        assert german[term] == english


def _names(entry) -> dict[str, dict[str, list[tuple[str, str]]]]:
    return {n.lang: {n.name: [(s.source, s.origin) for s in n.sources]} for n in entry.names}


def test_phasing_in_every_language_with_its_sources(xdb):
    entry = dictionary(xdb.conn).lookup("phasing")[0]
    assert entry.key == "phasing" and entry.english == ["Phasing"]
    names = _names(entry)
    assert ("curated", "terms_curated.tsv") in names["de"]["Instabilität"]
    assert ("pair", "000_a3c90cc092d5a721") in names["de"]["Instabilität"]  # "Instabilität (Phasing)"
    ja = names["ja"]["フェイジング"]
    assert ("glossary", "CompRules_ja_20260116.0_lines") in ja
    assert ("pair", "ja-en_keywords_701-702_toc_CR-ja-20260116.0_mtgwiki-markup") in ja  # the keyword list
    assert ("rule-title", "001_b91ea460c0a74603") in ja
    zh = names["zh"]["时间跳跃"]
    assert ("glossary", "glossary_en-zh_dokuwiki_HeliumOctahelide_20260417") in zh
    assert ("rule-title", "MagicCompRules_20231117_zh-CN_HeliumOctahelide") in zh  # 702.26 时间跳跃 = Phasing
    detail = next(
        s.detail for n in entry.names for s in n.sources if s.origin == "MagicCompRules_20231117_zh-CN_HeliumOctahelide"
    )
    assert detail == "702.26 = MagicCompRules_20231117"


def test_lookup_by_a_name_in_any_language(xdb):
    terms = dictionary(xdb.conn)
    assert "phasing" in [e.key for e in terms.lookup("时间跳跃")]
    assert [e.key for e in terms.lookup("Instabilität")] == ["phasing"]
    assert terms.lookup("Spielstein")[0].in_language("ja") == ["トークン"]
    assert terms.lookup("phasing", "de")[0].in_language("de") == ["Instabilität"]
    assert terms.lookup("no such thing at all") == []
    assert "phasing" in terms.suggest("phasng")


def test_pairs_inside_rule_texts(xdb):
    entry = dictionary(xdb.conn).lookup("phase out")[0]
    sources = {(n.lang, n.name): {s.source for s in n.sources} for n in entry.names}
    assert "inline" in sources[("ja", "フェイズ・アウト")]  # 「フェイズ・アウト／phase out」 in 702.26a


def test_matchers_find_inflected_terms(xdb):
    terms = dictionary(xdb.conn)
    german = terms.matcher("de")
    found = {
        m.text: m.keys
        for m in german.find(
            "Destabilisierte Spielsteine hören als automatische Spielstatus-Aktion auf; alle bleibenden Karten"
        )
    }
    assert found["Spielsteine"] == {english_key("token")}
    assert english_key("state-based action") in found["automatische Spielstatus-Aktion"]
    assert english_key("permanent") in found["bleibenden Karten"]
    assert english_key("phased out") in found["Destabilisierte"]
    japanese = terms.matcher("ja").find("フェイズ・アウトしたパーマネントは戦闘から取り除かれる")
    assert [m.text for m in japanese][:2] == ["フェイズ・アウト", "パーマネント"]  # longest first, not "フェイズ"
    assert english_key("removed from combat") in {k for m in japanese for k in m.keys}
    assert english_key("phase out") in terms.matcher("en").keys("all permanents phase out")


def test_matcher_skips_single_cjk_characters():
    matcher = Matcher("ja", [("色", "color"), ("緑色", "green")])
    assert matcher.keys("色と緑色") == {"green"}


def test_the_table_follows_the_documents(tmp_path):
    kb = KnowledgeBase.open(tmp_path / "terms.db")
    kb.import_file(SEED_DIR / "000_a3c90cc092d5a721.txt")
    first = dictionary(kb.conn)
    stored = kb.conn.execute("select count(*) from term_names").fetchone()[0]
    assert stored == len(first.names) and first.lookup("phasing")[0].in_language("ja") == []
    kb.import_file(SEED_DIR / "001_b91ea460c0a74603.txt")  # new document: the dictionary is rebuilt on use
    assert dictionary(kb.conn).lookup("phasing")[0].in_language("ja") == ["フェイジング"]
    assert rebuild_terms(kb) == kb.conn.execute("select count(*) from term_names").fetchone()[0]
    kb.close()
    readonly = store.connect(tmp_path / "terms.db", readonly=True)
    assert dictionary(readonly).lookup("phasing")[0].in_language("de") == ["Instabilität"]


def test_term_command(xdb):
    runner = CliRunner()
    result = runner.invoke(cli, ["--db", str(xdb.path), "term", "phasing"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("Phasing")
    assert {"  de  Instabilität", "  ja  フェイジング", "  zh  时间跳跃"} <= set(lines)
    assert max(width(line) for line in lines) <= 100
    data = json.loads(runner.invoke(cli, ["--db", str(xdb.path), "term", "Spielstein", "--json"]).output)
    assert data[0]["key"] == "token"
    missing = runner.invoke(cli, ["--db", str(xdb.path), "term", "phasng"])
    assert missing.exit_code == 1 and "Nearest: phasing" in missing.output


# ---- the dictionary holds game terms only --------------------------------------------------------


def test_no_english_side_is_a_function_word_and_every_one_is_a_cr_term_or_curated(xdb):
    from kb.terms.vocabulary import STOPWORDS, cr_terms

    terms = dictionary(xdb.conn)
    vocabulary = cr_terms(xdb.conn)
    assert len(vocabulary) > 1000 and len(terms.names) > 3000
    curated_keys = {n.key for n in terms.names if n.source == "curated"}
    for name in terms.names:
        words = name.key.split()
        assert not all(w in STOPWORDS for w in words), name
        assert name.key in vocabulary or name.key in curated_keys, name
        assert name.source in ("curated", "glossary", "pair", "rule-title", "inline") and 0 < name.confidence <= 1


def test_the_pairs_main_mined_from_running_text_are_gone(xdb):
    terms = dictionary(xdb.conn)
    english = {n.english.casefold() for n in terms.names}
    for word in ("a", "the", "have", "when", "move on", "turn …"):
        assert word not in english
    assert terms.lookup("1枚") == [] and terms.lookup("その") == []
    # what the CR defines stays: zones, steps, keyword abilities, glossary entries
    for key, category in (
        ("graveyard", "zone"),
        ("untap step", "step or phase"),
        ("phasing", "keyword ability"),
        ("artifact", "card type"),
        ("legendary", "supertype"),
        ("poison counter", "counter"),
    ):
        assert terms.category(english_key(key)) == category, key


def test_a_word_with_two_game_senses_is_two_entries(xdb):
    terms = dictionary(xdb.conn)
    noun, verb = terms.lookup("turn")[0], terms.lookup("turn face up")[0]
    assert noun.key != verb.key
    assert "ターン" in noun.in_language("ja") and "オモテ向きにする" in verb.in_language("ja")
    english = terms.matcher("en")
    assert english.keys("when it is turned face up") == {english_key("turn face up")}  # not the turn
    assert english_key("turn") in english.keys("at the beginning of the next turn")


def test_term_command_shows_source_kind_and_confidence(xdb):
    runner = CliRunner()
    result = runner.invoke(cli, ["--db", str(xdb.path), "term", "graveyard"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("Graveyard") and lines[0].endswith("zone")
    assert "  ja  墓地" in lines
    said = " ".join(line.strip() for line in lines)
    # each source with its confidence first: glossary 0.95, rule title (404 = Graveyard) 0.85
    assert "0.95 glossary entry with its English name: CompRules_ja_20260116.0_lines, line" in said
    assert "0.85 rule title paired by number with the English edition: CompRules_ja_20260116.0_lines, 404" in said
    data = json.loads(runner.invoke(cli, ["--db", str(xdb.path), "term", "graveyard", "--json"]).output)
    assert data[0]["category"] == "zone"
    ja = next(n for n in data[0]["names"] if n["lang"] == "ja" and n["name"] == "墓地")
    assert ja["confidence"] == 0.95 and {s["source"] for s in ja["sources"]} >= {"glossary"}
