"""Which language a rule text is written in, from the text alone.

Scripts decide first (kana: Japanese; Han without kana: Chinese; Hangul: Korean;
Cyrillic: Russian); Latin-script texts are told apart by their commonest words.
Callers pass the rule text only, not the page around it, so a Russian site that
quotes the English rules is recorded as English.
"""

from __future__ import annotations

import re
from collections import Counter

import opencc

_STOPWORDS = {
    "en": {"the", "and", "of", "a", "to", "is", "that", "it", "if", "or", "player", "this", "an", "with"},
    "de": {"der", "die", "das", "und", "ist", "nicht", "ein", "eine", "sich", "wenn", "oder", "mit", "zu", "den"},
    "fr": {"le", "la", "les", "et", "est", "un", "une", "des", "du", "que", "pas", "joueur", "qui"},
    "es": {"el", "la", "los", "las", "y", "es", "un", "una", "del", "que", "jugador", "por"},
    "it": {"il", "la", "gli", "e", "è", "un", "una", "del", "che", "giocatore", "di", "non"},
    "pt": {"o", "a", "os", "as", "e", "é", "um", "uma", "do", "que", "jogador", "não"},
    "pl": {"i", "w", "z", "na", "się", "jest", "nie", "do", "że", "lub", "gracz", "jego", "karty", "jeśli"},
}

LANGUAGES = ("en", "de", "ja", "zh", "ru", "ko", "fr", "es", "it", "pt", "pl")

_WORDS = re.compile(r"[^\W\d_]+")


_SCRIPTS = {
    "kana": re.compile(r"[\u3040-\u30ff]"),
    "han": re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]"),
    "hangul": re.compile(r"[\uac00-\ud7af]"),
    "cyrillic": re.compile(r"[\u0400-\u04ff]"),
    "latin": re.compile(r"[A-Za-z\u00c0-\u024f]"),
}
_SAMPLE = 6000


def script_counts(text: str) -> Counter:
    """Letters per script in (the start of) ``text``."""
    sample = text[:_SAMPLE]
    return Counter({name: len(pattern.findall(sample)) for name, pattern in _SCRIPTS.items()})


def detect_language(text: str) -> str | None:
    """A language code from LANGUAGES, or None when the text has too few letters to tell."""
    counts = script_counts(text)
    total = sum(counts.values())
    if total < 20:
        return None
    if counts["kana"] > 0.05 * total:
        return "ja"
    if counts["han"] > 0.3 * total:
        return "zh"
    if counts["hangul"] > 0.3 * total:
        return "ko"
    if counts["cyrillic"] > 0.3 * total:
        return "ru"
    words = Counter(w.lower() for w in _WORDS.findall(text[:_SAMPLE]))
    scores = {lang: sum(words[w] for w in stop) for lang, stop in _STOPWORDS.items()}
    if "ß" in text or "ä" in text or "ö" in text or "ü" in text:
        scores["de"] += 5
    best = max(scores, key=lambda lang: scores[lang])
    return best if scores[best] > 0 else None


def chinese_script(text: str) -> str:
    """ "zh-Hant" for Chinese in traditional characters, else "zh" (simplified, as the corpus's).

    OpenCC's tables (a maintained converter with its data, rather than a table of ours): a text
    that its traditional-to-simplified conversion changes in more than 3% of its Han characters
    and its simplified-to-traditional one in fewer, is traditional.
    """
    han = _SCRIPTS["han"].findall(text[:_SAMPLE])
    if not han:
        return "zh"
    sample = "".join(han)
    to_simplified = sum(a != b for a, b in zip(sample, opencc.OpenCC("t2s").convert(sample)))
    to_traditional = sum(a != b for a, b in zip(sample, opencc.OpenCC("s2t").convert(sample)))
    return "zh-Hant" if to_simplified > 0.03 * len(han) and to_simplified > to_traditional else "zh"
