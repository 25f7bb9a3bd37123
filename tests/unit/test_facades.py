"""The two facades (docs/architecture.md, "Facades"): KnowledgeBase reads, Maintenance writes through the
same store and one writer lock, output forms are kb.api.render's, and the CLI's app only assembles commands."""

from __future__ import annotations

import ast

import click
import pytest

import kb.cli.app as app
from kb.api import BadInput, KnowledgeBase, LookupFailed, MtgkbError, render
from kb.api.maintenance import Maintenance
from kb.core.errors import DatabaseError
from tests.conftest import MINI, ROOT


def test_a_keyword_rule_asked_for_its_definition_answers_its_defining_subrule(memory_kb):
    keyword = memory_kb.rule("702.26")
    assert keyword.defining_rule and keyword.defining_rule != "702.26"
    defining = memory_kb.rule("702.26", defining=True)
    assert defining.number == keyword.defining_rule and defining.document == keyword.document
    assert memory_kb.rule("Phasing", defining=True).number == keyword.defining_rule  # by name too
    plain = memory_kb.rule("702.26c")
    assert plain.defining_rule is None and memory_kb.rule("702.26c", defining=True).number == "702.26c"


def test_what_maintenance_imports_the_read_facade_answers_at_once(tmp_path):
    kb = KnowledgeBase.open(tmp_path / "kb.db")
    with pytest.raises(MtgkbError):
        kb.rule("702.26b")
    results = Maintenance(kb).import_paths([MINI / "MiniRules_20260807.txt"])
    assert [r.status for r in results] == ["added"]
    assert kb.rule("702.26b").document == "MiniRules_20260807"
    kb.close()


def test_writes_through_two_maintenances_of_one_facade_take_the_writer_lock_once(tmp_path):
    kb = KnowledgeBase.open(tmp_path / "kb.db")
    with Maintenance(kb).writing(timeout=0):
        assert kb.writer_held
        with Maintenance(kb).writing(timeout=0):  # another lock on the same file would be refused at once
            pass
        assert kb.writer_held
    assert not kb.writer_held
    other = KnowledgeBase.open(tmp_path / "kb.db")
    with Maintenance(kb).writing(timeout=0):
        with pytest.raises(DatabaseError):  # a second facade of the database does wait for the lock
            with Maintenance(other).writing(timeout=0):
                pass
    kb.close()
    other.close()


def test_a_link_template_with_an_unknown_field_is_bad_input_before_any_rendering():
    with pytest.raises(BadInput, match="https://example.org/{rule}"):
        render.check_links("https://example.org/{rule}")
    render.check_links("yawgatog")
    render.check_links("https://example.org/{number}")


def test_the_project_catches_mtgkb_error_and_keeps_lookup_failed_only_for_outside_callers():
    assert LookupFailed is MtgkbError
    users = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "kb").rglob("*.py"))
        if path.parent.name != "api"
        and "LookupFailed" in path.read_text(encoding="utf-8").replace("kb.api.LookupFailed", "")
    ]
    assert users == []


def test_the_read_facade_is_under_500_lines_and_writes_no_sql():
    source = (ROOT / "kb" / "api" / "__init__.py").read_text(encoding="utf-8")
    assert len(source.splitlines()) < 500
    calls = [
        node.func.attr
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
    ]
    assert "execute" not in calls and "_handle" not in calls


def test_app_defines_no_command_and_every_command_lives_in_the_module_it_is_listed_under():
    defined = [name for name, value in vars(app).items() if isinstance(value, click.Command) and value is not app.cli]
    assert defined == []
    for name, (module, attribute) in app.COMMANDS.items():
        command = app.cli.get_command(click.Context(app.cli), name)
        assert command is not None and command.callback is not None, name
        assert command.callback.__module__ == module, name


def test_a_fresh_process_that_imports_the_read_facade_loads_no_feature_it_does_not_use():
    """What `mtgkb show` pays for: the read facade's lazy imports stay lazy (bench/bench_facade_imports.py
    measures each); opencc came in once through kb.citing.cards and cost a fresh show a third more."""
    import subprocess
    import sys

    heavy = ["kb.api.maintenance", "kb.importers.bundle", "kb.search", "kb.history", "kb.cards", "opencc", "whoosh"]
    code = "import sys, kb.api; print('\\n'.join(sorted(sys.modules)))"
    loaded = set(
        subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout.split()
    )
    assert "kb.api" in loaded and "kb.store" in loaded
    assert [name for name in heavy if name in loaded] == []
