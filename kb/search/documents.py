"""What the index holds of one database document: a record per rule, keyed by its content.

Read from the database only (never from the source files), so the index can be
rebuilt from the database alone. A record's ``uid`` is the hash of everything that is
indexed (language, number, names, text, examples), so the unchanged rule of many
editions is one record, held by all of them.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Callable, Container, Iterator
from functools import lru_cache

from kb.core.numbers import RuleNumber
from kb.importers.references import normalise_title
from kb.search.analyzers import NAME_SEPARATOR, language_field
from kb.search.schema import field

LeaveOut = Callable[[str, str], bool]  # (document language, glossary term) -> leave the entry out


def marker(name: str, sha: str, code: str) -> dict:
    """The marker that says the index holds document ``name`` at ``sha``, under ``code``."""
    return {"uid": f"@doc:{name}", "kind": "marker", "document": name, "sha": sha, "code": code}


def rule_documents(conn, doc: dict, known: Container[str] = (), leave_out: LeaveOut | None = None) -> Iterator[dict]:
    """One record per rule of the database document ``doc`` (a documents row), without holders.

    A rule whose content key is in ``known`` (already indexed from another edition) comes
    as ``{"uid": key}`` only: most rules of an edition are their predecessor's.
    ``leave_out(lang, term)``: glossary entries whose term and definition are not put into the
    names of the rules they cite (tests/search_quality.py measures its held-out queries on such an index,
    so that a glossary entry's own words do not answer the query made of them).
    """
    doc_id, lang = doc["id"], language_field(doc["lang"])
    rules = conn.execute(
        "select id, number, parent, title, text from rules where document_id = ? order by seq", [doc_id]
    ).fetchall()
    examples: dict[int, list[str]] = defaultdict(list)
    for rule_id, text in conn.execute(
        "select rule_id, text from examples where document_id = ? order by rule_id, position", [doc_id]
    ):
        examples[rule_id].append(text or "")
    glossary: dict[str, list[str]] = defaultdict(list)
    definitions: dict[str, list[str]] = defaultdict(list)  # an entry's words, at the first rule it cites
    defined: set[int] = set()
    moved = retargeted(conn, doc_id)
    for target, entry, term, definition in conn.execute(
        "select r.target_start, g.id, g.term, g.text from refs r join glossary g on g.id = r.glossary_id "
        "where r.document_id = ? order by r.id",
        [doc_id],
    ):
        target = moved.get((entry, target), target)
        if leave_out is not None and leave_out(doc["lang"], term):
            continue
        if term not in glossary[target]:
            glossary[target].append(term)
        if entry not in defined and definition:
            defined.add(entry)
            definitions[target].append(definition)
    titles: dict[str, str] = {}
    for _id, number, _parent, title, _text in rules:
        titles.setdefault(number, title)
    for rule_id, number, parent, title, text in rules:
        heading = (titles.get(parent) or "") if parent else ""
        names = NAME_SEPARATOR.join(
            (title or "", heading, "\n".join(glossary.get(number, ())), "\n".join(definitions.get(number, ())))
        )
        parts = {
            "names": names if names.strip(NAME_SEPARATOR) else "",
            "text": text or "",
            "examples": "\n".join(examples.get(rule_id, ())),
        }
        uid = _content_key(lang, number, parts)
        if uid in known:
            yield {"uid": uid}
            continue
        record = {
            "uid": uid,
            "lang": lang,
            "number": number,
            "tree": _tree(number),
            "has": " ".join(field(part, lang) for part, value in parts.items() if value),
        }
        for part, value in parts.items():
            if value:
                record[field(part, lang)] = value
        yield record


def retargeted(conn, document_id: int) -> dict[tuple[int, str], str]:
    """(glossary entry id, cited number) -> the rule the citation's title names, where the number is stale.

    A glossary may keep an earlier edition's numbers: the Japanese one of 2026-01-16 cites "rule 729
    〔行動の省略〕" where its rules have "731. 行動の省略" (722–732 moved up one when 721, Station Cards,
    came; 16 citations did not follow), the English one of 2026-08-07 "rule 702.62, 'Endure'" for 701.63.
    The title is trusted when it shares nothing with the cited rule's and names exactly one rule of the
    document; one that differs only in length (Chinese 放逐 for the zone 放逐区) keeps its number.
    """
    stale = conn.execute(
        "select r.glossary_id, r.target_start, r.title from refs r "
        "where r.document_id = ? and r.glossary_id is not null and r.title_matches = 0",
        [document_id],
    ).fetchall()
    if not stale:
        return {}
    titles: dict[str, str] = {}
    numbers: dict[str, list[str]] = defaultdict(list)
    for number, title in conn.execute(  # an untitled rule is named by no citation's title
        "select number, title from rules where document_id = ? and title is not null and title != ''", [document_id]
    ):
        titles.setdefault(number, normalise_title(title))
        numbers[normalise_title(title)].append(number)
    moved = {}
    for entry, target, title in stale:
        cited, own = normalise_title(title), titles.get(target, "")
        named = numbers.get(cited, [])
        if cited and len(named) == 1 and cited not in own and own not in cited:
            moved[(entry, target)] = named[0]
    return moved


@lru_cache(maxsize=8192)
def _tree(number: str) -> str:
    """The number and its ancestors, for subtree filters ("702 702.26 702.26b")."""
    parsed = RuleNumber.try_parse(number)
    return " ".join([str(n) for n in reversed(parsed.ancestors())] + [str(parsed)]) if parsed else number


def _content_key(lang: str, number: str, parts: dict) -> str:
    """The hash of what is indexed of a rule: equal texts of two editions share one record."""
    digest = hashlib.blake2b(digest_size=12)
    for value in (lang, number, parts["names"], parts["text"], parts["examples"]):
        digest.update(value.encode("utf-8", "surrogatepass"))
        digest.update(b"\x00")
    return digest.hexdigest()
