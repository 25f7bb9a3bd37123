"""The reader's glossary index, whole documents side by side and the stored history overview,
read from the HTML the server sends and checked against the facade."""

from __future__ import annotations

import shutil

from kb.api import KnowledgeBase
from kb.reader.glossary import sort_key
from tests.reader_fixtures import client, kb, page, reader_db  # noqa: F401

TODAY = "MagicCompRules_20260807"
GERMAN = "000_a3c90cc092d5a721"
JAPANESE = "CompRules_ja_20260116.0_lines"
CHINESE = "MagicCompRules_20260417_zh-CN_HeliumOctahelide"


# ---- the glossary index ---------------------------------------------------------------------


def test_the_english_index_lists_every_entry_alphabetically_under_its_letter(client, kb):
    dom = page(client, f"/read/glossary/{TODAY}")
    entries = kb.document_glossary(TODAY)
    headings = [h.get_text() for h in dom.select("section.index-group h2")]
    assert headings == sorted(headings) and headings[0] == "A" and "Z" in headings
    listed = []
    for section in dom.select("section.index-group"):
        terms = [a.get_text() for a in section.select("ul.glossary-index > li > a.entry")]
        assert all(t[:1].upper() == section.h2.get_text() for t in terms if t[:1].isalpha())
        assert terms == sorted(terms, key=lambda t: (t.casefold(), t))
        listed.extend(terms)
    assert sorted(listed) == sorted(e.term for e in entries)
    assert len(dom.select("nav.letters a")) == len(headings)


def test_index_links_land_on_entries_of_the_document_page(client):
    index = page(client, f"/read/glossary/{TODAY}")
    document = page(client, f"/read/doc/{TODAY}")
    ids = {tag["id"] for tag in document.select("dt[id]")}
    links = index.select("a.entry")
    assert links and all(a["href"].startswith(f"/read/doc/{TODAY}#") for a in links)
    assert {a["href"].split("#")[1] for a in links} == ids
    phasing = next(a for a in links if a.get_text() == "Phasing")
    assert phasing["href"].endswith("#phasing")


def test_the_same_concept_in_the_other_languages(client):
    dom = page(client, f"/read/glossary/{TODAY}")
    phasing = next(
        li for li in dom.select("ul.glossary-index > li") if li.select_one("a.entry").get_text() == "Phasing"
    )
    others = {a["data-lang"]: a for a in phasing.select("ul.others a")}
    assert others["ja"].get_text() == "フェイジング" and others["ja"]["href"].startswith(f"/read/doc/{JAPANESE}#")
    assert others["ja"]["lang"] == "ja"
    assert phasing.select_one("a.term-link")["href"] == "/read/term/Phasing"


def test_the_japanese_index_follows_the_readings_under_the_kana_rows(client, kb):
    dom = page(client, f"/read/glossary/{JAPANESE}")
    headings = [h.get_text() for h in dom.select("section.index-group h2")]
    assert headings[:5] == ["あ", "か", "さ", "た", "な"]
    readings = {e.term: e.reading for e in kb.document_glossary(JAPANESE)}
    first = [a.get_text() for a in dom.select("section.index-group")[1].select("a.entry")]
    keys = [sort_key("ja", t, readings[t])[1] for t in first]
    assert keys == sorted(keys) and all(sort_key("ja", t, readings[t])[0] == "か" for t in first)
    assert "ガーディアン" not in first or readings["ガーディアン"].startswith("が")  # voiced kana sort with か
    english = next(
        li for li in dom.select("ul.glossary-index > li") if li.select_one("a.entry").get_text() == "フェイジング"
    )
    assert english.select_one("span.english").get_text() == "(Phasing)"


def test_the_chinese_index_is_in_pinyin_order_under_letters(client, kb):
    dom = page(client, f"/read/glossary/{CHINESE}")
    headings = [h.get_text() for h in dom.select("section.index-group h2")]
    assert headings == sorted(headings, key=lambda h: (h == "#", h))
    terms = [a.get_text() for a in dom.select("a.entry")]
    assert len(terms) == len(kb.document_glossary(CHINESE))
    keys = [sort_key("zh", t)[1] for t in terms]
    assert keys == sorted(keys)
    assert sort_key("zh", "阶段") == ("J", ("jie duan", "jie duan", "阶段"))


def test_home_and_document_pages_link_the_index(client):
    home = page(client, "/")
    assert f"/read/glossary/{TODAY}" in [a["href"] for a in home.select("a.glossary-index-link")]
    document = page(client, f"/read/doc/{TODAY}")
    assert document.select_one("a.glossary-index-link")["href"] == f"/read/glossary/{TODAY}"
    assert page(client, "/read/glossary/no_such_document", 404).select_one("p.error")


# ---- whole documents side by side ---------------------------------------------------------


def test_whole_documents_side_by_side_through_the_chain(client, kb):
    dom = page(client, f"/read/side/docs?d={GERMAN}&d={JAPANESE}&d={TODAY}")
    row = dom.select_one("tr#R70223a")
    numbers = [td.select_one("a.number").get_text() if td.select_one("a.number") else None for td in row.find_all("td")]
    assert numbers == ["702.23a", "702.26a", "702.26a"]
    cells = row.find_all("td")
    assert [td["lang"] for td in cells] == ["de", "ja", "en"]
    assert "Instabilität" in cells[0].get_text() and "フェイジング" in cells[1].get_text()
    assert cells[2].select_one("a.number")["href"] == f"/rules/702.26a?edition={TODAY}"
    # every German rule has its row, in the German order
    german = [r[0] for r in kb.rule_texts(GERMAN)]
    rows = [tr["id"] for tr in dom.select("tbody tr[id]")]
    assert rows == ["R" + n.replace(".", "") for n in german]
    # rules only the other documents have follow in their order: today's 702.26p is there once
    assert sum(1 for td in dom.select("tbody td[lang=en] a.number") if td.get_text() == "702.26p") == 1


def test_the_contents_and_flags_of_the_side_by_side(client, kb):
    dom = page(client, f"/read/side/docs?d={TODAY}&d={JAPANESE}")
    ids = {tr.get("id") for tr in dom.select("tbody tr")}
    toc = [a["href"][1:] for a in dom.select("nav.toc a")]
    assert "R702" in toc and "R1" in toc and set(toc) <= ids
    findings = {f.number: f.message for f in kb.crosscheck_document(JAPANESE).findings if f.kind != "missing"}
    flagged = {}
    for tr in dom.select("tbody tr"):
        cell = tr.find_all("td")[1]
        if cell.select_one("ul.flags"):
            flagged[cell.select_one("a.number").get_text()] = cell.select_one("ul.flags li").get_text()
    assert flagged and set(flagged) == set(findings)
    number = next(iter(flagged))
    assert flagged[number] == next(
        f.message for f in kb.crosscheck_document(JAPANESE).findings if f.number == number and f.kind != "missing"
    )


def test_side_by_side_documents_bad_input(client):
    assert page(client, f"/read/side/docs?d={TODAY}", 400).select_one("p.error")
    assert page(client, f"/read/side/docs?d={TODAY}&d=nothing_here", 404).select_one("p.error")


def test_the_home_page_form_chooses_the_documents(client):
    form = page(client, "/").select_one("form.side-docs-form")
    assert form["action"] == "/read/side/docs"
    selects = form.select("select[name=d]")
    assert len(selects) == 3
    assert {o["value"] for o in selects[0].select("option")} >= {GERMAN, JAPANESE, TODAY}
    assert selects[2].select_one("option")["value"] == ""


def test_number_map_follows_the_chain(kb):
    mapping = kb.number_map("2010-07-16", "2026-08-07")
    assert mapping["702.23a"] == "702.26a" and mapping["702.23"] == "702.26"
    back = kb.number_map("2026-08-07", "2010-07-16")
    assert back["702.26a"] == "702.23a"
    assert kb.number_map("2026-08-07", "2026-08-07")["702.26b"] == "702.26b"


# ---- the history overview's stored counts ---------------------------------------------------


def test_stored_release_counts_equal_each_releases_diff(kb):
    releases = kb.release_counts()
    assert [(r.old_edition, r.new_edition) for r in releases] == [
        ("2010-07-16", "2023-11-17"),
        ("2023-11-17", "2026-01-16"),
        ("2026-01-16", "2026-04-17"),
        ("2026-04-17", "2026-08-07"),
    ]
    stored = kb.conn.execute("select count(*) from release_counts").fetchone()[0]
    assert stored == 4
    for release in releases:
        diff = kb.diff(release.old, release.new, spans=False)
        assert release.summary == diff.summary
        for section, counts in release.sections.items():
            inside = [r for r in diff.rules if r.change != "unchanged" and r.number.startswith(section)]
            assert sum(counts.values()) == len(inside)


def test_counts_of_a_changed_run_are_counted_again(reader_db, tmp_path):
    copy = tmp_path / "copy.db"
    shutil.copy(reader_db, copy)
    kb = KnowledgeBase.open(copy)
    from kb.history.overview import update_release_counts

    assert update_release_counts(kb.store) == 0
    kb.conn.execute("update release_counts set run_key = 'stale', summary = '{}' where new_name = ?", [TODAY])
    kb.conn.execute("insert into release_counts values (999, 998, 'a', 'b', 'k', '{}', '{}', null)")
    kb.conn.commit()
    assert kb.release_counts()[-1].summary == kb.diff("2026-04-17", "2026-08-07", spans=False).summary
    assert update_release_counts(kb.store) == 1
    assert kb.conn.execute("select count(*) from release_counts").fetchone()[0] == 4
    kb.close()
