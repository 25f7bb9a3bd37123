"""Settings in one declared list (kb.core.settings): every MTGKB_ variable the code reads is declared
there and read through it, a bad value is one message naming the variable, and `mtgkb settings`
shows what is in force."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.cli import cli
from kb.core import settings
from kb.core.errors import BadInput
from tests.conftest import ROOT

DECLARED = {s.variable for s in settings.SETTINGS}
# kb.i18n sits below kb.core (core's messages are translated) and reads its two settings itself.
READ_BY_I18N = {"MTGKB_LANG", "MTGKB_LOCALES"}


def _reads_of_the_environment(path: Path) -> list[tuple[int, str]]:
    """(line, variable) of each os.environ.get(...) / os.environ[...] / os.getenv(...) read of a
    name given as a string or as a module-level constant."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    constants = {
        target.id: node.value.value
        for node in tree.body
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
        for target in node.targets
        if isinstance(target, ast.Name)
    }

    def name_of(node: ast.AST) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.Name):
            return constants.get(node.id)
        return None

    found = []
    for node in ast.walk(tree):
        argument = None
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args:
            owner = ast.unparse(node.func.value)
            if (owner, node.func.attr) in (("os.environ", "get"), ("environ", "get"), ("os", "getenv")):
                argument = node.args[0]
        elif isinstance(node, ast.Subscript) and ast.unparse(node.value) in ("os.environ", "environ"):
            if isinstance(node.ctx, ast.Load):
                argument = node.slice
        name = name_of(argument) if argument is not None else None
        if name and name.startswith(settings.PREFIX):
            found.append((node.lineno, name))
    return found


def test_no_module_reads_an_mtgkb_variable_but_the_settings():
    outside = {
        f"{path.relative_to(ROOT)}:{line}": name
        for top in ("kb",)
        for path in sorted((ROOT / top).rglob("*.py"))
        if path != ROOT / "kb" / "core" / "settings.py" and "i18n" not in path.relative_to(ROOT).parts
        for line, name in _reads_of_the_environment(path)
    }
    assert not outside, outside


def test_the_variables_kb_i18n_reads_are_declared():
    from kb.i18n import ENVIRONMENT_ORDER
    from kb.i18n.catalogs import LOCALES_ENV

    read = {
        name for path in sorted((ROOT / "kb" / "i18n").rglob("*.py")) for _line, name in _reads_of_the_environment(path)
    } | {name for name in ENVIRONMENT_ORDER if name.startswith(settings.PREFIX)}
    assert read == READ_BY_I18N and LOCALES_ENV == settings.variable("locales")
    assert ENVIRONMENT_ORDER[0] == settings.variable("lang")
    assert READ_BY_I18N <= DECLARED


def test_every_mtgkb_variable_named_in_the_code_is_declared():
    named = {
        word
        for top in ("kb",)
        for path in (ROOT / top).rglob("*.py")
        for word in __import__("re").findall(r"\bMTGKB_[A-Z_]+\b", path.read_text(encoding="utf-8"))
    }
    assert named <= DECLARED, sorted(named - DECLARED)
    assert len(DECLARED) == len(settings.SETTINGS) and all(v.startswith(settings.PREFIX) for v in DECLARED)


@pytest.mark.parametrize(
    "name, raw, expected",
    [
        ("lock_timeout", "2.5", 2.5),
        ("max_rules", "12", 12),
        ("max_file_bytes", "1024", 1024),
        ("serve_cors", "https://a.example https://b.example", ("https://a.example", "https://b.example")),
        ("rule_links", "yawgatog", "yawgatog"),
    ],
)
def test_a_value_is_read_from_its_variable_else_the_default(monkeypatch, name, raw, expected):
    variable = settings.variable(name)
    monkeypatch.delenv(variable, raising=False)
    assert settings.value(name) == settings.setting(name).default
    monkeypatch.setenv(variable, raw)
    assert settings.value(name) == expected
    monkeypatch.setenv(variable, "")  # empty is unset
    assert settings.value(name) == settings.setting(name).default


@pytest.mark.parametrize(
    "name, raw, message",
    [
        ("max_rules", "0", "MTGKB_MAX_RULES='0': expected a whole number above 0"),
        ("max_file_bytes", "lots", "MTGKB_MAX_FILE_BYTES='lots': expected a whole number above 0"),
        ("lock_timeout", "soon", "MTGKB_LOCK_TIMEOUT='soon': expected a number of seconds"),
    ],
)
def test_a_bad_value_names_its_variable(monkeypatch, name, raw, message):
    monkeypatch.setenv(settings.variable(name), raw)
    with pytest.raises(BadInput) as info:
        settings.value(name)
    assert str(info.value) == message


def test_mtgkb_settings_shows_each_setting_with_its_value(monkeypatch):
    monkeypatch.setenv("MTGKB_MAX_RULES", "123")
    monkeypatch.delenv("MTGKB_RULE_LINKS", raising=False)
    result = CliRunner().invoke(cli, ["settings", "--json"])
    assert result.exit_code == 0, result.output
    shown = {s["variable"]: s for s in json.loads(result.output)}
    assert list(shown) == [s.variable for s in settings.SETTINGS]
    assert shown["MTGKB_MAX_RULES"]["value"] == "123" and shown["MTGKB_MAX_RULES"]["set"] is True
    assert shown["MTGKB_MAX_RULES"]["default"] == "20000"
    assert shown["MTGKB_RULE_LINKS"]["value"] == "reader" and shown["MTGKB_RULE_LINKS"]["set"] is False
    text = CliRunner().invoke(cli, ["settings"]).output
    assert any(line.split()[:3] == ["MTGKB_MAX_RULES", "*", "123"] for line in text.splitlines()), text


def test_a_bad_setting_stops_an_import_with_exit_2(monkeypatch, tmp_path):
    from tests.conftest import MINI

    monkeypatch.setenv("MTGKB_MAX_RULES", "-5")
    result = CliRunner().invoke(cli, ["--db", str(tmp_path / "kb.db"), "import", str(MINI / "MiniRules_20260807.txt")])
    assert result.exit_code == 2 and "MTGKB_MAX_RULES='-5': expected a whole number above 0" in result.output
