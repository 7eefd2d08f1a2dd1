"""A season in words: its commands' outcomes, its standings' marks and rules, its
calendar's lines (docs/seasons.md)."""

from __future__ import annotations

from ...core.errors import GameError
from ...store.season_commands.outcomes import NoSeason, SeasonOutcome, SeasonRefused, SeasonStale

STALE = "The season changed since this page was loaded: nothing changed. Look again."
GONE = "That season is not there any more."
REFUSED = {
    "closed": "The season is closed: nothing of it changes now.",
    "not_closed": "A season follows a closed season only.",
    "no_night": "That night is not in the season.",
    "has_event": "That night has its club night already.",
    "linked": "That club night is a night of a season already.",
    "not_club_night": "That club night is not one of this club's.",
    "players": "A pair is two players, a cutthroat entrant one.",
    "no_division": "There is no such division.",
    "entered": "A player of that entrant is in the season already.",
    "no_entrant": "That entrant is not in the season.",
    "no_playoff": "The season has no playoff: set its size (2 or more) first.",
    "playoff_few": "Fewer than 2 entrants are ranked: there is no playoff to draw.",
}
KINDS = {"name": "The season's name", "settings": "The season's settings", "night": "The night"}
KINDS["players"] = "The entrant"
KINDS["playoff"] = "The playoff"
DONE = {
    "new": "Season made.",
    "edit": "Season saved.",
    "night": "Night added.",
    "move": "Night moved: calendars that follow the season update.",
    "remove": "Night taken off the season.",
    "link": "Club night filed into the season.",
    "start": "Club night made for the season's night.",
    "entrant": "Entrant added.",
    "division": "Entrant moved.",
    "off": "Entrant taken off the season.",
    "close": "Season closed: the moves are recorded.",
    "delete": "Season deleted.",
    "playoff": "Playoff night made, seeded by the season's standings: start its first round.",
}
INCOMPLETE = "The form was not complete: nothing changed."
MARKS = {"up": "▲ up", "down": "▼ down", "": ""}
NOT_RANKED = "fewer nights than the {qualify} needed"
RULES = (
    "Ranked by season points (3 a win, 1 a draw, each night), then head-to-head between "
    "the tied entrants, then total margin, then nights won."
)
TBC = "to come"


def season_words(err: Exception) -> str | None:
    """A season command's refusal in words."""
    if isinstance(err, SeasonStale):
        return STALE
    if isinstance(err, NoSeason):
        return GONE
    if isinstance(err, SeasonRefused) and isinstance(err.cause, GameError):
        return f"{KINDS.get(err.code, 'That change')}: {err.cause.detail}."
    if isinstance(err, SeasonRefused):
        return REFUSED.get(err.code, STALE)
    return STALE if isinstance(err, SeasonOutcome) else None


def counting(best: int, qualify: int) -> str:
    """What counts: 'Best 6 nights count; 4 nights to be ranked.'"""
    counted = f"Best {best} nights count" if best else "Every night counts"
    needed = f"; {qualify} nights to be ranked" if qualify else ""
    return f"{counted}{needed}. {RULES}"


def division_name(name: str, index: int) -> str:
    """A division's name, or 'Division 1' when it has none."""
    return name or f"Division {index + 1}"


def night_title(season: str, number: int) -> str:
    """A night's name in the calendar and as a club night: 'Winter League, night 3'."""
    return f"{season}, night {number}"


def playoff_title(season: str) -> str:
    """The season's playoff night's name: 'Winter League, playoff'."""
    return f"{season}, playoff"


def table_line(table: int | None, rnd: int | None) -> str:
    """An entrant's table in its calendar, once drawn: 'Table 4 in round 1.'"""
    return f"Table {table} in round {rnd}." if table else "Tables are not drawn yet."


def fixture_text(names: list[str]) -> str:
    """A fixture: 'Ann & Bo v Cy & Di', or 'Ed & Flo sit out'."""
    return " v ".join(names) if len(names) > 1 else f"{names[0]} sit out"
