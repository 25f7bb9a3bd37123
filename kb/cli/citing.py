"""What `mtgkb cite` prints, and where `cite --check --fix` writes the fixed text.

The command itself (kb.cli.app.cite) only reads its options; resolving and checking are the
facade's (KnowledgeBase.cite, .check, .fix_citations). The fixed text goes to standard output
by default, to --output FILE, or back into the --file with --in-place, which first keeps the
old text as FILE.bak (an older FILE.bak is replaced).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import click

from kb.cli.output import EXIT_NOT_FOUND, dump
from kb.core.labels import STATUS_LABELS
from kb.i18n import _, format_edition
from kb.i18n.wrap import table

BACKUP_SUFFIX = ".bak"


CUT_AT = 160  # characters of a rule's text shown per line without --full: about two lines of a terminal


def print_cited(found: list, as_json: bool, full: bool = False, named=None) -> None:
    """The resolved citations, one per number or range, each rule's text whole with ``full``, else cut
    at a word with "…", then the cards the text names (``named``, kb.citing.cards.CardsNamed, with
    --cards); exit 1 when a citation was not found."""
    if as_json and named is not None:
        dump(
            {
                "citations": [c.to_dict() for c in found],
                "cards": [card.to_dict() for card in named.cards],
                "cards_truncated": named.truncated,
            }
        )
    elif as_json:
        dump([c.to_dict() for c in found])
    else:
        for c in found:
            _echo_cited(c, full)
        if named is not None:
            _echo_cards(named)
    if any(c.status == "not found" for c in found):
        sys.exit(EXIT_NOT_FOUND)


def _echo_cards(named) -> None:
    """Each card named: its name, where, and its rules terms with their rules."""
    if not named.cards:
        click.echo(_("No card named."))
    for card in named.cards:
        click.echo(
            _("Card {name} at {start}-{end} (×{count})").format(
                name=card.name, start=card.start, end=card.end, count=card.mentions
            )
        )
        for link in card.terms:
            click.echo(f"           {link.term} → {link.rule or '-'} ({_(link.kind)})")
    if named.truncated:
        click.echo(_("(the text is long: the cards named past this point were not looked for)"))


def cut(text: str, width: int = CUT_AT) -> str:
    """``text`` up to ``width`` characters, cut after a whole word and marked "…" when longer."""
    if len(text) <= width:
        return text
    head = text[: width + 1]
    at = head.rfind(" ")
    return (head[:at] if at > width // 2 else text[:width]).rstrip(" ,;:") + "…"


def _echo_cited(c, full: bool = False) -> None:
    where = f"{c.start}-{c.end}"
    if c.status == "not found":
        click.echo(f"{where:>9}  {c.raw!r} -> {c.target}: {c.note or _('not found')}")
        return
    shown = c.resolved_target or c.target
    target = shown if shown == c.target else f"{c.target} -> {shown}"
    flag = "  " + _("(ambiguous)") if c.status == "ambiguous" else ""
    click.echo(f"{where:>9}  {c.raw!r} -> {target} [{c.lang}, {format_edition(c.edition)}]{flag}")
    quoted, actual = getattr(c, "title", None), c.rules[0].title if c.rules else None
    if quoted and actual and quoted.casefold().strip() != actual.casefold().strip():
        click.echo(
            "           "
            + _("(the quoted title {quoted!r} differs: {number} is {actual!r})").format(
                quoted=quoted, number=c.rules[0].number, actual=actual
            )
        )
    for rule in c.rules[:20]:
        text = rule.text if full else cut(rule.text)
        click.echo(f"           {rule.number} " + " ".join(part for part in (rule.title, text) if part))
    if len(c.rules) > 20:
        click.echo("           " + _("... and {n} more (--json lists them all)").format(n=len(c.rules) - 20))
    if c.example_text:
        example = c.example_text if full else cut(c.example_text, 200)
        click.echo("           " + _("Example {n}: {text}").format(n=c.example, text=example))
    if c.note:
        click.echo(f"           ({c.note})")


def fixed_destination(file_: Path | None, output: Path | None, in_place: bool) -> Path | None:
    """Where the fixed text is written: None for standard output."""
    if in_place:
        return file_
    return output


def write_fixed(path: Path, text: str, *, in_place: bool) -> Path | None:
    """Write the fixed text; in place, keep the old file as FILE.bak first. Returns the backup."""
    backup = None
    if in_place:
        backup = path.with_name(path.name + BACKUP_SUFFIX)
        shutil.copy2(path, backup)
    path.write_text(text, encoding="utf-8")
    return backup


def _detail(c) -> str:
    """The new number (and why), the first word changes, or both for a rule moved and changed."""
    words = "; ".join(f"{d['old']!r} -> {d['new']!r}" for d in c.changes[:5])
    if c.new_target:
        moved = f"{c.new_target} ({c.note})" if c.note else c.new_target
        return f"{moved}: {words}" if words else moved
    return c.note or words


def print_checked(
    checked: list,
    changes: list[dict],
    *,
    fix: bool,
    fixed: str | None,
    destination: Path | None,
    backup: Path | None,
    as_json: bool,
) -> None:
    """The check (and what --fix changed). With --fix to standard output the fixed text is all
    that goes there, the report to stderr, so `cite --check --fix --file a.txt > b.txt` works."""
    to_stdout = fix and destination is None
    if as_json:
        payload: dict = {"citations": [c.to_dict() for c in checked], "changes": changes}
        if fix:
            payload["text" if to_stdout else "written"] = fixed if to_stdout else str(destination)
            if backup is not None:
                payload["backup"] = str(backup)
        dump(payload)
    else:
        report = sys.stderr if to_stdout else sys.stdout
        rows = [[f"{c.start}-{c.end}", c.raw, c.target, _(STATUS_LABELS[c.status]), _detail(c)] for c in checked]
        for line in table(rows, right={0}, sep="  "):
            click.echo(line, file=report)
        for change in changes:
            click.echo(_("fixed at {start}-{end}: {old} -> {new}").format(**change), file=report)
        if destination is not None:
            click.echo(_("fixed text written to {path}").format(path=destination), file=report)
        if backup is not None:
            click.echo(_("the old text is kept in {path}").format(path=backup), file=report)
        if to_stdout:
            click.echo(fixed, nl=False)
    if any(c.status != "ok" for c in checked if not (fix and c.status == "moved")):
        sys.exit(EXIT_NOT_FOUND)
