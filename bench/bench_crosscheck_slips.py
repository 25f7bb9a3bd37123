"""One check of one-letter slips, not two: what the older Korean pass (``kb.crosscheck.hangul.slips``, run by the
consistency check until issue 44 merged it into the spelling class) and the spelling class's own two ways (an English
witness, a function word) each find, alone and together, and what the spelling class finds now.

For every state of the youbeebee Korean translation (each commit of MagicCompRules_KR.txt, checked against the English
edition its header names) it prints, as (rule, word): the older pass's slips (on the rules paired with the original,
as the consistency check read them), the spelling class's own (its findings not found by the counts alone), the
spelling class now; what only the older pass or only the spelling class's own ways find; what the class now misses of
the union (0 expected) and the words it names twice in a rule (0 expected); on the states
tests/data/crosscheck_spelling_fresh.tsv and tests/data/crosscheck_slips_fresh.tsv label, the labelled real and false
slips each finds. Then the same for zh 2023-11-17, zh 2026-04-17 and ja 2026-01-16 of ../shared/corpus (none expected).

Run: python bench/bench_crosscheck_slips.py GIT_DIR [--verbose]
GIT_DIR: a clone of youbeebee/kormtgcr (a bare git directory will do).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_crosscheck_spelling import every_label  # noqa: E402
from bench.ko_history_corrections import CORPUS, FILE, state_texts  # noqa: E402
from kb.api import KnowledgeBase  # noqa: E402
from kb.crosscheck.corrections import SPLITS, qa_split  # noqa: E402
from kb.crosscheck.hangul import slips, word_counts  # noqa: E402
from kb.crosscheck.specs import DocSpec, resolve  # noqa: E402
from kb.crosscheck.spelling import COUNTED, near_spellings  # noqa: E402
from kb.crosscheck.texts import DocText, load_text  # noqa: E402

Slips = set[tuple[str, str]]  # (rule number, the word as the check names it)
CORPUS_DOCS = (
    ("zh@2023-11-17", "zh/MagicCompRules_20231117_zh-CN_HeliumOctahelide.txt", "20231117"),
    ("zh@2026-04-17", "zh/MagicCompRules_20260417_zh-CN_HeliumOctahelide.txt", "20260417"),
    ("ja@2026-01-16", "ja/CompRules_ja_20260116.0_lines.txt", "20260116"),
)


def older(tr: DocText, en: DocText) -> Slips:
    """The older pass's slips, on the paired rules as the consistency check read them."""
    counts = word_counts(rule.full for rule in tr.by_number.values())
    paired = [(number, rule) for number, rule in tr.by_number.items() if number in en.by_number]
    return {(number, slip) for number, rule in paired for slip, *_ in slips(rule.full, counts)}


def spelling(tr: DocText, en: DocText) -> tuple[Slips, list[tuple[str, str]]]:
    """(the spelling class's own slips: found by a way other than the counts alone, every slip it finds now)."""
    found = list(near_spellings(tr, en))
    own = {(slip.number, slip.rare) for slip in found if set(slip.ways) - {COUNTED}}
    return own, [(slip.number, slip.rare) for slip in found]


def same(a: tuple[str, str], b: tuple[str, str]) -> bool:
    """One slip named twice: the same rule, and one word the other with its particle (담계가 and 담계)."""
    return a[0] == b[0] and (a[1].startswith(b[1]) or b[1].startswith(a[1]))


def only(mine: Slips, theirs: Slips) -> Slips:
    return {slip for slip in mine if not any(same(slip, other) for other in theirs)}


def twice(found: list[tuple[str, str]]) -> int:
    """How many findings name a word another finding of the rule names too."""
    return sum(1 for i, a in enumerate(found) for b in found[i + 1 :] if same(a, b))


def load(original: Path, translation: Path, tr_spec: str, en_spec: str) -> tuple[DocText, DocText]:
    """(translation, original) of two files imported into a database of their own."""
    kb = KnowledgeBase.open(":memory:")
    try:
        kb.import_file(original)
        kb.import_file(translation)
        texts = [load_text(kb.conn, resolve(kb.conn, DocSpec.parse(spec)).id) for spec in (tr_spec, en_spec)]
        return texts[0], texts[1]
    finally:
        kb.close()


def labelled_found(labels: dict[tuple[str, str], str], found: Slips) -> str:
    hit = Counter(label for key, label in labels.items() if any(same(key, slip) for slip in found))
    return f"{hit['real']}/{hit['false']}"


def by_half(labels: dict[tuple[str, str], str], found: Slips, tally: Counter, way: str) -> None:
    """Count the labelled slips ``found`` finds, per half of the labels (crc32 of the rule number)."""
    for key, label in labels.items():
        if any(same(key, slip) for slip in found):
            tally[(way, qa_split(key[0]), label)] += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("git_dir", help="a clone of youbeebee/kormtgcr (a bare git directory will do)")
    parser.add_argument("--verbose", action="store_true", help="print every slip only one way finds")
    args = parser.parse_args()
    rows = every_label()
    labelled = {(row["document"].split("@")[1], row["number"], row["form"]): row["label"] for row in rows}
    log = ["git", "--git-dir", args.git_dir, "log", "--reverse", "--format=%h", "--", FILE]
    commits = subprocess.run(log, capture_output=True, text=True, check=True).stdout.split()
    totals: Counter = Counter()
    halves: Counter = Counter()  # (way, half, label) -> labelled slips found
    distinct: set[tuple[str, str]] = set()
    print(
        "state        older (rules)  own (rules)  now (rules)  older only  own only  missed  twice | labels real/false"
    )
    with tempfile.TemporaryDirectory() as folder:
        for commit in commits:
            tr, en, _edition = state_texts(args.git_dir, commit, Path(folder))
            old, (own, now) = older(tr, en), spelling(tr, en)
            now_set = set(now)
            old_only, own_only = only(old, own), only(own, old)
            missed = only(old | own, now_set)
            rules = [len({number for number, _ in found}) for found in (old, own, now_set)]
            totals.update(
                older=len(old),
                own=len(own),
                now=len(now),
                old_only=len(old_only),
                own_only=len(own_only),
                missed=len(missed),
                twice=twice(now),
            )
            distinct |= {(slip, number) for number, slip in old_only}
            mine = {(number, form): label for (c, number, form), label in labelled.items() if commit.startswith(c)}
            marks = ""
            counted_only = only(now_set, own)
            by_half(mine, own, halves, "witnessed or function word")
            by_half(mine, counted_only, halves, "counted only")
            if mine:
                real = sum(1 for label in mine.values() if label == "real")
                marks = f"| of {real} real, {len(mine) - real} false: " + ", ".join(
                    f"{name} {labelled_found(mine, found)}"
                    for name, found in (("older", old), ("own", own), ("now", now_set))
                )
            print(
                f"KR@{commit}  {len(old):>5} ({rules[0]:>3})  {len(own):>4} ({rules[1]:>3})  {len(now):>4} ({rules[2]:>3})"
                f"  {len(old_only):>10}  {len(own_only):>8}  {len(missed):>6}  {twice(now):>5} {marks}"
            )
            if args.verbose:
                for number, slip in sorted(old_only):
                    print(f"    older only: {number} {slip}")
                for number, slip in sorted(own_only):
                    print(f"    own only: {number} {slip}")
    print(
        f"all {len(commits)} states: older {totals['older']}, own {totals['own']}, now {totals['now']}; "
        f"older only {totals['old_only']} ({len(distinct)} distinct word@rule), own only {totals['own_only']}; "
        f"missed now {totals['missed']}, named twice now {totals['twice']}"
    )
    print("labelled slips found, real/(real + false), by way and half of the labels:")
    for way in ("witnessed or function word", "counted only"):
        parts = []
        for half in SPLITS:
            real, false = halves[(way, half, "real")], halves[(way, half, "false")]
            parts.append(f"{half} {real}/{real + false}")
        print(f"  {way}: {', '.join(parts)}")
    for spec, name, edition in CORPUS_DOCS:
        original = CORPUS / "en" / "full" / f"MagicCompRules_{edition}.txt"
        tr, en = load(original, CORPUS / name, spec, f"MagicCompRules_{edition}")
        own, now = spelling(tr, en)
        print(f"{spec}: older {len(older(tr, en))}, own {len(own)}, now {len(now)}")


if __name__ == "__main__":
    main()
