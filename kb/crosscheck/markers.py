"""Meaning markers: small words of the original that a translation must render, per language.

Translation QA tools check that numbers, negations and the like survive translation
(Okapi CheckMate's pattern check, Verifika's "numbers" and custom checks, LanguageTool's
bilingual rules). Each marker here is an English pattern and, per translation language,
the forms that render it. A marker is a finding when the original has it and the
translation has none of its forms, or, for a pair of opposites (left/right, top/bottom),
when the translation says the opposite, or, for a marker translators render many ways (the
comparatives, "as it resolves"), when the translation holds the contrary form and not the
right one. Only markers whose absence a translator can verify at a glance are listed, for a
language only where its forms render the marker in at least 9 of 10 rules of a real
translation (bench/bench_marker_forms.py); the confidence of the zh and ja markers was
measured on the tuning half of the labelled corrections (tests/data/crosscheck_corrections_zh.tsv),
that of the Korean and comparative ones is set from the Korean labels
(tests/data/crosscheck_precision_fresh.tsv), which are few.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Marker:
    name: str  # "left", "may", ...
    english: re.Pattern
    forms: dict[str, re.Pattern]  # language -> what renders it
    opposite: str | None = None  # the marker it must not be turned into
    confidence: float = 0.5
    contrary: dict[str, re.Pattern] | None = None  # language -> what says otherwise (a finding where present)
    unless: re.Pattern | None = None  # words of the original that allow the contrary form


def _en(pattern: str) -> re.Pattern:
    return re.compile(pattern, re.IGNORECASE)


# "to the active player’s left", "to your right", "on the left", "the left half": a direction, never the verb
# ("has left the battlefield") nor "the right to".
_DIRECTION = r"\bto (?:the |your |his |her |their |its )?(?:[a-z]+ )?(?:player’s )?{side}\b|\bon the {side}\b|\b{side} (?:side|half)\b"

# Comparatives of the original. "equal to or less than" and "less than or equal to" say "at most", not "less than".
_AT_MOST = r"\bno more than\b|\bor (?:fewer|less)\b|\bat most\b|\bless than or equal\b"
_LESS_THAN = r"(?<!no )(?<!or )\b(?:less|fewer) than\b(?! or equal)"
_AT_LEAST = r"\bor (?:more|greater)\b|\bat least\b|\bgreater than or equal\b"

# An ability's own wording opens a sentence or a quote; its subject is the object or a template slot.
_OPENING = r"(?:^|(?<=[.:;] )|(?<=[“\"‘']))"
_SUBJECT = r"(?:it|they|this [\w\[\]]+|that \w+|the \w+|an? \w+|[A-Z]\w+|\[[^\]]+\])"
_ENTER_ZH = "(?:进入战场|进战场|进场)"  # 2026-04-17 writes 进场
# "As it enters": Korean 들어오면서 ("while entering"), Chinese 于…进场时 (as against 当…时, "when"), Japanese
# 戦場に出るに際して; "when it enters": 들어올 때, 当…进场时 / 每当, 戦場に出たとき / たび.
_AS_ENTERS = {
    "ko": re.compile("들어오면서|들어가면서|들어오며|들어오는 동시"),
    "zh": re.compile(f"于[^，。；“”]{{0,20}}{_ENTER_ZH}[^，。；]{{0,3}}时|{_ENTER_ZH}的同时|随着"),
    "ja": re.compile("戦場に出る(?:に際|際|時点|のと同時)"),
}
_WHEN_ENTERS = {
    "ko": re.compile("들어올 ?때|들어오는 때"),
    "zh": re.compile(f"(?:当|每当)[^，。；“”]{{0,20}}{_ENTER_ZH}[^，。；]{{0,3}}时|每当"),
    "ja": re.compile("戦場に出た(?:とき|時)|戦場に出るたび"),
}

MARKERS: tuple[Marker, ...] = (
    Marker(
        "left",
        _en(_DIRECTION.format(side="left")),
        {"zh": re.compile("左"), "ja": re.compile("左"), "ko": re.compile("왼|좌측")},
        "right",
        0.95,
    ),
    Marker(
        "right",
        _en(_DIRECTION.format(side="right")),
        {"zh": re.compile("右"), "ja": re.compile("右"), "ko": re.compile("오른|우측")},
        "left",
        0.95,
    ),
    Marker(
        "top",
        _en(r"\b(?:on|from|to|at) (?:the )?top\b|\btopmost\b"),
        {
            "zh": re.compile("顶|最上"),
            "ja": re.compile("一番上|上に|最上|上から|上"),
            "ko": re.compile("위|꼭대기"),
        },
        "bottom",
        0.9,
    ),
    # A cost, not a trigger: "As an additional cost to cast this spell, you may sacrifice …" said as "when you cast
    # this spell, you may sacrifice …" (702.153a of the Chinese text of 2023-11-17) drops the cost. Each language
    # renders the construction one way ("…作为施放此咒语的额外费用", "この呪文を唱えるための追加コストとして"): 10 of
    # the 11 Chinese and all 15 Japanese rules that say it.
    Marker(
        "additional cost",
        _en(r"\bas an additional cost\b"),
        {
            "zh": re.compile("(?:作为|以)[^。；]{0,30}额外费用"),
            "ja": re.compile("追加コストとして"),
            "ko": re.compile("추가 ?비용으로"),
        },
        None,
        0.9,
    ),
    # Usually, not always: flavor text "usually appears below the rules text" (207.2b, the English since 2021-07-12)
    # said as "appears below" in the Chinese translators' state of 2022-06-10 (corrected in 2023-10-13). Held by all
    # 39 Chinese rules of 2023-11-17 that say it and all 47 of 2026-04-17 (大都 in 302.3 and 308.2); Japanese renders
    # it too many ways (多くの場合, 基本的に …: 24 of 47 with 通常 or 普通), Korean is not measured: Chinese only.
    Marker(
        "usually",
        _en(r"\busually\b"),
        {"zh": re.compile("通常|一般|往往|多半|大多|大都|多数")},
        None,
        0.8,
    ),
    # Gaining or acquiring: the object ends up with the ability. A translation may say it the other way round (an
    # effect grants it: 赋予, 与える); "acquires a pair of linked abilities" as 需要 ("needs", 607.5 of the Chinese
    # text of 2023-11-17, corrected in 2024) says neither. Held by 56 of 57 Chinese and all 59 Japanese rules.
    Marker(
        "gain",
        _en(r"\b(?:acquires?|acquired|gains?|gained)\b"),
        {
            "zh": re.compile("获得|得到|取得|具有|拥有|得|赋予"),
            "ja": re.compile("得|持つ|持っ|獲得|与え"),
            # Korean says "gains control of" as the verb of control (조종하게 되다) and "the copy acquires the
            # copiable values" as "copies them" (복사하게 됩니다, 707.2)
            "ko": re.compile("얻|가지|가진|갖|가질|가져|부여|받|조종|복사"),
        },
        None,
        0.8,
    ),
    # At the same time, not afterwards: "put this spell into its owner's hand … as it resolves" said as 结算后
    # ("after it resolves", 702.27a of the Chinese text of 2023-11-17, corrected by 2026-04-17), where the spell
    # would be in the graveyard already. A translation may render "as" many ways (于…时, 際, 면서), so the finding is
    # the contrary form: the event followed by "after", where the original says neither "after" nor "then". Of the
    # 31 Chinese rules of 2023-11-17 that say "as it resolves/enters", two say 结算后 (702.27a; 702.140f, "the
    # permanent it merges with as it resolves", a paraphrase); none of the 34 Japanese ones.
    Marker(
        "as it happens",
        _en(r"\bas (?:it|they|this [\w\[\]]+|that \w+|the \w+|an? \w+|[A-Z]\w+|\[[^\]]+\]) (?:resolves?|enters?)\b"),
        {},
        None,
        0.5,
        {
            "zh": re.compile("(?:结算|进入战场|进战场)(?:完毕|完成)?(?:之|以)?后"),
            "ja": re.compile("(?:解決|戦場に出)[しただ]*後"),
            "ko": re.compile("(?:해결|전장에 들어)[된온간되고오]{0,2} ?(?:이 ?)?후"),
        },
        _en(r"\bafter\b|\bthen\b"),
    ),
    # A replacement, not a trigger (CR 603.1 against 614.12): an ability worded "As [this] enters, ..." acts as the
    # permanent enters, one "When [this] enters, ..." triggers after it has entered. Korean 702.81a (2019) rendered
    # devour's "As this object enters" 들어올 때 ("when it enters"), corrected to 들어오면서. Only the ability's own
    # wording is read (a capitalised "As"/"When" opening a sentence or a quote): mid-sentence "a card becomes a
    # permanent as it enters" is told loosely in every language (Korean 들어올 때, Japanese 110.1 戦場に出たとき).
    # Measured (bench/bench_marker_forms.py --corpus): the "as" form in 6 of 8 Korean rules of 2022-01-20 (the
    # other two keep the English, 603.6d, or say 들어올 때, 208.2b), 9/9 zh 2023-11-17, 11/11 zh 2026-04-17, 9/9 ja.
    Marker(
        "as, not when",
        re.compile(rf"{_OPENING}As {_SUBJECT} enters?\b"),
        _AS_ENTERS,
        None,
        0.8,
        _WHEN_ENTERS,
        re.compile(rf"{_OPENING}(?:When|Whenever) {_SUBJECT} enters?\b"),
    ),
    # ... and the other way round: "When [this] enters" said with the "as" form, a trigger made a replacement. The
    # trigger form renders it in 12/12 Korean rules, 16/16 zh 2023-11-17, 18/18 zh 2026-04-17, 18/18 ja.
    Marker(
        "when, not as",
        re.compile(rf"{_OPENING}(?:When|Whenever) {_SUBJECT} enters?\b"),
        _WHEN_ENTERS,
        None,
        0.8,
        _AS_ENTERS,
        re.compile(rf"{_OPENING}As {_SUBJECT} enters?\b"),
    ),
    # What a choice or a value depends on: "chooses an appropriate player to be its protector based on its battle
    # type" rendered without it (704.5w of the Chinese translators' state of 2023-11-17, corrected in 2024), so
    # that any player seems appropriate. Held by 26 of 27 Chinese rules of 2023-11-17 and of 2026-04-17 (603.12's
    # "trigger based on whether …" is told as "check whether …"); Japanese renders it too many ways (元に, 見て,
    # 対して: 21 of 27), Korean too (16 of 22): Chinese only.
    Marker(
        "based on",
        _en(r"\bbased on\b|\baccording to\b|\bdepending on\b"),
        {"zh": re.compile("根据|依据|基于|按照|依照|取决|视|依|按|据|因")},
        None,
        0.5,
    ),
    Marker(
        "bottom",
        _en(r"\b(?:on|from|to|at) (?:the )?bottom\b|\bbottommost\b"),
        {
            "zh": re.compile("底|最下"),
            "ja": re.compile("一番下|下に|最下|下から|下"),
            "ko": re.compile("아래|밑|바닥"),
        },
        "top",
        0.9,
    ),
    # Comparatives. A translation renders "no more than fifteen" by the form for "or fewer" (이하, 以下) or by a
    # paraphrase ("may not exceed": 초과해서는 안, 不超过; "two or more ... can't": 두 장 이상 ... 없), so the finding
    # is the contrary form, "less than" (미만, 未満, 少于), where the rule says neither the right form nor "less than"
    # itself: 100.4a "no more than fifteen" as 15장 미만 (the Korean text of 2018-10-05, corrected later). Korean
    # writes "0 or less" as 0 또는 그 미만 ("0 or below it"), Chinese "N or less" as 等于或小于N: both right.
    Marker(
        "at most",
        _en(_AT_MOST),
        {
            "ko": re.compile("이하|또는 (?:그 )?미만|초과|넘지|최대"),
            "zh": re.compile("以下|不超过|不多于|至多|最多|以内|之内|或小于|或少于|或更少"),
            "ja": re.compile("以下|まで|超え|以内"),
        },
        None,
        0.8,
        {"ko": re.compile("미만"), "zh": re.compile("少于|小于|不足|未满"), "ja": re.compile("未満")},
        _en(_LESS_THAN),
    ),
    # ... and the other way round: "less than N" as N 이하 ("N or less"), where the rule says neither 미만 nor
    # "smaller, fewer, lower" (적, 작, 낮): 107.15a and 715.2b of the Korean text of 2022-01-20, "was less than N and
    # became at least N" as N이하였다가 N을 넘겼을, a chapter that triggers a counter late.
    Marker(
        "less than",
        _en(_LESS_THAN),
        {
            "ko": re.compile("미만|적|작|낮|못 미"),
            "zh": re.compile("少于|小于|低于|不足|未满|较少|更少|较小|更小|较低|更低"),
            "ja": re.compile("未満|より少な|より小さ|低い|少な|小さ"),
        },
        None,
        0.8,
        {"ko": re.compile("이하"), "zh": re.compile("以下|不超过|至多"), "ja": re.compile("以下")},
        _en(_AT_MOST),
    ),
    # "N or more", "at least N" (이상, 以上, 至少) said as "more than N" (초과, 超过, 超え).
    Marker(
        "at least",
        _en(_AT_LEAST),
        {
            "ko": re.compile("이상|최소"),
            "zh": re.compile("以上|至少|或更多|不少于|最少|或多|或数|达到或超过|或等于|或大于|或更高|或更大"),
            "ja": re.compile("以上|少なくとも|最低"),
        },
        None,
        0.8,
        {"ko": re.compile("초과"), "zh": re.compile("超过|多于|大于"), "ja": re.compile("超え|より多")},
        _en(r"(?<!no )\b(?:more|greater) than\b(?! or equal)"),
    ),
    # A prohibition: "can't", "cannot" rendered by a negation ("수 없", "못", "불가", "않"; 不, 无; ない, ず, 未) or,
    # for "can't ... except by", by "only" (만, 只, のみ), or "is not" (아닙니다: 614.4 "they can't go back in time and
    # change" as 변경하는 것이 아닙니다). Held by 220 of 229 Korean rules of 2022-01-20 before "수는 없", 아닙 and 만
    # were added, 228 after; Japanese 107.2 "a number that can't be determined" is 未定義の数字.
    Marker(
        "can't",
        _en(r"\bcan(?:’|')t\b|\bcannot\b|\bcan not\b"),
        {
            "ko": re.compile("수\\S* 없|못|불가|않|없|아니|아닌|아닙|만|금지"),
            "zh": re.compile("不|无|禁止|只"),
            "ja": re.compile("できな|な[いかく]|ず|[未不非無]|のみ|禁"),
        },
        None,
        0.8,
    ),
    # An opponent is not "you" nor "a player": 상대 in all 44 Korean rules of 2022-01-20 that say "opponent",
    # 対戦相手 in all 53 Japanese ones. Chinese is left out: its one rule without 对手 (702.104b, "the chosen
    # opponent" as 所选的牌手, the player chosen by tribute) reads right in context.
    Marker(
        "opponent",
        _en(r"\bopponents?\b"),
        {"ko": re.compile("상대"), "ja": re.compile("相手")},
        None,
        0.9,
    ),
)

BY_NAME = {m.name: m for m in MARKERS}


@dataclass(frozen=True)
class Lost:
    marker: str
    english: str  # the span of the original
    found: str | None  # the opposite's form in the translation, if any
    confidence: float


def _apostrophes(text: str) -> str:
    """Typographic apostrophes as straight ones: a rule left in English may write "can't" for the original's
    "can’t" (Korean 702.21c of 2017)."""
    return text.replace("’", "'")


def lost_markers(translation: str, original: str, lang: str) -> list[Lost]:
    """Markers of ``original`` that ``translation`` does not render (or renders as their opposite)."""
    lang = lang.split("-")[0]
    found: list[Lost] = []
    for marker in MARKERS:
        if marker.contrary is not None:
            contrary = marker.contrary.get(lang)
            match = marker.english.search(original) if contrary is not None else None
            said = contrary.search(translation) if match is not None and contrary is not None else None
            form = marker.forms.get(lang)
            if said is not None and form is not None and form.search(translation):
                continue  # the right form is there too: the contrary is another clause's
            if match is not None and said is not None and not (marker.unless and marker.unless.search(original)):
                found.append(Lost(marker.name, match.group(), said.group(), marker.confidence))
            continue
        form = marker.forms.get(lang)
        if form is None:
            continue
        match = marker.english.search(original)
        if match is None or _apostrophes(match.group().lower()) in _apostrophes(translation.lower()):
            continue  # absent, or left in English with its rule: the untranslated check's finding
        if marker.opposite:
            opposite = BY_NAME[marker.opposite]
            if opposite.english.search(original):
                continue  # both directions in the original: a count, not a word, would tell
            other = opposite.forms[lang].search(translation)
            if other and not form.search(translation):
                found.append(Lost(marker.name, match.group(), other.group(), marker.confidence))
            continue
        if not form.search(translation):
            found.append(Lost(marker.name, match.group(), None, marker.confidence))
    return found
