"""What every season command shares: the season as stored inside its write (of this
club only), the revision check, the revision moved on, and the core's refusals typed."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from sqlite_utils import Database

from ...core.errors import GameError
from ..seasons import Season, load_season
from .outcomes import NoSeason, SeasonRefused, SeasonStale

T = TypeVar("T")


def current(
    db: Database, club_id: str, season_id: str, revision: int | None, *, open_only: bool = False
) -> Season:
    """The season inside a write; NoSeason if it is not this club's, SeasonStale if the
    page that asked saw an older revision. `open_only`: refused once the season is closed,
    before its revision is read (a page loaded before it closed is told it is closed, as
    nothing of it changes now)."""
    season = load_season(db, season_id)
    if season is None or season.club_id != club_id:
        raise NoSeason()
    if open_only and season.closed is not None:
        raise SeasonRefused("closed")
    if revision is not None and revision != season.revision:
        raise SeasonStale()
    return season


def open_season(db: Database, club_id: str, season_id: str, revision: int | None) -> Season:
    """As `current`, and refused once the season is closed."""
    return current(db, club_id, season_id, revision, open_only=True)


def bump(db: Database, season_id: str) -> None:
    """Count one more change to the season."""
    db.execute("update seasons set revision = revision + 1 where id = ?", [season_id])


def checked(code: str, check: Callable[[], T]) -> T:
    """The core's check, its refusal typed as SeasonRefused(`code`) naming its field."""
    try:
        return check()
    except GameError as err:
        raise SeasonRefused(code, field=err.field, cause=err) from err
