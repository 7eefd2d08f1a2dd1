"""A season's entrants (pairs or players of the club) and their divisions."""

from __future__ import annotations

import json
from collections.abc import Sequence

from sqlite_utils import Database

from ...core import limits
from ...core.names import check_names, pair_name
from ...core.season import entrant_key
from ..db import writing
from ._base import bump, checked, open_season
from .outcomes import SeasonRefused


def add_entrant(
    db: Database, club_id: str, season_id: str, revision: int, players: Sequence[str], division: int
) -> int:
    """A pair (two names) or a player (one) entered in a division; returns its number."""
    names = checked("players", lambda: check_names(list(players), "players", "player"))
    with writing(db):
        season = open_season(db, club_id, season_id, revision)
        held = len(season.entrants)
        checked("entrants", lambda: limits.check_room("entrants", held))
        if len(names) != (2 if season.settings.pairs else 1):
            raise SeasonRefused("players", field="players")
        if not 0 <= division < len(season.settings.divisions):
            raise SeasonRefused("no_division", field="division")
        taken = {k for e in season.entrants for k in entrant_key(e.players)}
        if taken & set(entrant_key(names)):
            raise SeasonRefused("entered", field="players")
        number = max((e.number for e in season.entrants), default=0) + 1
        db.execute(
            "insert into season_entrants (season_id, number, name, players, division) "
            "values (?, ?, ?, ?, ?)",
            [season_id, number, pair_name(names), json.dumps(list(names)), division],
        )
        bump(db, season_id)
    return number


def _known(db: Database, season_id: str, number: int) -> None:
    rows = db.query(
        "select 1 from season_entrants where season_id = ? and number = ?", [season_id, number]
    )
    if not list(rows):
        raise SeasonRefused("no_entrant", field="entrant")


def assign_division(
    db: Database, club_id: str, season_id: str, revision: int, number: int, division: int
) -> None:
    """An entrant moved into division `division`."""
    with writing(db):
        season = open_season(db, club_id, season_id, revision)
        _known(db, season_id, number)
        if not 0 <= division < len(season.settings.divisions):
            raise SeasonRefused("no_division", field="division")
        if any(e.number == number and e.division == division for e in season.entrants):
            raise SeasonRefused("same_division", field="division")  # moved nowhere
        db.execute(
            "update season_entrants set division = ? where season_id = ? and number = ?",
            [division, season_id, number],
        )
        bump(db, season_id)


def remove_entrant(db: Database, club_id: str, season_id: str, revision: int, number: int) -> None:
    """An entrant off the season."""
    with writing(db):
        open_season(db, club_id, season_id, revision)
        _known(db, season_id, number)
        db.execute(
            "delete from season_entrants where season_id = ? and number = ?", [season_id, number]
        )
        bump(db, season_id)
