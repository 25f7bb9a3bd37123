"""`mtgkb show`: one rule as text or JSON, without importing click.

Bots call `mtgkb show` as a fresh process, many times; the entry point sends a plain
`show` here directly, so a lookup costs little more than starting Python.
"""

from __future__ import annotations

from pathlib import Path

from kb.cli.output import EXIT_OK, database_error, dump, quiet_broken_pipe, report_error
from kb.core.errors import MtgkbError
from kb.i18n import _, format_edition


def rule_lines(rule) -> list[str]:
    """The text form of a rule: heading, source, text, examples, family, citations."""
    lines = [rule.number + (f" {rule.title}" if rule.title else ""),
             _("[{lang}, {edition}, {document}, line {line}]").format(
                 lang=rule.lang, edition=format_edition(rule.edition), document=rule.document, line=rule.line)]
    if rule.inferred_edition:
        edition = rule.inferred_edition
        lines.append(_("(inferred edition {first} … {last}; {note})").format(
            first=format_edition(edition["first"]), last=format_edition(edition["last"]), note=edition["note"]))
    if rule.text:
        lines.append(rule.text)
    lines += [_("Example {n}: {text}").format(n=i, text=example) for i, example in enumerate(rule.examples, 1)]
    if rule.english:
        lines.append(_("English ({edition}): {text}").format(edition=format_edition(rule.english["edition"]),
                                                            text=rule.english["text"]))
    if rule.parent:
        lines.append(_("Parent: {rule}").format(rule=_linked(rule.parent)))
    if rule.children:
        lines.append(_("Children: {numbers}").format(numbers=", ".join(c.number for c in rule.children)))
    nav = [_("previous {number}").format(number=rule.previous.number) if rule.previous else "",
           _("next {number}").format(number=rule.next.number) if rule.next else ""]
    if any(nav):
        lines.append(_("Navigation: {links}").format(links=", ".join(n for n in nav if n)))
    if rule.cites:
        lines.append(_("Cites: {numbers}").format(numbers=", ".join(r.target for r in rule.cites)))
    if rule.cited_by:
        citing = sorted({r.source or r.glossary_term or "?" for r in rule.cited_by})
        lines.append(_("Cited by: {numbers}").format(numbers=", ".join(citing)))
    lines += [_("Commentary ({heading}): {text}").format(heading=note["heading"], text=note["text"][:200])
              for note in rule.commentary]
    lines += [_("Scenario: {scenario} ({edition}): {result}").format(
        scenario=s["scenario"], edition=format_edition(s["edition"]), result=_scenario_result(s))
        for s in rule.scenarios]
    if rule.other_versions:
        shown = "; ".join(f"{v['lang']} {format_edition(v['edition'])}" for v in rule.other_versions[:12])
        lines.append(_("Also in: {versions}").format(versions=shown + (" ..." if len(rule.other_versions) > 12 else "")))
    return lines


def _linked(link) -> str:
    return link.number + (f" {link.title}" if link.title else "")


def _scenario_result(scenario: dict) -> str:
    if scenario["twins"]:
        return _("pass with twins") if scenario["passed"] else _("FAIL with twins")
    return _("pass") if scenario["passed"] else _("FAIL")


def show(number: str, *, lang: str | None = None, edition: str | None = None, as_json: bool = False,
         db: Path | None = None) -> int:
    """Print one rule; the exit code says whether it was found."""
    from kb.api import KnowledgeBase

    import sqlite3

    try:
        rule = KnowledgeBase.open(db, create=False).rule(number, lang=lang, edition=edition)
        if as_json:
            dump(rule.to_dict())
        else:
            print("\n".join(rule_lines(rule)))
    except MtgkbError as error:
        return report_error(error, as_json)
    except sqlite3.Error as error:
        return report_error(database_error(error, db), as_json)
    except BrokenPipeError:
        quiet_broken_pipe()
    return EXIT_OK
