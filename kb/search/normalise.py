"""Unicode folding for search: the core's (kb.core.text), named as search has always imported it."""

from kb.core.text import fold, fold_text, fold_word, source_span  # noqa: F401
