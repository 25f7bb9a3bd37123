"""A term written in a form that holds the document's usual form and one character more, in a minority of the
term's rules.

The Chinese translation of 2022-06-10 writes "loyalty" as 忠诚 in 17 of the 26 rules that name it (忠诚是鹏洛客独有
的特征, 忠诚指示物) and as 忠诚度 in the other 9; its translators later wrote 忠诚 in 209.1, 209.2 and 702.19c. The
term dictionary mined from the pair gives 忠诚度, so the terminology check finds the rules right that write
it and the consistency check, which reads rare strings near a dominant form, never sees 忠诚 as the dominant one:
every 忠诚度 holds it. Here the relation is read the other way round: the term's own rules say which is usual.

A finding needs all of: a form of the term (its forms, accepted variants and learnt forms) of three characters or
more, written in at most ``MINORITY`` of the rules whose original names the term; the form without its first or its
last character written, without the form, in at least as many of those rules and ``MIN_RULES`` of them; and that
shorter string said mostly there (``SPECIFIC`` of the rules writing it without the form name the term), so that it
is the term's rendering and not another word (法术 "sorcery" is no short form of 法术力 "mana"); and the character
left out no hiragana (打ち消す is the form of 打ち消される, its stem 打ち消 no usual form). Each rule writing the
longer form is a finding.
"""

from __future__ import annotations

import re
from typing import Iterator

from kb.crosscheck.model import Finding
from kb.crosscheck.termbase import TermBase, TermStats, unglossed
from kb.crosscheck.texts import DocText
from kb.i18n import _

MIN_RULES = 5  # rules writing the shorter string alone: fewer say nothing of a usual form
MINORITY = 0.4  # the longer form: in at most this share of the term's rules
SPECIFIC = 0.6  # the rules writing the shorter string alone that name the term
_HIRAGANA = re.compile("[\u3041-\u309f]")


def longer_forms(tr: DocText, en: DocText, base: TermBase) -> Iterator[Finding]:
    """Consistency findings: each rule writing a term's minority form that holds its usual one."""
    texts = {number: unglossed(tr.by_number[number].full) for number in base.english_keys}
    naming: dict[str, list[str]] = {}
    for number, keys in base.english_keys.items():
        for key in keys:
            naming.setdefault(key, []).append(number)
    for key, numbers in naming.items():
        stats = base.stats.get(key)
        if stats is None or not stats.forms or len(numbers) < MIN_RULES:
            continue
        for form, short, longer, usual in _minority(stats, numbers, texts):
            for number in longer:
                english = base.english_words[number][key]
                yield Finding(
                    "consistency",
                    number,
                    _(
                        "{number}: {english} is written {form} here ({longer} of the term's {rules} rules), "
                        "{short} in {usual} of them"
                    ).format(
                        number=number,
                        english=english,
                        form=form,
                        short=short,
                        longer=len(longer),
                        usual=usual,
                        rules=len(numbers),
                    ),
                    tr.by_number[number].full,
                    en.by_number[number].full,
                    {
                        "english": english,
                        "translated": form,
                        "term": key,
                        "dominant": short,
                        "check": "longer",
                        "evidence": {"variant": len(longer), "dominant": usual, "rules": len(numbers)},
                        "confidence": round(1 - len(longer) / (len(longer) + usual), 3),
                    },
                )


def _minority(stats: TermStats, numbers: list[str], texts: dict[str, str]) -> Iterator[tuple[str, str, list[str], int]]:
    """(form, its usual shorter string, the term's rules writing the form, the term's rules writing the string
    alone) for each form the term's rules write less often than the form without an edge character."""
    forms = stats.judged().forms
    for form in forms:
        if len(form) < 3:
            continue
        longer = [number for number in numbers if form in texts[number]]
        if not longer or len(longer) > MINORITY * len(numbers):
            continue
        for short, left_out in ((form[:-1], form[-1]), (form[1:], form[0])):
            if _HIRAGANA.match(left_out):
                continue  # 打ち消す and 打ち消される: a verb's ending, inflected elsewhere
            alone = [n for n in numbers if short in texts[n] and not any(f in texts[n] for f in forms)]
            if len(alone) < max(MIN_RULES, len(longer)):
                continue
            elsewhere = sum(1 for text in texts.values() if short in text and form not in text)
            if len(alone) >= SPECIFIC * elsewhere:
                yield form, short, longer, len(alone)
                break
