"""The search uses its libraries as they are: no module edits ``sys.modules``, no search module
patches a third-party module or class, and whoosh is reached through its public names only."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OURS = ("kb", "tests", "bench")
# whoosh internals the search once read (codec classes, private columns and decoding state).
PRIVATE_WHOOSH = (
    "_lenfield",
    "_perdoc",
    "_dbfile",
    "_cached_reader",
    "_read_ids",
    "_read_weights",
    "_next_block",
    "W3LeafMatcher",
    "W3PerDocReader",
    "LENGTHS_COLUMN",
)


def _modules(*folders: str):
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            yield path, ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _root(node: ast.AST) -> str | None:
    """The name an attribute chain starts from (``whoosh3.W3PerDocReader.x`` -> whoosh3); None through a
    call, whose result is an object of its own (a token, a thread-local), not the library's."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _third_party_names(tree: ast.Module) -> set[str]:
    """Names a module binds to a third-party module or a name imported from one."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names if not a.name.startswith(OURS)}
        elif (
            isinstance(node, ast.ImportFrom)
            and node.level == 0
            and node.module
            and not node.module.startswith(OURS)
            and node.module not in ("__future__", "sys")
        ):
            names |= {a.asname or a.name for a in node.names}
    return names


def _is_sys_modules(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "modules" and _root(node) == "sys"


def _problems(path: Path, tree: ast.Module) -> list[str]:
    """What a module does to sys.modules or to third-party modules and classes, one line each."""
    foreign = _third_party_names(tree)
    aliases = set()  # a local name for a third-party object (reader = whoosh3.W3PerDocReader)
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and _root(node.value) in foreign:
            aliases |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    patched = foreign | aliases
    found = []
    for node in ast.walk(tree):
        where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"
        targets = []
        if isinstance(node, (ast.Assign, ast.Delete)):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for target in targets:
            if isinstance(target, ast.Subscript) and _is_sys_modules(target.value):
                found.append(f"{where}: sys.modules[...] written")
            elif isinstance(target, ast.Attribute) and _root(target) in patched:
                found.append(f"{where}: {ast.unparse(target)} set on a third-party object")
        if not isinstance(node, ast.Call):
            continue
        if (
            isinstance(node.func, ast.Attribute)
            and _is_sys_modules(node.func.value)
            and node.func.attr in ("update", "pop", "setdefault", "clear", "__setitem__", "popitem")
        ):
            found.append(f"{where}: sys.modules.{node.func.attr}()")
        if (
            isinstance(node.func, ast.Name)
            and node.func.id in ("setattr", "delattr")
            and node.args
            and (_is_sys_modules(node.args[0]) or _root(node.args[0]) in patched)
        ):
            found.append(f"{where}: {node.func.id}() on a third-party object")
    return found


def test_no_module_writes_to_sys_modules():
    assert [p for path, tree in _modules("kb") for p in _problems(path, tree) if "sys.modules" in p] == []


def test_no_search_module_patches_a_third_party_module_or_class():
    assert [p for path, tree in _modules("kb/search") for p in _problems(path, tree)] == []


def test_the_scanner_sees_a_patch_and_a_stand_in():
    """The test above can fail: the forms it looks for are recognised."""
    tree = ast.parse(
        "import sys\nfrom whoosh.codec import whoosh3\nfrom whoosh.analysis import Token\n"
        "reader = whoosh3.W3PerDocReader\nreader.has_column = len\ntoken = Token()\ntoken.text = ''\n"
        "sys.modules['urllib'] = None\nsys.modules.update({})\nsetattr(whoosh3, 'x', 1)\n"
    )
    found = [problem.split(": ", 1)[1] for problem in _problems(ROOT / "example.py", tree)]
    assert sorted(found) == sorted(
        [
            "reader.has_column set on a third-party object",
            "sys.modules[...] written",
            "sys.modules.update()",
            "setattr() on a third-party object",
        ]
    )


def test_the_search_reaches_whoosh_through_its_public_names_only():
    found = []
    for path, tree in _modules("kb"):
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("whoosh"):
                found += [
                    f"{path.name}: from {node.module} import {a.name}"
                    for a in node.names
                    if a.name.startswith("_") or ".codec" in node.module
                ]
            if isinstance(node, ast.Attribute) and node.attr in PRIVATE_WHOOSH:
                found.append(f"{path.name}:{node.lineno}: .{node.attr}")
            if isinstance(node, ast.Name) and node.id in PRIVATE_WHOOSH:
                found.append(f"{path.name}:{node.lineno}: {node.id}")
    assert found == []
