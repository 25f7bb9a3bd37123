"""Records: the part of dataclasses that a lookup's and a search's classes use, without importing it.

The dataclasses module imports inspect (and with it ast, dis and tokenize): 20 ms of every fresh
process that defines one. A fresh `mtgkb show` defines six (the rule, its links and references,
rule numbers and ranges, an inferred edition), a fresh `mtgkb search` 27 more. ``@record`` reads
the class's annotations as ``@dataclass`` does and gives an ``__init__`` (defaults;
``fresh(factory=list)`` for a new list per record), equality and a repr by fields (a method the
class defines itself is kept), immutability and a hash with ``frozen=True``; :func:`replace` and
:func:`fields` stand in for dataclasses' own. The methods are generated as dataclasses generates
them, so building a record costs what building a dataclass does; each class compiles them on the
first call of one (a process uses few of the classes it defines).
"""

from __future__ import annotations

from collections.abc import Callable

TYPE_CHECKING = False  # typing itself is not imported: it costs a fresh process milliseconds
if TYPE_CHECKING:
    from typing import TypeVar, dataclass_transform

    T = TypeVar("T")
else:
    def dataclass_transform(**_options):
        return lambda function: function

FIELDS = "__record_fields__"


class _Fresh:
    def __init__(self, factory: Callable[[], object]) -> None:
        self.factory = factory


def fresh(*, factory: Callable[[], T]) -> T:
    """A default made anew for each record (as ``field(default_factory=...)``): ``tags: list = fresh(factory=list)``;
    the keyword is what type checkers read as a default."""
    return _Fresh(factory)  # type: ignore[return-value]  # read by @record, never left on a record


@dataclass_transform(field_specifiers=(fresh,))  # type checkers read a record's fields as a dataclass's
def record(cls: type | None = None, *, frozen: bool = False):
    """Make ``cls`` a record (``@record`` or ``@record(frozen=True)``)."""

    def make(cls: type) -> type:
        names: list[str] = []
        defaults: dict[str, object] = {}
        for klass in reversed(cls.__mro__):
            for name, annotation in vars(klass).get("__annotations__", {}).items():
                if "ClassVar" in str(annotation):
                    continue
                if name not in names:
                    names.append(name)
                if name in vars(klass):
                    defaults[name] = vars(klass)[name]
        for name, default in defaults.items():
            if isinstance(default, _Fresh) and name in vars(cls):
                delattr(cls, name)
        setattr(cls, FIELDS, tuple(names))
        _generate(cls, names, defaults, frozen)
        return cls

    return make if cls is None else make(cls)


def _generate(cls: type, names: list[str], defaults: dict[str, object], frozen: bool) -> None:
    """Give ``cls`` its methods as stand-ins that compile the real ones on first call: compiling
    them costs a third of a millisecond per class, and a process uses few of the classes it defines."""
    methods = ["__init__", *(m for m in ("__eq__", "__repr__") if m not in vars(cls))]
    if frozen:
        methods.append("__hash__")
        setattr(cls, "__setattr__", _refuse)
        setattr(cls, "__delattr__", _refuse)
    elif "__hash__" not in vars(cls):
        setattr(cls, "__hash__", None)  # mutable and compared by value, as a dataclass
    plan = (names, defaults, tuple(methods))
    for method in methods:
        setattr(cls, method, _stand_in(cls, method, plan))


def _stand_in(cls: type, method: str, plan: tuple):
    def stand_in(self, *args, **kwargs):
        _compile(cls, *plan)
        return getattr(cls, method)(self, *args, **kwargs)

    stand_in.__name__, stand_in.__qualname__ = method, f"{cls.__qualname__}.{method}"
    return stand_in


def _compile(cls: type, names: list[str], defaults: dict[str, object], methods: tuple[str, ...]) -> None:
    """The methods of ``cls``, generated as dataclasses generates them."""
    space: dict[str, object] = {"_MISSING": _MISSING}
    params, body = [], []
    for name in names:
        default = defaults.get(name, _MISSING)
        if default is _MISSING:
            params.append(name)
        elif isinstance(default, _Fresh):
            space[f"_make_{name}"] = default.factory
            params.append(f"{name}=_MISSING")
            body.append(f"    if {name} is _MISSING: {name} = _make_{name}()")
        else:
            space[f"_default_{name}"] = default
            params.append(f"{name}=_default_{name}")
    body.append(f"    self.__dict__.update({', '.join(f'{n}={n}' for n in names)})" if names else "    pass")
    fields_tuple = "(" + "".join(f"self.{n}, " for n in names) + ")"
    other_tuple = "(" + "".join(f"other.{n}, " for n in names) + ")"
    source = "\n".join([
        f"def __init__(self, {', '.join(params)}):", *body,
        "def __eq__(self, other):",
        "    if other.__class__ is not self.__class__: return NotImplemented",
        f"    return {fields_tuple} == {other_tuple}",
        "def __repr__(self):",
        f"    return self.__class__.__qualname__ + '(' + ', '.join(["
        + ", ".join(f"'{n}=' + repr(self.{n})" for n in names) + "]) + ')'",
        "def __hash__(self):",
        f"    return hash({fields_tuple})",
    ])
    exec(source, space)
    for method in methods:
        function = space[method]
        function.__qualname__ = f"{cls.__qualname__}.{method}"  # type: ignore[attr-defined]
        setattr(cls, method, function)


class _Missing:
    def __repr__(self) -> str:
        return "<no default>"


_MISSING = _Missing()


def _refuse(self, name: str, *_value: object) -> None:
    raise AttributeError(f"{type(self).__name__} is frozen: cannot change {name!r}")


def fields(obj: object) -> tuple[str, ...]:
    """The field names of a record or its class, in order."""
    return getattr(obj, FIELDS)


def replace(obj, **changes):
    """A copy of a record with some fields changed (as dataclasses.replace)."""
    return type(obj)(**{**{name: getattr(obj, name) for name in fields(obj)}, **changes})


def is_record(obj: object) -> bool:
    """Whether ``obj`` is a record (an instance of a class made by ``@record``)."""
    return hasattr(type(obj), FIELDS)
