"""The rule texts the package carries (data/rules.tar.xz) and what `mtgkb build` makes of them."""

from __future__ import annotations

import hashlib
import importlib.util
import tarfile

from kb.core.paths import BUNDLE, OFFICIAL_EDITIONS
from kb.importers.bundle import first_answers, read_bundle
from kb.store.documents import official_hashes
from tests.conftest import ROOT, SHARED, corpus_path


def _make_archive_module():
    spec = importlib.util.spec_from_file_location("make_archive", ROOT / "scripts" / "make_archive.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def test_the_archive_holds_exactly_the_corpus_files_byte_for_byte():
    corpus_path("en", "full")  # fails with a clear message when ../shared is missing
    wanted = {name: _sha(path.read_bytes()) for name, path in _make_archive_module().selected(SHARED)}
    held = {text.member: _sha(text.data) for text in read_bundle()}
    assert held == wanted, (
        "data/rules.tar.xz is out of date with ../shared: run python scripts/make_archive.py",
        sorted(set(held) ^ set(wanted)),
    )
    english = [name for name in held if name.startswith("en/")]
    assert len(english) == len(list(corpus_path("en", "full").glob("MagicCompRules_*.txt"))) == 135
    assert {
        "ja/CompRules_ja_20260116.0_lines.txt",
        "ja/CompRules_ja_20260116.0_dict.txt",
        "zh/MagicCompRules_20231117_zh-CN_HeliumOctahelide.txt",
        "zh/MagicCompRules_20260417_zh-CN_HeliumOctahelide.txt",
        "seeds/000_a3c90cc092d5a721.txt",
        "seeds/001_b91ea460c0a74603.txt",
        "seeds/004_87f96431dc6e8d24.txt",
    } <= set(held)


def test_the_official_list_names_every_english_edition_of_the_archive_by_its_bytes():
    held = {text.member: _sha(text.data) for text in read_bundle()}
    listed = dict(line.split("\t")[::-1] for line in OFFICIAL_EDITIONS.read_text(encoding="utf-8").splitlines())
    assert listed == {name: sha for name, sha in held.items() if name.startswith("en/")}, (
        "data/official_editions.tsv is out of date with data/rules.tar.xz: run python scripts/make_archive.py"
    )
    assert official_hashes() == set(listed.values()) and len(listed) == 135


def test_the_archive_is_made_the_same_way_every_time(tmp_path):
    """No time, owner or mode of the machine that made it: the same corpus gives the same members."""
    with tarfile.open(BUNDLE) as tar:
        members = tar.getmembers()
    assert {(m.mtime, m.uid, m.gid, m.mode, m.uname) for m in members} == {(0, 0, 0, 0o644, "")}
    assert [m.name for m in members] == [name for name, _ in _make_archive_module().selected(SHARED)]


def test_the_first_phase_answers_today_and_pairs_each_newest_translation_with_its_english_original():
    first, older = first_answers(read_bundle())
    names = [t.member for t in first]
    english = sorted(t.english_edition for t in first if t.english_edition)
    assert english == ["20260116", "20260417", "20260807"]  # the newest translations' dates and the newest
    # the Chinese translation of 2023-11-17 is followed by that of 2026-04-17: it comes with the history
    assert [t.member for t in older if not t.english_edition] == [
        "zh/MagicCompRules_20231117_zh-CN_HeliumOctahelide.txt"
    ]
    assert "en/MagicCompRules_20231117.txt" in [t.member for t in older] and len(older) == 135 - 3 + 1
    assert all(name in names for name in ("ja/CompRules_ja_20260116.0_lines.txt", "seeds/000_a3c90cc092d5a721.txt"))
    assert str(first[0].path) == "data/rules.tar.xz/" + first[0].member
