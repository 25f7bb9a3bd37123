"""Whole-document cross-checks: the real translations' reports, and each finding class on purpose."""

from __future__ import annotations

import copy
import json

import pytest
from click.testing import CliRunner

from kb import store
from kb.cli import cli
from kb.crosscheck import FINDINGS, crosscheck_document
from kb.crosscheck.document import crosscheck_documents
from kb.crosscheck.render_text import render_document, width
from kb.crosscheck.texts import DocText, RuleText, load_text
from tests.conftest import corpus_path
from tests.test_crosscheck_db import xdb  # noqa: F401

JA = {"missing": 1, "extra": 1, "duplicate": 1, "subrules": 1, "citations": 54, "examples": 2, "numbers": 11,
      "untranslated": 0}
ZH_2023 = {**dict.fromkeys(FINDINGS, 0), "citations": 18, "numbers": 4}
ZH_2026 = {**dict.fromkeys(FINDINGS, 0), "citations": 23, "examples": 1, "numbers": 2}


@pytest.fixture(scope="module")
def japanese(xdb):
    return crosscheck_document(xdb.conn, "ja@2026-01-16", "en@2026-01-16")


def test_japanese_translation_against_english_of_its_date(japanese):
    assert japanese.counts == JA
    assert japanese.rules == {"translation": 3270, "original": 3269, "paired": 3268}
    assert [f.number for f in japanese.of_kind("missing")] == ["610.5"]
    assert [f.number for f in japanese.of_kind("extra")] == ["805.10g"]
    duplicate = japanese.of_kind("duplicate")[0]
    assert (duplicate.number, duplicate.detail["times"], duplicate.detail["side"]) == ("505.4", 2, "translation")
    assert japanese.of_kind("subrules")[0].detail["translation"][-1] == "805.10g"
    assert [(f.number, f.detail) for f in japanese.of_kind("examples")] == [
        ("701.20c", {"translation": 0, "original": 1}), ("712.9", {"translation": 3, "original": 2})]
    # the translation still cites the numbers of an older edition: 731 is 732 today
    found = {f.number: f.detail for f in japanese.of_kind("citations")}
    assert (found["121.8"]["only_translation"], found["121.8"]["only_original"]) == (["731"], ["732"])


def test_the_default_original_is_the_english_text_of_the_same_date(xdb, japanese):
    assert crosscheck_document(xdb.conn, "ja").counts == japanese.counts
    assert japanese.original["document"] == "MagicCompRules_20260116"


@pytest.mark.parametrize("edition, expected", [("2023-11-17", ZH_2023), ("2026-04-17", ZH_2026)])
def test_chinese_translations(xdb, edition, expected):
    report = crosscheck_document(xdb.conn, f"zh@{edition}", f"en@{edition}")
    assert report.counts == expected
    assert report.rules["translation"] == report.rules["original"] == report.rules["paired"]


def test_a_number_the_chinese_text_dropped(xdb):
    report = crosscheck_document(xdb.conn, "zh@2023-11-17")
    food = {f.number: f for f in report.of_kind("numbers")}["111.10b"]  # "{2}, {T}, Sacrifice …" lost its {2}
    assert food.detail == {"only_translation": [], "only_original": [2]}


# ---- every class of finding, from a document altered on purpose --------------------------------

@pytest.fixture(scope="module")
def pair(xdb):
    ids = dict(xdb.conn.execute("select name, id from documents"))
    return (load_text(xdb.conn, ids["CompRules_ja_20260116.0_lines"]),
            load_text(xdb.conn, ids["MagicCompRules_20260116"]))


def altered(doc: DocText, change) -> DocText:
    rules = copy.deepcopy(doc.rules)
    change(rules)
    return DocText(doc.id, doc.name, doc.lang, doc.edition, rules)


def _at(rules: list[RuleText], number: str) -> int:
    return next(i for i, r in enumerate(rules) if r.number == number)


def _new(report, baseline, kind):
    before = {(f.number, f.message) for f in baseline.of_kind(kind)}
    return [f for f in report.of_kind(kind) if (f.number, f.message) not in before]


def _replace_text(number, old, new):
    def change(rules):
        rule = rules[_at(rules, number)]
        assert old in rule.text
        rule.text = rule.text.replace(old, new)
    return change


CASES = {
    "missing": (lambda rules: rules.pop(_at(rules, "702.26c")), "702.26c"),
    "extra": (lambda rules: rules.insert(_at(rules, "702.26p") + 1, RuleText("702.26q", "subrule", None, "追加。", 0, 1)),
              "702.26q"),
    "duplicate": (lambda rules: rules.insert(_at(rules, "702.26c"), copy.deepcopy(rules[_at(rules, "702.26c")])),
                  "702.26c"),
    "subrules": (lambda rules: rules.pop(_at(rules, "702.26p")), "702.26"),
    "citations": (_replace_text("702.26k", "rule 800.4", "rule 800.5"), "702.26k"),
    "examples": (lambda rules: setattr(rules[_at(rules, "702.26b")], "examples", 3), "702.26b"),
    "numbers": (_replace_text("702.26p", "パーマネント1つ", "パーマネント2つ"), "702.26p"),
    "untranslated": (_replace_text("702.26c", "ゲームはそれが存在するものとして扱う。",
                                   "The game once again treats it as though it exists."), "702.26c"),
}


@pytest.mark.parametrize("kind", FINDINGS)
def test_each_class_of_finding_from_an_altered_translation(pair, kind):
    translation, original = pair
    change, number = CASES[kind]
    baseline = crosscheck_documents(translation, original, (kind,))
    report = crosscheck_documents(altered(translation, change), original, (kind,))
    assert [f.number for f in _new(report, baseline, kind)] == [number]


def test_altered_file_through_import_and_command(xdb, tmp_path):
    """A translation file with one rule line taken out: imported, checked from the command line."""
    text = corpus_path("ja", "CompRules_ja_20260116.0_lines.txt").read_text(encoding="utf-8")
    lines = text.split("\n")
    gone = next(i for i, line in enumerate(lines) if line.startswith("702.26c"))
    path = tmp_path / "CompRules_ja_20260116.0_altered.txt"
    path.write_text("\n".join(lines[:gone] + lines[gone + 1:]), encoding="utf-8")
    db = str(xdb.path)
    runner = CliRunner()
    assert runner.invoke(cli, ["--db", db, "import", str(path)]).exit_code == 0
    try:
        result = runner.invoke(cli, ["--db", db, "crosscheck", "--document", path.stem, "--json"])
        assert result.exit_code == 0, result.output
        data = json.loads(result.output)
        assert data["counts"]["missing"] == JA["missing"] + 1
        assert [f["number"] for f in data["findings"] if f["kind"] == "missing"] == ["610.5", "702.26c"]
        strict = runner.invoke(cli, ["--db", db, "crosscheck", "--document", path.stem, "--kind", "missing",
                                     "--strict"])
        assert strict.exit_code == 1 and "702.26c is not in the translation" in strict.output
    finally:
        store.delete_document(xdb.conn, path.stem)


def test_text_report_fits_100_columns(japanese):
    text = render_document(japanese, limit=None)
    assert max(width(line) for line in text.splitlines()) <= 100
    assert "610.5 is not in the translation" in text


def test_bad_input_and_unknown_documents(xdb):
    runner = CliRunner()
    db = str(xdb.path)
    assert runner.invoke(cli, ["--db", db, "crosscheck"]).exit_code == 2
    assert runner.invoke(cli, ["--db", db, "crosscheck", "--document", "ja", "de:702.23"]).exit_code == 2
    unknown = runner.invoke(cli, ["--db", db, "crosscheck", "--document", "ja@1999-01-01"])
    assert unknown.exit_code == 1 and "no edition" in unknown.output
    assert runner.invoke(cli, ["--db", db, "crosscheck", "--document", "ja", "--kind", "nonsense"]).exit_code == 2
