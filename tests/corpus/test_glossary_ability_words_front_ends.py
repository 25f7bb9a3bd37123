"""Every front end answers an ability word of rule 207.2c as one: `mtgkb glossary` (text and --json),
`GET /glossary/{term}` and the MCP glossary tool, for each word today's English 207.2c lists (read from the
rule text here) and for a Japanese one as the Japanese 207.2c lists it; a word that is neither an entry nor
an ability word is still not found.

The database is the MCP tests' (three English editions with 2026-08-07 the newest, the Japanese translation
of 2026-01-16 with its glossary, the seeds).
"""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from mcp import Client

from kb.api import KnowledgeBase
from kb.cli import cli
from kb.http.app import create_app
from kb.mcp.server import build_server
from tests.conftest import corpus_path
from tests.corpus.test_mcp import mcp_db_path, talk

# The sentence of the English 207.2c that says what an ability word is.
NO_MEANING = "they have no special rules meaning"


@pytest.fixture(scope="module")
def kb():
    opened = KnowledgeBase.open(mcp_db_path(), readonly=True)
    yield opened
    opened.close()


@pytest.fixture(scope="module")
def english_words(kb) -> list[str]:
    """The ability words the newest English 207.2c lists, from its text: "The ability words are a, b, and c."."""
    text = kb.rule("207.2c", lang="en").text
    words = re.split(r", (?:and )?", re.search(r"The ability words are (.+?)\.?$", text)[1])
    assert len(words) == 61
    return words


@pytest.fixture(scope="module")
def plain_words(kb, english_words) -> list[str]:
    """The ability words without a glossary entry of their own name (Imprint and Threshold have one)."""
    return [word for word in english_words if not kb.glossary(word, lang="en").entries]


@pytest.fixture(scope="module")
def japanese_landfall(kb) -> tuple[str, str]:
    """Landfall's name and the sentence before the list, as the Japanese 207.2c writes them."""
    text = kb.rule("207.2c", lang="ja").text
    name = re.search(r"「([^(「」]+)\([^)]*\)／Landfall」", text)[1]
    sentence = re.search(r"。(能力語は[^。]*ルール上の意味を持たず[^。]*。)", text)[1]
    return name, sentence


def glossary(*args: str):
    return CliRunner().invoke(cli, ["--db", str(mcp_db_path()), "glossary", *args])


def test_the_ability_words_without_an_entry_are_most_of_them(plain_words):
    assert len(plain_words) >= 55  # Imprint and Threshold, once keywords, keep their own entries


def test_the_cli_answers_each_ability_word_as_one(plain_words):
    for word in plain_words:
        shown = glossary(word)
        assert shown.exit_code == 0, (word, shown.output)
        lines = shown.stdout.splitlines()
        assert lines[0] == word and "no rules meaning" in lines[1] and "(rule 207.2c)" in lines[1], word
        assert lines[-1].startswith("207.2c Ability words are") and NO_MEANING in lines[-1], word
        found = json.loads(glossary(word, "--json").stdout)
        assert found["entries"] == [] and found["did_you_mean"] is None and found["ability_word"] == "207.2c"
        listed = found["listing"]
        assert (listed["word"], listed["lang"], listed["rule"]) == (word, "en", "207.2c")
        assert NO_MEANING in listed["sentence"] and not listed["sentence"].startswith("The ability words")


def test_http_answers_each_ability_word_as_one(plain_words):
    client = TestClient(create_app(mcp_db_path()))
    for word in plain_words:
        response = client.get(f"/glossary/{word}")
        assert response.status_code == 200, (word, response.text)
        body = response.json()
        assert body["entries"] == [] and body["ability_word"] == "207.2c" and body["listing"]["word"] == word
        assert NO_MEANING in body["listing"]["sentence"]
    assert client.get("/glossary/zzzznotaterm").status_code == 404


def test_mcp_answers_each_ability_word_as_one(plain_words):
    server = build_server(KnowledgeBase.open(mcp_db_path(), readonly=True))

    async def ask_each(client: Client):
        return [await client.call_tool("glossary", {"term": word}) for word in plain_words]

    try:
        answers = talk(server, ask_each)
    finally:
        server.close()
    for word, answer in zip(plain_words, answers, strict=True):
        assert not answer.is_error, (word, answer.content[0].text)
        found = answer.structured_content
        assert found["entries"] == [] and found["abilityWord"]["word"] == word and found["abilityWord"]["lang"] == "en"
        assert NO_MEANING in found["abilityWord"]["sentence"]


def test_a_japanese_ability_word_in_its_own_script(japanese_landfall):
    name, sentence = japanese_landfall
    shown = glossary(name, "--lang", "ja")
    assert shown.exit_code == 0, shown.output
    lines = shown.stdout.splitlines()
    assert lines[0] == f"{name} / Landfall" and "(rule 207.2c)" in lines[1] and lines[-1] == f"207.2c {sentence}"
    found = json.loads(glossary(name, "--lang", "ja", "--json").stdout)["listing"]
    assert (found["word"], found["english"], found["lang"], found["sentence"]) == (name, "Landfall", "ja", sentence)
    client = TestClient(create_app(mcp_db_path()))
    body = client.get(f"/glossary/{name}", params={"lang": "ja"}).json()
    assert body["listing"]["english"] == "Landfall" and body["listing"]["lang"] == "ja"
    academy = client.get(f"/cr/glossary/{name}", params={"lang": "ja"}).json()  # Academy Ruins' shape, in Japanese
    assert (
        academy["term"] == name
        and academy["lang"] == "ja"
        and academy["definition"].endswith(f"{sentence} See rule 207.2c.")
    )
    server = build_server(KnowledgeBase.open(mcp_db_path(), readonly=True))
    try:
        answer = talk(server, lambda client: client.call_tool("glossary", {"term": name, "lang": "ja"}))
    finally:
        server.close()
    assert answer.structured_content["abilityWord"]["sentence"] == sentence


def test_the_english_name_finds_the_japanese_listing_when_asked_in_japanese(japanese_landfall):
    found = json.loads(glossary("landfall", "--lang", "ja", "--json").stdout)["listing"]
    assert (found["word"], found["lang"]) == (japanese_landfall[0], "ja")


def test_a_word_that_is_neither_keeps_its_answer():
    missing = glossary("zzqqxv", "--json")
    assert missing.exit_code == 1 and json.loads(missing.stdout)["error"] == "no glossary entry for 'zzqqxv'"
    near = json.loads(glossary("deaftouch", "--json").stdout)  # a near spelling of an entry still finds it
    assert near["entries"][0]["term"] == "Deathtouch" and near["listing"] is None


def test_a_chinese_list_of_names_is_paired_with_the_same_editions_english_one(tmp_path):
    """The Chinese 207.2c lists names only, in the English order: 地落 is landfall where the lists are as long."""
    kb = KnowledgeBase.open(tmp_path / "zh.db")
    try:
        kb.import_paths(
            [
                corpus_path("en", "full", "MagicCompRules_20260417.txt"),
                corpus_path("zh", "MagicCompRules_20260417_zh-CN_HeliumOctahelide.txt"),
            ],
            keep_going=False,
        )
        text = kb.rule("207.2c", lang="zh").text
        names = re.split(r"、|，以及", re.search(r"异能提示包括(.+?)。", text)[1])
        english = re.split(r", (?:and )?", re.search(r"The ability words are (.+?)\.?$", kb.rule("207.2c").text)[1])
        assert len(names) == len(english)
        for name, word in zip(names, english, strict=True):
            result = kb.glossary(name, lang="zh")
            if not result.entries:
                assert (result.listing.word, result.listing.english, result.listing.lang) == (name, word, "zh")
        landfall = kb.glossary(names[english.index("landfall")])
        assert landfall.listing and "没有特殊的规则含义" in landfall.listing.sentence
    finally:
        kb.close()
