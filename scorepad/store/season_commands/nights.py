"""A season's nights on dates: added, moved (its calendar sequence bumped, so a phone's
calendar updates), removed, and linked to a club night of the club."""

from __future__ import annotations

from sqlite_utils import Database

from ...core import limits
from ...core.event import Settings, check_field, most_entrants
from ...core.happened import SeasonNightOpened
from ...core.roster import Entrant, Match, Round, RoundKind, RoundStatus
from ...core.rules import Rules
from ...core.season import night_fixtures
from ...core.season_settings import check_day, check_entrants, check_venue
from .. import bus
from ..bus import Unit
from ..clubs import club_of_event
from ..db import writing
from ..seasons import Season
from ..stamps import now, token
from ._base import bump, checked, open_season
from .outcomes import SeasonRefused


def add_night(
    db: Database, club_id: str, season_id: str, revision: int, day: str, start: str, venue: str
) -> int:
    """A night on a date; returns its number."""
    date, time = checked("night", lambda: check_day(day, start))
    place = checked("night", lambda: check_venue(venue))
    with writing(db):
        season = open_season(db, club_id, season_id, revision)
        held = len(season.nights)
        checked("season_nights", lambda: limits.check_room("season_nights", held))
        number = max((n.number for n in season.nights), default=0) + 1
        db.execute(
            "insert into season_nights (season_id, number, day, start, venue, modified_at) "
            "values (?, ?, ?, ?, ?, ?)",
            [season_id, number, date, time, place, now("seconds")],
        )
        bump(db, season_id)
    return number


def move_night(
    db: Database,
    club_id: str,
    season_id: str,
    revision: int,
    number: int,
    day: str,
    start: str,
    venue: str,
) -> None:
    """A night moved to another date, time or venue: its calendar sequence goes up."""
    date, time = checked("night", lambda: check_day(day, start))
    place = checked("night", lambda: check_venue(venue))
    with writing(db):
        season = open_season(db, club_id, season_id, revision)
        night = season.night(number)
        if night is None:
            raise SeasonRefused("no_night", field="night")
        if (night.day, night.start, night.venue) == (date, time, place):  # moved nowhere
            raise SeasonRefused("night_unchanged", field="night")
        db.execute(
            "update season_nights set day = ?, start = ?, venue = ?, sequence = sequence + 1, "
            "modified_at = ? where season_id = ? and number = ?",
            [date, time, place, now("seconds"), season_id, number],
        )
        bump(db, season_id)


def remove_night(db: Database, club_id: str, season_id: str, revision: int, number: int) -> None:
    """A night taken off the season (its club night, if any, stays the club's)."""
    with writing(db):
        open_season(db, club_id, season_id, revision)
        gone = db.execute(
            "delete from season_nights where season_id = ? and number = ?", [season_id, number]
        )
        if not gone.rowcount:
            raise SeasonRefused("no_night", field="night")
        bump(db, season_id)


def link(db: Database, season_id: str, number: int, event_id: str) -> None:
    """Night `number` linked to a club night, inside the caller's write."""
    if list(db.query("select 1 from season_nights where event_id = ?", [event_id])):
        raise SeasonRefused("linked", field="event")
    db.execute(
        "update season_nights set event_id = ?, modified_at = ? where season_id = ? and number = ?",
        [event_id, now("seconds"), season_id, number],
    )
    bump(db, season_id)


def free_night(db: Database, club_id: str, season_id: str, revision: int, number: int) -> Season:
    """The open season, inside a write, whose night `number` has no club night yet."""
    season = open_season(db, club_id, season_id, revision)
    night = season.night(number)
    if night is None:
        raise SeasonRefused("no_night", field="night")
    if night.event_id is not None:
        raise SeasonRefused("has_event", field="night")
    return season


def link_night(
    db: Database, club_id: str, season_id: str, revision: int, number: int, event_id: str
) -> None:
    """A club night of this club filed into the season as night `number`."""
    with writing(db):
        free_night(db, club_id, season_id, revision, number)
        if club_of_event(db, event_id) != club_id:
            raise SeasonRefused("not_club_night", field="event")
        link(db, season_id, number, event_id)


def start_night(
    db: Database,
    club_id: str,
    season_id: str,
    revision: int,
    number: int,
    settings: Settings,
    rules: Rules,
) -> str:
    """A new club night for night `number`, filed into the club and linked, in one
    write; returns its director id. A pairs season with fixtures drawn for the season
    has that night's fixtures drawn as the night's first round, its entrants in (the
    night's handler of `SeasonNightOpened` writes it, the club's files it)."""
    with bus.unit(db) as unit:
        season = free_night(db, club_id, season_id, revision, number)
        shapes = [(e.number, e.players, e.division) for e in season.entrants]
        checked("players", lambda: check_entrants(season.settings.kind, shapes))
        drawn = _drawn(season, number)
        entrants, rounds, matches = _as_round(season, drawn) if drawn else ([], [], [])
        if len(entrants) > most_entrants(settings):  # a night seats 30 tables at most
            checked("entrants", lambda: check_field(settings, len(entrants)))
        night = SeasonNightOpened(token(), club_id, settings, rules, entrants, rounds, matches)
        return filed_as(unit, season_id, number, night)


def filed_as(unit: Unit, season_id: str, number: int, night: SeasonNightOpened) -> str:
    """Inside the write that tells it: the new club night made and filed into the club
    (by their handlers), then linked as the season's night `number`; returns its id."""
    unit.tell(night)
    unit.flush()  # the night is written before the season points at it
    link(unit.db, season_id, number, night.event_id)
    return night.event_id


def night_entrants(season: Season, order: list[int]) -> tuple[list[Entrant], dict[int, int]]:
    """The season's entrants `order` (by number) as a new night's, numbered from 1 in that
    order, each checked in; and each one's number in the night, by season number."""
    by_number = {e.number: e for e in season.entrants}
    local = {n: i for i, n in enumerate(order, 1)}
    entrants = [Entrant(local[n], by_number[n].name, by_number[n].players, 1, None) for n in order]
    return entrants, local


def _drawn(season: Season, number: int) -> tuple[tuple[int, ...], ...]:
    """Night `number`'s fixtures, when the season draws them and its entrants are pairs."""
    if not season.settings.season_fixtures or not season.settings.pairs:
        return ()
    index = [n.number for n in season.nights].index(number)
    return night_fixtures(season.division_numbers(), index)


def _as_round(
    season: Season, drawn: tuple[tuple[int, ...], ...]
) -> tuple[list[Entrant], list[Round], list[tuple[Match, None]]]:
    """The fixtures as the night's entrants (numbered in the night by the fixtures'
    order), its first round drawn (a table each pair of pairs; a bye alone) and its
    tables."""
    entrants, local = night_entrants(season, [n for fixture in drawn for n in fixture])
    tables = [f for f in drawn if len(f) == 2]
    byes = tuple(local[f[0]] for f in drawn if len(f) == 1)
    matches = [
        (Match(1, i, ((local[a],), (local[b],)), None, None), None)
        for i, (a, b) in enumerate(tables, 1)
    ]
    return entrants, [Round(1, RoundKind.ROUND, RoundStatus.DRAWN, byes, None, None)], matches
