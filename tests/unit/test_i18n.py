"""The interface language: choice, catalogs, click, HTTP, names and dates per locale."""

from __future__ import annotations

import asyncio
import copy
import gettext
import os
import shutil
import subprocess
import sys
import threading
from datetime import date
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from kb.cli import cli
from kb.cli.i18n import I18nGroup, adopt, ui_lang_option, version_option
from kb.core import dates
from kb.i18n import (
    _,
    available_languages,
    catalogs,
    format_date,
    language_name,
    match_language,
    negotiate,
    ngettext,
    resolve_ui_language,
    set_ui_language,
    tools,
    ui_language,
    using_language,
)
from kb.i18n.extract import help_texts
from kb.i18n.wrap import display_width, wrap_wide
from tests.conftest import commands_of

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ("de", "ja", "ru")
TRANSLATED = tuple(lang for lang in available_languages() if lang != "en")  # a new catalog is tested too


def run_python(*args: str, **env: str) -> subprocess.CompletedProcess:
    """A fresh interpreter in the project folder (what is imported at start, what a first use compiles)."""
    environ = {**os.environ, "PYTHONPATH": str(ROOT), **env}
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, env=environ, cwd=ROOT)


@pytest.fixture(autouse=True)
def no_language_in_the_environment(monkeypatch):
    """Each test says which variables are set (a developer's own LANG must not count)."""
    for name in ("MTGKB_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


# ---- choosing the language -------------------------------------------------------------------


def test_the_catalogs_of_the_project_are_found():
    assert set(available_languages()) >= {"en", *LOCALES}


@pytest.mark.parametrize(
    "tag, expected",
    [
        ("de", "de"),
        ("de_DE.UTF-8", "de"),
        ("de-AT", "de"),
        ("ja_JP.eucJP", "ja"),
        ("ru_RU@euro", "ru"),
        ("C", "en"),
        ("C.UTF-8", "en"),
        ("POSIX", "en"),
        ("en_GB", "en"),
        ("fr_FR.UTF-8", None),
        ("", None),
    ],
)
def test_match_language(tag, expected):
    assert match_language(tag) == expected


@pytest.mark.parametrize(
    "cli_value, environ, expected",
    [
        ("ja", {"MTGKB_LANG": "de", "LANG": "ru_RU.UTF-8"}, "ja"),
        (None, {"MTGKB_LANG": "de", "LC_ALL": "ja_JP.UTF-8"}, "de"),
        (None, {"LC_ALL": "ja_JP.UTF-8", "LC_MESSAGES": "de_DE", "LANG": "ru_RU"}, "ja"),
        (None, {"LC_MESSAGES": "de_DE", "LANG": "ru_RU"}, "de"),
        (None, {"LANG": "ru_RU.UTF-8"}, "ru"),
        (None, {"LC_ALL": "", "LANG": "de_DE.UTF-8"}, "de"),  # empty means unset, as in POSIX
        (None, {"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "en"),  # the first set one decides
        (None, {"MTGKB_LANG": "fr", "LANG": "de_DE.UTF-8"}, "en"),  # a language without a catalog: English
        (None, {}, "en"),
    ],
)
def test_resolve_ui_language_order(cli_value, environ, expected):
    assert resolve_ui_language(cli_value, environ) == expected


@pytest.mark.parametrize(
    "header, expected",
    [
        ("de-DE,de;q=0.9,en;q=0.8", "de"),
        ("fr-FR, ja;q=0.5, de;q=0.4", "ja"),
        ("en-US,en;q=0.9,ru;q=0.8", "en"),
        ("ru;q=0, de", "de"),
        ("fr", "en"),
        ("*", "en"),
        ("", "en"),
        (None, "en"),
        ("ja;q=abc, ru", "ru"),
    ],
)
def test_negotiate_accept_language(header, expected):
    assert negotiate(header) == expected


def test_set_and_restore_the_language():
    assert ui_language() == "en"
    with using_language("de_DE.UTF-8") as lang:
        assert lang == "de" and _("Usage:") == "Aufruf:"
        with using_language("ja"):
            assert _("Usage:") == "使い方:"
        assert ui_language() == "de"
    assert ui_language() == "en" and _("Usage:") == "Usage:"


def test_each_thread_and_task_keeps_its_own_language():
    seen: dict[str, str] = {}
    barrier = threading.Barrier(3)

    def worker(lang: str) -> None:
        set_ui_language(lang)
        barrier.wait()
        seen[lang] = _("Usage:")

    threads = [threading.Thread(target=worker, args=(lang,)) for lang in LOCALES]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == {"de": "Aufruf:", "ja": "使い方:", "ru": "Использование:"}

    async def task(lang: str) -> str:
        set_ui_language(lang)
        await asyncio.sleep(0.01)
        return _("Options")

    async def together() -> list[str]:
        return await asyncio.gather(*(task(lang) for lang in LOCALES))

    assert asyncio.run(together()) == ["Optionen", "オプション", "Параметры"]
    assert ui_language() == "en"


# ---- plural forms ----------------------------------------------------------------------------

REQUIRES = ("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments.")


@pytest.mark.parametrize(
    "lang, n, expected",
    [
        ("en", 1, "Option '--x' requires an argument."),
        ("en", 3, "Option '--x' requires 3 arguments."),
        ("de", 1, "Option '--x' braucht ein Argument."),
        ("de", 3, "Option '--x' braucht 3 Argumente."),
        ("ja", 1, "オプション '--x' には 1 個の引数が必要です。"),
        ("ja", 3, "オプション '--x' には 3 個の引数が必要です。"),
        ("ru", 1, "Параметру '--x' нужен 1 аргумент."),
        ("ru", 2, "Параметру '--x' нужно 2 аргумента."),
        ("ru", 5, "Параметру '--x' нужно 5 аргументов."),
        ("ru", 11, "Параметру '--x' нужно 11 аргументов."),
        ("ru", 21, "Параметру '--x' нужен 21 аргумент."),
        ("ru", 24, "Параметру '--x' нужно 24 аргумента."),
    ],
)
def test_plural_forms_per_language(lang, n, expected):
    with using_language(lang):
        assert ngettext(*REQUIRES, n).format(name="--x", nargs=n) == expected


# ---- click: help and errors in each language -------------------------------------------------


@click.group(cls=I18nGroup)
@ui_lang_option
@version_option("mtgkb")
def tiny() -> None:
    """Show the version and exit."""


@tiny.command()
@click.argument("number")
@click.option("--port", type=int, help="Port to listen on.")
def lookup(number: str, port: int | None) -> None:
    """Look a term up in the glossaries, in every language, by any of its names."""
    click.echo(_("Error: {message}").format(message=number))


def test_ui_lang_changes_help_and_errors_of_a_click_command():
    runner = CliRunner()
    english = runner.invoke(tiny, ["lookup", "--help"])
    assert "Usage: tiny lookup [OPTIONS] NUMBER" in english.output and "Port to listen on." in english.output
    german = runner.invoke(tiny, ["--ui-lang", "de", "lookup", "--help"])
    assert german.exit_code == 0
    assert "Aufruf: tiny lookup [OPTIONS] NUMBER" in german.output
    assert "Einen Begriff in den Glossaren nachschlagen," in german.output
    assert "Port, auf dem gelauscht wird." in german.output and "Diese Hilfe anzeigen und beenden." in german.output
    error = runner.invoke(tiny, ["--ui-lang=de", "lookup", "1", "--port", "x"])
    assert error.exit_code == 2
    assert "Fehler: Ungültiger Wert für '--port': 'x' ist kein gültiger Wert vom Typ integer." in error.output
    assert "Hilfe gibt es mit 'tiny lookup --help'." in error.output
    assert runner.invoke(tiny, ["--ui-lang", "ru", "lookup", "7"]).output == "Ошибка: 7\n"
    assert runner.invoke(tiny, ["--ui-lang", "ja", "--version"]).output.startswith("tiny、バージョン ")
    # the language of one run does not stay behind
    assert runner.invoke(tiny, ["lookup", "--bogus"]).output.endswith("Error: No such option '--bogus'.\n")
    assert ui_language() == "en"


def test_ui_lang_from_the_environment_and_unknown_languages():
    runner = CliRunner()
    result = runner.invoke(tiny, ["lookup"], env={"LANG": "ja_JP.UTF-8"})
    assert "エラー: 次の引数がありません: 'NUMBER'." in result.output
    result = runner.invoke(tiny, ["lookup"], env={"LANG": "ja_JP.UTF-8", "MTGKB_LANG": "ru"})
    assert "Ошибка: Отсутствует аргумент 'NUMBER'." in result.output
    result = runner.invoke(tiny, ["--ui-lang", "xx", "lookup", "1"], env={"MTGKB_LANG": "de"})
    assert result.exit_code == 2
    assert "Error: Invalid value for '--ui-lang': no messages in 'xx'; available: de, en, ja, ru" in result.output


@pytest.mark.parametrize("language", ["fr", None])
def test_a_run_leaves_the_gettext_of_the_process_as_it_found_it(monkeypatch, language):
    """click's messages come through the global gettext domain and $LANGUAGE, set for one run only."""
    if language is None:
        monkeypatch.delenv("LANGUAGE", raising=False)
    else:
        monkeypatch.setenv("LANGUAGE", language)
    domain = gettext.textdomain()
    result = CliRunner().invoke(tiny, ["--ui-lang", "de", "lookup"])
    assert "Fehler: Fehlendes Argument 'NUMBER'." in result.output
    assert gettext.textdomain() == domain and os.environ.get("LANGUAGE") == language
    assert gettext.gettext("Missing argument") == "Missing argument"


def test_click_messages_are_read_from_the_cache_when_the_catalogs_folder_is_read_only(tmp_path, monkeypatch):
    locales = tmp_path / "locales"
    shutil.copytree(ROOT / "locales", locales, ignore=shutil.ignore_patterns("*.mo"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv(catalogs.LOCALES_ENV, str(locales))
    write = catalogs._write_atomically

    def refuse_beside_the_po(path: Path, data: bytes, stamp: int) -> None:
        if path.parent.is_relative_to(locales):
            raise PermissionError(path)
        write(path, data, stamp)

    monkeypatch.setattr(catalogs, "_write_atomically", refuse_beside_the_po)
    result = CliRunner().invoke(tiny, ["--ui-lang", "ru", "lookup", "--port", "x"])
    assert "Ошибка: Недопустимое значение для '--port': 'x'" in result.output
    folder = catalogs.gettext_folder("ru")
    assert folder is not None and folder.is_relative_to(tmp_path / "cache" / "mtgkb" / "locales")
    assert (folder / "ru" / "LC_MESSAGES" / "mtgkb.mo").is_file() and not list(locales.rglob("*.mo"))
    catalogs.forget_loaded()


def test_japanese_help_is_wrapped_by_columns():
    help_text = CliRunner().invoke(tiny, ["--ui-lang", "ja", "lookup", "--help"], terminal_width=40).output
    assert "すべての言語の用語集で" in help_text
    lines = CliRunner().invoke(mtgkb_cli(), ["cite", "--help"], env={"MTGKB_LANG": "ja"}, terminal_width=60)
    assert all(display_width(line) <= 60 for line in lines.output.splitlines())
    assert wrap_wide("データベースファイル（既定: $MTGKB_DB、なければ）。", 16) == [
        "データベースファ",
        "イル（既定:",
        "$MTGKB_DB、なけ",
        "れば）。",
    ]  # "（" never ends, "、" never starts a line


def mtgkb_cli() -> click.Group:
    """The real CLI; until kb/cli.py makes its group an I18nGroup, a translating copy of it."""
    return cli if isinstance(cli, I18nGroup) else adopt(copy.deepcopy(cli))


def all_commands(group: click.Group, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], click.Command]]:
    found = []
    for name, command in sorted(commands_of(group).items()):
        found.append(((*path, name), command))
        if isinstance(command, click.Group):
            found += all_commands(command, (*path, name))
    return found


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_command_has_its_help_in_every_language(lang):
    group = mtgkb_cli()
    runner = CliRunner()
    with using_language(lang):
        usage, options = _("Usage:"), _("Options")
    for path, command in [((), group), *all_commands(group)]:
        result = runner.invoke(group, [*path, "--help"], env={"MTGKB_LANG": lang}, terminal_width=200)
        assert result.exit_code == 0, result.output
        assert result.output.startswith(usage) and f"{options}:" in result.output
        with using_language(lang):
            translated = command.help
        with using_language("en"):
            english = command.help
        assert translated and translated != english, (path, lang)
        assert " ".join(translated.split())[:40] in " ".join(result.output.split()), (path, lang)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_usage_error_in_every_language(lang):
    result = CliRunner().invoke(mtgkb_cli(), ["show"], env={"MTGKB_LANG": lang})
    # Written out for the catalogs we have, so that a wrong translation fails; a catalog added later is
    # read back through its own _() until its line is added here.
    written = {
        "de": "Fehler: Fehlendes Argument",
        "ja": "エラー: 次の引数がありません",
        "ru": "Ошибка: Отсутствует аргумент",
    }
    with using_language(lang):
        expected = written.get(lang) or _("Error: {message}").format(message=_("Missing argument"))
    assert result.exit_code == 2 and expected in result.output and "Error:" not in result.output


@pytest.mark.parametrize(
    "lang, missing, unknown, bad_port",
    [
        (
            "de",
            "Fehler: Fehlendes Argument 'NUMBER'.",
            "Fehler: Unbekannter Befehl 'shw'. Meinten Sie 'show'?",
            "Fehler: Ungültiger Wert für '--port': 70000 liegt nicht im Bereich 1<=x<=65535.",
        ),
        (
            "ja",
            "エラー: 次の引数がありません: 'NUMBER'.",
            "エラー: そのようなコマンドはありません: 'shw'。 （もしかして: 'show'）",
            "エラー: '--port' の値が無効です: 70000 は範囲 1<=x<=65535 にありません。",
        ),
        (
            "ru",
            "Ошибка: Отсутствует аргумент 'NUMBER'.",
            "Ошибка: Нет такой команды: 'shw'. Возможно, вы имели в виду 'show'?",
            "Ошибка: Недопустимое значение для '--port': 70000 не входит в диапазон 1<=x<=65535.",
        ),
    ],
)
def test_errors_of_the_real_cli_in_each_language(lang, missing, unknown, bad_port):
    group, runner, env = mtgkb_cli(), CliRunner(), {"MTGKB_LANG": lang}
    assert missing in runner.invoke(group, ["show"], env=env).output
    assert unknown in runner.invoke(group, ["shw"], env=env).output
    assert bad_port in runner.invoke(group, ["serve", "--port", "70000"], env=env).output


# ---- catalogs --------------------------------------------------------------------------------


def test_every_message_of_the_code_is_translated_in_every_catalog():
    """The code (help texts, _() and ngettext() calls, click's messages) against locales/."""
    found = tools.problems()
    assert not found, (
        "run `python -m kb.i18n extract && python -m kb.i18n update`, translate, and see "
        "docs/i18n.md:\n" + "\n".join(f"{where}: {line}" for where, lines in found.items() for line in lines)
    )


def test_adding_a_language_as_docs_i18n_md_says(tmp_path, monkeypatch):
    """Steps 1 to 5 of "How to add a language", for French, in a copy of locales/."""
    from babel import Locale

    from kb.api import KnowledgeBase
    from kb.terms import dictionary

    assert Locale.parse("fr").get_display_name("en") == "French"
    locales = tmp_path / "locales"
    shutil.copytree(ROOT / "locales", locales, ignore=shutil.ignore_patterns("*.mo"))
    for step in (["extract"], ["init", "fr"]):
        assert run_python("-m", "kb.i18n", "--locales", str(locales), *step).returncode == 0
    po = catalogs.po_path("fr", locales)
    text = po.read_text(encoding="utf-8")
    assert "Language: fr" in text and "Plural-Forms: nplurals=" in text
    for english, french in (("Error: {message}", "Erreur : {message}"), ("Missing argument", "Argument manquant")):
        text = text.replace(f'msgid "{english}"\nmsgstr ""', f'msgid "{english}"\nmsgstr "{french}"')
    po.write_text(text, encoding="utf-8")
    check = run_python("-m", "kb.i18n", "--locales", str(locales), "check")
    assert check.returncode == 1 and "fr: " in check.stdout and "untranslated: 'Usage:'" in check.stdout
    monkeypatch.setenv(catalogs.LOCALES_ENV, str(locales))
    result = CliRunner().invoke(mtgkb_cli(), ["show"], env={"MTGKB_LANG": "fr"})
    assert "Erreur : Argument manquant 'NUMBER'." in result.output
    assert po.with_suffix(".mo").exists()

    curated = tmp_path / "terms_curated.tsv"
    curated.write_text(
        (ROOT / "data" / "terms_curated.tsv").read_text(encoding="utf-8")
        + "fr\tphase\tPhasing\tFrench CR 702.26 heading (a trial row)\n",
        encoding="utf-8",
    )
    terms = dictionary(KnowledgeBase.open(tmp_path / "kb.db").conn, curated)
    assert [name.name for entry in terms.lookup("phasing", "fr") for name in entry.names] == ["phase"]


def test_the_extractor_finds_help_texts_and_command_docstrings():
    source = '''
import click
@click.command(help="Given help.")
def given():
    """Not this docstring."""
@cli.command()
@click.option("--x", help="Option " "help.")
def documented():
    """First line.

    Second paragraph.
    """
def plain():
    """Not a command."""
'''
    assert [text for _line, _f, text, _c in help_texts(source)] == [
        "Given help.",
        "Option help.",
        "First line.\n\nSecond paragraph.",
    ]


def test_a_catalog_is_compiled_on_first_use_and_again_when_it_changes(tmp_path, monkeypatch):
    locales = tmp_path / "locales"
    shutil.copytree(ROOT / "locales", locales, ignore=shutil.ignore_patterns("*.mo"))
    monkeypatch.setenv(catalogs.LOCALES_ENV, str(locales))
    po = catalogs.po_path("de", locales)
    catalogs.forget_loaded()
    with using_language("de"):
        assert _("Usage:") == "Aufruf:"
    mo = po.with_suffix(".mo")
    assert mo.stat().st_mtime_ns == po.stat().st_mtime_ns
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "Aufruf:"', 'msgstr "Verwendung:"'), encoding="utf-8")
    catalogs.forget_loaded()
    with using_language("de"):
        assert _("Usage:") == "Verwendung:"
    catalogs.forget_loaded()


def test_a_catalog_that_cannot_be_written_beside_is_compiled_into_the_cache(tmp_path, monkeypatch):
    locales = tmp_path / "locales"
    shutil.copytree(ROOT / "locales", locales, ignore=shutil.ignore_patterns("*.mo"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    write = catalogs._write_atomically

    def refuse_beside_the_po(path: Path, data: bytes, stamp: int) -> None:
        if path.parent.is_relative_to(locales):
            raise PermissionError(path)
        write(path, data, stamp)

    monkeypatch.setattr(catalogs, "_write_atomically", refuse_beside_the_po)
    mo = catalogs.compiled(catalogs.po_path("ru", locales))
    assert mo is not None and mo.is_relative_to(tmp_path / "cache" / "mtgkb" / "locales")
    assert catalogs.compiled(catalogs.po_path("ru", locales)) == mo  # fresh: not compiled again


def test_english_start_imports_no_babel_and_a_compiled_catalog_needs_none():
    probe = (
        "import sys, kb.i18n as i; from kb.cli.entry import main; i.set_ui_language(i.resolve_ui_language(None)); "
        "print(i._('Usage:'), i.format_date('2023-11-17'), 'babel' in sys.modules)"
    )
    assert run_python("-c", probe, MTGKB_LANG="en").stdout.split() == ["Usage:", "November", "17,", "2023", "False"]
    assert run_python("-m", "kb.i18n", "compile").returncode == 0
    german = run_python("-c", probe, MTGKB_LANG="de").stdout.split()
    assert german[0] == "Aufruf:" and german[-1] == "True"  # the German date needs babel
    assert (
        "babel"
        not in run_python(
            "-c", "import sys, kb.i18n as i; i.set_ui_language('ja'); i._('Usage:'); print(*sys.modules)"
        ).stdout.split()
    )


# ---- HTTP ------------------------------------------------------------------------------------


def test_each_http_request_is_answered_in_its_language():
    from fastapi import FastAPI
    from fastapi.testclient import TestClient

    from kb.http.language import UILanguageMiddleware

    app = FastAPI()
    app.add_middleware(UILanguageMiddleware)

    @app.get("/usage")
    async def usage():
        return {"usage": _("Usage:"), "lang": ui_language()}

    client = TestClient(app)
    answer = client.get("/usage", headers={"Accept-Language": "ja,en;q=0.5"})
    assert answer.json() == {"usage": "使い方:", "lang": "ja"}
    assert answer.headers["content-language"] == "ja" and "Accept-Language" in answer.headers["vary"]
    assert client.get("/usage", headers={"Accept-Language": "fr, ru;q=0.7"}).json()["usage"] == "Использование:"
    assert client.get("/usage").json() == {"usage": "Usage:", "lang": "en"}


# ---- language names and dates ----------------------------------------------------------------


@pytest.mark.parametrize(
    "code, ui, name",
    [
        ("ja", "de", "Japanisch"),
        ("ja", "ja", "日本語"),
        ("ja", "ru", "японский"),
        ("ja", "en", "Japanese"),
        ("de", "ja", "ドイツ語"),
        ("zh", "de", "Chinesisch"),
        ("ko", "ru", "корейский"),
        ("xx", "de", "xx"),
    ],
)
def test_language_names_in_the_interface_language(code, ui, name):
    assert language_name(code, ui) == name


def test_language_name_follows_the_current_language():
    with using_language("de"):
        assert language_name("ru") == "Russisch"


@pytest.mark.parametrize(
    "ui, text",
    [
        ("en", "November 17, 2023"),
        ("de", "17. November 2023"),
        ("ja", "2023年11月17日"),
        ("ru", "17 ноября 2023\u202fг."),
        ("zh", "2023年11月17日"),
        ("ko", "2023년 11월 17일"),
        ("fr", "17 novembre 2023"),
        ("es", "17 de noviembre de 2023"),
    ],
)
def test_effective_dates_formatted_per_locale(ui, text):
    assert format_date("2023-11-17", ui) == text
    assert format_date(date(2023, 11, 17), ui) == text


def test_english_dates_without_babel_match_babel():
    from babel.dates import format_date as babel_format_date

    for month in range(1, 13):
        day = date(2024, month, 9)
        assert format_date(day, "en") == babel_format_date(day, format="long", locale="en")


@pytest.mark.parametrize("ui", ["en", "de", "ja", "ru", "zh", "ko", "fr", "it", "es", "pt"])
def test_every_formatted_date_parses_back(ui):
    for day in (date(2023, 11, 17), date(2024, 3, 1), date(2026, 1, 16), date(1999, 4, 23)):
        assert dates.parse_date(format_date(day, ui)) == day


@pytest.mark.parametrize(
    "sentence, expected",
    [
        ("These rules are effective as of November 17, 2023.", date(2023, 11, 17)),
        ("Diese Regeln gilt ab dem 8. November 2024. Bitte den Hinweis beachten.", date(2024, 11, 8)),
        ("Das Dokument gilt ab 20. September 2024", date(2024, 9, 20)),
        ("このルールは2026年1月16日から有効です。", date(2026, 1, 16)),
        ("マジック総合ルール（和訳 20260116.0 版）", date(2026, 1, 16)),
        ("此规则于2023年11月17日起生效。", date(2023, 11, 17)),
        ("이 규칙은 2023년 11월 17일부터 유효합니다.", date(2023, 11, 17)),
        ("Настоящие правила вступают в силу с 17 ноября 2023 г.", date(2023, 11, 17)),
        ("Эти правила действуют с 8 ноября 2024 года.", date(2024, 11, 8)),
    ],
)
def test_effective_dates_in_source_headers(sentence, expected):
    found = dates.find_effective_date(sentence)
    assert found is not None and found[0] == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("2026年1月16日", date(2026, 1, 16)),
        ("17. Nov. 2023", date(2023, 11, 17)),
        ("17 нояб. 2023", date(2023, 11, 17)),
        ("Sept. 29, 2017", date(2017, 9, 29)),
        ("1 de março de 2024", date(2024, 3, 1)),
    ],
)
def test_month_names_of_every_imported_language(text, expected):
    assert dates.parse_date(text) == expected
