"""Every citation in every language a link, each number its own: in the served pages, the side
by side views and the export. Read over HTTP from the shared reader database."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup
from fastapi.testclient import TestClient

from kb.api import KnowledgeBase
from kb.core.citations import find_citations
from kb.http.app import create_app
from kb.reader.export import export_html
from kb.reader.links import first_number, segments
from tests.conftest import corpus_path
from tests.reader_fixtures import HTML, client, kb, page, reader_db  # noqa: F401

GERMAN = "000_a3c90cc092d5a721"
OLD = "MagicCompRules_20100716"  # the English edition the undated German text pairs with


def links(pieces) -> list[tuple[str, str]]:
    return [(p.text, p.target) for p in pieces if p.target]


def test_each_number_its_own_link_and_no_words_swallowed():
    here = lambda number: ""  # noqa: E731
    text = 'See rule 217.8, "Phased Out," and rule 110.6.'
    assert links(segments(text, "en", here)) == [("rule 217.8", "217.8"), ("110.6", "110.6")]
    assert links(segments("rule 120.4a、rule 702.19参照", "ja", here)) == [
        ("rule 120.4a", "120.4a"),
        ("702.19", "702.19"),
    ]
    # a repeated citation is linked each time
    text = "(see rule 420) ... and then, again (see rule 420)."
    assert links(segments(text, "en", here)) == [("rule 420", "420"), ("rule 420", "420")]
    # a number no document at hand has stays text
    assert links(segments("see rule 611.2b", "en", lambda number: None)) == []
    assert "".join(p.text for p in segments(text, "en", here)) == text


def test_german_citations_are_links_to_the_english_edition_it_pairs_with(client, kb):
    dom = page(client, f"/read/doc/{GERMAN}")
    cited = [a for a in dom.select("a.cite")]
    expected = sum(
        len(c.targets)
        for rule in kb.document_rules(GERMAN)
        for text in (rule.text, *rule.examples)
        for c in find_citations(text, "de")
    )
    assert len(cited) == expected == 6
    assert (cited[0].get_text(), cited[0]["href"]) == ("Regel 611.2b", f"/rules/611.2b?edition={OLD}")
    rule = page(client, f"/rules/702.23e?edition={GERMAN}")
    # the rule's own text; the other languages' texts shown beside it link to their own editions
    assert [(a.get_text(), a["href"]) for a in rule.select("article.rule-page a.cite")] == [
        ("Regel 611.2b", f"/rules/611.2b?edition={OLD}")
    ]
    cites = rule.find(id="cites-heading").find_next("ul")
    assert cites.find("a")["href"] == f"/rules/611.2b?edition={OLD}"


def test_side_by_side_views_link_their_citations(client):
    dom = page(client, "/read/side?s=de:702.23&s=ja:702.26&s=en:702.26")
    row = dom.find("tr", id="R70223e")
    hrefs = [[a["href"] for a in td.select("a.cite")] for td in row.find_all("td")]
    assert hrefs == [
        [f"/rules/611.2b?edition={OLD}"],
        ["/rules/611.2b?edition=CompRules_ja_20260116.0_lines"],
        ["/rules/611.2b?edition=MagicCompRules_20260807"],
    ]
    response = client.get(f"/read/side/docs?d={GERMAN}&d=MagicCompRules_20260807", headers=HTML)
    docs = BeautifulSoup(response.text, "html.parser")
    row = docs.find("tr", id="R70223e")
    assert [a["href"] for a in row.select("a.cite")] == [
        f"/rules/611.2b?edition={OLD}",
        "/rules/611.2b?edition=MagicCompRules_20260807",
    ]
    assert len(docs.select("a.cite")) > 1000


def test_examples_are_labelled_in_the_documents_language(client):
    ja = page(client, "/rules/702.26b?lang=ja", **{"accept-language": "de"})
    assert {label.get_text() for label in ja.select("p.example .label")} == {"例："}
    en = page(client, "/rules/702.26b?lang=en", **{"accept-language": "ja"})
    assert {label.get_text() for label in en.select("p.example .label")} == {"Example:"}


def test_the_export_links_citations_only_to_exported_documents(kb, tmp_path):
    export_html(kb, tmp_path / "with", edition="2010-07-16", langs=["de", "en"])
    german = BeautifulSoup((tmp_path / "with" / f"{GERMAN}.html").read_text(encoding="utf-8"), "html.parser")
    assert [a["href"] for a in german.select("a.cite")][:1] == [f"{OLD}.html#R6112b"]
    assert len(german.select("a.cite")) == 6
    export_html(kb, tmp_path / "alone", edition="2010-07-16", langs=["de"])
    alone = BeautifulSoup((tmp_path / "alone" / f"{GERMAN}.html").read_text(encoding="utf-8"), "html.parser")
    assert alone.select("a.cite") == [] and "Regel 611.2b" in alone.get_text()


@pytest.fixture(scope="module")
def client_2009(tmp_path_factory):
    """The served reader over the English CR of 2009-05-01 alone (the last with phasing at 502.15)."""
    path = tmp_path_factory.mktemp("cr2009") / "reader.db"
    kb = KnowledgeBase.open(path)
    kb.import_paths([corpus_path("en", "full", "MagicCompRules_20090501.txt")], keep_going=False)
    kb.close()
    return TestClient(create_app(path)), KnowledgeBase.open(path, readonly=True)


def test_two_rule_citations_and_repeated_ones_over_http(client_2009, client):
    served, kb = client_2009
    rule = page(served, "/rules/302.1?edition=MagicCompRules_20090501")
    assert 'See rule 217.8, "Phased Out," and rule 502.15, "Phasing."' in rule.find(id="R3021").get_text()
    # each number its own link; the title and "and" between them are no link
    assert [(a.get_text(), a["href"]) for a in rule.find(id="R3021").select("a.cite")] == [
        ("rule 217.8", "/rules/217.8?edition=MagicCompRules_20090501"),
        ("502.15", "/rules/502.15?edition=MagicCompRules_20090501"),
    ]
    # a repeated citation is linked each time, on the rule page and in the whole document
    rule = page(served, "/rules/502.15j?edition=MagicCompRules_20090501")
    assert [a.get_text() for a in rule.find(id="R50215j").select("a.cite")] == ["rule 420", "rule 420"]
    document = page(served, "/read/doc/MagicCompRules_20090501")
    held = {r.number for r in kb.document_rules("MagicCompRules_20090501")}
    repeated = []
    for r in kb.document_rules("MagicCompRules_20090501"):
        cited = [
            first_number(str(item.target))
            for text in (r.text, *r.examples)
            for c in find_citations(text, "en")
            for item in c.items(text)
        ]
        cited = [number for number in cited if number in held]
        links = [a["href"] for a in document.find(id="R" + r.number.replace(".", "")).select("a.cite")]
        assert links == ["#R" + number.replace(".", "") for number in cited], r.number
        if len(cited) != len(set(cited)):
            repeated.append(r.number)
    assert repeated == ["502.15j"]  # its "see rule 420" twice: both linked (checked above with every other rule)
    # Japanese: "rule 120.4a、rule 120.6、…": each number a link, the 、 between them none
    ja = page(client, "/read/doc/CompRules_ja_20260116.0_lines")
    entry = next(dd for dd in ja.select("section.glossary dd") if "rule 120.4a、rule 120.6" in dd.get_text())
    assert [a.get_text() for a in entry.select("a.cite")] == ["rule 120.4a", "120.6", "510.1", "704.5g"]
