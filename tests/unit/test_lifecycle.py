"""A server that is stopped leaves nothing behind: after SIGTERM or SIGKILL of `mtgkb serve` (one worker
or several) and of `mtgkb mcp --http` no process holds the database open or its port, and none of its child
processes (uvicorn's worker processes) lives on."""

import http.client
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


def holders(path: Path) -> set[int]:
    """The processes that have ``path`` (or its -wal or -shm file) open (Linux's /proc)."""
    names = {str(path), f"{path}-wal", f"{path}-shm"}
    found: set[int] = set()
    for process in Path("/proc").iterdir():
        if not process.name.isdigit():
            continue
        try:
            if any(os.readlink(fd) in names for fd in (process / "fd").iterdir()):
                found.add(int(process.name))
        except OSError:  # ended meanwhile, or not ours to read
            continue
    return found


def answered(port: int) -> bool:
    """One API request answered (so that a request thread has opened the database)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.request("GET", "/editions", headers={"Accept": "application/json"})
    return connection.getresponse().status == 200


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("signal_number", [signal.SIGTERM, signal.SIGKILL])
def test_a_stopped_server_leaves_no_process(db, command, signal_number):
    # What is checked for every server: when it is stopped, no process keeps the database open and its
    # port is given back. With --workers, also that each worker process ends; a server of one process
    # has none (checked, so that "no child left" is not taken for a test of it).
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
        if command.startswith("serve"):
            assert answered(port)
            assert holders(db), "the server does not hold its database open: nothing to check"
        children = descendants(server.pid)
        assert bool(children) == ("--workers" in COMMANDS[command]), children
        os.kill(server.pid, signal_number)
        server.wait(timeout=60)
        left = lambda: {pid for pid in children if alive(pid)}  # noqa: E731
        assert wait_for(lambda: not left(), 30), f"left running after {signal_number.name}: {left()}"
        assert wait_for(lambda: not holders(db), 30), f"the database is still open in {holders(db)}"
        assert wait_for(lambda: not listening(port), 30), f"port {port} still answers"
    finally:
        if server.poll() is None:
            server.kill()
        for pid in descendants(server.pid):
            os.kill(pid, signal.SIGKILL)
