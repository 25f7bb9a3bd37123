"""axe-core for the reader's accessibility test, installed from npm on first use.

The script is not vendored: it is installed with ``npm install axe-core@4`` into a cache
folder outside the project (``$MTGKB_AXE_DIR``, default ``~/.cache/mtgkb/axe-core``) and
injected into each page. ``$MTGKB_AXE`` may name an axe.min.js to use instead. Without
npm and without a cached copy the test fails with a message saying so.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

VERSION = "4"


def axe_script() -> str:
    given = os.environ.get("MTGKB_AXE")
    if given:
        return Path(given).read_text(encoding="utf-8")
    folder = Path(os.environ.get("MTGKB_AXE_DIR", Path.home() / ".cache" / "mtgkb" / "axe-core"))
    script = folder / "node_modules" / "axe-core" / "axe.min.js"
    if not script.exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.fail(
                "axe-core is not installed and npm is missing: install Node.js/npm, or set MTGKB_AXE to an axe.min.js",
                pytrace=False,
            )
        folder.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(
            [npm, "install", "--no-audit", "--no-fund", "--prefix", str(folder), f"axe-core@{VERSION}"],
            capture_output=True,
            text=True,
            timeout=300,
        )
        if done.returncode != 0 or not script.exists():
            pytest.fail(f"npm could not install axe-core into {folder}: {done.stderr[-500:]}", pytrace=False)
    return script.read_text(encoding="utf-8")
