"""The databases the real questions are measured on (issue 41): `small.db`, today's English and
Japanese rules and the seeds, indexed (as tests/corpus/test_search_questions.py builds its small one);
`cards.db`, a copy with the real cards of tests/data/cards/scryfall-2019-named-in-real-questions.json;
and `world.db`, a copy of `cards.db` with the newest Simplified Chinese translation of the rules too
(round 6 asks in Chinese; German has only the German seed, which every copy holds), index rebuilt.

Run: python bench/build_question_dbs.py FOLDER   (then bench_search.py --db FOLDER/cards.db --quality --only ...)
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
from kb.search import index, rebuild_index  # noqa: E402
from tests.conftest import SEED_DIR, corpus_path  # noqa: E402

NEWEST = [("en", "full", "MagicCompRules_20260807.txt"), ("ja", "CompRules_ja_20260116.0_lines.txt")]
CARDS = ROOT / "tests" / "data" / "cards" / "scryfall-2019-named-in-real-questions.json"
CHINESE = ("zh", "MagicCompRules_20260417_zh-CN_HeliumOctahelide.txt")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder", type=Path)
    folder = parser.parse_args().folder
    folder.mkdir(parents=True, exist_ok=True)
    small = KnowledgeBase.open(folder / "small.db", build=False)
    small.import_paths(sorted(SEED_DIR.glob("*.txt")), keep_going=False)
    small.run_scenarios()
    small.import_paths([corpus_path(*parts) for parts in NEWEST])
    rebuild_index(small.store)
    copy(small, folder / "cards.db")
    small.close()
    cards = KnowledgeBase.open(folder / "cards.db", build=False)
    cards.import_paths([CARDS], keep_going=False)
    print(cards.conn.execute("select count(*) from cards").fetchone()[0], "cards in", folder / "cards.db")
    copy(cards, folder / "world.db")
    cards.close()
    world = KnowledgeBase.open(folder / "world.db", build=False)
    world.import_paths([corpus_path(*CHINESE)])
    rebuild_index(world.store)
    print(
        "documents in",
        folder / "world.db:",
        ", ".join(name for (name,) in world.conn.execute("select name from documents")),
    )
    world.close()


def copy(kb: KnowledgeBase, target_path: Path) -> None:
    """The database and its search index, copied as they are (SQLite's backup; the index is files)."""
    target = sqlite3.connect(target_path)
    kb.conn.backup(target)
    target.close()
    shutil.copytree(index.index_dir(kb.store), Path(f"{target_path}.search"), dirs_exist_ok=True)


if __name__ == "__main__":
    main()
