"""The Jinja2 environment of the reader: templates from the package, escaping always on.

Templates call ``_()`` and ``ngettext()`` of kb.i18n, so every page speaks the interface
language of the request (or of the export); rule texts keep their own language and carry
it in a ``lang`` attribute.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup

from kb.i18n import _, format_edition, language_name, ngettext, ui_language
from kb.reader.links import anchor_id, glossary_slug
from kb.reader.urls import Urls

# What a streamed template writes (``{{ flush }}``, an empty HTML comment) where the page so far
# may go out at once: before a loop whose first step is slow, such as aligning two documents.
FLUSH = Markup("<!---->")

# The interface languages offered in the switcher (those with a catalog, and English).
INTERFACE_LANGUAGES = ("en", "de", "ja", "ru")


@lru_cache(maxsize=4096)
def _language_name(code: str, ui: str) -> str:
    return language_name(code, ui)


def cached_language_name(code: str, ui: str | None = None) -> str:
    """language_name, remembered per interface language (babel's lookup costs more than a page's share)."""
    return _language_name(code, ui or ui_language())


@lru_cache(maxsize=1)
def environment() -> Environment:
    env = Environment(
        loader=PackageLoader("kb.reader", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals.update(
        _=_,
        ngettext=ngettext,
        language_name=cached_language_name,
        format_edition=format_edition,
        anchor_id=anchor_id,
        slug=glossary_slug,
        ui_language=ui_language,
        interface_languages=INTERFACE_LANGUAGES,
        html_lang=html_lang,
        example_label=example_label,
        flush=FLUSH,
    )
    return env


def render(template: str, urls: Urls, **context) -> str:
    """A whole page as one string."""
    return environment().get_template(template).render(urls=urls, **context)


def stream(template: str, urls: Urls, **context) -> Iterator[str]:
    """A page in pieces as the template produces them: a long document starts arriving at once."""
    return environment().get_template(template).generate(urls=urls, **context)


# How each language's Comprehensive Rules print the word before an example: the label belongs to
# the document's text, not to the interface (a Japanese rule's example reads 例： in any interface).
EXAMPLE_LABELS = {"en": "Example:", "de": "Beispiel:", "ja": "例：", "zh": "例：", "ru": "Пример:"}


def example_label(lang: str) -> str:
    """The example label of a document in ``lang`` (the interface's word for a language not listed)."""
    return EXAMPLE_LABELS.get(lang) or _("Example:")


def html_lang(code: str) -> str:
    """A BCP 47 tag for a lang attribute ("zh" is written in simplified characters here)."""
    return {"zh": "zh-Hans"}.get(code, code)


def warm() -> None:
    """Compile every template and load the language names once, when the server starts,
    so that the first visitor does not pay for them."""
    env = environment()
    for name in env.list_templates():
        env.get_template(name)
    cached_language_name("en", "en")
