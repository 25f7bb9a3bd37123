"""The real commands in German, Japanese and Russian: help, errors, counts, dates, language names,
the language of rule texts, and the HTTP API under Accept-Language."""

from __future__ import annotations

import contextvars
import json

import pytest
from click.testing import CliRunner

from kb.cli import cli
from kb.i18n import ngettext, using_language
from tests.history_fixtures import history_db_path
from tests.unit.test_i18n import TRANSLATED, all_commands, run_python

BAD_LINE = (
    "These rules are effective as of May 1, 2020.\n\n1. Game\n\n100. General\n\n100.1. Rule one.\n\n"
    "100.1a A subrule.\n\n1000.1x broken number\n"
)


def mtgkb(*args: str, lang: str = "en"):
    """The CLI on the shared corpus database, in ``lang``."""
    return CliRunner().invoke(cli, ["--db", str(history_db_path()), *args], env={"MTGKB_LANG": lang})


def quick_show(capsys, *args: str) -> tuple[int, str, str]:
    """`mtgkb show` through the entry point's fast path (no click), in a context of its own."""
    from kb.cli.entry import main

    with pytest.raises(SystemExit) as exit_info:
        contextvars.copy_context().run(main, ["--db", str(history_db_path()), *args])
    out = capsys.readouterr()
    return exit_info.value.code, out.out, out.err


def flat(text: str) -> str:
    return " ".join(text.split())


# ---- help ------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_option_of_every_command_is_explained_in_every_language(lang):
    runner = CliRunner()
    for path, command in all_commands(cli):
        shown = flat(runner.invoke(cli, [*path, "--help"], env={"MTGKB_LANG": lang}, terminal_width=300).output)
        for param in command.params:
            if not getattr(param, "help", None) or param.name == "help":
                continue
            with using_language(lang):
                help_text = param.help
            with using_language("en"):
                english = param.help
            assert help_text != english, (lang, path, param.name)
            assert flat(help_text)[:30] in shown, (lang, path, param.name)


# ---- errors ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "lang, error, nearest",
    [
        ("de", "Fehler: Regel 702.26q nicht gefunden", "Am nächsten: "),
        ("ja", "エラー: ルール 702.26q が見つかりません", "近いもの: "),
        ("ru", "Ошибка: правило 702.26q не найдено", "Ближайшие: "),
    ],
)
def test_an_unknown_rule_in_each_language(lang, error, nearest, capsys):
    result = mtgkb("show", "702.26q", lang=lang)
    assert result.exit_code == 1 and error in result.output and nearest + "702.26m, 702.26n, 702.26p" in result.output
    code, out, err = quick_show(capsys, "--ui-lang", lang, "show", "702.26q")
    assert code == 1 and out == "" and err.startswith(error + "\n" + nearest)
    code, out, _err = quick_show(capsys, "--ui-lang", lang, "show", "702.26q", "--json")
    assert code == 1 and json.loads(out)["error"] == error.split(": ", 1)[1]


@pytest.mark.parametrize(
    "lang, empty, bad_line",
    [
        (
            "de",
            "die Datei ist leer: erwartet wird ein Regeltext",
            "die Regelnummer in '1000.1x broken number' ist nicht lesbar",
        ),
        ("ja", "ファイルが空です: ルールテキストが必要です", "'1000.1x broken number' のルール番号を読み取れません"),
        ("ru", "файл пуст: ожидается текст правил", "не удаётся прочитать номер правила в '1000.1x broken number'"),
    ],
)
def test_a_bad_import_file_in_each_language_names_file_and_line(lang, empty, bad_line, tmp_path):
    (tmp_path / "empty.txt").write_text("")
    (tmp_path / "bad.txt").write_text(BAD_LINE)
    error = {"de": "Fehler: {message}", "ja": "エラー: {message}", "ru": "Ошибка: {message}"}[lang]  # written out
    db = str(tmp_path / "kb.db")
    for name, message, options in (("empty.txt", empty, []), ("bad.txt:11", bad_line, ["--format", "cr-text"])):
        result = CliRunner().invoke(
            cli, ["--db", db, "import", *options, str(tmp_path / name.split(":")[0])], env={"MTGKB_LANG": lang}
        )
        assert result.exit_code == 2
        assert error.format(message=f"{tmp_path / name}: {message}") in result.output


def test_errors_in_json_are_translated_too():
    data = json.loads(mtgkb("trace", "702.99", "--edition", "2010-07-16", "--json", lang="ru").output)
    assert data["error"].startswith("правила 702.99 нет в MagicCompRules_20100716") and data["suggestions"]
    data = json.loads(mtgkb("glossary", "", "--json", lang="de").output)
    assert data == {"error": "leerer Glossarbegriff", "suggestions": [], "kind": "BadInput"}


# ---- counts, dates, language names ------------------------------------------------------------


@pytest.mark.parametrize(
    "n, rules, broken",
    [
        (1, "1 правило", "1 неработающая ссылка"),
        (3, "3 правила", "3 неработающие ссылки"),
        (5, "5 правил", "5 неработающих ссылок"),
        (21, "21 правило", "21 неработающая ссылка"),
        (11, "11 правил", "11 неработающих ссылок"),
        (112, "112 правил", "112 неработающих ссылок"),
    ],
)
def test_russian_counts_take_their_three_forms(n, rules, broken):
    with using_language("ru"):
        assert ngettext("{n} rule", "{n} rules", n).format(n=n) == rules
        assert ngettext("{n} broken citation", "{n} broken citations", n).format(n=n) == broken


@pytest.mark.parametrize(
    "lang, one, three",
    [
        ("en", "1 rule", "3 rules"),
        ("de", "1 Regel", "3 Regeln"),
        ("ja", "ルール 1 件", "ルール 3 件"),
    ],
)
def test_counts_in_the_other_languages(lang, one, three):
    with using_language(lang):
        assert [ngettext("{n} rule", "{n} rules", n).format(n=n) for n in (1, 3)] == [one, three]


@pytest.mark.parametrize(
    "lang, source",
    [
        ("en", "[en, August 7, 2026, MagicCompRules_20260807, line "),
        ("de", "[en, 7. August 2026, MagicCompRules_20260807, Zeile "),
        ("ja", "[en、2026年8月7日、MagicCompRules_20260807、"),
        ("ru", "[en, 7 августа 2026\u202fг., MagicCompRules_20260807, строка "),
    ],
)
def test_show_dates_its_source_in_each_language(lang, source, capsys):
    result = mtgkb("show", "702.26b", "--lang", "en", lang=lang)
    assert result.exit_code == 0 and result.output.splitlines()[1].startswith(source)
    code, out, _err = quick_show(capsys, "--ui-lang", lang, "show", "702.26b", "--lang", "en")
    assert code == 0 and out.splitlines()[1].startswith(source)
    data = json.loads(mtgkb("show", "702.26b", "--lang", "en", "--json", lang=lang).output)
    assert data["edition"] == "2026-08-07"  # JSON keeps the ISO date


@pytest.mark.parametrize(
    "lang, heading, japanese, date",
    [
        ("de", "Sprache", "Japanisch", "16. Januar 2026"),
        ("ja", "言語", "日本語", "2026年1月16日"),
        ("ru", "язык", "японский", "16 января 2026\u202fг."),
    ],
)
def test_editions_name_languages_and_dates_in_each_language(lang, heading, japanese, date):
    result = mtgkb("editions", "--lang", "ja", lang=lang)
    assert result.exit_code == 0
    assert heading in result.output.splitlines()[0]
    line = next(line for line in result.output.splitlines() if "CompRules_ja_20260116.0_lines" in line)
    assert japanese in line and date in line
    assert json.loads(mtgkb("editions", "--lang", "ja", "--json", lang=lang).output)[0]["lang"] == "ja"


# ---- the language of rule texts ---------------------------------------------------------------


def test_rule_texts_follow_the_interface_language_where_it_has_them(capsys):
    japanese = mtgkb("show", "702.26b", "--json", lang="ja")
    assert json.loads(japanese.output)["lang"] == "ja"
    assert json.loads(mtgkb("--ui-lang", "ja", "show", "702.26b", "--json").output)["lang"] == "ja"
    code, out, _err = quick_show(capsys, "--ui-lang", "ja", "show", "702.26b")
    assert code == 0 and out.splitlines()[1].startswith("[ja、2026年1月16日、")
    assert "パーマネント" in out
    german = json.loads(mtgkb("--ui-lang", "de", "show", "702.23", "--json").output)
    assert german["lang"] == "de" and german["title"] == "Instabilität"
    # no German text of 100.1: English, the newest edition
    english = json.loads(mtgkb("--ui-lang", "de", "show", "100.1", "--json").output)
    assert (english["lang"], english["edition"]) == ("en", "2026-08-07")
    # --lang still decides, and English stays the default of an English interface
    assert json.loads(mtgkb("--ui-lang", "ja", "show", "702.26b", "--lang", "en", "--json").output)["lang"] == "en"
    assert json.loads(mtgkb("show", "702.26b", "--json").output)["lang"] == "en"


def test_english_show_imports_no_babel_even_with_dates():
    probe = (
        "import sys, kb.cli.entry\n"
        "try:\n    kb.cli.entry.main(['--db', sys.argv[1], 'show', '702.26b'])\n"
        "except SystemExit:\n    pass\n"
        "print('babel' in sys.modules, file=sys.stderr)"
    )
    result = run_python("-c", probe, str(history_db_path()), MTGKB_LANG="en")
    assert result.stdout.splitlines()[1].startswith("[en, August 7, 2026, ") and result.stderr.strip() == "False"


# ---- HTTP --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def client():
    from fastapi.testclient import TestClient

    from kb.http.app import create_app

    return TestClient(create_app(history_db_path()))


@pytest.mark.parametrize(
    "lang, error",
    [
        ("de", "Regel 702.26q nicht gefunden"),
        ("ja", "ルール 702.26q が見つかりません"),
        ("ru", "правило 702.26q не найдено"),
        ("fr", "rule 702.26q not found"),
    ],
)
def test_http_errors_follow_accept_language(client, lang, error):
    answer = client.get("/rules/702.26q", headers={"Accept-Language": f"{lang}, en;q=0.1"})
    assert answer.status_code == 404 and answer.json()["error"] == error and "702.26p" in answer.json()["suggestions"]
    assert answer.headers["content-language"] == ("en" if lang == "fr" else lang)


def test_http_bad_input_and_unknown_paths_in_german(client):
    headers = {"Accept-Language": "de-DE,de;q=0.9"}
    bad = client.get("/rules/abc", headers=headers)
    assert bad.status_code == 400 and bad.json()["error"].startswith("'abc' ist keine Regelnummer")
    assert client.get("/nowhere", headers=headers).json() == {"error": "Nicht gefunden"}
    body = client.get("/trace/702.26", params={"to": "2013-07-13", "back": "true"}, headers=headers)
    assert body.status_code == 400 and body.json()["error"] == "geben Sie entweder `to` oder `back` an, nicht beides"


def test_http_rule_texts_follow_accept_language(client):
    japanese = client.get("/rules/702.26b", headers={"Accept-Language": "ja"}).json()
    assert japanese["lang"] == "ja" and japanese["ruleText"].startswith("パーマネントがフェイズ・アウトすると")
    assert client.get("/rules/100.1", headers={"Accept-Language": "de"}).json()["lang"] == "en"
    assert client.get("/rules/702.26b").json()["lang"] == "en"
    assert client.get("/rules/702.26b", params={"lang": "en"}, headers={"Accept-Language": "ja"}).json()["lang"] == "en"
