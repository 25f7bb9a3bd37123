"""The databases the real questions are measured on (issue 41): `small.db`, today's English and
Japanese rules and the seeds, indexed (as tests/corpus/test_search_questions.py builds its small one);
`cards.db`, a copy with the real cards of tests/data/cards/scryfall-2019-named-in-real-questions.json;
and `world.db`, a copy of `cards.db` with the newest Simplified Chinese translation of the rules too
(round 6 asks in Chinese; German has only the German seed, which every copy holds), index rebuilt.
world.db holds the Chinese names of the cards too (issue 41, "cards named in Chinese"): the cards of
tests/data/cards/mtgjson-2019-named-in-zh-questions.json, MTGJSON set printings whose `foreignData`
give their Simplified and Traditional Chinese names. An import replaces the cards held, so world.db's
cards are the union of the two files, made here: a card of the MTGJSON file whose English name is a
card of the Scryfall file adds its printed names to that card; the others are added as they are.

With ``--cards FILE`` cards.db and world.db hold that file's cards instead (bench/make_atomic_cards.py makes a file
of every card up to 2022: what a user who imported the whole pool has).
Run: python bench/build_question_dbs.py FOLDER [--cards FILE]   (then bench_search.py --db FOLDER/cards.db --quality --only ...)
"""

from __future__ import annotations

import argparse
import shutil
import sqlite3
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.api import KnowledgeBase  # noqa: E402
from kb.importers.cards import CardRecord, read_cards  # noqa: E402
from kb.search import index, rebuild_index  # noqa: E402
from kb.store.cards import replace_cards  # noqa: E402
from tests.conftest import SEED_DIR, corpus_path  # noqa: E402

NEWEST = [("en", "full", "MagicCompRules_20260807.txt"), ("ja", "CompRules_ja_20260116.0_lines.txt")]
CARDS = ROOT / "tests" / "data" / "cards" / "scryfall-2019-named-in-real-questions.json"
ZH_CARDS = ROOT / "tests" / "data" / "cards" / "mtgjson-2019-named-in-zh-questions.json"
CHINESE = ("zh", "MagicCompRules_20260417_zh-CN_HeliumOctahelide.txt")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder", type=Path)
    parser.add_argument(
        "--cards",
        type=Path,
        default=CARDS,
        help="the card file of cards.db and world.db (default: the cards the real questions name; "
        "bench/make_atomic_cards.py makes one of every card)",
    )
    args = parser.parse_args()
    folder, card_file = args.folder, args.cards
    folder.mkdir(parents=True, exist_ok=True)
    small = KnowledgeBase.open(folder / "small.db", build=False)
    small.import_paths(sorted(SEED_DIR.glob("*.txt")), keep_going=False)
    small.run_scenarios()
    small.import_paths([corpus_path(*parts) for parts in NEWEST])
    rebuild_index(small.store)
    copy(small, folder / "cards.db")
    small.close()
    cards = KnowledgeBase.open(folder / "cards.db", build=False)
    cards.import_paths([card_file], keep_going=False)
    print(cards.conn.execute("select count(*) from cards").fetchone()[0], "cards in", folder / "cards.db")
    copy(cards, folder / "world.db")
    cards.close()
    world = KnowledgeBase.open(folder / "world.db", build=False)
    world.import_paths([corpus_path(*CHINESE)])
    cards_held, names_held = replace_cards(
        world.conn, union([card_file, ZH_CARDS]), source=f"{card_file.name} + {ZH_CARDS.name}"
    )
    print(cards_held, "cards,", names_held, "names in", folder / "world.db")
    rebuild_index(world.store)
    print(
        "documents in",
        folder / "world.db:",
        ", ".join(name for (name,) in world.conn.execute("select name from documents")),
    )
    world.close()


def union(paths: list[Path]) -> list[CardRecord]:
    """The cards of several card files as one: a card named (in English) in an earlier file takes the
    printed names a later file gives it; a card only in a later file is added."""
    by_name: dict[str, CardRecord] = {}
    for path in paths:
        for card in read_cards(path):
            held = by_name.get(card.name)
            if held is None:
                by_name[card.name] = card
            else:
                held.names.extend(name for name in card.names if name not in held.names)
    return list(by_name.values())


def copy(kb: KnowledgeBase, target_path: Path) -> None:
    """The database and its search index, copied as they are (SQLite's backup; the index is files)."""
    target = sqlite3.connect(target_path)
    kb.conn.backup(target)
    target.close()
    shutil.copytree(index.index_dir(kb.store), Path(f"{target_path}.search"), dirs_exist_ok=True)


if __name__ == "__main__":
    main()
