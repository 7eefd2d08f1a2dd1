"""A season's settings, checked. Pure: the raw form or file values in, `SeasonSettings`
out, or a GameError naming the field at fault (docs/seasons.md)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .errors import GameError
from .event import PLAYOFF_FORMATS, Format
from .names import check_text, name_key


class SeasonKind(StrEnum):
    """A season of fixed pairs, or of players each on their own (cutthroat nights)."""

    PAIRS = "pairs"
    CUTTHROAT = "cutthroat"


KINDS = tuple(SeasonKind)


class Fixtures(StrEnum):
    """A season's fixtures: drawn for the whole season at once, or night by night."""

    SEASON = "season"
    NIGHT = "night"


FIXTURES = tuple(Fixtures)
# The years a night may fall in: what a calendar feed and a page can show
# (a night of 9999-12-31 has no next day for a feed to end it on).
YEARS = (2000, 2200)
NAME_LENGTH = 80
VENUE_LENGTH = 120
DIVISION_LENGTH = 40
MAX_DIVISIONS = 12


@dataclass(frozen=True)
class SeasonSettings:
    """Pairs or cutthroat; best N nights counted (0: all); the qualifying minimum of
    nights; how many go up and down (0: no promotion or relegation); the playoff's size
    (0: none); fixtures for the season or night by night; the divisions, highest first."""

    kind: SeasonKind = SeasonKind.PAIRS
    best: int = 0
    qualify: int = 0
    moves: int = 0
    playoff: int = 0
    fixtures: Fixtures = Fixtures.SEASON
    playoff_format: str = "single"  # "double": the playoff night plays double elimination
    divisions: tuple[str, ...] = ("",)

    @property
    def pairs(self) -> bool:
        """Whether its entrants are fixed pairs (else players on their own)."""
        return self.kind == SeasonKind.PAIRS

    @property
    def season_fixtures(self) -> bool:
        """Whether its fixtures are drawn for the whole season (else night by night)."""
        return self.fixtures == Fixtures.SEASON

    @property
    def night_format(self) -> Format:
        """How its nights pair their entrants: fixed pairs by Swiss, else partners
        rotating every round."""
        return Format.SWISS if self.pairs else Format.INDIVIDUAL

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


def _given(raw: Mapping[str, Any], key: str, default: Any) -> Any:
    """The value of `key`, or `default` where it is not given: left out, null, or a
    form's empty field. Any other value is checked as it is (a file's 0, false or []
    for a choice is refused, not read as the default)."""
    value = raw.get(key)
    return default if value is None or value == "" else value


def _number(raw: Mapping[str, Any], key: str, high: int) -> int:
    value = _given(raw, key, 0)
    digits = value.strip() if isinstance(value, str) else ""
    if digits.isascii() and digits.isdigit() and len(digits) <= 9:
        value = int(digits)  # a form's digits (a longer run is out of range anyway)
    elif digits.isascii() and digits.isdigit():
        raise GameError("must be from 0 to %(high)s", high=high, field=key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise GameError("must be a whole number", field=key)
    number = value
    if not 0 <= number <= high:
        raise GameError("must be from 0 to %(high)s", high=high, field=key)
    return number


def _choice(raw: Mapping[str, Any], key: str, allowed: Sequence[str]) -> str:
    value = _given(raw, key, allowed[0])
    if not isinstance(value, str) or value not in allowed:
        raise GameError("must be one of %(choices)s", choices=", ".join(allowed), field=key)
    return str(value)


def _divisions(raw: Mapping[str, Any]) -> tuple[str, ...]:
    given = _given(raw, "divisions", [""])
    if isinstance(given, str):
        given = given.split(",")
    if not isinstance(given, (list, tuple)) or not 1 <= len(given) <= MAX_DIVISIONS:
        raise GameError("must be up to 12 different names", field="divisions")
    names = tuple(check_text(n, "divisions", DIVISION_LENGTH, blank=True) for n in given)
    if len({n.casefold() for n in names}) != len(names):
        raise GameError("must be up to 12 different names", field="divisions")
    return names


def check_season(raw: Mapping[str, Any]) -> SeasonSettings:
    """The settings from a form or a file; a GameError names the field at fault."""
    return SeasonSettings(
        kind=SeasonKind(_choice(raw, "kind", KINDS)),
        best=_number(raw, "best", 100),
        qualify=_number(raw, "qualify", 100),
        moves=_number(raw, "moves", 10),
        playoff=_number(raw, "playoff", 16),
        fixtures=Fixtures(_choice(raw, "fixtures", FIXTURES)),
        playoff_format=_choice(raw, "playoff_format", PLAYOFF_FORMATS),
        divisions=_divisions(raw),
    )


def check_day(day: object, start: object = "") -> tuple[str, str]:
    """A night's date (YYYY-MM-DD, a year of YEARS) and optional start time (HH:MM), as
    stored."""
    try:
        when = (
            dt.date.fromisoformat(day.strip()) if isinstance(day, str) and day.isascii() else None
        )
    except ValueError:
        when = None
    if when is None:
        raise GameError("must be a date, YYYY-MM-DD", field="day")
    if not YEARS[0] <= when.year <= YEARS[1]:
        raise GameError(
            "must be a date from the year %(first)s to %(last)s",
            first=YEARS[0],
            last=YEARS[1],
            field="day",
        )
    if start is None:
        start = ""
    if not isinstance(start, str) or not start.isascii():
        raise GameError("must be a time, HH:MM", field="start")
    start = start.strip()
    if start:
        try:
            start = dt.time.fromisoformat(start).strftime("%H:%M")
        except ValueError:
            raise GameError("must be a time, HH:MM", field="start") from None
    return when.isoformat(), start


def check_season_name(name: object) -> str:
    """A season's name: 1 to 80 characters under the name rules, spaces folded."""
    return check_text(name, "name", NAME_LENGTH)


def check_venue(venue: object) -> str:
    """A night's venue line: up to 120 characters under the name rules, spaces folded."""
    return check_text(venue, "venue", VENUE_LENGTH, blank=True)


@dataclass(frozen=True)
class SeasonRecord:
    """A season as the club file keeps it: `nights` each (number, day, start, venue, the
    index of its club night among the file's nights or None, calendar sequence);
    `entrants` each (number, players, division); `closed`: the divisions after the moves;
    `follows`: the index among the file's seasons of the closed season it follows."""

    name: str
    settings: SeasonSettings
    closed: tuple[tuple[int, ...], ...] | None
    nights: tuple[tuple[int, str, str, str, int | None, int], ...]
    entrants: tuple[tuple[int, tuple[str, ...], int], ...]
    follows: int | None = None


def entrant_size(kind: str) -> int:
    """How many players an entrant of a season of this kind is: a pair two, else one."""
    return 2 if kind == SeasonKind.PAIRS else 1


def check_entrants(kind: str, entrants: Sequence[tuple[int, Sequence[str], int]]) -> None:
    """A season's entrants (number, players, division) fit its kind: each the size its
    kind says, each number once, each player in one entrant only (names compared as
    everywhere); a GameError names the entrant at fault."""
    size = entrant_size(kind)
    numbers: set[int] = set()
    players: dict[str, int] = {}
    for number, names, _ in entrants:
        field = f"entrant {number}"
        if len(names) != size:
            raise GameError(
                "holds %(count)s players: an entrant of a pairs season is two players, "
                "of a cutthroat season one",
                count=len(names),
                field=field,
            )
        if number in numbers:
            raise GameError("the number %(number)s is given twice", number=number, field=field)
        numbers.add(number)
        for name in names:
            other = players.setdefault(name_key(name), number)
            if other != number:
                raise GameError(
                    "%(name)s plays for entrant %(other)s already",
                    name=name,
                    other=other,
                    field=field,
                )
