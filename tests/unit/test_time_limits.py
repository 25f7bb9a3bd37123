"""Limits that hold in time: a huge line, a rule citing thousands of rules or HTML nested tens of
thousands deep is refused (or read) at once, with the file, the line and the limit named."""

from click.testing import CliRunner

from kb.cli import cli
from kb.importers.limits import MAX_CITATIONS_PER_TEXT, MAX_TEXT_CHARS

HEAD = "These rules are effective as of August 7, 2026.\n\n100.1. General.\n\n702.26. Phasing\n\n"


def run(db, path, *options):
    return CliRunner().invoke(
        cli, ["--db", str(db), "import", str(path), "--format", "cr-text", "--lang", "en", *options]
    )


def test_a_rule_longer_than_the_limit_is_refused_naming_its_line(tmp_path):
    path = tmp_path / "line.txt"
    sentence = "The active player untaps their permanents. "
    text = sentence * (MAX_TEXT_CHARS // len(sentence) + 1)
    path.write_text(HEAD + "702.26a " + text + "\n\n702.26b Phased.\n")
    result = run(tmp_path / "kb.db", path)
    assert result.exit_code == 2, result.output
    assert f"line.txt:7: rule 702.26a has a text of {len(text.strip())} characters" in result.output
    assert "more than the limit of 100000" in result.output


def test_a_rule_citing_more_rules_than_the_limit_is_refused(tmp_path):
    path = tmp_path / "refs.txt"
    path.write_text(HEAD + "702.26a " + "See rule 100.1. " * (MAX_CITATIONS_PER_TEXT + 1) + "\n\n702.26b Phased.\n")
    result = run(tmp_path / "kb.db", path)
    assert result.exit_code == 2, result.output
    assert (
        f"refs.txt:7: rule 702.26a cites {MAX_CITATIONS_PER_TEXT + 1} rules, more than the limit of 200"
        in result.output
    )
    within = tmp_path / "within.txt"
    within.write_text(HEAD + "702.26a " + "See rule 100.1. " * MAX_CITATIONS_PER_TEXT + "\n\n702.26b Phased.\n")
    result = run(tmp_path / "kb.db", within)
    assert result.exit_code == 0 and f"{MAX_CITATIONS_PER_TEXT} references" in result.output, result.output


def test_html_nested_forty_thousand_deep_is_read(tmp_path):
    depth = 40_000
    path = tmp_path / "deep.html"
    path.write_text(
        "<html><head><title>702</title></head><body>"
        + "<div>\n" * depth
        + "<p>702.26a Phasing is a static ability.</p><p>702.26b Phased out.</p><p>702.26c Third.</p>"
        + "</div>" * depth
        + "</body></html>"
    )
    result = CliRunner().invoke(
        cli, ["--db", str(tmp_path / "kb.db"), "import", str(path), "--format", "rule-page", "--edition", "2026-08-07"]
    )
    assert result.exit_code == 0 and "3 rules" in result.output, result.output
