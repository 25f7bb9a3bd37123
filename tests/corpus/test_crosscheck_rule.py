"""Rule-level cross-checks: the user's example (German 702.23 against Japanese 702.26), flags, output."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kb.cli import cli
from kb.crosscheck import crosscheck
from kb.crosscheck.flags import Context, cited, english_left, game_terms, stated_numbers
from kb.crosscheck.model import Cell, Row
from kb.crosscheck.render_text import render_rule, width
from kb.terms import dictionary
from tests.conftest import import_seeds
from tests.corpus.test_crosscheck_db import xdb  # noqa: F401

# (German, English 2010-07-16, English 2023-11-17, Japanese, English change, flags)
EXPECTED = [
    ("702.23", "702.23", "702.26", "702.26", "renumbered", []),
    ("702.23a", "702.23a", "702.26a", "702.26a", "edited", ["rules-change"]),
    ("702.23b", "702.23b", "702.26b", "702.26b", "edited", ["rules-change"]),
    ("702.23c", "702.23c", "702.26c", "702.26c", "renumbered", []),
    ("702.23d", "702.23d", "702.26d", "702.26d", "edited", ["rules-change"]),
    (None, None, "702.26e", "702.26e", "added", ["one-side"]),
    ("702.23e", "702.23e", "702.26f", "702.26f", "renumbered", []),
    ("702.23f", "702.23f", "702.26g", "702.26g", "renumbered", []),
    ("702.23g", "702.23g", "702.26h", "702.26h", "renumbered", []),
    ("702.23h", "702.23h", "702.26i", "702.26i", "references only", []),
    (None, None, "702.26j", "702.26j", "added", ["one-side"]),
    # "owned by a player" is rightly そのオーナー: no term finding (the German Spieler has no "counterpart")
    ("702.23i", "702.23i", "702.26k", "702.26k", "renumbered", []),
    ("702.23j", "702.23j", None, None, "removed", ["one-side", "citations"]),
    ("702.23k", "702.23k", "702.26m", "702.26m", "edited", ["rules-change"]),
    (None, None, "702.26n", "702.26n", "added", ["one-side"]),
    ("702.23m", "702.23m", "702.26p", "702.26p", "renumbered", []),
]


def _number(cell):
    return cell.number if cell else None


@pytest.fixture(scope="module")
def example(xdb):
    return crosscheck(xdb.conn, "de:702.23", "ja@2023-11-17:702.26")


def _by_a(report):
    return {row.a.number if row.a else (row.b or row.en_b).number: row for row in report.rows}


def test_the_users_example_row_by_row(example):
    assert example.method == "pivot"
    got = [(_number(r.a), _number(r.en_a), _number(r.en_b), _number(r.b), r.change, r.kinds()) for r in example.rows]
    assert got == EXPECTED
    assert example.counts == {
        "one-side": 4,
        "rules-change": 4,
        "citations": 1,
        "numbers": 0,
        "terms": 0,
        "untranslated": 0,
    }


def test_editions_the_sides_were_made_from(example):
    assert (example.a.document, example.a.edition, example.a.title) == ("000_a3c90cc092d5a721", None, "Instabilität")
    assert example.a.pivot["edition"] == "2010-07-16" and example.a.pivot["how"].startswith("inferred")
    assert (example.b.document, example.b.edition, example.b.chosen) == ("001_b91ea460c0a74603", "2023-11-17", "given")
    assert example.b.pivot == {"document": "MagicCompRules_20231117", "edition": "2023-11-17", "how": "same edition"}


def test_one_side_only_says_why(example):
    rows = _by_a(example)
    removed = rows["702.23j"].flags[0]
    assert (removed.side, removed.detail["cause"]) == ("b", "rules change")
    assert "removed in 2023-11-17" in removed.message  # tokens no longer cease to exist
    added = rows["702.26e"].flags[0]
    assert (added.side, added.detail["cause"]) == ("a", "rules change")


def test_rules_changes_come_from_the_english_editions(example):
    rows = _by_a(example)
    assert "A permanent that phases out is removed from combat." in " ".join(rows["702.23b"].flags[0].detail["added"])
    assert "Tokens continue to exist on the battlefield while phased out." in " ".join(
        rows["702.23d"].flags[0].detail["added"]
    )
    assert rows["702.23h"].change == "references only" and rows["702.23h"].flags == []


def test_citations_in_two_numberings_and_a_real_mismatch(example):
    rows = _by_a(example)
    assert rows["702.23h"].notes == [
        "the English texts differ only in cited rules, as those were renumbered",
        "same citation in two numberings: 704.5n, 704.5p (2010-07-16 (inferred)) = 704.5m, 704.5n (2023-11-17)",
    ]
    flag = rows["702.23j"].flags[1]  # the German text cites 704.5n beside 704.5d; its English only 704.5d
    assert (flag.kind, flag.side, flag.detail) == (
        "citations",
        "a",
        {"translation": ["704.5d", "704.5n"], "original": ["704.5d"]},
    )


def test_no_term_finding_where_the_japanese_rightly_says_owner(example):
    """main flagged "Spieler (de) has no counterpart in the ja text (expected プレイヤー)" at 702.23i."""
    row = _by_a(example)["702.23i"]
    assert "オーナー" in row.b.text and "Spieler" in row.a.text
    assert "terms" not in row.kinds()


def test_structure_alone_pairs_the_same_subrules(xdb, example):
    report = crosscheck(xdb.conn, "de:702.23", "ja@2023-11-17:702.26", method="structure")
    assert report.method == "structure"
    pairs = [(_number(r.a), _number(r.b)) for r in report.rows]
    assert pairs == [(a, b) for a, _, _, b, _, _ in EXPECTED]


def test_newest_fullest_document_by_default(xdb):
    report = crosscheck(xdb.conn, "de:702.23", "ja:702.26")
    assert report.b.document == "CompRules_ja_20260116.0_lines"  # not the keyword list of the same date
    assert report.b.chosen == "newest"
    assert [r.kinds() for r in report.rows if _number(r.a) == "702.23j"] == [["one-side", "citations"]]
    chinese = crosscheck(xdb.conn, "ja:702.26", "zh@2026-04-17:702.26")
    assert chinese.method == "pivot" and chinese.counts["one-side"] == 0


# ---- flags from rows made by hand ---------------------------------------------------------------


def _ctx(xdb, cite_map=lambda n: n):
    return Context(
        lang={"a": "de", "b": "ja"},
        edition={"a": "2010-07-16", "b": "2023-11-17"},
        terms=dictionary(xdb.conn),
        cite_map=cite_map,
    )


def test_a_citation_to_another_rule_is_a_mismatch(xdb):
    renumber = {"704.5n": "704.5m", "704.5p": "704.5n"}.get
    same = Row(
        Cell("702.23h", "(Siehe Regeln 704.5n und 704.5p.)", "de"),
        Cell("702.26i", "(rule 704.5m、rule 704.5n 参照。)", "ja"),
    )
    cited(same, _ctx(xdb, renumber))
    assert same.flags == [] and same.notes
    other = Row(
        Cell("702.23h", "(Siehe Regeln 704.5n und 704.5p.)", "de"),
        Cell("702.26i", "(rule 704.5m、rule 704.5e 参照。)", "ja"),
    )
    cited(other, _ctx(xdb, renumber))
    assert [f.kind for f in other.flags] == ["citations"] and other.flags[0].detail["b"] == ["704.5e", "704.5m"]


def test_numbers_that_disagree(xdb):
    row = Row(
        Cell("1", "Mehrere Fälle sind redundant.", "de"),
        Cell("1", "パーマネント2つに複数あっても変わらない。", "ja"),
        Cell("1", "Multiple instances are redundant.", "en"),
        Cell("1", "Multiple instances are redundant.", "en"),
    )
    stated_numbers(row, _ctx(xdb))
    assert [(f.kind, f.side, f.detail["only_translation"]) for f in row.flags] == [("numbers", "b", [2])]
    loose = Row(
        Cell("1", "ein Spiel mit mehr als zwei Spielern", "de"), Cell("1", "3人以上のプレイヤーによるゲーム", "ja")
    )
    stated_numbers(loose, _ctx(xdb))  # "3 or more" is "more than two"
    assert loose.flags == []


def test_english_left_untranslated(xdb):
    row = Row(
        Cell("1", "Das Spiel behandelt sie wieder so, als ob sie existiert.", "de"),
        Cell("1", "パーマネントがフェイズ・インすると、The game once again treats it as though it exists.", "ja"),
    )
    english_left(row, _ctx(xdb))
    assert [(f.kind, f.side) for f in row.flags] == [("untranslated", "b")]
    fine = Row(
        Cell("1", "Instabilität (Phasing)", "de"),
        Cell("1", "「フェイズ・アウト／phase out」する。《Glorious Anthem of the Ages》", "ja"),
    )
    english_left(fine, _ctx(xdb))
    assert fine.flags == []


def test_a_translation_naming_another_zone_than_its_english(xdb):
    english = Cell("702.26k", "Phased-out permanents are put into their owner's graveyard.", "en")
    swapped = Row(
        None,
        Cell("702.26k", "フェイズ・アウトしているパーマネントはオーナーの追放領域に置かれる。", "ja"),
        None,
        english,
    )
    game_terms(swapped, _ctx(xdb))
    assert [(f.kind, f.side, f.detail["expected"], f.detail["named"], f.detail["category"]) for f in swapped.flags] == [
        ("terms", "b", "graveyard", "exil", "zone")
    ]
    assert "墓地" in swapped.flags[0].detail["expected_names"]
    assert "Exile: glossary" in swapped.flags[0].detail["sources"][0] and "追放" in swapped.flags[0].message
    right = Row(
        None, Cell("702.26k", "フェイズ・アウトしているパーマネントはオーナーの墓地に置かれる。", "ja"), None, english
    )
    game_terms(right, _ctx(xdb))
    assert right.flags == []


def test_function_words_and_other_wording_are_no_term_findings(xdb):
    """The findings of main before: "a, the (en) has no counterpart" (312.1), "have" (312.3)."""
    report = crosscheck(xdb.conn, "ja:312", "en:312")
    assert [r.b.number for r in report.rows if "terms" in r.kinds()] == ["312.5"]  # 次元 (plane) for phenomenon
    row = Row(
        None,
        Cell("1", "現象・カードにはサブタイプは存在しない。", "ja"),
        None,
        Cell("1", "Phenomenon cards have no subtypes.", "en"),
    )
    game_terms(row, _ctx(xdb))
    assert row.flags == []


def test_two_translations_without_english_compare_with_each_other(xdb):
    ctx = Context(
        lang={"a": "ja", "b": "zh"}, edition={"a": "2026-01-16", "b": "2026-04-17"}, terms=dictionary(xdb.conn)
    )
    row = Row(Cell("1", "そのカードを墓地に置く。", "ja"), Cell("1", "将该牌置入放逐区。", "zh"))
    game_terms(row, ctx)
    assert [(f.side, f.detail["expected"], f.detail["named"]) for f in row.flags] == [("b", "graveyard", "exil")]


# ---- the command ---------------------------------------------------------------------------------


def test_command_text_json_and_html(xdb, tmp_path):
    runner = CliRunner()
    db = str(xdb.path)
    text = runner.invoke(cli, ["--db", db, "crosscheck", "de:702.23", "ja@2023-11-17:702.26"])
    assert text.exit_code == 0, text.output
    assert max(width(line) for line in text.output.splitlines()) <= 100
    assert "702.23j    —          removed            one-side, citations" in text.output
    data = json.loads(
        runner.invoke(cli, ["--db", db, "crosscheck", "de:702.23", "ja@2023-11-17:702.26", "--json"]).output
    )
    assert data["method"] == "pivot" and len(data["rows"]) == len(EXPECTED)
    html = tmp_path / "report.html"
    result = runner.invoke(cli, ["--db", db, "crosscheck", "de:702.23", "ja@20231117:702.26", "--html", str(html)])
    assert result.exit_code == 0 and html.read_text(encoding="utf-8").count('<tr id="row-') == len(EXPECTED)
    strict = runner.invoke(cli, ["--db", db, "crosscheck", "de:702.23", "ja@2023-11-17:702.26", "--strict"])
    assert strict.exit_code == 1


def test_render_fits_100_columns_for_wide_scripts(xdb):
    report = crosscheck(xdb.conn, "ja:702.26", "zh@2023-11-17:702.26")
    assert max(width(line) for line in render_rule(report).splitlines()) <= 100


def test_command_errors(xdb):
    runner = CliRunner()
    db = str(xdb.path)
    missing = runner.invoke(cli, ["--db", db, "crosscheck", "de:702.99", "ja:702.26"])
    assert missing.exit_code == 1 and "Nearest: 702.23j, 702.23k, 702.23m" in missing.output
    assert runner.invoke(cli, ["--db", db, "crosscheck", "de:702.x", "ja:702.26"]).exit_code == 2
    assert (
        runner.invoke(cli, ["--db", db, "crosscheck", "fr:702.26", "ja:702.26"]).exit_code == 2
    )  # unknown language: bad input
    assert runner.invoke(cli, ["--db", db, "crosscheck", "de:702.23"]).exit_code == 2


def test_the_bundled_seeds_alone_align_by_structure(tmp_path):
    """No English edition stored: the default database still pairs the subrules right."""
    from kb.api import KnowledgeBase

    kb = KnowledgeBase.open(tmp_path / "seeds.db")
    import_seeds(kb)
    report = crosscheck(kb.conn, "de:702.23", "ja:702.26")
    assert report.method == "structure" and len(report.notes) == 2
    assert [(_number(r.a), _number(r.b)) for r in report.rows] == [(a, b) for a, _, _, b, _, _ in EXPECTED]
    kb.close()


# ---- the text report -------------------------------------------------------------------------------


def test_each_text_once_and_headers_that_keep_names_whole(xdb):
    from kb.crosscheck.render_text import NO_START

    report = crosscheck(xdb.conn, "ja:312", "en:312")
    text = render_rule(report)
    lines = text.splitlines()
    # B is English: its text is its own English text, and 312.1 reads the same in both editions
    assert sum(1 for line in lines if line.startswith("en 312.1 ")) == 1
    assert sum(1 for line in lines if "Phenomenon is a card type seen only" in line) == 1
    assert lines[:3] == [
        "A: ja 312 現象",
        "   CompRules_ja_20260116.0_lines, 2026-01-16",
        "   English MagicCompRules_20260116 (same edition)",
    ]
    for name in (report.a.document, report.b.document):
        assert any(name in line for line in lines[:6])
    # Japanese lines never start with 、 。 ・ ー or a small kana
    body = [line.split("│ ", 1)[1] for line in lines if "│ " in line]
    starts = [line[0] for line in body if line]
    assert not [c for c in starts if c in NO_START]


def test_wrapping_follows_the_line_breaking_rules():
    from kb.crosscheck.render_text import NO_END, NO_START, wrap

    text = (
        "現象・カードが統率領域を離れる場合、それは統率領域に残り続ける。「フェイズ・アウト」したパーマネントは、" * 6
    )
    for columns in range(20, 61, 7):
        lines = wrap(text, columns)
        assert "".join(lines) == " ".join(text.split())
        assert all(width(line) <= columns for line in lines)
        assert not [line for line in lines[1:] if line[0] in NO_START]
        assert not [line for line in lines[:-1] if line[-1] in NO_END]
    assert wrap("プレイヤー", 8) == ["プレイ", "ヤー"]  # ー never opens a line: one more character moves along
