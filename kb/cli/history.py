"""mtgkb diff, trace and renumbered: thin click wrappers over kb.history.

Text output marks word changes git-style: [-removed words-] in the old text,
{+inserted words+} in the new one; --json gives the same as character spans.
"""

from __future__ import annotations

import click

from kb.cli.options import edition_option, json_option, lang_option
from kb.cli.output import dump, fail, open_kb
from kb.core.labels import CHANGE_LABELS, mark
from kb.i18n import _, ngettext
from kb.i18n.wrap import display_width, ljust

CHANGE_WIDTH = 22


def _edition(ref) -> str:
    return f"{ref.document} ({ref.lang}, {ref.edition or _('undated')})"


def _change(kind: str | None) -> str:
    """A kind of change as people read it (the JSON keeps the English word)."""
    return _(CHANGE_LABELS[kind]) if kind in CHANGE_LABELS else (kind or "")


def _change_width() -> int:
    return max(CHANGE_WIDTH, *(display_width(_change(kind)) + 1 for kind in CHANGE_LABELS))


@click.command()
@click.argument("old")
@click.argument("new")
@click.option("--section", help="Only rules inside this section, chapter or rule on either side (7, 702, 702.26).")
@lang_option(help="Language of both documents when the editions are dates (default: English).")
@click.option("--all", "show_all", is_flag=True, help="Also list the unchanged rules.")
@json_option(help="Print the diff as JSON (word changes as character spans).")
@click.pass_context
def diff(ctx, old, new, section, lang, show_all, as_json):
    """Compare two editions rule by rule (OLD and NEW: dates like 2009-07-11, or document names)."""
    result = open_kb(ctx).diff(old, new, section=section, lang=lang)
    if as_json:
        dump(result.to_dict())
        return
    how = _("paired through the stored chain") if result.method == "chain" else _("paired directly")
    click.echo(f"{_edition(result.old)} -> {_edition(result.new)}, {how}")
    click.echo(_("Rules: {counts}").format(counts=_counts(result.summary)))
    if result.glossary_summary:
        click.echo(_("Glossary: {counts}").format(counts=_counts(result.glossary_summary)))
    width = _change_width()
    for entry in result.rules if show_all else result.changed():
        _echo_rule(entry, width)
    for entry in result.glossary:
        if entry.change != "unchanged" or show_all:
            terms = " -> ".join(t for t in dict.fromkeys([entry.old_term, entry.new_term]) if t)
            click.echo(ljust(_("glossary {change}").format(change=_change(entry.change)), width) + f" {terms}")
            _echo_texts(entry.old_text, entry.new_text, entry.old_spans, entry.new_spans)


def _counts(summary: dict[str, int]) -> str:
    return ", ".join(_("{change}: {n}").format(change=_change(kind), n=count) for kind, count in summary.items()) or _(
        "none"
    )


def _echo_rule(entry, width: int) -> None:
    if entry.split_into:
        numbers = f"{entry.old_number} -> {', '.join(entry.split_into)}"
    elif entry.merged_from:
        numbers = f"{', '.join(entry.merged_from)} -> {entry.new_number}"
    else:
        numbers = " -> ".join(n for n in dict.fromkeys([entry.old_number, entry.new_number]) if n)
    title = entry.new_title or entry.old_title
    extra = (
        "  " + _("(cited numbers follow their renumbering)")
        if entry.references_only and entry.change != "references only"
        else ""
    )
    click.echo(ljust(_change(entry.change), width) + f" {numbers}" + (f"  {title}" if title else "") + extra)
    _echo_texts(entry.old_text, entry.new_text, entry.old_spans, entry.new_spans)
    for example in entry.examples:
        where = example.new_position or example.old_position
        click.echo("    " + _("example {position} {change}").format(position=where, change=_change(example.change)))
        _echo_texts(example.old_text, example.new_text, example.old_spans, example.new_spans, indent="      ")


def _echo_texts(old, new, old_spans, new_spans, indent: str = "    ") -> None:
    if old:
        click.echo(f"{indent}- {mark(old, old_spans, '[-', '-]')}")
    if new:
        click.echo(f"{indent}+ {mark(new, new_spans, '{+', '+}')}")


@click.command()
@click.argument("number")
@edition_option(help="Edition the NUMBER belongs to (date or document name; default: the newest).")
@click.option("--to", "to", help="Follow the rule to this edition (older or newer).")
@click.option("--back", is_flag=True, help="Follow the rule backwards to the oldest edition.")
@click.option("--no-subrules", is_flag=True, help="Trace the rule alone, without its subrules.")
@click.option("--all", "show_all", is_flag=True, help="Print every edition, also where nothing changed.")
@json_option(help="Print the trace as JSON.")
@click.pass_context
def trace(ctx, number, edition, to, back, no_subrules, show_all, as_json):
    """Follow a rule through every edition: its number, title and change in each."""
    if to and back:
        fail(_("give either --to or --back"), code=2, as_json=as_json)
    result = open_kb(ctx).trace(number, edition, to=to, back=back, subrules=not no_subrules)
    if as_json:
        dump(result.to_dict())
        return
    heading = (
        _("{number} of {edition} ({document}), traced back: {end}")
        if result.direction == "back"
        else _("{number} of {edition} ({document}), traced forward: {end}")
    )
    click.secho(
        heading.format(number=result.number, edition=result.edition, document=result.document, end=result.end),
        bold=True,
    )
    _echo_steps(result, show_all)
    for sub in result.subrules:
        click.echo(f"{sub.number}: {sub.end}")
        _echo_steps(sub, show_all)


def _echo_steps(result, show_all: bool) -> None:
    hidden = 0
    last = len(result.steps) - 1
    for k, step in enumerate(result.steps):
        quiet = step.change in (None, "unchanged") and not step.note and 0 < k < last
        if quiet and not show_all:
            hidden += 1
            continue
        if hidden:
            click.echo(
                "  " + ngettext("... {n} edition unchanged", "... {n} editions unchanged", hidden).format(n=hidden)
            )
            hidden = 0
        line = f"  {step.edition:12} {step.number or '-':10} {step.title or '':28} {_change(step.change)}"
        click.echo(line.rstrip() + (f" ({step.note})" if step.note else ""))


@click.command()
@click.argument("old")
@click.argument("new")
@lang_option(help="Language of both documents when the editions are dates (default: English).")
@json_option(help="Print the list as JSON.")
@click.pass_context
def renumbered(ctx, old, new, lang, as_json):
    """List every rule whose number changed between two editions."""
    result = open_kb(ctx).renumbered(old, new, lang=lang)
    if as_json:
        dump(result.to_dict())
        return
    count = len(result.rules)
    click.echo(
        ngettext("{old} -> {new}: {n} rule renumbered", "{old} -> {new}: {n} rules renumbered", count).format(
            old=_edition(result.old), new=_edition(result.new), n=count
        )
    )
    for r in result.rules:
        click.echo(f"{r.old_number:>10} -> {r.new_number:10} {r.title or '':30} {_change(r.change)}".rstrip())
