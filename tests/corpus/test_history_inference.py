"""Edition inference for undated documents, tested on excerpts cut from dated editions (1999–2026)
and stripped of their dates, in English and as mock translations, and on the two undated seeds."""

import random
import re
import sqlite3

import pytest

from kb import store
from kb.api import KnowledgeBase, LookupFailed
from kb.history import chain_documents, infer_edition, stored_inference
from kb.history.text import normalise
from kb.importers.records import Document, Rule, TermPair
from tests.history_fixtures import history_db_path

SAMPLED = (0, 14, 29, 30, 31, 45, 60, 75, 90, 105, 120, 134)  # chain positions across 1999–2026


@pytest.fixture(scope="module")
def history_db(tmp_path_factory):
    """A copy of the shared corpus database: the tests store excerpts in it for a while, which
    readers of the shared one in other workers must not see."""
    path = tmp_path_factory.mktemp("inference") / "history.db"
    with sqlite3.connect(history_db_path()) as source, sqlite3.connect(path) as target:
        source.backup(target)
    kb = KnowledgeBase.open(path)
    yield kb
    kb.close()


@pytest.fixture
def excerpts(history_db):
    """Store undated documents in the shared database and remove them afterwards."""
    names = []

    def add(name: str, doc: Document) -> str:
        store.store_document(history_db.conn, doc, name=name, source="test", data=name.encode())
        names.append(name)
        return name

    yield add
    for name in names:
        store.delete_document(history_db.conn, name)


def rows(kb, doc_id):
    return kb.conn.execute(
        "select id, number, kind, parent, title, text from rules where document_id = ? order by seq", [doc_id]
    ).fetchall()


def cut(kb, doc_id: int, mode: str, rng: random.Random) -> list[tuple]:
    """A titled rule with its subrules, or a chapter (its first 40 nodes), plus three rules that cite others."""
    found = rows(kb, doc_id)
    if mode == "rule":
        titled = [r for r in found if r[2] == "rule" and r[4] and sum(1 for x in found if x[3] == r[1]) >= 2]
        head = rng.choice(titled)
        picked = [r for r in found if r[1] == head[1] or r[3] == head[1]]
    else:
        chapters = [r for r in found if r[2] == "chapter" and sum(1 for x in found if x[3] == r[1]) >= 3]
        head = rng.choice(chapters)
        picked = [r for r in found if r[1] == head[1] or r[1].startswith(head[1] + ".")][:40]
    citing = sorted(
        {
            r[0]
            for r in kb.conn.execute("select rule_id from refs where document_id = ? and rule_id is not null", [doc_id])
        }
    )
    extra = set(rng.sample(citing, 3))
    return picked + [r for r in found if r[0] in extra and r not in picked]


def english(picked) -> Document:
    return Document(lang="en", format="excerpt", rules=[Rule(r[1], r[5] or "", 0, r[4]) for r in picked])


def translated(picked) -> Document:
    """A mock translation: other words, the same citations ("Regel 704.5d"), titles paired with English."""
    rules, terms = [], []
    for r in picked:
        cited = re.findall(r"\d{3}\.\d+[a-z]?|\d{3}", r[5] or "")
        text = "Lorem ipsum dolor. " + " ".join(f"Siehe Regel {n}." for n in cited)
        title = f"Begriff {r[4][::-1]}" if r[4] else None
        if title:
            terms.append(TermPair(title, r[4], 0))
        rules.append(Rule(r[1], text, 0, title))
    return Document(lang="de", format="excerpt", rules=rules, terms=terms)


def editions_reading(kb, edition: str, picked, *, wording: bool) -> bool:
    """Whether a chain edition of that date has every picked number with the same title (and wording)."""
    for c in chain_documents(kb):
        if c.edition != edition:
            continue
        there = {r[1]: r for r in rows(kb, c.id)}
        if all(
            r[1] in there
            and normalise(there[r[1]][4]) == normalise(r[4])
            and (not wording or normalise(there[r[1]][5]) == normalise(r[5]))
            for r in picked
        ):
            return True
    return False


@pytest.mark.parametrize("position", SAMPLED)
def test_excerpts_of_dated_editions_are_placed_in_their_edition(history_db, excerpts, position):
    chain = chain_documents(history_db)
    truth = chain[position]
    rng = random.Random(truth.name)
    widths = []
    for mode in ("rule", "chapter"):
        picked = cut(history_db, truth.id, mode, rng)
        result = infer_edition(history_db, excerpts(f"excerpt_{position}_{mode}", english(picked)), save=False)
        assert truth.edition in result.editions, (mode, picked[0][1], result.evidence)
        # no wider than the wording allows: every edition of the range reads exactly as the excerpt
        assert all(editions_reading(history_db, e, picked, wording=True) for e in result.editions)
        assert (result.first, result.last) == (result.editions[0], result.editions[-1])
        widths.append(len(result.editions))
    picked = cut(history_db, truth.id, "rule", rng)
    result = infer_edition(history_db, excerpts(f"excerpt_{position}_de", translated(picked)), save=False)
    assert truth.edition in result.editions, (picked[0][1], result.evidence)
    assert all(editions_reading(history_db, e, picked, wording=False) for e in result.editions)
    assert len(result.editions) < len(chain) // 2


def test_the_german_seed_is_placed_where_702_23_was_phasing_with_subrules_a_to_m(history_db):
    result = infer_edition(history_db, "000_a3c90cc092d5a721", save=False)
    assert "2009-07-11" <= result.first <= result.last <= "2011-05-01"
    for edition in result.editions:
        phasing = history_db.rules("702.23", edition=edition)
        assert phasing[0].title == "Phasing"
        assert [r.number[6:] for r in phasing[1:]] == list("abcdefghijkm")
    assert any("Phasing" in line and "Instabilität" in line for line in result.evidence)


def test_the_rules_page_is_placed_where_310_was_phenomena(history_db):
    result = infer_edition(history_db, "004_87f96431dc6e8d24", save=False)
    assert result.editions
    for edition in result.editions:
        assert history_db.rule("310", edition=edition).title == "Phenomena"
        assert history_db.rule("701.22", edition=edition).title == "Planeswalk"
        assert history_db.rule("901", edition=edition).title == "Planechase"


def test_inferences_are_stored_for_undated_documents(history_db):
    for name in ("000_a3c90cc092d5a721", "004_87f96431dc6e8d24"):
        stored = stored_inference(history_db, name)
        assert stored == infer_edition(history_db, name, save=False)
    assert stored_inference(history_db, "MagicCompRules_20260807") is None
    with pytest.raises(LookupFailed):
        infer_edition(history_db, "no_such_document")
