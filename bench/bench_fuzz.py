"""Time the generated games of `mtgkb scenarios fuzz` (target: 10,000 games in <= 5 minutes).

Usage: python bench/bench_fuzz.py [--games N] [--seed N]
Prints the games, steps and refusals, the time, the time per game, how many invariants broke, and the
load average of the machine before and after (the machine is shared: the figure depends on it).
Each game is played with and without phased-out twins and replayed once, every step checked.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kb.scenarios.fuzz import fuzz  # noqa: E402

TARGET = 300.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    load_before = os.getloadavg()
    start = time.perf_counter()
    cpu = time.process_time()

    def progress(done: int) -> None:
        if done % 1000 == 0:
            print(f"  {done} games, {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)

    report = fuzz(seed=args.seed, games=args.games, progress=progress)
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu
    load_after = os.getloadavg()
    within = seconds <= TARGET * args.games / 10_000
    print(
        f"{report.games} games from seed {report.seed}: {report.steps} steps, {report.refused} refused, "
        f"{len(report.failures)} invariants broken"
    )
    print(
        f"{seconds:.1f} s wall, {cpu:.1f} s CPU, {1000 * seconds / report.games:.1f} ms per game "
        f"(target for {args.games} games <= {TARGET * args.games / 10_000:.0f} s: {'ok' if within else 'MISSED'})"
    )
    print(f"load average before {load_before[0]:.1f}, after {load_after[0]:.1f}")
    for failure in report.failures:
        print(f"BROKEN game {failure.game}: {failure.invariant}: {failure.message}")
    return 0 if within and not report.failures else 1


if __name__ == "__main__":
    sys.exit(main())
