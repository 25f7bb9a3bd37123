"""`mtgkb glossary`: a term's glossary entries in every language, by any of its names."""

from __future__ import annotations

import click

from kb.cli.options import edition_option, json_option, lang_option
from kb.cli.output import dump, fail, open_kb
from kb.i18n import _, format_edition, ngettext


@click.command("glossary")
@click.argument("term")
@lang_option(help="Only this language.")
@edition_option(help="Edition (2023-11-17) or document name; default the newest of each language.")
@click.option("--all", "all_editions", is_flag=True, help="Every edition's entry, not only the newest.")
@json_option(help="Print the entries as JSON.")
@click.pass_context
def glossary(ctx, term, lang, edition, all_editions, as_json):
    """Look a term up in the glossaries, in every language, by any of its names."""
    result = open_kb(ctx).glossary(term, lang=lang, edition=edition, all_editions=all_editions)
    if not result.entries and not result.listing:
        fail(_("no glossary entry for {term!r}").format(term=term), as_json=as_json)
    if as_json:
        dump(result.to_dict())
        return
    if result.listing:  # landfall, 上陸: rule 207.2c lists it; it has no entry and no rules meaning
        _ability_word(result.listing)
        return
    if result.did_you_mean:
        click.echo(
            _("No entry for {term!r}. Did you mean: {suggestion}?").format(term=term, suggestion=result.did_you_mean)
        )
        click.echo()
    if result.see:
        click.echo(_("{term} (see {target}):").format(term=result.see, target=result.concepts[0]))
        click.echo()
    for e in result.entries:
        names = e.term + (f" / {e.english}" if e.english and e.english != e.term else "")
        click.secho(names + (f" ({e.reading})" if e.reading else ""), bold=True)
        older = _("; an older edition: the newest has no such entry") if e.older else ""
        click.echo(f"[{e.lang}, {format_edition(e.edition)}, {e.document}{older}]")
        click.echo(e.text)
        click.echo()
    if result.other_editions:
        click.echo(
            ngettext(
                "{n} more entry in other editions: --all lists it, --edition picks one.",
                "{n} more entries in other editions: --all lists them, --edition picks one.",
                result.other_editions,
            ).format(n=result.other_editions)
        )
    if result.more_concepts:
        click.echo(
            ngettext(
                "{n} more term contains {term!r}: {terms}",
                "{n} more terms contain {term!r}: {terms}",
                len(result.more_concepts),
            ).format(n=len(result.more_concepts), term=term, terms=", ".join(result.more_concepts))
        )


def _ability_word(listed) -> None:
    """An ability word as its language's rule 207.2c lists it, and the rule's sentence saying what it is."""
    english = f" / {listed.english}" if listed.english and listed.english.casefold() != listed.word.casefold() else ""
    click.secho(listed.word + english, bold=True)
    click.echo(
        _("An ability word: it has no rules meaning and no glossary entry (rule {rule}).").format(rule=listed.rule)
    )
    click.echo(f"[{listed.lang}, {format_edition(listed.edition)}]")
    click.echo(f"{listed.rule} {listed.sentence}")
