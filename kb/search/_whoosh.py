"""whoosh, imported without the modules it never needs here.

whoosh-reloaded's ``whoosh.compat`` imports ``urllib.request`` (and with it http.client,
ssl and email) for a download helper this project never calls, and ``whoosh.reading``
takes ``cached_property`` from the package of that name, which imports asyncio: together
100 to 300 ms of every search process. Other modules it imports serve what a search never
does (copying files, a temporary folder, dates, HTML): milliseconds more. While
the whoosh modules this project uses are imported, each of these is stood in for: the
functions whoosh takes from them by functions that import the real module on first call, a
module by one that imports the real module on first use of a name, and ``cached_property``
by the standard library's functools.cached_property (what the package offers on Python 3.8+).
The stand-ins are removed at once, so any other import of these names gets the real module.

Its snowball package imports the stemmers of fourteen languages when the first stemmer is
asked for; it is stood in for by a package that imports a language's module when its stemmer
is asked for (this one stays: the stemmers are asked for later).

One method is mended: a segment's per-document reader asks the file system whether a field
has a length column at every posting of a field that has none (ID and keyword fields),
half a million ``stat`` calls in a whole-corpus build; the answer cannot change for an
open segment, so it is remembered.
"""

from __future__ import annotations

import functools
import importlib
import sys
import types

# Module -> the functions whoosh takes from it by name (None: whoosh imports the module itself).
_LATER: dict[str, tuple[str, ...] | None] = {
    "urllib.request": ("urlretrieve",), "html": ("escape",),
    "shutil": ("copyfileobj",), "tempfile": None, "calendar": None,
}
# whoosh.lang.snowball's table: language code -> (module, stemmer class); tests compare it with whoosh's.
SNOWBALL = {
    "da": ("danish", "DanishStemmer"), "nl": ("dutch", "DutchStemmer"), "en": ("english", "EnglishStemmer"),
    "fi": ("finnish", "FinnishStemmer"), "fr": ("french", "FrenchStemmer"), "de": ("german", "GermanStemmer"),
    "hu": ("hungarian", "HungarianStemmer"), "it": ("italian", "ItalianStemmer"),
    "no": ("norwegian", "NorwegianStemmer"), "pt": ("portugese", "PortugueseStemmer"),
    "ro": ("romanian", "RomanianStemmer"), "ru": ("russian", "RussianStemmer"), "es": ("spanish", "SpanishStemmer"),
    "sv": ("swedish", "SwedishStemmer"),
}


def _real(name: str) -> types.ModuleType:
    module = sys.modules.get(name)
    if module is None or isinstance(module, _Later):
        sys.modules.pop(name, None)
        module = importlib.import_module(name)
    return module


class _Later(types.ModuleType):
    """A module that imports the real one at the first use of a name it does not hold."""

    def __getattr__(self, name: str):
        if name.startswith("__"):
            raise AttributeError(name)
        real = _real(self.__name__)
        self.__dict__.update({key: value for key, value in vars(real).items() if not key.startswith("__")})
        return getattr(real, name)


def _later_function(module: str, name: str):
    def call(*args, **kwargs):
        return getattr(_real(module), name)(*args, **kwargs)

    call.__name__ = name
    return call


class _Stemmers(dict):
    """SNOWBALL with each stemmer class imported when it is asked for."""

    def __getitem__(self, code: str):
        found = dict.__getitem__(self, code)
        if isinstance(found, tuple):
            module, name = found
            found = getattr(importlib.import_module(f"whoosh.lang.snowball.{module}"), name)
            dict.__setitem__(self, code, found)
        return found


def _snowball() -> None:
    import whoosh.lang

    if "whoosh.lang.snowball" in sys.modules:
        return
    package = _Later("whoosh.lang.snowball")
    package.__path__ = [f"{whoosh.lang.__path__[0]}/snowball"]
    package.classes = _Stemmers(SNOWBALL)  # type: ignore[attr-defined]
    sys.modules["whoosh.lang.snowball"] = package


def _load() -> None:
    if "whoosh.reading" in sys.modules:
        return
    stand_ins: dict[str, types.ModuleType] = {}
    for name, functions in _LATER.items():
        if name not in sys.modules:
            module = stand_ins[name] = _Later(name)
            for function in functions or ():
                setattr(module, function, _later_function(name, function))
    if "cached_property" not in sys.modules:
        stand_ins["cached_property"] = types.ModuleType("cached_property")
        stand_ins["cached_property"].cached_property = functools.cached_property  # type: ignore[attr-defined]
    sys.modules.update(stand_ins)
    try:
        import whoosh.analysis  # noqa: F401
        import whoosh.codec.whoosh3  # noqa: F401
        import whoosh.fields  # noqa: F401
        import whoosh.index  # noqa: F401
        import whoosh.reading  # noqa: F401
    finally:
        for name, module in stand_ins.items():
            if sys.modules.get(name) is module:
                del sys.modules[name]
    _snowball()


def _remember_columns() -> None:
    from whoosh.codec import whoosh3

    reader = whoosh3.W3PerDocReader
    if getattr(reader.has_column, "remembered", False):
        return
    asked = reader.has_column

    def has_column(self, fieldname):
        known = self.__dict__.setdefault("_mtgkb_columns", {})
        found = known.get(fieldname)
        if found is None:
            found = known[fieldname] = asked(self, fieldname)
        return found

    has_column.remembered = True  # type: ignore[attr-defined]
    reader.has_column = has_column


_load()
_remember_columns()
