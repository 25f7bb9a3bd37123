"""Cards tried as their users would (issue 41): how many rules terms a card links, and a whole
card file imported and interrupted from a fresh process.

1. Links: every title of 701 and 702 of the newest English CR, written as a card writes it and
   listed in a card file's keywords, must link to its own rule; every spelling of every glossary
   entry that points to a rule must link to that entry. Printed: how many do.
2. Import: a Scryfall-format file of ``--cards`` cards (bench/bench_cards.py makes it from the real
   sample) stored by `mtgkb update --cards --file` in a fresh process: wall time, peak memory.
3. Ctrl-C: the same import sent SIGINT after ``--interrupt`` seconds: its exit code, and the cards
   held before and after (they must be the same).

The kb measured is the one Python imports: the installed wheel, the editable checkout, or another
checkout put first with PYTHONPATH (how the figures before a change were taken).

Run: python bench/bench_cards_users.py [--cards 35000] [--interrupt 2] [--corpus ../shared/corpus]
"""

from __future__ import annotations

import argparse
import resource
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from kb.api import KnowledgeBase
from kb.cards.terms import card_terms, english_document, term_key

ROOT = Path(__file__).resolve().parent.parent
SET_SAMPLE = ROOT / "tests" / "data" / "cards" / "mtgjson-set-TSP-sample.json"


def links(kb: KnowledgeBase) -> None:
    store = kb.store
    doc = english_document(store)
    assert doc is not None
    titles = [
        (n, t)
        for n, t in store.conn.execute(
            "select number, title from rules where document_id = ? and parent in ('701', '702')", [doc["id"]]
        )
        if t
    ]
    in_text = listed = 0
    for number, title in titles:
        text = f"{title} target spell." if title == "Counter" else title
        found = card_terms(store, text, [])[:1] + card_terms(store, "", [title])
        ok = [t.title == title and t.rule.startswith(number) for t in found]
        in_text += bool(ok[:1] and ok[0])
        listed += bool(len(ok) > 1 and ok[1])
    spellings = linked = 0
    for (term,) in store.conn.execute(
        "select term from glossary where document_id = ? and exists (select 1 from refs where glossary_id = glossary.id)",
        [doc["id"]],
    ):
        for spelling in str(term).split(","):
            key = term_key(spelling)
            if not key or key in ("you", "your", "x", "if"):
                continue
            spellings += 1
            found = card_terms(store, spelling.strip(), [])
            linked += bool(found) and term_key(found[0].title) == key
    print(
        f"titles of 701/702 ({doc['name']}): {len(titles)}; linked in a text: {in_text}; as a listed keyword: {listed}"
    )
    print(f"glossary spellings that point to a rule: {spellings}; linked: {linked}")


def run_import(db: Path, file: Path, interrupt: float | None) -> tuple[float, float, int]:
    """(seconds, peak MB of the child, exit code) of `mtgkb update --cards --file` in a fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    command = [sys.executable, "-m", "kb", "--db", str(db), "update", "--cards", "--file", str(file), "--no-progress"]
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if interrupt is not None:
        time.sleep(interrupt)
        child.send_signal(signal.SIGINT)
    code = child.wait()
    took = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return took, max(peak, before) / 1024, code


def count(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute("select count(*) from cards").fetchone()[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=35000)
    parser.add_argument("--interrupt", type=float, default=2.0)
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "bench"))
    from bench_cards import make_file  # the real sample's cards, renamed per copy

    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "cards.db"
        kb = KnowledgeBase.open(db)
        kb.import_paths([args.corpus / "en" / "full" / "MagicCompRules_20260807.txt", SET_SAMPLE], keep_going=False)
        links(kb)
        kb.close()
        big = Path(folder) / "oracle-cards.json"
        size = make_file(big, args.cards)
        held = count(db)
        took, peak, code = run_import(db, big, args.interrupt)
        print(
            f"interrupted after {args.interrupt:.1f} s: exit {code} in {took:.1f} s; "
            f"cards held before {held}, after {count(db)}"
        )
        took, peak, code = run_import(db, big, None)
        print(
            f"import of {args.cards} cards ({size / 1e6:.0f} MB), fresh process: exit {code}, {took:.1f} s, "
            f"peak {peak:.0f} MB; cards held {count(db)}"
        )


if __name__ == "__main__":
    main()
