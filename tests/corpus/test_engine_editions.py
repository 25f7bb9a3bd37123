"""Editions: the rule changes the engine knows, checked against the real CR texts."""

from __future__ import annotations

import pytest

from kb.engine.editions import CHANGES, Edition, EditionError


def read_cr(path) -> str:
    raw = path.read_bytes()
    if raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
        text = raw.decode("utf-16")
    else:
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = raw.decode("cp1252")
    return text.replace("\r\n", "\n").replace("\r", "\n").replace("\u2019", "'").replace("\u201c", '"')


def test_edition_flags_switch_on_at_their_dates():
    old, new = Edition.of("2010-07-16"), Edition.of("20260807")
    assert not old.has("phased_out_tokens_survive") and new.has("phased_out_tokens_survive")
    assert old.has("phasing_removes_from_combat") and not Edition.of("2009-07-11").has("phasing_removes_from_combat")
    assert (old.phasing_rule, new.phasing_rule) == ("702.23", "702.26")
    assert (Edition.of("2017-08-25").phenomena_rule, new.phenomena_rule, old.phenomena_rule) == ("310", "312", None)


def test_the_phased_out_zone_editions_are_playable():
    old = Edition.of("2009-05-01")
    assert not old.has("phasing_is_status") and Edition.of("2009-07-11").has("phasing_is_status")
    assert old.phasing_rule == "502.15"


@pytest.mark.parametrize("text", ["2001-01-01", "yesterday", "2010-13-01"])
def test_unplayable_editions_are_refused(text):
    with pytest.raises(EditionError):
        Edition.of(text)


@pytest.mark.parametrize(
    "change, before, after, phrase",
    [
        ("phasing_is_status", "20090711", "20090711", None),
        (
            "phased_out_tokens_survive",
            "20170707",
            "20170825",
            "Tokens continue to exist on the battlefield while phased out",
        ),
        ("phasing_removes_from_combat", "20100618", "20100716", "if it phases out"),
        ("phasing_does_not_trigger_attach", "20100716", "20101001", "becomes attached or unattached"),
        ("phase_in_after_controller_left", "20180119", "20180427", "next turn would have begun"),
        (
            "resolved_effects_skip_phased_out",
            "20200703",
            "20200807",
            "won't be included in the set of affected objects",
        ),
    ],
)
def test_each_change_date_matches_the_corpus(corpus, change, before, after, phrase):
    assert CHANGES[change] == f"{after[:4]}-{after[4:6]}-{after[6:]}"
    old = read_cr(corpus("en", "full", f"MagicCompRules_{before}.txt"))
    new = read_cr(corpus("en", "full", f"MagicCompRules_{after}.txt"))
    if phrase is None:  # the rule that went away: the phased-out zone of 217.8a
        gone = "Permanents that phase out are placed in the phased-out zone"
        assert gone in read_cr(corpus("en", "full", "MagicCompRules_20090501.txt")) and gone not in new
        return
    assert phrase not in old and phrase in new
