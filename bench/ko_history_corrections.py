"""Candidates for tests/data/crosscheck_corrections_ko_kormtgcr.tsv: the Korean translator's own corrections,
from a clone of youbeebee/kormtgcr (an unofficial Korean translation of the CR, 2016-2022, one file,
MagicCompRules_KR.txt, revised in place: a new CR edition, or a typo or mistranslation fixed).

Each state of that file is compared with the state before it. A rule whose Korean changed while its English
did not is a candidate: the English of each state is the corpus English edition the state translates (its
header "이 규칙은 YYYY년 M월 D일부터 시행됩니다" is the effective date; the edition is the latest corpus file dated
on or before it), and the rule's English must be the same text in both editions. The earlier state is what
a check must flag; it is scored against the English of its own edition.

Run: python bench/ko_history_corrections.py GIT_DIR [--states]
"""

from __future__ import annotations

import argparse
import datetime
import difflib
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.api import KnowledgeBase  # noqa: E402
from kb.crosscheck import crosscheck_document  # noqa: E402
from kb.crosscheck.document import FINDINGS  # noqa: E402
from kb.crosscheck.model import DocumentCrosscheck  # noqa: E402
from kb.crosscheck.specs import DocSpec, resolve  # noqa: E402
from kb.crosscheck.texts import DocText, load_text  # noqa: E402
from kb.importers.decode import decode_bytes  # noqa: E402
from kb.terms import rebuild_terms  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"
FILE = "MagicCompRules_KR.txt"
_RULE = re.compile(r"^(\d{3}\.\d+[a-z]?)\.?\s+(.*)")
_EFFECTIVE_KO = re.compile(r"(\d{4})년\s*(\d{1,2})월\s*(\d{1,2})일부터")


@dataclass(frozen=True)
class State:
    commit: str
    day: str  # the commit's date
    subject: str
    edition: str  # YYYYMMDD of the English edition translated
    text: str


def run(git_dir: str, *args: str) -> bytes:
    return subprocess.run(["git", "--git-dir", git_dir, *args], capture_output=True, check=True).stdout


def rules(text: str) -> dict[str, str]:
    """Rule number -> text of its first line and the indented paragraphs after it (examples and the glossary are
    not rules)."""
    found: dict[str, str] = {}
    number = None
    for line in text.splitlines():
        match = _RULE.match(line.strip())
        if match and match.group(1) not in found:
            number = match.group(1)
            found[number] = " ".join(match.group(2).split())
        elif number and line[:1].isspace() and line.strip():
            found[number] += " " + " ".join(line.split())  # a paragraph of the rule
        else:
            number = None
    return found


def korean(data: bytes) -> str:
    """The Korean file was CP949 until 2016-11-15 ("Change txt format to UTF-8"), UTF-8 since."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp949", errors="replace")


def english_editions() -> list[str]:
    return sorted(p.stem.split("_")[1] for p in (CORPUS / "en" / "full").glob("MagicCompRules_*.txt"))


def edition_of(text: str, editions: list[str]) -> str:
    """The corpus English edition a Korean state translates: the latest dated on or before its effective date."""
    match = _EFFECTIVE_KO.search(text[:2000])
    if not match:
        return ""
    effective = datetime.date(*map(int, match.groups())).strftime("%Y%m%d")
    earlier = [e for e in editions if e <= effective]
    return earlier[-1] if earlier else ""


def states(git_dir: str) -> list[State]:
    editions = english_editions()
    log = run(git_dir, "log", "--reverse", "--format=%H %ad %s", "--date=short", "--", FILE).decode()
    found = []
    for line in log.splitlines():
        commit, day, subject = (line.split(" ", 2) + [""])[:3]
        text = korean(run(git_dir, "show", f"{commit}:{FILE}"))
        found.append(State(commit, day, subject, edition_of(text, editions), text))
    return found


def english(edition: str, cache: dict[str, dict[str, str]]) -> dict[str, str]:
    if edition not in cache:
        path = CORPUS / "en" / "full" / f"MagicCompRules_{edition}.txt"
        cache[edition] = rules(decode_bytes(path.read_bytes(), str(path)))
    return cache[edition]


def stable_english(number: str, first: str, last: str, cache: dict[str, dict[str, str]]) -> str:
    """The rule's English where it is one text in every corpus edition from ``first`` to ``last``, else ""."""
    editions = english_editions()
    span = editions[editions.index(first) : editions.index(last) + 1]
    texts = {english(edition, cache).get(number, "") for edition in span}
    return texts.pop() if len(texts) == 1 else ""


def _letters(text: str) -> str:
    return re.sub(r"[\W_]+", "", text)


def local(old: str, new: str) -> bool:
    """A correction, not another rule's text at this number: letters changed (not only spaces, quotes or
    punctuation) and most of the text kept (difflib ratio >= 0.6)."""
    return _letters(old) != _letters(new) and difflib.SequenceMatcher(None, old, new, autojunk=False).ratio() >= 0.6


def candidates(git_dir: str) -> list[tuple[State, State, str, str, str, str]]:
    """(before, after, number, English, Korean before, Korean after) of every correction with the English kept."""
    cache: dict[str, dict[str, str]] = {}
    found = []
    previous = None
    every = states(git_dir)
    declared: list[str] = []  # the editions the states' headers name, in order
    for state in every:
        if state.edition and (not declared or declared[-1] != state.edition):
            declared.append(state.edition)
    for state in every:
        if previous is not None and previous.edition and state.edition:
            # a header is updated before or after the text: the earlier state may still translate the edition
            # named before its own, the later one already the edition named after: the English must be the same
            # over that whole span
            at, to = declared.index(previous.edition), declared.index(state.edition)
            first, last = declared[max(0, at - 1)], declared[min(len(declared) - 1, to + 1)]
            old, new = rules(previous.text), rules(state.text)
            for number, text in old.items():
                if number not in new or not local(text, new[number]):
                    continue
                en = stable_english(number, first, last, cache)
                if en:
                    found.append((previous, state, number, en, text, new[number]))
        previous = state
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("git_dir")
    parser.add_argument("--states", action="store_true", help="list the states and their editions only")
    args = parser.parse_args()
    if args.states:
        for state in states(args.git_dir):
            print(f"{state.commit[:7]} {state.day} en {state.edition or '?'} {state.subject}")
        return
    found = candidates(args.git_dir)
    for before, after, number, en, old, new in found:
        print(f"## {number}\t{before.commit[:12]} ({before.edition}) -> {after.commit[:12]} ({after.edition})")
        print(f"EN  {en}\nOLD {old}\nNEW {new}")
    print(f"{len(found)} corrections with the English unchanged", file=sys.stderr)


if __name__ == "__main__":
    main()


def state_text(git_dir: str, commit: str) -> str:
    """One state of the Korean file, read from a clone of youbeebee/kormtgcr (a bare git directory will do)."""
    data = subprocess.run(["git", "--git-dir", git_dir, "show", f"{commit}:{FILE}"], capture_output=True, check=True)
    return korean(data.stdout)


def state_report(
    git_dir: str, commit: str, folder: Path, edition: str | None = None, kinds: tuple[str, ...] = FINDINGS
) -> tuple[DocumentCrosscheck, str]:
    """(the document cross-check, the English edition) of one state of the Korean translation, imported into a
    database of its own with the English edition it translates (its header's date unless ``edition`` is given)
    and the term dictionary mined from the pair. The states before 2016-11-15 are CP949, which the importers
    refuse, so the state is written out in UTF-8 under ``folder`` first."""
    text = state_text(git_dir, commit)
    edition = edition or edition_of(text, english_editions())
    path = folder / commit / FILE
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    kb = KnowledgeBase.open(":memory:")
    try:
        kb.import_file(CORPUS / "en" / "full" / f"MagicCompRules_{edition}.txt")
        kb.import_file(path)
        rebuild_terms(kb)
        return crosscheck_document(kb.conn, "MagicCompRules_KR", f"MagicCompRules_{edition}", kinds=kinds), edition
    finally:
        kb.close()


def state_texts(git_dir: str, commit: str, folder: Path) -> tuple[DocText, DocText, str]:
    """(translation, original, English edition) of one state of the Korean translation, each read as the checks
    read it, from a database of its own (the state written out in UTF-8 under ``folder`` first, as for
    `state_report`)."""
    text = state_text(git_dir, commit)
    edition = edition_of(text, english_editions())
    path = folder / commit / FILE
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    kb = KnowledgeBase.open(":memory:")
    try:
        kb.import_file(CORPUS / "en" / "full" / f"MagicCompRules_{edition}.txt")
        kb.import_file(path)
        tr, en = (
            load_text(kb.conn, resolve(kb.conn, DocSpec.parse(spec)).id)
            for spec in ("MagicCompRules_KR", f"MagicCompRules_{edition}")
        )
        return tr, en, edition
    finally:
        kb.close()
