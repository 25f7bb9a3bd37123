"""`mtgkb crosscheck --document` as a reviewer meets it from an installed package (docs/crosscheck.md)."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from kb.cli.app import cli
from kb.core.errors import SameDocument
from kb.crosscheck import FINDINGS


def test_an_english_document_is_not_checked_against_itself(memory_kb):
    # It was: every class 0, which reads as a flawless translation.
    with pytest.raises(SameDocument) as raised:
        memory_kb.crosscheck_document("en")
    assert "MiniRules_20260807 (en) would be checked against itself" in str(raised.value)
    assert raised.value.exit_code == 2


def test_a_document_against_itself_named_twice_is_refused(memory_kb):
    with pytest.raises(SameDocument):
        memory_kb.crosscheck_document("MiniRules_20260807", "en@2026-08-07")


def test_the_kind_option_names_every_class_it_accepts():
    help_text = CliRunner().invoke(cli, ["crosscheck", "--help"]).output
    listed = re.search(r"repeatable\):(.*?)\.\n", help_text, re.S)
    assert listed is not None
    assert [kind.strip() for kind in " ".join(listed.group(1).split()).split(",")] == list(FINDINGS)


def test_every_class_of_the_document_report_has_its_colour_in_the_html():
    from kb.crosscheck.model import FLAGS
    from kb.crosscheck.render_html import COLOURS

    assert set(FINDINGS) | set(FLAGS) <= set(COLOURS)
    assert len(set(COLOURS[kind] for kind in FINDINGS)) == len(FINDINGS)  # told apart in the legend


def _doc(lang: str, numbers: list[str]):
    from kb.crosscheck.texts import DocText, RuleText

    return DocText(1, lang, lang, None, [RuleText(n, "rule", None, f"text {n}", 0, i) for i, n in enumerate(numbers)])


ENGLISH = ["1", "100", "100.1", "100.1a", "702", "702.26", "702.26a", "702.26b", "702.26c", "702.27", "702.27a"]


def test_an_excerpt_misses_only_the_rules_under_the_rules_it_quotes():
    # The Japanese wiki's quote of 702.26a-p had 3,033 "missing" rules: every rule of the CR it does not quote.
    from kb.crosscheck.document import crosscheck_documents

    report = crosscheck_documents(_doc("ja", ["702.26a", "702.26c"]), _doc("en", ENGLISH), ("missing",))
    assert [f.number for f in report.findings] == ["702.26b"]


def test_a_whole_translation_misses_every_rule_it_lacks():
    from kb.crosscheck.document import crosscheck_documents

    whole = [n for n in ENGLISH if n not in ("100.1a", "702.27a")]
    report = crosscheck_documents(_doc("ja", whole), _doc("en", ENGLISH), ("missing",))
    assert [f.number for f in report.findings] == ["100.1a", "702.27a"]


def test_limit_bounds_the_findings_of_each_class_and_keeps_the_counts(tmp_path):
    from tests.conftest import ROOT

    mini = ROOT / "tests" / "data" / "mini" / "MiniRules_20260807.txt"
    text = mini.read_text(encoding="utf-8")
    gone = ["100.2.", "100.3.", "100.4."]  # three rules the "translation" lacks
    translation = tmp_path / "mini_ja.txt"
    translation.write_text(
        "\n".join(line for line in text.splitlines() if not line.startswith(tuple(gone))), encoding="utf-8"
    )
    db = str(tmp_path / "t.db")
    runner = CliRunner()
    assert runner.invoke(cli, ["--db", db, "import", "--no-progress", str(mini)]).exit_code == 0
    assert runner.invoke(cli, ["--db", db, "import", "--no-progress", "--lang", "ja", str(translation)]).exit_code == 0
    args = ["--db", db, "crosscheck", "--document", "ja", "--kind", "missing"]

    data = json.loads(runner.invoke(cli, [*args, "--json", "--limit", "2"]).output)
    assert data["counts"]["missing"] == 3
    assert [f["number"] for f in data["findings"]] == ["100.2", "100.3"]
    text_report = runner.invoke(cli, [*args, "--limit", "1"]).output
    assert "100.2 is not in the translation" in text_report and "100.3 is not" not in text_report
    assert runner.invoke(cli, [*args, "--limit", "1", "--all"]).exit_code == 2
