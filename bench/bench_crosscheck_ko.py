"""Recall on the third answer key, the Korean translator's corrections (tests/data/crosscheck_corrections_ko_kormtgcr.tsv).

Korean has no document in ../shared/corpus, so each earlier state of the translation that a row names
(``[KR@commit → KR@commit, en YYYYMMDD]`` at the end of its reason) is read from a clone of youbeebee/kormtgcr,
imported with the English edition its header names into a database of its own (the term dictionary mined from
the pair), and checked with ``crosscheck --document``. A row counts as found when the report of its earlier state
has a finding at its number. Printed per half of the key: recall, per class, style rules flagged, the length-ratio
baseline given the same number of rules to read, and per state the share of the document flagged.

Run: python bench/bench_crosscheck_ko.py GIT_DIR [--verbose]
"""

from __future__ import annotations

import argparse
import dataclasses
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_crosscheck import recall_line  # noqa: E402
from bench.ko_history_corrections import korean  # noqa: E402
from kb.api import KnowledgeBase  # noqa: E402
from kb.crosscheck import crosscheck_document  # noqa: E402
from kb.crosscheck.corrections import SPLITS, Correction, length_ratio_baseline, read_corrections, score  # noqa: E402
from kb.crosscheck.specs import DocSpec, resolve  # noqa: E402
from kb.crosscheck.texts import load_text  # noqa: E402
from kb.terms import rebuild_terms  # noqa: E402

KEY = ROOT / "tests" / "data" / "crosscheck_corrections_ko_kormtgcr.tsv"
CORPUS = ROOT.parent / "shared" / "corpus"
_STATE = re.compile(r"\[KR@([0-9a-f]+) → KR@([0-9a-f]+), en (\d{8})\]$")


def state_of(row: Correction) -> tuple[str, str]:
    """(earlier commit, English edition) named at the end of the row's reason."""
    match = _STATE.search(row.reason)
    if not match:
        raise ValueError(f"{KEY}: row {row.number}: the reason must end with [KR@commit → KR@commit, en YYYYMMDD]")
    return match.group(1), match.group(3)


def check_state(git_dir: str, commit: str, edition: str, folder: Path) -> tuple[set[str], set[str], int, float]:
    """(flagged rules, length-ratio baseline of the same size, rules of the translation, seconds of the check)."""
    path = folder / commit / "MagicCompRules_KR.txt"
    path.parent.mkdir()
    data = subprocess.run(
        ["git", "--git-dir", git_dir, "show", f"{commit}:MagicCompRules_KR.txt"], capture_output=True, check=True
    ).stdout
    # the states before 2016-11-15 are CP949, which the importers refuse (they read UTF-8, UTF-16, Windows-1252)
    path.write_text(korean(data), encoding="utf-8")
    kb = KnowledgeBase.open(":memory:")
    kb.import_file(CORPUS / "en" / "full" / f"MagicCompRules_{edition}.txt")
    kb.import_file(path)
    rebuild_terms(kb)
    started = time.perf_counter()
    report = crosscheck_document(kb.conn, "MagicCompRules_KR", f"MagicCompRules_{edition}")
    seconds = time.perf_counter() - started
    flagged = set(report.flagged)
    tr = load_text(kb.conn, resolve(kb.conn, DocSpec.parse("MagicCompRules_KR")).id)
    en = load_text(kb.conn, resolve(kb.conn, DocSpec.parse(f"MagicCompRules_{edition}")).id)
    baseline = length_ratio_baseline(tr, en, len(flagged))
    kb.close()
    return flagged, baseline, report.rules["translation"], seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("git_dir", help="a clone of youbeebee/kormtgcr (a bare git directory will do)")
    parser.add_argument("--verbose", action="store_true", help="print each state's figures and each row's result")
    args = parser.parse_args()
    rows = read_corrections(KEY)
    states = sorted({state_of(row) for row in rows})
    ours: list[Correction] = []
    flagged_all: set[str] = set()
    baseline_all: set[str] = set()
    shares = []
    with tempfile.TemporaryDirectory() as folder:
        for commit, edition in states:
            flagged, baseline, total, seconds = check_state(args.git_dir, commit, edition, Path(folder))
            shares.append(len(flagged) / total)
            flagged_all |= {f"{number}@{commit}" for number in flagged}
            baseline_all |= {f"{number}@{commit}" for number in baseline}
            if args.verbose:
                print(f"KR@{commit} against en {edition}: {len(flagged)} of {total} rules flagged, {seconds:.1f} s")
    for row in rows:
        ours.append(dataclasses.replace(row, number=f"{row.number}@{state_of(row)[0]}"))
    print(
        f"{KEY.name}: {len(states)} states of the Korean translation checked; flagged share "
        f"{min(shares):.3f}–{max(shares):.3f} (median {sorted(shares)[len(shares) // 2]:.3f})"
    )
    for split in SPLITS:
        found, plain = score(ours, flagged_all, split), score(ours, baseline_all, split)
        print(recall_line(split, found, plain))
        print(f"            missed: {', '.join(n.split('@')[0] for n in found.missed) or '-'}")
        if args.verbose:
            styled = [c.number for c in ours if c.split == split and c.label == "style" and c.number in flagged_all]
            print(f"            style flagged: {', '.join(n.split('@')[0] for n in styled) or '-'}")


if __name__ == "__main__":
    main()
