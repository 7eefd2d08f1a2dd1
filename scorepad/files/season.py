"""A season in the club file (docs/seasons.md): read and written, each night's club
night named by its index in the file's `nights`, the closed season it follows by its
index in the file's `seasons`.

    {"name": "Winter League", "settings": {"kind": "pairs", "best": 8, ...},
     "closed": null | [[1, 4], [2, 3]],
     "nights": [{"number": 1, "day": "2026-01-09", "start": "19:30", "venue": "The Anchor",
                 "night": 0 | null, "sequence": 0}, ...],
     "entrants": [{"number": 1, "players": ["Ann", "Bo"], "division": 0}, ...],
     "follows": 0}

`follows` is optional (absent or null: the season follows none; a file from before it
has none): the index of another season of the file, a closed one, that no other season
of the file follows (on the web a closed season has one next season at most).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..core import limits
from ..core.errors import N_, GameError
from ..core.names import check_names, texts_problem
from ..core.season_settings import (
    SeasonRecord,
    check_day,
    check_entrants,
    check_season,
    check_season_name,
    check_venue,
)


def _int(raw: Any, field: str, high: int) -> int:
    if not isinstance(raw, int) or isinstance(raw, bool) or not 0 <= raw <= high:
        raise GameError(f"must be a whole number from 0 to {high}", field=field)
    return raw


def _list(raw: dict, key: str, kind: str) -> list:
    found = raw.get(key, [])
    if not isinstance(found, list):
        raise GameError("must be a list", field=key)
    limits.check_room(kind, 0, len(found))
    return found


def _once(numbers: Iterable[int], field: str, words: str) -> None:
    """Refuse a number listed twice in `field` (`words` say it: "names night 2 twice")."""
    seen: set[int] = set()
    for number in numbers:
        if number in seen:
            raise GameError(words, field=field, number=number)
        seen.add(number)


def _night(raw: Any, nights: int) -> tuple[int, str, str, str, int | None, int]:
    if not isinstance(raw, dict):
        raise GameError("must be an object", field="nights")
    day, start = check_day(raw.get("day"), raw.get("start"))
    index = raw.get("night")
    if index is not None:
        _int(index, "night", max(nights - 1, 0))
        if not nights:
            raise GameError("names a night the file does not hold", field="night")
    venue = check_venue(raw.get("venue"))
    number = _int(raw.get("number"), "number", 10_000)
    return number, day, start, venue, index, _int(raw.get("sequence", 0), "sequence", 10**6)


def _entrant(raw: Any, divisions: int) -> tuple[int, tuple[str, ...], int]:
    if not isinstance(raw, dict) or not isinstance(raw.get("players"), list):
        raise GameError("must be an object with players", field="entrants")
    players = check_names(raw["players"], "players", "player")
    division = _int(raw.get("division", 0), "division", divisions - 1)
    return _int(raw.get("number"), "number", 10_000), players, division


def _typed(settings: dict) -> dict:
    """A file's settings, each of its own JSON type: a number a number, the divisions a
    list (the settings' checks also read a form's texts: "7", "A,B")."""
    for key in ("best", "qualify", "moves", "playoff"):
        if isinstance(settings.get(key), str):
            raise GameError("must be a whole number", field=key)
    if isinstance(settings.get("divisions"), str):
        raise GameError("must be up to 12 different names", field="divisions")
    return settings


def read_season(raw: Any, nights: int, seasons: int = 1) -> SeasonRecord:
    """A season of a club file holding `nights` nights and `seasons` seasons; a
    GameError names the part."""
    if not isinstance(raw, dict) or not isinstance(raw.get("settings"), dict):
        raise GameError("must be an object with settings", field="seasons")
    where, problem = texts_problem(raw)  # every key and text, before anything reads it
    if problem:
        raise GameError(problem, field=where)
    settings = check_season(_typed(raw["settings"]))
    closed = raw.get("closed")
    if closed is not None and not (
        isinstance(closed, list) and all(isinstance(d, list) for d in closed)
    ):
        raise GameError("must be a list of divisions", field="closed")
    its_nights = tuple(_night(n, nights) for n in _list(raw, "nights", "season_nights"))
    _once((n[0] for n in its_nights), "nights", N_("names night %(number)s twice"))
    entrants = tuple(
        _entrant(e, len(settings.divisions)) for e in _list(raw, "entrants", "entrants")
    )
    _once((e[0] for e in entrants), "entrants", N_("names entrant %(number)s twice"))
    check_entrants(settings.kind, entrants)
    divisions = None
    if closed is not None:
        divisions = tuple(tuple(_int(n, "closed", 10_000) for n in d) for d in closed)
        _check_closed(divisions, len(settings.divisions), {e[0] for e in entrants})
    follows = raw.get("follows")
    if follows is not None:
        follows = _int(follows, "follows", max(seasons - 1, 0))
    return SeasonRecord(
        check_season_name(raw.get("name")), settings, divisions, its_nights, entrants, follows
    )


def check_follows(seasons: Sequence[SeasonRecord]) -> None:
    """Each season that follows another follows a closed season of the file other than
    itself (nor, round a ring, one that follows it), and no two follow the same one (the
    web makes one next season of a closed season at most); a GameError names `follows`,
    each season by its place from 1."""
    followed: dict[int, int] = {}
    for i, season in enumerate(seasons):
        index = season.follows
        if index is None:
            continue
        if index == i:
            raise GameError(N_("season %(season)s follows itself"), field="follows", season=i + 1)
        if seasons[index].closed is None:
            raise GameError(
                N_("season %(season)s follows season %(other)s, which is not closed"),
                field="follows",
                season=i + 1,
                other=index + 1,
            )
        if index in followed:
            raise GameError(
                N_("seasons %(first)s and %(second)s both follow season %(other)s"),
                field="follows",
                first=followed[index] + 1,
                second=i + 1,
                other=index + 1,
            )
        followed[index] = i
    for i in range(len(seasons)):  # no ring: following back from a season never meets it
        index, steps = seasons[i].follows, 0
        while index is not None and index != i and steps < len(seasons):
            index, steps = seasons[index].follows, steps + 1
        if index == i:
            raise GameError(
                N_("season %(season)s follows itself, through the seasons it follows"),
                field="follows",
                season=i + 1,
            )


def _check_closed(closed: tuple[tuple[int, ...], ...], divisions: int, numbers: set[int]) -> None:
    """A closed season's divisions after the moves, as closing it records them: one list
    a division, each of its entrants in one of them, once."""
    if len(closed) != divisions:
        raise GameError(
            f"must be one list of entrant numbers for each of the {divisions} divisions",
            field="closed",
        )
    _once((n for d in closed for n in d), "closed", N_("names entrant %(number)s twice"))
    strangers = sorted({n for d in closed for n in d} - numbers)
    if strangers:
        raise GameError(f"names entrant {strangers[0]}, who is not in the season", field="closed")
    left = sorted(numbers - {n for d in closed for n in d})
    if left:
        raise GameError(f"puts entrant {left[0]} in no division", field="closed")


def export_season(record: SeasonRecord) -> dict[str, Any]:
    """The season as the club file keeps it."""
    doc: dict[str, Any] = {
        "name": record.name,
        "settings": record.settings.as_dict(),
        "closed": [list(d) for d in record.closed] if record.closed is not None else None,
        "nights": [
            {"number": n, "day": d, "start": s, "venue": v, "night": i, "sequence": q}
            for n, d, s, v, i, q in record.nights
        ],
        "entrants": [
            {"number": n, "players": list(p), "division": d} for n, p, d in record.entrants
        ],
    }
    if record.follows is not None:  # written only when set: a file of before reads the same
        doc["follows"] = record.follows
    return doc
