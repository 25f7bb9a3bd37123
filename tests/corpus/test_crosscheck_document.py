"""Whole-document cross-checks: the real translations' reports, and each finding class on purpose."""

from __future__ import annotations

import copy
import json
import re
import sqlite3
from collections import Counter

import pytest
from click.testing import CliRunner

from kb.cli import cli
from kb.crosscheck import FINDINGS, crosscheck_document
from kb.crosscheck.citecheck import OldNumbers
from kb.crosscheck.document import DocContext, crosscheck_documents
from kb.crosscheck.model import CLASSIC
from kb.crosscheck.render_text import render_document, width
from kb.crosscheck.texts import DocText, RuleText, load_text
from kb.terms import dictionary
from tests.conftest import corpus_path
from tests.corpus.test_crosscheck_db import xdb  # noqa: F401

JA = {
    "missing": 1,
    "extra": 1,
    "duplicate": 1,
    "subrules": 1,
    "citations": 33,
    "titles": 15,
    "examples": 1,
    "numbers": 1,
    "terms": 1,
    "untranslated": 0,
}
# untranslated: the eight labelled real in tests/data/crosscheck_labels.tsv ("Space Sculptor" five times, "Friends
# forever", the card names Camel and Leeches); before the check read keywords left in English it found none. Two
# more since bare glosses in a list count (205.3j "、[Comet]、", 205.3n), and in 2026 206.3a's slipped glosses. One
# more since a keyword run into the translation's own sentence counts, quoted or not (702.124j "具有Friends forever的").
ZH_2023 = {**dict.fromkeys(CLASSIC, 0), "citations": 16, "titles": 6, "numbers": 2, "untranslated": 11}
ZH_2026 = {**dict.fromkeys(CLASSIC, 0), "citations": 21, "titles": 5, "numbers": 1, "untranslated": 1}


def classic(counts: dict) -> dict:
    """The counts of the classes of the labelled sample; the QA classes are measured on the corrections set."""
    return {kind: counts[kind] for kind in CLASSIC}


@pytest.fixture(scope="module")
def japanese(xdb):
    return crosscheck_document(xdb.conn, "ja@2026-01-16", "en@2026-01-16")


def test_japanese_translation_against_english_of_its_date(japanese):
    assert classic(japanese.counts) == JA
    assert japanese.rules == {"translation": 3270, "original": 3269, "paired": 3268}
    assert [f.number for f in japanese.of_kind("missing")] == ["610.5"]
    assert [f.number for f in japanese.of_kind("extra")] == ["805.10g"]
    duplicate = japanese.of_kind("duplicate")[0]
    assert (duplicate.number, duplicate.detail["times"], duplicate.detail["side"]) == ("505.4", 2, "translation")
    assert japanese.of_kind("subrules")[0].detail["translation"][-1] == "805.10g"
    # 701.20c prints its example on the rule's line ("… 例：《テレパシー》…"): counted, no finding
    assert [(f.number, f.detail) for f in japanese.of_kind("examples")] == [
        ("712.9", {"translation": 3, "original": 2})
    ]
    # a number only the original states: "with three exceptions"; none for counts the translation adds
    assert [(f.number, f.detail["only_original"]) for f in japanese.of_kind("numbers")] == [("903.13f", [3])]
    # the translation still cites the numbers of an older edition: 731 is 732 today, the chain says so
    found = {f.number: f.detail for f in japanese.of_kind("citations")}
    assert (found["121.8"]["only_translation"], found["121.8"]["only_original"]) == (["731"], ["732"])
    assert found["121.8"]["parts"] == [
        {"kind": "old number", "translation": "731", "original": "732", "edition": "2025-06-06"}
    ]
    assert [p["kind"] for p in found["904.12a"]["parts"]] == ["left out"]  # "(see rule 802)" not translated
    assert [p["kind"] for p in found["702.102c"]["parts"]] == ["not in the original"]
    assert [p["kind"] for p in found["607.2m"]["parts"]] == ["old number in the original"]  # 614.12b is 614.12c now
    # the forms the grammar did not read before: "rule 8〔多人数戦ルール〕", "116〔特別な処理〕", "(116 参照)"
    assert not {"100.1b", "108.6", "110.4", "401.5", "702.168d", "702.170b", "702.160a"} & set(found)
    # a cited title that is another rule's in the same document
    titles = {f.number: f.detail for f in japanese.of_kind("titles")}
    assert titles["104.6"] == {
        "cited": "725",
        "title": "ゲームを再び開始する",
        "stored": "イニシアチブ",
        "titled": "726",
    }
    # one game term for another: 次元 (plane) where the English says phenomenon
    term = japanese.of_kind("terms")[0]
    assert (term.number, term.detail["expected"], term.detail["named"]) == ("312.5", "phenomenon", "plan")


def _numbers(text: str, start: str, end: str) -> list[str]:
    """The rule numbers that begin lines between the second line matching ``start`` (after the contents)
    and the last matching ``end`` (the glossary's heading): a number, then a dot, a space, the end of
    the line or the text at once ("708.12裏向きの…", "901.4.All …")."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    first = [m.start() for m in re.finditer(start, text, re.M)][1]
    last = [m.start() for m in re.finditer(end, text, re.M)][-1]
    return re.findall(r"^(\d{1,3}(?:\.\d+[a-z]{0,2})?)(?=[.\s]|$|[^\x00-\x7f])", text[first:last], re.M)


def test_the_structural_findings_agree_with_a_plain_reading_of_both_files(japanese):
    """JA's missing, extra and duplicate counts and the rule counts, from the two files' own lines by no
    code of mtgkb. The other classes (citations, titles, ...) are no count a regular expression can
    make: every one of their findings was read against both texts and labelled by hand in
    tests/data/crosscheck_labels.tsv (33 citations and 15 titles of this translation), which
    tests/corpus/test_crosscheck_precision.py holds them to."""
    translation = _numbers(
        corpus_path("ja", "CompRules_ja_20260116.0_lines.txt").read_text(encoding="utf-8-sig"), r"^1\. ", r"^用語集$"
    )
    original = _numbers(
        corpus_path("en", "full", "MagicCompRules_20260116.txt").read_text(encoding="utf-8-sig"),
        r"^1\. Game Concepts",
        r"^Glossary$",
    )
    twice = sorted(number for number, times in Counter(translation).items() if times > 1)
    assert japanese.rules == {
        "translation": len(translation),
        "original": len(original),
        "paired": len(set(translation) & set(original)),
    }
    assert [f.number for f in japanese.of_kind("missing")] == sorted(set(original) - set(translation))
    assert [f.number for f in japanese.of_kind("extra")] == sorted(set(translation) - set(original))
    assert [f.number for f in japanese.of_kind("duplicate")] == twice
    assert (JA["missing"], JA["extra"], JA["duplicate"]) == (1, 1, 1)


def test_the_default_original_is_the_english_text_of_the_same_date(xdb, japanese):
    assert crosscheck_document(xdb.conn, "ja").counts == japanese.counts
    assert japanese.original["document"] == "MagicCompRules_20260116"


@pytest.mark.parametrize("edition, expected", [("2023-11-17", ZH_2023), ("2026-04-17", ZH_2026)])
def test_chinese_translations(xdb, edition, expected):
    report = crosscheck_document(xdb.conn, f"zh@{edition}", f"en@{edition}")
    assert classic(report.counts) == expected
    assert report.rules["translation"] == report.rules["original"] == report.rules["paired"]


def test_a_number_the_chinese_text_dropped(xdb):
    report = crosscheck_document(xdb.conn, "zh@2023-11-17")
    food = {f.number: f for f in report.of_kind("numbers")}["111.10b"]  # "{2}, {T}, Sacrifice …" lost its {2}
    assert food.detail == {"only_translation": [], "only_original": [2]}


# ---- every class of finding, from a document altered on purpose --------------------------------


@pytest.fixture(scope="module")
def pair(xdb):
    ids = dict(xdb.conn.execute("select name, id from documents"))
    return (
        load_text(xdb.conn, ids["CompRules_ja_20260116.0_lines"]),
        load_text(xdb.conn, ids["MagicCompRules_20260116"]),
    )


@pytest.fixture(scope="module")
def context(xdb):
    return DocContext(dictionary(xdb.conn), OldNumbers(xdb.conn, "MagicCompRules_20260116"))


def altered(doc: DocText, change) -> DocText:
    rules = copy.deepcopy(doc.rules)
    change(rules)
    return DocText(doc.id, doc.name, doc.lang, doc.edition, rules)


def _at(rules: list[RuleText], number: str) -> int:
    return next(i for i, r in enumerate(rules) if r.number == number)


def _same(finding):
    """What makes a finding the same one in two reports: a swap's message quotes the document's counts, which
    the planted change itself moves by one, so a swap is known by its rule and its two words."""
    if finding.kind == "swaps":
        return (finding.number, finding.detail["english"], finding.detail["translated"])
    return (finding.number, finding.message)


def _new(report, baseline, kind):
    before = {_same(f) for f in baseline.of_kind(kind)}
    return [f for f in report.of_kind(kind) if _same(f) not in before]


def _replace_text(number, old, new):
    def change(rules):
        rule = rules[_at(rules, number)]
        assert old in rule.text
        rule.text = rule.text.replace(old, new)

    return change


CASES = {
    "missing": (lambda rules: rules.pop(_at(rules, "702.26c")), "702.26c"),
    "extra": (
        lambda rules: rules.insert(_at(rules, "702.26p") + 1, RuleText("702.26q", "subrule", None, "追加。", 0, 1)),
        "702.26q",
    ),
    "duplicate": (
        lambda rules: rules.insert(_at(rules, "702.26c"), copy.deepcopy(rules[_at(rules, "702.26c")])),
        "702.26c",
    ),
    "subrules": (lambda rules: rules.pop(_at(rules, "702.26p")), "702.26"),
    "citations": (_replace_text("702.26k", "rule 800.4", "rule 800.5"), "702.26k"),
    "titles": (_replace_text("112.1", "rule 601〔呪文を唱えること〕", "rule 601〔スタック〕"), "112.1"),
    "examples": (lambda rules: setattr(rules[_at(rules, "702.26b")], "examples", 3), "702.26b"),
    "numbers": (_replace_text("111.10b", "「{2}, {T}", "「{1}, {T}"), "111.10b"),
    "terms": (_replace_text("304.2", "オーナーの墓地に置かれる", "オーナーの手札に置かれる"), "304.2"),
    "untranslated": (
        _replace_text(
            "702.26c", "ゲームはそれが存在するものとして扱う。", "The game once again treats it as though it exists."
        ),
        "702.26c",
    ),
    # the translation QA classes; the first is the error the Chinese text of 2023-11-17 made in the same rule
    "terminology": (_replace_text("120.3a", "感染を持たない発生源から", ""), "120.3a"),  # "without infect" lost
    "consistency": (_replace_text("404.1", "オーナーの墓地", "オーナーの墓池"), "404.1"),  # 墓地 misspelt
    "markers": (_replace_text("101.4", "左隣", "右隣"), "101.4"),  # "to the active player's left"
    "coverage": (
        _replace_text("404.1", "最初は空である。", "最初は空である(最大60枚)。"),
        "404.1",
    ),  # added, with a number
    # "object" rendered by the dominant form of "permanent", as the Chinese text of 2023-11-17 did in 702.2e
    "swaps": (_replace_text("702.44d", "オブジェクトに", "パーマネントに"), "702.44d"),
    # a katakana word one letter from the document's トークン, in a rule whose English says "token" (kb.crosscheck.spelling)
    "spelling": (_replace_text("111.7", "存在するトークンは", "存在するトーケンは"), "111.7"),
    # a byte the decoder could not read (kb.crosscheck.garbled)
    "garbled": (_replace_text("702.26c", "ゲームは", "ゲーム\ufffdは"), "702.26c"),
}


@pytest.mark.parametrize("kind", FINDINGS)
def test_each_class_of_finding_from_an_altered_translation(pair, context, kind):
    translation, original = pair
    change, number = CASES[kind]
    baseline = crosscheck_documents(translation, original, (kind,), context)
    report = crosscheck_documents(altered(translation, change), original, (kind,), context)
    assert [f.number for f in _new(report, baseline, kind)] == [number]


CITATION_CASES = {
    # 729 "Merging with Permanents" was 728 in 2025-06-06: the chain names the old number
    "old number": (
        _replace_text("701.27g", "rule 729〔パーマネントの合同〕", "rule 728〔パーマネントの合同〕"),
        "701.27g",
        {"translation": "728", "original": "729", "edition": "2025-06-06"},
    ),
    "different rule": (
        _replace_text("702.26k", "rule 800.4", "rule 800.5"),
        "702.26k",
        {"translation": "800.5", "original": "800.4", "edition": None},
    ),
    "left out": (
        _replace_text("112.1a", "rule 707.10 参照。", ""),
        "112.1a",
        {"translation": None, "original": "707.10", "edition": None},
    ),
    "not in the original": (
        _replace_text("704.5a", "敗北する。", "敗北する。rule 119.4 参照。"),
        "704.5a",
        {"translation": "119.4", "original": None, "edition": None},
    ),
}


@pytest.mark.parametrize("how", list(CITATION_CASES))
def test_each_kind_of_citation_difference(pair, context, how):
    translation, original = pair
    change, number, part = CITATION_CASES[how]
    baseline = crosscheck_documents(translation, original, ("citations",), context)
    report = crosscheck_documents(altered(translation, change), original, ("citations",), context)
    new = _new(report, baseline, "citations")
    assert [f.number for f in new] == [number]
    assert new[0].detail["parts"] == [{"kind": how, **part}]


def test_a_swapped_game_term_is_quoted_with_its_source(pair, context):
    translation, original = pair
    change, number = CASES["terms"]
    report = crosscheck_documents(altered(translation, change), original, ("terms",), context)
    found = next(f for f in report.of_kind("terms") if f.number == number)
    assert (found.detail["expected"], found.detail["named"], found.detail["category"]) == ("graveyard", "hand", "zone")
    assert "手札" in found.message and "墓地" in found.message and "Hand" in found.detail["sources"][0]


def test_altered_file_through_import_and_command(xdb, tmp_path):
    """A translation file with one rule line taken out: imported, checked from the command line."""
    text = corpus_path("ja", "CompRules_ja_20260116.0_lines.txt").read_text(encoding="utf-8")
    lines = text.split("\n")
    gone = next(i for i, line in enumerate(lines) if line.startswith("702.26c"))
    path = tmp_path / "CompRules_ja_20260116.0_altered.txt"
    path.write_text("\n".join(lines[:gone] + lines[gone + 1 :]), encoding="utf-8")
    db = str(tmp_path / "crosscheck.db")  # a copy: readers of the shared database must not see the file
    with sqlite3.connect(xdb.path) as source, sqlite3.connect(db) as target:
        source.backup(target)
    runner = CliRunner()
    assert runner.invoke(cli, ["--db", db, "import", str(path)]).exit_code == 0
    result = runner.invoke(cli, ["--db", db, "crosscheck", "--document", path.stem, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["counts"]["missing"] == JA["missing"] + 1
    assert [f["number"] for f in data["findings"] if f["kind"] == "missing"] == ["610.5", "702.26c"]
    strict = runner.invoke(cli, ["--db", db, "crosscheck", "--document", path.stem, "--kind", "missing", "--strict"])
    assert strict.exit_code == 1 and "702.26c is not in the translation" in strict.output


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
