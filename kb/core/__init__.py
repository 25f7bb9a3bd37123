"""The core layer: rule numbers, editions and dates, the citation grammar, the data model and errors.

Everything else may import it; it imports nothing of the project but kb.i18n.
"""
