"""Results as people and other tools read them: one plain function per output form.

The facade (kb.api.KnowledgeBase) returns results; these turn them into text, HTML, CSV or a PO file.
A front end picks the function for the form asked, instead of passing a format name to the facade.
"""

from __future__ import annotations

from kb.backlog import render as backlog_render
from kb.backlog.model import Backlog
from kb.backlog.po import write_po
from kb.core.errors import BadInput
from kb.crosscheck.model import DocumentCrosscheck, RuleCrosscheck
from kb.crosscheck.render_html import link_template, render_document_html, render_rule_html
from kb.crosscheck.render_text import render_document, render_rule


def check_links(links: str | None) -> None:
    """BadInput when ``links`` (reader, static, yawgatog or a template with {number}, {anchor}, ...; None:
    $MTGKB_RULE_LINKS or the reader) is no link form: a front end checks it before the cross-check runs."""
    try:
        link_template(links)
    except ValueError as error:
        raise BadInput(str(error)) from None


def crosscheck_text(report: RuleCrosscheck | DocumentCrosscheck, *, limit: int | None = None) -> str:
    """A cross-check as text: a rule's subrules side by side, or a document's findings (``limit`` per class)."""
    if isinstance(report, DocumentCrosscheck):
        return render_document(report, limit=limit)
    return render_rule(report)


def crosscheck_html(report: RuleCrosscheck | DocumentCrosscheck, *, links: str | None = None) -> str:
    """A cross-check as a standalone HTML page whose rule numbers link as ``links`` says (docs/crosscheck.md)."""
    check_links(links)
    if isinstance(report, DocumentCrosscheck):
        return render_document_html(report, links)
    return render_rule_html(report, links)


def backlog_text(result: Backlog) -> str:
    """A backlog as text: every rule to re-translate with its change."""
    return backlog_render.render_text(result)


def backlog_summary(result: Backlog) -> str:
    """A backlog's counts in a few lines (what is printed beside a written file)."""
    return "\n".join(backlog_render.summary_lines(result)) + "\n"


def backlog_csv(result: Backlog) -> str:
    """A backlog as CSV, one row per rule."""
    return backlog_render.render_csv(result)


def backlog_html(result: Backlog) -> str:
    """A backlog as a standalone HTML page."""
    return backlog_render.render_html(result)


def backlog_po(result: Backlog) -> bytes:
    """The whole translated document as a gettext PO file, the changed messages fuzzy."""
    return write_po(result)
