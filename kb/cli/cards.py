"""`mtgkb card NAME`: an imported card's Oracle text with its rules terms linked to their rules.

The terms are marked in the text as [→rule] after the term, and so are the wordings of what the
text says about the rules ("can't lose the game [→104.3]"); the terms are listed below with the rule
each links to (a keyword's defining subrule, the glossary's rules); a card of several faces shows
each face; then what the text says about the rules (its wordings, each with its rules and why:
kb.cards.oracle). Exit 1 with the nearest names when no card has that name (docs/cards.md).
"""

from __future__ import annotations

import click

from kb.cli.options import json_option
from kb.cli.output import dump, open_kb
from kb.i18n import _


@click.command("card")
@click.argument("name", nargs=-1, required=True)
@json_option(help="Print the card, its names, its linked terms and what its text says ('says') as JSON.")
@click.pass_context
def card(ctx, name, as_json):
    """Show an imported card (by its name in any language it is known in) with its rules terms linked.

    Cards come from 'mtgkb update --cards' or 'mtgkb import' of a Scryfall or MTGJSON card file.
    """
    asked = " ".join(name)
    found = open_kb(ctx, readonly=True).card(asked)
    if as_json:
        dump(found.to_dict())
        return
    for warning in found.warnings:
        click.echo(warning, err=True)
    click.secho(f"{found.name}  {found.mana_cost}".rstrip(), bold=True)
    if not found.exact:
        click.echo(
            _("(no card is named {asked!r}; the nearest: {name!r}, {lang})").format(
                asked=asked, name=found.matched, lang=found.matched_lang
            )
        )
    elif found.matched != found.name:
        click.echo(_("(found as {name!r}, {lang})").format(name=found.matched, lang=found.matched_lang))
    click.echo(marked(found.type_line, [], said_marks(found.says, 0, len(found.type_line), "type")))
    if found.faces:
        at = 0
        for face in found.faces:
            click.echo()
            click.secho(f"{face.name}  {face.mana_cost}".rstrip(), bold=True)
            click.echo(face.type_line)
            if face.defense:
                click.echo(defense_line(face.defense, found.terms))
            begins = found.oracle_text.find(face.oracle_text, at) if face.oracle_text else -1
            says = said_marks(found.says, begins, len(face.oracle_text)) if begins >= 0 else []
            at = begins + len(face.oracle_text) if begins >= 0 else at
            click.echo(marked(face.oracle_text, face.terms, says))
    else:
        click.echo(marked(found.oracle_text, found.terms, said_marks(found.says, 0, len(found.oracle_text))))
    if found.terms:
        click.echo()
        click.echo(_("Rules:"))
        width = max(len(term.term) for term in found.terms)
        for term in found.terms:
            rules = ", ".join(term.rules) if term.rules else term.rule
            click.echo(f"  {term.term.ljust(width)}  {rules}  ({_(term.kind)}: {term.title})")
    if found.says:
        click.echo()
        click.echo(_("What its text says:"))
        echo_says(found.says, "  ")
    if found.pool_text:
        click.echo()
        click.echo(_("The rules engine's card of this name has another text:"))
        click.echo(found.pool_text)
    others = [n for n in found.names if n["lang"] != "en"]
    if others:
        click.echo()
        click.echo(_("Also known as: {names}").format(names=", ".join(f"{n['name']} ({n['lang']})" for n in others)))


def defense_line(defense: str, terms) -> str:
    """A battle's defense as printed below its type line, marked with the rule of the glossary's
    Defense where the rules are held: "Defense 6 [→310.4]"."""
    term = next((term for term in terms if term.term == "defense" and term.start < 0), None)
    if term is None:
        return f"Defense {defense}"
    return f"{term.title} {defense} [→{term.rule}]"


def echo_says(says, indent: str) -> None:
    """Each wording of a card's text and what it says (kb.cards.lookup.TextSays): the words (and the
    face that has them), each rule with its title, and why, as the table data/oracle_rules.tsv says."""
    for item in says:
        where = f"  ({item.face})" if item.face else ""
        click.echo(f"{indent}{item.words}{where}")
        for rule in item.rules:
            click.echo(f"{indent}    {rule.rule}  {rule.title}".rstrip())
        click.echo(f"{indent}    " + _("why: {why}").format(why=item.why))


def echo_together(together, indent: str) -> None:
    """How the effects of several named cards interact (kb.cards.lookup.TogetherSays), as `echo_says`."""
    for item in together:
        click.echo(
            indent
            + _("{cards} together ({effects}):").format(cards=", ".join(item.cards), effects=" + ".join(item.effects))
        )
        for rule in item.rules:
            click.echo(f"{indent}    {rule.rule}  {rule.title}".rstrip())
        click.echo(f"{indent}    " + _("why: {why}").format(why=item.why))


def said_marks(says, begins: int, length: int, where: str = "text") -> list[tuple[int, str]]:
    """(end, rule) of each wording of what the card says (kb.cards.lookup.TextSays) that lies in its
    field ``where`` ("text": the Oracle text; "type": the type line, "Artifact — Equipment [→301.5]")
    between ``begins`` and ``begins + length`` (a face's part of the card's text), its end counted
    from ``begins``; the rule is the wording's first, the most specific."""
    return [
        (item.end - begins, item.rules[0].rule)
        for item in says
        if item.field == where and item.rules and begins <= item.start and item.end <= begins + length
    ]


def _word_end(text: str, end: int) -> int:
    """``end`` moved to the end of the word it falls in: a wording of the table may stop inside one
    ("... and "This creature" of "This creature's power"), and a mark there would split it."""
    if not 0 < end < len(text) or not text[end - 1].isalnum():
        return end
    while end < len(text) and (
        text[end].isalnum() or (text[end] in "'’" and end + 1 < len(text) and text[end + 1].isalnum())
    ):
        end += 1
    return end


def marked(text: str, terms, says: list[tuple[int, str]] | None = None) -> str:
    """The text with "[→rule]" after each term it spells out and after each wording of what it says
    (``says``: (end, rule), from `said_marks`): "can't lose the game [→104.3]". One mark at a place:
    a wording that ends where a term does adds its rule to the term's mark ("[→702.10, 104.3]"),
    and nothing when the term's mark already names it."""
    at: dict[int, list[str]] = {}
    for term in terms:
        if term.start >= 0:
            at.setdefault(term.end, []).append(term.rule)
    for end, rule in says or []:
        rules = at.setdefault(_word_end(text, end), [])
        if rule not in rules:
            rules.append(rule)
    out, last = [], 0
    for end in sorted(at):
        out.append(text[last:end])
        out.append(f" [→{', '.join(at[end])}]")
        last = end
    out.append(text[last:])
    return "".join(out)
