"""Today's card files as a user meets them: the real samples of 2023 and 2025 (tests/data/cards/README.md)
imported into a fresh database beside the English rules, and what `card` shows of each.

    python bench/bench_cards_today.py [--rules PATH]

Prints, per sample: the cards and names stored, the names by language, and for every card whose name
is asked (each object's first face name) whether it was found, as which card and layout, with its
defense and the terms a word of its own name made; then the cards a few named questions find. Run from
another checkout (PYTHONPATH) to compare two states of the code on the same files.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "tests" / "data" / "cards"
SAMPLES = [
    "scryfall-2023-layouts-api-types.json",
    "scryfall-2025-printings-mtgjson-cassette.json",
    "scryfall-card-and-its-token.json",
    "scryfall-2024-japanese-printings-mtg-anki.json",
    "scryfall-2019-named-in-real-questions.json",
]
NOT_CARDS = {"token", "double_faced_token", "emblem", "art_series"}  # kb.store.cards.NOT_CARDS, on both states
QUESTIONS = [
    ("scryfall-2025-printings-mtgjson-cassette.json", "混沌之眼欧寇然的能力什么时候触发？"),
    ("scryfall-2025-printings-mtgjson-cassette.json", "Kann ich Jace, Wunderkind von Vryn sofort transformieren?"),
    ("scryfall-2023-layouts-api-types.json", "Who can attack Invasion of Ikoria?"),
    ("scryfall-2024-japanese-printings-mtg-anki.json", "《落とし子狩り、リップ》の能力はいつ誘発しますか？"),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--rules", default=str(ROOT.parent / "shared" / "corpus" / "en" / "full" / "MagicCompRules_20260807.txt")
    )
    args = parser.parse_args()
    from kb.api import KnowledgeBase
    from kb.core.errors import MtgkbError
    from kb.search.cards import mentioned_cards

    print(f"code: {sys.modules['kb'].__file__}")
    for sample in SAMPLES:
        with tempfile.TemporaryDirectory() as tmp:
            kb = KnowledgeBase.open(Path(tmp) / "cards.db")
            kb.import_paths([args.rules, CARDS / sample], keep_going=False)
            conn = kb.conn
            cards = conn.execute("select count(*) from cards").fetchone()[0]
            langs = Counter(lang for (lang,) in conn.execute("select lang from card_names"))
            print(f"\n{sample}: {cards} cards, {sum(langs.values())} names; by language {dict(sorted(langs.items()))}")
            asked = []
            for obj in json.loads((CARDS / sample).read_text(encoding="utf-8")):
                name = obj["name"].split(" // ")[0]
                if name not in asked:
                    asked.append(name)
            missed, shown = [], Counter()
            for name in asked:
                try:
                    card = kb.card(name)
                except MtgkbError:
                    missed.append(name)
                    continue
                shown["found"] += 1
                shown["doubled faces"] += (
                    len(card.faces) == 2 and card.faces[0].oracle_text == card.faces[1].oracle_text
                )
                shown["a token or art card for a card's name"] += card.layout in NOT_CARDS and any(
                    o["name"].split(" // ")[0] == name and o["layout"] not in NOT_CARDS
                    for o in json.loads((CARDS / sample).read_text(encoding="utf-8"))
                )
                defended = [face.defense for face in card.faces if getattr(face, "defense", "")]
                if defended:
                    rule = next((t.rule for t in card.terms if t.term == "defense"), "")
                    print(f"  defense: {card.name}: {defended} -> {rule or 'unlinked'}")
                own = {w for face in card.faces or [card] for w in face.name.replace(",", " ").split()}
                in_name = [
                    t.title
                    for t in card.terms + [t for face in card.faces for t in face.terms]
                    if t.start >= 0 and t.term in own and t.term[:1].isupper()
                ]
                if in_name:
                    shown["cards with a word of their own name linked"] += 1
                    print(f"  own name linked: {card.name}: {sorted(set(in_name))}")
                words = [t.term for t in card.terms if t.title == "Ability Word"]
                if words:
                    print(f"  ability words: {card.name}: {words}")
            print(f"  asked {len(asked)}: {dict(shown)}; not found: {missed}")
            for file, question in QUESTIONS:
                if file == sample:
                    print(f"  {question!r}: {[c.name for c in mentioned_cards(kb.store, question)]}")
            kb.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
