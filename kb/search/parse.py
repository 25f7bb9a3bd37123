"""The query language: words, "phrases", AND/OR/NOT, prefix*, (groups) and rule numbers.

Parsing never fails on what a person can type: an unbalanced quote closes at the end,
an unmatched parenthesis is dropped, an operator with nothing to join is ignored,
control characters are removed and an overlong query is cut. Each repair is reported
as a warning, so the user sees what was searched. Only a query with nothing left to
search for is an error (:class:`QueryError`).

Operators are the upper-case words AND, OR, NOT (and "-word"); lower-case "and"/"or"
are words. Juxtaposed terms form a soft AND (rules with every term rank first, rules
with some of them follow); an explicit AND is strict. A rule number or citation
anywhere ("702.26 token", "CR 702.26b", "Regel 702.23", "第702.26条") narrows the
search to that rule's subtree, through :func:`kb.core.citations.find_citations`.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from kb.core.citations import find_citations
from kb.core.errors import BadQuery
from kb.core.numbers import RuleNumber, RuleRange
from kb.i18n import _, ngettext

MAX_QUERY_CHARS = 500
MAX_TERMS = 32
MAX_DEPTH = 16
_QUOTES = {'"': '"', "“": "”", "„": "“", "«": "»", "「": "」", "『": "』", "”": "”"}
_OPERATORS = {"AND": "AND", "OR": "OR", "NOT": "NOT", "&&": "AND", "||": "OR"}
_TOKEN = re.compile(r"""\s+|[()]|[^\s()"“”„«»「」『』]+|.""")
_MEANINGLESS = re.compile(r"^[\W_]+$")
_TRIMMED = "*?!.,;:？！。、，"


class QueryError(BadQuery):
    """A query with nothing to search for; the message says why."""


@dataclass(frozen=True)
class Term:
    """A word, a "phrase" or a prefix*, with its place in the query text: kb.search's one query term
    (kb.search.compile makes the plan's leaves of it, kb.search.plan; whoosh's own Term is made only
    where postings are read, kb.search.postings)."""

    text: str
    kind: str  # "word", "phrase" or "prefix"
    start: int
    end: int


@dataclass(frozen=True)
class Group:
    """Terms and subgroups that must all match: strictly (explicit AND) or softly (juxtaposed)."""

    children: tuple[QueryNode, ...]
    strict: bool = False


@dataclass(frozen=True)
class Either:
    """OR: any child matches."""

    children: tuple[QueryNode, ...]


@dataclass(frozen=True)
class Negated:
    """NOT child."""

    child: QueryNode


QueryNode = Term | Group | Either | Negated  # the parsed query's tree, before kb.search.compile makes a plan of it


@dataclass
class ParsedQuery:
    text: str  # the query as searched (cleaned, cut)
    root: QueryNode | None  # None when only a rule number was given
    targets: list[RuleNumber | RuleRange] = field(default_factory=list)
    citations: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def clean(text: str, warnings: list[str]) -> str:
    """The query without control characters, cut to MAX_QUERY_CHARS."""
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co") for ch in text):
        text = "".join(" " if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co") else ch for ch in text)
        warnings.append(_("control characters were removed from the query"))
    text = text.strip()
    if len(text) > MAX_QUERY_CHARS:
        cut = text.rfind(" ", 0, MAX_QUERY_CHARS)
        text = text[: cut if cut > MAX_QUERY_CHARS // 2 else MAX_QUERY_CHARS].rstrip()
        warnings.append(_chars_note(len(text)))
    return text


def _chars_note(length: int) -> str:
    return ngettext(
        "the query was cut to its first {n} character (at most {limit})",
        "the query was cut to its first {n} characters (at most {limit})",
        length,
    ).format(n=length, limit=MAX_QUERY_CHARS)


def parse(query: str) -> ParsedQuery:
    """Read a query; raises QueryError only when nothing is left to search for."""
    if not isinstance(query, str):
        raise QueryError(_("the query must be text"))
    warnings: list[str] = []
    text = clean(query, warnings)
    if not text:
        raise QueryError(_("the query is empty: give words to search for or a rule number"))
    masked, targets, citations = _take_citations(text)
    tokens = _lex(masked, warnings)
    parser = _Parser(tokens, warnings)
    root = parser.parse()
    warnings = _one_note_of_the_cut(warnings, len(text), parser.terms > MAX_TERMS)
    parsed = ParsedQuery(text, root, targets, citations, list(dict.fromkeys(warnings)))
    if root is None and not targets:
        raise QueryError(_nothing_left(text))
    if root is not None and not _has_positive(root):
        raise QueryError(_("the query only says what to leave out (NOT ...): add a word to search for"))
    return parsed


def _nothing_left(text: str) -> str:
    if all(
        token.upper() in _OPERATORS or token in "()" for token in text.replace("(", " ( ").replace(")", " ) ").split()
    ):
        return _("the query {query!r} has operators but no words to search for").format(query=text)
    return _("the query {query!r} has no words to search for").format(query=text)


def _take_citations(text: str) -> tuple[str, list, list[str]]:
    """Rule numbers and citations out of the text (blanked), with their targets.

    A query without a digit cites nothing: most queries are words."""
    targets: list = []
    raws: list[str] = []
    masked = text
    if not any(char.isdigit() for char in text):
        return masked, targets, raws
    for citation in find_citations(text, mode="free"):
        for target in citation.targets:
            if target not in targets:
                targets.append(target)
        raws.append(citation.raw)
        masked = masked[: citation.start] + " " * (citation.end - citation.start) + masked[citation.end :]
    return masked, targets, raws


@dataclass(frozen=True)
class _Token:
    kind: str  # "term", "op", "open", "close"
    value: Term | str | None  # a term's Term, an operator's name
    start: int = 0


def _lex(text: str, warnings: list[str]) -> list[_Token]:
    tokens: list[_Token] = []
    pos = 0
    while pos < len(text):
        char = text[pos]
        if char in _QUOTES:
            closing = _QUOTES[char]
            end = text.find(closing, pos + 1)
            if end < 0:
                end = len(text)
                warnings.append(
                    _("the quote {quote} was not closed; it was closed at the end of the query").format(quote=char)
                )
            inner = text[pos + 1 : end]
            if inner.strip():
                tokens.append(_Token("term", Term(inner.strip(), "phrase", pos + 1, end)))
            pos = end + 1
            continue
        match = _TOKEN.match(text, pos)
        assert match is not None, "the pattern's last branch takes any character"
        piece = match.group()
        if piece == "(":
            tokens.append(_Token("open", None, pos))
        elif piece == ")":
            tokens.append(_Token("close", None, pos))
        elif not piece.isspace():
            tokens.extend(_word_tokens(piece, pos))
        pos = match.end()
    return tokens


def _word_tokens(piece: str, pos: int) -> list[_Token]:
    if piece in _OPERATORS:
        return [_Token("op", _OPERATORS[piece], pos)]
    found: list[_Token] = []
    if piece[0] in "-!" and len(piece) > 1 and piece[1].isalpha():
        found.append(_Token("op", "NOT", pos))
        piece, pos = piece[1:], pos + 1
    elif piece[0] == "+" and len(piece) > 1:
        piece, pos = piece[1:], pos + 1
    if piece.endswith("*") and len(piece.rstrip("*")) >= 2:
        stem = piece.rstrip("*")
        found.append(_Token("term", Term(stem, "prefix", pos, pos + len(stem))))
    elif not _MEANINGLESS.match(piece):
        word = piece.strip(_TRIMMED)
        lead = len(piece) - len(piece.lstrip(_TRIMMED))
        found.append(_Token("term", Term(word, "word", pos + lead, pos + lead + len(word))))
    return [t for t in found if not isinstance(t.value, Term) or t.value.text]


class _Parser:
    """Recursive descent: or := and (OR and)*; and := unary (AND? unary)*; unary := NOT unary | primary."""

    def __init__(self, tokens: list[_Token], warnings: list[str]):
        self.tokens = tokens
        self.pos = 0
        self.warnings = warnings
        self.depth = 0
        self.terms = 0

    def peek(self) -> _Token | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def parse(self):
        items = []
        while self.peek() is not None:
            node = self.parse_or()
            if node is not None:
                items.append(node)
            token = self.peek()
            if token is not None and token.kind == "close":
                self.warnings.append(_("a closing parenthesis without an opening one was ignored"))
                self.pos += 1
        return _group(items, strict=False)

    def parse_or(self):
        options = []
        pending_or = False
        while True:
            node = self.parse_and()
            if node is not None:
                options.append(node)
            elif pending_or:
                self.warnings.append(_("OR with nothing after it was ignored"))
            token = self.peek()
            if token is None or token.kind != "op" or token.value != "OR":
                break
            if not options:
                self.warnings.append(_("OR with nothing before it was ignored"))
            self.pos += 1
            pending_or = True
        if len(options) > 1:
            return Either(tuple(options))
        return options[0] if options else None

    def parse_and(self):
        items: list[object] = []
        strict = False
        while True:
            token = self.peek()
            if token is None or token.kind == "close" or (token.kind == "op" and token.value == "OR"):
                break
            if token.kind == "op" and token.value == "AND":
                self.pos += 1
                if not items:
                    self.warnings.append(_("AND with nothing before it was ignored"))
                else:
                    strict = True
                continue
            node = self.parse_unary()
            if node is not None:
                items.append(node)
        if strict and len(items) < 2:
            self.warnings.append(_("AND with nothing after it was ignored"))
        return _group(items, strict=strict)

    def parse_unary(self):
        token = self.peek()
        assert token is not None, "called only with a token ahead"
        if token.kind == "op" and token.value == "NOT":
            self.pos += 1
            following = self.peek()
            if following is None or following.kind == "close" or (following.kind == "op" and following.value != "NOT"):
                self.warnings.append(_("NOT with nothing after it was ignored"))
                return None
            child = self.parse_unary()
            if isinstance(child, Negated):  # NOT NOT x is x
                return child.child
            return Negated(child) if child is not None else None
        if token.kind == "open":
            return self.parse_parenthesis()
        self.pos += 1
        if token.kind == "term":
            if self.terms >= MAX_TERMS:
                if self.terms == MAX_TERMS:
                    self.warnings.append(self.terms_note())
                self.terms += 1
                return None
            self.terms += 1
            return token.value
        return None

    @staticmethod
    def terms_note() -> str:
        """The note of a query cut at MAX_TERMS."""
        return ngettext(
            "only the first {n} term of the query was searched",
            "only the first {n} terms of the query were searched",
            MAX_TERMS,
        ).format(n=MAX_TERMS)

    def parse_parenthesis(self):
        self.pos += 1
        if self.depth >= MAX_DEPTH:
            self.warnings.append(
                ngettext(
                    "parentheses nested deeper than {n} level were ignored",
                    "parentheses nested deeper than {n} levels were ignored",
                    MAX_DEPTH,
                ).format(n=MAX_DEPTH)
            )
            return None
        self.depth += 1
        node = self.parse_or()
        self.depth -= 1
        token = self.peek()
        if token is not None and token.kind == "close":
            self.pos += 1
        else:
            self.warnings.append(_("an opening parenthesis was not closed; it was closed at the end of the query"))
        return node


def _group(items: list, strict: bool):
    if not items:
        return None
    if len(items) == 1:
        return items[0]
    return Group(tuple(items), strict)


def _has_positive(node) -> bool:
    if isinstance(node, Term):
        return True
    if isinstance(node, Negated):
        return False
    if isinstance(node, Group):
        return any(_has_positive(child) for child in node.children)
    return all(_has_positive(child) for child in node.children)


def _one_note_of_the_cut(warnings: list[str], length: int, terms_cut: bool) -> list[str]:
    """The notes of a query cut both at MAX_QUERY_CHARS and at MAX_TERMS said as one: a query of
    10,000 characters is cut once, and its user reads one note saying how."""
    chars_note, terms_note = _chars_note(length), _Parser.terms_note()
    if chars_note not in warnings or not terms_cut:
        return warnings
    note = _(
        "the query was cut to its first {n} characters, and only their first {terms} terms were searched "
        "(at most {limit} characters and {terms} terms)"
    ).format(n=length, terms=MAX_TERMS, limit=MAX_QUERY_CHARS)
    return [note, *(w for w in warnings if w not in (chars_note, terms_note))]
