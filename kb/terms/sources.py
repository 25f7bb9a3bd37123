"""Where term pairs come from: the database's own pairs, glossaries, rule titles, rule texts, the curated file.

Everything is read from the stored documents (plus data/terms_curated.tsv), so the
dictionary follows what was imported: import the Japanese keyword list or the
English–Chinese glossary and their pairs join on the next rebuild.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path
from typing import Iterable, Iterator

from kb.core.paths import DATA_DIR
from kb.i18n import _
from kb.terms.model import TermName
from kb.terms.names import OBSOLETE, clean_name, english_key, sense_of, split_pair
from kb.terms.vocabulary import cr_terms, is_function_word

CURATED = DATA_DIR / "terms_curated.tsv"
CURATED_COLUMNS = ("lang", "term", "english", "source")
# 「フェイズ・アウト／phase out」 inside a translated rule: a term, not a quoted sentence.
_INLINE = re.compile(r"「(?P<term>[^「」／/。]{1,20})[／/](?P<english>[A-Za-z][A-Za-z '’\-]{0,40}?)」")
_MAX_INLINE_WORDS = 4


def primary(lang: str | None) -> str:
    """ "zh-Hans" and "zh" are one language for terms."""
    return (lang or "").split("-")[0].lower()


def make_names(
    lang: str, term: str, english: str, source: str, origin: str, detail: str | None = None
) -> list[TermName]:
    """Clean and split one raw pair into dictionary rows; nothing for an empty side."""
    found = []
    for raw_term, raw_english in split_pair(term, english):
        name, term_note = clean_name(raw_term)
        english_name, note = clean_name(raw_english)
        key = english_key(english_name)
        if name and key:
            sense = sense_of(note) or (OBSOLETE if sense_of(term_note) == OBSOLETE else None)
            found.append(TermName(primary(lang), name, english_name, key, source, origin, detail, sense))
    return found


def from_pairs(conn) -> Iterator[TermName]:
    """The `terms` table: "Instabilität (Phasing)", contents lines "702.26. フェイジング／Phasing"."""
    for name, lang, term, english, line in conn.execute(
        "select d.name, t.lang, t.term, t.english, t.line from terms t join documents d on d.id = t.document_id"
    ):
        yield from make_names(lang, term, english, "pair", name, f"line {line}")


def from_glossaries(conn) -> Iterator[TermName]:
    """Glossary entries that carry their English name (Japanese glossary, English–Chinese glossary)."""
    for name, lang, term, english, line in conn.execute(
        "select d.name, d.lang, g.term, g.english, g.line from glossary g join documents d on d.id = g.document_id "
        "where g.english is not null and d.lang != 'en'"
    ):
        yield from make_names(lang, term, english, "glossary", name, f"line {line}")


def from_rule_titles(conn) -> Iterator[TermName]:
    """Titled rules of a translation and of the English text of the same edition, paired by number.

    Chapters that end in 00 ("General") and section titles are no game terms.
    """
    english_docs: dict[str, tuple[int, str]] = {}  # edition -> (id, name)
    for doc_id, name, edition in conn.execute(
        "select id, name, edition from documents where lang = 'en' and edition is not null order by length(name), name"
    ):
        english_docs.setdefault(edition, (doc_id, name))  # the official file before its variants
    for doc_id, name, lang, edition in conn.execute(
        "select id, name, lang, edition from documents where lang != 'en' and edition is not null"
    ):
        if edition not in english_docs:
            continue
        en_id, en_name = english_docs[edition]
        for number, title, english in conn.execute(
            "select t.number, t.title, e.title from rules t join rules e on e.document_id = ? and e.number = t.number "
            "where t.document_id = ? and t.kind in ('chapter', 'rule') and t.title != '' and e.title != '' "
            "and t.number not like '_00'",
            [en_id, doc_id],
        ):
            yield from make_names(lang, title, english, "rule-title", name, f"{number} = {en_name}")


def from_rule_texts(conn) -> Iterator[TermName]:
    """「フェイズ・アウト／phase out」: a translation naming the English term inside a rule."""
    for name, lang, number, text in conn.execute(
        "select d.name, d.lang, r.number, r.text from rules r join documents d on d.id = r.document_id "
        "where d.lang != 'en' and r.text like '%「%'"
    ):
        for match in _INLINE.finditer(text):
            if len(match["english"].split()) <= _MAX_INLINE_WORDS:
                yield from make_names(lang, match["term"], match["english"], "inline", name, number)


def curated(path: Path = CURATED) -> list[TermName]:
    """data/terms_curated.tsv: pairs that no source gives, each with its source or reason."""
    with open(path, encoding="utf-8", newline="") as handle:
        rows = csv.DictReader((line for line in handle if not line.startswith("#")), delimiter="\t")
        if tuple(rows.fieldnames or ()) != CURATED_COLUMNS:
            raise ValueError(
                _("{path}: expected the columns {columns}").format(path=path, columns=", ".join(CURATED_COLUMNS))
            )
        found: list[TermName] = []
        for row in rows:
            found.extend(make_names(row["lang"], row["term"], row["english"], "curated", path.name, row["source"]))
        return found


def mine(conn, curated_path: Path = CURATED, vocabulary: dict | None = None) -> list[TermName]:
    """Every pairing the database and the curated file give, duplicates removed, game terms only.

    A mined pair is kept only when its English side is a CR term (``kb.terms.vocabulary``:
    glossary entry, keyword, zone, step, type, counter): "a" = 1枚 and "the" = その, read
    out of running text, are not. Without any English CR stored nothing can be checked:
    then only the curated pairs and bilingual headings ("Instabilität (Phasing)") are kept.
    """
    vocabulary = cr_terms(conn) if vocabulary is None else vocabulary
    streams: Iterable[Iterable[TermName]] = (
        curated(curated_path),
        from_glossaries(conn),
        from_pairs(conn),
        from_rule_titles(conn),
        from_rule_texts(conn),
    )

    def game_term(name: TermName) -> bool:
        if name.source == "curated":
            return True
        if is_function_word(name.key):
            return False
        return name.key in vocabulary if vocabulary else name.source == "pair"

    return list(dict.fromkeys(name for stream in streams for name in stream if game_term(name)))
