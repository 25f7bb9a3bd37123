"""`mtgkb cite` and `mtgkb refs`: citations in free text and of a rule; what they print, and where
`cite --check --fix` writes the fixed text.

Resolving and checking are the facade's (KnowledgeBase.cite, .check, .fix_citations, .refs, .broken_refs). The fixed text goes to standard output
by default, to --output FILE, or back into the --file with --in-place, which first keeps the
old text as FILE.bak (an older FILE.bak is replaced).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import click

from kb.cli.cards import echo_says, echo_together
from kb.cli.options import edition_option, json_option, lang_option
from kb.cli.output import EXIT_BAD_INPUT, EXIT_NOT_FOUND, dump, fail, open_kb
from kb.core.errors import BadInputFile, BadQuery
from kb.core.labels import STATUS_LABELS
from kb.core.limits import check_text_given
from kb.i18n import _, format_edition, ngettext
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
                "cards_together": [item.to_dict() for item in named.together],
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
        if card.says:
            click.echo("  " + _("What its text says:"))
            echo_says(card.says, "    ")
    if named.together:
        click.echo(_("What the cards named do together:"))
        echo_together(named.together, "  ")
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


@click.command("refs")
@click.argument("number", required=False)
@lang_option(help="Language of the document.")
@edition_option(help="Edition (2023-11-17) or document name.")
@click.option("--broken", is_flag=True, help="List citations that do not resolve or whose quoted title differs.")
@click.option("--document", help="With --broken: only this document.")
@json_option(help="Print the citations as JSON.")
@click.pass_context
def refs(ctx, number, lang, edition, broken, document, as_json):
    """Citations of a rule: what it cites and what cites it (or --broken)."""
    kb = open_kb(ctx)
    if broken:
        found = kb.broken_refs(document=document, lang=lang, edition=edition)
        if as_json:
            dump([r.to_dict() for r in found])
        else:
            for r in found:
                click.echo(f"{r.document} {r.source or r.glossary_term}: {r.raw!r} -> {r.target} ({_broken_why(r)})")
            click.echo(
                ngettext("{n} broken citation", "{n} broken citations", len(found)).format(n=len(found)), err=True
            )
        return
    if not number:
        fail(_("give a rule NUMBER or --broken"), code=EXIT_BAD_INPUT, as_json=as_json)
    result = kb.refs(number, lang=lang, edition=edition)
    if as_json:
        dump(result.to_dict())
        return
    click.echo(f"{result.number} [{result.lang}, {format_edition(result.edition)}, {result.document}]")
    click.echo(_("Cites ({n}):").format(n=len(result.outgoing)))
    for r in result.outgoing:
        click.echo(f"  {r.target:12} {r.raw}" + ("" if r.resolved else "  " + _("(not in this document)")))
    click.echo(_("Cited by ({n}):").format(n=len(result.incoming)))
    for r in result.incoming:
        click.echo("  " + (r.source or _("glossary: {term}").format(term=r.glossary_term or "")))


def _broken_why(ref) -> str:
    """Why `refs --broken` lists a citation, in words: a missing rule (and where it was looked for) or
    both titles."""
    if not ref.resolved and ref.checked_in:
        return _("no such rule in the document nor in {document}").format(document=ref.checked_in)
    if not ref.resolved:
        return _("no such rule in the document")
    if ref.actual_title:
        return _("quoted title {quoted!r}, actual title {actual!r}").format(quoted=ref.title, actual=ref.actual_title)
    return _("quoted title {quoted!r}, but the rule has no title").format(quoted=ref.title)


def _read_text(file_: Path) -> str:
    """The text of ``--file`` (or stdin for '-'), UTF-8; a text in another encoding is bad input naming
    the file and the first byte that is not UTF-8 (it was a traceback)."""
    try:
        return sys.stdin.read() if str(file_) == "-" else file_.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise BadInputFile(
            _("{file}: not UTF-8 text (byte {offset} is {byte}): expected a text in UTF-8").format(
                file=file_, offset=error.start, byte=f"0x{error.object[error.start]:02x}"
            )
        ) from None


@click.command("cite")
@click.argument("text", required=False)
@click.option(
    "--file",
    "file_",
    type=click.Path(exists=True, dir_okay=False, allow_dash=True, path_type=Path),
    help="Read the text from a file ('-' for stdin).",
)
@lang_option(
    help="Language of the rule texts to show (default: the interface language where the rule "
    "has a text in it, else English; the text's own words may be any language)."
)
@edition_option(help="Edition to resolve against (default the newest).")
@click.option("--check", "check_", is_flag=True, help="Re-validate the citations of a text written against --since.")
@click.option("--since", help="With --check: the edition the text was written for.")
@click.option("--until", help="With --check: the edition to check against (default the newest).")
@click.option(
    "--fix",
    "fix_",
    is_flag=True,
    help="With --check: update moved numbers; the fixed text goes to standard output (the report to "
    "stderr), or to --output, or back into --file with --in-place.",
)
@click.option(
    "--output",
    "output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="With --fix: write the fixed text to this file.",
)
@click.option(
    "--in-place",
    "in_place",
    is_flag=True,
    help="With --fix: rewrite the --file itself, keeping the old text as FILE.bak.",
)
@json_option(help="Print the citations as JSON.")
@click.option("--full", is_flag=True, help="Print each rule's text whole (default: cut after a word, marked '…').")
@click.option(
    "--cards",
    "cards",
    is_flag=True,
    help="Also report the imported cards the text names, each with its rules terms and their rules "
    "(with --json: an object with 'citations' and 'cards').",
)
@click.pass_context
def cite(
    ctx, text, file_, lang, edition, check_, since, until, fix_, output, in_place, as_json, full=False, cards=False
):
    """Find and resolve rule citations in free text ("CR 702.26b", "Regel 702.23a", "rule 506.4 参照"):
    one entry per number or range, each with its own span."""
    if (text is None) == (file_ is None):
        fail(_("give a TEXT or --file, not both"), code=EXIT_BAD_INPUT, as_json=as_json)
    if (since or until or fix_) and not check_:
        fail(_("--since, --until and --fix go with --check"), code=EXIT_BAD_INPUT, as_json=as_json)
    if (output or in_place) and not fix_:
        fail(_("--output and --in-place go with --fix"), code=EXIT_BAD_INPUT, as_json=as_json)
    if output and in_place:
        fail(_("give either --output or --in-place"), code=EXIT_BAD_INPUT, as_json=as_json)
    if in_place and (file_ is None or str(file_) == "-"):
        fail(_("--in-place rewrites the --file: give a file, not a TEXT or '-'"), code=EXIT_BAD_INPUT, as_json=as_json)
    if check_ and not since:
        fail(_("--check needs --since: the edition the text was written for"), code=EXIT_BAD_INPUT, as_json=as_json)
    if file_ is not None:
        text = _read_text(file_)
    try:
        check_text_given(text)  # as HTTP's /cite and MCP's cite refuse it: exit 2
    except BadQuery as error:
        if file_ is None:
            raise
        raise BadQuery(f"{file_}: {error}") from None
    kb = open_kb(ctx)
    if edition and not check_:  # an edition that is not stored fails the command, as on /cite and MCP's cite
        kb.resolve(edition)
    if not check_:
        print_cited(kb.cite(text, lang=lang, edition=edition), as_json, full, kb.cite_cards(text) if cards else None)
        return
    checked = kb.check(text, since=since, until=until, lang=lang)
    fixed, changes = kb.fix_citations(text, checked) if fix_ else (None, [])
    destination = fixed_destination(file_, output, in_place) if fix_ else None
    backup = write_fixed(destination, fixed, in_place=in_place) if destination is not None else None
    print_checked(checked, changes, fix=fix_, fixed=fixed, destination=destination, backup=backup, as_json=as_json)
