"""The reader over HTTP: content negotiation, the home, document and rule pages, side by side,
history, search, terms and the interface language, read from the HTML the server sends."""

from __future__ import annotations

import re

import pytest
from bs4 import BeautifulSoup
from fastapi.testclient import TestClient

from kb.reader.links import anchor_id, first_number, glossary_slug, marked, segments
from tests.reader_fixtures import HTML, client, kb, page, reader_db  # noqa: F401

TODAY = "MagicCompRules_20260807"
GERMAN = "000_a3c90cc092d5a721"


# ---- anchors and links ----------------------------------------------------------------------


def test_anchors_in_yawgatogs_scheme():
    assert anchor_id("702.26b") == "R70226b" and anchor_id("4") == "R4" and anchor_id("100") == "R100"
    assert glossary_slug("Active Player, Nonactive Player Order") == "active_player_nonactive_player_order"
    assert glossary_slug("Phased In, Phased Out") == "phased_in_phased_out"


def test_a_range_links_to_its_first_rule_and_text_is_cut_at_citations():
    assert first_number("601.2a–h") == "601.2a" and first_number("510.1c–d") == "510.1c"
    assert first_number("not a number") is None
    here = lambda number: ""  # noqa: E731  (every number is a rule of the page's document)
    pieces = segments("See rules 510.1c–d and rule 702.26, “Phasing.”", "en", here)
    assert [(p.text, p.target) for p in pieces] == [
        ("See ", None),
        ("rules 510.1c–d", "510.1c"),
        (" and rule ", None),
        ("702.26", "702.26"),
        (", “Phasing.”", None),
    ]
    # one citation naming two rules: a link for each
    pieces = segments("see rules 601.2b and 601.2f–h.", "en", here)
    assert [(p.text, p.target) for p in pieces] == [
        ("see ", None),
        ("rules 601.2b", "601.2b"),
        (" and ", None),
        ("601.2f–h", "601.2f"),
        (".", None),
    ]
    assert marked("abc def ghi", [{"start": 4, "end": 7, "op": "delete"}]) == [
        ("abc ", None),
        ("def", "delete"),
        (" ghi", None),
    ]


# ---- content negotiation --------------------------------------------------------------------


def test_a_tool_gets_the_json_it_always_got(client):
    plain = client.get("/rules/702.26b")
    assert plain.headers["content-type"] == "application/json"
    assert plain.json() == client.get("/rules/702.26b", headers={"accept": "application/json"}).json()
    assert plain.json() == client.get("/rules/702.26b", headers={"accept": "*/*"}).json()
    assert plain.json()["ruleNumber"] == "702.26b" and plain.json()["navigation"]["parentRule"] == "702.26"
    # JSON preferred by weight even when HTML is named
    weighted = client.get("/rules/702.26b", headers={"accept": "text/html;q=0.5, application/json"})
    assert weighted.headers["content-type"] == "application/json"
    assert client.get("/rules/999.99z").json()["suggestions"]


def test_a_browser_gets_the_rule_page(client):
    dom = page(client, "/rules/702.26b")
    assert dom.html["lang"] == "en"
    assert dom.find("h1").get_text(" ", strip=True) == "702.26b"
    rule = dom.find("div", id="R70226b")
    assert "removed from combat" in rule.get_text()
    assert [p.get_text() for p in rule.select("p.example")][0].startswith("Example: You control three creatures")
    assert len(rule.select("p.example")) == 2


def test_the_openapi_document_does_not_list_the_pages(client):
    paths = client.get("/openapi.json").json()["paths"]
    assert "/" not in paths and not any(p.startswith("/read") for p in paths)
    assert "/rules/{number}" in paths


# ---- home -----------------------------------------------------------------------------------


def test_home_lists_every_language_and_edition_with_a_search_box(client, kb):
    dom = page(client, "/")
    links = {a["href"] for a in dom.select("ul.documents a:not(.glossary-index-link)")}
    assert links == {f"/read/doc/{d.name}" for d in kb.documents()}
    glossaries = {a["href"] for a in dom.select("ul.documents a.glossary-index-link")}
    assert glossaries == {f"/read/glossary/{d.name}" for d in kb.documents() if d.glossary}
    headings = [h.get_text(" ", strip=True) for h in dom.select("section.language h2")]
    assert headings[0].startswith("English (5 documents)")
    assert {h.split(" (")[0] for h in headings} == {"English", "German", "Japanese", "Chinese"}
    assert dom.select_one("form[role=search] input[name=q]") is not None
    assert dom.find("time", attrs={"datetime": "2026-08-07"}) is not None


# ---- a whole document -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def today(client):
    return page(client, f"/read/doc/{TODAY}")


def test_every_rule_and_glossary_entry_has_its_anchor(today, kb):
    rules = list(kb.document_rules(TODAY))
    ids = {tag["id"] for tag in today.find_all(id=True)}
    assert {anchor_id(r.number) for r in rules} <= ids
    assert len(rules) == 3318
    assert {"R70226b", "R4", "R1001", "active_player_nonactive_player_order", "glossary"} <= ids
    entries = today.select("section.glossary dt")
    assert len(entries) == len(kb.document_glossary(TODAY)) == 739
    assert today.find(id="R70226b-ex2").get_text().startswith("Example: You control a phased-out creature")


def test_every_citation_is_a_link_to_a_rule_of_the_same_page(today, kb):
    ids = {tag["id"] for tag in today.find_all(id=True)}
    cites = today.select("a.cite")
    resolved = sum(1 for r in kb.document_rules(TODAY) for ref in r.cites if ref.resolved)
    assert len(cites) >= resolved * 0.98  # a few raw texts repeat inside one rule
    assert all(a["href"].startswith("#R") and a["href"][1:] in ids for a in cites)
    in_phasing = today.find(id="R70226b").select("a.cite")
    assert [(a.get_text(), a["href"]) for a in in_phasing] == [("rule 506.4", "#R5064")]
    # a range goes to its first rule; a quoted title follows the link
    ranged = [a for a in cites if "–" in a.get_text()]
    assert ranged and all(
        a["href"] == "#" + anchor_id(first_number(re.search(r"[\d.]+[a-z]?–\w+", a.get_text())[0]))
        for a in ranged
        if re.search(r"[\d.]+[a-z]?–\w+", a.get_text())
    )
    abandon = today.find(id="abandon").find_next("dd")
    assert abandon.find("a")["href"] == "#R70133" and abandon.find("a").get_text() == "rule 701.33"


def test_the_table_of_contents_lists_sections_and_chapters(today):
    toc = [a["href"] for a in today.select("nav.toc a")]
    assert toc[:3] == ["#R1", "#R100", "#R101"]
    assert "#R702" in toc and "#R9" in toc and toc[-1] == "#glossary"


def test_a_translation_is_marked_with_its_language(client):
    dom = page(client, "/read/doc/CompRules_ja_20260116.0_lines")
    assert dom.find("article")["lang"] == "ja"
    assert dom.find(id="R70226").find_parent(attrs={"lang": True})["lang"] == "ja"
    assert dom.find(id="R70226").get_text(" ", strip=True) == "702.26 フェイジング"
    zh = page(client, "/read/doc/MagicCompRules_20260417_zh-CN_HeliumOctahelide")
    assert zh.find("article")["lang"] == "zh-Hans"


def test_an_unknown_document_or_rule_is_a_page_that_says_so(client):
    dom = page(client, "/read/doc/nope", 404)
    assert "no document named 'nope'" in dom.find("main").get_text()
    dom = page(client, "/rules/999.99z", 404)
    assert [li.get_text() for li in dom.select("ul.suggestions li")] == ["905.4a", "905.5", "905.6"]
    assert page(client, "/rules/x..y", 400).select_one("p.error")


# ---- the rule page --------------------------------------------------------------------------


def versions(dom) -> dict[str, str]:
    return {a.get_text(" ", strip=True): a["href"] for a in dom.select("ul.versions a")}


def test_the_rule_page_has_family_neighbours_citations_and_scenarios(client, kb):
    dom = page(client, "/rules/702.26b")
    crumbs = [a.get_text(" ", strip=True) for a in dom.select("nav.crumbs a")]
    assert crumbs == ["English, August 7, 2026", "702.26 Phasing"]
    assert dom.find("a", rel="prev")["href"] == f"/rules/702.26a?edition={TODAY}"
    assert dom.find("a", rel="next")["href"] == f"/rules/702.26c?edition={TODAY}"
    cites = dom.find(id="cites-heading").find_next("ul")
    assert [a.get_text() for a in cites.find_all("a")] == ["506.4"]
    scenarios = dom.select("ul.scenarios > li")
    assert len(scenarios) == len(kb.rule("702.26b").scenarios) > 5
    assert all("passed" in li["class"] for li in scenarios)
    button = dom.select_one("button.copy")
    assert button["data-copy"] == "CR 702.26b (2026-08-07)" == dom.find(id="citation").get_text()


def test_the_same_rule_in_other_languages_and_editions_through_the_chain(client):
    found = versions(page(client, "/rules/702.26b"))
    assert found["English, July 16, 2010 : 702.23b"] == "/rules/702.23b?edition=MagicCompRules_20100716"
    assert found["German, undated (inferred): 702.23b"] == f"/rules/702.23b?edition={GERMAN}"
    assert found["Japanese, January 16, 2026 : 702.26b"] == "/rules/702.26b?edition=CompRules_ja_20260116.0_lines"
    assert "Chinese, April 17, 2026 : 702.26b" in found


def test_from_german_702_23a_to_japanese_and_todays_english(client):
    dom = page(client, f"/rules/702.23a?edition={GERMAN}")
    assert dom.find("article")["lang"] == "de"
    assert "Instabilität ist eine statische Fähigkeit" in dom.find(id="R70223a").get_text()
    found = versions(dom)
    assert found["Japanese, January 16, 2026 : 702.26a"].endswith("edition=CompRules_ja_20260116.0_lines")
    assert found["English, August 7, 2026 : 702.26a"] == f"/rules/702.26a?edition={TODAY}"
    assert dom.find(id="english-heading").find_next("p")["lang"] == "en"
    assert dom.select_one("button.copy")["data-copy"] == "CR 702.23a (2010-07-16) [de]"
    side = dom.select_one("a.side-link")["href"]
    assert side.startswith("/read/side?s=de%40000_a3c90cc092d5a721%3A702.23a")
    assert "702.26a" in side


# ---- side by side ---------------------------------------------------------------------------


def test_side_by_side_aligns_through_the_chain_with_flags(client, kb):
    dom = page(client, "/read/side?s=de:702.23&s=ja:702.26&s=en:702.26")
    heads = [th.find("a").get_text(" ", strip=True) for th in dom.select("table.side thead th")]
    assert heads == ["German 702.23", "Japanese 702.26", "English 702.26"]
    row = dom.find("tr", id="R70223b")
    cells = row.find_all("td")
    assert [c["lang"] for c in cells] == ["de", "ja", "en"]
    assert [c.find("a").get_text() for c in cells] == ["702.23b", "702.26b", "702.26b"]
    assert "removed from combat" in cells[2].get_text()
    report = kb.crosscheck("de:702.23", "ja:702.26")
    flagged = {r.a.number for r in report.rows if r.flags and r.a}
    ja_flags = {
        tr.get("id")
        for tr in dom.select("tr.flagged")
        if any(li.get_text().startswith("Japanese:") for li in tr.select("ul.flags li"))
    } - {None}
    assert ja_flags == {anchor_id(n) for n in flagged}
    assert page(client, "/read/side?s=de:702.23", 400)


# ---- history --------------------------------------------------------------------------------


def test_a_rules_trace_is_a_timeline(client):
    dom = page(client, "/read/history/702.26b?edition=2026-08-07")
    steps = [(li.find("time")["datetime"], li.find("a").get_text()) for li in dom.select("ol.timeline li")]
    assert steps == [
        ("2010-07-16", "702.23b"),
        ("2023-11-17", "702.26b"),
        ("2026-01-16", "702.26b"),
        ("2026-04-17", "702.26b"),
        ("2026-08-07", "702.26b"),
    ]
    assert "renumbered-and-edited" in dom.select("ol.timeline li")[1]["class"]


def test_a_diff_marks_words(client, kb):
    dom = page(client, "/read/diff?old=2023-11-17&new=2026-01-16&section=702")
    summary = kb.diff("2023-11-17", "2026-01-16", section="702").to_dict()["summary"]
    shown = {span["data-kind"]: int(span.get_text()) for span in dom.select("ul.summary span[data-kind]")}
    assert shown == summary
    rows = dom.select("table.diff tbody tr")
    assert len(rows) == sum(n for kind, n in summary.items() if kind != "unchanged")
    deathtouch = next(tr for tr in rows if tr.find("a") and tr.find("a").get_text() == "702.2c")
    assert "a proposed combat damage assignment is valid" in deathtouch.find_all("td")[1].find(
        "mark"
    ).get_text() or deathtouch.find_all("td")[1].find("del")
    assert deathtouch.find_all("td")[2].find("mark")


def test_the_renumbered_list(client, kb):
    dom = page(client, "/read/renumbered?old=2023-11-17&new=2026-01-16")
    rows = [[td.get_text() for td in tr.find_all("td")[:2]] for tr in dom.select("table.renumbered tbody tr")]
    expected = kb.renumbered("2023-11-17", "2026-01-16").to_dict()["rules"]
    assert rows == [[r["old_number"], r["new_number"]] for r in expected]
    assert ["111.11", "111.12"] in rows


def test_the_overview_draws_editions_and_releases_as_linked_svg(client, kb):
    dom = page(client, "/read/history")
    bars = dom.select("svg.rules-chart rect.bar-rules")
    assert len(bars) == 5
    heights = [float(r["height"]) for r in bars]
    assert heights == sorted(heights) and heights[-1] == 240  # 1880 rules in 2010 up to 3318 today
    releases = dom.select("svg.changes-chart a.release")
    assert [a["data-new"] for a in releases] == ["2023-11-17", "2026-01-16", "2026-04-17", "2026-08-07"]
    assert releases[-1]["href"] == "/read/diff?old=2026-04-17&new=2026-08-07"
    summary = kb.diff("2026-04-17", "2026-08-07", spans=False).to_dict()["summary"]
    last = dom.select("table.sections tbody tr")[0].find_all("td")
    assert int(last[0].get_text()) == summary.get("added", 0)
    assert int(last[3].get_text()) == summary.get("removed", 0)


# ---- search, completion, terms --------------------------------------------------------------


def test_search_results_have_snippets_in_each_language(client):
    dom = page(client, "/read/search?q=phasing")
    first = dom.select("ol.results > li")[0]
    assert first.find("a").get_text() == "702.26"
    langs = [p["lang"] for p in first.select("p.snippet")]
    assert langs == ["en", "de", "ja", "zh-Hans"]  # the undated German text joins today's rule
    marks = [m.get_text() for m in first.select("mark")]
    assert marks[0] == "Phasing" and marks[-2:] == ["フェイジング", "时间跳跃"], marks


def test_search_escapes_what_it_is_given(client):
    response = client.get("/read/search", params={"q": "<script>alert(1)</script>"}, headers=HTML)
    assert "<script>alert(1)</script>" not in response.text
    assert "&lt;script&gt;" in response.text


def test_completion_answers_json_with_where_to_go(client):
    found = client.get("/read/complete", params={"q": "phas"}).json()
    assert found[0]["text"] == "Phasing" and found[0]["href"] == "/rules/702.26?edition=MagicCompRules_20260807"
    assert client.get("/read/complete", params={"q": ""}).json() == []


def test_the_term_page_names_the_term_in_every_language(client):
    dom = page(client, "/read/term/phasing")
    names = {
        dt.get_text(): dd.get_text(" ", strip=True)
        for dt, dd in zip(dom.select("dl.term dt"), dom.select("dl.term dd"))
    }
    assert names["German"].startswith("Instabilität") and names["Japanese"].startswith("フェイジング")
    glossary = dom.select("dl.glossary dt a")
    assert glossary[0]["href"] == f"/read/doc/{TODAY}#phasing"
    assert page(client, "/read/term/zzzzqqq", 404)


# ---- interface language ---------------------------------------------------------------------


def test_interface_language_from_accept_language_and_the_switcher(client):
    own = TestClient(client.app)  # a cookie jar of its own: the module's client never holds the cookie
    assert page(own, "/", **{"accept-language": "de-DE,de;q=0.9"}).html["lang"] == "de"
    switched = own.get("/read/ui/ja", headers={"referer": "http://testserver/rules/702.26b"}, follow_redirects=False)
    assert switched.status_code == 303 and switched.headers["location"] == "http://testserver/rules/702.26b"
    assert "mtgkb_ui=ja" in switched.headers["set-cookie"]
    elsewhere = own.get("/read/ui/ja", headers={"referer": "http://evil.example/"}, follow_redirects=False)
    assert elsewhere.headers["location"] == "/"
    own.cookies.set("mtgkb_ui", "ja")
    dom = BeautifulSoup(own.get("/", headers=HTML).text, "html.parser")
    assert dom.html["lang"] == "ja"
    assert dom.select_one(".languages a[aria-current]")["lang"] == "ja"


def test_nothing_is_loaded_from_another_host(client):
    for url in ("/", "/rules/702.26b", "/read/history", "/read/side?s=de:702.23&s=ja:702.26"):
        dom = page(client, url)
        sources = [t.get("src") or t.get("href") for t in dom.find_all(["script", "link", "img"])]
        assert sources and all(s.startswith("/static/") for s in sources), sources
    assert client.get("/static/reader.css").status_code == 200
    assert "aria-activedescendant" in client.get("/static/reader.js").text


def test_the_rule_pages_example_games_show_their_steps(client):
    import yaml

    from tests.conftest import DATA

    written = yaml.safe_load((DATA / "scenarios" / "phasing_702_26.yaml").read_text(encoding="utf-8"))
    game = next(
        s for s in written["scenarios"] if s["name"] == "the untap-step phasing event is one simultaneous event"
    )
    dom = page(client, "/rules/702.26a")
    item = next(li for li in dom.select("ul.scenarios > li") if game["name"] in li.find("summary").get_text())
    steps = [code.get_text() for code in item.select("ol.steps code")]
    assert len(steps) == len(game["steps"])
    assert steps[0] == "advance: {player: A, to: untap}"
    assert item.find("summary").find("strong").get_text() == "passed"
    assert item.find("p").get_text().startswith("During A's untap step the Drake")


def test_any_two_editions_from_the_history_form(client):
    dom = page(client, "/read/history")
    form = dom.select_one("form.compare")
    assert form["action"] == "/read/diff" and form["method"] == "get"
    options = [o["value"] for o in form.select("select#old option")]
    assert options == ["2010-07-16", "2023-11-17", "2026-01-16", "2026-04-17", "2026-08-07"]
    dom = page(client, "/read/diff?old=2010-07-16&new=2026-08-07&section=")
    assert "July 16, 2010" in dom.find("h1").get_text() and dom.select("table.diff tbody tr")
