"""The "as it happens" marker (kb.crosscheck.markers): an event the original times "as" it happens, said to happen
"after" in the translation."""

from __future__ import annotations

from kb.crosscheck.markers import lost_markers

ORIGINAL = "put this spell into its owner’s hand instead of into that player’s graveyard as it resolves."


def test_as_it_resolves_said_as_after_it_resolves():
    # 702.27a of the Chinese text of 2023-11-17, corrected by 2026-04-17
    lost = lost_markers("则此咒语结算后改为置于其拥有者的手上，而非该牌手的坟墓场。", ORIGINAL, "zh")
    assert [(x.marker, x.english, x.found) for x in lost] == [("as it happens", "as it resolves", "结算后")]
    assert lost_markers("この呪文は解決した後、オーナーの手札に戻る。", ORIGINAL, "ja")[0].found == "解決した後"


def test_as_said_as_as_or_an_original_that_says_after_is_no_finding():
    assert lost_markers("则此咒语于结算时改为置于其拥有者的手上。", ORIGINAL, "zh") == []
    assert (
        lost_markers("此咒语结算后置于手上。", "After it resolves, put it into your hand as it resolves.", "zh") == []
    )
    # a language without the contrary form listed: no finding either way
    assert lost_markers("Nachdem er verrechnet wurde, nimm ihn auf die Hand.", ORIGINAL, "de") == []
    # Korean has it: "after it resolves" (해결된 후)
    assert [x.found for x in lost_markers("해결된 후 손으로 돌아갑니다.", ORIGINAL, "ko")] == ["해결된 후"]
