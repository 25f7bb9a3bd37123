"""Small translated documents for the crosscheck's unit tests: a term dictionary of given English terms and their
Chinese forms, and a pair of documents (translation, original) holding the rules a test gives after filler rules
that name each term, so that the term base knows the document's form of it."""

from __future__ import annotations

from kb.crosscheck.texts import DocText, RuleText
from kb.terms.dictionary import TermDictionary
from kb.terms.model import TermName
from kb.terms.names import english_key
from kb.terms.vocabulary import GLOSSARY, CrTerm

Rule = tuple[str, str, str]  # (number, translation, English)


def term_dictionary(terms: dict[str, str], lang: str = "zh") -> TermDictionary:
    """The dictionary of ``terms`` (English -> the translation's form), each a glossary term."""
    names = [TermName(lang, form, en, english_key(en), "glossary", "test") for en, form in terms.items()]
    vocabulary = {english_key(en): CrTerm(english_key(en), en, GLOSSARY) for en in terms}
    return TermDictionary(names, vocabulary)


def documents(
    terms: dict[str, str], rules: list[Rule], per_term: int = 5, extra: list[Rule] | None = None
) -> tuple[DocText, DocText]:
    """(translation, original): ``per_term`` rules naming each term ("这是…" / "This is a …"), ``extra`` rules, then
    ``rules``."""
    filler = [
        (f"100.{i * per_term + j + 1}", f"这是{form}。", f"This is a {en}.")
        for i, (en, form) in enumerate(terms.items())
        for j in range(per_term)
    ]
    rows = [*filler, *(extra or []), *rules]
    tr = DocText(2, "zh", "zh", None, [RuleText(n, "rule", None, text, 0, i) for i, (n, text, _) in enumerate(rows)])
    en = DocText(1, "en", "en", None, [RuleText(n, "rule", None, text, 0, i) for i, (n, _, text) in enumerate(rows)])
    return tr, en
