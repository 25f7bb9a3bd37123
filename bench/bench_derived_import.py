"""Derived data after a large accepted import: a generated rule text of 20,000 rules (the default
limit, kb/importers/limits.py), dated as an English edition after the newest one, imported into a
database that holds the newest edition and its search index.

    python bench/bench_derived_import.py [--rules 20000] [--shape formulaic|worded|both] [--keep DIR]

Two shapes of text: "formulaic" (every rule "Rule n of section s: a player may do this once each
turn.", as bench_slowest_import.py writes it) and "worded" (sentences of words drawn, with a fixed
seed, from the newest edition's own rules, citing a rule now and then). Each is imported in a fresh
process (`mtgkb import`), whose derived data are the renumbering chain (the new text pairs with the
newest edition), rule identities, release counts, the term list and the search index. Printed: the
whole import's time and CPU, then (in another fresh copy) the storing and each derived step's.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEAD = "Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of September 4, 2026.\n\n"
NEWEST = "MagicCompRules_20260807.txt"


def formulaic(count: int, _words: list[str]) -> list[str]:
    lines: list[str] = []
    section = 100
    while len(lines) < count:
        lines.append(f"{section}. Section {section}")
        for n in range(1, 100):
            if len(lines) >= count:
                break
            lines.append(f"{section}.{n}. Rule {n} of section {section}: a player may do this once each turn.")
        section += 1
    return lines


def worded(count: int, words: list[str]) -> list[str]:
    chance = random.Random(20260904)
    lines: list[str] = []
    section = 100
    while len(lines) < count:
        lines.append(f"{section}. {' '.join(chance.choices(words, k=2)).title()}")
        for n in range(1, 100):
            if len(lines) >= count:
                break
            text = " ".join(chance.choices(words, k=chance.randint(8, 40))).capitalize() + "."
            if chance.random() < 0.2:
                text += f" See rule {chance.randint(100, section)}.{chance.randint(1, 99)}."
            lines.append(f"{section}.{n}. {text}")
        section += 1
    return lines


SHAPES = {"formulaic": formulaic, "worded": worded}


def generate(folder: Path, shape: str, rules: int, corpus: Path) -> Path:
    text = (corpus / "en" / "full" / NEWEST).read_text(encoding="utf-8-sig")
    words = re.findall(r"[a-z]{3,}", text.lower())
    path = folder / f"{shape.title()}_20260904.txt"  # one "_": an edition of the chain, not a variant
    path.write_text(HEAD + "\n\n".join(SHAPES[shape](rules, words)) + "\n", encoding="utf-8")
    return path


# Run in a process of its own: the import stored alone, then each step of its derived data as
# KnowledgeBase._after_import takes them, each timed (wall and CPU seconds).
STEPS = """
import json, sys, time
from kb.api import KnowledgeBase
from kb.search.index import sync_index
from kb.terms import rebuild_terms

kb = KnowledgeBase.open(sys.argv[1], build=False)
timed = {}
def step(name, work):
    wall, cpu = time.perf_counter(), time.process_time()
    work()
    timed[name] = (time.perf_counter() - wall, time.process_time() - cpu)
step("store", lambda: kb.import_paths([sys.argv[2]], update_history=False))
step("chain, identities and release counts", kb.update_history)
step("term list", lambda: rebuild_terms(kb.conn))
step("search index", lambda: sync_index(kb.store))
rules = kb.conn.execute("select rules from documents where name = ?", [sys.argv[3]]).fetchone()[0]
print(json.dumps({"rules": rules, "steps": timed}))
"""


def run(command: list[str], env: dict) -> tuple[float, float, subprocess.CompletedProcess]:
    """(wall seconds, CPU seconds of the child, the finished process) of one command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    return wall, cpu, done


def fresh_copy(folder: Path, base: Path, name: str) -> Path:
    """A copy of the base database and its search index, named ``name``."""
    db = folder / name
    for old in folder.glob(f"{name}*"):
        shutil.rmtree(old) if old.is_dir() else old.unlink()
    shutil.copy(base, db)
    shutil.copytree(folder / f"{base.name}.search", folder / f"{name}.search")
    return db


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", type=int, default=20_000)
    parser.add_argument("--shape", choices=[*SHAPES, "both"], default="both")
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    parser.add_argument("--keep", type=Path, help="leave the generated files and databases in this folder")
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    kb = [sys.executable, "-m", "kb"]
    folder = Path(tempfile.mkdtemp(prefix="mtgkb-derived-")) if args.keep is None else args.keep
    folder.mkdir(parents=True, exist_ok=True)
    try:
        base = folder / "base.db"
        if not base.exists():
            run([*kb, "--db", str(base), "import", str(args.corpus / "en" / "full" / NEWEST)], env)
        for shape in SHAPES if args.shape == "both" else [args.shape]:
            source = generate(folder, shape, args.rules, args.corpus)
            db = fresh_copy(folder, base, f"{shape}.db")
            wall, cpu, _done = run([*kb, "--db", str(db), "import", str(source)], env)
            print(f"{shape}: {source.stat().st_size / 1e6:.1f} MB; `mtgkb import`: {wall:.1f} s ({cpu:.1f} s CPU)")
            db = fresh_copy(folder, base, f"{shape}-steps.db")
            _wall, _cpu, done = run([sys.executable, "-c", STEPS, str(db), str(source), source.stem], env)
            found = json.loads(done.stdout)
            print(
                f"    {found['rules']} rules; "
                + "; ".join(f"{name} {wall:.1f} s ({cpu:.1f} s CPU)" for name, (wall, cpu) in found["steps"].items())
            )
        print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    finally:
        if args.keep is None:
            shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
