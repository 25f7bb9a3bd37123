"""Academy Ruins' routes with set codes (data/set_codes.tsv): ``/file/cr/{set_code}`` with its ``format``
and ``/diff/cr?old=&new=`` answer with a code what they answer with its edition's date, and refuse a code
they do not know as Academy Ruins does (lunakv/academyruins-api at f81bf2c: src/cr/router.py
raw_cr_by_set_code, src/diffs/router.py cr_diff: codes upper-cased, 404 bodies).

Over three English editions: LTR (2023-06-16), WOE (2023-09-01) and LCI (2023-11-17)."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient

from kb.api import KnowledgeBase
from kb.http.app import create_app
from tests.conftest import corpus_path

EDITIONS = {"LTR": "2023-06-16", "WOE": "2023-09-01", "LCI": "2023-11-17"}
PLAIN = {"Accept-Encoding": "identity"}


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    path = tmp_path_factory.mktemp("set-codes") / "codes.db"
    kb = KnowledgeBase.open(path)
    try:
        for edition in EDITIONS.values():
            kb.import_file(corpus_path("en", "full", f"MagicCompRules_{edition.replace('-', '')}.txt"))
    finally:
        kb.close()
    with TestClient(create_app(path)) as client:
        yield client


@pytest.mark.parametrize("code", ["WOE", "woe", "Lci", "LTR"])
def test_file_by_set_code_is_the_file_of_its_edition(client, code):
    edition = EDITIONS[code.upper()]
    by_date = client.get(f"/file/cr/{edition}", headers=PLAIN)
    for answer in (
        client.get(f"/file/cr/{code}", headers=PLAIN),
        client.get(f"/file/cr/{code}", params={"format": "txt"}, headers=PLAIN),
        client.get(f"/file/cr/{code}", params={"format": "any"}, headers=PLAIN),
    ):
        assert answer.status_code == 200 and answer.content == by_date.content
        assert answer.headers["etag"] == by_date.headers["etag"]
        assert answer.headers["content-type"] == by_date.headers["content-type"]
    published = corpus_path("en", "full", f"MagicCompRules_{edition.replace('-', '')}.txt").read_bytes()
    assert by_date.content == published


def test_file_refusals_as_academy_ruins_answers_them(client):
    unknown = client.get("/file/cr/xyz")
    assert unknown.status_code == 404 and unknown.json() == {"detail": "CR not available for this set"}
    pdf = client.get("/file/cr/WOE", params={"format": "pdf"})
    assert pdf.status_code == 404 and pdf.json() == {"detail": "CR for this set not available in specified format"}
    assert client.get("/file/cr/XYZ", params={"format": "pdf"}).json() == {"detail": "CR not available for this set"}
    bad = client.get("/file/cr/WOE", params={"format": "doc"})
    assert bad.status_code == 422 and set(bad.json()) == {"detail"}
    # a set released before every edition held: no edition was in force then
    assert client.get("/file/cr/MOM").json() == {"detail": "CR not available for this set"}


def test_diff_by_set_codes_is_the_diff_by_dates(client):
    by_date = client.get("/diff/cr", params={"old": EDITIONS["WOE"], "new": EDITIONS["LCI"], "nav": "true"})
    assert by_date.status_code == 200 and by_date.json()["changes"]
    for old, new in (("WOE", "LCI"), ("woe", "lci")):
        answer = client.get("/diff/cr", params={"old": old, "new": new, "nav": "true"})
        assert answer.status_code == 200 and answer.json() == by_date.json()
    assert client.get("/diff/cr", params={"old": "WOE"}).json() == client.get("/diff/cr", params={"new": "LCI"}).json()
    assert client.get("/diff/cr", params={"new": "woe"}).json()["sourceCode"] == "LTR"


def test_a_diff_names_its_editions_by_their_sets_as_academy_ruins_does(client):
    """Academy Ruins answers a diff's editions by the sets they came with (sourceSet "Wilds of Eldraine",
    sourceCode "WOE"): what a client shows, and what it passes back as ``old``/``new``."""
    diff = client.get("/diff/cr", params={"old": EDITIONS["WOE"], "new": EDITIONS["LCI"]}).json()
    assert (diff["sourceSet"], diff["sourceCode"]) == ("Wilds of Eldraine", "WOE")
    assert (diff["destSet"], diff["destCode"]) == ("The Lost Caverns of Ixalan", "LCI")
    again = client.get("/diff/cr", params={"old": diff["sourceCode"], "new": diff["destCode"]}).json()
    assert again == diff


def test_diff_refusals_echo_the_codes_upper_cased(client):
    unknown = client.get("/diff/cr", params={"old": "xyz", "new": "lci"})
    assert unknown.status_code == 404
    assert unknown.json() == {"detail": "No diff between these set codes found", "old": "XYZ", "new": "LCI"}
    backwards = client.get("/diff/cr", params={"old": "LCI", "new": "WOE"})
    assert backwards.json() == {"detail": "No diff between these set codes found", "old": "LCI", "new": "WOE"}
    first = client.get("/diff/cr", params={"new": "ltr"})
    assert first.json() == {"detail": "No diff between these set codes found", "old": None, "new": "LTR"}


@pytest.mark.parametrize("route", ["/cr/702.19", "/cr/example/702.19b", "/cr/toc", "/cr/keywords"])
def test_the_cr_routes_take_a_code_for_their_edition(client, route):
    by_code = client.get(route, params={"edition": "woe"})
    assert by_code.status_code == 200 and by_code.json() == client.get(route, params={"edition": "2023-09-01"}).json()


def test_academy_ruins_archive_links_run_unchanged(client):
    """Academy Ruins' own archive page links each CR as ``/file/cr/${encodeURIComponent(set_code)}``
    (lunakv/academyruins at 2b4ddacb, src/components/archives/CrArchive.tsx itemToUrl); a client of the
    ``format`` parameter asks ``/file/cr/${setCode}?format=txt`` and takes a failed answer as no file.
    Each edition held, by the code the table gives it, is its published text."""
    for code, edition in EDITIONS.items():
        answer = client.get(f"/file/cr/{quote(code, safe='')}", params={"format": "txt"}, headers=PLAIN)
        assert answer.is_success
        text = answer.content.decode(answer.charset_encoding or "utf-8")
        published = corpus_path("en", "full", f"MagicCompRules_{edition.replace('-', '')}.txt")
        assert text == published.read_bytes().decode(answer.charset_encoding or "utf-8")
    assert not client.get("/file/cr/ZZZ", params={"format": "txt"}).is_success
