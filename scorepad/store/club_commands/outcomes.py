"""What a club command answers instead of the fresh club: typed, without words (the web
layer's `words.clubs` says them)."""

from __future__ import annotations


class ClubOutcome(Exception):
    """A club command that changed nothing, and why."""


class NoClub(ClubOutcome, LookupError):
    """There is no club with that id: a 404."""


class ClubStale(ClubOutcome):
    """The club changed since the page that asked was loaded."""


class ClubRefused(ClubOutcome):
    """The club refuses this: `code` says why, `field` the part of the form at fault;
    `cause`: the core's refusal of a roster change, when it was the core's."""

    def __init__(self, code: str, field: str | None = None, cause: Exception | None = None) -> None:
        super().__init__(code)
        self.code = code
        self.field = field
        self.cause = cause
