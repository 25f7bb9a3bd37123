"""History on demand and the rule page: the figures of the small database a first command builds.

    python bench/bench_on_demand.py [--full whole.db]

1. A fresh small database (`mtgkb build --newest-only`, in a fresh process), then a first
   `mtgkb show 702.23a --edition 2010-07-01` in a fresh process: its wall time (goal: the 2010 text
   within 60 s, with progress on stderr), what it printed first, and the same command again.
2. `--no-build` on another fresh small database: the answer (exit 1, never "none was in force").
3. With ``--full`` (a database of every edition): the rule page of 702.26b, its HTML and gzip size
   (goal: under 150 KB compressed).
"""

from __future__ import annotations

import argparse
import gzip
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def mtgkb(db: Path, *args: str) -> tuple[float, subprocess.CompletedProcess]:
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "kb", "--db", str(db), *args],
        capture_output=True,
        text=True,
        env={**os.environ, "MTGKB_LANG": "en"},
    )
    return time.perf_counter() - started, done


def answered(db: Path, *args: str) -> tuple[float, float, int, list[str], str]:
    """A command in a fresh process: seconds to its first line on stdout (the answer), seconds to its
    end (an added edition's search index follows the answer), exit code, stdout lines, stderr."""
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "kb", "--db", str(db), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "MTGKB_LANG": "en"},
    )
    assert process.stdout is not None
    first = process.stdout.readline()
    answer = time.perf_counter() - started
    rest, errors = process.communicate()
    return answer, time.perf_counter() - started, process.returncode, (first + rest).splitlines(), errors


def small(folder: Path, name: str) -> Path:
    db = folder / name
    seconds, done = mtgkb(db, "build", "--newest-only")
    assert done.returncode == 0, done.stderr
    print(f"small database built in {seconds:.1f} s: {done.stdout.strip().splitlines()[-1]}")
    return db


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--full", type=Path, help="a database of every edition, for the rule page's size")
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="mtgkb-on-demand-"))
    try:
        db = small(folder, "small.db")
        answer, seconds, code, lines, errors = answered(db, "show", "702.23a", "--edition", "2010-07-01")
        print(
            f"first show 702.23a --edition 2010-07-01: exit {code}, answer after {answer:.1f} s, ends after {seconds:.1f} s"
        )
        print("  stderr: " + " | ".join(errors.strip().splitlines()))
        print("  stdout: " + " | ".join(lines[:3]))
        seconds, done = mtgkb(db, "show", "702.23a", "--edition", "2010-07-01")
        print(f"the same again: exit {done.returncode}, {seconds:.2f} s")
        other = small(folder, "other.db")
        seconds, done = mtgkb(other, "--no-build", "show", "702.23a", "--edition", "2010-07-01")
        print(f"--no-build: exit {done.returncode}, {seconds:.2f} s: {done.stderr.strip()}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if args.full:
        from fastapi.testclient import TestClient

        from kb.http.app import create_app

        client = TestClient(create_app(args.full))
        page = client.get("/rules/702.26b", headers={"accept": "text/html"})
        print(f"rule page of 702.26b: {len(page.content):,} bytes, {len(gzip.compress(page.content)):,} gzipped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
