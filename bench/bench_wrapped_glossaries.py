"""Figures of the wrapped-glossary reading: which English editions are told wrapped, and how many
entries, joined entries and joined lines each has.

    python bench/bench_wrapped_glossaries.py [--json]

An entry is "joined" when at least one printed line of its definition was a continuation of the
line before it (not a new paragraph); "lines joined" counts those lines, "hyphen" the breaks
after a hyphen, kept without a space. For the rules of the same editions: the line-end hyphen
breaks, and how many of them join at once (the word is printed whole elsewhere in the file).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.importers import cr_text  # noqa: E402
from kb.importers.decode import decode_bytes  # noqa: E402
from kb.importers.wrapped import hyphenated_words, is_wrapped, joins_at_hyphen  # noqa: E402

CORPUS = Path(os.environ.get("MTGKB_SHARED", ROOT.parent / "shared")) / "corpus" / "en" / "full"
_PARAGRAPH_START = re.compile(r"^(?:Example\s*:|\d{1,2}\.\s)")


def measure(path: Path) -> dict[str, object]:
    data = path.read_bytes()
    lines = decode_bytes(data, str(path)).split("\n")
    body = cr_text._find_body(lines, str(path))
    start, end = cr_text._find_glossary(lines, body)
    section = lines[start + 1 : end] if start is not None else []
    row: dict[str, object] = {"file": path.name, "wrapped": is_wrapped(section)}
    row["entries"] = len(cr_text.parse(data, str(path)).glossary)
    if not row["wrapped"]:
        return row
    joined_entries = joined_lines = hyphens = 0
    in_definition = entry_joined = False
    previous = ""
    for line in section + [""]:
        if not line.strip():
            joined_entries += entry_joined
            in_definition = entry_joined = False
            continue
        if not in_definition:  # the term line
            in_definition = True
            previous = ""
            continue
        continuation = previous and not line[:1].isspace() and not _PARAGRAPH_START.match(line.strip())
        if continuation:
            joined_lines += 1
            entry_joined = True
            hyphens += previous.rstrip().endswith("-")
        previous = line
    row.update(joined_entries=joined_entries, joined_lines=joined_lines, hyphen_breaks=hyphens)
    compounds = hyphenated_words("\n".join(lines))
    breaks = [
        (line, following)
        for line, following in zip(lines[body:start], lines[body + 1 : start])
        if re.search(r"\w-\s*$", line) and following.strip()
    ]
    row["rule_hyphen_breaks"] = len(breaks)
    row["rule_hyphen_joined"] = sum(joins_at_hyphen(line, following, compounds) for line, following in breaks)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = parser.parse_args()
    rows = [measure(path) for path in sorted(CORPUS.glob("MagicCompRules_*.txt"))]
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    wrapped = [r for r in rows if r["wrapped"]]
    print(f"{len(rows)} editions, {len(wrapped)} with a wrapped glossary")
    print("file\tentries\tjoined entries\tlines joined\thyphen breaks\trule hyphen breaks\tjoined")
    for r in wrapped:
        print(
            f"{r['file']}\t{r['entries']}\t{r['joined_entries']}\t{r['joined_lines']}\t{r['hyphen_breaks']}"
            f"\t{r['rule_hyphen_breaks']}\t{r['rule_hyphen_joined']}"
        )


if __name__ == "__main__":
    main()
