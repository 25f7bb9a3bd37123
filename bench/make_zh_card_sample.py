"""Cut the real card sample of the cards the Chinese questions name (issue 41):
tests/data/cards/mtgjson-2019-named-in-zh-questions.json.

The source is a public repository that keeps MTGJSON's version 4 set files of July 2019
(github.com/lzybluee/MtgJson, `json/*.json`, one file per set, each card with its `foreignData`:
printed names in Chinese Simplified and Chinese Traditional among them). Fetch it as a bare git
directory and name it:

    python bench/make_zh_card_sample.py GIT_DIR [--commit COMMIT]

Which cards: those whose English name is in ``NAMED`` below, the cards the Chinese real questions
(tests/data/search_questions_real_*.tsv, both halves) name by a printed Chinese name. The list was
made by looking each question's text, as written and in Simplified characters (as the search
reads it), up among the 20,332 Chinese printed names of the 453 set files, then reading the hits:
names that are words of the rules and not the card the question means (繫命 "Lifelink", 重生
"Regenerate", 山脈 "Mountain", 海島 "Island") and names inside a longer name (大天使 "Archangel"
inside 忿怒大天使, a card of 2022; 恐惧 "Fear" inside 恐惧钻心; 重击 "Smite", 幼龙 "Dragon Whelp",
涤净 "Purge", 母圣树 of 曆祚母聖樹) are left out. For each card, the printing kept is the newest
(by its set's release date) whose Chinese printed name is one a question writes; the card object
is written unchanged. Version 4 set files have the set as the top object, which mtgkb does not
read (it reads version 5's {"meta", "data"}); the cards are wrapped as a set file of version 5,
{"meta": the newest set's own "meta", "data": {"cards": [...]}}.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.core.text import simplified  # noqa: E402

OUT = ROOT / "tests" / "data" / "cards" / "mtgjson-2019-named-in-zh-questions.json"
SETS = ["round3", "round4", "round6", "world"]
CHINESE = ("Chinese Simplified", "Chinese Traditional")

NAMED = [
    "Abrupt Decay",
    "Agent of the Fates",
    "Amulet of Safekeeping",
    "Arrest",
    "Bonfire of the Damned",
    "Burning Vengeance",
    "Cabal Evangel",
    "Chord of Calling",
    "Clone",
    "Colossus Hammer",
    "Corpsejack Menace",
    "Cryptic Command",
    "Desolation Twin",
    "Detention Sphere",
    "Doom Blade",
    "Dragon-Style Twins",
    "Dreadbore",
    "Eldrazi Displacer",
    "Fervor",
    "Fireball",
    "Garna, the Bloodflame",
    "Garruk Relentless",
    "Garruk, the Veil-Cursed",
    "Garruk's Horde",
    "Ghostly Prison",
    "Go for the Throat",
    "Godhead of Awe",
    "Godless Shrine",
    "Grafdigger's Cage",
    "Grapeshot",
    "Grizzly Bears",
    "Guttersnipe",
    "Hero's Downfall",
    "Hornet Queen",
    "Imposing Sovereign",
    "Ixalan's Binding",
    "Karn Liberated",
    "Launch Party",
    "Liege of the Tangle",
    "Lingering Souls",
    "Loxodon Smiter",
    "Mental Misstep",
    "Murder",
    "Nearheath Pilgrim",
    "Necrotic Ooze",
    "Nicol Bolas, the Arisen",
    "Nicol Bolas, the Ravager",
    "Nivmagus Elemental",
    "Possibility Storm",
    "Progenitor Mimic",
    "Ravenous Rats",
    "Reassembling Skeleton",
    "Redirect",
    "Smallpox",
    "Snapcaster Mage",
    "Spell Queller",
    "Spreading Seas",
    "Squee, the Immortal",
    "Stubborn Denial",
    "Sutured Ghoul",
    "Temporal Mastery",
    "The Flame of Keld",
    "The Scarab God",
    "Thrun, the Last Troll",
    "Turn to Frog",
    "War's Toll",
    "Young Wolf",
    "Birds of Paradise",
    # found through the questions' Simplified forms (the file's Traditional name differs or is missing)
    "Blood Moon",
    "Cast Through Time",
    "Containment Priest",
    "Control Magic",
    "Cytoshape",
    "Diminish",
    "Enigma Sphinx",
    "Invert the Skies",
    "March of the Machines",
    "Mirrorweave",
    "Mycosynth Lattice",
    "Oracle of Mul Daya",
    "Pandemonium",
    "Phyrexian Vault",
    "Soul Warden",
    "Suppression Field",
    "Yixlid Jailer",
]


def zh_questions() -> list[str]:
    """The text of every Chinese question of the real sets, both halves, as written and in Simplified
    characters."""
    texts: list[str] = []
    for name in SETS:
        path = ROOT / "tests" / "data" / f"search_questions_real_{name}.tsv"
        for line in path.read_text(encoding="utf-8").splitlines():
            parts = line.split("\t")
            if not line.startswith("#") and len(parts) > 2 and parts[1] == "zh":
                texts += [parts[2], simplified(parts[2])]  # as written, and as the search reads it
    return texts


def git(git_dir: str, *args: str) -> bytes:
    return subprocess.run(["git", "--git-dir", git_dir, *args], check=True, capture_output=True).stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("git_dir")
    parser.add_argument("--commit", default="HEAD")
    args = parser.parse_args()
    questions = zh_questions()
    wanted = set(NAMED)
    best: dict[str, tuple[str, dict, dict]] = {}  # English name -> (release date, card, set's meta)
    files = git(args.git_dir, "ls-tree", "-r", "--name-only", args.commit, "json/").decode().split()
    for path in files:
        try:
            data = json.loads(git(args.git_dir, "show", f"{args.commit}:{path}"))
        except json.JSONDecodeError:
            continue
        released = str(data.get("releaseDate") or "")
        for card in data.get("cards") or []:
            if card.get("name") not in wanted:
                continue
            printed = [f["name"] for f in card.get("foreignData") or [] if f.get("language") in CHINESE]
            if not any(name in question for name in printed for question in questions):
                continue
            held = best.get(card["name"])
            if held is None or released > held[0]:
                best[card["name"]] = (released, card, data.get("meta") or {})
    missing = sorted(wanted - set(best))
    if missing:
        sys.exit(f"not found with a Chinese name a question writes: {missing}")
    newest = max(best.values(), key=lambda held: held[0])
    cards = [best[name][1] for name in sorted(best)]
    OUT.write_text(
        json.dumps({"meta": newest[2], "data": {"cards": cards}}, ensure_ascii=False, indent=2) + "\n",
        encoding="utf-8",
    )
    print(len(cards), "cards written to", OUT)


if __name__ == "__main__":
    main()
