"""The tree's conventions that a reader relies on (docs/architecture.md, "Imports").

Imports sit at the top of their module, so the arrows between modules are the ones the layer
contract and the cycle check see; an import inside a function is kept only where a fresh process
would pay for what it does not use, and its line says so in a "# lazy: ..." comment. A feature's
entry points take the store as ``store``; ``kb`` is the name of the facade.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import ROOT

# The packages that follow both rules; kb/http and kb/mcp are being reworked.
CHECKED = [
    "kb/api",
    "kb/backlog",
    "kb/citing",
    "kb/cli",
    "kb/core",
    "kb/crosscheck",
    "kb/engine",
    "kb/history",
    "kb/i18n",
    "kb/importers",
    "kb/reader",
    "kb/repair",
    "kb/scenarios",
    "kb/search",
    "kb/store",
    "kb/terms",
]


def modules() -> list[Path]:
    found: list[Path] = []
    for name in CHECKED:
        path = ROOT / name
        found.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return found


def _functions(tree: ast.AST):
    return [node for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]


def _annotation(argument: ast.arg) -> str | None:
    return ast.unparse(argument.annotation).strip("'\"") if argument.annotation is not None else None


def test_the_checked_packages_are_there():
    assert len(modules()) > 100
    assert all(path.exists() for path in modules())


def test_every_import_inside_a_function_says_why_it_is_lazy():
    unexplained = []
    for path in modules():
        lines = path.read_text(encoding="utf-8").splitlines()
        for function in _functions(ast.parse("\n".join(lines))):
            for node in ast.walk(function):
                if isinstance(node, (ast.Import, ast.ImportFrom)) and "# lazy:" not in lines[node.lineno - 1]:
                    unexplained.append(f"{path.relative_to(ROOT)}:{node.lineno}: {lines[node.lineno - 1].strip()}")
    assert unexplained == []


def test_no_function_takes_a_parameter_named_kb_but_the_facade():
    """``kb`` names the facade (typed KnowledgeBase, or the protocol kb.api.protocols.ReadFacade inside the
    facade's own package, which must not import the class); what a feature or the store is handed is the store."""
    named_kb = []
    for path in modules():
        for function in _functions(ast.parse(path.read_text(encoding="utf-8"))):
            arguments = function.args.posonlyargs + function.args.args + function.args.kwonlyargs
            if any(
                argument.arg == "kb" and _annotation(argument) not in ("KnowledgeBase", "ReadFacade")
                for argument in arguments
            ):
                named_kb.append(f"{path.relative_to(ROOT)}:{function.lineno}: {function.name}")
    assert named_kb == []


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_no_import_cycle_among_the_projects_modules():
    """Counting every import, at module level, inside functions and under TYPE_CHECKING alike: a module
    that imports one that imports it back (however far round) is a cycle; the layers contract sees only
    arrows between packages, so a cycle inside one (kb.api and its write side once) shows here."""
    files = sorted((ROOT / "kb").rglob("*.py"))
    known = {_module_name(path) for path in files}
    graph: dict[str, set[str]] = {}
    for path in files:
        name = _module_name(path)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + [base]).strip(".")
                found |= {base} | {f"{base}.{alias.name}" for alias in node.names}
        graph[name] = {target for target in found if target in known and target != name}
    cycles = []
    for start in sorted(graph):
        seen, stack = set(), [start]
        while stack:  # every module reachable from start; start among them closes a cycle
            for target in graph[stack.pop()]:
                if target == start:
                    cycles.append(start)
                if target not in seen:
                    seen.add(target)
                    stack.append(target)
            if cycles and cycles[-1] == start:
                break
    assert cycles == []
