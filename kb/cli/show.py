"""`mtgkb show`: one rule as text or JSON, without importing click.

Bots call `mtgkb show` as a fresh process, many times; the entry point sends a plain
`show` here directly, so a lookup costs little more than starting Python.
"""

from __future__ import annotations

from pathlib import Path

from kb.cli.output import dump, open_database, reported
from kb.i18n import _, format_edition


def rule_lines(rule) -> list[str]:
    """The text form of a rule: heading, source, text, examples, family, citations."""
    lines = [rule.number + (f" {rule.title}" if rule.title else ""),
             _("[{lang}, {edition}, {document}, line {line}]").format(
                 lang=rule.lang, edition=format_edition(rule.edition), document=rule.document, line=rule.line)]
    if rule.untranslated:
        lines.append("(" + rule.untranslated["note"] + ")")
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
    if not rule.subrules:
        lines.append(_("(without its subrules)"))
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
        lines += also_in_lines(rule.other_versions)
    return lines


def also_in_lines(versions: list[dict]) -> list[str]:
    """"Also in", grouped by language: the main texts as runs of editions sharing a number (newest
    first, with their count), then each variant and excerpt by name. Nothing is left out."""
    from kb.i18n import ngettext

    lines = [ngettext("Also in ({n} other document):", "Also in ({n} other documents):", len(versions)).format(
        n=len(versions))]
    by_lang: dict[str, list[dict]] = {}
    for version in versions:
        by_lang.setdefault(version["lang"], []).append(version)
    for lang, found in by_lang.items():
        parts = [_run_text(run) for run in _runs([v for v in found if v["source"] in ("official", "translation")])]
        parts += [_other_text(v) for v in found if v["source"] not in ("official", "translation")]
        lines += [f"  {lang:4}{part}" if i == 0 else f"      {part}" for i, part in enumerate(parts)]
    return lines


def _runs(versions: list[dict]) -> list[list[dict]]:
    """Consecutive versions (newest first) that share one number."""
    runs: list[list[dict]] = []
    for version in versions:
        if runs and runs[-1][-1]["number"] == version["number"]:
            runs[-1].append(version)
        else:
            runs.append([version])
    return runs


def _run_text(run: list[dict]) -> str:
    from kb.i18n import ngettext

    first = run[0]
    head = first["number"] + (f" {first['title']}" if first.get("title") else "")
    if len(run) == 1:
        return f"{head}: {format_edition(first['edition']) if first['edition'] else first['document']}"
    return _("{rule}: {newest} … {oldest} ({count})").format(
        rule=head, newest=format_edition(first["edition"]), oldest=format_edition(run[-1]["edition"]),
        count=ngettext("{n} edition", "{n} editions", len(run)).format(n=len(run)))


def _other_text(version: dict) -> str:
    label = _("variant") if version["source"] == "variant" else _("excerpt")
    return _("{label} {number} ({document}, {edition})").format(
        label=label, number=version["number"], document=version["document"], edition=format_edition(version["edition"]))


def _linked(link) -> str:
    return link.number + (f" {link.title}" if link.title else "")


def _scenario_result(scenario: dict) -> str:
    if scenario["twins"]:
        return _("pass with twins") if scenario["passed"] else _("FAIL with twins")
    return _("pass") if scenario["passed"] else _("FAIL")


def show(number: str, *, lang: str | None = None, edition: str | None = None, as_json: bool = False,
         db: Path | None = None) -> int:
    """Print one rule; the exit code says whether it was found."""
    def run() -> None:
        rule = open_database(db, create=False).rule(number, lang=lang, edition=edition)
        if as_json:
            dump(rule.payload())
        else:
            print("\n".join(rule_lines(rule)))

    return reported(run, as_json=as_json, db=db)
