"""Figures of the spelling and garbled classes (kb/crosscheck/spelling.py, kb/crosscheck/garbled.py).

1. Precision on fresh labels (tests/data/crosscheck_spelling_fresh.tsv): each labelled state of the youbeebee Korean
   translation is imported with the English edition its header names and checked for the two classes; per class and
   half (crc32 of the rule number), the share a person confirmed, the findings no label holds and the labels no
   finding meets any longer.
2. The third answer key (tests/data/crosscheck_corrections_ko_kormtgcr.tsv): its 23 earlier states checked with every
   class; recall per half with and without the two classes (the classes were designed after its held-out misses were
   read, so it is no blind measure of them), and per state the share of rules with any finding, with and without.
3. With --db (a database built as tests/corpus/test_crosscheck_db.py builds it): zh 2023-11-17, zh 2026-04-17 and
   ja 2026-01-16, the two classes' counts and the shares with and without; recall of both Chinese answer keys with
   and without; the time of a fresh ``mtgkb crosscheck --document`` process for zh 2023-11-17, and for the last
   Korean state in a database of its own.

4. With --every-state, only this: every state of the translation checked for the two classes alone, the distinct
   slips and garbled spans of its whole history and which of them no label holds.

Run: python bench/bench_crosscheck_spelling.py GIT_DIR [--db FILE] [--skip-key] [--time-only] [--every-state]
GIT_DIR: a clone of youbeebee/kormtgcr (a bare git directory will do).
"""

from __future__ import annotations

import argparse
import csv
import dataclasses
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_crosscheck_ko import KEY, state_of  # noqa: E402
from bench.ko_history_corrections import (  # noqa: E402
    CORPUS,
    FILE,
    edition_of,
    english_editions,
    state_report,
    state_text,
    state_texts,
)
from kb.api import KnowledgeBase  # noqa: E402
from kb.crosscheck import crosscheck_document  # noqa: E402
from kb.crosscheck.corrections import SPLITS, Correction, qa_split, read_corrections, score  # noqa: E402
from kb.crosscheck.model import FINDINGS, DocumentCrosscheck  # noqa: E402
from kb.terms import rebuild_terms  # noqa: E402

LABELS = ROOT / "tests" / "data" / "crosscheck_spelling_fresh.tsv"
# the slips the consistency check's older pass found, labelled when that pass became the spelling class's counted way
SLIP_LABELS = ROOT / "tests" / "data" / "crosscheck_slips_fresh.tsv"
NEW = ("spelling", "garbled")
ZH_KEYS = ("crosscheck_corrections_zh.tsv", "crosscheck_corrections_zh_history.tsv")


def read_labels(path: Path) -> list[dict[str, str]]:
    """The label rows; a ValueError names the file and line of a row without its five fields."""
    with open(path, encoding="utf-8", newline="") as handle:
        lines = [(i, line) for i, line in enumerate(handle, 1) if not line.startswith("#")]
    rows = list(csv.reader((line for _, line in lines), delimiter="\t"))
    header, body = rows[0], rows[1:]
    for (number, _), row in zip(lines[1:], body):
        if len(row) != len(header) or row[header.index("label")] not in ("real", "false"):
            raise ValueError(f"{path}:{number}: expected {len(header)} fields with a label real or false")
    return [dict(zip(header, row)) for row in body]


def without(report: DocumentCrosscheck, kinds: tuple[str, ...]) -> set[str]:
    """The rules with a finding of a class other than ``kinds``."""
    return {f.number for f in report.findings if f.kind not in kinds}


def share(rules: set[str], report: DocumentCrosscheck) -> float:
    counts = report.rules
    return len(rules) / (counts["translation"] + counts["original"] - counts["paired"])


def every_label() -> list[dict[str, str]]:
    """The rows of both label files of the spelling class."""
    return read_labels(LABELS) + read_labels(SLIP_LABELS)


def labels_part(git_dir: str) -> None:
    rows = every_label()
    tally: Counter = Counter()
    with tempfile.TemporaryDirectory() as folder:
        for document in dict.fromkeys(row["document"] for row in rows):
            commit = document.split("@")[1]
            report, edition = state_report(git_dir, commit, Path(folder), kinds=NEW)
            mine = [row for row in rows if row["document"] == document]
            kinds = {row["class"] for row in mine}  # the classes labelled on this document
            found = {
                (f.kind, f.number, f.detail["translated"] if f.kind == "spelling" else "")
                for f in report.findings
                if f.kind in kinds
            }
            labelled = set()
            for row in mine:
                key = (row["class"], row["number"], row["form"] if row["class"] == "spelling" else "")
                labelled.add(key)
                half = qa_split(row["number"])
                tally[(row["class"], half, row["label"], "labelled")] += 1
                if key not in found:
                    print(f"  {document} {row['class']} {row['number']} {row['form']}: labelled, no longer found")
                    continue
                tally[(row["class"], half, row["label"], "found")] += 1
            for kind, number, form in sorted(found - labelled):
                print(f"  {document} against en {edition}: {kind} {number} {form}: found, no label")
    print(
        f"{LABELS.name} and {SLIP_LABELS.name}: share a person confirmed, of every labelled finding → of those still found"
    )
    for kind in NEW:
        for half in SPLITS:
            parts = []
            for when in ("labelled", "found"):
                real, false = tally[(kind, half, "real", when)], tally[(kind, half, "false", when)]
                parts.append(f"{real}/{real + false} = {real / (real + false):.2f}" if real + false else "-")
            print(f"  {kind:9} {half:8}: {' → '.join(parts)}")


def key_part(git_dir: str) -> None:
    rows = read_corrections(KEY)
    states = sorted({state_of(row) for row in rows})
    with_all: set[str] = set()
    before: set[str] = set()
    print(f"{KEY.name}: {len(states)} states; share of rules with any finding, without the two classes → with them")
    with tempfile.TemporaryDirectory() as folder:
        for commit, edition in states:
            report, _ = state_report(git_dir, commit, Path(folder), edition)
            every, older = set(report.flagged), without(report, NEW)
            with_all |= {f"{n}@{commit}" for n in every}
            before |= {f"{n}@{commit}" for n in older}
            counts = {kind: report.counts[kind] for kind in NEW}
            print(
                f"  KR@{commit[:7]} en {edition}: {share(older, report):.3f} → {share(every, report):.3f} "
                f"(spelling {counts['spelling']}, garbled {counts['garbled']}; rules only they flag: "
                f"{', '.join(sorted(every - older)) or '-'})"
            )
    ours = [dataclasses.replace(row, number=f"{row.number}@{state_of(row)[0]}") for row in rows]
    for split in SPLITS:
        old, new = score(ours, before, split), score(ours, with_all, split)
        print(
            f"  {split:8}: recall {old.found}/{old.errors} → {new.found}/{new.errors}; "
            f"style rules flagged {old.style_flagged}/{old.style} → {new.style_flagged}/{new.style}; "
            f"missed: {', '.join(n.split('@')[0] for n in new.missed) or '-'}"
        )


def corpus_part(db: str) -> None:
    kb = KnowledgeBase.open(db)
    reports = {spec: crosscheck_document(kb.conn, spec) for spec in ("zh@2023-11-17", "zh@2026-04-17", "ja@2026-01-16")}
    for spec, report in reports.items():
        every, older = set(report.flagged), without(report, NEW)
        print(
            f"{spec}: spelling {report.counts['spelling']}, garbled {report.counts['garbled']}; share with any finding "
            f"{share(older, report):.3f} → {share(every, report):.3f}"
        )
    report = reports["zh@2023-11-17"]
    for name in ZH_KEYS:
        rows: list[Correction] = read_corrections(ROOT / "tests" / "data" / name)
        for split in SPLITS:
            old, new = score(rows, without(report, NEW), split), score(rows, set(report.flagged), split)
            print(f"  {name} {split:8}: recall {old.found}/{old.errors} → {new.found}/{new.errors}")
    kb.close()
    env = dict(os.environ, MTGKB_DB=db)
    print(f"fresh `mtgkb crosscheck --document zh@2023-11-17`: {timed(['zh@2023-11-17'], env)}")


def every_state(git_dir: str) -> None:
    """Every state of the translation (52 in snapshot 7ca77ae), read for the two classes alone: the distinct slips
    (rare form, common form) and garbled spans of its whole history, and which of them no label holds."""
    from kb.crosscheck.garbled import garbled
    from kb.crosscheck.spelling import near_spellings

    labelled = {row["form"] for row in every_label()}
    log = ["git", "--git-dir", git_dir, "log", "--format=%h", "--", FILE]
    commits = subprocess.run(log, capture_output=True, text=True, check=True).stdout.split()
    slips: dict[tuple[str, str], list[str]] = {}
    spans: Counter = Counter()
    with tempfile.TemporaryDirectory() as folder:
        for commit in commits:
            tr, en, _edition = state_texts(git_dir, commit, Path(folder))
            for slip in near_spellings(tr, en):
                slips.setdefault((slip.rare, slip.common), []).append(f"{slip.number}@{commit}")
            spans.update(garble.text for garble in garbled(tr))
    unlabelled = {pair: where for pair, where in slips.items() if pair[0] not in labelled}
    print(
        f"every state ({len(commits)}): {len(slips)} distinct slips, {len(unlabelled)} with no label "
        f"({'; '.join(f'{a}/{b} at {w[0]}' for (a, b), w in unlabelled.items()) or '-'}); garbled spans: "
        + (", ".join(f"{span} ×{times}" for span, times in spans.items()) or "-")
    )


def cjk_trial(db: str, spec: str = "zh@2023-11-17", against: str = "en@2023-11-17") -> None:
    """The near-spelling pass tried on Chinese: character bigrams and trigrams written at most twice, one character
    from an n-gram written five times or more that reads the same (pypinyin, toneless) and whose English word the
    rule names (as for Korean). Printed: how many findings and rules, and the tune half's findings to read. (Kept
    out of the check: see bench/RESULTS.md, "spelling and garbled characters".)"""
    import re
    import zlib
    from collections import defaultdict

    from kb.crosscheck.homophones import Readings
    from kb.crosscheck.specs import DocSpec, resolve
    from kb.crosscheck.spelling import COMMON, EVERYWHERE, RARE, WITNESS, _english_words
    from kb.crosscheck.texts import load_text

    kb = KnowledgeBase.open(db)
    tr = load_text(kb.conn, resolve(kb.conn, DocSpec.parse(spec)).id)
    en = load_text(kb.conn, resolve(kb.conn, DocSpec.parse(against)).id)
    kb.close()
    run = re.compile("[\u3400-\u9fff]+")
    counts: Counter = Counter()
    in_rule: dict[str, Counter] = defaultdict(Counter)
    grams: dict[str, list[str]] = {}
    for number, rule in tr.by_number.items():
        found = [
            part[i : i + size]
            for part in run.findall(rule.full)
            for size in (2, 3)
            for i in range(len(part) - size + 1)
        ]
        grams[number] = found
        for gram in found:
            counts[gram] += 1
            in_rule[gram][number] += 1
    wildcard: dict[tuple[str, str], list[str]] = defaultdict(list)
    for gram, times in counts.items():
        if times >= COMMON:
            for i in range(len(gram)):
                wildcard[(gram[:i], gram[i + 1 :])].append(gram)
    english = {number: _english_words(rule.full) for number, rule in en.by_number.items()}
    english_rules: dict[str, set[str]] = defaultdict(set)
    for number, said in english.items():
        for word in said:
            english_rules[word].add(number)
    everywhere = {word for word, rules in english_rules.items() if len(rules) > EVERYWHERE * len(english)}

    def witness(gram: str) -> tuple[str, float] | None:
        rules = [number for number in in_rule[gram] if number in english]
        together = Counter(word for number in rules for word in english[number] if word not in everywhere)
        scored = [(2 * both / (len(rules) + len(english_rules[word])), word) for word, both in together.items()]
        return max(((word, dice) for dice, word in scored), key=lambda pair: pair[1], default=None)

    readings = Readings()
    findings = []
    for number, found in grams.items():
        for gram in dict.fromkeys(found):
            if counts[gram] > RARE:
                continue
            for i in range(len(gram)):
                for other in wildcard.get((gram[:i], gram[i + 1 :]), ()):
                    if other == gram or readings.of(other[i]) != readings.of(gram[i]):
                        continue
                    best = witness(other)
                    if best and best[1] >= WITNESS and english.get(number, Counter())[best[0]] > in_rule[other][number]:
                        findings.append((number, gram, counts[gram], other, counts[other], best[0]))
    rules = {finding[0] for finding in findings}
    print(f"Chinese n-gram trial on {spec}: {len(findings)} findings in {len(rules)} rules; the tune half:")
    for number, gram, times, other, common, word in findings:
        if zlib.crc32(number.encode()) % 2 == 0:
            print(f"  {number} {gram} ({times}) ~ {other} ({common}), “{word}”")


def timed(arguments: list[str], env: dict[str, str]) -> str:
    """Wall and CPU seconds of a fresh ``mtgkb crosscheck --document`` process (CPU: the machine is shared, so the
    wall time alone says more of the other jobs than of the check)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(
        [str(Path(sys.executable).parent / "mtgkb"), "crosscheck", "--document", *arguments, "--json"],
        env=env,
        check=True,
        capture_output=True,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return f"{wall:.1f} s wall, {cpu:.1f} s CPU"


def korean_time(git_dir: str, commit: str) -> None:
    """A fresh ``mtgkb crosscheck --document`` process on the Korean state ``commit`` in a database of its own."""
    with tempfile.TemporaryDirectory() as folder:
        text = state_text(git_dir, commit)
        edition = edition_of(text, english_editions())
        path = Path(folder) / FILE
        path.write_text(text, encoding="utf-8")
        db = str(Path(folder) / "ko.db")
        kb = KnowledgeBase.open(db)
        kb.import_file(CORPUS / "en" / "full" / f"MagicCompRules_{edition}.txt")
        kb.import_file(path)
        rebuild_terms(kb.conn)
        kb.close()
        env = dict(os.environ, MTGKB_DB=db)
        seconds = timed(["MagicCompRules_KR", "--against", f"MagicCompRules_{edition}"], env)
        print(f"fresh `mtgkb crosscheck --document` of KR@{commit} against en {edition}: {seconds}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("git_dir", help="a clone of youbeebee/kormtgcr (a bare git directory will do)")
    parser.add_argument("--db", help="a database built as tests/corpus/test_crosscheck_db.py builds it")
    parser.add_argument("--skip-key", action="store_true", help="leave out the 23 states of the answer key")
    parser.add_argument("--time-only", action="store_true", help="only the times of fresh processes")
    parser.add_argument("--every-state", action="store_true", help="only the two classes over every state")
    args = parser.parse_args()
    assert set(NEW) <= set(FINDINGS)
    if args.every_state:
        every_state(args.git_dir)
        return
    if args.time_only:
        if args.db:
            print(
                f"fresh `mtgkb crosscheck --document zh@2023-11-17`: {timed(['zh@2023-11-17'], dict(os.environ, MTGKB_DB=args.db))}"
            )
        korean_time(args.git_dir, "a011d64")
        return
    labels_part(args.git_dir)
    if not args.skip_key:
        key_part(args.git_dir)
    if args.db:
        corpus_part(args.db)
        cjk_trial(args.db)
    korean_time(args.git_dir, "a011d64")


if __name__ == "__main__":
    main()
