"""whoosh, imported without the modules it never needs here.

whoosh-reloaded's ``whoosh.compat`` imports ``urllib.request`` (and with it http.client,
ssl and email) for a download helper this project never calls, and ``whoosh.reading``
takes ``cached_property`` from the package of that name, which imports asyncio: together
100 to 300 ms of every search process. While the whoosh modules this project uses are
imported, ``urllib.request`` is stood in for by a function that imports the real one on
first call and ``cached_property`` by the standard library's functools.cached_property
(what the package offers on Python 3.8+). The stand-ins are removed at once, so any
other import of either name gets the real module.

One method is mended: a segment's per-document reader asks the file system whether a field
has a length column at every posting of a field that has none (ID and keyword fields),
half a million ``stat`` calls in a whole-corpus build; the answer cannot change for an
open segment, so it is remembered.
"""

from __future__ import annotations

import functools
import sys
import types


def _urlretrieve(*args, **kwargs):
    from urllib.request import urlretrieve as real

    return real(*args, **kwargs)


def _load() -> None:
    if "whoosh.reading" in sys.modules:
        return
    stand_ins = {}
    if "urllib.request" not in sys.modules:
        stand_ins["urllib.request"] = types.ModuleType("urllib.request")
        stand_ins["urllib.request"].urlretrieve = _urlretrieve  # type: ignore[attr-defined]
    if "cached_property" not in sys.modules:
        stand_ins["cached_property"] = types.ModuleType("cached_property")
        stand_ins["cached_property"].cached_property = functools.cached_property  # type: ignore[attr-defined]
    sys.modules.update(stand_ins)
    try:
        import whoosh.analysis  # noqa: F401
        import whoosh.fields  # noqa: F401
        import whoosh.index  # noqa: F401
        import whoosh.reading  # noqa: F401
    finally:
        for name, module in stand_ins.items():
            if sys.modules.get(name) is module:
                del sys.modules[name]


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
