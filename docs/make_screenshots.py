"""Screenshots of the reader for README: the rule page, documents side by side and search.

    python docs/make_screenshots.py --db whole.db        # a database made by `mtgkb build`

Serves the reader over ``--db`` on a free loopback port (``mtgkb serve``, read-only), and has
headless Chromium take each page at 1280×800 into docs/images/. Chromium runs with a fresh
profile and without any network service of its own, so the pictures show only what mtgkb serves.
Run it again after a change of the reader: the pictures are the script's, never edited by hand.
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
PAGES = {
    "rule-page.png": "/rules/702.26b",
    "side-by-side.png": "/read/side?s=de:702.23&s=ja:702.26&s=en:702.26",
    "search.png": "/read/search?q=phasing+removed+from+combat",
}
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(url: str, seconds: float = 60) -> None:
    """Until the server answers ``url`` (it checks the database before it listens)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise SystemExit(f"the reader did not answer {url} within {seconds:.0f} s") from None
            time.sleep(0.3)


def screenshot(browser: str, url: str, target: Path, size: tuple[int, int]) -> None:
    with tempfile.TemporaryDirectory(prefix="mtgkb-chromium-") as profile:
        command = [
            browser,
            *FLAGS,
            f"--user-data-dir={profile}",
            f"--window-size={size[0]},{size[1]}",
            f"--screenshot={target}",
            url,
        ]
        subprocess.run(command, check=True, capture_output=True, timeout=120)
    print(f"{target}: {url}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--db", type=Path, required=True, help="the database to serve (made by `mtgkb build`)")
    parser.add_argument("--out", type=Path, default=HERE / "images", help="where the pictures go (docs/images)")
    parser.add_argument("--browser", default=shutil.which("chromium") or "/usr/bin/chromium")
    parser.add_argument("--size", default="1280x800", help="the window, WIDTHxHEIGHT (default 1280x800)")
    args = parser.parse_args(argv)
    width, height = (int(n) for n in args.size.split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "kb", "--db", str(args.db), "serve", "--port", str(port)],
        env={**os.environ, "MTGKB_LANG": "en"},
    )
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for(f"{base}/editions")
        for name, path in PAGES.items():
            screenshot(args.browser, base + path, args.out / name, (width, height))
    finally:
        server.terminate()
        server.wait(timeout=30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
