"""Figures of issue 13's progress: does the progress follow the work?

Imports English editions into a fresh database (in a temporary folder) with a recording callback
and prints, per phase, when it started and ended, the longest silence between two events, and
for the import how far the byte-counted estimate was off at its half-way point. The old import
reached 100% at 22 s of a 40 s run and then was silent for 17 s: here every phase must end with
its last event and the silence after the last event must be about zero.

    python bench/bench_progress.py [COUNT]     # COUNT newest editions (default 20)
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.api import KnowledgeBase  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus" / "en" / "full"


def main(count: int = 20) -> None:
    files = sorted(CORPUS.glob("MagicCompRules_*.txt"))[-count:]
    events = []
    with tempfile.TemporaryDirectory() as folder:
        kb = KnowledgeBase.open(Path(folder) / "bench.db")
        started = time.perf_counter()
        kb.import_paths(files, progress=lambda e: events.append((time.perf_counter() - started, e)))
        ended = time.perf_counter() - started
        kb.close()
    print(f"{len(files)} editions imported in {ended:.1f} s; {len(events)} progress events")
    phases: dict[str, list] = {}
    for at, event in events:
        phases.setdefault(event.phase, []).append((at, event))
    for phase, seen in phases.items():
        first, last = seen[0][0], seen[-1][0]
        gaps = [b[0] - a[0] for a, b in zip(seen, seen[1:])]
        print(
            f"  {phase:<10} {first:6.1f} s -> {last:6.1f} s  {len(seen):4d} events, longest silence "
            f"{max(gaps, default=0):.1f} s, last {seen[-1][1].done}/{seen[-1][1].total} {seen[-1][1].unit}"
        )
    imports = phases.get("import", [])
    if imports:
        end = imports[-1][0]
        half = next((at, e) for at, e in imports if e.done >= e.total / 2)
        estimate = half[0] / (half[1].done / half[1].total)
        print(
            f"  import: half the bytes at {half[0]:.1f} s; the estimate then said {estimate:.1f} s, it took {end:.1f} s "
            f"({(estimate - end) / end:+.0%})"
        )
    print(f"  silence after the last event: {ended - events[-1][0]:.2f} s (the old bar: 17 s)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
