"""The import time of the slowest files mtgkb accepts: each made to sit just inside one limit
(kb/importers/limits.py), imported by `mtgkb import` into a fresh database in a process of its own.

- long lines: rules of 99,000 characters each (the limit is 100,000 a text), 16 MB in all
- citations: rules citing 200 rules each (the limit a text), 40,000 in the document (its limit)
- nesting: a rule page whose HTML is nested 40,000 elements deep, with a newline in each
- rules: 19,900 rules (the limit is 20,000), dated as an English edition beside the newest one
  (the renumbering chain then pairs them: derived data after the import)

Goal: every accepted file in under 60 s here. A file over ``--timeout`` is stopped and printed as such.

Run: python bench/bench_slowest_import.py [--only NAME] [--timeout 300]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEAD = "Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of September 4, 2026.\n\n"


def long_lines(folder: Path) -> Path:
    words = ("The active player untaps their permanents and the game goes on as usual. " * 1400)[:99_000]
    rules = [f"100.{n}. {words}" for n in range(1, 161)]
    path = folder / "long_lines_20260904.txt"
    path.write_text(HEAD + "100. General\n\n" + "\n\n".join(rules) + "\n", encoding="utf-8")
    return path


def citations(folder: Path) -> Path:
    cited = " ".join(f"See rule 100.{n % 199 + 1}." for n in range(200))
    rules = [f"100.{n}. Rule {n}. {cited}" for n in range(1, 201)]
    path = folder / "citations_20260904.txt"
    path.write_text(HEAD + "100. General\n\n" + "\n\n".join(rules) + "\n", encoding="utf-8")
    return path


def nesting(folder: Path) -> Path:
    depth = 40_000
    rules = "".join(f"<p>702.26{letter} Phasing rule {letter}.</p>" for letter in "abcdefghij")
    html = (
        "<html><head><title>702. Keyword Abilities</title></head><body>"
        + "<div>\n" * depth
        + rules
        + "</div>" * depth
        + "<a href='701.html'>&lt;&lt; 701</a> <a href='703.html'>703 &gt;&gt;</a></body></html>"
    )
    path = folder / "nesting.html"
    path.write_text(html, encoding="utf-8")
    return path


def many_rules(folder: Path) -> Path:
    lines = []
    for section in range(100, 299):
        lines.append(f"{section}. Section {section}")
        for n in range(1, 101):
            lines.append(f"{section}.{n}. Rule {n} of section {section}: a player may do this once each turn.")
    path = folder / "many_rules_20260904.txt"
    path.write_text(HEAD + "\n\n".join(lines[:19_900]) + "\n", encoding="utf-8")
    return path


FILES = {
    "long lines": (long_lines, ["--format", "cr-text"]),
    "citations": (citations, ["--format", "cr-text", "--lang", "en"]),
    "nesting": (nesting, ["--format", "rule-page", "--edition", "2026-09-04"]),
    "rules": (many_rules, ["--format", "cr-text"]),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", choices=list(FILES))
    parser.add_argument("--timeout", type=float, default=300)
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    args = parser.parse_args()
    newest = args.corpus / "en" / "full" / "MagicCompRules_20260807.txt"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with tempfile.TemporaryDirectory(prefix="mtgkb-slowest-") as tmp:
        folder = Path(tmp)
        base = folder / "base.db"  # the newest edition, so a dated file joins the chain beside it
        subprocess.run(
            [sys.executable, "-m", "kb", "--db", str(base), "import", str(newest)],
            env=env,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        slowest = ("", 0.0)
        for name, (make, options) in FILES.items():
            if args.only and name != args.only:
                continue
            source = make(folder)
            db = folder / f"{name.replace(' ', '_')}.db"
            shutil.copy(base, db)
            started = time.perf_counter()
            try:
                done = subprocess.run(
                    [sys.executable, "-m", "kb", "--db", str(db), "import", str(source), *options],
                    env=env,
                    capture_output=True,
                    text=True,
                    timeout=args.timeout,
                )
                seconds = time.perf_counter() - started
                outcome = (
                    done.stdout.strip().splitlines()[0]
                    if done.returncode == 0
                    else f"exit {done.returncode}: {done.stderr.strip()[-200:]}"
                )
            except subprocess.TimeoutExpired:
                seconds, outcome = time.perf_counter() - started, f"stopped after {args.timeout:g} s"
            print(f"{name:>10}: {seconds:6.1f} s, {source.stat().st_size / 1e6:5.1f} MB: {outcome}", flush=True)
            if seconds > slowest[1]:
                slowest = (name, seconds)
        print(
            f"slowest accepted file: {slowest[0]}, {slowest[1]:.1f} s (goal: under 60 s); "
            f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores"
        )


if __name__ == "__main__":
    main()
