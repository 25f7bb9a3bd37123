"""Progress of the long commands (import, build, reindex, update) on the terminal.

The facade reports kb.core.progress events; this module draws them: one bar per phase
(the import by bytes with its file, file count and running rule count, then the
renumbering chain, edition inference and the search index), each with its own estimate,
and hands every finished file to the command so its result line is printed at once.
Bars are drawn only on a terminal; ``--progress`` on anything else prints one plain line
per phase instead, and ``--no-progress`` draws nothing.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

import click

from kb.core.progress import CHAIN, DOWNLOAD, IMPORT, INDEX, INFERENCE, Progress
from kb.i18n import N_, _, ngettext

LABELS = {
    DOWNLOAD: N_("Downloading"),
    IMPORT: N_("Importing"),
    CHAIN: N_("Renumbering chain"),
    INFERENCE: N_("Inferring editions"),
    INDEX: N_("Search index"),
}
SHOW_AFTER = 0.3  # seconds: a phase quicker than this never shows a bar
REDRAW_EVERY = 0.1


def progress_option(function):
    """--progress/--no-progress on a command that can run long (default: bars on a terminal)."""
    return click.option(
        "--progress/--no-progress",
        "progress",
        default=None,
        help="Show progress bars (default: when stderr is a terminal; elsewhere --progress prints a line per phase).",
    )(function)


class ProgressView:
    """A kb.core.progress callback that draws phases on stderr and passes on finished files."""

    def __init__(self, enabled: bool | None = None, on_file: Callable | None = None, stream=None):
        self.stream = stream or sys.stderr
        terminal = _is_terminal(self.stream)
        self.bars = terminal if enabled is None else (enabled and terminal)
        self.lines = bool(enabled) and not terminal
        self.on_file = on_file
        self.phase: str | None = None
        self.started = 0.0
        self.drawn = 0.0  # when the bar was last drawn; 0: not on screen
        self.last: Progress | None = None
        self.ended: str | None = None  # the phase that ended last, until another one begins

    def __call__(self, event: Progress) -> None:
        now = time.monotonic()
        if event.phase == self.ended and self.phase is None:
            return  # a late step of the phase just ended (the index counts two stages): it has its line
        self.ended = None
        if event.phase != self.phase:
            self._end_phase(now)
            self.phase, self.started, self.drawn = event.phase, now, 0.0
        self.last = event
        if event.result is not None and self.on_file:
            self._clear()
            self.on_file(event.result)
            self.drawn = 0.0  # cleared: drawn again at once
        if event.finished and event.phase not in (IMPORT, DOWNLOAD):
            self._end_phase(now)
            self.phase, self.ended = None, event.phase
            return
        if self.bars and now - self.started >= SHOW_AFTER and (not self.drawn or now - self.drawn >= REDRAW_EVERY):
            self._draw(event, now)

    def close(self, interrupted: bool = False) -> None:
        """End the last phase (a bar is left on screen as a finished line; where the work was
        interrupted, as far as it got, not as done)."""
        self._end_phase(time.monotonic(), interrupted)
        self.phase = self.ended = None

    def __enter__(self) -> "ProgressView":
        return self

    def __exit__(self, exc_type, *_exc) -> None:
        self.close(interrupted=exc_type is not None)

    # ---- drawing -------------------------------------------------------------------------------

    def _end_phase(self, now: float, interrupted: bool = False) -> None:
        event, self.last = self.last, None
        if event is None or self.phase is None:
            return
        took = now - self.started
        if interrupted:
            if self.drawn:  # the bar stays where the work stopped
                self.stream.write("\n")
                self.stream.flush()
                self.drawn = 0.0
            return
        if self.bars and (self.drawn or took >= SHOW_AFTER):
            self._draw(event, now, final=True)
            self.stream.write("\n")
            self.stream.flush()
            self.drawn = 0.0
        elif self.lines:
            self.stream.write(f"{self._summary(event, took)}\n")
            self.stream.flush()

    def _draw(self, event: Progress, now: float, final: bool = False) -> None:
        import shutil  # lazy: bz2 and lzma come with it, ~3 ms a fresh show would pay for no bar

        width = shutil.get_terminal_size((80, 24)).columns
        share = event.done / event.total if event.total else 1.0
        if final:
            share = 1.0
        bar_width = 24
        filled = round(bar_width * share)
        bar = "#" * filled + "-" * (bar_width - filled)
        tail = self._summary(event, now - self.started) if final else self._detail(event, now)
        line = f"{_(LABELS.get(event.phase, event.phase)):<18} [{bar}] {round(share * 100):3d}%  {tail}"
        self.stream.write("\r" + line[: max(width - 1, 20)] + "\x1b[K")
        self.stream.flush()
        self.drawn = now

    def _detail(self, event: Progress, now: float) -> str:
        parts = []
        if event.phase == IMPORT and event.of:
            parts.append(_("file {n} of {total}").format(n=min(event.files + 1, event.of), total=event.of))
            parts.append(ngettext("{n} rule", "{n} rules", event.rules).format(n=event.rules))
        elif event.phase == IMPORT and event.unit == "bytes":  # one file read as a stream (a card file)
            parts.append(_("{done} of {total} MB").format(done=_megabytes(event.done), total=_megabytes(event.total)))
        elif event.total > 1:
            parts.append(f"{event.done}/{event.total}")
        elapsed = now - self.started
        if event.done and elapsed >= 1 and event.total > event.done:
            left = elapsed / event.done * (event.total - event.done)
            parts.append(_("about {time} left").format(time=_clock(left)))
        if event.item:
            parts.append(event.item.rsplit("/", 1)[-1])
        return "  ".join(parts)

    def _summary(self, event: Progress, took: float) -> str:
        """The line a finished phase leaves: what it did and how long it took."""
        seconds = _("{seconds} s").format(seconds=f"{took:.1f}")
        if event.phase == IMPORT and not event.of and event.unit == "bytes":
            text = _("{n} MB").format(n=_megabytes(event.total))
        elif event.phase == IMPORT:
            done = ngettext("{n} file", "{n} files", event.files).format(n=event.files)
            rules = ngettext("{n} rule", "{n} rules", event.rules).format(n=event.rules)
            text = f"{done}, {rules}"
        elif event.phase == CHAIN:
            text = ngettext("{n} edition pair", "{n} edition pairs", event.total).format(n=event.total)
        elif event.phase == DOWNLOAD:
            text = _("{n} KB").format(n=round(event.done / 1024))
        elif event.phase == INFERENCE:
            text = ngettext("{n} undated document", "{n} undated documents", event.total).format(n=event.total)
        else:
            text = _("done")
        if self.lines:
            return f"{_(LABELS.get(event.phase, event.phase))}: {text}, {seconds}"
        return f"{text}, {seconds}"

    def _clear(self) -> None:
        if self.drawn:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


def _megabytes(size: int) -> str:
    return f"{size / 1_000_000:.1f}"


def _clock(seconds: float) -> str:
    seconds = round(seconds)
    return f"{seconds // 60}:{seconds % 60:02d}"


def _is_terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
