"""`cite` over the whole corpus: one span per number, and citations read in their own language's documents.

"Regel 702.23a" cites the German translation, numbered as an English edition of 2009–2010,
where 702.23a is Phasing (today's 702.26a); today's 702.23a is Rampage. Through the Python
API, the command line and HTTP alike.
"""

import json

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from kb.cli import cli
from kb.http.app import create_app
from tests.history_fixtures import history_db_path, open_history_db

ISSUE = "see CR 702.26b and rule 704.5n; Regel 702.23a; rule 506.4 参照"
GERMAN = "000_a3c90cc092d5a721"


@pytest.fixture(scope="module")
def kb():
    yield from open_history_db()


def test_four_citations_with_four_spans(kb):
    found = kb.cite(ISSUE)
    assert [(c.start, c.end, c.raw, c.target) for c in found] == [
        (7, 14, "702.26b", "702.26b"),
        (24, 30, "704.5n", "704.5n"),
        (38, 45, "702.23a", "702.23a"),
        (52, 57, "506.4", "506.4"),
    ]
    assert all(ISSUE[c.start : c.end] == c.raw for c in found)
    assert {json.dumps(c.citation) for c in found} == {json.dumps({"start": 4, "end": 57, "raw": ISSUE[4:57]})}
    assert [c.languages for c in found] == [[], [], ["de"], ["ja"]]


def test_a_german_citation_is_read_in_the_german_document(kb):
    german = kb.cite(ISSUE)[2]
    assert german.status == "resolved" and german.resolved_target == "702.26a"
    assert german.rules[0].number == "702.26a" and german.rules[0].text.startswith("Phasing is a static ability")
    assert german.rules[0].text == kb.rule("702.26a", lang="en").text
    [reading] = german.readings
    assert reading["lang"] == "de" and reading["documents"] == [GERMAN]
    assert reading["pivots"] == ["2009-10-01", "2010-02-01", "2010-04-23", "2010-06-18", "2010-07-16"]
    assert (reading["target"], reading["edition"]) == ("702.26a", "2026-08-07")
    assert "German" in german.note and "702.26a" in german.note
    # the same number with an English word is today's 702.23a, Rampage
    english = kb.cite("rule 702.23a")[0]
    assert english.readings == [] and english.rules[0].text.startswith("Rampage is a triggered ability")


def test_a_german_citation_in_an_older_edition_and_in_german(kb):
    then = kb.cite("Regel 702.23a", edition="2010-07-16")[0]
    assert (then.resolved_target, then.edition) == ("702.23a", "2010-07-16")
    assert then.rules[0].text.startswith("Phasing is a static ability")
    own = kb.cite("Regel 702.23a", lang="de")[0]
    assert own.lang == "de" and own.rules[0].text.startswith("Instabilität ist eine statische Fähigkeit")
    assert own.resolved_target == "702.26a"


def test_a_german_range_is_read_in_the_german_documents(kb):
    for text in ("Regeln 702.23a bis c", "Regeln 702.23a–c"):
        [found] = kb.cite(text)
        assert (found.target, found.resolved_target, found.status) == ("702.23a–c", "702.26a–c", "resolved")
        assert [r.number for r in found.rules] == ["702.26a", "702.26b", "702.26c"]
        assert found.rules[0].text.startswith("Phasing is a static ability")
        [reading] = found.readings
        assert (reading["lang"], reading["documents"], reading["target"]) == ("de", [GERMAN], "702.26a–c")
        assert "702.26a–c in 2026-08-07" in found.note
    own = kb.cite("Regeln 702.23a–c", lang="de")[0]
    assert [r.number for r in own.rules] == ["702.23a", "702.23b", "702.23c"] and own.lang == "de"
    assert own.rules[0].text.startswith("Instabilität ist eine statische Fähigkeit")
    english = kb.cite("rules 702.23a–c")[0]  # an English word: today's numbers, Rampage
    assert english.readings == [] and english.rules[0].text.startswith("Rampage is a triggered ability")


def test_an_ambiguous_citation_lists_its_readings(kb):
    # 509.4a of the Chinese translation of 2023-11-17 is today's 509.2a; in the newer ones it is 509.4a
    found = kb.cite("規則509.4a")[0]
    assert found.status == "ambiguous" and found.note.startswith("ambiguous")
    readings = {(r["lang"], tuple(r["documents"])): r["target"] for r in found.readings}
    assert readings[("zh", ("MagicCompRules_20231117_zh-CN_HeliumOctahelide",))] == "509.2a"
    assert readings[("zh", ("MagicCompRules_20260417_zh-CN_HeliumOctahelide",))] == "509.4a"
    assert readings[("ja", ("CompRules_ja_20260116.0_lines",))] == "509.4a"
    assert found.resolved_target == "509.4a"  # the newest documents' reading is shown


def test_the_mcp_cite_counts_an_ambiguous_citation_apart(kb):
    from kb.mcp.payloads import cite_payload

    found = cite_payload(kb.cite("規則509.4a; rule 702.26b; rule 999.1"))
    assert [c["status"] for c in found["citations"]] == ["ambiguous", "resolved", "not found"]
    assert (found["resolved"], found["ambiguous"], found["unresolved"]) == (1, 1, 1)
    only_old = kb.cite("规则509.5a")[0]  # only the 2023 translation still has it
    assert (only_old.status, only_old.resolved_target) == ("resolved", "509.3a")


def test_a_language_without_documents_or_without_the_number(kb):
    french = kb.cite("règle 702.23a")[0]
    assert french.languages == ["fr"] and french.readings == []
    assert french.resolved_target == "702.23a" and "no French documents" in french.note
    today = kb.cite("Regel 702.99")[0]  # not in the German excerpt: today's 702.99, and said so
    assert today.status == "resolved" and today.rules[0].number == "702.99"
    assert "no German document has 702.99: read with the numbers of 2026-08-07" in today.note
    missing = kb.cite("Regel 702.99z")[0]
    assert missing.status == "not found" and "no German document has 702.99z" in missing.note


def test_cite_on_the_command_line():
    runner = CliRunner()
    result = runner.invoke(cli, ["--db", str(history_db_path()), "cite", "--json", ISSUE])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [(c["start"], c["end"]) for c in data] == [(7, 14), (24, 30), (38, 45), (52, 57)]
    assert data[2]["resolved_target"] == "702.26a" and data[2]["readings"][0]["documents"] == [GERMAN]
    text = runner.invoke(cli, ["--db", str(history_db_path()), "cite", "Regel 702.23a"])
    assert text.exit_code == 0 and "'702.23a' -> 702.23a -> 702.26a" in text.output
    ambiguous = runner.invoke(cli, ["--db", str(history_db_path()), "cite", "規則509.4a"])
    assert ambiguous.exit_code == 0 and "(ambiguous)" in ambiguous.output
    missing = runner.invoke(cli, ["--db", str(history_db_path()), "cite", "rule 999.9"])
    assert missing.exit_code == 1


def test_cite_over_http(kb):
    client = TestClient(create_app(history_db_path()))
    answer = client.post("/cite", json={"text": ISSUE})
    assert answer.status_code == 200
    assert answer.json() == [c.to_dict() for c in kb.cite(ISSUE)]


def test_a_german_citation_of_a_rule_that_is_gone(kb):
    # the German 702.23j (phased-out tokens cease to exist) was removed in 2017-08-25
    gone = kb.cite("Regel 702.23j")[0]
    assert gone.status == "not found" and gone.rules == []
    assert gone.readings[0]["target"] is None and "removed in 2017-08-25" in gone.note
    own = kb.cite("Regel 702.23j", lang="de")[0]
    assert own.status == "resolved" and own.rules[0].text.startswith("Destabilisierte Spielsteine")
    assert own.resolved_target is None and "removed in 2017-08-25" in own.note
