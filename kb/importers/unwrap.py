"""Step one of the numbered-document pipeline: the container's bytes as lines of text.

A translation or a quote of the rules comes in many containers: a JSON dataset, a DokuWiki or
Markdown page source (Jekyll, Hexo, Hugo posts with front matter), an HTML page, a CSV/TSV table,
an XLIFF or TMX file, a PDF (its text layer, kb.importers.pdf). Each is opened with the parser
made for it (json, csv, yaml for front matter, markdown-it for Markdown, BeautifulSoup with lxml
for HTML, ElementTree for XML, pypdf for PDF) and
flattened to ``Line``s: its text, one block a line, with the source line it came from where the
container keeps one. What the lines mean (a rule number, a title, an example) is the business of
``kb.importers.rule_finder``; this module only says what the container was and why.
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass, field
from xml.etree import ElementTree

import yaml

from kb.core.numbers import RuleNumber
from kb.i18n import _
from kb.importers.decode import decode_bytes
from kb.importers.mediawiki import LINK as WIKI_LINK
from kb.importers.pdf import as_text
from kb.importers.records import SourceError

NUMBER = r"\d{1,3}(?:\.\d{1,3}[a-z]{0,2})?\.?"
_NUMBER_ONLY = re.compile(rf"^\s*{NUMBER}\s*$")
_FRONT_MATTER = re.compile(r"\A(?:---|\+\+\+)[ \t]*\n(?P<body>.*?)\n(?:---|\+\+\+)[ \t]*\n", re.S)
# A DokuWiki heading: "====== 7. Additional Rules ======", spaces inside, some letters in it
# (MediaWiki writes "==702.26==", and a wrapped text may rule a line with "=====").
_DOKU_HEADING = re.compile(r"^\s*(={2,6})[ \t]+(?P<text>[^=]*[^\W\d_][^=]*?)[ \t]+\1\s*$")
_DOKU_BOOKMARK = re.compile(r"<BOOKMARK:[^>]*>")
_DOKU_TAGGED_RULE = re.compile(r"^\s*<BOOKMARK:[^>]*>\s*\d{1,3}(?:\.\d{1,3}[a-z]{0,2})?\.?(?:\s|$)")
_NUMBERED_LINE = re.compile(r"^\s*\d{3}\.\d{1,3}[a-z]{0,2}\.?(?:\s|$)")
_HTML_START = re.compile(r"^\s*(?:<!DOCTYPE html|<html[\s>])", re.I)
_HTML_BLOCKS = re.compile(r"<(?:p|div|br|li|b|strong|span|a)\b[^>]*>", re.I)
_TAG = re.compile(r"</?[A-Za-z][^>\n]{0,300}>")
_MD_LINK = re.compile(r"!?\[([^\]\n]*)\]\([^)\n]*\)")
_MD_EMPHASIS = re.compile(r"\*\*|__|(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])|`+")
_RST_LINK = re.compile(r"`([^`<]*?)\s*<[^>`]*>`_{1,2}")
_RST_ROLE = re.compile(r":[a-z]+:`([^`<]*?)(?:\s*<[^>`]*>)?`")
# A reST section titled by a rule number: "702.24" over a line of dashes (or any one punctuation
# character) at least as long; its subrules are items lettered "a." to "n." inside it.
_RST_NUMBER_TITLE = re.compile(r"^(\d{3}\.\d{1,3})[ \t]*\r?\n([-=~^*+#\"'`])\2{4,}[ \t]*\r?$", re.M)
_RST_ADORNMENT = re.compile(r"^([-=~^*+#\"'`:.])\1{2,}\s*$")
_RST_LETTERED = re.compile(r"^\s+(?P<letter>[a-z]{1,2})\.\s+(?P<text>\S.*)$")
_RST_DIRECTIVE = re.compile(r"^(?P<indent>\s*)\.\.\s+(?:(?P<name>[\w-]+)::\s*(?P<argument>.*)|_[^:]*:.*|\|[^|]*\|.*)$")
_RST_FIELD = re.compile(r"^:[\w-]+:(?:\s.*)?$")
# Jekyll/Hexo tags ({% … %}), kramdown attributes ({: .x }) and Hugo shortcodes ({{< … >}}, {{% … %}}).
_LIQUID = re.compile(r"\{%.*?%\}|\{:[^}]*\}|\{\{[<%].*?[%>]\}\}")
# How a JSON dataset opens: an object's first key, or an array of objects or strings. MediaWiki's
# "{{Infobox" and "[[link]]" open with a bracket too, and are no JSON.
_JSON_START = re.compile(r'(?:\{\s*"|\[\s*[{"])')


class BrokenJson(SourceError):
    """A text that opens as a JSON document and does not parse (cut short, a stray comma): refused with
    its line, never read as plain text in which no reader then finds rules."""


@dataclass
class Line:
    """One line of text as the container gives it, with the source line (1-based) it starts on."""

    number: int
    text: str
    side: str | None = None  # a key that names the language column ("en", "zh") where the container has one


@dataclass
class Unwrapped:
    """What a container held: its kind, why it was taken for that kind, its lines and its metadata."""

    container: str  # "json", "csv", "xml", "dokuwiki", "markdown", "html", "po", "text"
    reason: str
    lines: list[Line] = field(default_factory=list)
    title: str | None = None
    meta: dict[str, str] = field(default_factory=dict)
    # Glossary entries a dataset gives per language: (language, term, definition, English term, position);
    # language "" where the dataset names none (one language: the document's own)
    glossary: list[tuple[str, str, str, str | None, int]] = field(default_factory=list)


def container_of(text: str, path: str) -> tuple[str, str]:
    """(kind, why) of a decoded text, by its content (never by its file name)."""
    head = text[:4096].lstrip("\ufeff \t\r\n")
    if head.startswith(("{", "[")):
        try:
            json.loads(text.lstrip("\ufeff"))
        except ValueError as error:
            if _JSON_START.match(head):  # a dataset cut short or damaged, not a page that opens with a bracket
                raise _broken_json(text, path, error) from error
        else:
            return "json", _("the text parses as JSON")
    if head.startswith("<?xml") or re.match(r"<(?:xliff|tmx)\b", head):
        if re.search(r"<(?:xliff|tmx)\b", head):
            return "xml", _("an XML document whose root is <xliff> or <tmx>")
    if re.search(r'^msgid ""\s*$', text[:8192], re.M) and re.search(r"^msgstr ", text[:8192], re.M):
        return "po", _("a gettext catalog (msgid and msgstr lines): read by the po reader")
    if _FRONT_MATTER.match(text):
        return "markdown", _("a page source with front matter (Jekyll, Hexo or Hugo)")
    if _HTML_START.match(head):
        return "html", _("an HTML page")
    dokuwiki, doku_reason = _dokuwiki_evidence(text)
    if dokuwiki:
        return "dokuwiki", doku_reason
    if _delimited(text) is not None:
        return "csv", _("a table (CSV or TSV) with a column of rule numbers")
    if len(_RST_NUMBER_TITLE.findall(text[:20000])) >= 2:
        return "rst", _("reStructuredText whose section titles are rule numbers (a line of dashes under '700.1')")
    if "**" in text[:20000] or re.search(r"^#{1,6} ", text[:20000], re.M) or _HTML_BLOCKS.search(text[:20000]):
        return "markdown", _("Markdown (emphasis, headings or inline HTML)") + doku_reason
    return "text", _("plain text") + doku_reason


def _dokuwiki_evidence(text: str) -> tuple[bool, str]:
    """Whether a text is DokuWiki source by what most of it is, and why (or, when it mentions DokuWiki's
    marks without being it, why not: said after the kind it is taken for).

    A DokuWiki rules page puts a <BOOKMARK:...> tag at the start of the lines that number its rules (the
    English line of a bilingual page; the translated line after it has none), or titles its sections with
    ==== headings ====. A page that merely mentions a tag (a README describing such a file) is not one: at
    least two tagged rule lines, and a third of the lines that number rules, are asked for.
    """
    lines = text.split("\n")
    headings = sum(1 for line in text[:20000].split("\n") if _DOKU_HEADING.match(line))
    tagged = sum(1 for line in lines if _DOKU_TAGGED_RULE.match(line))
    numbered = tagged + sum(1 for line in lines if _NUMBERED_LINE.match(line))
    if tagged >= 2 and tagged * 3 >= numbered:
        return True, _(
            "DokuWiki markup: {tagged} of the {numbered} lines that number rules start with a <BOOKMARK:...> tag"
        ).format(tagged=tagged, numbered=numbered)
    if headings >= 2:
        return True, _("DokuWiki markup: {n} ==== headings ====").format(n=headings)
    mentions = len(_DOKU_BOOKMARK.findall(text))
    if mentions:
        return False, "; " + _(
            "not DokuWiki: {mentions} <BOOKMARK:...> tag(s), {tagged} of them before a rule number at a line start "
            "(of {numbered} lines that number rules)"
        ).format(mentions=mentions, tagged=tagged, numbered=numbered)
    return False, ""


def _broken_json(text: str, path: str, error: ValueError) -> BrokenJson:
    """Where a text that opens as a JSON dataset stops being JSON, as its line and column (json counts
    them in the text without its BOM, as the file's lines are)."""
    line, column = getattr(error, "lineno", None), getattr(error, "colno", None)
    cut_short = _open_brackets(text) > 0
    message = _("not valid JSON at column {column} ({reason}): expected a whole JSON document").format(
        column=column, reason=getattr(error, "msg", str(error))
    )
    if cut_short:
        message += "; " + _("the file ends before the JSON closes (cut short?)")
    return BrokenJson(path, line, message)


def _open_brackets(text: str) -> int:
    """How many of a JSON text's brackets are still open at its end (strings skipped): above 0, the
    file ends inside the document."""
    depth, in_string, escaped = 0, False, False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
    return depth


def unwrap(data: bytes, path: str) -> Unwrapped:
    """The lines of ``data`` whatever its container; a SourceError when the bytes are no text."""
    data, pdf = as_text(data, path)  # a PDF's text layer, then whatever that text is
    text = decode_bytes(data, path)
    kind, reason = container_of(text, path)
    if pdf:
        reason = pdf + "; " + _("the text is {reason}").format(reason=reason)
    unwrapped = Unwrapped(kind, reason)
    if kind == "json":
        _json(json.loads(text.lstrip("\ufeff")), unwrapped)
    elif kind == "xml":
        _xml(text, path, unwrapped)
    elif kind == "csv":
        _csv(text, unwrapped)
    elif kind == "dokuwiki":
        _dokuwiki(text, unwrapped)
    elif kind == "rst":
        _rst(text, unwrapped)
    elif kind == "html":
        _html(text, unwrapped)
    else:
        _markdown(text, unwrapped, markdown=kind == "markdown")
    return unwrapped


# ---- JSON ---------------------------------------------------------------------------------------

_NUMBER_KEYS = ("number", "rule", "rulenumber", "rule_number", "chapter", "id", "no", "num")
_TEXT_KEYS = ("text", "ruletext", "rule_text", "content", "body")
_DEFINITION_KEYS = ("description", "definition", "meaning")


def _json(value, out: Unwrapped) -> None:
    """Every object that carries a rule number (as a field or as its key) and texts, in document order.

    An object ``{"chapter": "702.26b", "en": "...", "zh": "..."}`` gives one line per language side;
    ``{"702.26b": "text"}`` gives one line; ``{"702.26b": {"text": "...", "examples": [...]}}`` (a map
    keyed by rule numbers, as a rules library ships it) numbers each object by its key when the object
    names no number of its own; a list of such objects is walked in order, any depth.
    """
    counter = [0]

    def emit(number: str, text: str, side: str | None) -> None:
        counter[0] += 1
        out.lines.append(Line(counter[0], f"{number.strip()} {_clean(text)}", side))

    def walk(node, depth: int = 0, key_number: str | None = None) -> None:
        if depth > 64:
            return
        if isinstance(node, dict):
            lowered = {str(k).lower().replace("-", "_"): k for k in node}
            number_key = next((lowered[k] for k in _NUMBER_KEYS if k in lowered), None)
            number = node.get(number_key) if number_key is not None else key_number
            names = {k[:-4]: k for k in node if isinstance(k, str) and k.endswith("name") and k[:-4] in node}
            if number_key is None and names:  # {"enname": "Abandon", "zhname": "终止", "en": "...", "zh": "..."}
                counter[0] += 1
                english = node.get(names["en"]) if "en" in names else None
                for lang, key in names.items():
                    term, text = node.get(key), node.get(lang)
                    if isinstance(term, str) and isinstance(text, str) and term.strip() and text.strip():
                        out.glossary.append((lang, term.strip(), text.strip(), english, counter[0]))
                return
            term, definition = (
                node.get(lowered.get("term", "")),
                next((node[lowered[k]] for k in _DEFINITION_KEYS if k in lowered), None),
            )
            if number_key is None and isinstance(term, str) and isinstance(definition, str):
                # {"term": "Abandon", "description": "..."}: one language, the document's own ("")
                if term.strip() and definition.strip():
                    counter[0] += 1
                    out.glossary.append(("", term.strip(), definition.strip(), None, counter[0]))
                return
            if isinstance(number, str) and _NUMBER_ONLY.match(number):
                texts = {
                    str(k): v
                    for k, v in node.items()
                    if k != number_key and isinstance(v, str) and v.strip() and not _NUMBER_ONLY.match(v)
                }
                chosen = {k: v for k, v in texts.items() if k.lower() in _TEXT_KEYS} or texts
                for side, text in chosen.items():
                    emit(number, text, None if side.lower() in _TEXT_KEYS else side)
            else:
                for key, child in _in_rule_order(node):
                    if isinstance(child, str) and _NUMBER_ONLY.match(str(key)):
                        emit(str(key), child, None)
                    elif isinstance(child, str) and child.strip():
                        counter[0] += 1
                        out.lines.append(Line(counter[0], _clean(child), str(key)))
            # A rule's own notes (its examples) before its subrules, whatever the key order.
            children = [(str(key), child) for key, child in _in_rule_order(node) if isinstance(child, (dict, list))]
            for key, child in sorted(children, key=lambda pair: _numbered(pair[1])):
                walk(child, depth + 1, key if isinstance(child, dict) and _NUMBER_ONLY.match(key) else None)
        elif isinstance(node, list):
            for child in node:
                if isinstance(child, (dict, list)):
                    walk(child, depth + 1)
                elif isinstance(child, str):
                    counter[0] += 1
                    out.lines.append(Line(counter[0], _clean(child)))

    walk(value)


def _in_rule_order(node: dict) -> list[tuple]:
    """A JSON object's members, those keyed by rule numbers in the rules' order.

    A JSON object's members have no order of their own, and a map keyed by rule numbers is often
    written with its keys sorted as strings (106.1, 106.10, 106.11, ..., 106.2): read in that order,
    every rule after 106.1x would be out of sequence. The other members keep their place, first.
    """
    numbered: list[tuple[RuleNumber, object, object]] = []
    other: list[tuple[object, object]] = []
    for key, child in node.items():
        number = RuleNumber.try_parse(str(key).rstrip(".")) if _NUMBER_ONLY.match(str(key)) else None
        if number is None:
            other.append((key, child))
        else:
            numbered.append((number, key, child))
    if len(numbered) < 2:
        return list(node.items())
    numbered.sort(key=lambda item: item[0].sort_key())  # stable: a number printed twice keeps its order
    return other + [(key, child) for _number, key, child in numbered]


def _numbered(node) -> bool:
    """Whether a JSON value holds objects with rule numbers (its subrules) rather than notes."""
    items = node if isinstance(node, list) else [node]
    return any(isinstance(item, dict) and any(str(k).lower() in _NUMBER_KEYS for k in item) for item in items[:5])


def _clean(text: str) -> str:
    return " ".join(text.replace("\ufeff", "").split())


# ---- CSV / TSV ----------------------------------------------------------------------------------


def _delimited(text: str) -> tuple[str, int] | None:
    """(delimiter, number column) of a table whose rows mostly start a column with a rule number."""
    sample = text[:20000].split("\n")[:40]
    if len(sample) < 2:
        return None
    for delimiter in ("\t", ",", ";"):
        if sum(1 for line in sample if delimiter in line) < 0.8 * len([s for s in sample if s.strip()]):
            continue
        try:
            rows = list(csv.reader(io.StringIO("\n".join(sample)), delimiter=delimiter))
        except csv.Error:
            continue
        width = max((len(r) for r in rows), default=0)
        numbered: list[tuple[int, int, int]] = []  # (cells of rule numbers, distinct cells, column)
        for column in range(min(width, 6)):
            cells = [r[column].strip() for r in rows[1:] if len(r) > column and r[column].strip()]
            if len(cells) >= 1 and sum(1 for c in cells if _NUMBER_ONLY.match(c)) >= 0.8 * len(cells):
                numbered.append((sum(1 for c in cells if _RULE_CELL.match(c)), len(set(cells)), -column))
        if numbered:
            # Of several columns of numbers (a section "1", a row index "0, 1, 2", the rule "100.1a"),
            # the one that holds rule numbers: the most cells like 100.1a, then the most distinct cells.
            return delimiter, -max(numbered)[2]
    return None


_RULE_CELL = re.compile(r"^\d{3}\.\d{1,3}[a-z]{0,2}\.?$")


def _csv(text: str, out: Unwrapped) -> None:
    """One line per row and text column: the column a header names as text, or the one with the longest
    cells; columns named by a language ("en", "zh") each give their own line, that language's side."""
    found = _delimited(text)
    assert found is not None
    delimiter, column = found
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=delimiter))
    header = rows[0] if rows and not _NUMBER_ONLY.match(rows[0][column] if len(rows[0]) > column else "") else None
    body = [(at, row) for at, row in enumerate(rows, 1) if len(row) > column and _NUMBER_ONLY.match(row[column])]
    names = [name.strip().lower() for name in header] if header else []
    sides = [i for i, name in enumerate(names) if i != column and _LANGUAGE_COLUMN.match(name)]
    named = [i for i, name in enumerate(names) if i != column and name.replace("-", "_") in _TEXT_COLUMNS]
    if not sides and not named:
        width = max(len(row) for _at, row in body) if body else 0
        lengths = {i: sum(len(row[i]) for _at, row in body if len(row) > i) for i in range(width) if i != column}
        named = [max(lengths, key=lambda i: lengths[i])] if lengths else []
    for at, row in body:
        for i in sides or named:
            if i < len(row) and row[i].strip():
                side = names[i] if sides else None
                out.lines.append(Line(at, f"{row[column].strip()} {_clean(row[i])}", side))
    out.meta["columns"] = ", ".join(header or [])


_TEXT_COLUMNS = ("text", "rule_text", "ruletext", "content", "translation", "body", "source", "target")
_LANGUAGE_COLUMN = re.compile(r"^(?:en|de|fr|es|it|pt|ru|ja|ko|zh|pl)(?:[-_][a-z]{2,4})?$")


# ---- XLIFF / TMX --------------------------------------------------------------------------------


def _xml(text: str, path: str, out: Unwrapped) -> None:
    """The source and target of every XLIFF unit, or every language of every TMX unit, side by side."""
    try:
        root = ElementTree.fromstring(text.lstrip("\ufeff").encode("utf-8"))
    except ElementTree.ParseError as error:
        line = error.position[0] if hasattr(error, "position") else None
        raise SourceError(path, line, _("not well-formed XML: {reason}").format(reason=error)) from None
    at = 0
    languages = {"source": "source", "target": "target"}  # XLIFF names its languages on <file> (1.2) or the root (2.0)
    for element in root.iter():
        tag = element.tag.rsplit("}", 1)[-1]
        if tag in ("xliff", "file"):
            for key, value in element.attrib.items():
                if key in ("source-language", "srcLang"):
                    languages["source"] = value.lower()
                elif key in ("target-language", "trgLang"):
                    languages["target"] = value.lower()
        if tag in ("trans-unit", "unit", "tu"):
            at += 1
            for child in element.iter():
                name = child.tag.rsplit("}", 1)[-1]
                if name in ("source", "target", "seg"):
                    value = _clean("".join(child.itertext()))
                    if not value:
                        continue
                    side = languages.get(name, name)
                    if name == "seg":
                        parent_lang = next(
                            (
                                v
                                for tuv in element
                                if any(s is child for s in tuv.iter())
                                for k, v in tuv.attrib.items()
                                if k.endswith("lang")
                            ),
                            None,
                        )
                        side = parent_lang or name
                    out.lines.append(Line(at, value, side))


# ---- DokuWiki -----------------------------------------------------------------------------------


def _dokuwiki(text: str, out: Unwrapped) -> None:
    for number, raw in enumerate(text.split("\n"), 1):
        heading = _DOKU_HEADING.match(raw)
        line = heading["text"] if heading else raw
        line = _DOKU_BOOKMARK.sub("", line)
        line = WIKI_LINK.sub(r"\1", line)  # [[target|label]], as MediaWiki writes it too
        line = line.replace("\\\\", " ").replace("**", "").replace("//", "") if "://" not in line else line
        out.lines.append(Line(number, _clean(line)))
        if heading and out.title is None:
            out.title = _clean(heading["text"])


# ---- Markdown (with or without front matter) and plain text ------------------------------------


def _markdown(text: str, out: Unwrapped, *, markdown: bool) -> None:
    """Front matter read with yaml; the body's lines without their Markdown and inline HTML marks.

    markdown-it tells code fences from text; the line-level marks (bullets, quotes, headings,
    emphasis, links, tags) are removed line by line so that every line keeps its source number.
    """
    offset = 0
    front = _FRONT_MATTER.match(text)
    if front is not None:
        try:
            fields = yaml.safe_load(front["body"]) or {}
        except yaml.YAMLError:
            fields = {}
        if isinstance(fields, dict):
            for key in ("title", "date", "lang", "language"):
                if key in fields and fields[key] is not None:
                    out.meta[key] = str(fields[key])
            out.title = out.meta.get("title")
        offset = front.group(0).count("\n")
        text = text[front.end() :]
    fenced: set[int] = set()
    if markdown:
        from markdown_it import MarkdownIt  # lazy: markdown-it only for a Markdown page

        for token in MarkdownIt("commonmark").parse(text):
            if token.type in ("fence", "code_block") and token.map:
                fenced.update(range(token.map[0] + 1, token.map[1] - 1))
    for at, raw in enumerate(text.split("\n")):
        line = raw.replace("\r", " ").replace("\u00a0", " ")
        if at not in fenced:
            line = _LIQUID.sub("", line)
            line = re.sub(r"^\s{0,3}(?:#{1,6}\s+|(?:[-*+>]|\d+\))\s+|\.\. rubric::\s*)+", "", line)
            line = _TAG.sub(" ", line)
            line = _MD_LINK.sub(r"\1", line)
            line = _RST_ROLE.sub(r"\1", line)
            line = _RST_LINK.sub(r"\1", line)
            line = _MD_EMPHASIS.sub("", line)
        out.lines.append(Line(at + 1 + offset, _clean(line)))


# ---- reStructuredText ---------------------------------------------------------------------------


def _rst(text: str, out: Unwrapped) -> None:
    """A reST document that titles each rule's section by its number ("702.24" over "------").

    The section's first paragraph is the rule's text or title ("Phasing"), its items lettered "a."
    are the subrules (702.24a, ...: the letters as printed, so a skipped "l" stays skipped), an
    ``.. admonition:: Example`` block is an example of the rule above it, and the other directives
    (``.. seealso::``, link targets) and the adornment lines are markup, not text. Every line keeps
    its source line number; what is markup becomes an empty line.
    """
    raw = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    lines = [""] * len(raw)
    section: str | None = None  # the number of the section being read
    pending: int | None = None  # the line of a section's number, waiting for its first paragraph
    example = False  # inside an admonition titled Example
    skip_indent: int | None = None  # inside another directive: its indented body is markup
    for at, line in enumerate(raw):
        indent = len(line) - len(line.lstrip())
        if skip_indent is not None:
            if not line.strip() or indent > skip_indent:
                continue
            skip_indent = None
        if not line.strip():
            continue
        if at + 1 < len(raw) and re.fullmatch(r"\d{3}\.\d{1,3}", line.strip()) and _RST_ADORNMENT.match(raw[at + 1]):
            section, pending, example = line.strip(), at, False
            lines[at] = section
            continue
        if _RST_ADORNMENT.match(line):
            continue
        directive = _RST_DIRECTIVE.match(line)
        if directive is not None:
            named = (directive["name"] or "").lower()
            argument = (directive["argument"] or "").strip()
            example = named == "admonition" and argument.lower().startswith("example")
            if not example:
                skip_indent = len(directive["indent"])
            continue
        if _RST_FIELD.match(line.strip()) and indent == 0:
            continue
        body = _clean(_MD_EMPHASIS.sub("", _RST_LINK.sub(r"\1", _RST_ROLE.sub(r"\1", line))))
        lettered = _RST_LETTERED.match(line)
        if example:
            lines[at] = "Example: " + body
            example = False
        elif section is not None and lettered is not None:
            lines[at] = f"{section}{lettered['letter']} {_clean(lettered['text'])}"
            pending = None
        elif pending is not None:
            lines[pending] = f"{section} {body}"
            pending = None
        else:
            lines[at] = body
    out.lines.extend(Line(at + 1, line) for at, line in enumerate(lines))


# ---- HTML ---------------------------------------------------------------------------------------


def _html(text: str, out: Unwrapped) -> None:
    from bs4 import BeautifulSoup  # lazy: bs4, 53 modules, ~130 ms

    from kb.importers.rule_page import block_text  # lazy: as above

    soup = BeautifulSoup(text, "lxml")
    for tag in soup(["script", "style", "noscript", "nav", "footer", "head"]):
        if tag.name == "head" and soup.title is not None:
            out.title = soup.title.get_text(" ", strip=True)
        tag.decompose()
    for number, line in enumerate(block_text(soup.body or soup).split("\n"), 1):
        out.lines.append(Line(number, _clean(line)))
