"""The share of their score that the rules of chapters 8 and 9 keep in a question naming no variant
(issue 41, kb.search.variants): every set's quality with VARIANT_SHARE set, 1.0 being the ranking
before the change.

Run: python bench/bench_variants.py --db DB --share 0.5 [--only all|tune|HELD OUT|derived|...]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import bench_search  # noqa: E402

from kb.api import KnowledgeBase  # noqa: E402
from kb.search import engine  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", type=Path, required=True)
    parser.add_argument("--share", type=float, required=True, help="VARIANT_SHARE; 1.0: as before the change")
    parser.add_argument("--only", default="all", help="The sets whose label holds this, as bench_search.py --only.")
    args = parser.parse_args()
    engine.VARIANT_SHARE = args.share
    print(f"VARIANT_SHARE = {args.share}")
    kb = KnowledgeBase.open(args.db, readonly=True)
    bench_search.quality_of_every_set(kb, args.only)
    kb.close()


if __name__ == "__main__":
    main()
