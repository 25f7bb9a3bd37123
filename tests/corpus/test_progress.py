"""Progress: the facade's events in order with real counts, and what the CLI makes of them."""

from __future__ import annotations

import io
import re

from click.testing import CliRunner

from kb.api import KnowledgeBase
from kb.cli import cli
from kb.core.progress import CHAIN, IMPORT, INDEX, INFERENCE, Progress
from tests.conftest import MINI, SEED_DIR, corpus_path

EDITIONS = ["MagicCompRules_20260417.txt", "MagicCompRules_20260619.txt", "MagicCompRules_20260807.txt"]
RULES = [3294, 3309, 3318]
SEED = SEED_DIR / "000_a3c90cc092d5a721.txt"  # German, undated: its edition is inferred


def test_an_import_reports_each_file_then_the_chain_then_inference_in_order():
    files = [corpus_path("en", "full", name) for name in EDITIONS] + [SEED]
    sizes = [path.stat().st_size for path in files]
    events: list[Progress] = []
    kb = KnowledgeBase.open(":memory:")
    results = kb.import_paths(files, progress=events.append)
    kb.close()
    assert [e.phase for e in events] == [IMPORT] * 8 + [CHAIN] * 3 + [INFERENCE] * 2
    imports = events[:8]
    # one event as each file starts, one with its result as it ends, counted in bytes
    assert [e.done for e in imports] == [
        0,
        sizes[0],
        sizes[0],
        sum(sizes[:2]),
        sum(sizes[:2]),
        sum(sizes[:3]),
        sum(sizes[:3]),
        sum(sizes),
    ]
    assert {e.total for e in imports} == {sum(sizes)} and {e.of for e in imports} == {4}
    assert [e.item for e in imports] == [str(path) for path in files for _ in (0, 1)]
    finished = imports[1::2]
    assert [e.result for e in finished] == results and [e.files for e in finished] == [1, 2, 3, 4]
    assert [r.rules for r in results[:3]] == RULES
    assert [e.rules for e in finished] == [3294, 3294 + 3309, 3294 + 3309 + 3318, 9921 + results[3].rules]
    assert all(e.result is None for e in imports[0::2])
    chain = events[8:11]
    assert [(e.done, e.total) for e in chain] == [(0, 2), (1, 2), (2, 2)]
    assert chain[0].item == "MagicCompRules_20260417 -> MagicCompRules_20260619"
    assert chain[1].item == "MagicCompRules_20260619 -> MagicCompRules_20260807"
    assert [(e.done, e.total, e.item) for e in events[11:]] == [(0, 1, "000_a3c90cc092d5a721"), (1, 1, "")]


def test_the_search_index_is_a_phase_with_a_first_and_last_event(tmp_path):
    kb = KnowledgeBase.open(tmp_path / "kb.db")  # a file: the index lives beside it
    kb.import_file(MINI / "MiniRules_20260807.txt")
    built: list[Progress] = []
    kb.reindex(progress=built.append)
    assert {e.phase for e in built} == {INDEX}
    assert built[0].done == 0 and built[-1].finished and len(built) > 2
    assert [e.done for e in built] == sorted(e.done for e in built)
    # an import builds the index or keeps it current as its last phase
    events: list[Progress] = []
    kb.import_paths([SEED], progress=events.append)
    kb.close()
    phases = [e.phase for e in events]
    assert phases[:2] == [IMPORT, IMPORT] and phases[-1] == INDEX and INFERENCE in phases
    assert phases.index(INFERENCE) < phases.index(INDEX)
    assert events[-1].finished


def test_without_a_terminal_there_is_no_bar_but_each_file_line_in_file_order(tmp_path):
    files = [str(corpus_path("en", "full", name)) for name in EDITIONS[1:]] + [str(MINI / "MiniRules_20260807.txt")]
    result = CliRunner().invoke(cli, ["--db", str(tmp_path / "kb.db"), "import", *files])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert [line.split()[1].rstrip(":") for line in lines] == [
        "MagicCompRules_20260619",
        "MagicCompRules_20260807",
        "MiniRules_20260807",
    ]
    assert lines[0].startswith("added") and "3309 rules" in lines[0] and "3318 rules" in lines[1]
    assert "\r" not in result.output and "[#" not in result.output and "Renumbering" not in result.output
    # --progress on something that is not a terminal: one plain line per phase, no bar
    again = CliRunner().invoke(cli, ["--db", str(tmp_path / "kb.db"), "import", "--progress", *files])
    assert again.exit_code == 0, again.output
    assert again.stdout.splitlines()[0].startswith("unchanged MagicCompRules_20260619")
    mini = int(re.search(r"(\d+) rules", lines[2]).group(1))
    assert f"Importing: 3 files, {3309 + 3318 + mini} rules" in again.stderr and "\r" not in again.output
    assert "Renumbering" not in again.stderr  # nothing changed: no chain phase
    quiet = CliRunner().invoke(cli, ["--db", str(tmp_path / "kb.db"), "import", "--no-progress", *files])
    assert quiet.stderr == "" and len(quiet.stdout.splitlines()) == 3


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_each_phase_has_its_bar_and_file_lines_come_between(monkeypatch):
    from kb.cli import progress as view_module

    monkeypatch.setattr(view_module, "SHOW_AFTER", 0)
    monkeypatch.setattr(view_module, "REDRAW_EVERY", 0)
    monkeypatch.setenv("COLUMNS", "160")
    screen, printed = _Terminal(), []
    view = view_module.ProgressView(on_file=lambda r: printed.append((r, screen.getvalue().count("\n"))), stream=screen)
    view(Progress(IMPORT, 0, 300, "bytes", "a/First.txt", None, 0, 0, 2))
    view(Progress(IMPORT, 100, 300, "bytes", "a/First.txt", "first", 1, 40, 2))
    view(Progress(IMPORT, 100, 300, "bytes", "a/Second.txt", None, 1, 40, 2))
    view(Progress(IMPORT, 300, 300, "bytes", "a/Second.txt", "second", 2, 90, 2))
    view(Progress(CHAIN, 0, 1, "pairs", "A -> B"))
    view(Progress(CHAIN, 1, 1, "pairs", ""))
    view.close()
    text = screen.getvalue()
    assert [r for r, _ in printed] == ["first", "second"]
    assert "Importing" in text and "file 1 of 2" in text and "file 2 of 2" in text and "40 rules" in text
    assert "33%" in text and "Second.txt" in text
    finished = [line.rsplit("\r", 1)[-1] for line in text.split("\n") if line]
    assert finished[0].startswith("Importing") and "2 files, 90 rules" in finished[0] and "100%" in finished[0]
    assert finished[1].startswith("Renumbering chain") and "1 edition pair," in finished[1]
