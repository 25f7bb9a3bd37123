"""Figures of the import safeguards (issue 17): what they cost, and the slow cases they removed.

Run: python bench/bench_import_safety.py [--corpus ../shared/corpus] [--db /work/corpus.db]
Prints: HTML nesting depth -> import seconds (before: 20,000 deep 17 s, 39,000 deep 66 s);
decoding all English editions; a re-encoded re-import found unchanged; a cut edition refused;
the writer lock; the derived-data check a trace makes first, and `repair` on a copy of a
whole-corpus database (the database itself is never written: it is copied first).
"""

from __future__ import annotations

import argparse
import codecs
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.api import KnowledgeBase  # noqa: E402
from kb.importers.decode import decode_bytes  # noqa: E402


def timed(function, *args, **kwargs):
    start = time.perf_counter()
    result = function(*args, **kwargs)
    return time.perf_counter() - start, result


def deep_page(depth: int) -> str:
    return (
        "<html><head><title>310. Phenomena</title></head><body>"
        + "<div>" * depth
        + "<p>310.1 Phenomenon is a card type.</p><p>310.2 A phenomenon has rules text.</p>"
        + "</div>" * depth
        + "</body></html>"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    parser.add_argument("--db", type=Path, default=Path("/work/corpus.db"))
    args = parser.parse_args()
    newest = args.corpus / "en" / "full" / "MagicCompRules_20260807.txt"
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        kb = KnowledgeBase.open(folder / "bench.db")
        for depth in (5_000, 20_000, 39_000):
            page = folder / f"deep{depth}.html"
            page.write_text(deep_page(depth), encoding="utf-8")
            seconds, result = timed(kb.import_file, page, update_history=False)
            print(f"HTML page nested {depth:>6} deep: {seconds:6.2f} s, {result.rules} rules")
        files = sorted((args.corpus / "en" / "full").glob("*.txt"))
        data = [path.read_bytes() for path in files]
        seconds, _ = timed(lambda: [decode_bytes(d, "x") for d in data])
        print(f"decode {len(files)} English editions ({sum(map(len, data)) / 1e6:.1f} MB): {seconds:.2f} s")
        copy = folder / newest.name
        shutil.copy(newest, copy)
        seconds, result = timed(kb.import_file, copy, update_history=False)
        print(f"newest edition added: {seconds:.2f} s ({result.rules} rules)")
        copy.write_bytes(
            codecs.BOM_UTF16_LE + newest.read_bytes().decode("utf-8-sig").replace("\n", "\r\n").encode("utf-16-le")
        )
        seconds, result = timed(kb.import_file, copy, update_history=False)
        print(f"same content as UTF-16 with CRLF: {result.status} in {seconds:.2f} s")
        raw = newest.read_bytes()
        copy.write_bytes(raw[: len(raw) * 3 // 10])
        start = time.perf_counter()
        try:
            kb.import_file(copy, update_history=False)
            outcome = "replaced (!)"
        except Exception as error:  # noqa: BLE001  (the figure is the refusal)
            outcome = type(error).__name__
        print(f"edition cut at 30%: {outcome} in {time.perf_counter() - start:.2f} s")
        start = time.perf_counter()
        for _ in range(100):
            with kb.writing():
                pass
        print(f"writer lock taken and released: {(time.perf_counter() - start) * 10:.2f} ms")
        kb.close()
        if args.db.exists():
            whole = folder / "corpus.db"
            shutil.copy(args.db, whole)
            kb = KnowledgeBase.open(whole)
            from kb.repair import history_pending

            history_pending(kb.store)
            start = time.perf_counter()
            for _ in range(20):
                history_pending(kb.store)
            print(
                f"derived-data check before a trace ({len(kb.store.documents())} documents): "
                f"{(time.perf_counter() - start) * 50:.1f} ms"
            )
            seconds, report = timed(kb.repair)
            print(
                f"repair of the whole-corpus copy: {seconds:.2f} s (pairings computed {report.pairings}, "
                f"index documents {len(report.indexed)})"
            )
            with kb.conn:
                last = kb.conn.execute("select max(id) from pairing_runs").fetchone()[0]
                kb.conn.execute("delete from pairings where run_id = ?", [last])
                kb.conn.execute("delete from pairing_runs where id = ?", [last])
            seconds, report = timed(kb.repair)
            print(f"repair after one lost pairing: {seconds:.2f} s (pairings computed {report.pairings})")


if __name__ == "__main__":
    main()
