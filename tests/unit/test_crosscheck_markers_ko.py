"""Korean meaning markers (kb.crosscheck.markers) on short quotes of the youbeebee Korean translation
(https://github.com/youbeebee/kormtgcr, MagicCompRules_KR.txt; its README: free to quote), each labelled in
tests/data/crosscheck_precision_fresh.tsv; the English is the CR's of the same date."""

from __future__ import annotations

from kb.crosscheck.markers import lost_markers

SIDEBOARD = "In constructed play, a sideboard may contain no more than fifteen cards."
SAGA = (
    "“{rN}—[Effect]” means “When one or more lore counters are put onto this Saga, if the number of lore counters on"
    " it was less than N and became at least N, [effect].”"
)


def found(translation: str, original: str) -> list[tuple[str, str | None]]:
    return [(x.marker, x.found) for x in lost_markers(translation, original, "ko")]


def test_no_more_than_said_as_less_than_and_its_correction():
    # 100.4a at 9387f83 (2018): 15장 미만, fewer than fifteen; corrected to 15장 이하 at 2936991
    assert found("컨스에서는 사이드보드가 15장 미만이어야 합니다.", SIDEBOARD) == [("at most", "미만")]
    assert found("컨스에서는 사이드보드가 15장 이하여야 합니다.", SIDEBOARD) == []


def test_zero_or_less_said_as_zero_or_below_is_right():
    # 104.3b: 0 또는 그 미만 ("0 or below it") renders "0 or less"
    assert (
        found(
            "한 플레이어의 생명점이 0 또는 그 미만이 된 경우, 그 플레이어는 다음 우선권을 받을 때 게임에서 패배합니다.",
            "If a player’s life total is 0 or less, that player loses the game the next time a player would receive"
            " priority.",
        )
        == []
    )


def test_less_than_said_as_or_less_is_found():
    # 715.2b of 2022-01-20: "was less than N" as N이하였다가 (was N or less): the chapter triggers a counter late
    translation = (
        '"{rN}: [효과]"는 "만약 놓인 전승 카운터의 수가 N이하였다가 N을 넘겼을 때, [효과]를 한다."를 의미합니다.'
    )
    assert found(translation, SAGA) == [("less than", "이하")]
    assert found('"만약 놓인 전승 카운터의 수가 N 미만이었다가 N 이상이 되었을 때"', SAGA) == []


def test_a_prohibition_dropped_is_found_and_one_said_as_is_not_is_kept():
    # 700.2d: the sentence "that player normally can't choose the same mode more than once" is missing
    assert found(
        "특정한 모드를 한번 이상 선택할 수 있고 그 모드가 목표를 가진다면, 같은 플레이어나 개체를 각 모드의 목표로 잡을 수"
        " 있습니다.",
        "If a player is allowed to choose more than one mode for a modal spell or ability, that player normally can’t"
        " choose the same mode more than once.",
    ) == [("can't", None)]
    # 614.4: "they can't go back in time and change" as 변경하는 것이 아닙니다 (it is not changing)
    assert (
        found(
            '그것은 "그 시간으로 다시 되돌아가"서 이미 일어난 일을 변경하는 것이 아닙니다.',
            "they can’t “go back in time” and change something that’s already happened.",
        )
        == []
    )


def test_a_rule_left_in_english_is_no_marker_finding():
    # 702.21c of 2016-11-15 is printed in English: the untranslated check names it
    english = "(Defending players can’t declare bands but may use banding in a different way; see rule 702.21j.)"
    assert found(english, english) == []


def test_gaining_control_said_as_controlling():
    # 702.95e: "another player gains control of it" as 조종하게 될 경우
    original = "A paired creature becomes unpaired if any of the following occur: another player gains control of it."
    assert found("다른 플레이어가 해당 생물을 조종하게 될 경우, 짝이 없는 상태가 됩니다.", original) == []
    assert found("다른 플레이어가 해당 생물을 공격하게 될 경우, 짝이 없는 상태가 됩니다.", original) == [("gain", None)]


def test_the_bottom_of_the_deck_dropped():
    # 701.24b: "on the bottom of its owner's planar deck" as only "into the planar deck"; 위 is the next clause's top
    original = (
        "To planeswalk is to put each face-up plane card and phenomenon card on the bottom of its owner’s planar deck"
        " face down, then move the top card of your planar deck off that planar deck and turn it face up."
    )
    translation = (
        "Planeswalk를 하기 위해서, 각 앞면 차원 카드와 현상 카드를 소유자의 차원 덱에 뒷면 상태로 놓습니다. 그리고 차원"
        " 덱의 가장 위 카드를 앞면으로 뒤집습니다."
    )
    assert found(translation, original) == [("bottom", "위")]
    assert found(translation.replace("차원 덱에 뒷면", "차원 덱 맨 아래에 뒷면"), original) == []


def test_an_opponent_said_as_a_player():
    # 102.3 of 2022-01-20, and the same with 상대 (opponent) turned into 플레이어 (player)
    original = "the player’s opponents are all players not on their team."
    translation = "그 플레이어의 상대는 그의 팀이 아닌 모든 플레이어를 말합니다."
    assert found(translation, original) == []
    assert found(translation.replace("상대", "적"), original) == [("opponent", None)]
