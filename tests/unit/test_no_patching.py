"""No module of ours changes code it does not own: sys.modules, or an attribute of a module
or class it imports from outside the project (third-party or standard library).

A patched library behaves differently inside mtgkb than its documentation says, for every
caller in the process, and breaks silently when the library renames what was replaced. What a
library offers for changing its behaviour (subclasses, hooks, settings such as gettext's text
domain) is fine; this test reads the source of kb/ and importers/ (an AST scan, no import) for
the ways to do the other thing:

* ``sys.modules[name] = ...``, ``del sys.modules[name]``, ``sys.modules.update(...)`` and the
  other mutating methods of ``sys.modules``;
* ``<foreign>.name = ...`` (also ``+=``, annotated, ``del``, and deeper: ``<foreign>.a.b = ...``),
  ``<foreign>.__dict__[name] = ...`` and ``vars(<foreign>)[name] = ...``;
* ``setattr(<foreign>, ...)`` and ``delattr(<foreign>, ...)``;

where ``<foreign>`` is a name bound by ``import`` or ``from ... import`` of something outside
kb and importers, or by ``importlib.import_module(...)``/``__import__(...)`` of such a module.
"""

from __future__ import annotations

import ast

import pytest

from tests.conftest import ROOT

PROJECT_PACKAGES = ("kb",)
SCANNED = [path for package in PROJECT_PACKAGES for path in sorted((ROOT / package).rglob("*.py"))]
SYS_MODULES_MUTATORS = {"update", "setdefault", "pop", "popitem", "clear", "__setitem__", "__delitem__"}


def is_project_module(name: str) -> bool:
    return name.split(".")[0] in PROJECT_PACKAGES


def imported_module_name(call: ast.expr) -> str | None:
    """The module named by ``importlib.import_module(x)``/``import_module(x)``/``__import__(x)``.

    "?" when the name is not a plain string (an f-string, a variable): it counts as foreign.
    """
    if not isinstance(call, ast.Call) or not call.args:
        return None
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
    if name not in ("import_module", "__import__"):
        return None
    first = call.args[0]
    return first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else "?"


def foreign_names(tree: ast.Module) -> set[str]:
    """Names that stand for a module, class or function from outside the project, anywhere in the file."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if not is_project_module(alias.name):
                    names.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module and not is_project_module(node.module):
                names.update(alias.asname or alias.name for alias in node.names if alias.name != "*")
        elif isinstance(node, ast.Assign):
            module = imported_module_name(node.value)
            if module is not None and not is_project_module(module):
                names.update(target.id for target in node.targets if isinstance(target, ast.Name))
    return names


def root_name(node: ast.expr) -> str | None:
    """``a`` for ``a``, ``a.b.c``; None for anything else (a call, a subscript)."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def is_sys_modules(node: ast.expr, sys_names: set[str], modules_names: set[str]) -> bool:
    if isinstance(node, ast.Attribute) and node.attr == "modules":
        return isinstance(node.value, ast.Name) and node.value.id in sys_names
    return isinstance(node, ast.Name) and node.id in modules_names


def patches(source: str, filename: str = "<source>") -> list[str]:
    """Every place in ``source`` that writes to sys.modules or to a foreign module or class."""
    tree = ast.parse(source, filename)
    foreign = foreign_names(tree)
    sys_names = {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
        if alias.name == "sys"
    }
    modules_names = {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module == "sys"
        for alias in node.names
        if alias.name == "modules"
    }

    def foreign_namespace(node: ast.expr) -> bool:
        """``<foreign>.__dict__`` or ``vars(<foreign>)``: a foreign object's attributes as a mapping."""
        if isinstance(node, ast.Attribute) and node.attr == "__dict__":
            return root_name(node.value) in foreign
        return (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "vars"
            and len(node.args) == 1
            and root_name(node.args[0]) in foreign
        )

    found: list[tuple[int, str]] = []

    def flag(node: ast.stmt | ast.expr, what: str) -> None:
        found.append((node.lineno, f"{filename}:{node.lineno}: {what}: {ast.unparse(node).splitlines()[0]}"))

    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = node.targets
        for target in targets:
            for part in ast.walk(target):  # tuple targets: a, foreign.x = ...
                if isinstance(part, ast.Attribute) and root_name(part) in foreign:
                    if isinstance(part.ctx, (ast.Store, ast.Del)):
                        flag(node, f"sets an attribute of {root_name(part)}")
                elif isinstance(part, ast.Subscript) and isinstance(part.ctx, (ast.Store, ast.Del)):
                    if is_sys_modules(part.value, sys_names, modules_names):
                        flag(node, "writes to sys.modules")
                    elif foreign_namespace(part.value):
                        flag(node, "writes to the namespace of a foreign object")
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id in ("setattr", "delattr") and node.args:
                if root_name(node.args[0]) in foreign:
                    flag(node, f"{func.id} on {root_name(node.args[0])}")
            elif isinstance(func, ast.Attribute) and func.attr in SYS_MODULES_MUTATORS:
                if is_sys_modules(func.value, sys_names, modules_names):
                    flag(node, "writes to sys.modules")
                elif foreign_namespace(func.value):
                    flag(node, "writes to the namespace of a foreign object")
    return [line for _lineno, line in sorted(found)]


# ---- the scanner itself: each way of patching is caught, owning code is not --------------------

PATCHING = """
import importlib
import sys
import click
import gettext as gt
from click import core, formatting
from sys import modules

for name in ("core", "parser"):
    module = importlib.import_module(f"click.{name}")
    module._ = gt.gettext
formatting.wrap_text = len
setattr(core, "_make_default_short_help", str)
click.Command.help = None
sys.modules["click"] = click
del sys.modules["click"]
sys.modules.setdefault("x", click)
modules["y"] = click
click.core.__dict__["_"] = str
vars(formatting)["wrap_text"] = len
gt.textdomain, other = "x", 1
core.counter += 1
del formatting.wrap_text
"""

OWNING = """
import os
import click
from kb import i18n
from kb.cli import app
import importlib

class Mine(click.Command):
    help = None

def run(ctx: click.Context, command: click.Command) -> None:
    ctx.obj = {}
    command.params = []
    setattr(command, "hidden", True)
    os.environ["LANGUAGE"] = "de"
    i18n.current = "de"
    app.cli.name = "x"
    mine = importlib.import_module("kb.cli.app")
    mine.thing = 1
    Mine.help = "x"
"""


def test_the_scan_catches_every_way_of_patching():
    lines = [line.split(": ", 1)[1] for line in patches(PATCHING)]
    assert lines == [
        "sets an attribute of module: module._ = gt.gettext",
        "sets an attribute of formatting: formatting.wrap_text = len",
        "setattr on core: setattr(core, '_make_default_short_help', str)",
        "sets an attribute of click: click.Command.help = None",
        "writes to sys.modules: sys.modules['click'] = click",
        "writes to sys.modules: del sys.modules['click']",
        "writes to sys.modules: sys.modules.setdefault('x', click)",
        "writes to sys.modules: modules['y'] = click",
        "writes to the namespace of a foreign object: click.core.__dict__['_'] = str",
        "writes to the namespace of a foreign object: vars(formatting)['wrap_text'] = len",
        "sets an attribute of gt: gt.textdomain, other = ('x', 1)",
        "sets an attribute of core: core.counter += 1",
        "sets an attribute of formatting: del formatting.wrap_text",
    ]


def test_the_scan_leaves_our_own_objects_alone():
    assert patches(OWNING) == []


# ---- the project ---------------------------------------------------------------------------------


def test_the_scan_reads_the_whole_tree():
    assert len(SCANNED) > 150 and ROOT / "kb" / "cli" / "i18n.py" in SCANNED


@pytest.mark.parametrize("package", PROJECT_PACKAGES)
def test_no_module_patches_code_it_does_not_own(package):
    found = [
        line
        for path in SCANNED
        if path.is_relative_to(ROOT / package)
        for line in patches(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    ]
    assert found == []
