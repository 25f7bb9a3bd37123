"""click in the interface language, chosen at run time.

Three things make click speak the interface language, all through click's own hooks:

* click's own messages ("Usage:", "Options", "Error: No such option: ...") are looked up
  with the standard library's ``gettext.gettext`` and ``gettext.ngettext``, that is in the
  global text domain, in the languages of $LANGUAGE. Our catalogs hold click's messages
  too; :func:`click_language` binds our domain to the compiled catalogs, makes it the
  global domain and sets $LANGUAGE for the length of a run.
* Help texts stay plain English in the code (``help="..."``, docstrings) and are
  translated when read: the classes below keep the English text and return its
  translation from ``.help``, ``.short_help`` and ``.epilog``. A group adopts plain
  click commands, options and arguments added to it, so other modules need no change.
* click wraps help at spaces and counts characters; Japanese and Chinese help is
  wrapped by terminal columns instead (kb.i18n.wrap), by our help formatter and our
  commands' short help.

The language is set around each run by :class:`I18nGroup.main` from ``--ui-lang`` or the
environment, and restored afterwards, so CliRunner tests can switch per invocation.
"""

from __future__ import annotations

import gettext
import inspect
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

import click
from click.formatting import measure_table

from kb.i18n import N_, SOURCE_LANGUAGE, _, available_languages, match_language, resolve_ui_language, using_language
from kb.i18n.catalogs import DOMAIN, gettext_folder
from kb.i18n.wrap import display_width, has_wide, shorten_wide, wrap_wide

UI_LANG_OPTION = "--ui-lang"
_TEXTS = ("help", "short_help", "epilog")
#: click's mark, on a line of its own, for a paragraph that it must not rewrap
NO_REWRAP = "\b"

F = TypeVar("F", bound=Callable[..., Any])


@contextmanager
def click_language(lang: str) -> Iterator[None]:
    """click's own messages in ``lang`` (a language of ours) inside the block.

    click calls ``gettext.gettext``, which reads the domain set by ``gettext.textdomain``
    from the folder bound by ``gettext.bindtextdomain``, in the languages of $LANGUAGE
    (first of $LANGUAGE, $LC_ALL, $LC_MESSAGES, $LANG). The block makes our domain the
    global one and sets $LANGUAGE to ``lang``, or to "C" (untranslated) for English and for
    a catalog that could not be compiled anywhere; both are restored afterwards.
    """
    folder = None if lang == SOURCE_LANGUAGE else gettext_folder(lang)
    if folder is not None:
        gettext.bindtextdomain(DOMAIN, str(folder))
    previous_domain = gettext.textdomain()
    previous_language = os.environ.get("LANGUAGE")
    gettext.textdomain(DOMAIN)
    os.environ["LANGUAGE"] = lang if folder is not None else "C"
    try:
        yield
    finally:
        gettext.textdomain(previous_domain)
        if previous_language is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = previous_language


def wrap_wide_text(text: str, width: int, initial_indent: str = "", subsequent_indent: str = "") -> str:
    """``text`` wrapped by terminal columns, each paragraph marked for click not to rewrap.

    A paragraph already marked is left as it is. click's formatter then only indents the
    lines (the way it shows any marked paragraph), so the indents given here are only
    measured.
    """
    blocks = []
    for paragraph in text.split("\n\n"):
        if paragraph.lstrip(" \n").startswith(NO_REWRAP):
            blocks.append(paragraph)
            continue
        lines = wrap_wide(paragraph, width - display_width(subsequent_indent), width - display_width(initial_indent))
        blocks.append("\n".join([NO_REWRAP, *lines]) if lines else "")
    return "\n\n".join(blocks)


class I18nHelpFormatter(click.HelpFormatter):
    """click's help layout, with text that has Japanese or Chinese in it wrapped by columns.

    click breaks lines at spaces only and counts characters, so a Japanese paragraph would
    stay one line twice the terminal's width. Such text is wrapped here and handed on marked
    as not to be rewrapped (click's ``\\b``); any other text goes to click unchanged.
    """

    def write_text(self, text: str) -> None:
        if has_wide(text):
            indent = " " * self.current_indent
            text = wrap_wide_text(text, self.width, indent, indent)
        super().write_text(text)

    def write_dl(self, rows: Iterable[tuple[str, str]], col_max: int = 30, col_spacing: int = 2) -> None:
        rows = list(rows)
        if any(has_wide(second) for _first, second in rows):
            # the width click gives the second column
            first_col = min(measure_table(rows)[0], col_max) + col_spacing
            text_width = max(self.width - first_col - 2, 10)
            rows = [
                (first, wrap_wide_text(second, text_width) if has_wide(second) else second) for first, second in rows
            ]
        super().write_dl(rows, col_max, col_spacing)


class I18nContext(click.Context):
    """A context whose help is laid out by :class:`I18nHelpFormatter`."""

    formatter_class = I18nHelpFormatter


class TranslatedText:
    """A help attribute that keeps the English text and reads as its translation."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.slot = f"_english_{name}"

    def __get__(self, obj: object, owner: type | None = None) -> Any:
        if obj is None:
            return self
        text = obj.__dict__.get(self.slot)
        return _(inspect.cleandoc(text)) if isinstance(text, str) and text else text

    def __set__(self, obj: object, value: str | None) -> None:
        obj.__dict__[self.slot] = value


class I18nOption(click.Option):
    """An option whose help is translated when shown."""

    help = TranslatedText()


class I18nArgument(click.Argument):
    """An argument whose help (click 8.2+) is translated when shown."""

    help = TranslatedText()


class I18nCommand(click.Command):
    """A command whose help, short help and epilog are translated when shown.

    A custom command class translates too when it derives from this one first:
    ``class MyGroup(I18nCommand, SomeGroup)``.
    """

    help = TranslatedText()
    short_help = TranslatedText()
    epilog = TranslatedText()
    context_class = I18nContext

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.params = [adopt(param) for param in self.params]

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        # click builds (and caches) its help option with the help text translated at that
        # moment; build it in English so that the cached text is the message id.
        with using_language(SOURCE_LANGUAGE), click_language(SOURCE_LANGUAGE):
            option = super().get_help_option(ctx)
        return adopt(option) if option is not None else None

    def get_short_help_str(self, limit: int = 45) -> str:
        """click's short help (in a group's list of commands), cut by columns where the help is wide."""
        help = self.help
        if self.short_help or self.deprecated or not help or not has_wide(help):
            return super().get_short_help_str(limit)
        return shorten_wide(help, limit).strip()


class I18nGroup(I18nCommand, click.Group):
    """The top group: runs in the interface language and makes its commands translate too."""

    command_class = I18nCommand
    group_class = type  # subgroups made with @group.group() are I18nGroups

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        super().add_command(adopt(cmd), name)

    def main(self, args: Sequence[str] | None = None, *rest: Any, **kwargs: Any) -> Any:
        words = list(sys.argv[1:] if args is None else args)
        with using_language(resolve_ui_language(ui_lang_argument(words), os.environ)) as lang, click_language(lang):
            return super().main(args, *rest, **kwargs)


_ADOPTED: dict[type, type] = {
    click.Option: I18nOption,
    click.Argument: I18nArgument,
    click.Command: I18nCommand,
    click.Group: I18nGroup,
}


def adopt(obj: Any) -> Any:
    """Make a plain click Option, Argument, Command or Group (and what it holds) translate its help.

    Only objects of exactly those classes change (their class becomes the I18n one, which
    adds no state); a custom subclass keeps its class and should derive from ours.
    """
    target = _ADOPTED.get(type(obj))
    if target is not None:
        texts = {name: obj.__dict__.pop(name) for name in _TEXTS if name in obj.__dict__}
        obj.__class__ = target
        for name, text in texts.items():
            setattr(obj, name, text)
    if isinstance(obj, click.Command):
        obj.params = [adopt(param) for param in obj.params]
    if isinstance(obj, click.Group):
        for command in obj.commands.values():
            adopt(command)
    return obj


def ui_lang_argument(args: Sequence[str]) -> str | None:
    """The value given to --ui-lang among the words of a command line (before a lone --)."""
    for i, word in enumerate(args):
        if word == "--":
            break
        if word == UI_LANG_OPTION and i + 1 < len(args):
            return args[i + 1]
        if word.startswith(UI_LANG_OPTION + "="):
            return word.partition("=")[2]
    return None


def _check_ui_lang(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """Reject a language without a catalog (I18nGroup.main has already switched to a good one)."""
    if value is not None and match_language(value) is None:
        raise click.BadParameter(
            _("no messages in {language!r}; available: {languages}").format(
                language=value, languages=", ".join(available_languages())
            ),
            ctx=ctx,
            param=param,
        )
    return value


def ui_lang_option(f: F) -> F:
    """The global --ui-lang option (put it on the top group, which must be an I18nGroup)."""
    return click.option(
        UI_LANG_OPTION,
        "ui_lang",
        metavar="LANG",
        expose_value=False,
        is_eager=True,
        callback=_check_ui_lang,
        cls=I18nOption,
        help="Language of messages and help, e.g. de or ja (default: $MTGKB_LANG, else the locale: "
        "$LC_ALL, $LC_MESSAGES, $LANG).",
    )(f)


def version_option(package_name: str) -> Callable[[F], F]:
    """click.version_option with its message translated when printed (click's is fixed at import)."""

    def show(ctx: click.Context, param: click.Parameter, value: bool) -> None:
        if not value or ctx.resilient_parsing:
            return
        from importlib.metadata import version  # lazy: importlib.metadata, ~56 modules: only --version asks

        message = _("%(prog)s, version %(version)s")
        click.echo(message % {"prog": ctx.find_root().info_name, "version": version(package_name)})
        ctx.exit()

    return click.option(
        "--version",
        is_flag=True,
        expose_value=False,
        is_eager=True,
        callback=show,
        cls=I18nOption,
        help=N_("Show the version and exit."),
    )
