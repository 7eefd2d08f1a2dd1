"""The season's playoff: the top of a division's standings seeded into a new club night's
playoff bracket, its first round drawn (core/bracket.py, as a night's own playoff draws
it), for a night of the season. From there the night's director plays it as any
night's playoff (start, next bracket round, the final with its own target)."""

from __future__ import annotations

from sqlite_utils import Database

from ...core import season as core
from ...core.event import Settings
from ...core.happened import SeasonNightOpened
from ...core.roster import Match, Round, RoundKind, RoundStatus
from ...core.rules import Rules
from .. import bus
from ..seasons import Season, season_standings
from ..stamps import token
from ._base import checked
from .nights import filed_as, free_night, night_entrants
from .outcomes import SeasonRefused


def _seeds(db: Database, season: Season, division: int) -> list[int]:
    tables = season_standings(db, season)
    if not 0 <= division < len(tables):
        raise SeasonRefused("no_division", field="division")
    if season.settings.playoff < 2:
        raise SeasonRefused("no_playoff", field="playoff")
    seeds = core.playoff_seeds(tables[division], season.settings.playoff)
    if len(seeds) < 2:
        raise SeasonRefused("playoff_few", field="playoff")
    return seeds


def start_playoff_night(
    db: Database,
    club_id: str,
    season_id: str,
    revision: int,
    number: int,
    settings: Settings,
    rules: Rules,
    division: int = 0,
) -> str:
    """A club night for night `number` holding the playoff of division `division`: its
    entrants the seeds in order, its first bracket round drawn; returns its director id."""
    with bus.unit(db) as unit:
        season = free_night(db, club_id, season_id, revision, number)
        seeds = _seeds(db, season, division)
        pairs = season.settings.pairs
        draw = checked("playoff", lambda: core.playoff_draw(seeds, pairs))
        entrants, local = night_entrants(season, seeds)
        matches = [
            (Match(1, i, tuple(tuple(local[n] for n in side) for side in sides), None, None), None)
            for i, sides in enumerate(draw, 1)
        ]
        rounds = [Round(1, RoundKind.PLAYOFF, RoundStatus.DRAWN, (), None, None)]
        night = SeasonNightOpened(token(), club_id, settings, rules, entrants, rounds, matches)
        return filed_as(unit, season_id, number, night)
