"""Import time of a translation platform's PO file of about 1 MB (goal: 3 s or less here).

Run: python bench/bench_po_import.py [--corpus ../shared/corpus] [--size 1000000]
Makes the PO file the way a platform exports one (no msgctxt; the English rule, number
included, as msgid; headings, examples, glossary as their own messages) from the English
edition of 2026-01-16, translated from the Japanese translation of the same date wherever it
has the rule, cut to about --size bytes; then prints the seconds of reading it (the strict
checks, polib, the entries) and of a whole `mtgkb import` into a new database (the median of
three runs each), with the counts.
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
from kb.importers import cr_text, po  # noqa: E402


def platform_po(corpus: Path, size: int) -> bytes:
    import polib

    english = cr_text.parse((corpus / "en" / "full" / "MagicCompRules_20260116.txt").read_bytes(), "en.txt")
    japanese = {
        r.number: r
        for r in cr_text.parse((corpus / "ja" / "CompRules_ja_20260116.0_lines.txt").read_bytes(), "ja.txt").rules
    }
    catalog = polib.POFile(wrapwidth=0)
    catalog.metadata = {"Language": "ja", "Content-Type": "text/plain; charset=UTF-8"}
    seen: set[str] = set()

    def add(msgid: str, msgstr: str) -> None:
        if msgid not in seen:
            seen.add(msgid)
            catalog.append(polib.POEntry(msgid=msgid, msgstr=msgstr))

    add("These rules are effective as of January 16, 2026.", "")
    total = 0
    for rule in english.rules:
        number = rule.number + "."
        ja = japanese.get(rule.number)
        msgid = f"{number} {rule.title or rule.text}"
        msgstr = f"{number} {ja.title or ja.text}" if ja else ""
        add(msgid, msgstr)
        total += len(msgid.encode()) + len(msgstr.encode()) + 20
        for at, example in enumerate(rule.examples):
            translated = ja.examples[at] if ja and at < len(ja.examples) else ""
            add(f"Example: {example}", f"例：{translated}" if translated else "")
        if total >= size:
            break
    return catalog.__unicode__().encode("utf-8")


def timed(function, *args, **kwargs):
    start = time.perf_counter()
    result = function(*args, **kwargs)
    return time.perf_counter() - start, result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    parser.add_argument("--size", type=int, default=1_000_000)
    args = parser.parse_args()
    data = platform_po(args.corpus, args.size)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "platform-ja.po"
        path.write_bytes(data)
        reads = []
        for _ in range(3):
            seconds, document = timed(po.parse, data, str(path))
            reads.append(seconds)
        imports = []
        for run in range(3):
            kb = KnowledgeBase.open(Path(folder) / f"run{run}.db", build=False)
            try:
                seconds, result = timed(kb.import_file, path, update_history=False)
            finally:
                kb.close()
            imports.append(seconds)
    print(
        f"PO file: {len(data):,} bytes, {document.meta['po_messages']} messages, "
        f"{len(document.rules):,} rules translated, edition {document.edition}"
    )
    print(f"read (strict checks, polib, entries): {statistics.median(reads):.2f} s (median of 3)")
    print(
        f"import into a new database: {statistics.median(imports):.2f} s (median of 3; goal <= 3 s); "
        f"{result.rules:,} rules, {result.examples:,} examples stored"
    )


if __name__ == "__main__":
    main()
