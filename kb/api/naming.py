"""A rule by its name: a title or glossary term in any language held, or a number with its title.

What ``KnowledgeBase.rule`` falls back to when its argument is no rule number ("phasing", "フェイジング",
"702.26 Phasing"): the exact title first, then the glossary's forgiving match, never a guess among several.
"""

from __future__ import annotations

import re

from kb.api.protocols import ReadFacade
from kb.core.errors import AmbiguousName, BadInput, BadRuleNumber, NotFound, TitleMismatch
from kb.core.model import Rule
from kb.i18n import _, ngettext
from kb.store.titles import fold_title, titled


def rule_named(
    kb: ReadFacade,
    name: str,
    *,
    lang: str | None = None,
    edition: str | None = None,
    bad: BadRuleNumber | None = None,
) -> Rule:
    """The rule a title or term names: the exact title first (in the newest document of each
    language, or those ``lang`` and ``edition`` name), then the glossary's forgiving match (its
    entry's "See rule" when it names one rule). Several rules: AmbiguousName with every candidate,
    never a guess; none: BadRuleNumber (``bad``, the number's own complaint) with the glossary's
    nearest terms. "702.26 Trample": the number's rule, when its title agrees (TitleMismatch if not)."""
    numbered = _NUMBER_AND_TITLE.match(name.strip())
    if numbered:
        try:
            rule = kb.numbered_rule(numbered["number"], lang=lang, edition=edition)
        except BadRuleNumber:
            rule = None
        if rule is not None:
            return _agreeing(kb, rule, numbered["title"], lang, edition)
    hits = titled(kb.store, name, lang=lang, edition=edition)
    first = [hit for hit in hits if hit["lang"] == hits[0]["lang"]] if hits else []
    if len(first) == 1:
        return kb.numbered_rule(first[0]["number"], lang=first[0]["lang"], edition=first[0]["document"])
    if first:
        raise _ambiguous(name, first)
    return _glossary_rule(kb, name, lang, edition, bad)


def _agreeing(kb: ReadFacade, rule: Rule, title: str, lang: str | None, edition: str | None) -> Rule:
    if fold_title(rule.title or "") == fold_title(title):
        return rule
    named = titled(kb.store, title, lang=lang or rule.lang, edition=edition)
    where = (
        _(" ({title!r} is {numbers})").format(title=title, numbers=", ".join(h["number"] for h in named))
        if named
        else ""
    )
    raise TitleMismatch(
        _("{number} is titled {actual!r}, not {title!r}").format(
            number=rule.number, actual=rule.title or "", title=title
        )
        + where,
        [h["number"] for h in named],
    )


def _glossary_rule(kb: ReadFacade, name: str, lang: str | None, edition: str | None, bad: BadRuleNumber | None) -> Rule:
    """The rule a glossary entry's "See rule" names, when the entry is found and names one."""
    complaint = str(bad) if bad else _("{text!r} is not a rule number").format(text=name)
    if not any(ch.isalpha() for ch in name):
        raise bad or BadRuleNumber(complaint)
    try:
        found = kb.glossary(name, lang=lang)
    except (NotFound, BadInput) as missing:
        raise BadRuleNumber(
            complaint + "; " + _("no rule is titled {name!r} either").format(name=name), missing.suggestions
        ) from None
    # a part of one concept's name answers when it is a whole word of it ("deathtouch" yes, "foo" of "Food" no)
    single = found.matched != "contains" or (
        len(found.concepts) + len(found.more_concepts) == 1
        and set(fold_title(name).split()) <= set(fold_title(found.concepts[0]).split())
    )
    if not found.entries or not single or found.matched == "near":  # a near spelling is a suggestion
        raise BadRuleNumber(
            complaint + "; " + _("no rule is titled {name!r} either").format(name=name),
            [*found.concepts, *found.more_concepts][:10],
        )
    entry = next((e for e in found.entries if lang and e.lang == lang), None) or next(
        (e for e in found.entries if e.rules), found.entries[0]
    )
    rules = list(dict.fromkeys(entry.rules))
    if len(rules) == 1:
        target_lang = lang or entry.lang
        try:
            return kb.numbered_rule(rules[0], lang=target_lang, edition=edition)
        except NotFound:
            return kb.numbered_rule(rules[0], lang=entry.lang, edition=entry.document)
    if not rules:
        raise BadRuleNumber(
            complaint + "; " + _("the glossary entry {term!r} names no rule").format(term=entry.term),
            [entry.term],
        )
    candidates = []
    for number in rules:
        try:
            rule = kb.numbered_rule(number, lang=entry.lang, edition=entry.document)
        except NotFound:
            continue
        candidates.append({"number": rule.number, "title": rule.title, "lang": rule.lang, "document": rule.document})
    raise _ambiguous(name, candidates)


# "702.26 Phasing", "702.26, “Phasing”", "rule 702.26 Phasing": a number, then its title.
_NUMBER_AND_TITLE = re.compile(r"^(?P<number>(?:[^\W\d]+\s+)?\d{1,3}(?:\.\d+[a-z]?)?)[\s,:.]+(?P<title>\D+)$")


def _ambiguous(name: str, candidates: list[dict]) -> AmbiguousName:
    """Several rules for one name: the list with numbers, the first twenty in the message."""
    shown = [f"{c['number']} {c['title'] or ''}".strip() for c in candidates]
    head = ngettext("{name!r} names {n} rule: {rules}", "{name!r} names {n} rules: {rules}", len(shown)).format(
        name=name, n=len(shown), rules="; ".join(shown[:20])
    )
    if len(shown) > 20:
        head += " " + _("(and {n} more)").format(n=len(shown) - 20)
    return AmbiguousName(head, [c["number"] for c in candidates], candidates)
