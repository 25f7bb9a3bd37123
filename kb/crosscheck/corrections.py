"""The translators' own corrections as an answer key: how much of what they later fixed a report finds.

tests/data/crosscheck_corrections_zh.tsv lists the rules of the Chinese translation of 2023-11-17
whose English did not change by 2026-04-17 and whose Chinese did, each labelled ``error`` (with its
class) or ``style``, and split in two halves fixed before any check was tuned: ``tune`` and
``held-out``. A report is scored per half: the recall of the errors (a rule counts as found when
the report has any finding at its number), per error class, and the share of the document's rules
the report flags (what a translator has to read). The baseline is a plain length-ratio check given
the same reading budget.
"""

from __future__ import annotations

import csv
import math
import statistics
import zlib
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from kb.core.model import Serialisable
from kb.crosscheck.texts import DocText

COLUMNS = ("number_2023", "number_2026", "split", "label", "class", "reason")
SPLITS = ("tune", "held-out")


@dataclass(frozen=True)
class Correction:
    number: str  # in the checked (2023) translation
    later: str  # the same rule's number in the corrected edition
    split: str
    label: str  # "error" or "style"
    kind: str  # the error's class ("meaning", "term", ...), "" for style
    reason: str


def read_corrections(path: Path) -> list[Correction]:
    """The answer key; a ValueError names the file, the line and what was expected."""
    rows: list[Correction] = []
    with open(path, encoding="utf-8", newline="") as handle:
        lines = [(i, line) for i, line in enumerate(handle, 1) if not line.startswith("#")]
    reader = csv.reader((line for _, line in lines), delimiter="\t")
    header = next(reader, None)
    if tuple(header or ()) != COLUMNS:
        raise ValueError(f"{path}: expected the columns {', '.join(COLUMNS)}")
    for (line, _), row in zip(lines[1:], reader):
        if len(row) != len(COLUMNS) or row[2] not in SPLITS or row[3] not in ("error", "style"):
            raise ValueError(
                f"{path}, line {line}: expected {len(COLUMNS)} fields, split tune or held-out, label error or style"
            )
        rows.append(Correction(*row))
    return rows


@dataclass
class Score(Serialisable):
    split: str
    errors: int
    found: int
    style: int
    style_flagged: int
    by_class: dict[str, tuple[int, int]]  # error class -> (found, errors)
    missed: list[str]

    @property
    def recall(self) -> float:
        return self.found / self.errors if self.errors else 0.0


def score(corrections: list[Correction], flagged: set[str], split: str) -> Score:
    """How many of the split's errors have a finding at their number."""
    rows = [c for c in corrections if c.split == split]
    errors = [c for c in rows if c.label == "error"]
    by_class: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for c in errors:
        by_class[c.kind][1] += 1
        by_class[c.kind][0] += c.number in flagged
    return Score(
        split,
        len(errors),
        sum(c.number in flagged for c in errors),
        len(rows) - len(errors),
        sum(c.number in flagged for c in rows if c.label == "style"),
        {k: (v[0], v[1]) for k, v in sorted(by_class.items())},
        [c.number for c in errors if c.number not in flagged],
    )


def length_ratio_baseline(tr: DocText, en: DocText, budget: int) -> set[str]:
    """The ``budget`` rules whose translation is longest or shortest for its English, against the document's
    median ratio (log scale): the plain check a QA tool starts with."""
    ratios = {
        number: math.log(len(rule.full) / len(en.by_number[number].full))
        for number, rule in tr.by_number.items()
        if rule.full and number in en.by_number and en.by_number[number].full
    }
    if not ratios:
        return set()
    middle = statistics.median(ratios.values())
    ranked = sorted(ratios, key=lambda n: -abs(ratios[n] - middle))
    return set(ranked[:budget])


@dataclass(frozen=True)
class QaLabel:
    document: str  # "zh@2023-11-17"
    kind: str
    number: str
    real: bool
    reason: str


QA_LABEL_COLUMNS = ("document", "class", "number", "label", "reason")


def read_qa_labels(path: Path) -> list[QaLabel]:
    """Hand labels of QA findings (tests/data/crosscheck_qa_precision.tsv); a ValueError names the line."""
    rows: list[QaLabel] = []
    with open(path, encoding="utf-8", newline="") as handle:
        lines = [(i, line.rstrip("\n")) for i, line in enumerate(handle, 1) if not line.startswith("#")]
    if not lines or tuple(lines[0][1].split("\t")) != QA_LABEL_COLUMNS:
        raise ValueError(f"{path}: expected the columns {', '.join(QA_LABEL_COLUMNS)}")
    for line, text in lines[1:]:
        fields = text.split("\t")
        if len(fields) != len(QA_LABEL_COLUMNS) or fields[3] not in ("real", "false"):
            raise ValueError(f"{path}, line {line}: expected {len(QA_LABEL_COLUMNS)} fields, label real or false")
        rows.append(QaLabel(fields[0], fields[1], fields[2], fields[3] == "real", fields[4]))
    return rows


def qa_precision(labels: list[QaLabel], document: str, found: set[tuple[str, str]]) -> dict[str, tuple[int, int]]:
    """Class -> (real, labelled) over the labels of ``document`` whose (class, number) the report still finds."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for label in labels:
        if label.document == document and (label.kind, label.number) in found:
            counts[label.kind][0] += label.real
            counts[label.kind][1] += 1
    return {kind: (real, total) for kind, (real, total) in sorted(counts.items())}


def qa_split(number: str) -> str:
    """The half of a QA label, fixed by its rule number before any change is tuned: ``tune`` (crc32 even)
    or ``held-out`` (odd), as the labels files state."""
    return "held-out" if zlib.crc32(number.encode()) % 2 else "tune"
