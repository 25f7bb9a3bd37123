"""Identity across editions and languages in the reader and the lookups it shares with the CLI:
scenarios follow a rule's lineage, side-by-side rows pair each counterpart once, completion and
"Also in" go through the chain. Read over HTTP from the shared reader database."""

from __future__ import annotations

import json

from click.testing import CliRunner

from kb.cli import cli
from kb.reader import pages
from kb.reader.render import FLUSH
from kb.reader.routes import URLS, streamed
from tests.reader_fixtures import HTML, client, kb, page, reader_db  # noqa: F401

GERMAN = "000_a3c90cc092d5a721"


# ---- scenarios ----------------------------------------------------------------------------------


def test_scenarios_attach_to_the_rules_identity_not_its_number(reader_db, kb):
    # 702.26 of 2010-07-16 is Cycling: its 702.26b has no phasing game, though today's 702.26b has many.
    assert kb.rule("702.26", edition="2010-07-16").title == "Cycling"
    result = CliRunner().invoke(cli, ["--db", str(reader_db), "show", "702.26b", "--edition", "2010-07-16", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["scenarios"] == []
    today = kb.rule("702.26b").scenarios
    assert len(today) > 5
    # Phasing of 2010 (702.23b), the German 702.23b and the Japanese 702.26b are the same rule: the
    # games written against any of its numbers (2009-07-11, 2010-07-16, 2026-08-07) are theirs.
    then = kb.rule("702.23b", edition="2010-07-16").scenarios
    assert [s["scenario"] for s in then] == [s["scenario"] for s in today]
    assert {s["edition"] for s in then} >= {"2010-07-16", "2026-08-07"}
    for rule in (kb.rule("702.23b", edition=GERMAN), kb.rule("702.26b", lang="ja")):
        assert [s["scenario"] for s in rule.scenarios] == [s["scenario"] for s in then]


def test_the_rule_page_of_2010s_702_26b_lists_no_phasing_games(client):
    dom = page(client, "/rules/702.26b?edition=2010-07-16")
    assert "Cycling" in dom.select_one("nav.crumbs").get_text()
    assert dom.select("ul.scenarios > li") == []
    assert len(page(client, f"/rules/702.23b?edition={GERMAN}").select("ul.scenarios > li")) > 5


# ---- side by side -------------------------------------------------------------------------------


def cell_numbers(row) -> list[str | None]:
    return [
        (td.find("a", class_="number") or td.find("a")).get_text() if td.find("a") else None
        for td in row.find_all("td")
    ]


def test_rules_side_by_side_show_each_counterpart_on_one_row(client):
    dom = page(client, "/read/side?s=de:702.23&s=ja:702.26&s=en:702.26")
    rows = [cell_numbers(tr) for tr in dom.select("table.side tbody tr")]
    for column in (1, 2):
        numbers = [row[column] for row in rows if row[column]]
        assert len(numbers) == len(set(numbers)) == 15  # 702.26 and its subrules a-p (no l, no o)
    # The subrules added after the German text's edition: beside each other, the German cell empty.
    for number in ("702.26e", "702.26j", "702.26n"):
        assert [None, number, number] in rows


def test_documents_side_by_side_show_a_rule_the_first_lacks_once(client, kb):
    ja, en = "CompRules_ja_20260116.0_lines", "MagicCompRules_20260807"
    response = client.get(f"/read/side/docs?d={GERMAN}&d={ja}&d={en}", headers=HTML)
    assert response.status_code == 200
    from bs4 import BeautifulSoup

    rows = [cell_numbers(tr) for tr in BeautifulSoup(response.text, "html.parser").select("table tbody tr")]
    assert [None, "100.1", "100.1"] in rows
    assert sum(1 for row in rows if "100.1" in row) == 1
    for column, name in ((1, ja), (2, en)):
        printed = [number for number, *_rest in kb.rule_texts(name)]
        shown = [row[column] for row in rows if row[column]]
        assert sorted(shown) == sorted(set(printed))  # every rule once (a number printed twice, once)
    assert len(rows) < len(kb.rule_texts(en)) + 100


def test_a_rule_page_offers_english_and_full_texts_side_by_side(client):
    def sides(url: str) -> list[str]:
        from urllib.parse import parse_qs, urlparse

        return parse_qs(urlparse(page(client, url).select_one("a.side-link")["href"]).query)["s"]

    japanese = sides("/rules/702.26b?lang=ja")
    assert japanese[0] == "ja@CompRules_ja_20260116.0_lines:702.26b"
    assert japanese[1] == "en@MagicCompRules_20260807:702.26b"  # English always, first after the rule
    assert not any(s.startswith("ja@") for s in japanese[1:])  # not the same language's wiki excerpt
    english = sides("/rules/702.26b")
    assert english[1] == "ja@CompRules_ja_20260116.0_lines:702.26b"  # the full translation, not the excerpt
    assert sides(f"/rules/702.23a?edition={GERMAN}")[1] == "en@MagicCompRules_20260807:702.26a"


# ---- completion -----------------------------------------------------------------------------------


def test_completion_goes_to_the_rule_its_term_names(client):
    found = {item["text"]: item for item in client.get("/read/complete?q=Instabilit%C3%A4t").json()}
    # The German term cites 702.23 of its own text (Phasing), which is today's 702.26, not today's 702.23.
    assert found["Instabilität"]["href"] == f"/rules/702.23?edition={GERMAN}"
    assert found["Instabilität"]["label"] == "702.23 (today 702.26)"
    found = {item["text"]: item for item in client.get("/read/complete?q=Phas").json()}
    assert found["Phasing"]["href"] == "/rules/702.26?edition=MagicCompRules_20260807"
    phase = client.get(found["Phase"]["href"], headers=HTML)
    assert "Turn Structure" in phase.text


# ---- search, jump, stable addresses ----------------------------------------------------------------


def test_the_search_page_shows_what_the_search_knows(client, kb):
    dom = page(client, "/read/search?q=phasng")
    assert "Showing results for Phasing" in dom.select_one("p.corrected").get_text()
    matched = kb.search("phasng").matched
    assert dom.select_one("p.total").get_text(" ", strip=True).startswith(f"{matched} rules match")
    assert len(dom.select("ol.results > li")) == 20
    pager = dom.select_one("nav.pages")
    assert pager.find("a", rel="next")["href"] == "/read/search?q=phasng&page=2"
    second = page(client, "/read/search?q=phasng&page=2")
    assert second.select_one("ol.results")["start"] == "21"
    first_numbers = [li.find("a").get_text() for li in dom.select("ol.results > li")]
    second_numbers = [li.find("a").get_text() for li in second.select("ol.results > li")]
    assert second_numbers and not set(first_numbers) & set(second_numbers)
    assert "ETB → Enters the Battlefield" in page(client, "/read/search?q=ETB").select_one("p.expansions").get_text()


def test_the_jump_box_and_the_latest_addresses(client):
    assert page(client, "/").select_one("form.jump")["action"] == "/read/jump"
    for typed in ("702.26b", "CR 702.26b", " 702.26b. "):
        response = client.get("/read/jump", params={"n": typed}, follow_redirects=False)
        assert (response.status_code, response.headers["location"]) == (303, "/rules/702.26b")
    response = client.get("/read/jump", params={"n": "phasing"}, follow_redirects=False)
    assert response.headers["location"] == "/rules/702.26"  # a rule's title names the rule
    response = client.get("/read/jump", params={"n": "phased out token"}, follow_redirects=False)
    assert response.headers["location"] == "/read/search?q=phased+out+token"
    response = client.get("/latest", follow_redirects=False)
    assert (response.status_code, response.headers["location"]) == (302, "/read/doc/MagicCompRules_20260807")
    assert (
        client.get("/latest/ja", follow_redirects=False).headers["location"]
        == "/read/doc/CompRules_ja_20260116.0_lines"
    )
    assert client.get("/latest/xx", headers=HTML).status_code == 404


# ---- the served pages as a browser gets them -------------------------------------------------------


def test_pages_are_compressed_with_one_vary_header(reader_db):
    import gzip
    import http.client

    from tests.http_fixtures import running_server

    with running_server(reader_db) as port:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        connection.request("GET", "/read/doc/MagicCompRules_20260807", headers={**HTML, "Accept-Encoding": "gzip"})
        response = connection.getresponse()
        body = response.read()
        assert response.getheader("content-encoding") == "gzip"
        text = gzip.decompress(body)
        assert len(body) * 3 < len(text) and b'id="R70226b"' in text
        varies = [value for key, value in response.getheaders() if key.lower() == "vary"]
        assert len(varies) == 1
        assert {"accept-language", "accept-encoding"} <= {v.strip().lower() for v in varies[0].split(",")}
        connection.request("GET", "/rules/702.26b", headers=HTML)
        response = connection.getresponse()
        response.read()
        assert len([key for key, _value in response.getheaders() if key.lower() == "vary"]) == 1
        connection.request("GET", "/favicon.ico")
        response = connection.getresponse()
        response.read()
        assert response.status == 301
        connection.request("GET", response.getheader("location"))
        icon = connection.getresponse()
        assert icon.status == 200 and icon.getheader("content-type").startswith("image/svg+xml")
        assert b"<svg" in icon.read()


def test_the_copy_button_says_it_copied(client):
    dom = page(client, "/rules/702.26b")
    button = dom.select_one("button.copy")
    assert button["data-copied-text"] == "Copied"
    assert dom.select_one("span.copied")["aria-live"] == "polite"
    assert dom.find("link", rel="icon")["href"] == "/static/favicon.svg"


# ---- history ----------------------------------------------------------------------------------------


def test_a_rules_history_separates_number_and_change_and_shows_its_subrules_changes(client):
    dom = page(client, "/read/history/702.26?edition=2026-08-07")
    steps = {li.find("time")["datetime"]: li for li in dom.select("ol.timeline > li")}
    assert steps["2023-11-17"].get_text().split(":", 1)[1].strip().startswith("702.26 renumbered")
    january = steps["2026-01-16"]
    assert "702.26 unchanged" in january.get_text()
    below = january.select_one(".subrules")
    assert below.get_text(" ", strip=True).startswith("1 subrule changed")
    assert [a.get_text() for a in below.find_all("a")] == ["702.26k"]
    assert "unchanged" in steps["2026-08-07"].get_text()  # the newest edition says how it came too


def test_a_sections_diff_keeps_the_removed_subrules_of_its_former_life(client, kb):
    # 702.23j of 2010 (Phasing, then numbered 702.23) has no counterpart today: it belongs to 702.26's diff.
    diff = kb.diff("2010-07-16", "2026-08-07", section="702.26")
    removed = [r.old_number for r in diff.rules if r.change == "removed"]
    assert "702.23j" in removed and all(n.startswith("702.23") for n in removed)
    dom = page(client, "/read/diff?old=2010-07-16&new=2026-08-07&section=702.26")
    rows = {
        tr.find_all("td")[1].get_text(" ", strip=True).split(" ")[0]: tr.find("td").get_text()
        for tr in dom.select("table.diff tbody tr")
        if tr.find_all("td")[1].get_text(strip=True)
    }
    assert rows["702.23j"] == "removed"


def test_a_sections_diff_accounts_for_every_subrule_of_its_former_number(tmp_path):
    """2009-05-01's 502.15 (Phasing) has 14 subrules; 702.26's diff from then to today lists each one,
    paired with its 702.26 subrule or removed, and no rule of 2009 outside 502.15."""
    from fastapi.testclient import TestClient

    from kb.api import KnowledgeBase
    from kb.http.app import create_app
    from tests.conftest import corpus_path

    path = tmp_path / "two.db"
    kb = KnowledgeBase.open(path)
    kb.import_paths(
        [corpus_path("en", "full", f"MagicCompRules_{date}.txt") for date in ("20090501", "20260807")], keep_going=False
    )
    former = [r.number for r in kb.document_rules("MagicCompRules_20090501") if r.number.startswith("502.15")]
    diff = kb.diff("2009-05-01", "2026-08-07", section="702.26")
    kb.close()
    assert len(former) == 15
    listed = [r.old_number for r in diff.rules if r.old_number]
    assert sorted(listed) == sorted(former)
    removed = [r.old_number for r in diff.rules if r.change == "removed"]
    paired = {r.old_number: r.new_number for r in diff.rules if r.old_number and r.new_number}
    assert len(removed) + len(paired) == 15 and paired["502.15"] == "702.26" and paired["502.15c"] == "702.26m"
    dom = page(TestClient(create_app(path)), "/read/diff?old=2009-05-01&new=2026-08-07&section=702.26")
    rows = [tr.find_all("td") for tr in dom.select("table.diff tbody tr")]
    shown = {
        cells[1].get_text(" ", strip=True).split(" ")[0]: cells[0].get_text()
        for cells in rows
        if cells[1].get_text(strip=True)
    }
    assert sorted(n for n, change in shown.items() if change == "removed") == sorted(removed)


def test_a_side_by_side_page_sends_its_head_and_contents_before_aligning_the_documents(kb):
    """The first chunk of the streamed page ends where the template flushes: the contents are out,
    no row is, and the translation's cross-check (a second or two) has not begun."""
    kept = kb.store.conn.derived_cache
    kept.clear()
    chunks = streamed(pages.side_docs(kb, URLS, ["CompRules_ja_20260116.0_lines", "MagicCompRules_20260807"]), "en")
    first = next(chunks)
    assert first.endswith(FLUSH) and 'class="toc"' in first and "<tbody>" not in first
    assert "reader.findings" not in kept.kinds()
    rest = "".join(chunks)
    assert rest.count("<tr id=") > 3000 and kept.kinds().count("reader.findings") == 1


# ---- search hits --------------------------------------------------------------------------------


def lineage(kb, document: str, number: str) -> int:
    return kb.conn.execute(
        "select c.lineage from counterparts c join documents d on d.id = c.document_id where d.name = ? "
        "and c.number = ?",
        [document, number],
    ).fetchone()[0]


def test_a_search_groups_the_newest_texts_by_identity_not_by_number(kb):
    """The newest Japanese text (2026-01-16) numbers Day and Night 730, today's English 731 (722
    Preparation Cards came in between): one result holds the rule in every language, and none holds
    two rules that share a number."""
    for query in ("day and night", "taking shortcuts", "merging with permanents", "昼と夜", "行動の省略"):
        for result in kb.search(query).results:
            lineages = {lineage(kb, v.document, v.number) for v in result.versions}
            assert len(lineages) == 1, (query, result.number, [(v.lang, v.number) for v in result.versions])
    day_and_night = next(r for r in kb.search("day and night").results if r.number == "731")
    assert {(v.lang, v.number) for v in day_and_night.versions} >= {("en", "731"), ("ja", "730"), ("zh", "731")}
