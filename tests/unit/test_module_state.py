"""Module-level mutable state lives in kb/store only, or is immutable package data that says so.

Derived data (scopes, lexicons, vocabularies, completions, the term dictionary, reader views) is
asked of the store's one cache (kb.store.state), which is invalidated when the database changes.
A module-level dictionary elsewhere is a second cache with its own key and its own idea of
freshness; this test finds them by reading every module under kb/ with ``ast``.

What counts as mutable state at module level:
- an assignment of a container: a dict, list or set literal or comprehension, or a call of
  dict, list, set, defaultdict, OrderedDict, Counter, deque, WeakKeyDictionary,
  WeakValueDictionary or threading.local, to a name in lower case (PEP 8: a variable), or to
  any name that the module then changes (``NAME[k] = v``, ``NAME.append(...)``, ``del NAME[k]``);
- a function decorated with ``lru_cache``/``cache`` that takes a connection, store, database or
  knowledge base (a cache keyed by an open object, outliving it).
A name in capitals that nothing changes is a constant table and is not counted.

Allowed: modules of kb/store, and assignments whose line (or the line before it) carries the
comment "immutable package data". There is no other exception: the rules engine's change counter
belongs to each game (kb.engine.state.Changes), not to the module.
"""

from __future__ import annotations

import ast
from pathlib import Path

import kb

PACKAGE = Path(kb.__file__).parent
MARK = "immutable package data"
CONTAINER_CALLS = {
    "dict",
    "list",
    "set",
    "defaultdict",
    "OrderedDict",
    "Counter",
    "deque",
    "WeakKeyDictionary",
    "WeakValueDictionary",
    "local",
}
MUTATING_METHODS = {
    "append",
    "extend",
    "insert",
    "add",
    "update",
    "setdefault",
    "pop",
    "popitem",
    "clear",
    "remove",
    "discard",
    "move_to_end",
    "appendleft",
}
CACHE_DECORATORS = {"lru_cache", "cache"}
OPEN_OBJECTS = {"conn", "connection", "store", "db", "kb", "database", "source"}


def _called_name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Name):
            return func.id
        if isinstance(func, ast.Attribute):
            return func.attr
    return None


def _is_container(value: ast.expr | None) -> bool:
    if value is None:
        return False
    if isinstance(value, (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp)):
        return True
    return _called_name(value) in CONTAINER_CALLS


def _targets(node: ast.stmt) -> list[str]:
    if isinstance(node, ast.Assign):
        return [t.id for t in node.targets if isinstance(t, ast.Name)]
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return [node.target.id]
    return []


def _mutated_names(tree: ast.Module) -> set[str]:
    """Names changed in place anywhere in the module."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.Delete)):
            targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
            for target in targets:
                if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name):
                    found.add(target.value.id)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            if isinstance(owner, ast.Name) and node.func.attr in MUTATING_METHODS:
                found.add(owner.id)
        elif isinstance(node, ast.Global):
            found.update(node.names)
    return found


def _marked(lines: list[str], lineno: int) -> bool:
    return MARK in lines[lineno - 1] or (lineno >= 2 and MARK in lines[lineno - 2])


def module_state(path: Path) -> list[str]:
    """The module-level mutable state of one module: "file:line name" for each."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    lines = text.splitlines()
    mutated = _mutated_names(tree)
    found = []
    where = path.relative_to(PACKAGE.parent) if PACKAGE in path.parents else path.name
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and _is_container(node.value):
            for name in _targets(node):
                if name.startswith("__") or (name.isupper() and name not in mutated):
                    continue
                if not _marked(lines, node.lineno):
                    found.append(f"{where}:{node.lineno} {name}")
        elif isinstance(node, ast.FunctionDef):
            cached = any(
                (_called_name(d) or (d.id if isinstance(d, ast.Name) else getattr(d, "attr", None))) in CACHE_DECORATORS
                for d in node.decorator_list
            )
            takes = {a.arg for a in node.args.args + node.args.kwonlyargs}
            if cached and takes & OPEN_OBJECTS and not _marked(lines, node.lineno):
                found.append(f"{where}:{node.lineno} {node.name}()")
    return found


def _modules() -> list[Path]:
    store = PACKAGE / "store"
    return [path for path in sorted(PACKAGE.rglob("*.py")) if store not in path.parents]


def test_module_level_mutable_state_is_only_in_the_store_or_immutable_package_data():
    found = [entry for path in _modules() for entry in module_state(path)]
    assert found == [], "module-level mutable state outside kb/store:\n" + "\n".join(found)


def test_the_reader_finds_each_kind_of_state(tmp_path):
    """The walker itself: each kind of state is found, constants and marked data are not."""
    sample = tmp_path / "sample.py"
    source = (
        "import threading, weakref\n"
        "from collections import OrderedDict\n"
        "from functools import lru_cache\n"
        "_cache = {}\n"
        "_seen: set[str] = set()\n"
        "_ordered = OrderedDict()\n"
        "_weak = weakref.WeakKeyDictionary()\n"
        "_here = threading.local()\n"
        "TABLE = {'a': 1}\n"
        "MEMO = {}\n"
        "# immutable package data: read once from the wheel\n"
        "_catalogs = {}\n"
        "__all__ = ['x']\n"
        "@lru_cache(maxsize=8)\n"
        "def rows(conn, text):\n"
        "    MEMO[text] = 1\n"
        "    return conn\n"
        "@lru_cache(maxsize=8)\n"
        "def words(text):\n"
        "    return text\n"
    )
    sample.write_text(source, encoding="utf-8")
    found = [entry.split(" ", 1)[1] for entry in module_state(sample)]
    assert found == ["_cache", "_seen", "_ordered", "_weak", "_here", "MEMO", "rows()"]
