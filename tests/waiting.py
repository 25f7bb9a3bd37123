"""Waiting in tests without hanging and without losing a helper thread's failure.

A polling loop without a deadline turns a regression into a test run that never ends; an
``assert`` inside a ``threading.Thread`` only prints its traceback and the test passes. These two
helpers make both fail the test: ``wait_until`` with a deadline that names what was awaited, and
``Worker`` a thread whose exception is raised again by ``join``.

The deadlines are generous (a minute): they bound a hang, they measure nothing, so a busy machine
does not fail them.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

DEADLINE = 60.0  # seconds: the longest a test waits for something that should come at once


def wait_until(condition: Callable[[], bool], what: str, seconds: float = DEADLINE, pause: float = 0.01) -> None:
    """Return once ``condition()`` is true; fail the test with ``what`` after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds:g} s for {what}")
        time.sleep(pause)


class Worker(threading.Thread):
    """A thread whose exception (a failed assert too) ``join`` raises in the test's thread."""

    def __init__(self, target: Callable[..., Any], *args: Any) -> None:
        super().__init__(target=self._run, daemon=True)
        self._work = target
        self._work_args = args
        self.error: BaseException | None = None
        self.result: Any = None

    def _run(self) -> None:
        try:
            self.result = self._work(*self._work_args)
        except BaseException as error:  # handed to join
            self.error = error

    def join(self, timeout: float | None = DEADLINE) -> None:  # type: ignore[override]
        super().join(timeout)
        if self.is_alive():
            raise AssertionError(f"a helper thread ({self._work.__name__}) was still running after {timeout} s")
        if self.error is not None:
            raise self.error
