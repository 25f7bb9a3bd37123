"""The backlog as a gettext PO file, for translators' tools (Poedit, Weblate, Lokalize).

Every rule, example and glossary term and definition of the newer English edition is
one message: ``msgctxt`` the rule number ("702.26b", "702.26b example 1", "glossary:
Phasing", "glossary term: Phasing"), ``msgid`` the newer English text, ``msgstr`` the
current translation. Where the English changed the message is ``fuzzy`` and carries the
English the translation was made from as the previous msgid (``#| msgid``), so the tools
show the word diff. Mechanical updates (renumbered rules, cited numbers that followed
their renumbering) are filled in and not fuzzy; an extracted comment says they were
machine-updated. Removed rules are obsolete messages (``#~``). The header comment names
the edition, which ``importers.po`` reads back.
"""

from __future__ import annotations

import io

from kb.backlog.model import REMOVED, Backlog, Item, Unit
from kb.i18n import _

HEADING = "heading"  # extracted comment of a title (section, chapter, titled rule, glossary term)
EDITION_KEY = "mtgkb-edition"
ENGLISH_KEY = "mtgkb-english"
FROM_KEY = "mtgkb-from"


def write_po(result: Backlog) -> bytes:
    """The PO file of a whole-document backlog (one made without ``section``)."""
    from babel.messages.catalog import Catalog, Message
    from babel.messages.pofile import write_po as babel_write_po

    if result.section is not None:
        raise ValueError(_("a PO file holds the whole document: make the backlog without --section"))
    catalog = Catalog(locale=_locale(result.translation.lang), header_comment=_header(result),
                      project="Magic: The Gathering Comprehensive Rules", version=result.english_new.edition,
                      fuzzy=False)
    for unit in result.units:
        catalog[unit.english] = Message(
            unit.english, unit.translation or "", flags=["fuzzy"] if unit.changed and unit.translation else [],
            auto_comments=_comments(unit), previous_id=unit.previous if unit.changed and unit.previous else (),
            context=unit.context)
    for item in result.items:
        if item.kind == REMOVED and item.old_english:
            catalog.obsolete[(item.old_english, item.key)] = Message(
                item.old_english, item.translation or "", context=item.key,
                auto_comments=[_("removed in {edition}").format(edition=result.english_new.edition)])
    out = io.BytesIO()
    babel_write_po(out, catalog, width=0, include_previous=True, omit_header=False)
    return out.getvalue()


def _locale(lang: str):
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(lang.replace("-", "_"))
    except (ValueError, UnknownLocaleError):
        return None


def _header(result: Backlog) -> str:
    t, old, new = result.translation, result.english_old, result.english_new
    return "\n".join([
        f"# {t.lang}: the Comprehensive Rules of {new.edition}, updated from {t.document} ({t.edition or old.edition})",
        f"# {EDITION_KEY}: {new.edition}",
        f"# {ENGLISH_KEY}: {new.document}",
        f"# {FROM_KEY}: {t.document}",
        "#",
    ])


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
