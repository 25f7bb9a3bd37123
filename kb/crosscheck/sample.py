"""The systematic sample of cross-check findings whose hand labels measure precision per class.

The sample is drawn, never chosen: every finding of the three whole-document checks of
the corpus (the Japanese translation of 2026-01-16 and both Chinese translations, each
against the English text of its date), and of the rule-level checks listed in
``RULE_CHECKS`` every k-th flag of each kind, k = ceil(n / ``PER_KIND``) over the
flags of that kind in report order. tests/data/crosscheck_labels.tsv holds one hand
label per sampled finding (real or false, with the reason); the test and
bench/bench_crosscheck.py recompute the sample, check that every sampled finding is
labelled, and print the precision of each class.
"""

from __future__ import annotations

import csv
import math
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

from kb.crosscheck import crosscheck, crosscheck_document
from kb.crosscheck.model import CLASSIC

DOCUMENT_CHECKS = ("ja@2026-01-16", "zh@2023-11-17", "zh@2026-04-17")  # each against English of its date
RULE_CHECKS = (
    ("de:702.23", "ja@2023-11-17:702.26"),
    ("de:702.23", "ja:702.26"),
    ("ja:312", "en:312"),
    ("ja:702.26", "zh@2023-11-17:702.26"),
    ("zh@2023-11-17:506", "ja:506"),
    ("ja:901", "zh@2026-04-17:901"),
    ("ja:728", "zh@2023-11-17:728"),
    ("ja:111", "zh@2023-11-17:111"),
    ("ja:903", "zh@2023-11-17:903"),
    ("ja:601", "zh@2023-11-17:601"),
    ("ja:704.5", "zh@2023-11-17:704.5"),
    ("ja:205.3", "zh@2023-11-17:205.3"),
)
PER_KIND = 20
COLUMNS = ("check", "class", "number", "side", "n", "label", "reason", "message")


@dataclass(frozen=True)
class Sampled:
    """One sampled finding; ``key`` names it independently of its wording."""

    check: str  # "document ja@2026-01-16" or "rule de:702.23 ja:702.26"
    kind: str  # "document/citations", "rule/terms", ...
    number: str
    side: str
    n: int  # the how-many-th finding of this check, kind, number and side
    message: str
    translation: str | None = None
    original: str | None = None

    @property
    def key(self) -> tuple[str, str, str, str, int]:
        return (self.check, self.kind, self.number, self.side, self.n)


def _numbered(items: list[Sampled]) -> list[Sampled]:
    seen: Counter = Counter()
    out = []
    for item in items:
        base = (item.check, item.kind, item.number, item.side)
        seen[base] += 1
        out.append(
            Sampled(
                item.check, item.kind, item.number, item.side, seen[base], item.message, item.translation, item.original
            )
        )
    return out


def draw(conn) -> list[Sampled]:
    """The sample, in a fixed order: document findings first, then the rule-level flags."""
    found: list[Sampled] = []
    for spec in DOCUMENT_CHECKS:
        report = crosscheck_document(conn, spec, kinds=CLASSIC)  # the QA classes: the corrections set
        found += [
            Sampled(f"document {spec}", f"document/{f.kind}", f.number, "", 0, f.message, f.translation, f.original)
            for f in report.findings
        ]
    flags: dict[str, list[Sampled]] = defaultdict(list)
    for a, b in RULE_CHECKS:
        checked = crosscheck(conn, a, b)
        for row in checked.rows:
            cells = [c for c in (row.a, row.en_a, row.en_b, row.b) if c is not None]
            number = (row.a or row.b or cells[0]).number
            for flag in row.flags:
                text = " ‖ ".join(f"{c.lang} {c.number}: {c.text}" for c in cells)
                flags[flag.kind].append(
                    Sampled(f"rule {a} {b}", f"rule/{flag.kind}", number, flag.side or "", 0, flag.message, text, None)
                )
    for kind in sorted(flags):
        every = max(1, math.ceil(len(flags[kind]) / PER_KIND))
        found += flags[kind][::every]
    return _numbered(found)


def read_labels(path: Path) -> dict[tuple, tuple[str, str]]:
    """Key -> (label, reason) from the labels file (lines starting with # are the header)."""
    with open(path, encoding="utf-8", newline="") as handle:
        rows = csv.DictReader((line for line in handle if not line.startswith("#")), delimiter="\t")
        if tuple(rows.fieldnames or ()) != COLUMNS:
            raise ValueError(f"{path}: expected the columns {', '.join(COLUMNS)}")
        labels = {}
        for line, row in enumerate(rows, start=2):
            if row["label"] not in ("real", "false") or not row["reason"].strip():
                raise ValueError(f"{path}: row {line}: label must be real or false, with a reason")
            labels[(row["check"], row["class"], row["number"], row["side"], int(row["n"]))] = (
                row["label"],
                row["reason"],
            )
        return labels


def precision(sample: list[Sampled], labels: dict[tuple, tuple[str, str]]) -> dict[str, tuple[int, int]]:
    """Class -> (real, labelled) over the sampled findings that carry a label."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for item in sample:
        if item.key in labels:
            counts[item.kind][1] += 1
            counts[item.kind][0] += labels[item.key][0] == "real"
    return {kind: (real, total) for kind, (real, total) in sorted(counts.items())}
