"""Every bundled card's abilities against its Oracle text (the ``text`` of its file).

A card is data: its trigger events, activated abilities, keywords and effect verbs
must each be named by the Oracle text, in the text's order, and the text must
have no triggered or activated ability that the data lacks. "When Ertai's Familiar
dies" against a text that says "phases out or leaves the battlefield" fails here.
"""

from __future__ import annotations

import re

import pytest

from kb.engine.cards import KEYWORDS, VANISHING, load_pool
from kb.scenarios import CARD_DIR

POOL = load_pool(CARD_DIR)

# What the condition of a triggered ability says for each event of the vocabulary.
EVENT_PHRASES = {
    "dies": "dies",
    "leaves": "leaves the battlefield",
    "phases_out": "phases out",
    "phases_in": "phases in",
    "enters": "enters",
    "land_enters": "a land enters",
    "upkeep": "upkeep",
    "end_step": "end step",
    "chaos": "chaos ensues",
    "encounter": "you encounter",
    "planeswalk_from": "planeswalk away from",
    "cast": "casts a spell",
    "attacks": "attacks",
    "dice_rolled": "you roll",
    "becomes_tapped": "becomes tapped",
    "becomes_unattached": "becomes unattached",
    "lore_counter": "lore counter",
    "chapter": "chapter",
    "mutates": "mutates",
}
# What the text says for each effect verb (any of the patterns).
VERB_PATTERNS = {
    "mill": r"\bmills?\b",
    "draw": r"\bdraws?\b",
    "discard": r"\bdiscard",
    "destroy": r"\bdestroy",
    "exile": r"\bexile",
    "exile_self": r"\bexile",
    "exile_linked": r"\bexile",
    "return_linked": r"\breturn",
    "sacrifice": r"\bsacrific",
    "each_player_sacrifices": r"\bsacrific",
    "phase_out": r"\bphases? out\b",
    "counters": r"\bcounters?\b",
    "remove_counters": r"\bremove",
    "create_token": r"\btokens?\b",
    "gain_life": r"\bgains?\b.*\blife\b",
    "lose_life": r"\blos(e|es)\b.*\blife\b",
    "damage_players": r"\bdamage\b",
    "damage": r"\bdamage\b",
    "tap": r"\btap\b",
    "untap": r"\buntap\b",
    "pump": r"[+-](\d+|X)/[+-](\d+|X)",
    "set_pt": r"base power and toughness",
    "may": r"\bmay\b",
    "flip_coin": r"\bflip",
    "extra_turns": r"extra turns?",
    "set_life": r"life total become",
    "counter_ability": r"\bcounter target\b",
    "attach": r"\b(equip|fortify|attach)",
    "repeat_until_win": r"\brepeat\b",
    "each_player_copy": r"\bcopy\b",
    "proliferate": r"\bproliferate\b",
    "add_mana": r"\badd\b",
    "roll_die": r"\broll\b",
    "to_library": r"\bon top of\b.*\blibrary\b",
    "choose_up_to": r"\bchoose (up to|any number)\b",
    "put_onto_battlefield": r"\bonto the battlefield\b",
}


def _sentences(text: str) -> list[str]:
    """The sentences of a text outside reminder text (in parentheses)."""
    plain = re.sub(r"\([^)]*\)", "", text)
    return [s.strip() for line in plain.splitlines() for s in re.split(r"(?<=\.)\s+", line) if s.strip()]


def _trigger_conditions(text: str) -> list[str]:
    out = []
    for line in re.sub(r"\([^)]*\)", "", text).splitlines():
        line = re.sub(r"^[IVX, ]+ — ", "", line.strip())  # Saga chapters: "I, II — ..."
        for s in re.split(r"(?<=\.)\s+", line):
            if re.match(r"(When|Whenever|At the beginning)\b", s):
                out.append(s.split(",")[0])
    return out


def _activated_lines(text: str, mana: bool = False) -> list[str]:
    """The lines of activated abilities: other than mana abilities (605), or only those (``mana``)."""
    lines = [ln.strip() for ln in re.sub(r"\([^)]*\)", "", text).splitlines()]
    cost = re.compile(r"^(\{[^}]+\}|[+\-−]\d+|Pay \d+ life|\{T\})[^:]*: ")
    found = [ln for ln in lines if cost.match(ln) or re.match(r"^(Equip|Fortify|Unearth) \{", ln)]
    return [ln for ln in found if bool(re.search(r": Add\b", ln)) == mana]


def _verbs(steps, out: set[str]) -> set[str]:
    for step in steps or ():
        ((verb, params),) = step.items()
        out.add(verb)
        if isinstance(params, dict):
            for key in ("effect", "win", "lose", "else", "kicked", "results"):
                value = params.get(key)
                if isinstance(value, list):
                    _verbs(value, out)
                elif isinstance(value, dict):
                    for sub in value.values():
                        _verbs(sub, out)
    return out


@pytest.mark.parametrize("name", POOL.names())
def test_card_abilities_follow_oracle_text(name: str) -> None:
    check_abilities(POOL.get(name))


def check_abilities(card) -> None:
    """The card's modelled abilities against its Oracle text (an AssertionError names what differs)."""
    name = card.name
    text = card.text
    if card.triggers or card.activated or card.statics or card.spell or card.keywords:
        assert text, f"{name}: has abilities but no Oracle text"
    triggers = [t for t in card.triggers if t not in VANISHING and t not in card.chapters]
    if card.vanishing is not None:
        assert re.search(r"^Vanishing", text, re.M), f"{name}: vanishing without 'Vanishing' in its text"
    conditions = _trigger_conditions(text)
    if "Saga" not in card.subtypes:
        assert len(conditions) == len(triggers), f"{name}: text has {conditions}, data {[t.on for t in triggers]}"
        for trig, cond in zip(triggers, conditions):
            events = trig.on if isinstance(trig.on, tuple) else (trig.on,)
            for event in events:
                assert EVENT_PHRASES[event].casefold() in cond.casefold(), f"{name}: {event!r} not in {cond!r}"
            if "result" in trig.when:  # "Whenever you roll a 5 or higher": the data's "5+"
                assert f"{trig.when['result'].rstrip('+')} or higher" in cond, f"{name}: {trig.when} vs {cond!r}"
            named = {e for e, phrase in EVENT_PHRASES.items() if phrase.casefold() in cond.casefold()}
            # "dies" is also "leaves the battlefield"; "a land enters" is also "enters".
            extra = (
                named
                - set(events)
                - {"enters" if "land_enters" in events else "", "upkeep" if "end_step" in events else ""}
            )
            extra -= {"leaves"} if "dies" in events else set()
            assert not extra, f"{name}: {cond!r} also names {sorted(extra)}, data has {events}"
    if card.unearth:
        assert f"Unearth {card.unearth}" in text, f"{name}: unearth {card.unearth} not in its text"
    if card.kicker:
        printed = "Kicker " + " and/or ".join(card.kicker)
        assert re.search(rf"^{re.escape(printed)}$", text, re.M), f"{name}: {printed!r} not a line of its text"
    if card.mutate:
        assert re.search(rf"^Mutate {re.escape(card.mutate)} \(", text, re.M), f"{name}: mutate not in its text"
    if card.warp:
        assert re.search(rf"^Warp {re.escape(card.warp)} \(", text, re.M), f"{name}: warp {card.warp} not in its text"
    for line in _activated_lines(text, mana=True):
        # A mana ability is the land's `mana` ("{T}: Add {C}."), or the card says it left it out.
        assert line == f"{{T}}: Add {{{card.mana}}}." or line in card.simplified, (
            f"{name}: mana ability {line!r} neither modelled nor named in 'simplified'"
        )
    if card.multikicker:
        assert f"Multikicker {card.multikicker}" in text, f"{name}: multikicker {card.multikicker} not in its text"
    if "Saga" in card.subtypes:
        romans = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6}
        printed = {
            romans[r.strip()]
            for line in text.splitlines()
            if " — " in line
            for r in line.split(" — ")[0].split(",")
            if r.strip() in romans
        }
        assert printed == {a.when["chapter"] for a in card.chapters}, f"{name}: chapters {printed}"
    assert len(_activated_lines(text)) == len(card.activated) + bool(card.unearth), (
        f"{name}: text has {_activated_lines(text)}, data {[a.label for a in card.activated]}"
    )
    lines = [ln.strip().casefold() for ln in text.splitlines()]
    for keyword in card.keywords:
        assert keyword in lines or any(ln.startswith(keyword) for ln in lines), f"{name}: keyword {keyword} not in text"
    for line in lines:
        if line in KEYWORDS:
            assert line in card.keywords, f"{name}: text has keyword {line}, data doesn't"
    verbs: set[str] = set()
    for ability in card.triggers + card.activated + ((card.spell,) if card.spell else ()):
        if ability not in VANISHING:
            _verbs(ability.effect, verbs)
    body = re.sub(r"\([^)]*\)", "", text)
    for verb in verbs:
        pattern = VERB_PATTERNS.get(verb)
        if pattern is not None:
            assert re.search(pattern, body, re.I), f"{name}: effect {verb} but the text never says /{pattern}/"


def test_ertais_familiar_is_read_from_its_oracle_text() -> None:
    card = POOL.get("Ertai's Familiar")
    assert "phases out or leaves the battlefield, mill three cards" in card.text
    assert [t.on for t in card.triggers] == [("phases_out", "leaves")]


def test_a_card_that_contradicts_its_text_is_caught() -> None:
    from kb.engine.cards import parse_card

    wrong = parse_card(
        {
            "name": "Wrong Familiar",
            "types": ["Creature"],
            "power": 1,
            "toughness": 1,
            "text": "When Wrong Familiar phases out or leaves the battlefield, mill three cards.",
            "triggers": [{"event": "dies", "when": {"self": True}, "effect": [{"mill": {"count": 3}}]}],
        },
        "test",
    )
    cond = _trigger_conditions(wrong.text)[0]
    assert EVENT_PHRASES["dies"] not in cond
    with pytest.raises(AssertionError, match=r"Wrong Familiar: 'dies' not in"):  # the pool's own check fails it
        check_abilities(wrong)


# Keywords a card may carry that the engine doesn't play: such a card must say so in `simplified`.
NOT_PLAYED = {"first strike": "there is no first-strike combat damage step"}


@pytest.mark.parametrize("name", POOL.names())
def test_card_text_is_published_oracle_text(name: str) -> None:
    """The text is the Oracle text as published today, and whatever the data leaves out is said."""
    check_text(POOL.get(name))


def check_text(card) -> None:
    """The card's text as Oracle text, and its ``simplified`` note (an AssertionError names what is wrong)."""
    name = card.name
    text = card.text
    if not text:  # a vanilla creature's Oracle text is empty; anything with abilities has text
        assert not (card.triggers or card.activated or card.statics or card.spell or card.keywords), name
    assert "(test card)" not in text, f"{name}: a made-up card belongs in a scenario file, not in data/cards"
    assert "enters the battlefield" not in text, f"{name}: today's Oracle text says 'enters' (2024 update)"
    assert not re.search(r"^-\d", text, re.M), f"{name}: a loyalty cost is written with a minus sign (−), not '-'"
    assert "~" not in text and "CARDNAME" not in text, f"{name}: Oracle text names the card"
    for keyword, why in NOT_PLAYED.items():
        if keyword in card.keywords:
            assert keyword in card.simplified.casefold(), (
                f"{name}: has {keyword}, which the engine doesn't play ({why}); say so in 'simplified'"
            )
    if card.simplified:
        quoted = re.findall(r'"([^"]+)"', card.simplified)
        assert quoted, f"{name}: 'simplified' quotes the part of the text it leaves out"
        for part in quoted:
            assert part in text, f"{name}: 'simplified' quotes {part!r}, which is not in its text"


def _scenario_cards() -> list[tuple[str, dict]]:
    import yaml

    from kb.scenarios import SCENARIO_DIR

    out = []
    for path in sorted(SCENARIO_DIR.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or "scenarios" not in data:
            continue
        cards = list(data.get("cards") or [])
        for scenario in data.get("scenarios") or []:
            cards += scenario.get("cards") or []
        out += [(path.name, card) for card in cards]
    return out


def test_cards_of_bundled_scenario_files_say_they_are_made_up() -> None:
    cards = _scenario_cards()
    assert len(cards) >= 10
    wrong = [(f, c["name"]) for f, c in cards if not str(c.get("text", "")).startswith("(test card)")]
    assert not wrong, f"cards defined in scenario files without '(test card)': {wrong}"


def test_a_simplified_note_that_quotes_nothing_of_the_text_is_caught() -> None:
    from kb.engine.cards import parse_card

    card = parse_card(
        {
            "name": "Half Gate",
            "types": ["Land"],
            "mana": "C",
            "text": "{T}: Add {C}.\n{1}, {T}: Add one mana of any color.",
            "simplified": '"{2}, {T}: Add two mana." is left out.',
        },
        "test",
    )
    quoted = re.findall(r'"([^"]+)"', card.simplified)
    assert quoted == ["{2}, {T}: Add two mana."] and quoted[0] not in card.text
    with pytest.raises(AssertionError, match=r"Half Gate: 'simplified' quotes '\{2\}, \{T\}: Add two mana\.'"):
        check_text(card)  # the pool's own check fails it
    assert _activated_lines(card.text, mana=True) == ["{T}: Add {C}.", "{1}, {T}: Add one mana of any color."]
