"""Catalog upkeep with babel's API: extract, update, init, compile, check.

`python -m kb.i18n ...` runs these (see docs/i18n.md). The template holds mtgkb's
messages (locales/babel.cfg says which files and how) and click's own messages
(usage, errors, "Options"), read from the installed click, because kb.cli.i18n has
click ask our catalogs for them.
"""

from __future__ import annotations

import io
import re
import string
from gettext import c2py
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import click
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

from kb.i18n.catalogs import DOMAIN, PROJECT_LOCALES, compiled, po_path

PROJECT_ROOT = PROJECT_LOCALES.parent
TEMPLATE_NAME = f"{DOMAIN}.pot"
HEADER = "# Messages of the mtgkb interface (not the rule texts); see docs/i18n.md.\n#"
COMMENT_TAGS = ("TRANSLATORS:",)
_DATES = re.compile(rb'^"(?:POT-Creation-Date|PO-Revision-Date): [^"]*"\n', re.MULTILINE)


def extract(locales: Path = PROJECT_LOCALES, root: Path = PROJECT_ROOT) -> Catalog:
    """Every message of the code under ``root`` (per ``locales``/babel.cfg) and of click."""
    with (locales / "babel.cfg").open(encoding="utf-8") as config:
        method_map, options_map = parse_mapping_cfg(config)
    catalog = Catalog(project="mtgkb", version=_version(), domain=DOMAIN, header_comment=HEADER, fuzzy=False)
    sources = [(root, "", method_map, options_map), (Path(click.__file__).parent, "click/", [("**.py", "python")], {})]
    for folder, prefix, methods, options in sources:
        for filename, lineno, message, comments, context in extract_from_dir(
            folder, methods, options, keywords=DEFAULT_KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True
        ):
            catalog.add(message, None, [(prefix + filename, lineno)], auto_comments=comments, context=context)
    return catalog


def _version() -> str:
    try:
        return version("mtgkb")
    except PackageNotFoundError:
        return "unknown"


def read_catalog(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as stream:
        return read_po(stream, locale=locale, domain=DOMAIN)


def write_catalog(path: Path, catalog: Catalog) -> bool:
    """Write a .po or .pot unless only its dates would change; True if written."""
    out = io.BytesIO()
    write_po(out, catalog, width=76, ignore_obsolete=True, include_lineno=False)
    new = out.getvalue()
    if path.exists() and _DATES.sub(b"", path.read_bytes()) == _DATES.sub(b"", new):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(new)
    return True


def languages(locales: Path) -> list[str]:
    """The languages that have a catalog under ``locales``."""
    return sorted(p.name for p in locales.iterdir() if po_path(p.name, locales).is_file())


def update(locales: Path = PROJECT_LOCALES) -> list[str]:
    """Bring every catalog in line with the template: new messages empty, changed ones fuzzy."""
    template = read_catalog(locales / TEMPLATE_NAME)
    written = []
    for lang in languages(locales):
        catalog = read_catalog(po_path(lang, locales), locale=lang)
        catalog.update(template)
        catalog.version = template.version
        if write_catalog(po_path(lang, locales), catalog):
            written.append(lang)
    return written


def init(lang: str, locales: Path = PROJECT_LOCALES) -> Path:
    """A new, empty catalog for ``lang`` (a code babel knows: "fr", "pt_BR")."""
    path = po_path(lang, locales)
    if path.exists():
        raise FileExistsError(f"{path} exists; use update")
    catalog = read_catalog(locales / TEMPLATE_NAME)
    catalog.locale = lang  # after reading: the template's two empty plural forms would not fit every language
    catalog.fuzzy = False
    write_catalog(path, catalog)
    return path


def compile_all(locales: Path = PROJECT_LOCALES) -> list[Path]:
    """Compile every catalog now (a build step may call this; mtgkb also does it on first use)."""
    return [mo for lang in languages(locales) if (mo := compiled(po_path(lang, locales))) is not None]


def problems(locales: Path = PROJECT_LOCALES, root: Path = PROJECT_ROOT) -> dict[str, list[str]]:
    """What keeps the catalogs from covering the code: per language (and "template"), readable lines."""
    code = extract(locales, root)
    found: dict[str, list[str]] = {}
    template_path = locales / TEMPLATE_NAME
    in_code = {m.id for m in code if m.id}
    if not template_path.exists() or {m.id for m in read_catalog(template_path) if m.id} != in_code:
        found["template"] = [f"{template_path} differs from the code: run `python -m kb.i18n extract`"]
    for lang in languages(locales):
        catalog = read_catalog(po_path(lang, locales), locale=lang)
        lines = [f"missing: {_show(m.id)}" for m in code if m.id and m.id not in catalog]
        for message in catalog:
            if message.id and message.id in code:
                lines += [f"{why}: {_show(message.id)}" for why in _message_problems(message, catalog)]
        if lines:
            found[lang] = lines
    return found


def _message_problems(message: Message, catalog: Catalog) -> list[str]:
    """Untranslated, fuzzy, wrong plural forms, unknown or missing placeholders.

    A translation may leave a placeholder out on purpose when a translator comment says
    so (``# drops: name``); one that is not in the English text would fail at run time.
    """
    forms = list(message.string) if isinstance(message.string, (list, tuple)) else [message.string]
    if not all(forms):
        return ["untranslated"]
    why = ["fuzzy"] if message.fuzzy else []
    why += [str(error) for error in message.check(catalog)]
    ids = list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]
    known = set().union(*map(_fields, ids))
    dropped = {
        name.strip()
        for comment in message.user_comments
        if comment.startswith("drops:")
        for name in comment[len("drops:") :].split(",")
    }
    used = set().union(*map(_fields, forms))
    if used - known:
        why.append(f"placeholders not in the English text: {sorted(used - known)}")
    many = _forms_for_many(catalog) if len(ids) > 1 else {0}
    for index, form in enumerate(forms):
        lacking = _fields(ids[-1]) - dropped - _fields(form) if index in many else set()
        if lacking:
            why.append(f"placeholders left out of form {index}: {sorted(lacking)} (or say '# drops: ...')")
    return why


def _forms_for_many(catalog: Catalog) -> set[int]:
    """The plural forms a count other than 1 selects (Russian 0 for 21): they need the plural's fields."""
    plural = c2py(catalog.plural_expr)
    return {plural(n) for n in (0, *range(2, 1000))}


def _fields(text: str | None) -> set[str]:
    """The names of the str.format fields in ``text`` ({name!r} -> name)."""
    try:
        return {
            name.split("!")[0] for _lit, name, _spec, _conv in string.Formatter().parse(text or "") if name is not None
        }
    except ValueError:
        return {"<unbalanced braces>"}


def _show(message_id: str | tuple | list) -> str:
    text = message_id[0] if isinstance(message_id, (list, tuple)) else message_id
    return repr(text if len(text) <= 70 else text[:67] + "...")
