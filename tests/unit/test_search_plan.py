"""kb.search's query plan is its own: one class for a query term, whoosh queries made in one place.

The parser reads a query into terms (kb.search.parse.Term), the compiler makes a plan of
kb.search.plan's nodes, and whoosh sees nothing of that plan but single words in single fields,
made by one function where postings are read (kb.search.postings.whoosh_term). These tests read
the modules' source, so a second ``Term`` or a whoosh query class used as a tag elsewhere fails them.
"""

from __future__ import annotations

import ast

from tests.conftest import ROOT

SEARCH = ROOT / "kb" / "search"


def _trees() -> dict[str, ast.Module]:
    return {path.name: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(SEARCH.glob("*.py"))}


def _imports_whoosh_query(tree: ast.Module) -> bool:
    """Whether the module imports whoosh.query (or a name of it), at any depth."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "whoosh.query" or node.module.startswith("whoosh.query."):
                return True
            if node.module == "whoosh" and any(alias.name == "query" for alias in node.names):
                return True
        if isinstance(node, ast.Import) and any(alias.name.startswith("whoosh.query") for alias in node.names):
            return True
    return False


def test_one_class_for_a_query_term():
    """``Term`` is defined once in kb.search (the parser's), and no module binds another class by that
    name (whoosh's Term imported as a plan node was the second one)."""
    defined = [
        (name, node.name)
        for name, tree in _trees().items()
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef) and node.name == "Term"
    ]
    assert defined == [("parse.py", "Term")]
    bound = [
        (name, node.module)
        for name, tree in _trees().items()
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
        if (alias.asname or alias.name) == "Term" and node.module != "kb.search.parse"
    ]
    assert bound == []


def test_whoosh_queries_are_made_in_one_function():
    """Only kb/search/postings.py imports whoosh.query, and only its ``whoosh_term`` uses it: the plan,
    its compiler and the search engine speak kb.search.plan's nodes."""
    assert {name for name, tree in _trees().items() if _imports_whoosh_query(tree)} == {"postings.py"}
    postings = _trees()["postings.py"]
    users = {
        function.name
        for function in ast.walk(postings)
        if isinstance(function, ast.FunctionDef)
        for node in ast.walk(function)
        if isinstance(node, ast.Name) and node.id == "whoosh_query"
    }
    assert users == {"whoosh_term"}
    module_level = [
        node
        for statement in postings.body
        if not isinstance(statement, (ast.FunctionDef, ast.ClassDef, ast.Import, ast.ImportFrom))
        for node in ast.walk(statement)
        if isinstance(node, ast.Name) and node.id == "whoosh_query"
    ]
    assert module_level == []


def test_the_plan_module_holds_no_whoosh_class():
    """kb.search.plan's nodes are dataclasses of its own: no base class of theirs comes from whoosh."""
    import dataclasses
    import inspect

    from kb.search import plan

    nodes = [value for _name, value in inspect.getmembers(plan, inspect.isclass) if value.__module__ == plan.__name__]
    assert {node.__name__ for node in nodes} >= {
        "AllOf",
        "AnyOf",
        "Concept",
        "Soft",
        "Without",
        "Words",
        "Prefix",
        "Exact",
    }
    for node in nodes:
        assert dataclasses.is_dataclass(node), node
        assert all(base.__module__.split(".")[0] != "whoosh" for base in node.__mro__), node


def test_whoosh_term_reads_one_word_of_one_field():
    from whoosh.query import Term as WhooshTerm

    from kb.search.postings import whoosh_term

    assert whoosh_term("text_en", "phase") == WhooshTerm("text_en", "phase")
