"""Each command through click's CliRunner, in text and JSON, with its exit codes."""

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.cli import cli
from tests.conftest import SEED_DIR, corpus_path


@pytest.fixture
def db(tmp_path):
    return tmp_path / "cli.db"


def run(db, *args, ok=True):
    result = CliRunner().invoke(cli, ["--db", str(db), *args])
    if ok:
        assert result.exit_code == 0, result.output
    return result


@pytest.fixture
def seeded(db):
    run(db, "import", *map(str, sorted(SEED_DIR.glob("*.txt"))))
    return db


@pytest.fixture
def english(db):
    run(db, "import", str(corpus_path("en", "full", "MagicCompRules_20260807.txt")))
    return db


def test_build_newest_only_imports_the_newest_edition_the_translations_and_the_seeds(db):
    result = run(db, "build", "--newest-only", "--json")
    by_name = {r["name"]: r for r in json.loads(result.stdout)}
    assert {name for name, r in by_name.items() if r["lang"] == "en"} == {  # the translations' originals too
        "MagicCompRules_20260807",
        "MagicCompRules_20260417",
        "MagicCompRules_20260116",
        "004_87f96431dc6e8d24",
    }
    assert by_name["MagicCompRules_20260807"]["rules"] > 3000
    assert by_name["CompRules_ja_20260116.0_lines"]["rules"] > 3000
    assert {r["edition"] for r in by_name.values() if r["lang"] == "zh"} == {"2026-04-17"}  # the newest translation
    assert by_name["000_a3c90cc092d5a721"]["lang"] == "de"
    assert by_name["001_b91ea460c0a74603"]["edition"] == "2023-11-17"
    # a bundled text is named inside the package, not by where this copy is installed
    assert by_name["001_b91ea460c0a74603"]["path"] == "data/rules.tar.xz/seeds/001_b91ea460c0a74603.txt"
    again = json.loads(run(db, "build", "--newest-only", "--json").stdout)
    assert {r["status"] for r in again} == {"unchanged"}


def test_default_database_is_built_on_first_use(tmp_path, monkeypatch):
    target = tmp_path / "data" / "kb.db"
    monkeypatch.setenv("MTGKB_DB", str(target))
    result = CliRunner().invoke(cli, ["show", "702.26b", "--lang", "ja", "--json"])
    assert result.exit_code == 0, result.output
    assert target.exists()
    assert json.loads(result.stdout)["ruleText"].startswith("パーマネントがフェイズ・アウトすると")
    assert "Building" in result.stderr and str(target) in result.stderr  # the first command says why it waits
    english = json.loads(CliRunner().invoke(cli, ["show", "702.26b", "--json"]).stdout)
    assert (english["edition"], english["title"]) == ("2026-08-07", None) and "phases out" in english["ruleText"]


def test_the_first_lookup_answers_before_the_search_index_is_built(tmp_path):
    target = tmp_path / "kb.db"
    env = {k: v for k, v in os.environ.items() if not k.startswith("MTGKB_")} | {"MTGKB_DB": str(target)}
    with subprocess.Popen(
        [sys.executable, "-m", "kb", "glossary", "deathtouch", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        answer = process.stdout.read(1)  # the answer comes out whole once the rules are stored
        indexed_by_then = Path(f"{target}.search").exists()
        answer += process.stdout.read()
        errors = process.stderr.read()
    assert process.returncode == 0, errors
    assert {entry["lang"] for entry in json.loads(answer)["entries"]} == {"en", "ja", "zh"}
    assert not indexed_by_then and "Indexing the rules for search" in errors
    found = CliRunner().invoke(cli, ["--db", str(target), "search", "deathtouch", "--json"], env=env)
    assert found.exit_code == 0, found.output  # built before the process ended: no search builds it
    assert json.loads(found.stdout)["results"][0]["number"] == "702.2"


def test_show_text_and_json(english):
    text = run(english, "show", "702.26b").output
    assert text.splitlines()[0] == "702.26b"
    assert "removed from combat" in text and "Example 2:" in text and "Parent: 702.26 Phasing" in text
    data = json.loads(run(english, "show", "702.26b", "--json").output)
    assert data["edition"] == "2026-08-07" and data["lang"] == "en"
    assert data["navigation"]["previousRule"] == "702.26a" and data["navigation"]["nextRule"] == "702.26c"
    assert data["cites"] == ["506.4"]


def test_show_unknown_rule_exits_1_with_nearest(english):
    result = run(english, "show", "702.26q", ok=False)
    assert result.exit_code == 1
    assert "702.26p" in result.output
    result = run(english, "show", "702.26q", "--json", ok=False)
    assert "702.26p" in json.loads(result.output)["suggestions"]


def test_show_with_language_and_edition(seeded):
    data = json.loads(run(seeded, "show", "702.23", "--lang", "de", "--json").output)
    assert data["title"] == "Instabilität" and data["edition"] is None
    assert len(data["children"]) == 12
    result = run(seeded, "show", "702.26", "--lang", "de", ok=False)
    assert result.exit_code == 1


def test_editions_lists_documents_with_counts(seeded):
    rows = json.loads(run(seeded, "editions", "--json").output)
    ja = next(r for r in rows if r["lang"] == "ja")
    assert ja["edition"] == "2023-11-17" and ja["rules"] == 17
    assert ja["source"] == str(SEED_DIR / "001_b91ea460c0a74603.txt")
    text = run(seeded, "editions").output
    assert "001_b91ea460c0a74603" in text and "undated" in text


def test_refs_outgoing_incoming_and_broken(english):
    data = json.loads(run(english, "refs", "704.5m", "--json").output)
    assert "702.26i" in {r["source"] for r in data["incoming"]}
    data = json.loads(run(english, "refs", "702.26i", "--json").output)
    assert [r["target"] for r in data["outgoing"]] == ["704.5m", "704.5n"]
    broken = json.loads(run(english, "refs", "--broken", "--json").output)
    assert all(not r["resolved"] or r["title_matches"] is False for r in broken)
    found = {(r["source"] or r["glossary_term"], r["target"], r["actual_title"]) for r in broken}
    assert found == NEWEST_BROKEN
    text = corpus_path("en", "full", "MagicCompRules_20260807.txt").read_text(encoding="utf-8-sig")
    for _citing, target, heading in NEWEST_BROKEN:  # the file's own heading of each target
        assert heading is None or f"\n{target}. {heading}\n" in text


# The newest edition's citations whose quoted title is not its target's, found by reading
# MagicCompRules_20260807.txt: (the citing rule or glossary term, the target, the target's heading in
# the file). 120.7 quotes "Sources of Damage" for 609.7, a subrule without a title; 725.5 "Continuous
# Effects" for 613; the glossary's Endure "Endure" for 702.62 (Suspend); Supervillain Rumble
# "Free-for-All" for 806.
NEWEST_BROKEN = {
    ("120.7", "609.7", None),
    ("725.5", "613", "Interaction of Continuous Effects"),
    ("Endure", "702.62", "Suspend"),
    ("Supervillain Rumble", "806", "Free-for-All Variant"),
}


def test_glossary(english):
    data = json.loads(run(english, "glossary", "phasing", "--json").output)["entries"]
    assert data[0]["term"] == "Phasing" and "702.26" in data[0]["rules"]
    assert run(english, "glossary", "nonexistentterm", ok=False).exit_code == 1


def test_import_bad_file_exits_2_and_names_it(db, tmp_path):
    bad = tmp_path / "junk.txt"
    bad.write_bytes(b"\x00\xff" * 100)
    result = run(db, "import", str(bad), ok=False)
    assert result.exit_code == 2
    assert "junk.txt" in result.output
    assert json.loads(run(db, "editions", "--json").output) == []
    missing = run(db, "import", str(tmp_path / "nope.txt"), ok=False)
    assert missing.exit_code == 2 and "nope.txt" in missing.output


def test_import_folder_with_progress(db, tmp_path):
    folder = tmp_path / "seeds"
    shutil.copytree(SEED_DIR, folder)
    result = run(db, "import", "--progress", str(folder))
    assert result.output.count("added") == 3
    # Off a terminal --progress adds one plain line per phase: the import's counts are the sum of the
    # files' lines, and the two undated seeds (the German and the Russian page) are inferred.
    rules = sum(int(n) for n in re.findall(r"^added .*?, (\d+) rules,", result.output, re.M))
    # 39: seed 004 is mtg.ru's page, read by rule-page (its 9 rules); its link "311. Vanguards >>" is no rule.
    assert rules == 39 and re.search(rf"^Importing: 3 files, {rules} rules, [\d.]+ s$", result.output, re.M)
    assert re.search(r"^Inferring editions: 2 undated documents, [\d.]+ s$", result.output, re.M)


def test_python_m_kb_works():
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "kb", "--help"], capture_output=True, text=True)
    assert out.returncode == 0 and "import" in out.stdout and "show" in out.stdout


def test_a_folder_import_skips_files_without_rules_and_a_named_one_fails(db):
    folder = corpus_path("ja")
    result = CliRunner().invoke(cli, ["--db", str(db), "import", str(folder), "--json"])
    assert result.exit_code == 0, result.output
    rows = {r["name"]: r for r in json.loads(result.output)}
    skipped = sorted(name for name, r in rows.items() if r["status"] == "skipped")
    assert skipped == ["mtgwiki-scripts_cr_header_20260116.0"]
    # The head of the translation (its contents, then its first rules) is read past its contents as an excerpt.
    assert rows["mtgwiki-scripts_cr_lines_excerpt_head_20260116.0"]["rules"] == 5
    assert all(r["error"].startswith("no rules found") for n, r in rows.items() if n in skipped)
    assert rows["CompRules_ja_20260116.0_lines"]["rules"] == 3270
    named = CliRunner().invoke(
        cli, ["--db", str(db), "import", str(folder / "mtgwiki-scripts_cr_header_20260116.0.txt")]
    )
    assert named.exit_code == 2 and "no rules found" in named.output


def test_a_mistyped_command_is_offered_the_one_meant_even_before_its_module_is_loaded(db):
    result = run(db, "sarch", "phasing", ok=False)
    assert result.exit_code == 2
    assert "No such command 'sarch'. Did you mean 'search'?" in result.output
    assert "Did you mean 'refs'?" in run(db, "rules", "702.26b", ok=False).output
