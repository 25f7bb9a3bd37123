"""Set codes (data/set_codes.tsv): the table names bundled English editions, one code each, and the one
resolver (kb.store.documents.resolve) reads a code as Academy Ruins does, as the date of its edition."""

from __future__ import annotations

import re

import pytest

from kb.core.errors import EditionNotFound
from kb.core.paths import EDITION_DATES
from kb.core.set_codes import SET_CODES, set_code_edition, set_codes
from kb.store.documents import resolve


def rows() -> list[list[str]]:
    lines = SET_CODES.read_text(encoding="utf-8").splitlines()
    return [line.split("\t") for line in lines if line.strip() and not line.startswith("#")]


def bundled_dates() -> set[str]:
    return {line.split("\t")[1] for line in EDITION_DATES.read_text(encoding="utf-8").splitlines() if line.strip()}


def test_every_row_names_a_bundled_edition_with_a_unique_code():
    table = rows()
    assert len(table) >= 50 and all(len(row) == 4 for row in table)
    codes = [row[0] for row in table]
    dates = [row[2] for row in table]
    assert len(set(codes)) == len(codes), "a code names two editions"
    assert len(set(dates)) == len(dates), "an edition has two codes"
    assert set(dates) <= bundled_dates(), set(dates) - bundled_dates()
    assert all(re.fullmatch(r"[A-Z0-9]{3,5}", code) for code in codes)  # as Academy Ruins stores them
    assert all(row[1].strip() and row[3] in {"academyruins-api", "release"} for row in table)
    assert dates == sorted(dates)
    # the one pairing Academy Ruins' own source names: its formatter of the RNA edition
    assert [row for row in table if row[3] == "academyruins-api"] == [
        ["RNA", "Ravnica Allegiance", "2019-01-25", "academyruins-api"]
    ]


def test_a_code_in_any_case_names_its_edition():
    assert set_code_edition("WOE") == set_code_edition("woe") == set_code_edition(" Woe ") == "2023-09-01"
    assert set_code_edition("LCI") == "2023-11-17"
    assert set_code_edition("XYZ") is None and set_code_edition("2023-09-01") is None
    assert set_codes()["RNA"] == ("2019-01-25", "Ravnica Allegiance")


def doc(ident: int, name: str, edition: str, lang: str = "en") -> dict:
    return {
        "id": ident,
        "name": name,
        "lang": lang,
        "edition": edition,
        "rules": 3000,
        "format": "cr-text",
        "sha256": str(ident),
        "source": name + ".txt",
    }


DOCS = [
    doc(1, "MagicCompRules_20230616", "2023-06-16"),
    doc(2, "MagicCompRules_20230901", "2023-09-01"),
    doc(3, "MagicCompRules_20231117", "2023-11-17"),
    doc(4, "CompRules_fr_20230901", "2023-09-01", "fr"),
]


@pytest.mark.parametrize("code", ["WOE", "woe", "WoE"])
def test_the_resolver_answers_a_code_as_its_date(code):
    assert resolve(DOCS, lang="en", edition=code) == resolve(DOCS, lang="en", edition="2023-09-01")
    assert resolve(DOCS, lang="en", edition=code)[0]["name"] == "MagicCompRules_20230901"
    assert resolve(DOCS, lang="fr", edition=code)[0]["name"] == "CompRules_fr_20230901"


def test_an_unknown_code_fails_as_an_unknown_edition():
    with pytest.raises(EditionNotFound) as code:
        resolve(DOCS, lang="en", edition="XYZ")
    with pytest.raises(EditionNotFound) as name:
        resolve(DOCS, lang="en", edition="NoSuchDocument")
    assert "'XYZ'" in str(code.value) and type(code.value) is type(name.value)
    # a code whose edition is not held is the edition in force that day, as its date would be
    assert resolve(DOCS, lang="en", edition="WHO") == resolve(DOCS, lang="en", edition="2023-10-13")
    with pytest.raises(EditionNotFound, match="the first is of 2023-06-16"):
        resolve(DOCS, lang="en", edition="MOM")  # 2023-04-14, before every edition held


def test_a_document_named_like_a_code_comes_first():
    named = [*DOCS, doc(5, "WOE", "2024-02-02")]
    assert resolve(named, edition="WOE")[0]["id"] == 5
