"""mtgkb backlog through click's CliRunner: text, JSON, CSV, HTML and PO output, the PO import,
exit codes; and that the command costs nothing until it runs."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys

from click.testing import CliRunner

from kb.cli import cli
from tests.conftest import ROOT
from tests.corpus.test_backlog_db import backlog_db_path, copy_db


def run(*args, code=0, db=None):
    result = CliRunner().invoke(cli, ["--db", str(db or backlog_db_path()), *args])
    assert result.exit_code == code, result.output
    return result


def test_text_has_the_summary_and_the_word_diffs():
    text = run("backlog", "ja@2026-01-16", "--section", "107").output
    lines = text.splitlines()
    assert lines[0].startswith("CompRules_ja_20260116.0_lines (ja, 2026-01-16) -> English 2026-08-07")
    assert "made from MagicCompRules_20260116 (same edition)" in lines[0]
    assert lines[2].split() == ["section", "edited"] and lines[3].split() == ["1", "1"]
    assert "edited                 107.3e" in text
    assert "uses the value of X [-chosen or defined for-] the other object." in text
    assert "uses the value of X {+used by+} the other object." in text
    assert "    = 呪文や能力が" in text


def test_text_marks_machine_updates():
    text = run("backlog", "ja@2026-01-16", "--section", "727").output
    assert "renumbered             726.6 -> 727.6" in text
    assert "> マジックのサブゲーム(rule 729 参照)" in text and "(machine-updated)" in text


def test_json_lists_items_and_summary():
    data = json.loads(run("backlog", "zh@2023-11-17", "--to", "2026-04-17", "--section", "500", "--json").output)
    assert data["english_new"]["edition"] == "2026-04-17" and data["section"] == "500"
    assert data["summary"] == {"5": {"added": 3, "renumbered and edited": 2, "split": 4, "renumbered": 1}}
    moved = next(i for i in data["items"] if i["number"] == "500.11")
    assert (moved["old_number"], moved["kind"], moved["machine_updated"]) == ("500.10", "renumbered", True)
    assert moved["proposed"] == moved["translation"]


def test_csv_and_html_files(tmp_path):
    table = tmp_path / "backlog.csv"
    result = run("backlog", "ja@2026-01-16", "--csv", str(table))
    assert f"CSV file: {table}" in result.output
    rows = list(csv.DictReader(io.StringIO(table.read_text(encoding="utf-8"))))
    assert sum(1 for r in rows if r["kind"] == "added") == 66
    row = next(r for r in rows if r["number"] == "727.6")
    assert (row["old_number"], row["machine_updated"]) == ("726.6", "True")
    page = tmp_path / "backlog.html"
    run("backlog", "ja@2026-01-16", "--section", "107", "--html", str(page))
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "<del>chosen or defined for</del>" in html
    assert "<ins>used by</ins>" in html


def test_po_export_and_import(tmp_path):
    db = copy_db(tmp_path)
    po = tmp_path / "ja-new.po"
    result = run("backlog", "ja@2026-01-16", "--po", str(po), db=db)
    assert f"PO file: {po}" in result.output and po.read_bytes().count(b"\nmsgctxt ") > 5000
    imported = json.loads(run("import", str(po), "--lang", "ja", "--json", db=db).output)
    assert [(r["name"], r["status"], r["lang"], r["edition"], r["format"]) for r in imported] == [
        ("ja-new", "added", "ja", "2026-08-07", "po")
    ]
    shown = json.loads(run("show", "727.6", "--lang", "ja", "--json", db=db).output)
    assert shown["document"] == "ja-new" and "rule 729 参照" in shown["ruleText"]


def test_bad_input_and_unknown_names_exit_non_zero(tmp_path):
    result = run("backlog", "fr@2026-01-16", code=2)  # an unknown language is bad input
    assert "no documents in language 'fr'" in result.output
    data = json.loads(run("backlog", "ja@2025-01-01", "--json", code=1).output)
    assert "2026-01-16" in data["suggestions"]
    assert "older" in run("backlog", "ja@2026-01-16", "--to", "2023-11-17", code=2).output
    assert "one of" in run("backlog", "ja@2026-01-16", "--json", "--csv", str(tmp_path / "x.csv"), code=2).output
    assert (
        "whole document"
        in run("backlog", "ja@2026-01-16", "--section", "7", "--po", str(tmp_path / "x.po"), code=2).output
    )
    assert not (tmp_path / "x.po").exists()


def test_the_command_line_does_not_load_the_backlog_until_it_runs():
    code = "import sys, kb.cli.app; print(sorted(m for m in sys.modules if m.startswith('kb.backlog')))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
