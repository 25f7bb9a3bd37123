"""Edition inference: which English editions an undated document was taken from.

Every fact the document states is checked against every edition of the chain:
the numbers it has, the subrule letters under each rule (the whole family), the
titles of its titled rules (through the document's own term pairs when it is a
translation: "Instabilität (Phasing)" says 702.23 must be titled Phasing), the
rules it cites (they must exist, with the quoted title), what each of its rules
cites, and for an English text the wording itself. Each unmet fact costs its
weight; the editions with the least cost are the answer. A fact that no edition
meets, or that every edition meets, costs all editions alike and changes nothing,
so a partial quote or a translator's slip does not empty the range.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone

from kb.core.errors import DocumentNotFound
from kb.core.numbers import RuleNumber
from kb.history.chain import ChainDoc, chain_documents
from kb.history.model import connection
from kb.history.text import fold_title, normalise
from kb.i18n import N_, _
from kb.store.documents import document_rows, history_missing
from kb.store.inference import Inference, message, render, stored_inference  # noqa: F401 (also named here)

VERSION = 3  # 2: evidence stored as messages, read in the interface language; 3: only within reach
WEIGHTS = {"number": 3, "title": 3, "text": 3, "family": 2, "cited": 2, "cited title": 2, "cites": 1}


@dataclass
class Fact:
    kind: str  # a key of WEIGHTS
    label: dict  # a message (see ``message``)
    met: set[int]  # chain positions of the editions that meet it


@dataclass
class _Source:
    """What the document states."""

    lang: str
    nodes: list[tuple]  # (rule id, number, kind, parent, title, text)
    cites: list[tuple]  # (citing number or None, target start, target end, quoted title)
    english: dict[str, str]  # folded local term -> English term


@dataclass
class _Edition:
    titles: dict[str, str | None] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)
    children: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    cites: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))


def infer_edition(source, document: str, *, save: bool = True) -> Inference:
    """Infer (and store) the edition range of ``document`` from its structure and citations."""
    conn = connection(source)
    row = conn.execute("select id, lang from documents where name = ?", [document]).fetchone()
    if row is None:
        names = [r[0] for r in conn.execute("select name from documents where edition is null order by name")]
        raise DocumentNotFound(_("no document named {name!r}").format(name=document), names[:10])
    chain = chain_documents(conn)
    stated = _read_document(conn, row[0], row[1])
    result = decide(document, chain, facts(stated, chain, _read_editions(conn, chain, stated)))
    result = within_reach(result, history_missing(document_rows(conn)), len(chain))
    if save:
        save_inference(conn, row[0], result, chain)
    return result


def _read_document(conn, doc_id: int, lang: str) -> _Source:
    nodes = conn.execute(
        "select id, number, kind, parent, title, text from rules where document_id = ? order by seq", [doc_id]
    ).fetchall()
    cites = conn.execute(
        "select r.number, f.target_start, f.target_end, f.title from refs f left join rules r on r.id = f.rule_id "
        "where f.document_id = ? order by f.id",
        [doc_id],
    ).fetchall()
    english = {
        fold_title(term): eng
        for term, eng in conn.execute(
            "select term, english from terms where document_id = ? and english is not null", [doc_id]
        )
    }
    english.update(
        {
            fold_title(term): eng
            for term, eng in conn.execute(
                "select term, english from glossary where document_id = ? and english is not null", [doc_id]
            )
        }
    )
    return _Source(lang, nodes, cites, english)


def _read_editions(conn, chain: list[ChainDoc], stated: _Source) -> list[_Edition]:
    """The rules of every chain edition at the numbers the document has, cites or heads."""
    position = {c.id: k for k, c in enumerate(chain)}
    numbers = {n[1] for n in stated.nodes} | {c[1] for c in stated.cites} | {c[2] for c in stated.cites}
    parents = {n[1] for n in stated.nodes}
    editions = [_Edition() for _edition in chain]
    marks = ",".join("?" * len(numbers))
    wanted_ids: dict[int, tuple[int, str]] = {}
    for doc_id, rule_id, number, parent, title, text in conn.execute(
        f"select document_id, id, number, parent, title, text from rules where number in ({marks}) "
        f"or parent in ({','.join('?' * len(parents))})",
        [*numbers, *parents],
    ):
        k = position.get(doc_id)
        if k is None:
            continue
        edition = editions[k]
        if parent in parents:
            edition.children[parent].add(number)
        if number in numbers:
            edition.titles.setdefault(number, title)
            edition.texts.setdefault(number, normalise(text))
            wanted_ids[rule_id] = (k, number)
    ids = list(wanted_ids)
    for start in range(0, len(ids), 900):
        chunk = ids[start : start + 900]
        for rule_id, start, end in conn.execute(
            f"select rule_id, target_start, target_end from refs where rule_id in ({','.join('?' * len(chunk))})",
            chunk,
        ):
            k, number = wanted_ids[rule_id]
            editions[k].cites[number].update((start, end))
    return editions


def facts(stated: _Source, chain: list[ChainDoc], editions: list[_Edition]) -> list[Fact]:
    """Every checkable statement of the document, with the editions that meet it."""
    everywhere = range(len(chain))
    found: list[Fact] = []

    def fact(kind: str, label: dict, test) -> None:
        found.append(Fact(kind, label, {k for k in everywhere if test(editions[k])}))

    numbers = [n[1] for n in stated.nodes]
    children: dict[str, set[str]] = defaultdict(set)
    for node in stated.nodes:  # (…, number, …, parent, …): not "_", which is gettext here
        number, parent = node[1], node[3]
        if parent in numbers:
            children[parent].add(number)
    for number in numbers:
        fact("number", message("{number}", number=number), lambda e, n=number: n in e.titles)
    for parent, kids in children.items():
        fact(
            "family",
            message(N_("{parent} has {children}"), parent=parent, children=_letters(parent, kids)),
            lambda e, p=parent, c=kids: e.children.get(p) == c,
        )
    for node in stated.nodes:
        number, title, text = node[1], node[4], node[5]
        english = _english(stated, title)
        if english:
            label = (
                message(N_("{number} titled {title!r} ({own})"), number=number, title=english, own=title)
                if english != title
                else message(N_("{number} titled {title!r}"), number=number, title=english)
            )
            fact("title", label, lambda e, n=number, t=english: same_title(e.titles.get(n), t))
        if stated.lang == "en" and text:
            fact(
                "text",
                message(N_("{number} worded as quoted"), number=number),
                lambda e, n=number, t=normalise(text): e.texts.get(n) == t,
            )
    cited_by: dict[str, set[str]] = defaultdict(set)  # citing number -> targets (both ends of ranges)
    citing: dict[str, set[str]] = defaultdict(set)  # target -> citing numbers
    for source, start, end, _label in stated.cites:
        for target in {start, end}:
            citing[target].add(source)
            if source:
                cited_by[source].add(target)
    for target in sorted(citing, key=_key):
        # A rule the edition lacks is still explained when the edition cites it the same way (the CR
        # itself sometimes cites a rule that only a later edition adds).
        fact(
            "cited",
            message(N_("cited {target} exists"), target=target),
            lambda e, t=target, by=citing[target]: t in e.titles or any(t in e.cites.get(n, ()) for n in by if n),
        )
    for _source, start, _end, quoted in stated.cites:
        english = _english(stated, quoted)
        if english:
            fact(
                "cited title",
                message(N_("cited {target} titled {title!r}"), target=start, title=english),
                lambda e, t=start, q=english: same_title(e.titles.get(t), q),
            )
    for number, targets in cited_by.items():
        fact(
            "cites",
            message(N_("{number} cites {targets}"), number=number, targets=", ".join(sorted(targets, key=_key))),
            lambda e, n=number, t=targets: t <= e.cites.get(n, set()),
        )
    return found


def same_title(a: str | None, b: str | None) -> bool:
    """Titles match without case, closing punctuation and plural endings: the CR itself once cited
    rule 212.6 as "Lands" while heading it "Land"."""

    def stem(title: str | None) -> list[str]:
        return [w[:-1] if w.endswith("s") and len(w) > 3 else w for w in fold_title(title).split()]

    return bool(a) and bool(b) and stem(a) == stem(b)


def _english(stated: _Source, title: str | None) -> str | None:
    """A title in English: as it is in an English document, else through the document's term pairs."""
    if not title:
        return None
    if stated.lang == "en":
        return title
    return stated.english.get(fold_title(title))


def _key(number: str) -> tuple:
    parsed = RuleNumber.try_parse(number)
    return parsed.sort_key() if parsed else (99,)


def _letters(parent: str, kids: set[str]) -> str:
    """Subrules as their letters ("a, b, c"), other children as their numbers."""
    tails = sorted(kids, key=_key)
    if all(k.startswith(parent) and k[len(parent) :].isalpha() for k in tails):
        return ", ".join(k[len(parent) :] for k in tails)
    return ", ".join(tails)


def decide(document: str, chain: list[ChainDoc], found: list[Fact]) -> Inference:
    """The editions with the least weight of unmet facts, and the facts that tell editions apart."""
    if not chain:
        return Inference(document, None, None, [], [message(N_("no English editions in the database to compare with"))])
    if not found:
        return Inference(document, None, None, [], [message(N_("the document states no rule numbers to compare"))])
    cost = [sum(WEIGHTS[f.kind] for f in found if k not in f.met) for k in range(len(chain))]
    least = min(cost)
    best = [k for k in range(len(chain)) if cost[k] == least]
    evidence = [
        message(N_("{kind}: {fact}: {editions}"), kind=f.kind, fact=f.label, editions=_ranges(sorted(f.met), chain))
        for f in found
        if 0 < len(f.met) < len(chain)
    ]
    unmet = [f for f in found if not f.met]
    if unmet:
        evidence.append(
            message(
                N_("met by no edition (ignored): {facts}{more}"),
                facts=[f.label for f in unmet[:8]],
                more=" ..." if len(unmet) > 8 else "",
            )
        )
    evidence.append(
        message(
            N_("best match: {editions} ({points} points of unmet facts)"), editions=_ranges(best, chain), points=least
        )
    )
    return Inference(
        document, chain[best[0]].edition, chain[best[-1]].edition, _unique([chain[k].edition for k in best]), evidence
    )


def within_reach(result: Inference, missing: list[str], held: int) -> Inference:
    """``result``, unless the editions that could decide are not held: where the package carries
    editions the database lacks (the small database of a first command holds the newest three) and
    no held edition meets every fact, the best of the held ones is no finding ("310. Phenomena" is of
    2012-2021, not of 2026 with 35 points unmet): the edition is unknown until the history is built."""
    if not missing or not result.first:
        return result
    best = result.evidence_messages[-1] if result.evidence_messages else None
    if isinstance(best, dict) and best.get("params", {}).get("points") == 0:
        return result
    note = message(
        N_(
            "edition unknown until the history is built: the database holds {held} English editions, the "
            "package {missing} more ('mtgkb build' adds every edition since 1999)"
        ),
        held=held,
        missing=len(missing),
    )
    return Inference(result.document, None, None, [], [*result.evidence_messages[:-1], note])


def _unique(items: list[str]) -> list[str]:
    return list(dict.fromkeys(items))


def _ranges(positions: list[int], chain: list[ChainDoc]) -> str:
    """Chain positions as runs of consecutive editions: "2009-07-11 … 2010-07-16, 2012-02-01"."""
    runs: list[list[int]] = []
    for k in positions:
        if runs and k == runs[-1][-1] + 1:
            runs[-1].append(k)
        else:
            runs.append([k])
    return ", ".join(
        chain[r[0]].edition if len(r) == 1 else f"{chain[r[0]].edition} … {chain[r[-1]].edition}" for r in runs
    )


def chain_digest(chain: list[ChainDoc]) -> str:
    text = "\n".join(f"{c.id} {c.sha256}" for c in chain)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def save_inference(conn, doc_id: int, result: Inference, chain: list[ChainDoc]) -> None:
    sha = conn.execute("select sha256 from documents where id = ?", [doc_id]).fetchone()[0]
    with conn:
        conn.execute(
            "insert or replace into edition_inference (document_id, document, first, last, editions, evidence, sha, "
            "version, created) values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                doc_id,
                result.document,
                result.first,
                result.last,
                json.dumps(result.editions),
                json.dumps(result.evidence_messages, ensure_ascii=False),
                f"{sha}:{chain_digest(chain)}",
                VERSION,
                datetime.now(timezone.utc).isoformat(timespec="seconds"),
            ],
        )


def update_inferences(source, progress: Callable[[int, int, str], None] | None = None) -> list[Inference]:
    """Infer the edition of every undated document whose stored inference is missing or stale.

    ``progress(done, total, document)`` is called before each inference and once at the end."""
    conn = connection(source)
    with conn:
        conn.execute("delete from edition_inference where document_id not in (select id from documents)")
    todo = pending_inferences(conn)
    results = []
    for done, name in enumerate(todo):
        if progress:
            progress(done, len(todo), name)
        results.append(infer_edition(conn, name))
    if progress and todo:
        progress(len(todo), len(todo), "")
    return results


def pending_inferences(source) -> list[str]:
    """The undated documents whose stored inference is missing, or was made from other editions."""
    conn = connection(source)
    chain = chain_documents(source)
    digest = chain_digest(chain)
    stored = {
        row[0]: row[1]
        for row in conn.execute("select document_id, sha from edition_inference where version = ?", [VERSION])
    }
    return [
        name
        for doc_id, name, sha in conn.execute(
            "select id, name, sha256 from documents where edition is null order by name"
        ).fetchall()
        if stored.get(doc_id) != f"{sha}:{digest}" or not chain
    ]
