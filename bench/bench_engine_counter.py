"""Two games in one process: how much one game's changes cost the other's cached characteristics.

Usage: python bench/bench_engine_counter.py [--rounds N] [--permanents N]
Game A changes one permanent's counters, then game B's characteristics are read for each of its
permanents; repeated N rounds. While the engine's change counter was one per process, every change
in A dropped B's cache, and B computed its layers again each round; with a counter per game B
computes them once. Prints the time per round (best of 5) and the load average around it.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kb.engine import Edition, build, load_pool  # noqa: E402
from kb.scenarios import CARD_DIR  # noqa: E402


def setup(permanents: int) -> dict:
    return {
        "players": ["A", "B"],
        "turn": {"active": "A", "step": "main1"},
        "battlefield": [
            {"card": "Grizzly Bears", "id": f"bears{n}", "controller": "AB"[n % 2]} for n in range(permanents)
        ],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--permanents", type=int, default=20)
    args = parser.parse_args()
    pool = load_pool(CARD_DIR)
    one, other = build(setup(args.permanents), pool, Edition()), build(setup(args.permanents), pool, Edition())
    changed = one.labelled("bears0")
    load_before = os.getloadavg()
    best = float("inf")
    total = 0
    for _ in range(5):
        start = time.process_time()
        for n in range(args.rounds):
            one.set_counters(changed, {"+1/+1": n % 3})
            total += sum(other.chars(p).power or 0 for p in other.battlefield)
        best = min(best, time.process_time() - start)
    load_after = os.getloadavg()
    print(
        f"{args.rounds} rounds, {args.permanents} permanents in each game: "
        f"{1e6 * best / args.rounds:.1f} µs CPU per round (best of 5; checksum {total})"
    )
    print(f"load average before {load_before[0]:.1f}, after {load_after[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
