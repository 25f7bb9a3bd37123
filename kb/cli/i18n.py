"""click in the interface language, chosen at run time.

Three things make click speak the interface language:

* click's own messages ("Usage:", "Options", "Error: No such option: ...") come from
  ``gettext.gettext`` and ``gettext.ngettext`` bound in click's modules; importing this
  module points those names at kb.i18n, so our catalogs (which hold click's messages
  too) answer them in the language of the moment.
* Help texts stay plain English in the code (``help="..."``, docstrings) and are
  translated when read: the classes below keep the English text and return its
  translation from ``.help``, ``.short_help`` and ``.epilog``. A group adopts plain
  click commands, options and arguments added to it, so other modules need no change.
* click wraps help at spaces and counts characters; Japanese and Chinese help is
  wrapped by terminal columns instead (kb.i18n.wrap).

The language is set around each run by :class:`I18nGroup.main` from ``--ui-lang`` or the
environment, and restored afterwards, so CliRunner tests can switch per invocation.
"""

from __future__ import annotations

import gettext
import importlib
import inspect
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click
from click import core, formatting

from kb.i18n import N_, _, available_languages, match_language, ngettext, resolve_ui_language, using_language
from kb.i18n.wrap import display_width, has_wide, shorten_wide, wrap_wide

UI_LANG_OPTION = "--ui-lang"
_CLICK_MODULES = ("core", "decorators", "exceptions", "formatting", "parser", "termui", "types", "utils",
                  "shell_completion", "_termui_impl")
_TEXTS = ("help", "short_help", "epilog")

F = TypeVar("F", bound=Callable[..., Any])


def patch_click() -> None:
    """Have click translate through kb.i18n and lay out Japanese and Chinese text.

    click looks these names up in its modules when it runs, so replacing them there is
    enough; each is replaced once and only while it is still click's own.
    """
    for name in _CLICK_MODULES:
        module = importlib.import_module(f"click.{name}")
        if getattr(module, "_", None) is gettext.gettext:
            module._ = _
        if getattr(module, "ngettext", None) is gettext.ngettext:
            module.ngettext = ngettext
    if formatting.wrap_text is _click_wrap_text:
        formatting.wrap_text = wrap_text
    if getattr(core, _SHORT_HELP) is _click_short_help:
        setattr(core, _SHORT_HELP, short_help)


_click_wrap_text = formatting.wrap_text
_SHORT_HELP = "_make_default_short_help" if hasattr(core, "_make_default_short_help") else "make_default_short_help"
_click_short_help = getattr(core, _SHORT_HELP)  # click 8.2 renamed it


def wrap_text(text: str, width: int = 78, initial_indent: str = "", subsequent_indent: str = "",
              preserve_paragraphs: bool = False) -> str:
    """click's wrap_text, which also breaks text without spaces, by columns (kb.i18n.wrap)."""
    if not has_wide(text):
        return _click_wrap_text(text, width, initial_indent, subsequent_indent, preserve_paragraphs)
    blocks = []
    for paragraph in text.split("\n\n") if preserve_paragraphs else [text]:
        if paragraph.lstrip(" \n").startswith("\b"):  # click's mark for a block not to rewrap
            blocks.append("\n".join(initial_indent + line for line in paragraph.splitlines()[1:]))
            continue
        lines = wrap_wide(paragraph, width - display_width(subsequent_indent), width - display_width(initial_indent))
        blocks.append("\n".join([initial_indent + lines[0], *(subsequent_indent + line for line in lines[1:])])
                      if lines else "")
    return "\n\n".join(blocks)


def short_help(help: str, max_length: int = 45) -> str:
    """click's short help of a command, also for text without spaces."""
    return shorten_wide(help, max_length) if has_wide(help) else _click_short_help(help, max_length)


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

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.params = [adopt(param) for param in self.params]

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        # click builds (and caches) its help option with the help text translated at that
        # moment; build it in English so that the cached text is the message id.
        with using_language("en"):
            option = super().get_help_option(ctx)
        return adopt(option) if option is not None else None


class I18nGroup(I18nCommand, click.Group):
    """The top group: runs in the interface language and makes its commands translate too."""

    command_class = I18nCommand
    group_class = type  # subgroups made with @group.group() are I18nGroups

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        super().add_command(adopt(cmd), name)

    def main(self, args: Sequence[str] | None = None, *rest: Any, **kwargs: Any) -> Any:
        words = list(sys.argv[1:] if args is None else args)
        with using_language(resolve_ui_language(ui_lang_argument(words), os.environ)):
            return super().main(args, *rest, **kwargs)


_ADOPTED: dict[type, type] = {click.Option: I18nOption, click.Argument: I18nArgument,
                              click.Command: I18nCommand, click.Group: I18nGroup}


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
                language=value, languages=", ".join(available_languages())),
            ctx=ctx, param=param)
    return value


def ui_lang_option(f: F) -> F:
    """The global --ui-lang option (put it on the top group, which must be an I18nGroup)."""
    return click.option(
        UI_LANG_OPTION, "ui_lang", metavar="LANG", expose_value=False, is_eager=True, callback=_check_ui_lang,
        cls=I18nOption,
        help="Language of messages and help, e.g. de or ja (default: $MTGKB_LANG, else the locale: "
             "$LC_ALL, $LC_MESSAGES, $LANG).")(f)


def version_option(package_name: str) -> Callable[[F], F]:
    """click.version_option with its message translated when printed (click's is fixed at import)."""

    def show(ctx: click.Context, param: click.Parameter, value: bool) -> None:
        if not value or ctx.resilient_parsing:
            return
        from importlib.metadata import version

        message = _("%(prog)s, version %(version)s")
        click.echo(message % {"prog": ctx.find_root().info_name, "version": version(package_name)})
        ctx.exit()

    return click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=show,
                        cls=I18nOption, help=N_("Show the version and exit."))


patch_click()
