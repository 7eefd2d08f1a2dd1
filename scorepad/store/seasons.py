"""A club's seasons in SQLite, read side: a season with its nights and entrants, and its
standings counted from its nights' club nights. No Flask; writes: season_commands/."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import NamedTuple

from sqlite_utils import Database

from ..core import season as core
from ..core.season_settings import SeasonRecord, SeasonSettings, check_season
from .events import load_event
from .night_results import game_keys, night, outcomes_of

SEASON_BY = {
    "id": "select * from seasons where id = ?",
    "view": "select * from seasons where view_token = ?",
}


@dataclass(frozen=True)
class SeasonNight:
    """A night of the season: its number, date, start time, venue, the club night it
    links to (its director id, or None), and its calendar sequence and last change."""

    number: int
    day: str
    start: str
    venue: str
    event_id: str | None
    sequence: int
    modified_at: str


@dataclass(frozen=True)
class SeasonEntrant:
    """A pair or a player of the season: number, name, players, division (its index)."""

    number: int
    name: str
    players: tuple[str, ...]
    division: int


@dataclass(frozen=True)
class Season:
    """A season as stored, every part of it."""

    id: str
    club_id: str
    view_token: str
    name: str
    settings: SeasonSettings
    revision: int
    created_at: str
    closed: tuple[tuple[int, ...], ...] | None  # the divisions after the moves, once closed
    nights: tuple[SeasonNight, ...]
    entrants: tuple[SeasonEntrant, ...]
    follows: str | None = None  # the closed season it was started from, if any

    def division(self, index: int) -> tuple[SeasonEntrant, ...]:
        """The entrants of division `index`, by number."""
        return tuple(e for e in self.entrants if e.division == index)

    def division_numbers(self) -> list[list[int]]:
        """Each division's entrant numbers, highest division first: what fixtures draw."""
        return [[e.number for e in self.division(d)] for d in range(len(self.settings.divisions))]

    def night(self, number: int) -> SeasonNight | None:
        """Night `number`, if the season has it."""
        return next((n for n in self.nights if n.number == number), None)


def _nights(db: Database, season_id: str) -> tuple[SeasonNight, ...]:
    rows = db.query(
        "select * from season_nights where season_id = ? order by day, start, number",
        [season_id],
    )
    return tuple(
        SeasonNight(
            r["number"],
            r["day"],
            r["start"],
            r["venue"],
            r["event_id"],
            r["sequence"],
            r["modified_at"],
        )
        for r in rows
    )


def _entrants(db: Database, season_id: str) -> tuple[SeasonEntrant, ...]:
    rows = db.query(
        "select * from season_entrants where season_id = ? order by number", [season_id]
    )
    return tuple(
        SeasonEntrant(r["number"], r["name"], tuple(json.loads(r["players"])), r["division"])
        for r in rows
    )


def load_season(db: Database, token: str, *, by: str = "id") -> Season | None:
    """A season by its id (the manager's pages) or `by="view"` (its read-only link)."""
    rows = list(db.query(SEASON_BY[by], [token]))
    if not rows:
        return None
    r = rows[0]
    closed = json.loads(r["closed"]) if r["closed"] else None
    return Season(
        r["id"],
        r["club_id"],
        r["view_token"],
        r["name"],
        check_season(json.loads(r["settings"])),
        r["revision"],
        r["created_at"],
        tuple(tuple(d) for d in closed) if closed is not None else None,
        _nights(db, r["id"]),
        _entrants(db, r["id"]),
        r["follows"],
    )


def club_seasons(db: Database, club_id: str) -> list[tuple[str, str]]:
    """(id, name) of the club's seasons, oldest first."""
    rows = db.query(
        "select id, name from seasons where club_id = ? order by created_at, rowid", [club_id]
    )
    return [(str(r["id"]), str(r["name"])) for r in rows]


def season_named(db: Database, season_id: str) -> tuple[str, str] | None:
    """(id, name) of a season, if there is one: the season another follows."""
    rows = db.query("select id, name from seasons where id = ?", [season_id])
    return next(((str(r["id"]), str(r["name"])) for r in rows), None)


def next_season(db: Database, season_id: str) -> tuple[str, str] | None:
    """(id, name) of the season that follows a closed one, if one does (one at most)."""
    rows = db.query("select id, name from seasons where follows = ?", [season_id])
    return next(((str(r["id"]), str(r["name"])) for r in rows), None)


def club_season_events(db: Database, club_id: str) -> set[str]:
    """The club's nights one of its seasons holds: they leave the club only with the season."""
    rows = db.query(
        "select n.event_id from season_nights n join seasons s on s.id = n.season_id "
        "where s.club_id = ? and n.event_id is not null",
        [club_id],
    )
    return {str(r["event_id"]) for r in rows}


class NightOf(NamedTuple):
    """The season night a club night is (one at most): its season's id, the night's
    number, the season's name and the token of its (read-only) season link."""

    season_id: str
    number: int
    name: str
    view_token: str


def season_of_event(db: Database, event_id: str) -> NightOf | None:
    """The season night a club night is linked to, if any."""
    rows = db.query(
        "select n.season_id, n.number, s.name, s.view_token from season_nights n "
        "join seasons s on s.id = n.season_id where n.event_id = ?",
        [event_id],
    )
    for r in rows:
        return NightOf(str(r["season_id"]), int(r["number"]), str(r["name"]), str(r["view_token"]))
    return None


def counted_night(db: Database, season: Season, event_id: str) -> core.Night:
    """A linked club night as the season counts it (its results read as the night's)."""
    event = load_event(db, event_id)
    if event is None:
        return core.Night(())
    by_key = {core.entrant_key(e.players): e.number for e in season.entrants}
    to_season = {
        e.id: by_key[k] for e in event.entrants if (k := core.entrant_key(e.players)) in by_key
    }
    outcomes = outcomes_of(db, game_keys(db, [m.game_id for m in event.matches if m.game_id]))
    regular = {r.number for r in event.regular_rounds}
    games = [
        (m.sides, outcomes[m.game_id])
        for m in event.matches
        if m.round in regular and m.game_id in outcomes
    ]
    return core.night_of(night(db, event).rows, games, to_season)


def season_standings(db: Database, season: Season) -> list[tuple[core.SeasonRow, ...]]:
    """Each division's standings (highest first), marked for promotion and relegation."""
    nights = [counted_night(db, season, n.event_id) for n in season.nights if n.event_id]
    settings = season.settings
    tables = [season.division(index) for index in range(len(settings.divisions))]
    out = [
        core.standings(
            {e.number: e.name for e in entrants}, nights, settings.best, settings.qualify
        )
        for entrants in tables
    ]
    core.mark_moves(out, settings.moves)
    return out


def season_record(
    season: Season, index_of: dict[str, int], season_index: dict[str, int]
) -> SeasonRecord:
    """The season as the club file keeps it; `index_of`: each exported club night's
    index in the file's nights; `season_index`: each season's in the file's seasons."""
    return SeasonRecord(
        season.name,
        season.settings,
        season.closed,
        tuple(
            (n.number, n.day, n.start, n.venue, index_of.get(n.event_id or ""), n.sequence)
            for n in season.nights
        ),
        tuple((e.number, e.players, e.division) for e in season.entrants),
        season_index.get(season.follows or ""),
    )
