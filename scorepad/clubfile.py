"""The club file (docs/clubs.md): a whole club as one JSON document, its roster (every
person the manager has merged, renamed or kept off the lists), its own games as game
files and its nights as event files, each read by its own reader.

    {"scorepad_club": 1, "name": "Friday Spades",
     "roster": [{"anchor": "ann", "names": ["ann", "annie"], "name": "Ann", "hidden": false}],
     "games": [<game file>, ...], "nights": [<event file>, ...],
     "presets": [{"name": "League", "rules": {"target": 300}}, ...],
     "seasons": [<season, docs/seasons.md>, ...]}

`presets` and `seasons` are optional (a club without them exports without them; an
older club file has neither).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from . import eventfile, gamefile
from .core.club import Roster, dumps, loads
from .core.errors import GameError
from .core.game import Game
from .core.model import GameScore
from .core.names import check_text, texts_problem
from .core.presets import Preset, from_values
from .core.season_settings import SeasonRecord
from .seasonfile import export_season, read_season

VERSION = 1
MAX_BYTES = 24 * 1024 * 1024  # a club of some 4,000 games, indented
MAX_GAMES = 20_000
MAX_NIGHTS = 500
MAX_PRESETS = 100
MAX_SEASONS = 100


@dataclass(frozen=True)
class ClubFile:
    """A club read from its file."""

    name: str
    roster: Roster
    games: tuple[tuple[Game, GameScore], ...]
    nights: tuple[eventfile.EventFile, ...]
    presets: tuple[Preset, ...] = ()
    seasons: tuple[SeasonRecord, ...] = ()


def _items(doc: dict, key: str, most: int) -> list:
    found = doc.get(key, [])
    if not isinstance(found, list):
        raise GameError("must be a list", field=key)
    if len(found) > most:
        raise GameError(f"hold {len(found)}: a club file holds at most {most}", field=key)
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
    if not isinstance(doc, dict) or doc.get("scorepad_club") != VERSION:
        raise GameError(f"is not a scorepad club file (version {VERSION})", field="scorepad_club")
    # every key and text but the games', nights' and seasons' (their readers check those)
    own = {k: v for k, v in doc.items() if k not in ("games", "nights", "seasons")}
    where, problem = texts_problem(own)
    if problem:
        raise GameError(problem, field=where)
    name = check_text(doc.get("name"), "name")
    roster = loads(json.dumps(doc.get("roster", [])))
    games = _each(_items(doc, "games", MAX_GAMES), "game", gamefile.read_scored)
    nights = _each(_items(doc, "nights", MAX_NIGHTS), "night", eventfile.read)
    presets = _each(_items(doc, "presets", MAX_PRESETS), "preset", _read_preset)
    seasons = _each(
        _items(doc, "seasons", MAX_SEASONS), "season", lambda raw: read_season(raw, len(nights))
    )
    return ClubFile(name, roster, tuple(games), tuple(nights), tuple(presets), tuple(seasons))


def _read_preset(raw: object) -> Preset:
    if not isinstance(raw, dict) or set(raw) != {"name", "rules"}:
        raise GameError("must be an object with name and rules")
    return from_values(raw["name"], raw["rules"])


def loads_club(text: str | bytes) -> ClubFile:
    """Read a club file's text (at most MAX_BYTES)."""
    if len(text) > MAX_BYTES:
        raise GameError(f"is over {MAX_BYTES // (1024 * 1024)} MB", field="file")
    return read(eventfile.json_doc(text))


def export(
    name: str,
    roster: Roster,
    games: list[Game],
    nights: list[dict[str, Any]],
    presets: Sequence[Preset] = (),
    seasons: Sequence[SeasonRecord] = (),
) -> dict[str, Any]:
    """The club as one JSON-ready document (`nights`: each night's event file document)."""
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
    return doc


def dumps_club(doc: dict[str, Any]) -> str:
    """The club document as JSON text."""
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"
