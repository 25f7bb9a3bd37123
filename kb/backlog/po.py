"""The backlog as a gettext PO file, for translators' tools (Poedit, Weblate, Lokalize).

Every rule, example and glossary term and definition of the newer English edition is
one message: ``msgctxt`` the rule number ("702.26b", "702.26b example 1", "glossary:
Phasing", "glossary term: Phasing"), ``msgid`` the newer English text, ``msgstr`` the
current translation. Where the English changed the message is ``fuzzy`` and carries the
English the translation was made from as the previous msgid (``#| msgid``), so the tools
show the word diff. Mechanical updates (renumbered rules, cited numbers that followed
their renumbering) are filled in and not fuzzy; an extracted comment says they were
machine-updated. Removed rules are obsolete messages (``#~``). The header comment names
the edition, which ``kb.importers.po`` reads back.
"""

from __future__ import annotations

import io
from datetime import datetime, timezone

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import normalize
from babel.messages.pofile import write_po as babel_write_po

from kb.backlog.model import REMOVED, Backlog, Item, Unit
from kb.i18n import _

HEADING = "heading"  # extracted comment of a title (section, chapter, titled rule, glossary term)
EDITION_KEY = "mtgkb-edition"
ENGLISH_KEY = "mtgkb-english"
FROM_KEY = "mtgkb-from"


def write_po(result: Backlog) -> bytes:
    """The PO file of a whole-document backlog (one made without ``section``)."""
    if result.section is not None:
        raise ValueError(_("a PO file holds the whole document: make the backlog without --section"))

    # Standard header fields with real values, not babel's template placeholders (GNU msgfmt -c
    # warns of those, and Weblate and Crowdin show them): the file is a catalog made now, by mtgkb,
    # for the team of the translation's language.
    now = datetime.now(timezone.utc)
    catalog = Catalog(
        locale=_locale(result.translation.lang),
        header_comment=_header(result),
        project="Magic: The Gathering Comprehensive Rules",
        version=result.english_new.edition,
        msgid_bugs_address="",
        creation_date=now,
        revision_date=now,
        last_translator=f"mtgkb backlog (from {result.translation.document})",
        language_team=result.translation.lang,
        charset="UTF-8",
        fuzzy=False,
    )
    previous: dict[str, list[str]] = {}
    for unit in result.units:
        message = Message(
            unit.english,
            unit.translation or "",
            flags=["fuzzy"] if unit.changed and unit.translation else [],
            auto_comments=_comments(unit),
            context=unit.context,
        )
        # Rule texts are not format strings: no placeholder checks in the translators' tools.
        message.flags.discard("python-format")
        message.flags.discard("python-brace-format")
        catalog[unit.english] = message
        if unit.changed and unit.previous:
            old_context = unit.item.old_number if unit.item and unit.item.part != "glossary" else None
            previous[_context_line(unit.context)] = _previous_lines(unit.previous, old_context, unit.context)
    for item in result.items:
        if item.kind == REMOVED and item.old_english:
            catalog.obsolete[(item.old_english, item.key)] = Message(
                item.old_english,
                item.translation or "",
                context=item.key,
                auto_comments=[_("removed in {edition}").format(edition=result.english_new.edition)],
            )
    out = io.BytesIO()
    babel_write_po(out, catalog, width=0, omit_header=False)
    return _with_previous(out.getvalue(), previous)


# babel writes a previous msgid as one comment wrapped like prose, which gettext's own tools
# (and so Poedit and Weblate) do not read back as a string; these are written the gettext way,
# "#| msgctxt" and "#| msgid" right before the message's msgctxt line.


def _context_line(context: str) -> str:
    return f"msgctxt {normalize(context, width=0)}"


def _previous_lines(text: str, old_context: str | None, context: str) -> list[str]:
    lines = []
    if old_context and old_context != context:
        lines.append(f"#| msgctxt {normalize(old_context, prefix='#| ', width=0)}")
    lines.append(f"#| msgid {normalize(text, prefix='#| ', width=0)}")
    return lines


def _with_previous(data: bytes, previous: dict[str, list[str]]) -> bytes:
    if not previous:
        return data
    out: list[str] = []
    for line in data.decode("utf-8").split("\n"):
        if line.startswith("msgctxt ") and line in previous:
            out.extend(previous[line])
        out.append(line)
    return "\n".join(out).encode("utf-8")


def _locale(lang: str):
    try:
        return Locale.parse(lang.replace("-", "_"))
    except (ValueError, UnknownLocaleError):
        return None


def _header(result: Backlog) -> str:
    t, old, new = result.translation, result.english_old, result.english_new
    return "\n".join(
        [
            f"# {t.lang}: the Comprehensive Rules of {new.edition}, updated from {t.document} ({t.edition or old.edition})",
            f"# {EDITION_KEY}: {new.edition}",
            f"# {ENGLISH_KEY}: {new.document}",
            f"# {FROM_KEY}: {t.document}",
            "#",
        ]
    )


def _comments(unit: Unit) -> list[str]:
    comments = [HEADING] if unit.heading else []
    item: Item | None = unit.item
    if item is None:
        return comments
    if item.old_number and item.number and item.old_number != item.number:
        comments.append(_("was {number}").format(number=item.old_number))
    if item.machine_updated:
        comments.append(_("machine-updated: {kind}").format(kind=item.kind))
    else:
        comments.append(item.kind)
    if item.note:
        comments.append(item.note)
    if item.related:
        comments.extend(f"{r.number}: {r.english}" for r in item.related)
    return comments
