"""What a person reads about awkward input: UTF-16 without a byte-order mark is named as such, and
control characters of file names never reach the terminal raw."""

import pytest
from click.testing import CliRunner

from kb.cli import cli
from tests.conftest import MINI

TEXT = (MINI / "MiniRules_20260807.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("codec, order", [("utf-16-le", "LE"), ("utf-16-be", "BE")])
def test_utf16_without_a_byte_order_mark_is_named(tmp_path, codec, order):
    path = tmp_path / "rules.txt"
    path.write_bytes(TEXT.encode(codec))
    result = CliRunner().invoke(cli, ["--db", str(tmp_path / "kb.db"), "import", str(path)])
    assert result.exit_code == 2
    assert f"the file looks like UTF-16 ({order}) without a byte-order mark" in result.output
    assert "binary" not in result.output


def test_control_characters_of_file_names_are_escaped(tmp_path):
    db = str(tmp_path / "kb.db")
    good = tmp_path / "evil\x1b[31mred.txt"
    good.write_text(TEXT, encoding="utf-8")
    bad = tmp_path / "bad\x1b]0;title\x07.txt"
    bad.write_text("x\n", encoding="utf-8")
    runner = CliRunner()
    added = runner.invoke(cli, ["--db", db, "import", str(good)])
    assert added.exit_code == 0 and "added     evil\\x1b[31mred: en" in added.output
    failed = runner.invoke(cli, ["--db", db, "import", str(bad)])
    assert failed.exit_code != 0 and "bad\\x1b]0;title\\x07.txt: no rules found" in failed.output
    listed = runner.invoke(cli, ["--db", db, "editions"])
    shown = runner.invoke(cli, ["--db", db, "show", "100.1"])
    for result in (added, failed, listed, shown):
        assert "\x1b" not in result.output and "\x07" not in result.output
    assert "evil\\x1b[31mred (cr-text)" in listed.output and "evil\\x1b[31mred, line" in shown.output
