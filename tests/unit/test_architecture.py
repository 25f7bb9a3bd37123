"""The layers' seams: the one document resolver, the error classes, the schema migrations,
the in-memory facade, and every command documented."""

import json
import re
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.cli import cli
from kb.core import errors
from kb.core.editions import normalise_edition
from kb.store import SCHEMA_VERSION, connect, schema_version
from kb.store.documents import resolve
from tests.conftest import MINI, ROOT, commands_of


def doc(id, name, lang, edition, rules=100):
    return {"id": id, "name": name, "lang": lang, "edition": edition, "rules": rules}


DOCS = [
    doc(1, "MagicCompRules_20231117", "en", "2023-11-17", 3000),
    doc(2, "MagicCompRules_20231117_cleaned_HeliumOctahelide", "en", "2023-11-17", 3000),
    doc(3, "MagicCompRules_20260807", "en", "2026-08-07", 3300),
    doc(4, "CompRules_ja_20260116.0_lines", "ja", "2026-01-16", 3200),
    doc(5, "mtgwiki-scripts_cr_7_excerpt_702.26_phasing_20260116.0", "ja", "2026-01-16", 16),
    doc(6, "000_a3c90cc092d5a721", "de", None, 13),
]


@pytest.mark.parametrize("spelling", ["2023-11-17", "20231117", "20231117.0", "2023.11.17"])
def test_every_spelling_of_a_date_names_the_official_file_before_its_variant(spelling):
    assert normalise_edition(spelling) == "2023-11-17"
    assert [d["id"] for d in resolve(DOCS, lang="en", edition=spelling)] == [1, 2]


def test_a_document_name_is_found_in_any_language_and_the_fuller_file_of_a_date_comes_first():
    assert resolve(DOCS, edition="MagicCompRules_20231117_cleaned_HeliumOctahelide")[0]["id"] == 2
    assert [d["id"] for d in resolve(DOCS, lang="ja", edition="2026-01-16")] == [4, 5]
    assert resolve(DOCS, lang="ja-JP")[0]["id"] == 4  # a region subtag names the same language


def test_newest_first_and_the_preferred_language_leads_without_a_language():
    assert [d["id"] for d in resolve(DOCS, lang="en")] == [3, 1, 2]
    ranked = resolve(DOCS, prefer="ja")
    assert ranked[0]["lang"] == "ja" and ranked[2]["lang"] == "en"
    assert resolve(DOCS, prefer="fr")[0]["id"] == 3  # no French documents: English first


def test_unknown_editions_and_languages_are_named_conditions_with_what_exists_nearby():
    with pytest.raises(errors.EditionNotFound) as missing:
        resolve(DOCS, lang="en", edition="2017-09-29")
    assert missing.value.suggestions == ["2023-11-17", "2026-08-07"]
    assert (missing.value.exit_code, missing.value.http_status) == (1, 404)
    with pytest.raises(errors.UnknownLanguage) as unknown:
        resolve(DOCS, lang="xx")
    assert unknown.value.suggestions == ["de", "en", "ja"]
    assert (unknown.value.exit_code, unknown.value.http_status) == (2, 400)
    with pytest.raises(errors.EditionNotFound) as early:
        resolve(DOCS, edition="2020-01-01", default_lang="en")  # before every English edition
    assert "the first is of 2023-11-17" in str(early.value)
    with pytest.raises(errors.NoDatabase):
        resolve([], lang="en")


def test_a_date_between_editions_names_the_edition_in_force_that_day():
    # a Japanese date is no English edition: the English one in force then answers
    assert [d["id"] for d in resolve(DOCS, edition="2026-01-16", default_lang="en")] == [1, 2]
    assert [d["id"] for d in resolve(DOCS, lang="en", edition="2025-12-31")] == [1, 2]
    assert resolve(DOCS, lang="en", edition="2031-01-01")[0]["id"] == 3  # after the newest: the newest
    assert resolve(DOCS, lang="ja", edition="2026-05-01")[0]["id"] == 4


def test_every_condition_carries_the_readme_exit_code_and_an_http_status():
    for cls, code, status in [
        (errors.RuleNotFound, 1, 404),
        (errors.DocumentNotFound, 1, 404),
        (errors.BadRuleNumber, 2, 400),
        (errors.BadInputFile, 2, 400),
        (errors.BadQuery, 2, 400),
        (errors.TooLarge, 2, 413),
        (errors.NoDatabase, 1, 503),
    ]:
        assert (cls.exit_code, cls.http_status) == (code, status), cls
    from kb.core.numbers import RuleNumberError
    from kb.importers.records import SourceError
    from kb.search.parse import QueryError

    assert issubclass(SourceError, errors.BadInputFile) and issubclass(RuleNumberError, errors.BadRuleNumber)
    assert issubclass(QueryError, errors.BadQuery)


def test_an_in_memory_knowledge_base_reads_the_small_document(memory_kb):
    rule = memory_kb.rule("702.26b")
    assert rule.document == "MiniRules_20260807" and rule.edition == "2026-08-07"
    assert rule.examples == ["A creature phases out. It is treated as though it does not exist."]
    assert [c.target for c in rule.cites] == ["100.1a"]
    assert [r.number for r in memory_kb.rules("702.26")] == ["702.26", "702.26a", "702.26b", "702.26c"]
    assert memory_kb.resolve("20260807", lang="en")["name"] == "MiniRules_20260807"
    with pytest.raises(errors.RuleNotFound) as missing:
        memory_kb.rule("702.26d")
    assert missing.value.suggestions == ["702.26a", "702.26b", "702.26c"]
    with pytest.raises(errors.BadRuleNumber):
        memory_kb.rule("foo")
    assert not Path(":memory:").exists()


def test_the_cli_maps_each_condition_to_its_exit_code_and_json(tmp_path):
    db = tmp_path / "mini.db"
    runner = CliRunner()
    assert runner.invoke(cli, ["--db", str(db), "import", str(MINI / "MiniRules_20260807.txt")]).exit_code == 0
    cases = [
        (["show", "702.26d"], 1, "RuleNotFound"),
        (["show", "foo"], 2, "BadRuleNumber"),
        (["show", "702.26b", "--lang", "xx"], 2, "UnknownLanguage"),
        (["show", "702.26b", "--edition", "1999-04-23"], 1, "EditionNotFound"),
        (
            [
                "glossary",
                "",
            ],
            2,
            "BadInput",
        ),
        (["refs", "702.99"], 1, "RuleNotFound"),
    ]
    for args, code, kind in cases:
        result = runner.invoke(cli, ["--db", str(db), *args, "--json"])
        assert result.exit_code == code, (args, result.output)
        assert json.loads(result.output)["kind"] == kind, args
        text = runner.invoke(cli, ["--db", str(db), *args])
        assert text.exit_code == code and "Error: " in text.output and "Traceback" not in text.output


def test_show_by_a_date_between_editions_says_which_edition_was_in_force(tmp_path):
    db = tmp_path / "two.db"
    runner = CliRunner()
    mini = str(MINI / "MiniRules_20260807.txt")
    assert runner.invoke(cli, ["--db", str(db), "import", mini]).exit_code == 0
    copy = tmp_path / "MiniRules_20260116.txt"
    copy.write_bytes(Path(mini).read_bytes().replace(b"August 7, 2026", b"January 16, 2026"))
    older = runner.invoke(cli, ["--db", str(db), "import", str(copy)])
    assert older.exit_code == 0, older.output
    text = runner.invoke(cli, ["--db", str(db), "show", "100.1", "--edition", "2026-05-01"])
    assert text.exit_code == 0 and "(in force on May 1, 2026: the CR of January 16, 2026)" in text.output
    data = json.loads(
        runner.invoke(cli, ["--db", str(db), "show", "100.1", "--edition", "2026-05-01", "--json"]).output
    )
    assert (data["edition"], data["inForce"]) == ("2026-01-16", {"date": "2026-05-01", "edition": "2026-01-16"})
    newest = json.loads(
        runner.invoke(cli, ["--db", str(db), "show", "100.1", "--edition", "2030-01-01", "--json"]).output
    )
    assert (newest["edition"], newest["inForce"]["edition"]) == ("2026-08-07", "2026-08-07")
    exact = json.loads(
        runner.invoke(cli, ["--db", str(db), "show", "100.1", "--edition", "2026-08-07", "--json"]).output
    )
    assert "inForce" not in exact


def test_a_newer_schema_is_refused_and_an_older_one_migrated(tmp_path):
    newer = tmp_path / "newer.db"
    conn = connect(newer)
    assert schema_version(conn) == SCHEMA_VERSION
    conn.execute("update meta set value = '99' where key = 'schema_version'")
    conn.commit()
    conn.close()
    with pytest.raises(errors.DatabaseError, match="schema version 99 is newer"):
        connect(newer)
    older = tmp_path / "older.db"
    conn = sqlite3.connect(older)
    conn.execute("create table documents (id integer primary key, name text)")  # a first-release layout
    conn.commit()
    conn.close()
    migrated = connect(older)
    assert schema_version(migrated) == SCHEMA_VERSION
    tables = {row[0] for row in migrated.execute("select name from sqlite_master where type = 'table'")}
    assert {"pairings", "pairing_runs", "edition_inference", "scenario_results", "meta"} <= tables
    with pytest.raises(errors.DatabaseError, match="not a usable mtgkb database"):
        (tmp_path / "text.db").write_text("this is not a database " * 100)
        connect(tmp_path / "text.db")


def _commands(group, prefix=()):
    for name, command in commands_of(group).items():
        yield (*prefix, name)
        if hasattr(command, "commands"):
            yield from _commands(command, (*prefix, name))


def test_every_command_is_documented_in_readme_or_docs():
    text = (ROOT / "README.md").read_text() + "".join(p.read_text() for p in (ROOT / "docs").glob("*.md"))
    missing = [
        " ".join(path)
        for path in _commands(cli)
        if not re.search(r"mtgkb (?:\[[^\]]*\] )?" + re.escape(" ".join(path)) + r"\b", text)
    ]
    assert not missing, f"commands not documented in README.md or docs/: {missing}"


@pytest.mark.parametrize("text", ["CR 702.26b", "!cr 702.26b", "rule 702.26b", "Regel 702.26b", "702.26b."])
def test_a_rule_number_is_read_in_any_form_the_citation_grammar_reads(memory_kb, text):
    assert memory_kb.rule(text).number == "702.26b"


def test_a_text_citing_more_or_other_things_is_no_rule_number(memory_kb):
    assert [r.number for r in memory_kb.rules("rules 702.26a-c")] == ["702.26a", "702.26b", "702.26c"]
    for text in ("CR 702.26b and 702.26c", "see 702.26b for details", "foo"):
        with pytest.raises(errors.BadRuleNumber):
            memory_kb.rule(text)
    result = CliRunner().invoke(cli, ["--db", ":memory:", "show", "CR 702.26b"])
    assert result.exit_code == 1 and "holds no documents" in result.output  # read as a number, then looked up
