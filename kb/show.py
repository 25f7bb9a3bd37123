"""`mtgkb show`: one rule as text or JSON, without importing click.

Bots call `mtgkb show` as a fresh process, many times; the entry point sends a plain
`show` here directly, so a lookup costs little more than starting Python.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

EXIT_OK, EXIT_NOT_FOUND = 0, 1


def rule_lines(rule) -> list[str]:
    """The text form of a rule: heading, source, text, examples, family, citations."""
    lines = [rule.number + (f" {rule.title}" if rule.title else ""),
             f"[{rule.lang}, {rule.edition or 'undated'}, {rule.document}, line {rule.line}]"]
    if rule.inferred_edition:
        edition = rule.inferred_edition
        lines.append(f"(inferred edition {edition['first']} … {edition['last']}; {edition['note']})")
    if rule.text:
        lines.append(rule.text)
    lines += [f"Example {i}: {example}" for i, example in enumerate(rule.examples, 1)]
    if rule.english:
        lines.append(f"English ({rule.english['edition']}): {rule.english['text']}")
    if rule.parent:
        lines.append(f"Parent: {rule.parent.number}" + (f" {rule.parent.title}" if rule.parent.title else ""))
    if rule.children:
        lines.append("Children: " + ", ".join(c.number for c in rule.children))
    nav = [f"previous {rule.previous.number}" if rule.previous else "", f"next {rule.next.number}" if rule.next else ""]
    if any(nav):
        lines.append("Navigation: " + ", ".join(n for n in nav if n))
    if rule.cites:
        lines.append("Cites: " + ", ".join(r.target for r in rule.cites))
    if rule.cited_by:
        lines.append("Cited by: " + ", ".join(sorted({r.source or r.glossary_term or "?" for r in rule.cited_by})))
    lines += [f"Commentary ({note['heading']}): {note['text'][:200]}" for note in rule.commentary]
    lines += [f"Scenario: {s['scenario']} ({s['edition']}): {'pass' if s['passed'] else 'FAIL'}"
              + (" with twins" if s["twins"] else "") for s in rule.scenarios]
    if rule.other_versions:
        shown = ", ".join(f"{v['lang']} {v['edition'] or 'undated'}" for v in rule.other_versions[:12])
        lines.append("Also in: " + shown + (" ..." if len(rule.other_versions) > 12 else ""))
    return lines


def report_failure(message: str, suggestions: list[str], as_json: bool) -> None:
    if as_json:
        print(json.dumps({"error": message, "suggestions": suggestions}, ensure_ascii=False, indent=2))
        return
    print(f"Error: {message}", file=sys.stderr)
    if suggestions:
        print("Nearest: " + ", ".join(suggestions), file=sys.stderr)


def show(number: str, *, lang: str | None = None, edition: str | None = None, as_json: bool = False,
         db: Path | None = None) -> int:
    """Print one rule; the exit code says whether it was found."""
    from kb.api import KnowledgeBase, LookupFailed

    try:
        rule = KnowledgeBase.open(db).rule(number, lang=lang, edition=edition)
    except LookupFailed as error:
        report_failure(str(error), error.suggestions, as_json)
        return EXIT_NOT_FOUND
    if as_json:
        print(json.dumps(rule.to_dict(), ensure_ascii=False, indent=2))
    else:
        print("\n".join(rule_lines(rule)))
    return EXIT_OK
