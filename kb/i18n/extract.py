"""A babel extractor for mtgkb: gettext calls, plus click's help texts as they are written.

Help texts of commands and options are translated when click renders them
(kb.cli.i18n), so the code keeps plain ``help="..."`` and docstrings; this extractor
finds them: every ``help=``, ``short_help=`` and ``epilog=`` string given to a call,
and the docstring of every function decorated with ``...command(...)`` or
``...group(...)``, cleaned as click cleans it (inspect.cleandoc).
"""

from __future__ import annotations

import ast
import io
from collections.abc import Collection, Iterator, Mapping
from typing import Any

from babel.messages.extract import extract_python

HELP_KEYWORDS = ("help", "short_help", "epilog")
COMMAND_DECORATORS = ("command", "group")

Extracted = tuple[Any, ...]  # (line, function name, message, comments), as babel's extractors yield


def extract_mtgkb(
    fileobj: io.BufferedIOBase, keywords: Mapping[str, Any], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[Extracted]:
    """What babel's Python extractor finds, then the help texts (see the module docstring)."""
    source = fileobj.read()
    yield from extract_python(io.BytesIO(source), keywords, comment_tags, dict(options))  # type: ignore[arg-type]  # babel's TypedDict of options; ours are babel's own
    yield from help_texts(source.decode(options.get("encoding", "utf-8")))


def help_texts(source: str) -> Iterator[Extracted]:
    """(line, None, text, comments) for each help text and command docstring, in source order."""
    found: list[Extracted] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            for keyword in node.keywords:
                if keyword.arg in HELP_KEYWORDS and isinstance(keyword.value, ast.Constant) and _is_text(keyword.value):
                    found.append((keyword.value.lineno, None, keyword.value.value, []))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and _is_command(node):
            docstring = ast.get_docstring(node, clean=True)
            if docstring:
                found.append((node.body[0].lineno, None, docstring, ["click command help (the docstring)"]))
    return iter(sorted(found, key=lambda item: item[0]))


def _is_text(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and bool(node.value.strip())


def _is_command(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Decorated by a command or group decorator that takes its help from the docstring."""
    for decorator in node.decorator_list:
        call = decorator if isinstance(decorator, ast.Call) else None
        target = call.func if call else decorator
        name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
        if name in COMMAND_DECORATORS and not (call and any(k.arg == "help" for k in call.keywords)):
            return True
    return False
