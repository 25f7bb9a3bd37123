"""Dates as the interface receives them: a date, a datetime or an ISO string."""

from __future__ import annotations

from datetime import date, datetime


def to_date(value: date | str) -> date:
    """A date from a date, a datetime or an ISO string ("2023-11-17")."""
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    return date.fromisoformat(value)
