"""What a re-import of an unchanged file costs now that the file is read again (issue 42).

Run: python bench/bench_reimport.py [--corpus ../shared/corpus] [--repeat 5]
Prints, for the largest English edition, a Japanese and a Chinese translation: the first import, then
the median of ``--repeat`` re-imports of the same bytes (read, compared with what is stored, found
unchanged), each without the chain update (as a folder's files are imported), and the
reading alone (kb.importers.registry.parse_file). Before issue 42 such a re-import compared the
file's SHA-256 with the stored one and read nothing; the reading is what it costs now.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.api import KnowledgeBase  # noqa: E402
from kb.importers.registry import parse_file  # noqa: E402


def seconds(function, *args, **kwargs) -> tuple[float, object]:
    start = time.perf_counter()
    result = function(*args, **kwargs)
    return time.perf_counter() - start, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    files = [
        max((args.corpus / "en" / "full").glob("*.txt")),
        *sorted((args.corpus / "ja").rglob("*.txt"), key=lambda p: -p.stat().st_size)[:1],
        *sorted((args.corpus / "zh").rglob("*.txt"), key=lambda p: -p.stat().st_size)[:1],
    ]
    with tempfile.TemporaryDirectory() as folder:
        kb = KnowledgeBase.open(Path(folder) / "bench.db", build=False)
        work = kb.maintenance
        for path in files:
            first, added = seconds(work.import_file, path, update_history=False)
            again = []
            for _ in range(args.repeat):
                took, result = seconds(work.import_file, path, update_history=False)
                assert result.status == "unchanged", result
                again.append(took)
            reading = statistics.median(seconds(parse_file, path)[0] for _ in range(args.repeat))
            print(
                f"{path.name}: {path.stat().st_size / 1e6:.2f} MB, {added.rules} rules; first import "
                f"{first:.2f} s; re-import unchanged median {statistics.median(again):.2f} s "
                f"(min {min(again):.2f}, max {max(again):.2f}); reading alone {reading:.2f} s"
            )
        kb.close()


if __name__ == "__main__":
    main()
