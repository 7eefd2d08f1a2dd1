"""What an event command answers instead of the fresh event: typed, without words (the
web layer's `words.events` says them)."""

from __future__ import annotations

from typing import Any


class EventOutcome(Exception):
    """An event command that changed nothing, and why."""


class NoEvent(EventOutcome, LookupError):
    """There is no event with that id: a 404."""


class EventStale(EventOutcome):
    """The event changed since the page that asked was loaded."""


class EventRefused(EventOutcome):
    """The event refuses this now: `code` says why, `field` the part of the form at
    fault, `values` what the words need (a round's number, a name...)."""

    def __init__(self, code: str, field: str | None = None, **values: Any) -> None:
        super().__init__(code)
        self.code = code
        self.field = field
        self.values = values
