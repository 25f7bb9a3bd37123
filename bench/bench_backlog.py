"""Backlog figures (issue 19 targets): the whole backlog of ja 2026-01-16 against en 2026-08-07 in
at most 5 s; a PO round trip of a whole document (write the PO file, import it back as a
translation) in at most 10 s. Also prints how the backlog of zh 2023-11-17 against 2026-04-17
agrees with what the Chinese translators changed in their 2026-04-17 file.

Run: python bench/bench_backlog.py [--corpus ../shared/corpus] [--db FILE]
Without --db a temporary database is built from the corpus files the figures need. Times are
of a fresh process (`mtgkb backlog` as a user runs it) and of calls in a warm process.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.api import KnowledgeBase  # noqa: E402
from kb.backlog import agreement, backlog, write_po  # noqa: E402

ENGLISH = ("20231117", "20260116", "20260417", "20260807")


def build(db: Path, corpus: Path) -> None:
    kb = KnowledgeBase.open(db)
    sources = [
        *(corpus / "en" / "full" / f"MagicCompRules_{d}.txt" for d in ENGLISH),
        corpus / "ja" / "CompRules_ja_20260116.0_lines.txt",
        corpus / "zh" / "MagicCompRules_20231117_zh-CN_HeliumOctahelide.txt",
        corpus / "zh" / "MagicCompRules_20260417_zh-CN_HeliumOctahelide.txt",
    ]
    started = time.perf_counter()
    kb.import_paths(sources, keep_going=False)
    kb.close()
    print(f"setup: {len(sources)} documents imported and the chain stored in {time.perf_counter() - started:.1f} s")


def fresh_process(db: Path, *args: str) -> tuple[float, float]:
    """Wall-clock and CPU seconds (user + system) of one `mtgkb` process; on a machine shared with
    other jobs the CPU time is what the command would take alone."""
    import resource

    env = dict(os.environ, PYTHONPATH=str(ROOT))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "kb", "--db", str(db), *args],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    parser.add_argument("--db", type=Path, help="an existing database with the files above")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if hasattr(os, "getloadavg"):
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    folder = Path(tempfile.mkdtemp(prefix="mtgkb-bench-backlog-"))
    try:
        db = args.db or folder / "backlog.db"
        if not args.db:
            build(db, args.corpus)
        cold = [fresh_process(db, "backlog", "ja@2026-01-16", "--json") for _ in range(args.runs)]
        walls, cpus = [w for w, _ in cold], [c for _, c in cold]
        print(
            f"backlog ja@2026-01-16 -> 2026-08-07, fresh `mtgkb backlog --json`: median "
            f"{statistics.median(walls):.2f} s, max {max(walls):.2f} s over {len(cold)} runs; CPU time median "
            f"{statistics.median(cpus):.2f} s (target <= 5 s)"
        )
        kb = KnowledgeBase.open(db)
        warm = []
        for _ in range(args.runs):
            started = time.perf_counter()
            result = backlog(kb, "ja@2026-01-16")
            warm.append(time.perf_counter() - started)
        print(
            f"backlog in a warm process: median {statistics.median(warm):.2f} s ({len(result.items)} items: "
            f"{result.totals})"
        )

        copy = folder / "roundtrip.db"
        shutil.copyfile(db, copy)
        target = KnowledgeBase.open(copy)
        started = time.perf_counter()
        data = write_po(backlog(target, "ja@2026-01-16"))
        written = time.perf_counter() - started
        po = folder / "ja-20260807.po"
        po.write_bytes(data)
        started = time.perf_counter()
        imported = target.import_file(po, lang="ja")
        read = time.perf_counter() - started
        print(
            f"PO round trip of the whole document: backlog and PO file {written:.2f} s ({len(data) / 1e6:.1f} MB), "
            f"import {read:.2f} s ({imported.rules} rules, {imported.examples} examples, "
            f"{imported.glossary} glossary entries), total {written + read:.2f} s (target <= 10 s)"
        )
        wall, cpu = fresh_process(db, "backlog", "ja@2026-01-16", "--po", str(folder / "cold.po"))
        import_wall, import_cpu = fresh_process(copy, "import", str(folder / "cold.po"), "--lang", "ja")
        print(
            f"fresh `mtgkb backlog --po` {wall:.2f} s (CPU {cpu:.2f} s), then fresh `mtgkb import` of it "
            f"{import_wall:.2f} s (CPU {import_cpu:.2f} s): round trip {wall + import_wall:.2f} s (target <= 10 s)"
        )
        target.close()

        zh = backlog(kb, "zh@2023-11-17", to="2026-04-17")
        found = agreement(kb, zh, "zh@2026-04-17")
        print(
            f"zh 2023-11-17 -> 2026-04-17 against the translators' 2026-04-17 file: "
            f"listed and changed by the translators {found.precision:.1%} ({found.listed_changed}/{found.listed}); "
            f"changed in English and by the translators, and listed {found.recall:.1%} "
            f"({found.both_changed_listed}/{found.both_changed}); machine-updated proposals as the translators "
            f"wrote them {found.machine_agreement:.1%} ({found.machine_same}/{found.machine})"
        )
        for kind, (listed, changed) in found.by_kind.items():
            print(f"  {kind:22} listed {listed:4}, changed by the translators {changed:4}")
        print(f"  listed but left as they were: {', '.join(found.unchanged) or 'none'}")
        print(f"  changed on both sides but not listed: {', '.join(found.missed) or 'none'}")
        kb.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
