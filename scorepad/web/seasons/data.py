"""What a season's pages show, from the season read once and its standings counted
once (store.seasons): rows as text, nights with their fixtures. The templates show
these values as they are."""

from __future__ import annotations

from dataclasses import dataclass

from flask import abort

from ...core import season as core
from ...store.clubs import load_club
from ...store.seasons import Season, load_season, season_standings
from ..db import get_db
from ..words import signed
from ..words.seasons import division_name, fixture_text, mark, night_title, not_ranked


@dataclass(frozen=True)
class Line:
    """One entrant's line in a division's standings."""

    place: str
    name: str
    nights: int
    counted: int
    points: int
    h2h: int
    margin: str
    won: int
    mark: str


@dataclass(frozen=True)
class Division:
    """A division's name and standings."""

    name: str
    lines: tuple[Line, ...]


@dataclass(frozen=True)
class NightLine:
    """A night of the season as its pages list it."""

    number: int
    title: str
    day: str
    start: str
    venue: str
    event_id: str | None
    fixtures: tuple[str, ...]


def not_found() -> None:
    """A 404: what a link of no season, or of another club's, finds."""
    abort(404)


def division_choices(season: Season) -> tuple[tuple[int, str], ...]:
    """Each division's number and name, for the forms that choose one."""
    return tuple((i, division_name(n, i)) for i, n in enumerate(season.settings.divisions))


def season_or_404(club_id: str, season_id: str) -> Season:
    """The club's season, or a 404 (a season of another club is not found)."""
    season = load_season(get_db(), season_id)
    if season is None or season.club_id != club_id:
        abort(404)
    return season


def members_season_or_404(members: str, season_id: str) -> Season:
    """The season, by the members' link of its club, or a 404."""
    club = load_club(get_db(), members, by="members")
    if club is None:
        abort(404)
    return season_or_404(club.id, season_id)


def viewed_or_404(token: str) -> Season:
    """The season by its read-only link, or a 404."""
    season = load_season(get_db(), token, by="view")
    if season is None:
        abort(404)
    return season


def _line(row: core.SeasonRow, qualify: int) -> Line:
    place = str(row.place) if row.place else not_ranked(qualify)
    margin = signed(row.margin)
    return Line(
        place,
        row.name,
        row.nights,
        row.counted,
        row.points,
        row.h2h,
        margin,
        row.won,
        mark(row.mark),
    )


def divisions(season: Season) -> tuple[Division, ...]:
    """Each division's standings, highest first, marked for the moves."""
    tables = season_standings(get_db(), season)
    names = season.settings.divisions
    return tuple(
        Division(division_name(names[i], i), tuple(_line(r, season.settings.qualify) for r in rows))
        for i, rows in enumerate(tables)
    )


def _fixtures(season: Season, index: int) -> tuple[str, ...]:
    if not season.settings.season_fixtures:
        return ()
    names = {e.number: e.name for e in season.entrants}
    drawn = core.night_fixtures(season.division_numbers(), index)
    return tuple(fixture_text([names[n] for n in match]) for match in drawn)


def night_lines(season: Season) -> tuple[NightLine, ...]:
    """The season's nights by date, each with its fixtures when drawn for the season."""
    return tuple(
        NightLine(
            n.number,
            night_title(season.name, n.number),
            n.day,
            n.start,
            n.venue,
            n.event_id,
            _fixtures(season, i),
        )
        for i, n in enumerate(season.nights)
    )
