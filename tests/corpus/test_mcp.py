"""The MCP server through the SDK's own client, in memory: tools, resources, the prompt, errors.

One database of real corpus files (three English editions, the Japanese translation of
2026-01-16 with its glossary, and the bundled seeds) is built once per session.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
from functools import lru_cache
from pathlib import Path

import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError
from mcp.types import INVALID_PARAMS, PromptReference, ResourceTemplateReference

from kb.api import KnowledgeBase
from kb.i18n import using_language
from kb.mcp.backend import SLOW_AT_ONCE
from kb.mcp.server import build_server
from tests.conftest import ROOT, corpus_path, import_seeds
from tests.shared_databases import shared_database
from tests.waiting import DEADLINE

EDITIONS = ("20100716", "20260116", "20260807")
TOOLS = {"rule", "rules", "search", "cite", "check", "trace", "diff", "crosscheck", "glossary", "term", "editions"}
TOOLS |= {"card"}


@lru_cache(maxsize=1)
def mcp_db_path() -> Path:
    """The test database, built on first use."""
    return shared_database("mcp", _build)


def _build(path: Path) -> None:
    kb = KnowledgeBase.open(path)
    try:
        files = [corpus_path("en", "full", f"MagicCompRules_{date}.txt") for date in EDITIONS]
        files += [
            corpus_path("ja", "CompRules_ja_20260116.0_lines.txt"),
            corpus_path("ja", "CompRules_ja_20260116.0_dict.txt"),
        ]
        results = kb.import_paths(files, keep_going=False)
        assert [r.status for r in results] == ["added"] * len(files)
        import_seeds(kb)  # the seeds (German 702.23, Japanese 702.26 of 2023-11-17, Russian page) and the scenarios
        kb.import_cards(ROOT / "tests" / "data" / "cards" / "mtgjson-set-TSP-sample.json")
    finally:
        kb.close()


@pytest.fixture(scope="module")
def kb():
    opened = KnowledgeBase.open(mcp_db_path(), readonly=True)
    yield opened
    opened.close()


@pytest.fixture(scope="module")
def server():
    built = build_server(KnowledgeBase.open(mcp_db_path(), readonly=True))
    yield built
    built.close()


def talk(server, scenario, **client_options):
    """Run ``scenario(client)`` against ``server`` with a fresh in-memory client; its result."""

    async def run():
        async with Client(server, **client_options) as client:
            return await scenario(client)

    return asyncio.run(run())


def failure(server, scenario) -> MCPError:
    """The protocol error that ``scenario(client)`` meets (caught inside the client's session)."""

    async def expect_error(client):
        try:
            await scenario(client)
        except MCPError as error:
            return error
        raise AssertionError("no MCP error")

    return talk(server, expect_error)


def call(server, tool: str, **arguments):
    """One tool call: the CallToolResult."""
    return talk(server, lambda client: client.call_tool(tool, arguments))


def data(server, tool: str, **arguments) -> dict:
    """One successful tool call: its structured content."""
    result = call(server, tool, **arguments)
    assert not result.is_error, result.content[0].text
    assert json.loads(result.content[0].text) == result.structured_content  # the text block is the same JSON
    return result.structured_content


# ---- tools: the list and their schemas -----------------------------------------------------------


def test_every_tool_is_listed_with_described_inputs(server):
    listed = talk(server, lambda client: client.list_tools()).tools
    assert {tool.name for tool in listed} == TOOLS
    for tool in listed:
        assert tool.description and tool.annotations.read_only_hint, tool.name
        assert "\n    " not in tool.description, tool.name  # the docstring without the code's indentation
        properties = tool.input_schema["properties"]
        assert properties, tool.name
        assert all(spec.get("description") for spec in properties.values()), tool.name
    by_name = {tool.name: tool for tool in listed}
    assert by_name["rule"].input_schema["required"] == ["number"]
    assert set(by_name["check"].input_schema["required"]) == {"text", "since"}
    assert by_name["search"].input_schema["properties"]["limit"]["maximum"] == 50


# ---- rule and rules --------------------------------------------------------------------------------


def test_rule_is_stamped_with_its_document_and_edition(server):
    rule = data(server, "rule", number="702.26b", subrules=False)
    assert rule["ruleText"].startswith("If a permanent phases out, its status changes to “phased out.”")
    assert (rule["edition"], rule["document"], rule["lang"]) == ("2026-08-07", "MagicCompRules_20260807", "en")
    assert rule["citation"] == "CR 702.26b (2026-08-07)"
    assert rule["uri"] == "mtgkb://en/2026-08-07/702.26b" and rule["anchor"] == "#R70226b"
    assert len(rule["examples"]) == 2 and rule["examples"][1].startswith("You control a phased-out creature.")
    assert rule["navigation"] == {"previousRule": "702.26a", "nextRule": "702.26c", "parentRule": "702.26"}
    assert rule["cites"] == ["506.4"]
    assert "subrules" not in rule


def test_rule_with_its_subrules_and_their_examples(server, kb):
    rule = data(server, "rule", number="702.26")
    assert rule["title"] == "Phasing"
    expected = [r.number for r in kb.rules("702.26") if r.number != "702.26"]
    assert [s["ruleNumber"] for s in rule["subrules"]] == expected
    assert expected[0] == "702.26a" and expected[-1] == "702.26p" and len(expected) == 14
    second = rule["subrules"][1]
    assert second["citation"] == "CR 702.26b (2026-08-07)" and len(second["examples"]) == 2
    assert rule["subrulesPage"] == {"total": 14, "offset": 0, "limit": 20, "nextOffset": None}


def test_rule_in_another_language_and_edition(server):
    ja = data(server, "rule", number="702.26b", lang="ja", subrules=False)
    assert ja["ruleText"].startswith("パーマネントがフェイズ・アウトすると")
    assert (ja["edition"], ja["document"]) == ("2026-01-16", "CompRules_ja_20260116.0_lines")
    assert ja["citation"] == "CR 702.26b (2026-01-16, ja)" and ja["uri"] == "mtgkb://ja/2026-01-16/702.26b"
    old = data(server, "rule", number="702.23", edition="2010-07-16", subrules=False)
    assert (old["title"], old["edition"]) == ("Phasing", "2010-07-16")


def test_an_undated_translation_names_its_inferred_edition_and_english_rule(server):
    de = data(server, "rule", number="702.23", lang="de", subrules=False)
    assert de["edition"] is None and de["document"] == "000_a3c90cc092d5a721"
    assert de["inferredEdition"]["last"] == "2010-07-16"
    assert de["english"]["title"] == "Phasing" and de["english"]["edition"] == "2010-07-16"
    assert de["citation"] == "CR 702.23 (000_a3c90cc092d5a721, undated, de)"


def test_an_unknown_rule_is_a_tool_error_naming_the_nearest_numbers(server):
    result = call(server, "rule", number="702.26q")
    assert result.is_error
    assert result.structured_content["error"] == "rule 702.26q not found"
    assert {"702.26n", "702.26p"} <= set(result.structured_content["suggestions"])
    assert result.content[0].text.startswith("rule 702.26q not found; nearest: ")
    assert "702.26p" in result.content[0].text


def test_an_unknown_edition_names_the_editions_there_are(server):
    result = call(server, "rule", number="702.26b", edition="1998-01-01")  # before every edition held
    assert result.is_error
    assert "1998-01-01" in result.content[0].text and "the first is of 2010-07-16" in result.content[0].text
    assert {"2010-07-16", "2026-01-16"} <= set(result.structured_content["suggestions"])
    between = data(server, "rule", number="702.23a", edition="2020-01-01", subrules=False)
    assert between["edition"] == "2010-07-16" and between["inForce"] == {"date": "2020-01-01", "edition": "2010-07-16"}


def test_a_number_of_another_edition_names_the_rule_there(server):
    result = call(server, "rule", number="702.26k", lang="en", edition="2010-07-16")
    assert result.is_error and "702.23i" in result.content[0].text
    counterpart = result.structured_content["counterparts"][0]
    assert (counterpart["number"], counterpart["edition"]) == ("702.23i", "2010-07-16")
    assert (counterpart["of"]["number"], counterpart["of"]["edition"]) == ("702.26k", "2026-08-07")
    assert result.structured_content["suggestions"][0] == "702.23i"


def test_bad_input_is_a_tool_error(server):
    not_a_number = call(server, "rule", number="702.26b' OR '1'='1")
    assert not_a_number.is_error and "is not a rule number" in not_a_number.content[0].text
    empty = call(server, "rule", number="")
    assert empty.is_error and "number" in empty.content[0].text  # rejected by the input schema
    too_many = call(server, "search", query="phasing", limit=500)
    assert too_many.is_error and "limit" in too_many.content[0].text


def test_rules_of_a_range_in_document_order(server):
    found = data(server, "rules", reference="702.26a-d")
    assert [r["ruleNumber"] for r in found["rules"]] == ["702.26a", "702.26b", "702.26c", "702.26d"]
    assert (found["edition"], found["document"], found["page"]["total"], found["page"]["nextOffset"]) == (
        "2026-08-07",
        "MagicCompRules_20260807",
        4,
        None,
    )
    assert found["rules"][3]["ruleText"].startswith("The phasing event doesn’t actually cause a permanent")


# ---- answers sized for an agent -------------------------------------------------------------------


def test_answers_are_compact_json(server):
    result = call(server, "rule", number="702.26b")
    text = result.content[0].text
    assert text == json.dumps(result.structured_content, ensure_ascii=False, separators=(",", ":"))
    assert "\n" not in text and len(text) < 4000
    resource = talk(server, lambda client: client.read_resource("mtgkb://en/latest/702.26b")).contents[0].text
    assert "\n" not in resource and json.loads(resource)["ruleNumber"] == "702.26b"


def test_other_versions_come_as_runs_unless_asked(server, kb):
    old = kb.rule("702.23a", edition="2010-07-16")
    english = [v for v in old.other_versions if v["lang"] == "en"]
    assert [(v["number"], v["edition"]) for v in english] == [("702.26a", "2026-08-07"), ("702.26a", "2026-01-16")]
    rule = data(server, "rule", number="702.23a", edition="2010-07-16")
    assert "otherVersions" not in rule and rule["otherVersionCount"] == len(old.other_versions)
    runs = [(r["lang"], r["number"], r["newest"], r["oldest"], r["editions"]) for r in rule["versionRuns"]]
    assert runs[0] == ("en", "702.26a", "2026-08-07", "2026-01-16", 2)
    assert sum(r["editions"] for r in rule["versionRuns"]) == len(old.other_versions)
    every = data(server, "rule", number="702.23a", edition="2010-07-16", versions=True)
    assert every["otherVersions"] == old.other_versions and "versionRuns" not in every


def test_lists_come_in_pages(server, kb):
    expected = [r.number for r in kb.rules("702.26") if r.number != "702.26"]
    first = data(server, "rule", number="702.26", limit=5)
    assert [s["ruleNumber"] for s in first["subrules"]] == expected[:5]
    assert first["subrulesPage"] == {"total": 14, "offset": 0, "limit": 5, "nextOffset": 5}
    last = data(server, "rule", number="702.26", offset=10, limit=5)
    assert [s["ruleNumber"] for s in last["subrules"]] == expected[10:]
    assert last["subrulesPage"]["nextOffset"] is None
    ranged = data(server, "rules", reference="702.26a-p", offset=2, limit=3)
    assert [r["ruleNumber"] for r in ranged["rules"]] == expected[2:5] and ranged["page"]["total"] == 14
    best = data(server, "search", query="phased out", limit=4)
    second = data(server, "search", query="phased out", offset=2, limit=2)
    assert [r["number"] for r in second["results"]] == [r["number"] for r in best["results"][2:4]]
    cited = data(server, "cite", text="rules 702.26a, 702.26b, 702.26c and 613.6", limit=2, offset=2)
    assert [c["target"] for c in cited["citations"]] == ["702.26c", "613.6"]
    assert cited["page"]["total"] == 4 and cited["resolved"] == 4
    editions = data(server, "editions", limit=2)
    assert len(editions["documents"]) == 2 and editions["page"]["total"] == len(kb.documents())
    too_big = call(server, "rule", number="702.26", limit=100_000)
    assert too_big.is_error and "limit" in too_big.content[0].text


def test_a_trace_lists_the_changes_unless_asked_for_every_edition(server, kb):
    def unchanged(old, new):
        return {r.old_number for r in kb.diff(old, new).rules if r.change == "unchanged"}

    number = sorted(unchanged("2010-07-16", "2026-01-16") & unchanged("2026-01-16", "2026-08-07"))[0]
    every = data(server, "trace", number=number, edition="2010-07-16", subrules=False, every_edition=True)
    assert every["editions"] == 3 and [s["change"] for s in every["steps"]] == [None, "unchanged", "unchanged"]
    changes = data(server, "trace", number=number, edition="2010-07-16", subrules=False)
    assert [s["edition"] for s in changes["steps"]] == ["2010-07-16", "2026-08-07"] and changes["editions"] == 3
    moved = data(server, "trace", number="702.23b", edition="2010-07-16", subrules=False)
    assert [(s["number"], s["change"]) for s in moved["steps"][:2]] == [
        ("702.23b", None),
        ("702.26b", "renumbered and edited"),
    ]


def test_check_answers_the_fixed_text_only_when_asked(server):
    text = "Phasing is rule 702.23 and 702.23b; tokens: rule 702.23j."
    found = data(server, "check", text=text, since="2010-07-16", limit=1, offset=1)
    assert "fixedText" not in found and found["page"]["total"] == 3
    assert [c["target"] for c in found["citations"]] == ["702.23b"]
    assert found["changes"] == [
        {"start": text.index("702.23b"), "end": text.index("702.23b") + 7, "old": "702.23b", "new": "702.26b"}
    ]


def test_cite_and_check_refuse_what_the_http_api_refuses(server):
    many = " ".join([f"rule 702.26{letter}." for letter in "abcdefghijkmnp"] * 72)  # 1,008 citations
    for tool, extra in (("cite", {}), ("check", {"since": "2010-07-16"})):
        result = call(server, tool, text=many, **extra)
        assert result.is_error, tool
        assert result.content[0].text == "the text cites 1008 rules; at most 1000 are answered per request"
    wide = "フ" * 400_000  # 400,000 characters, 1,200,000 bytes: over the HTTP API's body limit
    result = call(server, "cite", text=wide)
    assert result.is_error
    assert result.content[0].text == "the text is 1200000 bytes; at most 1048576 bytes are read"


def test_a_call_the_client_abandons_stops_its_work(kb):
    """The client's timeout sends a cancellation; the query under way is aborted, not finished for nobody."""
    built = build_server(KnowledgeBase.open(mcp_db_path(), readonly=True))
    outcomes: list[str] = []
    endless = (
        "with recursive c(x) as (select 1 union all select x + 1 from c where x < 100000000) select count(*) from c"
    )

    def count_forever(kb) -> dict:
        try:
            kb.conn.execute(endless).fetchone()
            outcomes.append("finished")
        except sqlite3.OperationalError as error:
            outcomes.append(str(error))
        return {}

    async def slow() -> dict:
        return await built.backend.call(count_forever)

    built.add_tool(slow, name="slow")

    async def scenario(client):
        with pytest.raises(MCPError):
            await client.call_tool("slow", {}, read_timeout_seconds=0.5)
        return await client.call_tool("rule", {"number": "702.26b", "subrules": False})

    try:
        after = talk(built, scenario)
    finally:
        built.close()
    assert outcomes == ["interrupted"]
    assert after.structured_content["ruleText"] == kb.rule("702.26b").text


# ---- search, cite, check ----------------------------------------------------------------------------


def test_search_results_name_each_version_with_its_edition(server):
    found = data(server, "search", query="phased out token", limit=3)
    assert len(found["results"]) == 3
    best = found["results"][0]
    assert best["number"] == "702.26d"
    english = next(v for v in best["versions"] if v["lang"] == "en")
    assert english["edition"] == "2026-08-07" and english["citation"] == "CR 702.26d (2026-08-07)"
    assert english["uri"] == "mtgkb://en/2026-08-07/702.26d"
    assert "Tokens continue to exist" in english["snippet"]["text"]
    japanese = data(server, "search", query="フェイズ・アウト", lang="ja", limit=5)
    assert japanese["results"] and all(v["lang"] == "ja" for r in japanese["results"] for v in r["versions"])


def test_search_with_nothing_to_search_for_is_a_tool_error(server):
    result = call(server, "search", query="   ")
    assert result.is_error and "empty" in result.content[0].text


def test_cite_gives_every_citation_with_its_span_rule_and_edition(server, kb):
    text = "See CR 702.26b and ex 2 613.6. Nonsense: rule 999.1."
    found = data(server, "cite", text=text)
    by_target = {c["target"]: c for c in found["citations"]}
    assert set(by_target) == {"702.26b", "613.6", "999.1"}
    assert (found["resolved"], found["unresolved"]) == (2, 1)
    for citation in found["citations"]:
        assert text[citation["start"] : citation["end"]] == citation["raw"]
    phasing = by_target["702.26b"]
    assert (
        phasing["raw"] == "702.26b"
        and phasing["citation"]["raw"] == "CR 702.26b"
        and phasing["status"] == "resolved"
        and phasing["edition"] == "2026-08-07"
    )
    assert phasing["rules"][0]["text"] == kb.rule("702.26b").text
    assert phasing["rules"][0]["citation"] == "CR 702.26b (2026-08-07)"
    example = by_target["613.6"]
    assert example["example"] == 2 and example["example_text"] == kb.rule("613.6").examples[1]
    missing = by_target["999.1"]
    assert missing["status"] == "not found" and "nearest" in missing["note"]


def test_cite_resolves_against_an_older_edition(server):
    found = data(server, "cite", text="Regel 702.23a", edition="2010-07-16")
    citation = found["citations"][0]
    assert citation["edition"] == "2010-07-16"
    assert citation["rules"][0]["text"].startswith("Phasing is a static ability")


def test_check_moved_gone_and_the_fixed_text(server):
    text = "Phasing is rule 702.23 and 702.23b; tokens: rule 702.23j."
    found = data(server, "check", text=text, since="2010-07-16", fix=True)
    assert (found["since"], found["until"]) == ("2010-07-16", "2026-08-07")
    statuses = {c["target"]: (c["status"], c["new_target"]) for c in found["citations"]}
    assert statuses == {
        "702.23": ("moved", "702.26"),
        "702.23b": ("moved and changed", "702.26b"),
        "702.23j": ("gone", None),
    }
    assert found["counts"] == {"moved": 1, "moved and changed": 1, "gone": 1}
    assert found["fixedText"] == "Phasing is rule 702.26 and 702.26b; tokens: rule 702.23j."
    assert [c["old"] for c in found["changes"]] == ["702.23", "702.23b"]


def test_check_a_changed_text_and_a_title_that_no_longer_fits(server):
    summary = data(server, "diff", old="2026-01-16", new="2026-08-07", section="702", limit=1000)
    edited = next(r for r in summary["changed"] if r["change"] == "edited" and r["oldNumber"] == r["newNumber"])
    changed = data(
        server, "check", text=f"See rule {edited['newNumber']}.", since="2026-01-16", until="2026-08-07", fix=True
    )
    citation = changed["citations"][0]
    assert citation["status"] == "changed" and citation["changes"]
    assert changed["fixedText"] == f"See rule {edited['newNumber']}."  # nothing moved, nothing fixed
    titled = data(server, "check", text='See rule 702.22, "Phasing."', since="2010-07-16", until="2010-07-16")
    assert titled["citations"][0]["status"] == "title mismatch"
    assert "Flanking" in titled["citations"][0]["note"]


def test_check_a_rule_moved_and_changed(server):
    found = data(server, "check", text="rule 702.23d", since="2010-07-16")
    [citation] = found["citations"]
    assert (citation["status"], citation["new_target"]) == ("moved and changed", "702.26d")
    assert {
        "op": "insert",
        "old": "",
        "new": "Tokens continue to exist on the battlefield while phased out .",
    } in citation["changes"]
    assert found["changes"] == [{"start": 5, "end": 12, "old": "702.23d", "new": "702.26d"}]


def test_check_against_an_edition_that_is_not_there(server):
    result = call(server, "check", text="rule 702.26b", since="1990-01-01")
    assert result.is_error and "1990-01-01" in result.content[0].text
    assert "2010-07-16" in result.structured_content["suggestions"]


# ---- history ----------------------------------------------------------------------------------------


def test_trace_follows_the_renumbering(server):
    found = data(server, "trace", number="702.23", edition="2010-07-16", subrules=False)
    assert [(s["edition"], s["number"]) for s in found["steps"]] == [
        ("2010-07-16", "702.23"),
        ("2026-01-16", "702.26"),
        ("2026-08-07", "702.26"),
    ]
    assert found["end"] == "702.26 in 2026-08-07" and found["subrules"] == []
    back = data(server, "trace", number="702.26b", back=True, subrules=False)
    assert back["direction"] == "back" and back["number"] == "702.26b" and back["edition"] == "2026-08-07"
    oldest = back["steps"][-1]
    assert (oldest["edition"], oldest["document"], oldest["number"]) == (
        "2010-07-16",
        "MagicCompRules_20100716",
        "702.23b",
    )


def test_trace_errors(server):
    both = call(server, "trace", number="702.26", to="2010-07-16", back=True)
    assert both.is_error and "not both" in both.content[0].text
    missing = call(server, "trace", number="702.23q", edition="2010-07-16")
    assert missing.is_error and "702.23m" in missing.structured_content["suggestions"]


def test_diff_summarises_two_editions(server, kb):
    found = data(server, "diff", old="2026-01-16", new="2026-08-07", section="702")
    full = kb.diff("2026-01-16", "2026-08-07", section="702")
    assert found["old"] == {"document": "MagicCompRules_20260116", "lang": "en", "edition": "2026-01-16"}
    assert found["new"]["edition"] == "2026-08-07" and found["section"] == "702"
    assert found["summary"] == full.summary and found["summary"]["edited"] > 0
    expected = [(r.change, r.old_number, r.new_number) for r in full.changed()]
    listed = [(r["change"], r["oldNumber"], r["newNumber"]) for r in found["changed"]]
    assert listed == expected[:100] and found["page"]["total"] == len(expected)
    assert "oldText" not in found["changed"][0]
    with_texts = data(server, "diff", old="2026-01-16", new="2026-08-07", section="702.26", texts=True)
    assert all("newText" in r for r in with_texts["changed"])


# ---- crosscheck, glossary, terms, editions ------------------------------------------------------


def test_crosscheck_two_sides(server):
    found = data(server, "crosscheck", a="de:702.23", b="en@2010-07-16:702.23")
    assert (found["a"]["lang"], found["a"]["document"]) == ("de", "000_a3c90cc092d5a721")
    assert (found["b"]["edition"], found["b"]["title"]) == ("2010-07-16", "Phasing")
    numbers = [(row["a"] or {}).get("number") for row in found["rows"]]
    assert "702.23a" in numbers and "702.23m" in numbers
    bad = call(server, "crosscheck", a="nonsense", b="ja:702.26")
    assert bad.is_error and "nonsense" in bad.content[0].text


def test_glossary_in_any_language(server):
    ja = data(server, "glossary", term="フェイズ・アウト")
    entry = ja["entries"][0]
    assert (entry["lang"], entry["edition"], entry["english"]) == ("ja", "2026-01-16", "Phased In/Phased Out")
    assert "702.26" in entry["rules"]
    en = data(server, "glossary", term="Phasing", lang="en")
    assert en["entries"][0]["edition"] == "2026-08-07" and "702.26" in en["entries"][0]["rules"]
    missing = call(server, "glossary", term="qqqzzzxx")
    assert missing.is_error and "qqqzzzxx" in missing.content[0].text


def test_term_in_every_language(server):
    found = data(server, "term", query="phasing")
    names = {(n["lang"], n["name"]) for e in found["entries"] for n in e["names"]}
    assert {("de", "Instabilität"), ("ja", "フェイジング")} <= names
    missing = call(server, "term", query="qqqzzzxx")
    assert missing.is_error and missing.structured_content["error"] == "no term 'qqqzzzxx'"


def test_editions_tool(server):
    found = data(server, "editions")
    assert found["newest"]["en"] == "2026-08-07" and found["newest"]["ja"] == "2026-01-16"
    undated = next(d for d in found["documents"] if d["document"] == "000_a3c90cc092d5a721")
    assert undated["edition"] is None and undated["inferred"] == {"first": "2010-07-16", "last": "2010-07-16"}


# ---- resources -------------------------------------------------------------------------------------


def _read(server, uri: str) -> dict:
    result = talk(server, lambda client: client.read_resource(uri))
    content = result.contents[0]
    assert content.mime_type == "application/json" and str(content.uri) == uri
    return json.loads(content.text)


def test_rule_resources_through_the_template(server):
    templates = talk(server, lambda client: client.list_resource_templates()).resource_templates
    assert [t.uri_template for t in templates] == ["mtgkb://{lang}/{edition}/{number}"]
    rule = _read(server, "mtgkb://en/2026-08-07/702.26b")
    assert rule["ruleText"] == data(server, "rule", number="702.26b")["ruleText"]
    assert rule["edition"] == "2026-08-07" and "subrules" not in rule
    latest = _read(server, "mtgkb://ja/latest/702.26b")
    assert latest["edition"] == "2026-01-16" and latest["ruleText"].startswith("パーマネントがフェイズ・アウトすると")


def test_a_uri_from_an_answer_reads_back_the_same_rule(server):
    for arguments in (
        {"number": "702.23", "lang": "de"},
        {"number": "702.23b", "edition": "2010-07-16"},
        {"number": "702.26b", "lang": "ja", "edition": "2023-11-17"},
    ):
        answered = data(server, "rule", subrules=False, **arguments)
        again = _read(server, answered["uri"])
        assert (again["ruleText"], again["document"]) == (answered["ruleText"], answered["document"])


def test_a_missing_rule_resource_is_invalid_params_with_the_nearest_numbers(server):
    error = failure(server, lambda client: client.read_resource("mtgkb://en/2026-08-07/702.26q"))
    assert error.code == INVALID_PARAMS
    assert "702.26p" in error.data["suggestions"] and "nearest" in error.message
    assert error.data["counterparts"] == []  # 702.26q is nowhere
    renumbered = failure(server, lambda client: client.read_resource("mtgkb://en/2010-07-16/702.26k"))
    assert [c["number"] for c in renumbered.data["counterparts"]] == ["702.23i"]


def test_the_editions_resource(server):
    listed = talk(server, lambda client: client.list_resources()).resources
    assert [str(r.uri) for r in listed] == ["mtgkb://editions"]
    editions = _read(server, "mtgkb://editions")
    assert editions["newest"]["en"] == "2026-08-07"
    assert {d["document"] for d in editions["documents"]} >= {
        "MagicCompRules_20100716",
        "MagicCompRules_20260807",
        "CompRules_ja_20260116.0_lines",
        "001_b91ea460c0a74603",
    }


def test_completions_of_the_template_arguments(server, kb):
    ref = ResourceTemplateReference(type="ref/resource", uri="mtgkb://{lang}/{edition}/{number}")

    def complete(name, value, **context):
        return talk(server, lambda client: client.complete(ref, {"name": name, "value": value}, context)).completion

    assert complete("lang", "").values == ["de", "en", "ja"]
    assert complete("edition", "", lang="ja").values == ["latest", "2026-01-16", "2023-11-17"]
    assert complete("edition", "20", lang="en").values == ["2026-08-07", "2026-01-16", "2010-07-16"]
    family = complete("number", "702.26", lang="en", edition="latest").values
    assert family == ["702.26", *(c.number for c in kb.rule("702.26").children)]
    assert complete("number", "702.23", lang="en", edition="2010-07-16").values[-1] == "702.23m"
    assert "702.26p" in complete("number", "702.26q", lang="en").values
    prompt = PromptReference(type="ref/prompt", name="answer_rules_question")
    found = talk(server, lambda client: client.complete(prompt, {"name": "edition", "value": "2026"})).completion
    assert found.values == ["2026-08-07", "2026-01-16"]


# ---- the prompt ------------------------------------------------------------------------------------


def test_the_prompt_asks_for_validated_citations_with_the_edition(server):
    prompts = talk(server, lambda client: client.list_prompts()).prompts
    assert [p.name for p in prompts] == ["answer_rules_question"]
    assert [(a.name, a.required) for a in prompts[0].arguments] == [
        ("question", True),
        ("edition", False),
        ("lang", False),
    ]
    question = "Does a phased-out token stop existing?"
    result = talk(server, lambda client: client.get_prompt("answer_rules_question", {"question": question}))
    text = result.messages[0].content.text
    assert result.messages[0].role == "user"
    assert "Edition: 2026-08-07." in text and text.endswith(f"Question: {question}")
    assert "`cite`" in text and "`search`" in text and "CR 702.26b (2026-08-07)" in text
    older = talk(
        server,
        lambda client: client.get_prompt(
            "answer_rules_question", {"question": question, "edition": "20100716", "lang": "de"}
        ),
    )
    assert "Edition: 2010-07-16. Rule texts in: de." in older.messages[0].content.text


def test_the_prompt_rejects_an_edition_that_is_not_there(server):
    error = failure(
        server, lambda client: client.get_prompt("answer_rules_question", {"question": "?", "edition": "1998-01-01"})
    )
    assert error.code == INVALID_PARAMS and "2010-07-16" in error.data["suggestions"]


def test_the_prompt_without_its_question_is_invalid_params(server):
    for arguments in ({}, {"edition": "2026-08-07"}, {"question": ""}):
        error = failure(server, lambda client, given=arguments: client.get_prompt("answer_rules_question", given))
        assert error.code == INVALID_PARAMS
        assert error.message == "the prompt answer_rules_question needs the argument question"
    unknown = failure(server, lambda client: client.get_prompt("no_such_prompt", {"question": "?"}))
    assert unknown.code == INVALID_PARAMS and unknown.data["suggestions"] == ["answer_rules_question"]


# ---- schemas and the one error shape ----------------------------------------------------------------


def test_every_tool_has_the_schema_of_its_answer(server):
    listed = {tool.name: tool for tool in talk(server, lambda client: client.list_tools()).tools}
    assert "errors.pydantic.dev" not in json.dumps([t.model_dump(mode="json") for t in listed.values()])
    calls = {
        "rule": {"number": "702.26"},
        "rules": {"reference": "702.26a-d"},
        "search": {"query": "phased out"},
        "cite": {"text": "rule 702.26b"},
        "check": {"text": "rule 702.23b", "since": "2010-07-16"},
        "trace": {"number": "702.23", "edition": "2010-07-16"},
        "diff": {"old": "2026-01-16", "new": "2026-08-07", "section": "702.26"},
        "crosscheck": {"a": "de:702.23", "b": "en@2010-07-16:702.23"},
        "glossary": {"term": "Phasing"},
        "term": {"query": "phasing"},
        "editions": {},
        "card": {"name": "Greater Gargadon"},
    }
    assert set(calls) == TOOLS
    for name, arguments in calls.items():
        schema = listed[name].output_schema
        assert schema["type"] == "object" and len(schema["properties"]) >= 3, name
        answer = data(server, name, **arguments)
        assert set(schema["required"]) <= set(answer), name
        assert set(answer) <= set(schema["properties"]), name  # every field the answer has is described
    rule = listed["rule"].output_schema["properties"]
    assert {"ruleNumber", "ruleText", "citation", "versionRuns", "subrulesPage"} <= set(rule)


def test_every_failure_has_one_shape(server):
    shape = {"error", "suggestions", "counterparts"}
    too_big = call(server, "rule", number="702.26", limit=5000)
    assert too_big.is_error and set(too_big.structured_content) == shape
    assert too_big.content[0].text == "invalid argument limit: Input should be less than or equal to 1000"
    missing = call(server, "rule")
    assert missing.content[0].text == "invalid argument number: Field required"
    unknown = call(server, "rulez", number="702.26b")
    assert unknown.is_error and unknown.structured_content["suggestions"][0] == "rule"
    assert unknown.content[0].text.startswith("no tool 'rulez'; nearest: rule")
    not_found = call(server, "rule", number="702.26q")
    assert set(not_found.structured_content) == shape


def test_cite_in_an_edition_or_language_that_is_not_there_is_an_error(server):
    edition = call(server, "cite", text="rule 702.26b", edition="1998-01-01")  # before every edition held
    assert edition.is_error and "1998-01-01" in edition.content[0].text
    assert "2010-07-16" in edition.structured_content["suggestions"]
    language = call(server, "cite", text="rule 702.26b", lang="xx")
    assert language.is_error and language.structured_content["error"] == "no documents in language 'xx'"


def test_rules_are_english_whatever_the_interface_language(server):
    with using_language("ja"):
        rule = data(server, "rule", number="702.26b", subrules=False)
        cited = data(server, "cite", text="rule 702.26b")
        japanese = data(server, "rule", number="702.26b", lang="ja", subrules=False)
        missing = call(server, "rule", number="702.26q")
    assert rule["lang"] == "en" and cited["citations"][0]["rules"][0]["lang"] == "en"
    assert japanese["lang"] == "ja"
    assert missing.content[0].text.startswith("ルール 702.26q が見つかりません")


# ---- protocol, concurrency and language -------------------------------------------------------------


def test_the_json_rpc_handshake_path(server):
    async def scenario(client):
        assert client.server_info.name == "mtgkb"
        return await client.call_tool("rule", {"number": "702.26b", "subrules": False})

    result = talk(server, scenario, mode="legacy")
    assert not result.is_error and result.structured_content["edition"] == "2026-08-07"


def test_concurrent_calls_each_get_their_own_answer(server, kb):
    numbers = [f"702.26{letter}" for letter in "abcdefghijkmnp"]

    async def scenario(client):
        return await asyncio.gather(*(client.call_tool("rule", {"number": n, "subrules": False}) for n in numbers))

    results = talk(server, scenario)
    assert [r.structured_content["ruleText"] for r in results] == [kb.rule(n).text for n in numbers]


def test_lookups_and_long_calls_at_once_each_get_their_answer(server, kb):
    """Rule lookups, a resource and a whole section sent together with a diff: each its own answer."""
    numbers = ["702.26b", "613.6", "100.1", "704.5m"]

    async def scenario(client):
        long = [
            client.call_tool("diff", {"old": "2010-07-16", "new": "2026-08-07", "limit": 5}),
            client.call_tool("rule", {"number": "7"}),
        ]
        quick = [client.call_tool("rule", {"number": n, "subrules": False}) for n in numbers]
        quick.append(client.read_resource("mtgkb://ja/latest/702.26b"))
        return await asyncio.gather(*long, *quick)

    diff, section, *rules, resource = talk(server, scenario)
    assert diff.structured_content["summary"] == kb.diff("2010-07-16", "2026-08-07").summary
    assert len(section.structured_content["subrules"]) == 20
    assert section.structured_content["subrulesPage"]["total"] == len(kb.rules("7")) - 1
    assert [r.structured_content["ruleText"] for r in rules] == [kb.rule(n).text for n in numbers]
    assert json.loads(resource.contents[0].text)["ruleText"] == kb.rule("702.26b", lang="ja").text


def test_a_long_call_does_not_hold_the_others(kb):
    """While slow calls hold their threads, a rule lookup is answered; with one worker for every call it
    waited behind them (and here, for ever: the slow calls are released only after it)."""
    built = build_server(KnowledgeBase.open(mcp_db_path(), readonly=True))
    release = threading.Event()
    started: list[int] = []

    def held(kb) -> dict:
        started.append(1)
        return {"released": release.wait(timeout=60)}

    async def slow() -> dict:
        return await built.backend.call(held, slow=True)

    built.add_tool(slow, name="slow")

    async def scenario(client):
        waiting = [asyncio.ensure_future(client.call_tool("slow", {})) for _ in range(3)]
        async with asyncio.timeout(DEADLINE):  # a slow call that never starts fails, not hangs
            while len(started) < SLOW_AT_ONCE:
                await asyncio.sleep(0.01)
        rule = await client.call_tool("rule", {"number": "702.26b", "subrules": False})
        running = len(started)  # the other slow calls wait for their turn, without a thread
        release.set()
        return rule, running, await asyncio.gather(*waiting)

    try:
        rule, running, slow_results = talk(built, scenario)
    finally:
        built.close()
    assert rule.structured_content["ruleText"] == kb.rule("702.26b").text
    assert running == SLOW_AT_ONCE and len(started) == 3
    assert [json.loads(r.content[0].text) for r in slow_results] == [{"released": True}] * 3


def test_errors_in_the_interface_language(server):
    with using_language("de"):
        result = call(server, "rule", number="702.26q")
    assert result.is_error and result.content[0].text.startswith("Regel 702.26q nicht gefunden; am nächsten: ")
