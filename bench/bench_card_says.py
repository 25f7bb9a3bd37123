"""What a card view costs now that it says what the card's text says (issue 41), on real cards.

A database of the English CR of 2026-08-07 and the 102 real Scryfall cards of
tests/data/cards/scryfall-2019-named-in-real-questions.json (no search index: `card` and `cite`
do not read it) is built in a temporary folder; then:

1. `card` of each of the 102 cards in one process: median and p95 of the whole view, and of
   `text_says` alone (the part this issue adds), with how many cards say something, how many
   wordings, and how many of their spans hold the words shown (every one must).
2. `cite_cards` of one text naming all 102 cards (100 are reported, its bound): wall time, cards,
   together rows.
3. `mtgkb card "Platinum Angel"` in a fresh process, five times: median wall time.

The kb measured is the one Python imports (the checkout, or another put first with PYTHONPATH: how
the figures before the change are taken; part 1's `text_says` and the counts need this change).

Run: python bench/bench_card_says.py [--corpus ../shared/corpus]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from kb.api import KnowledgeBase

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "tests" / "data" / "cards" / "scryfall-2019-named-in-real-questions.json"


def p95(values: list[float]) -> float:
    return sorted(values)[max(0, int(round(0.95 * len(values))) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    args = parser.parse_args()
    names = [card["name"] for card in json.loads(CARDS.read_text(encoding="utf-8"))]
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "says.db"
        kb = KnowledgeBase.open(db)
        rules = args.corpus / "en" / "full" / "MagicCompRules_20260807.txt"
        kb.import_paths([rules, CARDS], keep_going=False, index=False)
        kb.close()
        kb = KnowledgeBase.open(db, readonly=True)
        kb.card(names[0])  # the terms of the document read once, as any first card does
        views, alone, saying, wordings, placed = [], [], 0, 0, 0
        for name in names:
            started = time.perf_counter()
            card = kb.card(name)
            views.append(time.perf_counter() - started)
            says = getattr(card, "says", None)
            if says is None:  # a checkout before this change
                continue
            from kb.cards.lookup import text_says

            started = time.perf_counter()
            text_says(kb.store, card.oracle_text, card.type_line, card.mana_cost, [f.to_dict() for f in card.faces])
            alone.append(time.perf_counter() - started)
            saying += bool(says)
            wordings += len(says)
            fields = {"text": card.oracle_text, "type": card.type_line, "cost": card.mana_cost}
            for item in says:
                held = " ".join(fields[item.field][item.start : item.end].replace("’", "'").split())
                placed += held.startswith(item.words.rstrip("…"))
        print(
            f"card view, {len(names)} real cards: median {statistics.median(views) * 1000:.2f} ms, p95 {p95(views) * 1000:.2f} ms"
        )
        if alone:
            print(f"  text_says alone: median {statistics.median(alone) * 1000:.2f} ms, p95 {p95(alone) * 1000:.2f} ms")
            print(
                f"  cards that say something: {saying}/{len(names)}; wordings {wordings}; spans holding their words {placed}/{wordings}"
            )
        text = " and ".join(names)
        kb.cite_cards(text)
        runs = []
        for _run in range(3):
            started = time.perf_counter()
            named = kb.cite_cards(text)
            runs.append(time.perf_counter() - started)
        together = len(getattr(named, "together", []))
        print(
            f"cite_cards of a text naming {len(names)} cards: {statistics.median(runs) * 1000:.0f} ms (median of 3), {len(named.cards)} cards, {together} together rows"
        )
        kb.close()
        fresh = []
        env = dict(os.environ, MTGKB_DB=str(db))
        for _run in range(5):
            started = time.perf_counter()
            subprocess.run(
                [sys.executable, "-c", "from kb.cli.entry import main; main()", "card", "Platinum Angel"],
                env=env,
                check=True,
                capture_output=True,
            )
            fresh.append(time.perf_counter() - started)
        print(f'fresh `mtgkb card "Platinum Angel"`: median {statistics.median(fresh) * 1000:.0f} ms of 5')


if __name__ == "__main__":
    main()
