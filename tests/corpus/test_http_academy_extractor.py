"""mtgkb's /cr against what Academy Ruins serves for the same rule text.

Academy Ruins builds its answers with one extractor (lunakv/academyruins-api, src/extractor/cr/extract_cr.py
at f81bf2c0, functions extract, extract_toc, split_keywords, split_ability_words) over the CR text it
stored (src/extractor/cr/refresh_cr.py: BOM removed, line endings LF). Its repository has no tests of its
own; this reproduces that extractor's reading (in our words) over the newest English CR of the corpus and
compares every rule, the glossary, the keywords and the contents with mtgkb's answers. The differences
allowed are the ones docs/bots.md names: mtgkb keeps every example (the extractor keeps three) and an
example after a blank line, drops the spaces the published text leaves at the end of a line, and keeps
the glossary entry whose name holds a dot ("Team vs. Team Variant"), and takes no "Credits" entry.
"""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from kb.http.app import create_app
from tests.conftest import corpus_path
from tests.http_fixtures import http_db

# Where the published text ends a line in spaces, or an example follows a blank line, or a rule has a
# fourth example (613.6, 707.3, 800.4a): mtgkb's answer is the better one (docs/bots.md).
MORE_EXAMPLES = {"613.6", "707.3", "800.4a"}
EXAMPLE_AFTER_BLANK_LINE = {"701.67b"}
DOTTED_GLOSSARY_NAMES = {"team vs. team variant"}
NOT_GLOSSARY = {"credits"}  # the extractor reads the "Credits" heading and its first paragraph as an entry


def academy_extract(text: str) -> tuple[dict[str, dict], dict[str, dict], dict[str, list[str]], list[dict]]:
    """(rules, glossary, keywords, contents) as Academy Ruins' extractor reads ``text``."""
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    contents = academy_contents(text)
    body = text[text.find("Glossary") :]  # its first "Glossary" is the contents' line
    body = re.sub(r"\n\s{4,}(\w)", r" \1", body)  # a wrapped line joins the one before
    sections = re.findall(r"^\d{3}\..*?(?=^\d{3}\. |Glossary)", body, re.M | re.S)
    rule_line = re.compile(
        r"^(\d{3}\.[^\s.]{1,4})[\s.]*(.*)" + r"(?:\nExample: (.*))?" * 4,
        re.M,
    )
    rules: dict[str, dict] = {}
    keywords: dict[str, list[str]] = {"keywordAbilities": [], "keywordActions": [], "abilityWords": []}
    for section in sections:
        for number, rule_text, *examples in rule_line.findall(section):
            kept = [e for e in examples[:3] if e]  # the fourth group is read, not kept
            rules[number] = {"ruleText": rule_text, "examples": kept or None}
            if re.fullmatch(r"702.(?:[2-9]|\d\d+)", number):
                keywords["keywordAbilities"] += rule_text.split(" and ")
            elif re.fullmatch(r"701.(?:[2-9]|\d\d+)", number):
                keywords["keywordActions"] += rule_text.split(" and ")
            elif number == "207.2c":
                listed = re.findall(r"The ability words are (.*)", rule_text.rstrip(". "))[0]
                keywords["abilityWords"] = re.split(r", (?:and )?", listed)
    entries = re.findall(r"^([^.\s\n][^.\n]*)\n((?:.+\n?)+)", body, re.M)[:-1]
    glossary = {
        name.lower(): {"term": name, "definition": re.sub(r"\n$", "", definition)} for name, definition in entries
    }
    return rules, glossary, keywords, contents


def academy_contents(text: str) -> list[dict]:
    """extract_toc: the numbered lines between "Contents" and "Glossary"; one or two digits a section."""
    start = re.search(r"^Contents", text, re.M)
    end = re.search(r"^Glossary", text, re.M)
    assert start and end
    found: list[dict] = []
    for number, title in re.findall(r"^(\d+)\. (.*)", text[start.end() : end.start()], re.M):
        if len(number) < 3:
            found.append({"number": int(number), "title": title, "subsections": []})
        else:
            found[-1]["subsections"].append({"number": int(number), "title": title})
    return found


@pytest.fixture(scope="module")
def academy():
    return academy_extract(corpus_path("en", "full", "MagicCompRules_20260807.txt").read_text(encoding="utf-8-sig"))


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with TestClient(create_app(http_db(tmp_path_factory))) as client:
        yield client


def test_every_rule_as_academy_ruins_has_it(client, academy):
    theirs = academy[0]
    ours = client.get("/cr").json()
    assert list(ours) == list(theirs)  # the same numbers in the same order
    order = list(theirs)
    for index, number in enumerate(order):
        mine, their = ours[number], theirs[number]
        assert mine["ruleText"] == their["ruleText"].rstrip(), number
        assert mine["fragment"] == number.partition(".")[2]
        assert mine["navigation"] == {
            "previousRule": order[index - 1] if index else None,
            "nextRule": order[index + 1] if index + 1 < len(order) else None,
        }
        examples = [e.rstrip() for e in their["examples"] or []] or None
        if number in MORE_EXAMPLES:
            assert mine["examples"][:3] == examples and len(mine["examples"]) == 4
        elif number in EXAMPLE_AFTER_BLANK_LINE:
            assert examples is None and len(mine["examples"]) == 1
        else:
            assert mine["examples"] == examples, number


def test_the_glossary_as_academy_ruins_has_it(client, academy):
    theirs = academy[1]
    ours = client.get("/cr/glossary").json()
    assert set(theirs) - set(ours) == NOT_GLOSSARY
    assert set(ours) - set(theirs) == DOTTED_GLOSSARY_NAMES
    for key, entry in theirs.items():
        if key in NOT_GLOSSARY:
            continue
        definition = "\n".join(line.rstrip() for line in entry["definition"].split("\n"))
        assert ours[key] == {"term": entry["term"], "definition": definition}, key


def test_keywords_and_contents_as_academy_ruins_has_them(client, academy):
    assert client.get("/cr/keywords").json() == academy[2]
    assert client.get("/cr/toc").json() == academy[3]


def test_each_rule_and_its_examples_as_academy_ruins_answers(client, academy):
    theirs = academy[0]
    for number in ("100.1", "100.1a", "702.3", "702.26b", "613.6", "104.3a"):
        answer = client.get(f"/cr/{number}").json()
        assert answer["ruleNumber"] == number and answer["ruleText"] == theirs[number]["ruleText"].rstrip()
        examples = client.get(f"/cr/example/{number}").json()
        assert examples["ruleNumber"] == number
        assert (examples["examples"] or [])[:3] == [e.rstrip() for e in theirs[number]["examples"] or []]
