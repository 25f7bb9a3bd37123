"""Citation figures: the grammar on 10 KB of rule text (issue 7 target: <= 5 ms), and citations/s of
`cite` (English words; words of another language, read in that language's documents) and of
`cite --check` (numbers of 2010-07-16 and of before 2009), plus the trace figures they rest on.

Run: python bench/bench_citations.py [--corpus ../shared/corpus] [--db a copy of the whole-corpus database]
Without --db only the grammar is measured. The database is only read.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.core.citations import find_citations  # noqa: E402
from kb.importers.decode import decode_bytes  # noqa: E402

# Real citations as wikis and chats write them: per text, the number of citations `cite` reports.
ENGLISH = (
    "see CR 702.26b and rule 704.5n; rules 601.2a–h, 613.1 and 613.6; ex 2 613.6; "
    "rules 702.26b, c, and d; rule 506.4 and 510.1c"
)  # no "section 7": ~1,000 rules to read
OTHER = "Regel 702.23a; Regel 702.23j; 規則509.4a; ルール702.26k; règle 702.23a; 第702.26条"
WIKI_2010 = "rule 702.23b, 702.23j and 702.22; rules 502.15 and 502.15a; rule 606, “Two-Headed Giant Variant.”"


def grammar(corpus: Path) -> None:
    for parts, lang in (
        (("en", "full", "MagicCompRules_20260807.txt"), "en"),
        (("ja", "CompRules_ja_20260116.0_lines.txt"), "ja"),
    ):
        path = corpus.joinpath(*parts)
        text = decode_bytes(path.read_bytes(), str(path))
        sample = text[200_000:].encode("utf-8")[:10_240].decode("utf-8", errors="ignore")  # 10 KB of UTF-8
        times = []
        for _ in range(50):
            start = time.perf_counter()
            found = find_citations(sample, lang, mode="free")
            times.append(time.perf_counter() - start)
        print(
            f"grammar, 10 KB of {parts[-1]} ({len(found)} citations): median {statistics.median(times) * 1000:.2f} ms, "
            f"p95 {sorted(times)[int(len(times) * 0.95)] * 1000:.2f} ms (target <= 5 ms)"
        )


def rate(label: str, call, seconds: float = 3.0) -> None:
    """Citations per second of ``call`` (which returns its citations), over at least ``seconds``."""
    call()  # warm: documents and indexes read once, as in a server
    count, started = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - started) < seconds:
        count += len(call())
    print(f"{label}: {count / elapsed:,.0f} citations/s ({count} in {elapsed:.1f} s)")


def database(path: Path) -> None:
    from kb.api import KnowledgeBase
    from kb.history import chain_documents, trace, trace_rules
    from kb.history.reach import chain_reach

    kb = KnowledgeBase.open(path)
    rate(f"cite, English words ({len(kb.cite(ENGLISH))} per text)", lambda: kb.cite(ENGLISH))
    rate(
        f"cite, other languages' words read in their documents ({len(kb.cite(OTHER))} per text)", lambda: kb.cite(OTHER)
    )
    rate(
        f"check --since 2010-07-16 ({len(kb.check(WIKI_2010, since='2010-07-16'))} per text)",
        lambda: kb.check(WIKI_2010, since="2010-07-16"),
    )

    def check_and_fix() -> list:
        checked = kb.check(WIKI_2010, since="2010-07-16")
        kb.fix_citations(WIKI_2010, checked)
        return checked

    rate("check --since 2010-07-16 --fix", check_and_fix)
    started = time.perf_counter()
    runs = 50
    for _ in range(runs):
        trace(kb.store, "502.15", "2005-10-01")
    print(
        f"trace 502.15 of 2005-10-01 with its subrules to today: {(time.perf_counter() - started) / runs * 1000:.1f} ms"
    )
    chain = chain_documents(kb.store)
    numbers = [
        row[0] for row in kb.conn.execute("select distinct number from rules where document_id = ?", [chain[0].id])
    ]
    started = time.perf_counter()
    trace_rules(kb.store, numbers, chain[0].name)
    print(
        f"trace_rules: all {len(numbers)} rules of {chain[0].edition} to today at once: "
        f"{time.perf_counter() - started:.2f} s"
    )
    started = time.perf_counter()
    reach = chain_reach(kb.store)
    print(f"chain_reach over {len(reach)} editions: {time.perf_counter() - started:.2f} s")
    eras = (
        ("1999-2004", "1999", "2005"),
        ("2005-2009-05", "2005", "2009-06"),
        ("2009-07-2014", "2009-06", "2015"),
        ("2015-2020", "2015", "2021"),
        ("2021-", "2021", "9999"),
    )
    for era, first, last in eras:
        editions = [r for r in reach if first <= r.edition < last]
        rules, alive = sum(r.rules for r in editions), sum(r.reach for r in editions)
        print(
            f"  {era:13} {len(editions):3} editions, {rules:6} rules, {alive / rules:.1%} chain through to "
            f"{reach[-1].edition} (lowest edition {min(r.fraction for r in editions):.1%})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    parser.add_argument("--db", type=Path, help="a whole-corpus database (a copy: opening may migrate it)")
    args = parser.parse_args()
    grammar(args.corpus)
    if args.db:
        database(args.db)


if __name__ == "__main__":
    main()
