"""A card file that holds no card is refused, and the cards held stay: stored, MTGJSON's
{"meta": ..., "data": {}} replaced the 102 cards held by none, silently (exit 0)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.api import KnowledgeBase
from kb.cli.app import cli
from kb.importers.records import SourceError
from tests.conftest import ROOT

REAL_CARDS = ROOT / "tests" / "data" / "cards" / "scryfall-2019-named-in-real-questions.json"


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "cards.db"
    kb = KnowledgeBase.open(path)
    kb.import_cards(REAL_CARDS)
    kb.close()
    return path


@pytest.mark.parametrize(
    "content",
    [
        {"meta": {"version": "5.2.2"}, "data": {}},  # AtomicCards with no card
        {"meta": {}, "data": {"Some Token": [{"name": "Some Token", "setCode": "TST"}]}},  # a set file's token only
    ],
)
def test_a_card_file_with_no_card_is_refused_and_the_cards_stay(db, tmp_path, content):
    empty = tmp_path / "AtomicCards.json"
    empty.write_text(json.dumps(content), encoding="utf-8")
    kb = KnowledgeBase.open(db)
    with pytest.raises(SourceError, match="holds no card"):
        kb.import_cards(empty)
    assert kb.card("Platinum Angel").name == "Platinum Angel"
    kb.close()
    shown = CliRunner().invoke(cli, ["--db", str(db), "import", str(empty)])
    assert shown.exit_code == 2 and "AtomicCards.json" in shown.output and "holds no card" in shown.output
    assert CliRunner().invoke(cli, ["--db", str(db), "card", "Platinum Angel"]).exit_code == 0
