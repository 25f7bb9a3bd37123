"""The `terms` class on the Chinese translations of a database: how many findings, and which of the rules whose
lists of types or zones were read as other terms (110.4, 205.2a, 300.1, 116.2f) still carry one.

Run: python bench/bench_terms_lists.py DB [DB ...]
(a database as `mtgkb` builds it: the small one of a first command, or one with more editions imported)
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.api import KnowledgeBase  # noqa: E402
from kb.crosscheck import crosscheck_document  # noqa: E402

LISTS = ("110.4", "205.2a", "300.1", "116.2f")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("databases", nargs="+", type=Path)
    args = parser.parse_args()
    for path in args.databases:
        kb = KnowledgeBase.open(path)
        try:
            documents = sorted(d.name for d in kb.documents() if d.lang == "zh" and d.edition)
            english = sum(1 for d in kb.documents() if d.lang == "en")
            print(f"{path.name}: {english} English documents, {len(documents)} Chinese")
            for name in documents:
                start = time.perf_counter()
                report = crosscheck_document(kb.conn, name, kinds=("terms",))
                took = time.perf_counter() - start
                on_lists = [f.number for f in report.of_kind("terms") if f.number in LISTS]
                print(
                    f"  {name}: terms {report.counts['terms']}, on {', '.join(LISTS)}: {on_lists or 'none'}"
                    f" ({report.rules['paired']} rules paired, {took:.1f} s)"
                )
        finally:
            kb.close()


if __name__ == "__main__":
    main()
