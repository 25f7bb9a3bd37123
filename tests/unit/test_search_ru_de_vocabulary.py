"""Russian and German questions in the game's everyday words (issue 41): the term dictionary knows the
Russian and German names of zones, card types, steps, actions and numbers (data/terms_builtin.tsv), the
players' words read their chatter and states (data/players_words.tsv), and the questions reach their
rule on a fresh database of today's English rules. The questions are written for these tests, not
taken from the question sets."""

from __future__ import annotations

import pytest

from kb.search import index, players, search
from kb.search.terms import BUILTIN, Lexicon, database_names, key_terms, tsv_names
from kb.terms.vocabulary import cr_terms
from tests.unit.test_search_question_kinds import rules_db  # noqa: F401  (English rules, indexed)


def _defines(number: str, rule: str) -> bool:
    """``number`` is ``rule`` or one of its lettered subrules (503 and 503.1, 702.2 and 702.2a, not 702.20)."""
    return number == rule or (number.startswith(rule) and not number[len(rule)].isdigit())


ASKED = [
    ("Что будет, если у меня кончатся карты в библиотеке?", "704.5b"),
    ("Могу ли я сыграть мгновенное заклинание во время хода оппонента?", "117.1a"),
    ("Что происходит с существом с выносливостью 0?", "704.5f"),
    ("Что будет, если у игрока 0 жизней?", "704.5a"),
    ("Что делает шаг поддержки?", "503"),
    ("Можно ли отменить способность?", "701.6"),
    ("Что такое общая мана-стоимость?", "202.3"),
    ("Was passiert, wenn ich keine Karten mehr in meiner Bibliothek habe?", "704.5b"),
    ("Kann ich einen Spontanzauber im Zug meines Gegners wirken?", "117.1a"),
    ("Was passiert mit einer Kreatur mit Widerstandskraft von 0?", "704.5f"),
    ("Was passiert im Versorgungssegment?", "503"),
    ("Kann man eine Fähigkeit neutralisieren?", "701.6"),
    ("Was sind umgewandelte Manakosten?", "202.3"),
    ("Wie viele Länder darf ich pro Zug ausspielen?", "305.2"),
]


@pytest.mark.parametrize("question, rule", ASKED)
def test_a_question_in_everyday_words_finds_its_rule_in_the_first_three(rules_db, question, rule):  # noqa: F811
    found = search(rules_db.store, question, limit=10)
    first = [result.number for result in found.results[:3]]
    assert any(_defines(number, rule) for number in first), (first, found.expansions)


KEYWORDS = [  # the printed Russian names of keyword abilities and actions, in the forms a question uses
    ("Как работает тотемная броня?", "702.89"),  # Totem armor, today's umbra armor
    ("Когда я могу снаряжать?", "702.6"),
    ("Снаряжу ли я существо без стоимости?", "702.6"),
    ("Что делает оберег?", "702.21"),
    ("Может ли существо с пеленой быть целью моих заклинаний?", "702.18"),
    ("Как работает бешенство, если я сбрасываю карту?", "702.35"),
    ("Сколько стоит повернуть оборотня рубашкой вниз?", "702.37"),
    ("Как работает знание болот?", "702.14"),
    ("Что значит скрутить три карты?", "701.17"),
    ("Что значит использовать Разведку?", "701.44"),
    ("Как углубиться в подземелье?", "701.49"),
    ("Что делает угнетение?", "702.110"),
    ("Как работает мультиусилитель?", "702.33"),
    ("Можно ли разъярить свое собственное существо?", "701.15"),
    ("Может ли существо со страхом быть заблокировано артефактным существом?", "702.36"),
    ("Как работает выкапывание?", "702.66"),
    ("Как работает повышение уровня?", "702.87"),
    ("Что такое перевертыш?", "702.73"),
    ("Как работает экипаж?", "702.122"),
    ("Как работает пробивающий удар?", "702.19"),
    ("Когда срабатывает эхо?", "702.30"),
]


@pytest.mark.parametrize("question, rule", KEYWORDS)
def test_a_keyword_named_in_russian_finds_its_rule_in_the_first_three(rules_db, question, rule):  # noqa: F811
    found = search(rules_db.store, question, limit=10)
    first = [result.number for result in found.results[:3]]
    assert any(_defines(number, rule) for number in first), (first, found.expansions)


def test_a_common_word_is_not_read_as_a_keyword(rules_db):  # noqa: F811
    """Захват (reach), повышение (exalted) and исчезновение (vanishing) are printed names, but a question
    uses them as words: "захватить контроль", "повышение силы", "исчезновение существа"."""
    found = search(rules_db.store, "Могу ли я захватить контроль над существом оппонента?")
    assert "захватить" not in found.expansions
    found = search(rules_db.store, "Что происходит при повышении силы существа до конца хода?")
    assert "повышении" not in found.expansions
    found = search(rules_db.store, "Что происходит при исчезновении существа с поля битвы?")
    assert "исчезновении" not in found.expansions


def test_the_words_of_a_question_are_read_as_the_english_terms(rules_db):  # noqa: F811
    found = search(rules_db.store, "Могу ли я сыграть мгновенное заклинание во время хода оппонента?")
    assert found.expansions["мгновенное заклинание"] == ["Instant"]  # before: neither was read
    found = search(rules_db.store, "Что значит перетасовать библиотеку?")
    assert found.expansions["перетасовать"] == ["Shuffle"]
    assert found.expansions["библиотеку"] == ["Library"]
    found = search(rules_db.store, "Kann ich einen Spontanzauber wirken?")
    assert found.expansions["wirken"] == ["Cast"]


NAMES = [  # (language, as a question writes it, the English term's key)
    ("ru", "мгновенного заклинания", "instant"),
    ("ru", "мгновенные заклинания", "instant"),
    ("ru", "волшебства", "sorcery"),
    ("ru", "хода", "turn"),
    ("ru", "шага поддержки", "upkeep step"),
    ("ru", "шаге очистки", "cleanup step"),
    ("ru", "руку", "hand"),
    ("ru", "разыгрываю", "cast"),
    ("ru", "разыграть", "cast"),
    ("ru", "повреждений", "damag"),
    ("ru", "выносливостью", "toughness"),
    ("ru", "общей мана-стоимостью", "mana valu"),
    ("ru", "тотемной броней", "umbra armor"),  # the keyword names and their forms
    ("ru", "снаряжу", "equip"),
    ("ru", "снаряжайте", "equip"),
    ("ru", "оборотнем", "morph"),
    ("ru", "усилителя", "kicker"),
    ("ru", "Разведку", "explor"),
    ("ru", "скручивает", "mill"),
    ("ru", "углубитесь в подземелье", "ventur into the dungeon"),
    ("de", "Kreaturen", "creatur"),  # the stemmer joins the plural
    ("de", "Länder", "land"),
    ("de", "Hexereien", "sorcery"),
    ("de", "gewirkt", "cast"),  # a participle it does not join: a row of its own
    ("de", "neutralisiert", "counter"),
    ("de", "Aufräumsegment", "cleanup step"),
    ("de", "umgewandelten Manakosten", "mana valu"),
]


@pytest.fixture(scope="module")
def lexicon(rules_db) -> Lexicon:  # noqa: F811
    return index.lexicon(rules_db.store)


@pytest.mark.parametrize("lang, text, pivot", NAMES)
def test_the_dictionary_reads_the_russian_and_german_names_in_their_forms(lexicon, lang, text, pivot):
    keys = [key_terms(lang, word) for word in text.split()]
    matches = lexicon.match(lang, keys)
    assert len(matches) == 1 and (matches[0].start, matches[0].end) == (0, len(keys)), matches
    assert pivot in matches[0].pivots


def test_every_russian_and_german_row_names_an_english_term_of_the_rules(rules_db):  # noqa: F811
    """The English side of each Russian and German row is a term of the English rules (their glossary,
    titles and keyword lists: kb.terms.vocabulary) or a pivot of the database's own dictionary, so the
    name reaches the rules' words."""
    own = set(cr_terms(rules_db.store.conn)) | set(Lexicon(database_names(rules_db.store.conn)).english)
    rows = [
        name for name in tsv_names(BUILTIN.read_text(encoding="utf-8"), "terms_builtin") if name.lang in ("ru", "de")
    ]
    assert len(rows) > 250
    assert [(name.lang, name.name, name.english) for name in rows if name.key not in own] == []


def test_states_and_chatter_in_russian_and_german_are_read():
    assert players.read("что будет, если у меня кончатся карты?", "ru").rules == ["704.5b", "121.4"]
    assert players.read("существо с нулевой выносливостью умирает?", "ru").rules[0] == "704.5f"
    assert players.read("помогите, что будет при 0 очков жизни?", "ru").rules == ["704.5a", "104.3b"]
    reading = players.read("Hallo, was passiert, wenn meine Bibliothek leer ist?", "de")
    assert reading.rules == ["704.5b", "121.4"]
    assert "Hallo" not in reading.text  # chatter
    assert players.read("Was geschieht bei null Lebenspunkte?", "de").rules == ["704.5a", "104.3b"]
    # a state told in two parts of one sentence
    assert players.read("Что если цель заклинания стала недействительной?", "ru").rules == ["608.2b"]
