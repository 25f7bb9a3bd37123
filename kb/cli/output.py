"""What every command shares: the exit codes, JSON output, errors on stderr, opening the facade.

Errors are mapped to output and an exit code here and only here: a command lets a
kb.core.errors condition propagate, and the group (kb.cli.app) reports it.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import click

from kb.cli.progress import ProgressView
from kb.core.errors import MtgkbError
from kb.i18n import _

EXIT_OK, EXIT_NOT_FOUND, EXIT_BAD_INPUT = 0, 1, 2
EXIT_INTERRUPTED = 130  # Ctrl-C: the shell's code for a process ended by SIGINT (128 + 2)


def dump(data) -> None:
    """JSON on stdout, as every --json prints it."""
    print(json.dumps(data, ensure_ascii=False, indent=2))


_CONTROL = dict.fromkeys([*range(0x00, 0x09), *range(0x0B, 0x20), *range(0x7F, 0xA0)])


def shown(text: str) -> str:
    """``text`` as a terminal may print it: control characters (of a file name, say: an escape
    sequence would recolour or rewrite the terminal) written as \\x1b; newlines and tabs kept."""
    if not any(ord(ch) in _CONTROL for ch in text):
        return text
    return "".join(f"\\x{ord(ch):02x}" if ord(ch) in _CONTROL else ch for ch in text)


def report_failure(message: str, suggestions: list[str], as_json: bool, kind: str | None = None) -> None:
    """An error for people on stderr (with the nearest matches), or as JSON on stdout."""
    if as_json:
        payload: dict = {"error": message, "suggestions": suggestions}
        if kind:
            payload["kind"] = kind
        dump(payload)
        return
    print(_("Error: {message}").format(message=shown(message)), file=sys.stderr)
    if suggestions:
        print(_("Nearest: {suggestions}").format(suggestions=shown(", ".join(suggestions))), file=sys.stderr)


def report_error(error: MtgkbError, as_json: bool) -> int:
    """Print a condition and return its exit code; JSON carries all its data (error.to_dict())."""
    if as_json:
        dump(error.to_dict())
    else:
        report_failure(str(error), error.suggestions, as_json, type(error).__name__)
    return error.exit_code


def report_interrupt(as_json: bool) -> int:
    """Ctrl-C: said in one line (or as JSON) instead of click's "Aborted!" and exit 1. A write in
    progress was one transaction, rolled back by the interrupt: the database is as it was before it."""
    report_failure(_("interrupted (Ctrl-C): nothing more was done"), [], as_json, "Interrupted")
    return EXIT_INTERRUPTED


def fail(message: str, suggestions: list[str] | None = None, code: int = EXIT_NOT_FOUND, as_json: bool = False) -> None:
    """Report a problem the command itself found (usage, a check that failed) and exit."""
    report_failure(message, suggestions or [], as_json)
    sys.exit(code)


def quiet_broken_pipe() -> None:
    """`mtgkb show 702.26b | head -2`: the reader went away; end without a traceback."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except OSError:
        pass


def open_kb(ctx, *, readonly: bool = False, memory: bool = False, create: bool = False):
    """The facade over the group's --db (None: the default database, built on first use);
    ``memory``: a private empty database, for commands that store nothing. Only ``create``
    (importing) makes a --db that does not exist: a reading command with a mistyped one fails."""
    if memory:
        from kb.api import KnowledgeBase  # lazy: the facade, ~40 ms; --help needs none

        return KnowledgeBase.open(":memory:")
    return open_database(ctx.find_root().obj["db"], readonly=readonly, create=create)


def open_maintenance(ctx, *, memory: bool = False, create: bool = False):
    """The write side (kb.api.maintenance.Maintenance) over the facade ``open_kb`` gives: for the commands
    that import, build, update, repair or reindex."""
    from kb.api.maintenance import Maintenance  # lazy: the importers and every feature; --help needs none

    return Maintenance(open_kb(ctx, memory=memory, create=create))


def open_database(db: Path | None, *, searches: bool = False, **options):
    """KnowledgeBase.open(db); when the default database does not exist yet, say on stderr that it is
    being built (with bars on a terminal), since the first command then takes seconds.

    A command that does not search (``searches`` False) answers from the rules as soon as they are
    stored; the small database's search index is built after its answer, before the process ends.
    """
    from kb.api import KnowledgeBase  # lazy: the facade, ~40 ms; --help needs none

    notice = None if options.get("readonly") else KnowledgeBase.first_build_notice(db)
    if notice is None:
        return _on_demand(KnowledgeBase.open(db, **options))

    print(notice, file=sys.stderr, flush=True)
    context = None if searches else click.get_current_context(silent=True)
    with ProgressView() as view:
        kb = KnowledgeBase.open(db, progress=view, index=context is None, **options)
    if context is not None:
        context.find_root().call_on_close(lambda: _index_after_the_answer(kb))
    return _on_demand(kb)


def _on_demand(knowledge):
    """Let the facade add an older edition or the whole history when a question needs it (unless the
    root's --no-build says not to): a notice, then the build's progress on stderr."""
    context = click.get_current_context(silent=True)
    root = context.find_root().obj if context is not None else None
    if not (isinstance(root, dict) and root.get("no_build")):
        knowledge.on_demand = _building
        if context is not None:
            context.find_root().call_on_close(lambda: _index_added(knowledge))
    return knowledge


def _index_added(knowledge) -> None:
    """After the answer: the search index of an edition added on demand (a close callback)."""
    if knowledge.index_after:
        knowledge.index_after = False
        _index_after_the_answer(knowledge)


@contextmanager
def _building(notice: str) -> Iterator[ProgressView]:
    """What the CLI shows while the facade builds on demand: ``notice``, then each phase on stderr
    (bars on a terminal, one line per phase elsewhere)."""
    print(notice, file=sys.stderr, flush=True)
    with ProgressView(True) as view:
        yield view


def _index_after_the_answer(knowledge) -> None:
    """Build the first database's search index once the command has answered (a close callback)."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        quiet_broken_pipe()
    from kb.api.maintenance import Maintenance  # lazy: the importers and every feature; --help needs none

    print(_("Indexing the rules for search (once; about ten seconds) ..."), file=sys.stderr, flush=True)
    work = Maintenance(knowledge)
    try:
        with work.writing(), ProgressView() as view:  # a search meanwhile hears that the index is coming
            work.update_search_index(view)
    except (MtgkbError, OSError, sqlite3.Error) as error:
        print(
            _("Error: the search index could not be built ({reason}): run 'mtgkb reindex'").format(reason=error),
            file=sys.stderr,
        )


def database_error(error, db) -> MtgkbError:
    """A sqlite3 error that reached a command, as the condition naming the database (kb.api)."""
    from kb.api import database_fault  # lazy: the facade, ~40 ms; --help needs none

    return database_fault(error, db)
