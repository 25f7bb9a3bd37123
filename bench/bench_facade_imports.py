"""What each feature would add to a fresh `mtgkb show` if the read facade imported it at module top (issue 47).

Run: python bench/bench_facade_imports.py [--runs 15] [--before DIR]

For each module the facade (kb/api/__init__.py) imports on first use, the median wall time of a fresh
``python -c "import kb.api, MODULE"`` minus that of ``python -c "import kb.api"`` (the rounds interleaved,
so that a change in the machine's load moves every command alike); then `mtgkb show 702.26b` on a small
database against ``python -c "import sqlite3"`` (DEVELOPERS.md: within 3x). Each ``# lazy:`` line of
kb/api cites the figure printed here for its module. ``--before DIR``: also `show` and ``import kb.api`` of the
code in DIR (an unpacked checkout, ``git archive main | tar -x -C DIR``), in the same rounds.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MINI = ROOT / "tests" / "data" / "mini" / "MiniRules_20260807.txt"

# The modules kb.api imports inside a method, and what each answers.
FEATURES = [
    ("kb.api.maintenance", "writing: importers, chain, index"),
    ("kb.search.engine", "search"),
    ("kb.search.index", "search index status"),
    ("kb.search.complete", "completion"),
    ("kb.history", "diff, trace, renumbered, inference"),
    ("kb.history.mapping", "number map, rule texts"),
    ("kb.history.overview", "release counts"),
    ("kb.repair", "history completed before a trace"),
    ("kb.terms.glossary", "glossary"),
    ("kb.terms", "term dictionary"),
    ("kb.crosscheck", "cross-checks"),
    ("kb.backlog.build", "backlog"),
    ("kb.citing.cite", "cite"),
    ("kb.citing.check", "cite --check"),
    ("kb.scenarios", "scenarios"),
    ("kb.scenarios.fuzz", "fuzz"),
    ("sqlite_utils", "KnowledgeBase.db"),
    ("kb.store.published", "a published file"),
    ("kb.cards.lookup", "card"),
    ("kb.citing.cards", "cards in a text"),
]

# What `mtgkb --help` would pay if a command's module imported these at its top (--help imports every
# command's module to print its line).
HELP = [("kb.api", "the read facade"), ("kb.api.maintenance", "the write side"), ("kb.api.render", "renderings")]


def medians(commands: list[list[str]], runs: int, env: dict, cwds: dict[int, Path] | None = None) -> list[float]:
    """The median wall time of each command, run in turn round after round (command i in ``cwds[i]``, where
    given: ``python -c`` and ``-m`` import the package of their working directory first)."""
    times: list[list[float]] = [[] for _ in commands]
    for _ in range(runs):
        for position, (args, found) in enumerate(zip(commands, times)):
            start = time.perf_counter()
            subprocess.run(args, check=True, capture_output=True, env=env, cwd=(cwds or {}).get(position, ROOT))
            found.append(time.perf_counter() - start)
    return [statistics.median(found) for found in times]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--before", type=Path, help="An unpacked checkout of the code before, measured beside.")
    args = parser.parse_args()
    python = sys.executable
    subprocess.run([python, "-m", "compileall", "-q", str(ROOT / "kb")], check=True, capture_output=True)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "mini.db"
        env = dict(os.environ, MTGKB_DB=str(db))
        subprocess.run([python, "-m", "kb", "import", str(MINI)], check=True, capture_output=True, env=env)
        commands = [[python, "-c", "import sqlite3"], [python, "-m", "kb", "show", "702.26b"]]
        commands.append([python, "-c", "import kb.api"])
        commands += [[python, "-c", f"import kb.api, {module}"] for module, _ in FEATURES]
        commands += [[python, "-m", "kb", "--help"], [python, "-c", "import kb.cli.app"]]
        commands += [[python, "-c", f"import kb.cli.app, {module}"] for module, _ in HELP]
        cwds = {}
        if args.before:
            subprocess.run([python, "-m", "compileall", "-q", str(args.before / "kb")], check=True, capture_output=True)
            cwds = {len(commands): args.before, len(commands) + 1: args.before}
            commands += [[python, "-m", "kb", "show", "702.26b"], [python, "-c", "import kb.api"]]
        times = medians(commands, args.runs, env, cwds)
        before = times[-2:] if args.before else None
        baseline, show, facade, *rest = times[:-2] if args.before else times
        features, (help_time, app), helped = (
            rest[: len(FEATURES)],
            rest[len(FEATURES) : len(FEATURES) + 2],
            rest[-len(HELP) :],
        )
    print(f"python -c 'import sqlite3': {baseline * 1000:.0f} ms")
    print(f"python -m kb show 702.26b: {show * 1000:.0f} ms, ratio {show / baseline:.2f} (target <= 3)")
    print(f"python -c 'import kb.api': {facade * 1000:.0f} ms")
    if before:
        print(
            f"before ({args.before}): show {before[0] * 1000:.0f} ms, ratio {before[0] / baseline:.2f}; "
            f"import kb.api {before[1] * 1000:.0f} ms"
        )
    for (module, what), seconds in zip(FEATURES, features):
        print(f"  + {module} ({what}): {(seconds - facade) * 1000:+.0f} ms")
    print(f"python -m kb --help: {help_time * 1000:.0f} ms; python -c 'import kb.cli.app': {app * 1000:.0f} ms")
    for (module, what), seconds in zip(HELP, helped):
        print(f"  + {module} ({what}): {(seconds - app) * 1000:+.0f} ms")


if __name__ == "__main__":
    main()
