"""A server that is stopped leaves nothing behind: after SIGTERM or SIGKILL of `mtgkb serve` (one worker
or several) and of `mtgkb mcp --http` none of its child processes (uvicorn's worker processes) lives on
holding the database open."""

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kb.api import KnowledgeBase
from tests.conftest import MINI, ROOT


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = tmp_path_factory.mktemp("lifecycle") / "kb.db"
    kb = KnowledgeBase.open(path)
    kb.import_file(MINI / "MiniRules_20260807.txt")
    kb.close()
    return path


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def descendants(pid: int) -> set[int]:
    """Every process below ``pid`` (children of each thread, recursively)."""
    found: set[int] = set()
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return found
    for task in tasks:
        try:
            kids = Path(f"/proc/{pid}/task/{task}/children").read_text().split()
        except OSError:
            continue
        for kid in map(int, kids):
            found |= {kid} | descendants(kid)
    return found


def alive(pid: int) -> bool:
    """Running, not a zombie waiting to be reaped."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


def wait_for(check, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.2)
    return check()


def listening(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


COMMANDS = {
    "serve": ["serve", "--port"],
    "serve --workers 2": ["serve", "--workers", "2", "--port"],
    "mcp --http": ["mcp", "--http", "--port"],
}


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("signal_number", [signal.SIGTERM, signal.SIGKILL])
def test_a_stopped_server_leaves_no_process(db, command, signal_number):
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "kb", "--db", str(db), *COMMANDS[command], str(port)],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        assert wait_for(lambda: listening(port), 60), "the server did not start"
        if "--workers" in COMMANDS[command]:  # uvicorn's worker processes start with it
            assert wait_for(lambda: len(descendants(server.pid)) >= 2, 60)
        children = descendants(server.pid)
        os.kill(server.pid, signal_number)
        server.wait(timeout=60)
        left = lambda: {pid for pid in children if alive(pid)}  # noqa: E731
        assert wait_for(lambda: not left(), 30), f"left running after {signal_number.name}: {left()}"
    finally:
        if server.poll() is None:
            server.kill()
        for pid in descendants(server.pid):
            os.kill(pid, signal.SIGKILL)
