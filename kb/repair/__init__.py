"""`mtgkb repair`: the derived data (renumbering chain, edition inference, search index) completed.

    complete   pending(): what is missing or stale; repair(): compute only that

Repair sits above the store, the history and the search: it reads what each recorded and asks
each to complete its part, so it cannot live in kb/store.
"""

from kb.repair.complete import Pending, RepairReport, history_pending, pending, repair

__all__ = ["Pending", "RepairReport", "history_pending", "pending", "repair"]
