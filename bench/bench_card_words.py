"""Card names that are ordinary words, and the cards the real questions are wrongly read as naming
(issue 41, "Bad input"; bench/RESULTS.md "2026-12-07, issue 41: card names read as words").

Three steps, each a subcommand:

- ``make MIRROR OUT.json``: the 2019 card set of tests/data/cards/README.md, written as one JSON array
  of Scryfall card objects, one per Oracle ID (the newest English printing), from the bare git
  directory of madeleinehuish/reactPracticeSite (commit bee09a8). Its 437 set files are Node modules
  (``module.exports = [ ... ]`` as Node prints objects, not JSON): each is evaluated by Node in an
  empty ``vm`` context (no ``require``, no file or network access) and printed back as JSON.
- ``count DB``: how many of the cards' names (and faces' names) are also words: one word that is a
  question word, chatter or one of the commonest English words (kb.search.asking.ordinary_word), a
  single letter, one word that today's English rules write, several words that they write; and, with
  the ``wordfreq`` package installed, one word that is common English (Zipf frequency >= 4).
- ``mentions DB [--root CHECKOUT]``: every real question (tests/data/search_questions_real*.tsv, each
  half apart) read by kb.search.cards.mentioned_cards as the search reads it; each card found, and
  how many of them bench/card_mentions_wrong.tsv (judged by reading each question) says the question
  does not name. ``--root`` measures another checkout's kb/ (main) on the same database.
- ``alone DB [--root CHECKOUT]``: each one-word name typed alone in lower case, as a whole query:
  how many are read as a card, by kind of word.

DB: a database holding the English CR of 2026-08-07 and the card file ``make`` wrote, with its search
index (`mtgkb import CR.txt cards-2019.json`).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SET_FILES = "magicAPI/largeData/full_scryfall"
WRONG = Path(__file__).resolve().parent / "card_mentions_wrong.tsv"

# Node: each file named on the command line evaluated in a fresh, empty context; its exports printed
# as one line of JSON.
_NODE = r"""
const fs = require('fs'), vm = require('vm');
for (const path of process.argv.slice(1)) {
  const context = {module: {exports: null}};
  vm.runInNewContext(fs.readFileSync(path, 'utf8'), context, {timeout: 60000});
  process.stdout.write(JSON.stringify(context.module.exports) + '\n');
}
"""


def make(mirror: Path, out: Path) -> None:
    """The 2019 card file: one card object per Oracle ID, the newest English printing."""
    git = ["git", "--git-dir", str(mirror)]
    listed = subprocess.run([*git, "ls-tree", "--name-only", "HEAD", f"{SET_FILES}/"], capture_output=True, text=True)
    paths = [line for line in listed.stdout.splitlines() if line.endswith(".js")]
    best: dict[str, dict] = {}
    objects = 0
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for i, path in enumerate(paths):
            local = Path(tmp) / f"{i}.js"
            local.write_bytes(subprocess.run([*git, "show", f"HEAD:{path}"], capture_output=True, check=True).stdout)
            files.append(str(local))
        printed = subprocess.run(["node", "-e", _NODE, *files], capture_output=True, text=True, check=True)
    for line in printed.stdout.splitlines():
        for card in json.loads(line) or []:
            objects += 1
            card.pop("myId", None)  # the repository's own field, not Scryfall's
            key = card.get("oracle_id")
            if not key or card.get("lang", "en") != "en":
                continue
            held = best.get(key)
            if held is None or card.get("released_at", "") > held.get("released_at", ""):
                best[key] = card
    cards = sorted(best.values(), key=lambda card: card["oracle_id"])
    out.write_text(json.dumps(cards, ensure_ascii=False), encoding="utf-8")
    print(f"{len(paths)} set files, {objects:,} card objects, {len(cards):,} Oracle IDs -> {out}")


def _rules_words(conn, document_id: int) -> tuple[set[str], str]:
    """The lower-case words of today's English rules (titles and texts, no examples), and their text."""
    rows = conn.execute(
        "select coalesce(title, ''), coalesce(text, '') from rules where document_id = ?", [document_id]
    )
    text = " ".join(f"{title} {body}" for title, body in rows).lower().replace("-", " ")
    return set(re.findall(r"[a-z0-9']+", text)), f" {' '.join(re.findall(r'[a-z0-9]+', text))} "


def count(db: Path) -> None:
    """How many names held are also words, by kind."""
    sys.path.insert(0, str(ROOT))
    from kb.api import KnowledgeBase
    from kb.cards.terms import english_document
    from kb.search.asking import ordinary_word
    from kb.store.cards import card_key

    try:
        from wordfreq import zipf_frequency
    except ImportError:  # optional: only for the column of common English words
        zipf_frequency = None
    kb = KnowledgeBase.open(db, readonly=True)
    document = english_document(kb.store)
    assert document is not None, "the database holds no English rules"
    vocabulary, joined = _rules_words(kb.conn, document["id"])
    names: dict[str, str] = {}
    for name, layout in kb.conn.execute("select name, layout from cards"):
        if layout in ("token", "double_faced_token", "emblem", "art_series"):
            continue
        for part in dict.fromkeys([name, *name.split(" // ")] if " // " in name else [name]):
            names.setdefault(card_key(part), part)
    kinds: dict[str, list[str]] = {"ordinary": [], "letter": [], "rules word": [], "rules words": [], "common": []}
    for key, name in names.items():
        words = key.split()
        if len(words) == 1:
            if len(key) < 2:
                kinds["letter"].append(name)
            elif ordinary_word(key):
                kinds["ordinary"].append(name)
            if key in vocabulary:
                kinds["rules word"].append(name)
            if zipf_frequency is not None and zipf_frequency(key, "en") >= 4:
                kinds["common"].append(name)
        elif f" {key} " in joined:
            kinds["rules words"].append(name)
    one = sum(1 for key in names if " " not in key)
    print(f"{len(names):,} names and face names ({one:,} of one word); today's rules write {len(vocabulary):,} words")
    labels = {
        "ordinary": "one word, a question word, chatter or a commonest English word (ordinary_word)",
        "letter": "a single letter",
        "rules word": "one word that today's rules write",
        "rules words": "several words that today's rules write in a row",
        "common": "one word of common English (wordfreq Zipf >= 4)"
        + ("" if zipf_frequency is not None else ": wordfreq not installed"),
    }
    for kind, found in kinds.items():
        print(f"  {len(found):5,}  {labels[kind]}: {', '.join(sorted(found)[:12])}{' ...' if len(found) > 12 else ''}")
    kb.close()


def mentions(db: Path, root: Path, show: bool) -> None:
    """The cards found in each real question, and how many of them are wrong."""
    sys.path.insert(0, str(root.resolve()))
    from kb.api import KnowledgeBase
    from kb.search import engine
    from kb.search.cards import mentioned_cards
    from tests.search_quality import real_questions

    wrong = {
        tuple(line.split("\t")[:2])
        for line in WRONG.read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    }
    kb = KnowledgeBase.open(db, readonly=True)
    indexed = engine._indexed(engine.index.postings(kb.store), engine.lexicon(kb.store))
    total = {"questions": 0, "found": 0, "wrong": 0}
    print(f"{'file':36} {'half':8} {'questions':>9} {'cards found':>11} {'wrong':>5}")
    for path in sorted((ROOT / "tests" / "data").glob("search_questions_real*.tsv")):
        for half in ("tune", "held_out"):
            cases = real_questions(path, half)
            found = bad = 0
            for case in cases:
                for mention in mentioned_cards(kb.store, case.query, indexed):
                    written = case.query[mention.start : mention.end]
                    is_wrong = (written.casefold(), mention.name) in wrong
                    found += 1
                    bad += is_wrong
                    if show:
                        print("  ", "WRONG" if is_wrong else "ok   ", written, "->", mention.name, "|", case.query[:90])
            print(f"{path.name:36} {half:8} {len(cases):9} {found:11} {bad:5}")
            total["questions"] += len(cases)
            total["found"] += found
            total["wrong"] += bad
    print(f"{'all':36} {'':8} {total['questions']:9} {total['found']:11} {total['wrong']:5}")
    kb.close()


def kinds(db: Path) -> dict[str, str]:
    """Each one-word name (or face's name) held, folded, and its kind of word, by this checkout's rules."""
    sys.path.insert(0, str(ROOT))
    from kb.api import KnowledgeBase
    from kb.cards.terms import english_document
    from kb.search.asking import ordinary_word
    from kb.store.cards import card_key

    kb = KnowledgeBase.open(db, readonly=True)
    document = english_document(kb.store)
    assert document is not None, "the database holds no English rules"
    vocabulary, _joined = _rules_words(kb.conn, document["id"])
    words: set[str] = set()
    for name, layout in kb.conn.execute("select name, layout from cards"):
        if layout not in ("token", "double_faced_token", "emblem", "art_series"):
            words.update(key for key in map(card_key, name.split(" // ")) if key and " " not in key)
    kb.close()
    return {
        word: "a single letter"
        if len(word) < 2
        else "question word, chatter, commonest English"
        if ordinary_word(word)
        else "a word today's rules write"
        if word in vocabulary
        else "any other word"
        for word in sorted(words)
    }


def alone(db: Path, root: Path) -> None:
    """Each one-word name typed in lower case as the whole query: read as a card or not, by kind of
    word (the kinds by this checkout, in a process of its own; the reading by ``root``'s kb/)."""
    printed = subprocess.run([sys.executable, __file__, "kinds", str(db)], capture_output=True, text=True, check=True)
    kind_of: dict[str, str] = json.loads(printed.stdout)
    sys.path.insert(0, str(root.resolve()))
    from kb.api import KnowledgeBase
    from kb.search import engine
    from kb.search.cards import mentioned_cards

    kb = KnowledgeBase.open(db, readonly=True)
    indexed = engine._indexed(engine.index.postings(kb.store), engine.lexicon(kb.store))
    counted: dict[str, list[int]] = {}
    for word, kind in kind_of.items():
        read = counted.setdefault(kind, [0, 0])
        read[0] += 1
        read[1] += bool(mentioned_cards(kb.store, word, indexed))
    print(f"{root}: one-word names typed alone in lower case, read as a card")
    for kind, (total, cards) in sorted(counted.items()):
        print(f"  {kind:42} {cards:5,} of {total:5,}")
    kb.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="step", required=True)
    made = sub.add_parser("make")
    made.add_argument("mirror", type=Path)
    made.add_argument("out", type=Path)
    counted = sub.add_parser("count")
    counted.add_argument("db", type=Path)
    found = sub.add_parser("mentions")
    found.add_argument("db", type=Path)
    found.add_argument("--root", type=Path, default=ROOT)
    found.add_argument("--show", action="store_true", help="Print every card found, with its question.")
    typed = sub.add_parser("alone")
    typed.add_argument("db", type=Path)
    typed.add_argument("--root", type=Path, default=ROOT)
    listed = sub.add_parser("kinds")
    listed.add_argument("db", type=Path)
    args = parser.parse_args()
    if args.step == "kinds":
        print(json.dumps(kinds(args.db)))
    elif args.step == "alone":
        alone(args.db, args.root)
    elif args.step == "make":
        make(args.mirror, args.out)
    elif args.step == "count":
        count(args.db)
    else:
        mentions(args.db, args.root, args.show)


if __name__ == "__main__":
    main()
