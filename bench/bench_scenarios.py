"""Time the whole scenario suite, plain and with phased-out twins (targets: <= 3 s and <= 6 s).

Usage: python bench/bench_scenarios.py [--twins] [--repeat N]
Without --twins both figures are printed; the first run is cold (cards and schema
not yet loaded), the best of the repeats is reported next to it.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kb.scenarios import run_scenarios  # noqa: E402

TARGETS = {False: 3.0, True: 6.0}


def measure(twins: bool, repeat: int) -> tuple[float, float, int, int]:
    times, results = [], []
    for _ in range(repeat):
        start = time.perf_counter()
        results = run_scenarios(twins=twins)
        times.append(time.perf_counter() - start)
    failed = sum(not r.passed for r in results)
    return times[0], min(times), len(results), failed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--twins", action="store_true", help="only the run with phased-out twins")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    ok = True
    for twins in [True] if args.twins else [False, True]:
        cold, best, count, failed = measure(twins, max(1, args.repeat))
        target = TARGETS[twins]
        label = "with twins" if twins else "suite"
        within = cold <= target
        ok = ok and within and not failed
        print(
            f"{label:>10}: {cold:.3f} s cold, {best:.3f} s best of {args.repeat} "
            f"({count} scenarios, {failed} failing; target <= {target:.0f} s: {'ok' if within else 'MISSED'})"
        )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
