"""A season's settings, checked. Pure: the raw form or file values in, `SeasonSettings`
out, or a GameError naming the field at fault (docs/seasons.md)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import GameError

KINDS = ("pairs", "cutthroat")
FIXTURES = ("season", "night")
PLAYOFF_FORMATS = ("single", "double")  # as a night's (core/event.py)


@dataclass(frozen=True)
class SeasonSettings:
    """Pairs or cutthroat; best N nights counted (0: all); the qualifying minimum of
    nights; how many go up and down (0: no promotion or relegation); the playoff's size
    (0: none); fixtures for the season or night by night; the divisions, highest first."""

    kind: str = "pairs"
    best: int = 0
    qualify: int = 0
    moves: int = 0
    playoff: int = 0
    fixtures: str = "season"
    playoff_format: str = "single"  # "double": the playoff night plays double elimination
    divisions: tuple[str, ...] = ("",)

    def as_dict(self) -> dict[str, Any]:
        """The settings as stored and as the club file keeps them."""
        return {
            "kind": self.kind,
            "best": self.best,
            "qualify": self.qualify,
            "moves": self.moves,
            "playoff": self.playoff,
            "fixtures": self.fixtures,
            "divisions": list(self.divisions),
            **({"playoff_format": "double"} if self.playoff_format == "double" else {}),
        }


def _number(raw: Mapping[str, Any], key: str, high: int) -> int:
    value = raw.get(key, 0)
    try:
        number = int(value or 0)
    except (TypeError, ValueError):
        raise GameError("must be a whole number", field=key) from None
    if not 0 <= number <= high:
        raise GameError("must be from 0 to %(high)s", high=high, field=key)
    return number


def _choice(raw: Mapping[str, Any], key: str, allowed: Sequence[str]) -> str:
    value = raw.get(key) or allowed[0]
    if value not in allowed:
        raise GameError("must be one of %(choices)s", choices=", ".join(allowed), field=key)
    return str(value)


def _divisions(raw: Mapping[str, Any]) -> tuple[str, ...]:
    given = raw.get("divisions") or [""]
    if isinstance(given, str):
        given = given.split(",")
    names = tuple(str(name).strip() for name in given)
    if len(names) > 12 or len({n.casefold() for n in names}) != len(names):
        raise GameError("must be up to 12 different names", field="divisions")
    return names


def check_season(raw: Mapping[str, Any]) -> SeasonSettings:
    """The settings from a form or a file; a GameError names the field at fault."""
    return SeasonSettings(
        kind=_choice(raw, "kind", KINDS),
        best=_number(raw, "best", 100),
        qualify=_number(raw, "qualify", 100),
        moves=_number(raw, "moves", 10),
        playoff=_number(raw, "playoff", 16),
        fixtures=_choice(raw, "fixtures", FIXTURES),
        playoff_format=_choice(raw, "playoff_format", PLAYOFF_FORMATS),
        divisions=_divisions(raw),
    )


def check_day(day: str, start: str = "") -> tuple[str, str]:
    """A night's date (YYYY-MM-DD) and optional start time (HH:MM), as stored."""
    try:
        clean = dt.date.fromisoformat(day.strip()).isoformat()
    except ValueError:
        raise GameError("must be a date, YYYY-MM-DD", field="day") from None
    start = start.strip()
    if start:
        try:
            start = dt.time.fromisoformat(start).strftime("%H:%M")
        except ValueError:
            raise GameError("must be a time, HH:MM", field="start") from None
    return clean, start


def check_season_name(name: str) -> str:
    """A season's name: 1 to 80 characters, spaces trimmed."""
    clean = " ".join(name.split())
    if not 0 < len(clean) <= 80:
        raise GameError("must be 1 to 80 characters", field="name")
    return clean


def check_venue(venue: str) -> str:
    """A night's venue line: up to 120 characters, spaces trimmed."""
    clean = " ".join(venue.split())
    if len(clean) > 120:
        raise GameError("must be at most 120 characters", field="venue")
    return clean


@dataclass(frozen=True)
class SeasonRecord:
    """A season as the club file keeps it: `nights` each (number, day, start, venue, the
    index of its club night among the file's nights or None, calendar sequence);
    `entrants` each (number, players, division); `closed`: the divisions after the moves."""

    name: str
    settings: SeasonSettings
    closed: tuple[tuple[int, ...], ...] | None
    nights: tuple[tuple[int, str, str, str, int | None, int], ...]
    entrants: tuple[tuple[int, tuple[str, ...], int], ...]
