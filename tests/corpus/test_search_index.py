"""The search index over many editions: each distinct text once, derived data stored with it,
kept current incrementally, the Japanese segmenter loaded only for Japanese text, and the query's
language leading (an undated German text joins today's rule through the renumbering chain)."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from kb.api import KnowledgeBase
from kb.search import derived, index, postings, rebuild_index, search, terms, update_index
from kb.search.index import indexed_documents
from tests.conftest import corpus_path, import_seeds

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def editions(tmp_path_factory) -> KnowledgeBase:
    """Two English editions sixteen years apart and the seeds: the German page quotes 702.23 of 2010."""
    base = KnowledgeBase.open(tmp_path_factory.mktemp("editions") / "kb.db", build=False)
    import_seeds(base)
    base.import_paths([corpus_path("en", "full", f"MagicCompRules_{date}.txt") for date in ("20100716", "20260807")])
    yield base
    base.close()


@pytest.fixture
def own_editions(editions, tmp_path) -> KnowledgeBase:
    """A copy of the module's database for a test that imports or removes documents, so that every
    test finds the module's database holding the same documents, whatever ran before it."""
    path = tmp_path / "own.db"
    target = sqlite3.connect(path)
    editions.conn.backup(target)
    target.close()
    base = KnowledgeBase.open(path, build=False)
    yield base
    base.close()


def test_each_distinct_text_is_indexed_once(editions):
    progress: list[tuple[str, int, int]] = []
    report = rebuild_index(editions.store, progress=lambda stage, done, total: progress.append((stage, done, total)))
    rules = editions.conn.execute("select count(*) from rules").fetchone()[0]
    assert report.rules == rules
    distinct = editions.conn.execute(
        "select count(*) from (select distinct d.lang, r.number, r.title, r.text from rules r "
        "join documents d on d.id = r.document_id)"
    ).fetchone()[0]
    assert report.texts < rules and report.texts >= distinct * 0.95  # headings and examples may split a few
    # progress: every stage in order, steps never go back, and only the last call (the index in place) says done
    assert list(dict.fromkeys(stage for stage, _, _ in progress)) == ["read", "index", "commit", "derived"]
    steps = [done for _, done, _ in progress]
    assert steps == sorted(steps) and steps[-1] == progress[-1][2] and steps.count(steps[-1]) == 1


def test_an_edition_still_reads_only_its_own_rules(editions):
    old = search(editions.store, "phasing", edition="2010-07-16", langs=["en"])
    assert old.results[0].number == "702.23"
    assert {v.edition for r in old.results for v in r.versions} == {"2010-07-16"}
    new = search(editions.store, "phasing", edition="2026-08-07")
    assert new.results[0].number == "702.26"
    every = search(editions.store, "phasing", edition="all", langs=["en"])
    assert {v.edition for r in every.results for v in r.versions} >= {"2010-07-16", "2026-08-07"}


def test_the_query_language_leads_without_lang(editions):
    """A German query shows the German text first, beside today's rule in English."""
    found = search(editions.store, "Instabilität")
    top = found.results[0]
    assert top.number == "702.26" and top.family == "newest"
    assert top.versions[0].lang == "de" and top.versions[0].number == "702.23"
    assert "en" in {v.lang for v in top.versions}
    english = next(v for v in top.versions if v.lang == "en")
    assert english.number == "702.26" and english.edition == "2026-08-07"
    # an English query shows English first, the German text of the same rule beside it
    phasing = search(editions.store, "phasing").results[0]
    assert phasing.number == "702.26" and phasing.versions[0].lang == "en"
    assert "de" in {v.lang for v in phasing.versions}


def test_an_update_rewrites_the_holders_of_shared_texts(own_editions, tmp_path):
    rebuild_index(own_editions.store)
    variant = own_editions.import_file(
        corpus_path("en", "variants", "MagicCompRules_20231117_cleaned_HeliumOctahelide.txt")
    )
    assert variant.name in indexed_documents(own_editions.store)  # the import updated the index
    report = update_index(own_editions.store, [variant.name])
    assert report.replaced == [variant.name] and report.rules > 3000
    found = search(own_editions.store, "phasing", edition=variant.name)
    assert found.results[0].number == "702.26"
    assert {v.document for r in found.results for v in r.versions} == {variant.name}
    # removing it removes only its hold: the other own_editions keep every text they share with it
    own_editions.conn.execute(
        "delete from examples where document_id = (select id from documents where name = ?)", [variant.name]
    )
    from kb import store

    assert store.delete_document(own_editions.conn, variant.name)
    update_index(own_editions.store, [variant.name])
    assert search(own_editions.store, "phasing", edition="2026-08-07").results[0].number == "702.26"
    assert search(own_editions.store, "phasing", edition="2010-07-16", langs=["en"]).results[0].number == "702.23"


def test_the_lexicon_is_read_from_the_index_not_rebuilt(editions, monkeypatch):
    rebuild_index(editions.store)
    editions.store.conn.derived_cache.clear()  # the lexicon and the derived data read before

    def fail(_conn):
        raise AssertionError("the lexicon was rebuilt in a search")

    monkeypatch.setattr(terms, "build_lexicon", fail)
    found = search(editions.store, "Instabilität Spielstein")
    assert found.expansions == {"Instabilität": ["Phasing"], "Spielstein": ["Token"]}
    assert search(editions.store, "deaftouch").corrected.casefold() == "deathtouch"  # stored vocabularies


def _fresh(code: str, db: Path) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT), MTGKB_DB=str(db))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_importing_kb_search_loads_no_engine():
    loaded = _fresh(
        "import json, sys, kb.search; print(json.dumps([m for m in ('whoosh', 'sudachipy', 'kb.search.engine') "
        "if m in sys.modules]))",
        Path("unused.db"),
    )
    assert loaded == []


def test_an_update_counts_only_the_words_it_wrote(own_editions, monkeypatch):
    """Derived data after an update: the did-you-mean words of the segments already counted are
    not recounted from the database, and the documents each holder holds stay exact."""
    rebuild_index(own_editions.store)

    def fail(_conn):
        raise AssertionError("the did-you-mean words were counted from the whole database")

    monkeypatch.setattr(derived, "_database_words", fail)
    variant = own_editions.import_file(
        corpus_path("en", "variants", "MagicCompRules_20231117_cleaned_HeliumOctahelide.txt")
    )
    assert variant.name in indexed_documents(own_editions.store)
    handle = index._handle(index.index_dir(own_editions.store))
    assert len(handle.reader.leaf_readers()) == 2  # the update wrote a segment of its own
    stored = index.derived_data(own_editions.store)
    held, numbers = postings.read_holders(handle.reader)
    assert stored.held == held  # deletions in the old segment are left out
    assert stored.numbers == numbers and stored.generation == handle.reader.generation()
    words, counts = stored.vocabularies["en"]
    assert "deathtouch" in words and counts[words.index("deathtouch")] >= 2
    assert search(own_editions.store, "deaftouch").corrected.casefold() == "deathtouch"
    found = search(own_editions.store, "phasing", edition=variant.name)
    assert found.results[0].number == "702.26"
    assert {v.document for r in found.results for v in r.versions} == {variant.name}


def test_the_markers_follow_every_write_of_the_index(own_editions):
    from whoosh import index as whoosh_index

    from kb import store
    from kb.search import markers

    rebuild_index(own_editions.store)
    documents = indexed_documents(own_editions.store)
    folder = index.index_dir(own_editions.store)
    with whoosh_index.open_dir(str(folder)).reader() as reader:
        read = markers.read(reader)
        assert read[0] == documents and read[2] == index.FORMAT
        assert set(read[0]) == {row[0] for row in own_editions.conn.execute("select name from documents")}
    # a removal, then an import, each written with the texts they change
    name = "MagicCompRules_20231117_cleaned_HeliumOctahelide"
    own_editions.conn.execute(
        "delete from examples where document_id = (select id from documents where name = ?)", [name]
    )
    store.delete_document(own_editions.conn, name)
    update_index(own_editions.store, [name])
    for present in (False, True):
        with whoosh_index.open_dir(str(folder)).reader() as reader:
            assert (name in markers.read(reader)[0]) is present
        if not present:
            own_editions.import_file(corpus_path("en", "variants", f"{name}.txt"))  # the import updates the index


def test_the_stored_numbers_and_lexicon_read_as_the_index_and_lexicon(editions):
    from whoosh import index as whoosh_index

    rebuild_index(editions.store)
    editions.store.conn.derived_cache.clear()
    folder = index.index_dir(editions.store)
    stored = derived.load(folder, indexed_documents(editions.store))
    with whoosh_index.open_dir(str(folder)).reader() as reader:
        assert stored.generation == reader.generation() and len(stored.numbers) == reader.doc_count_all()
        assert all(
            stored.numbers[doc] == (reader.stored_fields(doc).get("number") or "")
            for doc in range(reader.doc_count_all())
        )
    # the lexicon read back answers as the one built
    built = terms.build_lexicon(editions.conn)
    read = stored.lexicon
    assert read.languages == built.languages
    for lang in built.languages:
        for key, pivots in built._keys[lang].items():
            assert read._keys[lang].get(key) == pivots
    assert all(read.translations([pivot]) == built.translations([pivot]) for pivot in built.forms)
    assert all(read.analyse(*key) == value for key, value in built.analysed.items())
    assert read.match("en", [("phase",), ("out",)]) == built.match("en", [("phase",), ("out",)])
    english, frequencies = stored.vocabularies["en"]
    assert len(english) == len(frequencies) > 1000 and "deathtouch" in english
