"""Which wordings real cards use, and how many of them the table of what a card's text says knows
(issue 41, data/oracle_rules.tsv): counted over every card of Scryfall's set files of 2019.

The cards are those of tests/data/cards/README.md's `scryfall-2019-named-in-real-questions.json`
(github.com/madeleinehuish/reactPracticeSite, `magicAPI/largeData/full_scryfall/*.js`, commit
bee09a8b619ad8d73814106b0b0092d2776a4203): 437 files, each `module.exports = [...]` as Node prints
card objects. Each is evaluated by Node in an empty `vm` context (no `require`, no file access),
read as data; the English printings, newest first, go through mtgkb's own import (one card per
Oracle ID, the first printing kept, as Scryfall's Oracle Cards file keeps one) into a temporary
database, so that the cards are read exactly as `card` and search read them.

Printed:
1. how the cards are made: layouts, type-line words, cost symbols ({X}, hybrid, Phyrexian, snow,
   {C}), and the most common phrases of the Oracle text (runs of 2 to 4 words, the card's own name
   made "~", reminder text left out);
2. the table's rows by how many cards each one fits, and the rows that fit none;
3. the share of the cards for which `card` says at least one rule (the table read as
   kb.cards.oracle.said reads it), beside the same share for another table given with --before, and
   what reading one card costs with each table (median and p95 over the cards).

Run: python bench/bench_oracle_kinds.py [--mirror GIT_DIR] [--before OLD_TABLE.tsv] [--phrases N]
(GIT_DIR: the repository's bare git directory, as `fetch` brings it:
/work/.mirror/madeleinehuish+reactPracticeSite/repo).
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.api import KnowledgeBase  # noqa: E402
from kb.cards import oracle  # noqa: E402

MIRROR = Path("/work/.mirror/madeleinehuish+reactPracticeSite/repo")
COMMIT = "bee09a8b619ad8d73814106b0b0092d2776a4203"
FOLDER = "magicAPI/largeData/full_scryfall/"
KEPT = ("object", "oracle_id", "name", "lang", "released_at", "layout", "mana_cost", "type_line", "oracle_text")
FACE_KEPT = ("object", "name", "mana_cost", "type_line", "oracle_text")

# Node reads each file named on its standard input (one path a line, the file's text from `git show`
# written to a temporary file first) in a fresh context of its own and prints the kept fields of each
# card object as one JSON line.
NODE_READER = r"""
const vm = require('vm');
const fs = require('fs');
const kept = JSON.parse(process.argv[1]);
const faceKept = JSON.parse(process.argv[2]);
const paths = fs.readFileSync(0, 'utf8').split('\n').filter(Boolean);
for (const path of paths) {
  const box = {module: {exports: null}};
  vm.runInNewContext(fs.readFileSync(path, 'utf8'), box, {timeout: 60000});
  for (const card of box.module.exports || []) {
    const out = {};
    for (const key of kept) if (card[key] !== undefined) out[key] = card[key];
    if (Array.isArray(card.card_faces)) {
      out.card_faces = card.card_faces.map(face => {
        const one = {};
        for (const key of faceKept) if (face[key] !== undefined) one[key] = face[key];
        return one;
      });
    }
    process.stdout.write(JSON.stringify(out) + '\n');
  }
}
"""

SYMBOLS = {
    "{X}": re.compile(r"\{X\}"),
    "hybrid ({W/U}, {2/W})": re.compile(r"\{[WUBRG2]/[WUBRG]\}"),
    "Phyrexian ({W/P})": re.compile(r"\{[WUBRG]/P\}"),
    "snow ({S})": re.compile(r"\{S\}"),
    "colourless ({C})": re.compile(r"\{C\}"),
}
_WORD = re.compile(r"~|[a-z0-9+/'{}-]+")


def read_cards(mirror: Path, folder: Path) -> Path:
    """Every card object of the set files as a Scryfall JSON array in ``folder``; English only,
    newest first (the import keeps the first printing of each Oracle ID)."""
    listing = subprocess.run(
        ["git", "--git-dir", str(mirror), "ls-tree", "--name-only", COMMIT, FOLDER],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    paths = []
    for number, name in enumerate(listing):
        if not name.endswith(".js"):
            continue
        text = subprocess.run(
            ["git", "--git-dir", str(mirror), "show", f"{COMMIT}:{name}"], check=True, capture_output=True
        ).stdout
        path = folder / f"{number:04d}.js"
        path.write_bytes(text)
        paths.append(str(path))
    lines = subprocess.run(
        ["node", "-e", NODE_READER, json.dumps(KEPT), json.dumps(FACE_KEPT)],
        input="\n".join(paths),
        check=True,
        capture_output=True,
        text=True,
    ).stdout.splitlines()
    cards = [json.loads(line) for line in lines]
    english = [card for card in cards if card.get("lang", "en") == "en" and card.get("oracle_id")]
    english.sort(key=lambda card: card.get("released_at", ""), reverse=True)
    print(f"{len(paths)} set files, {len(cards)} card objects, {len(english)} English")
    out = folder / "cards.json"
    out.write_text(json.dumps(english), encoding="utf-8")
    return out


def phrases(text: str, name: str, longest: int = 4) -> set[str]:
    """The runs of 2 to ``longest`` words of one sentence of ``text``, the card's name made "~"."""
    text = oracle._REMINDER.sub("", text).replace("’", "'")
    if name:
        for part in name.split(" // "):
            text = text.replace(part, "~")
    found: set[str] = set()
    for sentence in re.split(r"[.\n:;•—]", text.lower()):
        words = _WORD.findall(sentence)
        for size in range(2, longest + 1):
            for start in range(len(words) - size + 1):
                found.add(" ".join(words[start : start + size]))
    return found


def _median_p95(values: list[float]) -> str:
    ordered = sorted(values)
    return f"median {statistics.median(ordered) * 1000:.3f} ms, p95 {ordered[int(0.95 * (len(ordered) - 1))] * 1000:.3f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, default=MIRROR)
    parser.add_argument("--before", type=Path, help="another table (data/oracle_rules.tsv of main) to compare with")
    parser.add_argument("--phrases", type=int, default=80, help="how many of the commonest phrases to print")
    parser.add_argument("--keep", type=Path, help="a database of the cards to keep (made once, read again after)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        database = args.keep or Path(name) / "kinds.db"
        if not database.exists():
            cards_file = read_cards(args.mirror, Path(name))
            kb = KnowledgeBase.open(database, build=False)
            kb.import_paths([cards_file], keep_going=False, index=False)
            kb.close()
        kb = KnowledgeBase.open(database, readonly=True)
        rows = kb.conn.execute("select name, layout, mana_cost, type_line, oracle_text from cards").fetchall()
        kb.close()
    print(f"{len(rows)} cards (one per Oracle ID)\n")
    layouts = Counter(row[1] for row in rows)
    print("layouts:", ", ".join(f"{layout} {count}" for layout, count in layouts.most_common()))
    type_words: Counter[str] = Counter()
    for row in rows:
        type_words.update({word for word in re.findall(r"[A-Za-z']+", row[3] or "")})
    print("type-line words:", ", ".join(f"{word} {count}" for word, count in type_words.most_common(40)))
    costs = {label: sum(bool(pattern.search(row[2] or "")) for row in rows) for label, pattern in SYMBOLS.items()}
    texts = {
        label: sum(bool(pattern.search(oracle._REMINDER.sub("", row[4] or ""))) for row in rows)
        for label, pattern in SYMBOLS.items()
    }
    print("cost symbols (in the mana cost / in the text):", ", ".join(f"{k} {costs[k]} / {texts[k]}" for k in SYMBOLS))
    counted: Counter[str] = Counter()
    for row in rows:
        counted.update(phrases(row[4] or "", row[0]))
    print(f"\nthe {args.phrases} commonest phrases (cards using each):")
    for phrase, count in counted.most_common(args.phrases):
        print(f"  {count:6d}  {phrase}")
    table = oracle.load()
    fits: Counter[int] = Counter()
    saying = 0
    took: list[float] = []
    for row in rows:  # each card read once more below, for the phrases of those it says nothing of
        started = time.perf_counter()
        found = oracle.said(row[4] or "", row[3] or "", row[2] or "", rows=table)
        took.append(time.perf_counter() - started)
        saying += bool(found)
        fits.update({item.line for item in found})
    print("\nthe table's rows by the cards they fit (a row whose rules an earlier row gave is not counted):")
    for row in table:
        if row.pattern is not None:
            print(
                f"  {fits[row.line]:6d}  line {row.line:3d}  {row.field:4s}  {row.pattern.pattern[:70]}  → {row.rules[0]}"
            )
    print(
        f"\ncards whose text, type line or cost says at least one rule: {saying}/{len(rows)} ({saying / len(rows):.1%})"
    )
    silent: Counter[str] = Counter()
    for row in rows:
        if not oracle.said(row[4] or "", row[3] or "", row[2] or "", rows=table):
            silent.update(phrases(row[4] or "", row[0]))
    print(f"  the {args.phrases // 2} commonest phrases of the cards it says nothing of:")
    for phrase, count in silent.most_common(args.phrases // 2):
        print(f"  {count:6d}  {phrase}")
    if args.before:
        before = tuple(oracle.parse_table(args.before.read_text(encoding="utf-8"), str(args.before)))
        earlier = sum(bool(oracle.said(row[4] or "", row[3] or "", row[2] or "", rows=before)) for row in rows)
        print(f"  with {args.before}: {earlier}/{len(rows)} ({earlier / len(rows):.1%})")
        timed: list[float] = []
        for row in rows:
            started = time.perf_counter()
            oracle.said(row[4] or "", row[3] or "", row[2] or "", rows=before)
            timed.append(time.perf_counter() - started)
        print(f"  reading one card with it: {_median_p95(timed)}")
    print(f"reading one card with the table ({len(table)} rows): {_median_p95(took)}")


if __name__ == "__main__":
    main()
