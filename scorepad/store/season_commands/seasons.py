"""A season made, edited and closed by the club's manager (docs/seasons.md), each one
transaction checked against the season's revision the page showed."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from typing import Any

from sqlite_utils import Database

from ...core import limits
from ...core import season as core
from ...core.season_settings import check_season, check_season_name
from ..clubs import load_club
from ..db import writing
from ..seasons import season_standings
from ..stamps import now, token
from ._base import bump, checked, current, open_season
from .outcomes import NoSeason, SeasonRefused


def _carried(db: Database, season_id: str, source: str, divisions: int) -> None:
    """The entrants of a closed season, in the divisions its moves made; one of a
    division the new season (of `divisions`) has not goes to its last, as an edit that
    takes a division away puts it."""
    rows = list(
        db.query("select * from season_entrants where season_id = ? order by number", [source])
    )
    closed = json.loads(
        next(iter(db.query("select closed from seasons where id = ?", [source])))["closed"]
    )
    division = {number: index for index, numbers in enumerate(closed) for number in numbers}
    for r in rows:
        db.execute(
            "insert into season_entrants (season_id, number, name, players, division) "
            "values (?, ?, ?, ?, ?)",
            [
                season_id,
                r["number"],
                r["name"],
                r["players"],
                min(division.get(r["number"], 0), divisions - 1),
            ],
        )


def create_season(
    db: Database,
    club_id: str,
    name: str,
    raw: Mapping[str, Any],
    follows: str | None = None,
) -> str:
    """A new season of the club; returns its id. `follows`: a closed season of the club
    whose entrants come over in the divisions its promotion and relegation made; it has
    one next season at most (a second is refused, "followed")."""
    clean = checked("name", lambda: check_season_name(name))
    settings = checked("settings", lambda: check_season(raw))
    with writing(db):
        if load_club(db, club_id) is None:
            raise NoSeason()
        held = db.execute("select count(*) from seasons where club_id = ?", [club_id])
        count = held.fetchone()[0]
        checked("seasons", lambda: limits.check_room("seasons", count))
        if follows is not None:
            source = current(db, club_id, follows, None)
            if source.closed is None:
                raise SeasonRefused("not_closed", field="follows")
            if db.execute("select 1 from seasons where follows = ?", [follows]).fetchone():
                raise SeasonRefused("followed", field="follows")  # a tap again, a page of before
            if source.entrants and source.settings.kind != settings.kind:
                raise SeasonRefused("kind_fixed", field="kind")  # its entrants come over
        season_id = token()
        row = [season_id, club_id, token(), clean, json.dumps(settings.as_dict()), now(), follows]
        try:
            db.execute(
                "insert into seasons (id, club_id, view_token, name, settings, created_at, "
                "follows) values (?, ?, ?, ?, ?, ?, ?)",
                row,
            )
        except sqlite3.IntegrityError as err:
            if "seasons.follows" not in str(err):
                raise
            # the unique index: another request made its next season since the check
            raise SeasonRefused("followed", field="follows") from None
        if follows is not None:
            _carried(db, season_id, follows, len(settings.divisions))
        return season_id


def edit_season(
    db: Database, club_id: str, season_id: str, revision: int, name: str, raw: Mapping[str, Any]
) -> None:
    """The season's name and settings changed; an entrant of a division taken away goes
    to the last division left. Its kind (pairs or cutthroat) changes only while it has no
    entrants: a pair is not a player."""
    clean = checked("name", lambda: check_season_name(name))
    settings = checked("settings", lambda: check_season(raw))
    with writing(db):
        season = open_season(db, club_id, season_id, revision)
        if season.entrants and settings.kind != season.settings.kind:
            raise SeasonRefused("kind_fixed", field="kind")
        db.execute(
            "update seasons set name = ?, settings = ? where id = ?",
            [clean, json.dumps(settings.as_dict()), season_id],
        )
        db.execute(
            "update season_entrants set division = ? where season_id = ? and division > ?",
            [len(settings.divisions) - 1, season_id, len(settings.divisions) - 1],
        )
        bump(db, season_id)


def close_season(db: Database, club_id: str, season_id: str, revision: int) -> list[list[int]]:
    """The season closed: the moves of its final standings recorded as the divisions
    after them (the next season may follow it); nothing of it changes after."""
    with writing(db):
        season = open_season(db, club_id, season_id, revision)
        moved = core.next_divisions(season_standings(db, season))
        db.execute("update seasons set closed = ? where id = ?", [json.dumps(moved), season_id])
        bump(db, season_id)
    return moved


def delete_season(db: Database, club_id: str, season_id: str, revision: int) -> None:
    """The season gone (its club nights stay, the club's). The season it followed may be
    followed again; the one that followed it follows none (the foreign key sets null)."""
    with writing(db):
        current(db, club_id, season_id, revision)
        db.execute("delete from seasons where id = ?", [season_id])


def replace_season_link(db: Database, club_id: str, season_id: str) -> str:
    """A new season link (the old one leaked): its new token; the calendar entries keep
    their UIDs (they carry no token), so a subscribed calendar moves nothing."""
    new = token()
    with writing(db):
        current(db, club_id, season_id, None)
        db.execute("update seasons set view_token = ? where id = ?", [new, season_id])
        bump(db, season_id)
    return new
