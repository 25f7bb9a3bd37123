"""Cards imported from a card file: found by any of their names, their rules terms linked to rules.

terms   the rules terms of an Oracle text (keywords, keyword actions, glossary terms) and their rules
lookup  `mtgkb card NAME`: a card found forgivingly, with the engine pool's text where it differs
load    a card file (or Scryfall's download) stored atomically, with progress
"""
