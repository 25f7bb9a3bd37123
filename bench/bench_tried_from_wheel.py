"""Import and cross-check as a user runs them: a fresh process of an installed `mtgkb` per command.

    python -m build && python3 -m venv /tmp/v && /tmp/v/bin/pip install dist/*.whl
    python bench/bench_tried_from_wheel.py --mtgkb /tmp/v/bin/mtgkb --db /tmp/try.db [--full-db /tmp/full.db]

For every file of tests/data/forms and ../shared/seeds: the wall time of `import --explain` and of
`import` into --db (a database of the bundled texts: `build --newest-only` when it is new), its exit code and
what it stored. Then `crosscheck --document` of the Japanese and Chinese translations (text, --json
and --html) on --db, and of zh 2023-11-17 on --full-db (a database made by `mtgkb build`) when given.
Prints a Markdown table for bench/RESULTS.md. Each command runs once: the figures are a user's first
run, cold start included, on a machine others share.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FORMS = ROOT / "tests" / "data" / "forms"
SEEDS = ROOT.parent / "shared" / "seeds"
SUFFIXES = {".txt", ".md", ".json", ".csv", ".po", ".pdf", ".html", ".rst"}


def run(mtgkb: str, db: str, *args: str) -> tuple[float, int, str]:
    """(seconds, exit code, the last line of stdout or stderr) of one fresh process."""
    started = time.perf_counter()
    done = subprocess.run(
        [mtgkb, "--db", db, *args], capture_output=True, text=True, env={**os.environ, "MTGKB_LANG": "en"}
    )
    seconds = time.perf_counter() - started
    said = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    return seconds, done.returncode, (said[0] if said else "")[:110]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mtgkb", required=True, help="the installed command (a venv's bin/mtgkb)")
    parser.add_argument("--db", required=True, help="a database of your own (built from the bundled texts if new)")
    parser.add_argument("--full-db", help="a database made by 'mtgkb build' (for zh 2023-11-17)")
    parser.add_argument("--checks-only", action="store_true", help="only the cross-checks")
    args = parser.parse_args()
    if not args.checks_only:
        imports(args)
    checks(args)


def imports(args) -> None:
    """Every form and seed: --explain, then the import, each a fresh process."""

    if not Path(args.db).exists():  # what MTGKB_DB=FILE builds on first use; --db FILE does not
        seconds, code, _said = run(args.mtgkb, args.db, "build", "--newest-only", "--no-progress")
        print(f"build --newest-only (the bundled texts): {seconds:.1f} s, exit {code}\n")
    print("| file | explain s | exit | import s | exit | stored (first document) |")
    print("|---|---|---|---|---|---|")
    files = sorted(p for p in FORMS.iterdir() if p.suffix in SUFFIXES and p.name != "SOURCES.md")
    files += sorted(SEEDS.glob("*.txt"))
    for path in files:
        explained = run(args.mtgkb, args.db, "import", "--explain", str(path))
        imported = run(args.mtgkb, args.db, "import", "--no-progress", str(path))
        print(
            f"| {path.name} | {explained[0]:.2f} | {explained[1]} | {imported[0]:.2f} | {imported[1]} "
            f"| {imported[2].replace('|', '/')} |"
        )


def checks(args) -> None:
    """crosscheck --document of the translations, as text, --json and --html."""
    print("\n| cross-check | database | seconds | exit |")
    print("|---|---|---|---|")
    checks = [(args.db, spec) for spec in ("ja@2026-01-16", "zh@2026-04-17")]
    if args.full_db:
        checks += [(args.full_db, spec) for spec in ("zh@2023-11-17", "ja@2026-01-16")]
    with tempfile.TemporaryDirectory() as folder:
        for db, spec in checks:
            for extra in ((), ("--json",), ("--html", str(Path(folder) / "r.html"))):
                seconds, code, _said = run(args.mtgkb, db, "crosscheck", "--document", spec, *extra)
                label = " ".join(("--document", spec, *extra[:1]))
                print(f"| {label} | {'full' if db == args.full_db else 'bundled'} | {seconds:.2f} | {code} |")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
