"""Citation figures: find_citations on 10 KB of rule text (issue 7 target: <= 5 ms).

Run: python bench/bench_citations.py [--corpus ../shared/corpus]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from importers.decode import decode_bytes  # noqa: E402
from kb.core.citations import find_citations  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    args = parser.parse_args()
    for parts, lang in ((("en", "full", "MagicCompRules_20260807.txt"), "en"),
                        (("ja", "CompRules_ja_20260116.0_lines.txt"), "ja")):
        path = args.corpus.joinpath(*parts)
        text = decode_bytes(path.read_bytes(), str(path))
        sample = text[200_000:].encode("utf-8")[:10_240].decode("utf-8", errors="ignore")  # 10 KB of UTF-8
        times = []
        for _ in range(50):
            start = time.perf_counter()
            found = find_citations(sample, lang, mode="free")
            times.append(time.perf_counter() - start)
        print(f"cite, 10 KB of {parts[-1]} ({len(found)} citations): median {statistics.median(times) * 1000:.2f} ms, "
              f"p95 {sorted(times)[int(len(times) * 0.95)] * 1000:.2f} ms (target <= 5 ms)")


if __name__ == "__main__":
    main()
