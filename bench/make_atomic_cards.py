"""Every card of a folder (or git tree) of MTGJSON set files as one AtomicCards-style file: what a user who imported
the whole card pool has, for measuring the search on real questions with every card known, not only the cards the
questions name (issue 41: bench/build_question_dbs.py --cards FILE).

The set files read are those of the public repository AUTRE04216/jsonSets (580 MTGJSON 5.2.0 set files of
2022-04-25, one of them absent from the tool library's snapshot; fetch it with the tool library's ``fetch github:AUTRE04216/jsonSets``). A card's faces are taken from
its latest printing (MTGJSON gives every printing the card's current Oracle text); its printed names in other
languages are the union of its printings' ``foreignData``. The output is not kept in the repository (29 MB, 23,711 cards).

Run: python bench/make_atomic_cards.py GIT_DIR OUT.json
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

# The fields of a printing that say what the card is (AtomicCards keeps these, not the printing's own).
FIELDS = ("name", "faceName", "side", "layout", "manaCost", "type", "text", "keywords", "defense", "identifiers")


def git(git_dir: str, *args: str) -> bytes:
    return subprocess.run(["git", "--git-dir", git_dir, *args], check=True, capture_output=True).stdout


def set_files(git_dir: str) -> list[str]:
    names = git(git_dir, "ls-tree", "--name-only", "HEAD").decode().split()
    return sorted(n for n in names if n.endswith(".json") and n != "allSets.json")


def merge(git_dir: str) -> dict[str, list[dict]]:
    cards: dict[str, dict[str, dict]] = {}  # name -> side -> face
    released: dict[str, str] = {}  # name -> the release date of the printing its faces come from
    files = set_files(git_dir)
    missing: list[str] = []
    for i, name in enumerate(files, 1):
        try:
            data = json.loads(git(git_dir, "show", f"HEAD:{name}"))["data"]
        except subprocess.CalledProcessError:  # a snapshot may list a large file it does not hold
            missing.append(name)
            continue
        date = str(data.get("releaseDate") or "")
        for printing in data.get("cards") or []:
            card = printing.get("name")
            if not card:
                continue
            faces = cards.setdefault(card, {})
            side = str(printing.get("side") or "")
            newer = date >= released.get(card, "")
            old = faces.get(side)
            face = {k: printing[k] for k in FIELDS if k in printing}
            foreign = {
                (f.get("language"), f.get("name"), f.get("faceName")): f for f in (old or {}).get("foreignData", [])
            }
            for f in printing.get("foreignData") or []:
                foreign.setdefault((f.get("language"), f.get("name"), f.get("faceName")), f)
            if old is None or newer:
                faces[side] = face
            faces[side]["foreignData"] = [
                {k: v for k, v in f.items() if k in ("language", "name", "faceName")} for f in foreign.values()
            ]
            if newer:
                released[card] = date
        if i % 50 == 0 or i == len(files):
            print(f"{i}/{len(files)} set files, {len(cards)} cards", file=sys.stderr)
    if missing:
        print(f"{len(missing)} set files absent from the snapshot: {' '.join(missing)}", file=sys.stderr)
    return {card: [faces[s] for s in sorted(faces)] for card, faces in sorted(cards.items())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("git_dir", help="a clone of AUTRE04216/jsonSets (a bare git directory will do)")
    parser.add_argument("out", type=Path)
    args = parser.parse_args()
    data = merge(args.git_dir)
    meta = {"date": "2022-04-25", "version": "5.2.0 set files merged by bench/make_atomic_cards.py"}
    args.out.write_text(json.dumps({"meta": meta, "data": data}, ensure_ascii=False), encoding="utf-8")
    print(f"{len(data)} cards in {args.out}")


if __name__ == "__main__":
    main()
