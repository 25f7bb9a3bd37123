"""A new user's first minutes: the wheel installed into a fresh virtualenv, run from another folder
with an empty home, answers from the rule texts it carries."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from tests.conftest import ROOT


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, dict]:
    """(the mtgkb command, the environment) of the wheel installed in a virtualenv of its own."""
    work = tmp_path_factory.mktemp("wheel")
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(work / "dist"), str(ROOT)],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr[-3000:]
    wheel = next((work / "dist").glob("mtgkb-*.whl"))
    assert wheel.stat().st_size < 10 * 2**20  # the whole corpus inside, and still small
    venv.create(work / "venv", with_pip=True)
    pip = subprocess.run(
        [str(work / "venv" / "bin" / "pip"), "install", "--quiet", str(wheel)], capture_output=True, text=True
    )
    assert pip.returncode == 0, pip.stderr[-3000:]
    home = work / "home"
    home.mkdir()
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("MTGKB_", "XDG_", "PYTHON", "VIRTUAL_ENV"))
    }
    env.update(HOME=str(home), MTGKB_LANG="en", LANG="C.UTF-8")
    return work / "venv" / "bin" / "mtgkb", env


def mtgkb(installed, *args: str) -> subprocess.CompletedProcess:
    command, env = installed
    return subprocess.run(
        [str(command), *args], capture_output=True, text=True, env=env, cwd=env["HOME"], timeout=900
    )  # run from the empty home: neither the checkout nor the virtualenv


def test_the_wheel_builds_every_edition_and_answers_from_any_folder(installed):
    build = mtgkb(installed, "build")
    assert build.returncode == 0, build.stderr[-3000:]
    database = Path(installed[1]["HOME"]) / ".local" / "share" / "mtgkb" / "mtgkb.db"
    assert database.exists() and str(database) in build.stdout
    assert "Ready to answer" in build.stderr  # the newest edition answered before the history was done

    phasing = json.loads(mtgkb(installed, "show", "702.26b", "--json").stdout)
    assert (phasing["lang"], phasing["edition"]) == ("en", "2026-08-07")
    assert phasing["ruleText"].startswith("If a permanent phases out, its status changes to “phased out.”")
    japanese = json.loads(mtgkb(installed, "show", "702.26b", "--lang", "ja", "--json").stdout)
    assert japanese["ruleText"].startswith("パーマネントがフェイズ・アウトすると")

    then = json.loads(mtgkb(installed, "show", "702.23a", "--edition", "2010-07-01", "--json").stdout)
    assert then["edition"] == "2010-06-18" and "Phasing" in then["ruleText"]  # an old edition, built too
    assert then["inForce"] == {"date": "2010-07-01", "edition": "2010-06-18"}  # the edition in force that day

    glossary = json.loads(mtgkb(installed, "glossary", "deathtouch", "--json").stdout)
    assert {entry["lang"] for entry in glossary["entries"]} == {"en", "ja", "zh"}

    cited = json.loads(mtgkb(installed, "cite", "See rule 702.26b and 704.5n.", "--json").stdout)
    assert [(c["target"], c["status"]) for c in cited] == [("702.26b", "resolved"), ("704.5n", "resolved")]
    assert "Equipment or Fortification" in cited[1]["rules"][0]["text"]

    # The index, built last, holds the history too: phasing in 2010 was 702.23
    found = json.loads(mtgkb(installed, "search", "phasing", "--edition", "2010-06-18", "--json").stdout)
    assert [(v["number"], v["title"]) for v in found["results"][0]["versions"]] == [("702.23", "Phasing")]
