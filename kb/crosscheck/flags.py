"""The flags of one row of a rule-level cross-check.

Each check reads the row (both translations, both English texts) and the context
(languages, editions, the term dictionary, the renumbering of cited rules) and adds
flags, or notes where two texts agree in a way worth knowing (the same citation in
two numberings).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from kb.crosscheck.model import Cell, Flag, Row
from kb.crosscheck.signals import citations, listed, numerals, sorted_numbers, untranslated
from kb.crosscheck.termcheck import swapped_terms
from kb.history.diff import CHANGE_LABELS
from kb.history.text import RULE_NUMBER, mask_numbers, normalise, word_diff
from kb.i18n import _
from kb.terms import TermDictionary

_QUIET_CHANGES = {None, "unchanged", "renumbered", "references only", "added", "removed"}
_QUOTE = 60


@dataclass
class Context:
    lang: dict[str, str]  # side -> language
    edition: dict[str, str]  # side -> edition label
    terms: TermDictionary | None = None
    cite_map: Callable[[str], str | None] = lambda number: number  # A's numbering -> B's
    notes: dict[str, str] = field(default_factory=dict)  # English number of A -> what became of it
    # side -> {its English number: the other edition's number, outside the compared rule}
    elsewhere: dict[str, dict[str, str]] = field(default_factory=lambda: {"a": {}, "b": {}})

    def other(self, side: str) -> str:
        return "b" if side == "a" else "a"


def flag_row(row: Row, ctx: Context) -> None:
    """Every check, in report order."""
    for check in (one_side, rules_change, cited, stated_numbers, game_terms, english_left):
        check(row, ctx)


def _get(row: Row, side: str) -> tuple[Cell | None, Cell | None]:
    return (row.a, row.en_a) if side == "a" else (row.b, row.en_b)


def one_side(row: Row, ctx: Context) -> None:
    """A subrule one translation lacks: a rules change between the editions, or a gap in the translation."""
    for side in ("a", "b"):
        text, english = _get(row, side)
        other_text, other_english = _get(row, ctx.other(side))
        lang, edition = ctx.lang[side], ctx.edition[side]
        if text is None and english is not None:
            message = _("translation gap: the {lang} text lacks {number} of its English original").format(
                lang=lang, number=english.number
            )
            row.flags.append(Flag("one-side", message, side, {"cause": "translation gap", "missing": english.number}))
        elif text is None and other_english is not None and other_english.number in ctx.elsewhere[ctx.other(side)]:
            became = ctx.elsewhere[ctx.other(side)][other_english.number]
            message = _("{number} ({edition}) is {became} in {other}, outside the compared rule").format(
                number=other_english.number, edition=ctx.edition[ctx.other(side)], became=became, other=edition
            )
            row.flags.append(
                Flag(
                    "one-side", message, side, {"cause": "elsewhere", "number": other_english.number, "became": became}
                )
            )
        elif text is None and other_english is not None:
            note = ctx.notes.get(other_english.number)
            message = (
                _("rules change: {number} ({edition}) is not in {other} ({note})")
                if note
                else _("rules change: {number} ({edition}) is not in {other}")
            )
            row.flags.append(
                Flag(
                    "one-side",
                    message.format(
                        number=other_english.number, edition=ctx.edition[ctx.other(side)], other=edition, note=note
                    ),
                    side,
                    {"cause": "rules change", "number": other_english.number, "note": note},
                )
            )
        elif text is None and other_text is not None:
            message = _("{number} has no counterpart on the {lang} side").format(number=other_text.number, lang=lang)
            row.flags.append(Flag("one-side", message, side, {"cause": "unknown", "number": other_text.number}))
        elif text is not None and english is None and (row.en_a or row.en_b):
            message = _("not in the original: {number} is not in the English text of {edition}").format(
                number=text.number, edition=edition
            )
            row.flags.append(Flag("one-side", message, side, {"cause": "not in the original", "number": text.number}))


def rules_change(row: Row, ctx: Context) -> None:
    """The English rule changed between the two editions (beyond renumbering and renumbered citations)."""
    if row.en_a is None or row.en_b is None:
        return
    if (
        row.change in ("renumbered", "unchanged")
        and normalise(row.en_a.text) != normalise(row.en_b.text)
        and not _references_only(row.en_a.text, row.en_b.text, ctx)
    ):
        row.change = "edited"  # the texts say otherwise than the stored chain ("Each deck has a legendary card …")
    if row.change in ("edited", "renumbered", "unchanged") and _references_only(row.en_a.text, row.en_b.text, ctx):
        row.change = "references only"
        row.notes.append(_("the English texts differ only in cited rules, as those were renumbered"))
    if row.change in _QUIET_CHANGES:
        return
    detail: dict[str, str | list[str] | None] = {"change": row.change, "from": ctx.edition["a"], "to": ctx.edition["b"]}
    words = ""
    if row.change != "references only":
        old, new = word_diff(row.en_a.text, row.en_b.text)
        removed = detail["removed"] = [row.en_a.text[s.start : s.end] for s in old]
        added = detail["added"] = [row.en_b.text[s.start : s.end] for s in new]
        words = _summary(removed, added)
    message = _("{change} between {old} and {new}: {words}") if words else _("{change} between {old} and {new}")
    change = _(CHANGE_LABELS[row.change]) if row.change in CHANGE_LABELS else row.change
    row.flags.append(
        Flag(
            "rules-change",
            message.format(change=change, old=ctx.edition["a"], new=ctx.edition["b"], words=words),
            None,
            detail,
        )
    )


def _references_only(old: str, new: str, ctx: Context) -> bool:
    """Only cited numbers differ, each as the cited rule was renumbered (704.5n -> 704.5m)."""
    old, new = normalise(old), normalise(new)
    if mask_numbers(old) != mask_numbers(new):
        return False
    before, after = RULE_NUMBER.findall(old), RULE_NUMBER.findall(new)
    return before != after and [ctx.cite_map(n) for n in before] == after


def _summary(removed: list[str], added: list[str]) -> str:
    """The words a rule lost and gained ("removed “…”; added “…”"), "" for none."""
    parts = []
    if removed:
        parts.append(_("removed “{words}”").format(words=_clip(" … ".join(removed))))
    if added:
        parts.append(_("added “{words}”").format(words=_clip(" … ".join(added))))
    return "; ".join(parts)


def _clip(text: str) -> str:
    return text if len(text) <= _QUOTE else text[: _QUOTE - 1] + "…"


def _cites(cell: Cell | None) -> set[str] | None:
    return None if cell is None else citations(cell.text, cell.lang)


def cited(row: Row, ctx: Context) -> None:
    """Cited rules: each translation against its English, then the two against each other, renumbering applied."""
    found = {side: _cites(cell) for side, cell in (("a", row.a), ("b", row.b), ("en_a", row.en_a), ("en_b", row.en_b))}
    for side in ("a", "b"):
        mine, english = found[side], found["en_" + side]
        if mine is not None and english is not None and mine != english:
            message = _("the {lang} text cites {numbers} where its English cites {english}").format(
                lang=ctx.lang[side], numbers=listed(mine), english=listed(english)
            )
            row.flags.append(
                Flag(
                    "citations",
                    message,
                    side,
                    {"translation": sorted_numbers(mine), "original": sorted_numbers(english)},
                )
            )
    if found["a"] is None or found["b"] is None or not (found["a"] or found["b"]):
        return
    mapped = {ctx.cite_map(n) or n for n in found["a"]}
    if mapped == found["b"]:
        if found["a"] != found["b"]:
            row.notes.append(
                _("same citation in two numberings: {a} ({a_edition}) = {b} ({b_edition})").format(
                    a=listed(found["a"]), a_edition=ctx.edition["a"], b=listed(found["b"]), b_edition=ctx.edition["b"]
                )
            )
        return
    english_agree = (
        found["en_a"] is None or found["en_b"] is None or {ctx.cite_map(n) or n for n in found["en_a"]} == found["en_b"]
    )
    if english_agree:
        message = _("{a} ({a_edition}, = {mapped} in {b_edition}) against {b}").format(
            a=listed(found["a"]),
            a_edition=ctx.edition["a"],
            mapped=listed(mapped),
            b_edition=ctx.edition["b"],
            b=listed(found["b"]),
        )
        row.flags.append(
            Flag(
                "citations",
                message,
                None,
                {
                    "a": sorted_numbers(found["a"]),
                    "a_renumbered": sorted_numbers(mapped),
                    "b": sorted_numbers(found["b"]),
                },
            )
        )


def stated_numbers(row: Row, ctx: Context) -> None:
    """Numbers in the text: each translation against its English; without English, the two against each other."""
    pairs = [(side, *_get(row, side)) for side in ("a", "b")]
    compared = False
    for side, text, english in pairs:
        if text is None or english is None:
            continue
        compared = True
        _compare_numbers(row, text, english, side, _("its English ({edition})").format(edition=ctx.edition[side]))
    if not compared and row.a is not None and row.b is not None:
        _compare_numbers(row, row.a, row.b, None, _("the {lang} text").format(lang=ctx.lang["b"]))


def _compare_numbers(row: Row, text: Cell, other: Cell, side: str | None, against: str) -> None:
    mine, theirs = numerals(text.text, text.lang), numerals(other.text, other.lang)
    only_mine, only_theirs = mine.unmatched(theirs), theirs.unmatched(mine)
    if only_mine or only_theirs:
        # TRANSLATORS: {against} is "its English (2023-11-17)" or "the ja text".
        message = _("the {lang} text states {numbers}, {against} {other}").format(
            lang=text.lang, numbers=listed(only_mine), against=against, other=listed(only_theirs)
        )
        row.flags.append(Flag("numbers", message, side, {"only_translation": only_mine, "only_other": only_theirs}))


def game_terms(row: Row, ctx: Context) -> None:
    """A translation naming another game term than its English original (one zone, step, type or
    keyword ability for another, kb.crosscheck.termcheck); without English, the two translations
    against each other."""
    if ctx.terms is None:
        return
    compared = False
    for side in ("a", "b"):
        text, english = _get(row, side)
        if text is None or english is None or text.lang == "en":
            continue
        compared = True
        for swap in swapped_terms(ctx.terms, text.text, text.lang, english.text, english.lang):
            row.flags.append(Flag("terms", _term_message(swap, text.lang, _("its English")), side, swap.to_dict()))
    if not compared and row.a is not None and row.b is not None and row.en_a is None and row.en_b is None:
        for swap in swapped_terms(ctx.terms, row.b.text, row.b.lang, row.a.text, row.a.lang):
            row.flags.append(
                Flag(
                    "terms",
                    _term_message(swap, row.b.lang, _("the {lang} text").format(lang=row.a.lang)),
                    "b",
                    swap.to_dict(),
                )
            )


def _term_message(swap, lang: str, against: str) -> str:
    # TRANSLATORS: {against} is "its English" or "the de text".
    message = _(
        "the {lang} text says {found} (the {category} {named}) where {against} names the {category} "
        "{original} (expected {expected}); pair from {source}"
    )
    return message.format(
        lang=lang,
        found=swap.found,
        category=swap.category,
        named=swap.named_english,
        against=against,
        original=swap.original,
        expected=", ".join(swap.expected_names) or "—",
        source=swap.sources[0] if swap.sources else "—",
    )


def english_left(row: Row, ctx: Context) -> None:
    for side in ("a", "b"):
        text = _get(row, side)[0]
        if text is None:
            continue
        passages = untranslated(text.text, text.lang)
        if passages:
            message = _("English in the {lang} text: “{passage}”").format(lang=text.lang, passage=_clip(passages[0]))
            row.flags.append(Flag("untranslated", message, side, {"passages": passages}))
