"""How often each meaning marker's forms render it in real translations (kb/crosscheck/markers.py).

For a language, a marker's share is the number of rules whose English holds the marker and whose translation holds
one of the language's forms, over the rules whose English holds the marker. A form list below 0.9 would flag the
translator's free renderings; such a marker is left out for that language. A marker judged by its contrary (a
comparative said as its neighbour: 이하 for "less than") prints how many rules hold the contrary without the form
where the original does not say the contrary itself: those are its findings on the document.

Documents: the Korean translation of youbeebee/kormtgcr, its last state (a011d64, 2022-01-20) against the English
edition its header names; the German seed (../shared/seeds/000_a3c90cc092d5a721.txt, the German translation of
702.23 Phasing, a–k and m) against the English of 2009-07-11, whose 702.23 is Phasing. No Russian translation text
exists in ../shared/corpus (its Russian pages and seed 004 quote the English rules).

Run: python bench/bench_marker_forms.py GIT_DIR [--misses NAME ...]
GIT_DIR: a clone of youbeebee/kormtgcr (a bare git directory will do). --misses prints the rules a marker's forms
miss (the Korean document; for choosing forms).
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.ko_history_corrections import state_texts  # noqa: E402
from kb.api import KnowledgeBase  # noqa: E402
from kb.crosscheck.markers import MARKERS  # noqa: E402
from kb.crosscheck.specs import DocSpec, resolve  # noqa: E402
from kb.crosscheck.texts import load_text  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"
GERMAN_SEED = ROOT.parent / "shared" / "seeds" / "000_a3c90cc092d5a721.txt"
GERMAN_ENGLISH = CORPUS / "en" / "full" / "MagicCompRules_20090711.txt"
KOREAN_STATE = "a011d64"
CORPUS_DOCUMENTS = (
    (CORPUS / "zh" / "MagicCompRules_20231117_zh-CN_HeliumOctahelide.txt", "20231117", "zh"),
    (CORPUS / "zh" / "MagicCompRules_20260417_zh-CN_HeliumOctahelide.txt", "20260417", "zh"),
    (CORPUS / "ja" / "CompRules_ja_20260116.0_lines.txt", "20260116", "ja"),
)
_SEED_RULE = re.compile(r"^(702\.23[a-z]?) (.+)$")

Pair = tuple[str, str, str]  # number, translation, English


def korean_pairs(git_dir: str) -> list[Pair]:
    """The rules of the Korean translation's last state, each with its English."""
    with tempfile.TemporaryDirectory() as folder:
        tr, en, _edition = state_texts(git_dir, KOREAN_STATE, Path(folder))
    return [
        (n, rule.full, en.by_number[n].full)
        for n, rule in tr.by_number.items()
        if n in en.by_number and rule.full and en.by_number[n].full
    ]


def corpus_pairs(path: Path, edition: str) -> list[Pair]:
    """The rules of a translation in ../shared/corpus, each with the English rule of its edition."""
    kb = KnowledgeBase.open(":memory:")
    english = kb.import_file(CORPUS / "en" / "full" / f"MagicCompRules_{edition}.txt").name
    translation = kb.import_file(path).name
    en, tr = (load_text(kb.conn, resolve(kb.conn, DocSpec.parse(name)).id) for name in (english, translation))
    kb.close()
    return [
        (n, rule.full, en.by_number[n].full)
        for n, rule in tr.by_number.items()
        if n in en.by_number and rule.full and en.by_number[n].full
    ]


def german_pairs() -> list[Pair]:
    """The seed's quoted rules of 702.23, each with the English rule of the same number in 2009-07-11."""
    english: dict[str, str] = {}
    for line in GERMAN_ENGLISH.read_text(encoding="utf-8-sig", errors="replace").splitlines():
        match = _SEED_RULE.match(line.strip())
        if match and match.group(1) not in english:
            english[match.group(1)] = match.group(2)
    pairs = []
    for line in GERMAN_SEED.read_text(encoding="utf-8").splitlines():
        match = _SEED_RULE.match(line.strip())
        if match and match.group(1) in english:
            pairs.append((match.group(1), match.group(2), english[match.group(1)]))
    return pairs


def measure(lang: str, pairs: list[Pair], misses: set[str]) -> None:
    print(f"{lang}: {len(pairs)} rules paired")
    for marker in MARKERS:
        hits = [(n, t, e) for n, t, e in pairs if marker.english.search(e)]
        form = marker.forms.get(lang)
        contrary = (marker.contrary or {}).get(lang)
        if form is None:
            said = [h[0] for h in hits if contrary is not None and contrary.search(h[1])]
            told = f"; contrary in {len(said)} ({', '.join(said) or '-'})" if contrary is not None else ""
            print(f"  {marker.name:16} English in {len(hits)} rules; no {lang} forms{told}")
            continue
        held = [h for h in hits if form.search(h[1])]
        share = f"{len(held) / len(hits):.3f}" if hits else "-"
        line = f"  {marker.name:16} {len(held)}/{len(hits)} = {share}"
        if contrary is not None:
            against = [
                h
                for h in hits
                if contrary.search(h[1])
                and not form.search(h[1])
                and not (marker.unless and marker.unless.search(h[2]))
            ]
            line += f"; findings (contrary, no form) in {len(against)} ({', '.join(h[0] for h in against) or '-'})"
        print(line)
        if marker.name in misses:
            for n, t, e in hits:
                if not form.search(t):
                    print(f"      {n}: {e[:120]} | {t[:120]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("git_dir", help="a clone of youbeebee/kormtgcr (a bare git directory will do)")
    parser.add_argument("--misses", nargs="*", default=[], help="markers whose misses to print")
    parser.add_argument("--corpus", action="store_true", help="also the Chinese and Japanese corpus documents")
    args = parser.parse_args()
    measure("ko", korean_pairs(args.git_dir), set(args.misses))
    measure("de", german_pairs(), set())
    if args.corpus:
        for path, edition, lang in CORPUS_DOCUMENTS:
            print(f"{path.name} against en {edition}:", end=" ")
            measure(lang, corpus_pairs(path, edition), set(args.misses))


if __name__ == "__main__":
    main()
