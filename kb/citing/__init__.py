"""Citations in free text: resolved against the store (cite) and re-validated across editions (check)."""
