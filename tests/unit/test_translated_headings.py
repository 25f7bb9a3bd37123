"""A translation's glossary and credits headings in its own language end its last rule.

The Korean translation of youbeebee/kormtgcr (a011d64, MagicCompRules_KR.txt) heads its glossary
용어사전; before the heading was known, its glossary and credits were read as the text of 905.6.
"""

from __future__ import annotations

import pytest

from kb.importers import cr_text

BODY = """마법: 더 개더링 종합 규칙

이 문서는 2021년 4월 23일부터 유효합니다.

1. 게임 개념

100. 일반

100.1. 이 마법: 더 개더링 규칙은 두 명 이상의 플레이어가 게임을 할 때 적용됩니다.

905.6. 일단 시작 플레이어가 정해지면, 각 플레이어는 자신의 생명 총점을 20으로 맞추고 카드 7장을 뽑습니다.

{glossary}

능동적 플레이어
현재 턴의 플레이어입니다.

{credits}

Magic: The Gathering 규칙 관리자
"""


@pytest.mark.parametrize(
    ("glossary", "credits"),
    [
        ("용어사전", "제작진"),
        ("용어 사전", "제작진"),
        ("Glossaire", "Crédits"),
        ("Glosario", "Créditos"),
        ("Glossario", "Crediti"),
    ],
)
def test_the_last_rule_ends_at_the_glossary_heading_of_its_language(glossary, credits):
    text = BODY.format(glossary=glossary, credits=credits)
    doc = cr_text.parse(text.encode("utf-8"), "MagicCompRules_KR.txt")
    last = next(rule for rule in doc.rules if rule.number == "905.6")
    assert last.text.endswith("카드 7장을 뽑습니다.")
    assert [entry.term for entry in doc.glossary] == ["능동적 플레이어"]
    assert doc.glossary[0].text == "현재 턴의 플레이어입니다."
