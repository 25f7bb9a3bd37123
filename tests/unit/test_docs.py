"""Docs that cannot drift from the code: the command reference, the settings and the error table are
made from the code (scripts/make_docs.py) and must equal what it makes now; docs/http.md's routes
are those of the application's OpenAPI document."""

from __future__ import annotations

import importlib.util
import json
import re

from tests.conftest import ROOT


def make_docs():
    spec = importlib.util.spec_from_file_location("make_docs", ROOT / "scripts" / "make_docs.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_made_docs_are_current():
    made = make_docs().made()
    stale = [str(path.relative_to(ROOT)) for path, text in made.items() if path.read_text(encoding="utf-8") != text]
    assert not stale, f"{stale} differ from the code: run python scripts/make_docs.py"


def test_the_command_reference_names_every_command_and_option():
    from kb.cli import cli
    from tests.conftest import commands_of

    reference = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    docs = make_docs()
    for path, command in docs._commands(cli):
        assert f"\n## mtgkb {' '.join(path)}\n" in reference, path
        section = reference.split(f"\n## mtgkb {' '.join(path)}\n", 1)[1].split("\n## ", 1)[0]
        for option in command.params:
            for name in option.opts:
                if name.startswith("--"):
                    assert name in section, (path, name)
    assert len(re.findall(r"^## mtgkb ", reference, re.M)) == len(docs._commands(cli))
    assert "settings" in commands_of(cli)


def test_the_error_table_names_every_condition_class():
    from kb.core import errors
    from kb.importers import records

    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    table = text.split("<!-- errors: made by", 1)[1].split("<!-- errors: end -->", 1)[0]
    listed = dict(re.findall(r"^\| `(\w+)` \|[^|]*\| (\d) \|", table, re.M))
    classes = {
        name: value
        for module in (errors, records)
        for name, value in vars(module).items()
        if isinstance(value, type) and issubclass(value, errors.MtgkbError) and value.__module__ == module.__name__
    }
    assert set(listed) == set(classes)
    assert all(int(listed[name]) == cls.exit_code for name, cls in classes.items())


def _documented_routes() -> set[tuple[str, str]]:
    """(method, path) of every route docs/http.md's table names, parameters written as {}."""
    text = (ROOT / "docs" / "http.md").read_text(encoding="utf-8")
    table = text.split("| endpoint | what it answers |", 1)[1].split("\n\n", 1)[0]
    found: set[tuple[str, str]] = set()
    for row in table.splitlines()[2:]:
        first, rest = row.split("|")[1:3]
        method, path = re.match(r"\s*`(GET|POST) (/[^`?]*)", first).groups()
        if path.endswith("…"):  # a family of paths: those it lists
            for listed in re.findall(r"`(/[^`]+)`", rest):
                if listed.startswith(path.rstrip("…").rstrip("/")):
                    optional = re.match(r"(.*)\[(.*)\]$", listed)
                    for one in (optional.group(1), optional.group(1) + optional.group(2)) if optional else (listed,):
                        found.add((method, one))
        else:
            found.add((method, path))
    return {(method, re.sub(r"\{[^}]*\}", "{}", path)) for method, path in found}


def test_every_route_of_the_api_is_in_docs_http_md_and_no_other():
    # docs/openapi.json is the application's own (tests/corpus/test_server.py checks it against the app).
    openapi = json.loads((ROOT / "docs" / "openapi.json").read_text(encoding="utf-8"))
    routes = {
        (method.upper(), re.sub(r"\{[^}]*\}", "{}", path))
        for path, operations in openapi["paths"].items()
        for method in operations
    }
    assert _documented_routes() == routes
