"""A Russian question names a game action in the form a sentence needs (first person, imperative,
participle), and the term dictionary names it by its infinitive or noun: "снаряжу" (I will equip)
is Снаряжение, "пожертвую" is пожертвовать. The Russian stemmer leaves a verb's theme on
(пожертвова-, снаряжен-), so the dictionary matches the stems without it (kb.search.terms.russian_root).
The questions are written for these tests, not taken from the question sets."""

from __future__ import annotations

import pytest

from kb.search import search
from kb.search.terms import key_terms, russian_root
from tests.unit.test_search_question_kinds import rules_db  # noqa: F401  (English rules, indexed)


@pytest.mark.parametrize(
    "asked, named",
    [
        ("снаряжу", "снаряжение"),
        ("снаряжено", "снаряжение"),
        ("пожертвую", "пожертвовать"),
        ("пожертвуйте", "пожертвовать"),
        ("трансформирующуюся", "трансформировать"),
        ("трансформирующаяся", "трансформировать"),
        ("атакующий", "атаковать"),
        ("разыгрываю", "разыграть"),
        ("уничтожу", "уничтожение"),
    ],
)
def test_the_form_a_question_uses_meets_the_name_of_the_term(asked, named):
    assert key_terms("ru", asked) == key_terms("ru", named)


@pytest.mark.parametrize(
    "one, other",
    [
        ("существо", "сущность"),  # creature, essence
        ("карта", "картина"),  # card, picture
        ("блокирует", "неблокируемое"),  # blocks, unblockable: the negation stays
    ],
)
def test_words_that_only_begin_alike_stay_apart(one, other):
    assert key_terms("ru", one) != key_terms("ru", other)


def test_a_root_of_fewer_than_four_letters_keeps_its_stem():
    assert russian_root("атака") == "атак"
    assert russian_root("зона") == "зона"  # "зон" would be too little to tell the word
    assert russian_root("ман") == "ман"


@pytest.mark.parametrize(
    "question, term, rule",
    [
        ("Станут ли мои существа сильнее, если я снаряжу их?", "Equip", "301.5"),
        ("Я пожертвую перманент: что это значит?", "Sacrifice", "701.21"),
        ("Как работает трансформирующаяся карта?", "Transform", "701.27"),
    ],
)
def test_a_question_in_the_first_person_finds_the_action_it_names(rules_db, question, term, rule):  # noqa: F811
    found = search(rules_db.store, question, limit=10)
    assert term in [english for names in found.expansions.values() for english in names], found.expansions
    first = [result.number for result in found.results[:3]]
    assert any(number == rule or (number.startswith(rule) and number[len(rule)].isalpha()) for number in first), (
        first,
        found.expansions,
    )
