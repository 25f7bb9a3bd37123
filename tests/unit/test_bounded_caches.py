"""Every lookup cache is bounded: a server answering distinct (document, rule) lookups for days keeps
at most the documented number of documents, "also in" lists, built rules and document choices."""

from pathlib import Path

from kb.api import KnowledgeBase
from kb.i18n import ENGLISH_MONTHS
from kb.store import lookup
from tests.conftest import MINI

DATES = ["2025-01-10", "2025-03-14", "2025-05-16", "2025-07-18", "2025-09-19", "2025-11-21"]


def test_distinct_lookups_keep_each_cache_within_its_bound(tmp_path, monkeypatch):
    monkeypatch.setattr(lookup, "DOCUMENTS_IN_MEMORY", 2)
    monkeypatch.setattr(lookup, "VERSIONS_KEPT", 7)
    monkeypatch.setattr(lookup, "BUILT_RULES", 5)
    monkeypatch.setattr("kb.store.reader.CANDIDATES_KEPT", 3)
    original = (MINI / "MiniRules_20260807.txt").read_bytes()
    kb = KnowledgeBase.open(tmp_path / "kb.db")
    for date in DATES:
        year, month, day = date.split("-")
        month_name = ENGLISH_MONTHS[int(month) - 1]
        path = Path(tmp_path / f"MiniRules_{year}{month}{day}.txt")
        path.write_bytes(original.replace(b"August 7, 2026", f"{month_name} {int(day)}, {year}".encode()))
        kb.import_file(path)
    numbers = [
        row[0]
        for row in kb.db.execute(
            "select number from rules where document_id = (select min(id) from documents) order by seq"
        )
    ]
    assert len(numbers) > 20
    cache = kb.store.cache
    asked = 0
    for _ in range(3):  # past LOAD_AFTER, so documents are loaded into memory
        for date in DATES:
            for number in numbers:
                rule = kb.rule(number, edition=date)
                assert (rule.edition, rule.number) == (date, number)
                asked += 1
                assert len(cache._indexes) <= 2 and len(cache._versions) <= 7 and len(cache._current) <= 7
                assert len(cache._lineages) <= 7
                assert len(cache.built) <= 5 and len(cache.candidates) <= 3
    assert asked == 3 * len(DATES) * len(numbers)
    assert len(cache._indexes) == 2  # documents were loaded, then dropped as others came
    assert len(cache._lineages) == 7  # lineages were read, then dropped as others came
    kb.close()
