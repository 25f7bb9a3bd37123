"""No trace crashes, for any rule of any edition, and the chain's answers agree with each other.

Over the whole corpus (every English edition since 1999, with the stored chain): a few
thousand rules sampled across all 135 editions are traced forwards and backwards; every step
names a rule that its edition really has; where nothing split or merged on the way, tracing the
end back returns to the start; and the whole-chain reach (kb.history.reach) agrees with the
traces it stands for.
"""

import json
import random
from collections import defaultdict

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from kb.cli import cli
from kb.history import chain_documents, trace, trace_rules
from kb.history.reach import chain_reach
from kb.http.app import create_app
from tests.history_fixtures import history_db_path, open_history_db

PER_EDITION = 25  # 135 editions: 3,375 rules, each traced both ways
# Rules of a rule and its subrule merged into one rule: asking for both crashed the trace.
CRASHED = [("502.15", "2005-10-01", "702.26"), ("410.8", "1999-04-23", None)]


@pytest.fixture(scope="module")
def kb():
    yield from open_history_db()


@pytest.fixture(scope="module")
def chain(kb):
    found = chain_documents(kb.store)
    assert len(found) == 135, [c.name for c in found]
    return found


@pytest.fixture(scope="module")
def known(kb):
    """(document id, number) of every stored rule."""
    return {(row[0], row[1]) for row in kb.conn.execute("select document_id, number from rules")}


def sample(kb, doc, rng) -> list[str]:
    numbers = sorted({row[0] for row in kb.conn.execute("select number from rules where document_id = ?", [doc.id])})
    return rng.sample(numbers, min(PER_EDITION, len(numbers)))


def clean(result) -> bool:
    """Nothing split off or merged in on the way, and the rule is still there at the end."""
    if any(step.change in ("split", "merged") or step.note for step in result.steps):
        return False
    last = result.last
    return last.number is not None and last.change not in ("added", "removed")


@pytest.mark.parametrize("number, edition, today", CRASHED)
def test_the_traces_that_crashed(kb, number, edition, today):
    result = trace(kb.store, number, edition)
    assert result.steps[0].number == number and result.steps[0].edition == edition
    assert len(result.subrules) >= 2
    if today:
        assert result.last.number == today and result.last.edition == "2026-08-07"
        assert {s.number for s in result.steps} >= {"502.15", "702.23", "702.24", "702.25", "702.26"}
        assert {sub.last.number for sub in result.subrules} >= {"702.26a"}
    else:
        assert result.end == "removed in 2009-07-11"


def test_the_traces_that_crashed_answer_over_cli_and_http():
    runner = CliRunner()
    result = runner.invoke(
        cli, ["--db", str(history_db_path()), "trace", "502.15", "--edition", "2005-10-01", "--json"]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["steps"][-1]["number"] == "702.26"
    client = TestClient(create_app(history_db_path()))
    answer = client.get("/trace/410.8", params={"edition": "1999-04-23"})
    assert answer.status_code == 200, answer.text
    assert answer.json()["end"] == "removed in 2009-07-11"


def test_a_sample_of_every_edition_traced_both_ways(kb, chain, known):
    rng = random.Random(20261201)
    by_name = {c.name: c for c in chain}
    positions = {c.name: k for k, c in enumerate(chain)}
    traced = round_trips = sampled = 0
    for doc in chain:
        numbers = sample(kb, doc, rng)
        sampled += len(numbers)
        for back in (False, True):
            results = trace_rules(kb.store, numbers, doc.name, back=back)
            traced += len(results)
            ends = defaultdict(list)
            for number, result in zip(numbers, results):
                assert result.steps[0].number == number and result.steps[0].document == doc.name
                walked = [positions[s.document] for s in result.steps]
                step = -1 if back else 1
                assert walked == list(range(walked[0], walked[0] + step * len(walked), step)), result
                for s in result.steps:
                    if s.number is not None:
                        assert (by_name[s.document].id, s.number) in known, (number, doc.edition, s)
                if not back and result.last.change != "removed":
                    assert result.last.document == chain[-1].name, result
                if clean(result) and result.last.document != doc.name:
                    ends[result.last.document].append((result.last.number, number))
            for there, pairs in ends.items():
                again = trace_rules(kb.store, [p[0] for p in pairs], there, to=doc.name)
                for (_, start), result in zip(pairs, again):
                    round_trips += 1
                    assert (result.last.document, result.last.number) == (doc.name, start), result
    assert sampled > 3000 and traced == 2 * sampled
    assert round_trips > traced * 0.4  # most sampled rules went somewhere and came back


def test_reach_agrees_with_the_traces(kb, chain):
    reach = {r.document: r for r in chain_reach(kb.store)}
    assert [r.edition for r in chain_reach(kb.store)] == [c.edition for c in chain]
    for doc in chain[::17]:
        numbers = [
            row[0]
            for row in kb.conn.execute(
                "select number from rules where document_id = ? group by number having count(*) = 1", [doc.id]
            )
        ]
        results = trace_rules(kb.store, numbers, doc.name)
        alive = sum(1 for r in results if r.last.document == chain[-1].name and r.last.number)
        duplicates = reach[doc.name].rules - len(numbers)
        assert alive <= reach[doc.name].reach <= alive + duplicates, doc.name


def test_the_chain_holds_across_the_2009_restructuring(kb):
    reach = chain_reach(kb.store)
    eras = {
        "1999-2004": ("1999", "2005"),
        "2005-2009": ("2005", "2009-06"),
        "2009-2014": ("2009-06", "2015"),
        "2015-2020": ("2015", "2021"),
        "2021-": ("2021", "9999"),
    }
    fractions = {}
    for era, (first, last) in eras.items():
        editions = [r for r in reach if first <= r.edition < last]
        assert editions, era
        fractions[era] = sum(r.reach for r in editions) / sum(r.rules for r in editions)
    # Most of what the keyword chapter 502 held in 2009-05-01 still exists: it moved to 702.
    before = next(r for r in reach if r.edition == "2009-05-01")
    assert before.fraction > 0.8, before
    assert reach[-1].fraction == 1.0
    assert fractions["1999-2004"] < fractions["2005-2009"] < fractions["2009-2014"] < fractions["2021-"]
    assert fractions["2009-2014"] > 0.9 and fractions["2005-2009"] > 0.75 and fractions["1999-2004"] > 0.6
