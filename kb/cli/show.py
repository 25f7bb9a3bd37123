"""`mtgkb show`: one rule (or a range of rules) as text or JSON."""

from __future__ import annotations

import click

from kb.cli.options import edition_option, json_option, lang_option
from kb.cli.output import dump, open_database, shown
from kb.core.errors import BadRuleNumber
from kb.core.model import MAIN_SOURCES, version_runs
from kb.core.numbers import RuleNumber
from kb.core.queries import read_query
from kb.i18n import _, format_edition, ngettext


def rule_lines(rule) -> list[str]:
    """The text form of a rule: heading, source, text, examples, family, citations; of the examples
    asked for ("ex 2 613.6"), heading, source and those examples alone."""
    lines = [
        rule.number + (f" {rule.title}" if rule.title else ""),
        _("[{lang}, {edition}, {document}, line {line}]").format(
            lang=rule.lang, edition=format_edition(rule.edition), document=rule.document, line=rule.line
        ),
    ]
    if rule.in_force:
        lines.append(
            _("(in force on {date}: the CR of {edition})").format(
                date=format_edition(rule.in_force["date"]), edition=format_edition(rule.in_force["edition"])
            )
        )
    if rule.untranslated:
        lines.append("(" + rule.untranslated["note"] + ")")
    if rule.asked_examples is not None:
        return lines + [_("Example {n}: {text}").format(n=i, text=rule.examples[i - 1]) for i in rule.asked_examples]
    if rule.inferred_edition:
        edition = rule.inferred_edition
        lines.append(
            _("(inferred edition {first} … {last}; {note})").format(
                first=format_edition(edition["first"]), last=format_edition(edition["last"]), note=edition["note"]
            )
        )
    if rule.text:
        lines.append(rule.text)
    lines += [_("Example {n}: {text}").format(n=i, text=example) for i, example in enumerate(rule.examples, 1)]
    if rule.english:
        lines.append(
            _("English ({edition}): {text}").format(
                edition=format_edition(rule.english["edition"]), text=rule.english["text"]
            )
        )
    if rule.parent:
        lines.append(_("Parent: {rule}").format(rule=_linked(rule.parent)))
    if not rule.subrules:
        lines.append(_("(without its subrules)"))
    if rule.children:
        lines.append(_("Children: {numbers}").format(numbers=", ".join(c.number for c in rule.children)))
    if rule.defining_rule:
        lines.append(_("Defined in: {number}").format(number=rule.defining_rule))
    nav = [
        _("previous {number}").format(number=rule.previous.number) if rule.previous else "",
        _("next {number}").format(number=rule.next.number) if rule.next else "",
    ]
    if any(nav):
        lines.append(_("Navigation: {links}").format(links=", ".join(n for n in nav if n)))
    if rule.cites:
        lines.append(_("Cites: {numbers}").format(numbers=", ".join(r.target for r in rule.cites)))
    if rule.cited_by:
        citing = sorted({r.source or r.glossary_term or "?" for r in rule.cited_by})
        lines.append(_("Cited by: {numbers}").format(numbers=", ".join(citing)))
    lines += [
        _("Commentary ({heading}): {text}").format(heading=note["heading"], text=note["text"][:200])
        for note in rule.commentary
    ]
    lines += [
        _("Scenario: {scenario} ({edition}): {result}").format(
            scenario=s["scenario"], edition=format_edition(s["edition"]), result=_scenario_result(s)
        )
        for s in rule.scenarios
    ]
    if rule.other_versions:
        lines += also_in_lines(rule.other_versions)
    return lines


def also_in_lines(versions: list[dict]) -> list[str]:
    """ "Also in", grouped by language: the main texts as runs of editions sharing a number (newest
    first, with their count), then each variant and excerpt by name. Nothing is left out."""
    lines = [
        ngettext("Also in ({n} other document):", "Also in ({n} other documents):", len(versions)).format(
            n=len(versions)
        )
    ]
    by_lang: dict[str, list[dict]] = {}
    for version in versions:
        by_lang.setdefault(version["lang"], []).append(version)
    for lang, found in by_lang.items():
        parts = [_run_text(run) for run in version_runs([v for v in found if v["source"] in MAIN_SOURCES])]
        parts += [_other_text(v) for v in found if v["source"] not in ("official", "translation")]
        lines += [f"  {lang:4}{part}" if i == 0 else f"      {part}" for i, part in enumerate(parts)]
    return lines


def _run_text(run: list[dict]) -> str:
    first = run[0]
    head = first["number"] + (f" {first['title']}" if first.get("title") else "")
    if len(run) == 1:
        return f"{head}: {format_edition(first['edition']) if first['edition'] else first['document']}"
    return _("{rule}: {newest} … {oldest} ({count})").format(
        rule=head,
        newest=format_edition(first["edition"]),
        oldest=format_edition(run[-1]["edition"]),
        count=ngettext("{n} edition", "{n} editions", len(run)).format(n=len(run)),
    )


def _other_text(version: dict) -> str:
    label = _("variant") if version["source"] == "variant" else _("excerpt")
    return _("{label} {number} ({document}, {edition})").format(
        label=label, number=version["number"], document=version["document"], edition=format_edition(version["edition"])
    )


def _linked(link) -> str:
    return link.number + (f" {link.title}" if link.title else "")


def _scenario_result(scenario: dict) -> str:
    if scenario["twins"]:
        return _("pass with twins") if scenario["passed"] else _("FAIL with twins")
    return _("pass") if scenario["passed"] else _("FAIL")


def _is_range(text: str) -> bool:
    """A range or subtree ("rules 100-300"); a text that is no number is a rule's name (kb.api.rule)."""
    try:
        return not isinstance(read_query(text).target, RuleNumber)
    except BadRuleNumber:
        return False


@click.command("show")
@click.argument("number")
@lang_option(
    help="Language of the text (default: the interface language where the rule has a text in it, else English)."
)
@edition_option(help="Edition (2023-11-17) or document name; default the newest.")
@json_option(help="Print the rule as JSON.")
@click.option("--defining", is_flag=True, help="A keyword's defining subrule in place of its rule (702.31: 702.31b).")
@click.pass_context
def show(ctx, number, lang, edition, as_json, defining):
    """Show one rule with its examples, parent, children and citations."""
    kb = open_database(ctx.find_root().obj["db"], create=False)
    if _is_range(number):  # a range: every rule of it
        found = kb.rules(number, lang=lang, edition=edition)
        if as_json:
            dump([rule.payload() for rule in found])
        else:
            print("\n\n".join("\n".join(rule_lines(rule)) for rule in found))
        return
    rule = kb.rule(number, lang=lang, edition=edition, defining=defining)
    if as_json:
        dump(rule.payload())
    else:
        print(shown("\n".join(rule_lines(rule))))
