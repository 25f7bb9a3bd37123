"""The progress printer on a pipe: one line per phase, whatever steps a phase reports."""

from __future__ import annotations

import io

from kb.cli.progress import ProgressView
from kb.core.progress import CHAIN, IMPORT, INDEX, INFERENCE, Progress


def index_events(documents: int, texts: int) -> list[Progress]:
    """An index build's events as the facade sends them: a first one, the "read" stage (one step per
    document), then the "index" stage counted in the same steps, its last step sent twice (once as
    the last texts are written, once as the phase closes)."""
    steps = 2 * documents
    events = [Progress(INDEX, 0, 1, "steps")]
    events += [Progress(INDEX, done, steps, "steps", "read") for done in range(1, documents + 1)]
    events += [
        Progress(INDEX, documents + documents * count // texts, steps, "steps", "index")
        for count in range(500, texts + 1, 500)
    ]
    events += [Progress(INDEX, steps, steps, "steps", "index"), Progress(INDEX, steps, steps, "steps")]
    return events


def an_import(files: int, documents: int) -> list[Progress]:
    events = []
    for n in range(files):
        events.append(Progress(IMPORT, n * 100, files * 100, "bytes", f"f{n}.txt", None, n, n * 10, files))
        events.append(
            Progress(
                IMPORT, (n + 1) * 100, files * 100, "bytes", f"f{n}.txt", f"result {n}", n + 1, (n + 1) * 10, files
            )
        )
    events += [Progress(CHAIN, done, files - 1, "pairs", "a -> b") for done in range(files)]
    events += [Progress(INFERENCE, 0, 1, "documents", "seed"), Progress(INFERENCE, 1, 1, "documents")]
    return events + index_events(documents, 22_000)


def printed(events: list[Progress], stream: io.StringIO) -> list[str]:
    files: list = []
    with ProgressView(True, on_file=files.append, stream=stream) as view:
        for event in events:
            view(event)
    assert len(files) == sum(1 for event in events if event.result is not None)
    return [line for line in stream.getvalue().split("\n") if line]  # a bar is redrawn after "\r"


def test_on_a_pipe_each_phase_prints_one_line_though_the_index_has_two_stages():
    lines = printed(an_import(3, 11), io.StringIO())
    assert [line.split(":")[0] for line in lines] == [
        "Importing",
        "Renumbering chain",
        "Inferring editions",
        "Search index",
    ]
    assert lines[0].startswith("Importing: 3 files, 30 rules, ") and lines[1].startswith(
        "Renumbering chain: 2 edition pairs, "
    )
    assert lines[3].startswith("Search index: done, ")


def test_a_second_import_in_the_same_command_prints_its_phases_again():
    lines = printed(an_import(3, 11) + an_import(2, 135), io.StringIO())
    assert [line.split(":")[0] for line in lines] == [
        "Importing",
        "Renumbering chain",
        "Inferring editions",
        "Search index",
    ] * 2
    assert lines[5].startswith("Renumbering chain: 1 edition pair, ")


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_the_index_leaves_one_finished_bar(monkeypatch):
    from kb.cli import progress

    monkeypatch.setattr(progress, "SHOW_AFTER", 0)
    monkeypatch.setattr(progress, "REDRAW_EVERY", 0)
    lines = printed(index_events(135, 27_000), _Terminal())
    finished = [line.rsplit("\r", 1)[-1] for line in lines]
    assert len(finished) == 1 and finished[0].startswith("Search index") and "100%" in finished[0]
    assert "done, " in finished[0] and lines[0].count("\r") > 135  # it was drawn at each step


class _Clock:
    """A stand-in for the module's clock: the test says what time it is."""

    def __init__(self) -> None:
        self.now = 0.0

    def monotonic(self) -> float:
        return self.now


def _bars(events_at: list[tuple[float, Progress]], monkeypatch) -> list[str]:
    """What a terminal shows of ``events_at``, each event sent at its time (seconds from the start)."""
    from kb.cli import progress

    clock = _Clock()
    monkeypatch.setattr(progress, "time", clock)
    stream = _Terminal()
    with ProgressView(None, stream=stream) as view:
        for at, event in events_at:
            clock.now = at  # from 0, so that 0.3 s after the start is exactly 0.3
            view(event)
    return [part for part in stream.getvalue().replace("\n", "\r").split("\r") if part.strip("\x1b[K")]


def test_a_phase_quicker_than_three_tenths_of_a_second_shows_no_bar(monkeypatch):
    quick = [(0.0, Progress(CHAIN, 0, 4, "pairs")), (0.1, Progress(CHAIN, 2, 4, "pairs"))]
    assert _bars([*quick, (0.29, Progress(CHAIN, 4, 4, "pairs"))], monkeypatch) == []
    shown = _bars([*quick, (0.3, Progress(CHAIN, 3, 4, "pairs")), (0.4, Progress(CHAIN, 4, 4, "pairs"))], monkeypatch)
    assert shown and shown[0].startswith("Renumbering chain") and "75%" in shown[0]
    assert shown[-1].startswith("Renumbering chain") and "100%" in shown[-1] and "4 edition pairs, 0.4 s" in shown[-1]


def test_the_estimate_is_the_time_so_far_per_unit_times_the_units_left(monkeypatch):
    shown = _bars(
        [
            (0.0, Progress(CHAIN, 0, 8, "pairs")),
            (0.5, Progress(CHAIN, 1, 8, "pairs")),  # under a second: no estimate yet
            (2.0, Progress(CHAIN, 2, 8, "pairs")),  # 1 s a pair, 6 left
            (90.0, Progress(CHAIN, 6, 8, "pairs")),  # 15 s a pair, 2 left
            (91.0, Progress(CHAIN, 8, 8, "pairs")),
        ],
        monkeypatch,
    )
    assert "left" not in shown[0] and "1/8" in shown[0]
    assert "2/8  about 0:06 left" in shown[1]
    assert "6/8  about 0:30 left" in shown[2]
    assert "8 edition pairs, 91.0 s" in shown[-1] and "left" not in shown[-1]
