"""A database's writer lock held by another process, so that a test of the import queue knows that
its imports did wait: without it, imports started together may simply run one after the other and
the test passes without the lock ever being contended."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.conftest import ROOT
from tests.waiting import wait_until

HOLD = textwrap.dedent("""
    import sys
    from pathlib import Path
    from kb.store.lock import writer_lock
    with writer_lock(Path(sys.argv[1])):
        print("held", flush=True)
        sys.stdin.readline()  # until the test lets go
""")

WAITING = "Waiting for another import or repair of"


@contextmanager
def writer_lock_held(database: Path) -> Iterator[subprocess.Popen]:
    """A process holding ``database``'s writer lock until the block ends (or ``release`` is called)."""
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(database)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        yield holder
    finally:
        release(holder)


def release(holder: subprocess.Popen) -> None:
    """Let the holder end, so the imports waiting behind it go on."""
    if holder.poll() is None:
        assert holder.stdin is not None
        holder.stdin.write("\n")
        holder.stdin.close()
        holder.wait(timeout=60)


def wait_for_the_queue(logs: list[Path]) -> None:
    """Return once every process writing one of ``logs`` has said that it waits for the lock."""
    wait_until(
        lambda: all(log.exists() and WAITING in log.read_text(encoding="utf-8") for log in logs),
        f"{len(logs)} imports to wait for the writer lock",
    )


def holds_open(pid: int, path: Path) -> bool:
    """Whether process ``pid`` has ``path`` open (Linux's /proc): an import that has opened the lock
    file while another process holds the lock is waiting for it."""
    try:
        return any(Path(os.readlink(fd)) == path for fd in Path(f"/proc/{pid}/fd").iterdir())
    except (FileNotFoundError, ProcessLookupError):  # a descriptor closed while read, or the process ended
        return False


def wait_for_the_lock(processes: list[subprocess.Popen], database: Path) -> None:
    """Return once every one of ``processes`` waits on ``database``'s writer lock file (a first import
    waits there silently: the database is created under the lock, before any message can be shown)."""
    lock = database.with_name(database.name + "-writer.lock").resolve()
    wait_until(
        lambda: all(holds_open(process.pid, lock) for process in processes),
        f"{len(processes)} imports to wait for the writer lock",
    )
