"""Search figures (issue 5): index build time, quality per language, query latency, FTS5 beside it.

The database holds the newest English edition, the Japanese line translation, both Chinese
translations and the seeds. Targets: build <= 30 s; query p50 <= 5 ms, p95 <= 25 ms in-process.
Latency is measured twice over the query set: the first pass after a warm-up of two unrelated
queries (posting lists and snippets read for the first time), then a second, warm pass.

Run: python bench/bench_search.py [--corpus ../shared/corpus] [--keep DIR]
"""

from __future__ import annotations

import argparse
import re
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.api import KnowledgeBase  # noqa: E402
from kb.search import complete, rebuild_index, search, update_index  # noqa: E402
from kb.search.analyzers import chinese_pieces, japanese_words  # noqa: E402
from kb.search.quality import NEWEST, OLDER, load_queries, measure  # noqa: E402

QUERIES = ROOT / "tests" / "data" / "search_queries.tsv"
PREFIXES = ["deat", "strike", "phas", "Insta", "フェイ", "ふぇい", "时间", "фаз", "tok", "plane"]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def figures(label: str, seconds: list[float]) -> str:
    ms = [s * 1000 for s in seconds]
    return f"{label}: p50 {statistics.median(ms):.2f} ms, p95 {percentile(ms, 0.95):.2f} ms, max {max(ms):.1f} ms"


def build_database(folder: Path, corpus: Path) -> KnowledgeBase:
    kb = KnowledgeBase.open(folder / "bench.db", build=False)
    kb.build()
    kb.import_paths([corpus.joinpath(*parts) for parts in NEWEST + OLDER])
    return kb


# ---- SQLite FTS5 beside it ----------------------------------------------------------------------

def fts_text(text: str, lang: str) -> str:
    """What FTS5's unicode61 tokenizer gets: Japanese split by Sudachi, Chinese as bigrams, others as they are."""
    if lang == "ja":
        return " ".join(word for word, _, _ in japanese_words(text))
    if lang == "zh":
        return " ".join(piece for piece, _, _ in chinese_pieces(text))
    return text


def build_fts(kb: KnowledgeBase, path: Path) -> tuple[sqlite3.Connection, float]:
    started = time.perf_counter()
    conn = sqlite3.connect(path)
    conn.execute("create virtual table rules_fts using fts5(number unindexed, lang unindexed, title, text, "
                 "tokenize='unicode61')")
    rows = kb.db.conn.execute("select r.number, d.lang, coalesce(r.title, ''), coalesce(r.text, '') "
                              "from rules r join documents d on d.id = r.document_id").fetchall()
    conn.executemany("insert into rules_fts values (?, ?, ?, ?)",
                     [(n, lang, fts_text(t, lang), fts_text(x, lang)) for n, lang, t, x in rows])
    conn.commit()
    return conn, time.perf_counter() - started


def fts_query(query: str) -> str:
    tokens: list[str] = []
    for chunk in query.split():
        if re.search(r"[\u3040-\u30ff]", chunk):
            tokens += [w for w, _, _ in japanese_words(chunk)]
        elif re.search(r"[\u4e00-\u9fff]", chunk):
            tokens += [p for p, _, _ in chinese_pieces(chunk)]
        else:
            tokens += re.findall(r"\w+", chunk)
    return " OR ".join('"' + t.replace('"', "") + '"' for t in tokens) or '""'


def fts_search(conn: sqlite3.Connection, query: str) -> list[str]:
    found = conn.execute("select number from rules_fts where rules_fts match ? order by bm25(rules_fts, 0, 0, 5, 1) "
                         "limit 30", [fts_query(query)]).fetchall()
    return list(dict.fromkeys(row[0] for row in found))[:10]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    parser.add_argument("--keep", type=Path, help="Build in this folder and keep it (default: a temporary one).")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        folder = args.keep or Path(temporary)
        folder.mkdir(parents=True, exist_ok=True)
        kb = build_database(folder, args.corpus)
        rules = kb.db.conn.execute("select count(*) from rules").fetchone()[0]
        report = rebuild_index(kb)
        print(f"index build: {report.seconds:.1f} s for {report.rules} rules of {len(report.added)} documents "
              f"(target <= 30 s)")
        started = time.perf_counter()
        update_index(kb, ["000_a3c90cc092d5a721"])
        print(f"incremental update of one replaced document: {time.perf_counter() - started:.2f} s")

        cases = load_queries(QUERIES)
        search(kb, "warm up the lexicon")
        search(kb, "ウォームアップ")
        first = measure(cases, lambda q: [r.number for r in search(kb, q).results])
        second = measure(cases, lambda q: [r.number for r in search(kb, q).results])
        print(f"\nquality over {len(cases)} queries (expected rule first or in the top 3, as the set says):")
        print(f"{'lang':5} {'queries':>7} {'MRR':>6} {'recall@3':>9} {'passed':>7}")
        for lang in first.languages.values():
            print(f"{lang.lang:5} {lang.queries:7} {lang.mrr:6.3f} {lang.recall_at_3:9.3f} {lang.passed:7}")
        for outcome in first.failures:
            print(f"  miss: [{outcome.case.lang}] {outcome.case.query!r} wants {outcome.case.expected} "
                  f"within {outcome.case.within}, got rank {outcome.rank}, top {outcome.top}")
        ours_cold = [o.seconds for o in first.outcomes]
        ours_warm = [o.seconds for o in second.outcomes]
        print("\nlatency, kb.search.search(limit=10), in-process (targets p50 <= 5 ms, p95 <= 25 ms):")
        print("  " + figures("first pass", ours_cold))
        print("  " + figures("warm pass ", ours_warm))
        prefixes = [time.perf_counter()]
        for prefix in PREFIXES:
            complete(kb, prefix)
            prefixes.append(time.perf_counter())
        print("  " + figures("complete  ", [b - a for a, b in zip(prefixes, prefixes[1:])][1:]))

        conn, fts_seconds = build_fts(kb, folder / "fts.db")
        print(f"\nSQLite FTS5 (unicode61; Japanese split by Sudachi, Chinese as bigrams), {rules} rules: "
              f"built in {fts_seconds:.1f} s")
        fts_search(conn, "warm up")
        fts = measure(cases, lambda q: fts_search(conn, q))
        fts_times = [o.seconds for o in fts.outcomes]
        print("  " + figures("FTS5 query", fts_times))
        print(f"  ratio whoosh/FTS5: p50 {statistics.median(ours_cold) / statistics.median(fts_times):.1f}x "
              f"(first pass), {statistics.median(ours_warm) / statistics.median(fts_times):.1f}x (warm); "
              f"p95 {percentile(ours_cold, 0.95) / percentile(fts_times, 0.95):.1f}x (first pass)")
        print("  FTS5 recall@3 on the same set (no cross-language expansion, no grouping): " + ", ".join(
            f"{lang.lang} {lang.recall_at_3:.2f}" for lang in fts.languages.values()))
        conn.close()
        kb.close()


if __name__ == "__main__":
    main()
