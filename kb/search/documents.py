"""What the index holds of one database document: a whoosh document per rule.

Read from the database only (never from the source files), so the index can be
rebuilt from the database alone.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Iterator

from kb import store
from kb.core.numbers import RuleNumber
from kb.search.analyzers import NAME_SEPARATOR, language_field
from kb.search.schema import CJK, field


def marker(name: str, sha: str) -> dict:
    """The marker that says the index holds document ``name`` at ``sha``."""
    return {"uid": f"@doc:{name}", "kind": "marker", "document": name, "sha": sha}


def rule_documents(conn, doc: dict) -> Iterator[dict]:
    """One whoosh document per rule of the database document ``doc`` (a documents row)."""
    doc_id, lang = doc["id"], language_field(doc["lang"])
    rules = store.rows(conn, "select id, seq, number, kind, parent, title, text from rules "
                           "where document_id = ? order by seq", [doc_id])
    examples: dict[int, list[str]] = defaultdict(list)
    for row in store.rows(conn, "select rule_id, text from examples where document_id = ? order by rule_id, position",
                          [doc_id]):
        examples[row["rule_id"]].append(row["text"] or "")
    glossary: dict[str, list[str]] = defaultdict(list)
    for row in store.rows(conn, "select r.target_start, g.term from refs r join glossary g on g.id = r.glossary_id "
                              "where r.document_id = ? order by r.id", [doc_id]):
        if row["term"] not in glossary[row["target_start"]]:
            glossary[row["target_start"]].append(row["term"])
    titles = {}
    for rule in rules:
        titles.setdefault(rule["number"], rule["title"])
    for rule in rules:
        yield _rule_document(doc, lang, rule, titles, examples.get(rule["id"], []), glossary.get(rule["number"], []))


def _rule_document(doc: dict, lang: str, rule: dict, titles: dict, examples: list[str], glossary: list[str]) -> dict:
    number = RuleNumber.try_parse(rule["number"])
    tree = [str(n) for n in reversed(number.ancestors())] + [str(number)] if number else [rule["number"]]
    title = rule["title"] or ""
    heading = (titles.get(rule["parent"]) or "") if rule["parent"] else ""
    names = NAME_SEPARATOR.join((title, heading, "\n".join(glossary)))
    parts = {"names": names if names.strip(NAME_SEPARATOR) else "", "text": rule["text"] or "",
             "examples": "\n".join(examples)}
    record = {
        "uid": f"{doc['name']}#{rule['seq']}", "kind": "rule", "document": doc["name"], "lang": lang,
        "number": rule["number"], "tree": " ".join(tree),
        "has": " ".join(field(part, lang) for part, value in parts.items() if value),
    }
    for part, value in parts.items():
        if value:
            record[field(part, lang)] = value
    if lang not in CJK:
        words = [title, heading, *glossary, rule["text"] or "", *examples]
        record[field("words", lang)] = "\n".join(value for value in words if value)
    return record
