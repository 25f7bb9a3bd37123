"""Databases and a real server for the HTTP tests: built once per test session, read in place.

``http_db`` holds the newest English CR, the bundled seeds (German, Japanese, Russian pages)
and a search index; ``unindexed_db`` is a copy without the index. ``running_server`` starts
`mtgkb serve` as a subprocess on a free loopback port.
"""

from __future__ import annotations

import http.client
import os
import shutil
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from kb.api import KnowledgeBase
from tests.conftest import ROOT, corpus_path, import_seeds
from tests.shared_databases import shared_database

_built: dict[str, Path] = {}


def http_db(tmp_path_factory) -> Path:
    """The newest English CR, the seeds and a search index (shared; never written by a test)."""
    if "indexed" not in _built:
        _built["indexed"] = shared_database("http", _build)
    return _built["indexed"]


def _build(path: Path) -> None:
    kb = KnowledgeBase.open(path)
    kb.import_file(corpus_path("en", "full", "MagicCompRules_20260807.txt"))
    import_seeds(kb)
    kb.update_search_index()
    kb.close()


def copy_db(source: Path, target_dir: Path, *, index: bool) -> Path:
    """A copy of ``source`` (with its search index when ``index``) that a test may change."""
    target = target_dir / source.name
    shutil.copy(source, target)
    if index:
        shutil.copytree(f"{source}.search", f"{target}.search")
    return target


def unindexed_db(tmp_path_factory) -> Path:
    if "plain" not in _built:
        _built["plain"] = copy_db(http_db(tmp_path_factory), tmp_path_factory.mktemp("plain"), index=False)
    return _built["plain"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def running_server(db: Path, *extra: str):
    """`mtgkb --db DB serve` on a free port of 127.0.0.1, until the block ends; yields the port."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "kb", "--db", str(db), "serve", "--port", str(port), *extra],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            if server.poll() is not None:
                raise AssertionError(f"the server stopped: {server.stderr.read().decode()}")
            try:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                connection.request("GET", "/editions")
                if connection.getresponse().status == 200:
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise AssertionError("the server did not answer within 60 s") from None
                time.sleep(0.2)
        yield port
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
