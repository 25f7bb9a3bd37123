"""Recall on a key of the Chinese translators' corrections between earlier states of their translation (by default
tests/data/crosscheck_corrections_zh_history2.tsv; ``--key`` names another of the same form, such as
tests/data/crosscheck_corrections_zh_history3.tsv).

The rows are corrections between earlier states of HeliumOctahelide/magic-comp-rules-zh-cn, none of them a corpus
document. Each earlier state a row names (``[YYYYMMDD_Zh.txt@commit → …]`` at the end of its reason) is read from
a clone of that repository, imported into a database of its own beside the corpus English edition it translates
(the one of its date, else the latest before it), with the term dictionary mined from the pair, and checked with
``crosscheck --document``, as bench/bench_crosscheck_ko.py does for Korean. No glossary is imported unless
``--glossary`` is given: the corpus glossary (../shared/corpus/mapping, of 2026-04-17) is later than every state and
may tell the check the later wording; bench/bench_crosscheck.py's database holds it. A row counts as found when
the report of its earlier state has a finding at its number.

Printed per half of the key: recall of the errors, per class, the style rules flagged, the length-ratio baseline
given the same number of rules to read; per state the share of the document flagged. ``--check NAME`` also prints
the same figures for the findings of one check alone (a finding's ``detail.check``, such as ``unrendered``): what
that check finds by itself, which a check's thresholds are set on, since the other checks were tuned on the same
rows. ``--misses`` lists the
tune half's missed errors with their reasons; the held-out half's misses are never printed (they are not to be
read when a check is changed).

Run: python bench/bench_crosscheck_zh_history2.py GIT_DIR [--key PATH] [--misses] [--glossary] [--earlier]
     [--check NAME]
"""

from __future__ import annotations

import argparse
import dataclasses
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_crosscheck import recall_line  # noqa: E402
from bench.zh_history_corrections import CORPUS, run  # noqa: E402
from kb import store  # noqa: E402
from kb.api import KnowledgeBase  # noqa: E402
from kb.crosscheck import crosscheck_document  # noqa: E402
from kb.crosscheck.corrections import SPLITS, Correction, length_ratio_baseline, read_corrections, score  # noqa: E402
from kb.crosscheck.specs import DocSpec, resolve  # noqa: E402
from kb.crosscheck.stale import YEARS  # noqa: E402
from kb.crosscheck.texts import load_text  # noqa: E402
from kb.importers import dokuwiki_glossary  # noqa: E402
from kb.terms import rebuild_terms  # noqa: E402

KEY = ROOT / "tests" / "data" / "crosscheck_corrections_zh_history2.tsv"
GLOSSARY = CORPUS / "mapping" / "glossary_en-zh_dokuwiki_HeliumOctahelide_20260417.txt"
_PAIR = re.compile(r"\[(\d{8})_Zh\.txt@([0-9a-f]{7,40}) → (\d{8})_Zh\.txt@([0-9a-f]{7,40})\]$")


@dataclasses.dataclass(frozen=True)
class State:
    date: str  # YYYYMMDD of the file
    commit: str

    @property
    def label(self) -> str:
        return f"{self.date}@{self.commit}"


def state_of(row: Correction) -> State:
    """The earlier state of the row's pair, named at the end of its reason."""
    match = _PAIR.search(row.reason)
    if not match:
        raise ValueError(f"row {row.number}: the reason must end with [YYYYMMDD_Zh.txt@commit → …]")
    return State(match.group(1), match.group(2))


def english_edition(date: str) -> str:
    """The corpus English edition a state of ``date`` translates: that date's, else the latest before it."""
    editions = sorted(p.stem.split("_")[1] for p in (CORPUS / "en" / "full").glob("MagicCompRules_*.txt"))
    earlier = [e for e in editions if e <= date]
    if not earlier:
        raise ValueError(f"no English edition in {CORPUS / 'en' / 'full'} on or before {date}")
    return earlier[-1]


@dataclasses.dataclass
class Checked:
    flagged: set[str]
    alone: set[str]  # the rules one check's findings name (``check`` of check_state)
    alone_baseline: set[str]  # the length-ratio check given as many rules as that check names
    baseline: set[str]  # the length-ratio check given as many rules to read
    rules: int
    edition: str
    seconds: float


def earlier_editions(edition: str) -> list[Path]:
    """The corpus English editions of the years before ``edition`` that kb.crosscheck.stale reads."""
    since = str(int(edition[:4]) - YEARS) + edition[4:]
    paths = sorted((CORPUS / "en" / "full").glob("MagicCompRules_*.txt"))
    return [p for p in paths if since <= p.stem.split("_")[1] < edition.replace("-", "")]


def check_state(
    git_dir: str, state: State, folder: Path, glossary: bool = False, earlier: bool = False, check: str | None = None
) -> Checked:
    name = f"MagicCompRules_{state.date}_zh-CN_HeliumOctahelide_{state.commit}"
    path = folder / f"{name}.txt"
    path.write_text(run(git_dir, "show", f"{state.commit}:plain_text/{state.date}_Zh.txt"), encoding="utf-8")
    edition = english_edition(state.date)
    english = f"MagicCompRules_{edition}"
    kb = KnowledgeBase.open(":memory:")
    try:
        kb.import_file(CORPUS / "en" / "full" / f"{english}.txt")
        kb.import_file(path)
        if glossary:  # stored as tests/corpus/test_crosscheck_db.py stores it
            data = GLOSSARY.read_bytes()
            document = dokuwiki_glossary.parse(data, str(GLOSSARY))
            store.store_document(kb.conn, document, name=GLOSSARY.stem, source=str(GLOSSARY), data=data)
        rebuild_terms(kb.conn)
        if earlier:  # after the terms: the term dictionary stays what the pair alone gives
            for path in earlier_editions(edition):
                kb.import_file(path)
        started = time.perf_counter()
        report = crosscheck_document(kb.conn, name, english)
        seconds = time.perf_counter() - started
        flagged = set(report.flagged)
        alone = {f.number for f in report.findings if check is not None and f.detail.get("check") == check}
        tr = load_text(kb.conn, resolve(kb.conn, DocSpec.parse(name)).id)
        en = load_text(kb.conn, resolve(kb.conn, DocSpec.parse(english)).id)
        baseline = length_ratio_baseline(tr, en, len(flagged))
        alone_baseline = length_ratio_baseline(tr, en, len(alone)) if alone else set()
        return Checked(flagged, alone, alone_baseline, baseline, report.rules["translation"], edition, seconds)
    finally:
        kb.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "git_dir", help="a clone of HeliumOctahelide/magic-comp-rules-zh-cn (a bare git directory will do)"
    )
    parser.add_argument("--key", type=Path, default=KEY, help=f"the answer key (default: {KEY.relative_to(ROOT)})")
    parser.add_argument("--misses", action="store_true", help="list the tune half's missed errors with their reasons")
    parser.add_argument("--glossary", action="store_true", help="also import the corpus en-zh glossary (2026-04-17)")
    parser.add_argument("--check", help="also score the findings of this check alone (detail.check: unrendered ...)")
    parser.add_argument(
        "--earlier",
        action="store_true",
        help="also import the corpus English editions of the six years before each state (kb.crosscheck.stale)",
    )
    args = parser.parse_args()
    rows = read_corrections(args.key)
    states = list(dict.fromkeys(state_of(row) for row in rows))  # in the key's order: the order of the history
    flagged_all: set[str] = set()
    baseline_all: set[str] = set()
    alone: set[str] = set()
    alone_baseline: set[str] = set()
    alone_rules = 0
    shares = []
    with tempfile.TemporaryDirectory() as folder:
        for state in states:
            checked = check_state(args.git_dir, state, Path(folder), args.glossary, args.earlier, args.check)
            share = len(checked.flagged) / checked.rules
            shares.append(share)
            flagged_all |= {f"{number}@{state.label}" for number in checked.flagged}
            baseline_all |= {f"{number}@{state.label}" for number in checked.baseline}
            alone |= {f"{number}@{state.label}" for number in checked.alone}
            alone_baseline |= {f"{number}@{state.label}" for number in checked.alone_baseline}
            alone_rules += len(checked.alone)
            keyed = sum(1 for row in rows if state_of(row) == state)
            print(
                f"{state.date}_Zh.txt@{state.commit} against en {checked.edition}: {len(checked.flagged)} of "
                f"{checked.rules} rules flagged ({share:.3f}); {keyed} rows of the key; {checked.seconds:.1f} s"
            )
    ours = [dataclasses.replace(row, number=f"{row.number}@{state_of(row).label}") for row in rows]
    print(
        f"{args.key.name}: {len(rows)} rows, {len(states)} states checked{' with the glossary' * args.glossary}; flagged share "
        f"{min(shares):.3f}–{max(shares):.3f} (median {statistics.median(shares):.3f})"
    )
    for split in SPLITS:
        found, plain = score(ours, flagged_all, split), score(ours, baseline_all, split)
        print(recall_line(split, found, plain))
        if args.misses and split == "tune":
            reasons = {row.number: row for row in ours}
            for number in found.missed:
                print(f"            missed {number.split('@')[0]:8} {reasons[number].kind:12} {reasons[number].reason}")
    if args.check:
        print(f"the check {args.check!r} alone: {alone_rules} rules reported over the {len(states)} states")
        for split in SPLITS:
            print(recall_line(split, score(ours, alone, split), score(ours, alone_baseline, split)))


if __name__ == "__main__":
    main()
