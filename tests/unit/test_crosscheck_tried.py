"""`mtgkb crosscheck --document` as a reviewer meets it from an installed package (docs/crosscheck.md)."""

from __future__ import annotations

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
