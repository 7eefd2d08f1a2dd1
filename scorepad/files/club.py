"""The club file (docs/clubs.md): a whole club as one JSON document, its roster (every
person the manager has merged, renamed or kept off the lists), its own games as game
files and its nights as event files, each read by its own reader.

    {"scorepad_club": 1, "name": "Friday Spades",
     "roster": [{"anchor": "ann", "names": ["ann", "annie"], "name": "Ann", "hidden": false}],
     "games": [<game file>, ...], "nights": [<event file>, ...],
     "presets": [{"name": "League", "rules": {"target": 300}}, ...],
     "seasons": [<season, docs/seasons.md>, ...],
     "order": [1, [0, 2], 0, ...],
     "rematches": [[0, 1], ...],
     "last_change": {"kind": "merge", "before": [<roster>], "after": [<roster>]}}

`presets`, `seasons` and `order` are optional (a club without them exports without them;
an older club file has none). `order` lists every game of the file in the order the club
rates them (the order they were started in): a number for one of `games`, `[n, m]` for
the game of table `matches[m]` of `nights[n]`; a file without it rates its games filed
alone first, then its nights' games, in the file's order, and a club whose games are in
that order exports without it. `rematches` (optional, likewise): each game that was
started as the rematch of another, `[that game, its rematch]`, each a place as in
`order`: the games of an evening. `last_change` (optional): the manager's last roster
change not undone, the rosters before and after it, so its undo is offered as before.
What a file may hold is what the web lets a club hold
(core/limits.py); the file is written compactly.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core import limits
from ..core.club import CHANGES, Roster, check_names, dumps, loads
from ..core.errors import GameError, quoted
from ..core.game import Game
from ..core.model import GameScore
from ..core.names import check_text, name_key, texts_problem
from ..core.presets import Preset, from_values
from ..core.season_settings import SeasonRecord
from . import event as eventfile
from . import game as gamefile
from .season import check_follows, export_season, read_season

VERSION = 1
Place = int | tuple[int, int]  # a game filed alone's index; a night's and its table's
MAX_BYTES = limits.CLUB_FILE_BYTES  # as named before core/limits.py; the readers read limits


@dataclass(frozen=True)
class ClubFile:
    """A club read from its file."""

    name: str
    roster: Roster
    games: tuple[tuple[Game, GameScore], ...]
    nights: tuple[eventfile.EventFile, ...]
    presets: tuple[Preset, ...] = ()
    seasons: tuple[SeasonRecord, ...] = ()
    order: tuple[int, ...] = ()  # each game's place in games + the nights' games; (): as read
    rematches: tuple[tuple[int, int], ...] = ()  # (a game, its rematch), as `order` counts
    last_change: tuple[str, Roster, Roster] | None = None  # kind, roster before, after


def _items(doc: dict, key: str) -> list:
    found = doc.get(key, [])
    if not isinstance(found, list):
        raise GameError("must be a list", field=key)
    limits.check_room(key, 0, len(found))
    return found


def _each(items: list, field: str, reader: Any) -> list:
    read = []
    for i, item in enumerate(items, 1):
        try:
            read.append(reader(item))
        except GameError as err:
            raise GameError(f"{field} {i}: {err}", field=field) from None
    return read


def read(doc: object) -> ClubFile:
    """A parsed club file; a GameError names the part at fault."""
    marker = doc.get("scorepad_club") if isinstance(doc, dict) else None
    # exactly the number 1: not true, not 1.0 (both equal 1 in Python)
    if not isinstance(doc, dict) or type(marker) is not int or marker != VERSION:
        raise GameError(
            "is not a scorepad club file (version %(version)s)",
            field="scorepad_club",
            version=VERSION,
        )
    # every key and text but the games', nights' and seasons' (their readers check those)
    own = {k: v for k, v in doc.items() if k not in ("games", "nights", "seasons")}
    where, problem = texts_problem(own)
    if problem:
        raise GameError(problem, field=where)
    name = check_text(doc.get("name"), "name", limits.CLUB_NAME)
    roster = loads(json.dumps(doc.get("roster", [])))
    games = _each(_items(doc, "games"), "game", gamefile.read_scored)
    nights = _each(_items(doc, "nights"), "night", eventfile.read)
    presets = _each(_items(doc, "presets"), "preset", _read_preset)
    held = _items(doc, "seasons")
    seasons = _each(held, "season", lambda raw: read_season(raw, len(nights), len(held)))
    _check_presets(presets)
    _check_linked(seasons)
    check_follows(seasons)
    played = [g for g, _ in games] + [g for n in nights for _, g in n.matches if g is not None]
    check_names(roster, {name_key(p) for g in played for p in g.table.players})
    places = played_places(len(games), nights)
    order = _read_order(doc.get("order"), places)
    rematches = _read_rematches(doc.get("rematches", []), places)
    return ClubFile(
        name,
        roster,
        tuple(games),
        tuple(nights),
        tuple(presets),
        tuple(seasons),
        order,
        rematches,
        _read_last_change(doc.get("last_change")),
    )


def _read_last_change(raw: object) -> tuple[str, Roster, Roster] | None:
    """The manager's last roster change not undone: its kind, the rosters before and
    after it (each read as the file's roster is)."""
    if raw is None:
        return None
    if not isinstance(raw, dict) or set(raw) != {"kind", "before", "after"}:
        raise GameError("must be an object with kind, before and after", field="last_change")
    if raw["kind"] not in CHANGES:
        raise GameError(
            "kind must be one of %(kinds)s", kinds=", ".join(CHANGES), field="last_change"
        )
    try:
        before, after = (loads(json.dumps(raw[key])) for key in ("before", "after"))
    except GameError as err:
        raise GameError(err.detail, field="last_change") from None
    return str(raw["kind"]), before, after


def played_places(games: int, nights: Sequence[eventfile.EventFile]) -> list[Place]:
    """Every game's place in a club file, as it reads them: its games filed alone, then
    each night's tables that have a game."""
    places: list[Place] = list(range(games))
    for n, night in enumerate(nights):
        places += [(n, m) for m, (_, game) in enumerate(night.matches) if game is not None]
    return places


def _place(item: object) -> Place | None:
    """An entry of `order` as a place: a whole number, or a list of two."""
    if isinstance(item, int) and not isinstance(item, bool):
        return item
    if isinstance(item, list) and len(item) == 2:
        if all(isinstance(v, int) and not isinstance(v, bool) for v in item):
            return (item[0], item[1])
    return None


def _read_order(raw: object, places: Sequence[Place]) -> tuple[int, ...]:
    """The file's games in the order the club rates them, as indexes into `places` (none
    given: as read)."""
    if raw is None:
        return ()
    index = {place: i for i, place in enumerate(places)}
    if not isinstance(raw, list) or len(raw) != len(places):
        raise GameError(
            "must list each of the file's %(count)s games once", field="order", count=len(places)
        )
    order: list[int] = []
    seen: set[int] = set()
    for k, item in enumerate(raw, 1):
        place = _place(item)
        found = None if place is None else index.get(place)
        if found is None:
            raise GameError(
                "entry %(entry)s: %(value)s is no game of the file: a number for one of "
                "games, [night, table] for the game of nights[night].matches[table]",
                field="order",
                entry=k,
                value=quoted(item),
            )
        if found in seen:
            raise GameError(
                "entry %(entry)s: %(value)s is listed twice",
                field="order",
                entry=k,
                value=quoted(item),
            )
        seen.add(found)
        order.append(found)
    return tuple(order)


def _read_rematches(raw: object, places: Sequence[Place]) -> tuple[tuple[int, int], ...]:
    """Each (game, its rematch), as indexes into `places`: a game has one rematch at most
    and is the rematch of one game at most, and no evening comes back to its first game."""
    if not isinstance(raw, list):
        raise GameError("must be a list of [game, its rematch]", field="rematches")
    index = {place: i for i, place in enumerate(places)}
    parent: dict[int, int] = {}
    child: dict[int, int] = {}
    for k, item in enumerate(raw, 1):
        pair = item if isinstance(item, list) and len(item) == 2 else [None, None]
        found = [None if (at := _place(p)) is None else index.get(at) for p in pair]
        if None in found or found[0] == found[1]:
            raise GameError(
                "entry %(entry)s: %(value)s is not [a game of the file, another: its rematch]",
                field="rematches",
                entry=k,
                value=quoted(item),
            )
        first, again = found[0], found[1]
        assert first is not None and again is not None
        if first in child or again in parent:
            raise GameError(
                "entry %(entry)s: %(value)s gives a game a second rematch, or a rematch a "
                "second game",
                field="rematches",
                entry=k,
                value=quoted(item),
            )
        child[first], parent[again] = again, first
        seen, at = {again}, first
        while at in parent:  # up the evening from the game rematched: never back to it
            at = parent[at]
            if at in seen:
                raise GameError(
                    "entry %(entry)s: %(value)s makes an evening a circle",
                    field="rematches",
                    entry=k,
                    value=quoted(item),
                )
            seen.add(at)
    return tuple((first, again) for again, first in parent.items())


def _check_presets(presets: Sequence[Preset]) -> None:
    """A club holds one preset of a name (a second would replace the first)."""
    first: dict[str, int] = {}
    for i, preset in enumerate(presets, 1):
        if preset.name in first:
            said = f"name: {quoted(preset.name)} is preset {first[preset.name]}'s name"
            raise GameError(f"preset {i}: {said}", field="preset")
        first[preset.name] = i


def _check_linked(seasons: Sequence[SeasonRecord]) -> None:
    """A club night is one season night at most (the web refuses to link it again): a
    night of the file linked twice would count twice."""
    linked: dict[int, tuple[int, int]] = {}
    for i, season in enumerate(seasons, 1):
        for number, _, _, _, index, _ in season.nights:
            if index is None:
                continue
            if index in linked:
                theirs, night = linked[index]
                said = f"the file's night {index} is night {night} of season {theirs} already"
                raise GameError(f"season {i}: night {number}: {said}", field="season")
            linked[index] = (i, number)


def _read_preset(raw: object) -> Preset:
    if not isinstance(raw, dict) or set(raw) != {"name", "rules"}:
        raise GameError("must be an object with name and rules")
    return from_values(raw["name"], raw["rules"])


def loads_club(text: str | bytes) -> ClubFile:
    """Read a club file's text (at most limits.CLUB_FILE_BYTES)."""
    if len(text) > limits.CLUB_FILE_BYTES:
        raise GameError(
            "is over %(most)s MB", field="file", most=limits.CLUB_FILE_BYTES // limits.MB
        )
    return read(eventfile.json_doc(text))


def export(
    name: str,
    roster: Roster,
    games: list[Game],
    nights: list[dict[str, Any]],
    presets: Sequence[Preset] = (),
    seasons: Sequence[SeasonRecord] = (),
    order: Sequence[Place] = (),
    rematches: Sequence[tuple[Place, Place]] = (),
    last_change: tuple[str, Roster, Roster] | None = None,
) -> dict[str, Any]:
    """The club as one JSON-ready document (`nights`: each night's event file document;
    `order`: every game's place in the order the club rates them, when that is not the
    file's own order)."""
    doc = {
        "scorepad_club": VERSION,
        "name": name,
        "roster": json.loads(dumps(roster)),
        "games": [gamefile.export(game) for game in games],
        "nights": nights,
    }
    if presets:
        doc["presets"] = [{"name": p.name, "rules": dict(p.values)} for p in presets]
    if seasons:
        doc["seasons"] = [export_season(record) for record in seasons]
    if order:
        doc["order"] = [_place_doc(place) for place in order]
    if rematches:
        doc["rematches"] = [[_place_doc(a), _place_doc(b)] for a, b in rematches]
    if last_change is not None:
        kind, before, after = last_change
        doc["last_change"] = {
            "kind": kind,
            "before": json.loads(dumps(before)),
            "after": json.loads(dumps(after)),
        }
    return doc


def _place_doc(place: Place) -> int | list[int]:
    return list(place) if isinstance(place, tuple) else place


def dumps_club(doc: dict[str, Any]) -> str:
    """The club document as JSON text, written compactly (a big club's file is mostly
    its games: indented, a third larger)."""
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=False) + "\n"
