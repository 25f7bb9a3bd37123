"""Candidates for tests/data/crosscheck_corrections_zh_history.tsv: the Chinese translators' corrections
between consecutive versions of their translation, from a clone of HeliumOctahelide/magic-comp-rules-zh-cn.

Each state of a plain_text/YYYYMMDD_Zh.txt file (a new dated file, or a commit that revised one) is compared
with the state before it; a rule whose Chinese changed while its English (the En file of the same state and
date) did not is a candidate. Those whose earlier text is the text of zh 2023-11-17 in ../shared/corpus, whose
English is that of 2023-11-17, and which the first answer key does not hold are printed for labelling (the
others cannot be scored on a corpus document); the counts of all are printed first.

Run: python bench/zh_history_corrections.py GIT_DIR [--all]
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
_RULE = re.compile(r"^(\d{3}\.\d+[a-z]?)\.?\s+(.*)")
_STATE = re.compile(r"plain_text/(\d{8})_Zh\.txt")


def rules(text: str) -> dict[str, str]:
    """Rule number -> text (the first line of that number; examples and glossary are not rules)."""
    found: dict[str, str] = {}
    for line in text.splitlines():
        match = _RULE.match(line.strip())
        if match and match.group(1) not in found:
            found[match.group(1)] = match.group(2).strip()
    return found


def states(git_dir: str) -> list[tuple[str, str]]:
    """(date, commit) of every state of a Chinese file, in the order of the dates, then of the commits."""
    commits = run(git_dir, "log", "--reverse", "--format=%H", "--", "plain_text/").split()
    found = []
    for commit in commits:
        changed = run(git_dir, "diff-tree", "--no-commit-id", "--name-status", "-r", commit, "--", "plain_text/")
        for line in changed.splitlines():
            status, *_, path = line.split("\t")
            match = _STATE.fullmatch(path)
            if match and status in ("A", "M"):
                found.append((match.group(1), commit))
    return sorted(found, key=lambda state: (state[0], commits.index(state[1])))


def run(git_dir: str, *args: str) -> str:
    return subprocess.run(["git", "--git-dir", git_dir, *args], capture_output=True, text=True, check=True).stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("git_dir")
    parser.add_argument("--all", action="store_true", help="print every candidate, not only the scorable ones")
    args = parser.parse_args()
    zh = rules((CORPUS / "zh" / "MagicCompRules_20231117_zh-CN_HeliumOctahelide.txt").read_text(encoding="utf-8"))
    en = rules(run(args.git_dir, "show", "HEAD:plain_text/20231117_En.txt"))
    answered = {
        line.split("\t")[0]
        for line in (ROOT / "tests" / "data" / "crosscheck_corrections_zh.tsv").read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    }
    before = None
    total = scorable = 0
    for date, commit in states(args.git_dir):
        try:
            chinese = rules(run(args.git_dir, "show", f"{commit}:plain_text/{date}_Zh.txt"))
            english = rules(run(args.git_dir, "show", f"{commit}:plain_text/{date}_En.txt"))
        except subprocess.CalledProcessError:
            continue  # a state without its English file
        if before is not None:
            old_date, old_commit, old_chinese, old_english = before
            for number, text in old_chinese.items():
                if number not in chinese or chinese[number] == text or not english.get(number):
                    continue
                if old_english.get(number) != english[number]:
                    continue
                total += 1
                ok = zh.get(number) == text and en.get(number) == english[number] and number not in answered
                scorable += ok
                if ok or args.all:
                    print(f"## {number}\t{old_date}_Zh.txt@{old_commit[:7]} -> {date}_Zh.txt@{commit[:7]}")
                    print(f"EN  {english[number]}\nOLD {text}\nNEW {chinese[number]}")
        before = (date, commit, chinese, english)
    print(f"{total} corrections with the English unchanged; {scorable} scorable on zh 2023-11-17", file=sys.stderr)


if __name__ == "__main__":
    main()
