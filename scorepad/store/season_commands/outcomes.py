"""What a season command answers instead of the fresh season: typed, without words (the
web layer's `words.seasons` says them)."""

from __future__ import annotations


class SeasonOutcome(Exception):
    """A season command that changed nothing, and why."""


class NoSeason(SeasonOutcome, LookupError):
    """There is no such season in this club: a 404."""


class SeasonStale(SeasonOutcome):
    """The season changed since the page that asked was loaded."""


class SeasonRefused(SeasonOutcome):
    """The season refuses this: `code` says why, `field` the part of the form at fault;
    `cause`: the core's refusal, when it was the core's."""

    def __init__(self, code: str, field: str | None = None, cause: Exception | None = None) -> None:
        super().__init__(code)
        self.code = code
        self.field = field
        self.cause = cause
