"""decode_bytes: every encoding and line ending the corpus uses, and what it refuses."""

from __future__ import annotations

import codecs

import pytest

from kb.importers.decode import byte_line, decode_bytes
from kb.importers.records import SourceError
from tests.conftest import corpus_path

TEXT = "702.26. フェイジング／Phasing\n702.26a Phasing is a static ability.\n"


def test_utf8_without_bom():
    assert decode_bytes(TEXT.encode("utf-8"), "a.txt") == TEXT


def test_utf8_with_bom_is_stripped():
    assert decode_bytes(codecs.BOM_UTF8 + TEXT.encode("utf-8"), "a.txt") == TEXT


@pytest.mark.parametrize("bom, encoding", [(codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be")])
def test_utf16_with_bom(bom: bytes, encoding: str):
    assert decode_bytes(bom + TEXT.encode(encoding), "a.txt") == TEXT


def test_utf16_crlf_line_endings_become_lf():
    data = codecs.BOM_UTF16_BE + "a\r\nb\rc\n".encode("utf-16-be")
    assert decode_bytes(data, "a.txt") == "a\nb\nc\n"


def test_cp1252_fallback_for_windows_text():
    assert decode_bytes(b"It\x92s \x93quoted\x94 \x96 caf\xe9", "a.txt") == "It’s “quoted” – café"


@pytest.mark.parametrize("data", [b"a\r\nb\r\nc", b"a\rb\rc", b"a\nb\rc", b"a\r\nb\nc"])
def test_cr_and_crlf_line_endings(data: bytes):
    assert decode_bytes(data, "a.txt") == "a\nb\nc"


def test_undefined_cp1252_byte_raises_with_its_line():
    with pytest.raises(SourceError) as info:
        decode_bytes(b"first\r\nsecond\r\nthird \x81 byte\r\n", "bad.txt")
    assert info.value.line == 3
    assert info.value.path == "bad.txt"
    assert "81" in info.value.message and "UTF-8" in info.value.message


def test_binary_bytes_are_not_taken_for_cp1252():
    with pytest.raises(SourceError) as info:
        decode_bytes(b"one\ntwo\n\x00\x01\xff\xfe\x00", "blob.bin")
    assert info.value.line == 3
    assert "control character" in info.value.message


def test_broken_utf16_raises_with_its_line():
    data = codecs.BOM_UTF16_LE + "a\nb\n".encode("utf-16-le") + b"\x00\xdc"  # lone low surrogate
    with pytest.raises(SourceError) as info:
        decode_bytes(data, "u16.txt")
    assert info.value.line == 3


def test_byte_line_counts_every_line_ending():
    assert byte_line(b"a\r\nb\rc\nd", 7) == 4


@pytest.mark.parametrize(
    "name, expected",
    [
        ("MagicCompRules_20170925.txt", "who’ve moved beyond"),  # Windows-1252, CRLF
        ("MagicCompRules_20221118.txt", "November 18, 2022"),  # UTF-16 BE with BOM, CR
        ("MagicCompRules_20260116.txt", "January 16, 2026"),  # UTF-8 BOM, CR
    ],
)
def test_corpus_files_decode(name: str, expected: str):
    text = decode_bytes(corpus_path("en", "full", name).read_bytes(), name)
    assert "\r" not in text and not text.startswith("\ufeff")
    assert expected in text[:2000]
    assert "702." in text
