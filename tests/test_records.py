"""kb.core.records: what the search classes used of dataclasses, compared with dataclasses itself."""

from __future__ import annotations

import dataclasses

import pytest

from kb.core.model import plain
from kb.core.records import fields, fresh, is_record, record, replace


@record
class Hit:
    number: str
    score: float = 0.0
    tags: list[str] = fresh(factory=list)


@dataclasses.dataclass
class DataHit:
    number: str
    score: float = 0.0
    tags: list[str] = dataclasses.field(default_factory=list)


@record(frozen=True)
class Point:
    x: int
    y: int = 0


@record
class Inner:
    hit: Hit
    points: tuple[Point, ...] = ()


def test_a_record_is_built_as_a_dataclass_is():
    for cls in (Hit, DataHit):
        hit = cls("702.26b", tags=["phasing"])
        assert (hit.number, hit.score, hit.tags) == ("702.26b", 0.0, ["phasing"])
        assert cls("1").tags == [] and cls("1").tags is not cls("1").tags  # a fresh list each time
        assert cls("1", 2.0).score == 2.0
        with pytest.raises(TypeError):
            cls()  # type: ignore[call-arg]
        with pytest.raises(TypeError):
            cls("1", number="2")  # type: ignore[misc]
        with pytest.raises(TypeError):
            cls("1", colour="red")  # type: ignore[call-arg]
    assert repr(Hit("1", 2.0)) == "Hit(number='1', score=2.0, tags=[])"
    assert fields(Hit) == ("number", "score", "tags") and is_record(Hit("1")) and not is_record(DataHit("1"))


def test_equality_hashing_and_freezing():
    assert Hit("1") == Hit("1") and Hit("1") != Hit("2") and Hit("1") != DataHit("1")
    with pytest.raises(TypeError):
        hash(Hit("1"))  # mutable: unhashable, as a dataclass
    assert {Point(1, 2), Point(1, 2), Point(1)} == {Point(1, 2), Point(1, 0)}
    with pytest.raises(AttributeError):
        Point(1).x = 3  # type: ignore[misc]
    hit = Hit("1")
    hit.score = 5.0
    assert hit.score == 5.0


def test_replace_and_plain_as_dataclasses_do():
    assert replace(Point(1, 2), y=5) == Point(1, 5)
    with pytest.raises(TypeError):
        replace(Point(1), z=3)
    nested = Inner(Hit("702.26b", 1.5, ["a"]), (Point(1, 2),))
    assert plain(nested) == {"hit": {"number": "702.26b", "score": 1.5, "tags": ["a"]}, "points": ({"x": 1, "y": 2},)}
    assert plain(DataHit("1")) == dataclasses.asdict(DataHit("1"))


def test_methods_are_compiled_on_first_call():
    """A class's methods stand in until one is called: a process compiles only the classes it uses."""

    @record(frozen=True)
    class Unused:
        name: str
        tags: tuple = ()

    assert Unused.__init__.__code__.co_varnames[:3] == ("self", "args", "kwargs")  # the stand-in
    first = Unused("a")
    assert Unused.__init__.__code__.co_varnames[:3] == ("self", "name", "tags")  # compiled now
    assert Unused.__hash__.__qualname__.endswith("Unused.__hash__")
    assert first == Unused("a", ()) and hash(first) == hash(Unused("a", ())) and repr(first).endswith("Unused(name='a', tags=())")


def test_a_plain_subclass_built_first_compiles_its_records_methods():
    @record
    class Base:
        name: str
        count: int = 0

    class Child(Base):
        pass

    child = Child("a")
    assert (child.name, child.count) == ("a", 0) and child == Child("a") and child != Base("a")
    assert Base("b", 2) == Base(name="b", count=2)
