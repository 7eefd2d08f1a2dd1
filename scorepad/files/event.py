"""The event file: one JSON document <-> a club night with every game (no Flask, no
database). Each table's game is written in the game file format (docs/gamefile.md).

    {"scorepad_event": 1, "settings": {...}, "rules": {...},
     "entrants": [{"id": 1, "name": "Ann & Bo", "players": ["Ann", "Bo"],
                   "joined_round": 1, "left_round": null}],
     "rounds": [{"number": 1, "kind": "round", "status": "done", "byes": [5],
                 "started_at": 1764580000.0, "called_at": null}],
     "matches": [{"round": 1, "number": 1, "sides": [[1], [2]], "last_hand": null,
                  "game": {...a game file...}}]}
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core import limits
from ..core.bracket_double import most_rounds
from ..core.errors import GameError, quoted
from ..core.event import MAX_TABLES, PLAYOFF_MOST, ROUNDS, Settings, check_settings
from ..core.game import Game
from ..core.model import GameScore
from ..core.names import check_names, pair_name, texts_problem
from ..core.nesting import too_deep
from ..core.night_check import check_night
from ..core.roster import (
    Entrant,
    Match,
    Round,
    RoundKind,
    RoundStatus,
    check_named,
    night_standings,
)
from ..core.rules import Rules, validate_rules
from ..core.standings import Row
from . import game as gamefile
from . import json_text

VERSION = 1
KINDS = tuple(RoundKind)  # the core's own values, written as their words
STATUSES = tuple(RoundStatus)


@dataclass(frozen=True)
class EventFile:
    """A club night read from its file: matches carry their games (None: not started)."""

    settings: Settings
    rules: Rules
    entrants: tuple[Entrant, ...]
    rounds: tuple[Round, ...]
    matches: tuple[tuple[Match, Game | None], ...]
    scores: tuple[GameScore | None, ...] = ()  # each match's game scored, as read

    def standings(self) -> tuple[Row, ...]:
        """The night's standings from the games in the file."""
        scores = {m.game_id: s for (m, _), s in zip(self.matches, self.scores) if m.game_id and s}
        bare = [m for m, _ in self.matches]
        return night_standings(self.settings, self.entrants, self.rounds, bare, scores)


# What a night can hold, refused before anything is read further: 30 rounds and the
# longest playoff's (a double elimination of 64: 16 rounds, its reset played), 30 tables
# a round, 120 players seated and as many come and gone; 1,152 tables in all (30 rounds
# of 30 and the longest playoff's 127 matches fit); 5,000 hands in all (12 rounds of 30
# tables at 13 hands a game), and a file of at most 12 MB: the export of such a night,
# indented, is under 5 MB, and some 10.5 MB with the longest notes and names the web
# takes (core/limits.py). An import of one holds a server thread well under a second
# (bench/event_import.py).
MAX_BYTES = limits.EVENT_FILE_BYTES
LIMITS = {
    "entrants": 8 * MAX_TABLES,
    "rounds": ROUNDS[1] + max(most_rounds(teams) for teams in range(2, PLAYOFF_MOST + 1)),
    "matches": (ROUNDS[1] + 6) * (MAX_TABLES + 2),
}


def _list(doc: dict, key: str) -> list:
    value = doc.get(key, [])
    if not isinstance(value, list) or len(value) > LIMITS[key]:
        raise GameError(f"must be a list of at most {LIMITS[key]}", field=key)
    return value


def _hands_in(matches: list) -> int:
    """The hands of every game in the file, counted before any is read or scored."""
    games = (m.get("game") for m in matches if isinstance(m, dict))
    return sum(
        len(g["hands"]) for g in games if isinstance(g, dict) and isinstance(g.get("hands"), list)
    )


def _ints(value: object, field: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) and 0 < v < 10**9 for v in value
    ):
        raise GameError("must be a list of entrant ids", field=field)
    return tuple(value)


def _whole(value: object, field: str, low: int = 1, high: int = 10_000) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise GameError(f"must be a whole number from {low} to {high}", field=field)
    return value


def _optional(value: object, field: str) -> int | None:
    return None if value is None else _whole(value, field, 0)


def _entrant(raw: Any, i: int) -> Entrant:
    field = f"entrants[{i}]"
    if not isinstance(raw, dict):
        raise GameError("must be an object with an id", field=field)
    players = raw.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= 2:
        raise GameError("players must be a list of one or two names", field=f"{field}.players")
    names = check_names(players)
    return Entrant(
        _whole(raw.get("id"), f"{field}.id", 1, 10**9),
        pair_name(names),
        names,
        _whole(raw.get("joined_round", 1), f"{field}.joined_round"),
        _optional(raw.get("left_round"), f"{field}.left_round"),
    )


def _round(raw: Any, i: int) -> Round:
    field = f"rounds[{i}]"
    if not isinstance(raw, dict):
        raise GameError("must be an object with a number", field=field)
    number = _whole(raw.get("number"), f"{field}.number")
    for key, known in (("kind", KINDS), ("status", STATUSES)):
        if raw.get(key) not in known:
            raise GameError("kind or status is not known", field=f"{field}.{key}")
    started, called = (_seconds(raw.get(k), f"{field}.{k}") for k in ("started_at", "called_at"))
    return Round(
        number,
        RoundKind(raw["kind"]),
        RoundStatus(raw["status"]),
        _ints(raw.get("byes", []), f"{field}.byes"),
        started,
        called,
    )


def _seconds(value: object, field: str) -> float | None:
    """A round's time: seconds since 1970 (before the year 5000), or null."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value < 1e11:
        raise GameError("must be a time in seconds since 1970, or null", field=field)
    return float(value)


def _match(raw: Any, i: int) -> tuple[Match, Game | None, GameScore | None]:
    field = f"matches[{i}]"
    if not isinstance(raw, dict):
        raise GameError("must be an object with a round and a number", field=field)
    number = (
        _whole(raw.get("round"), f"{field}.round"),
        _whole(raw.get("number"), f"{field}.number"),
    )
    sides = raw.get("sides")
    if not isinstance(sides, list) or len(sides) != 2:
        raise GameError("sides must be two lists of entrant ids", field=f"{field}.sides")
    game, score = None, None
    if raw.get("game") is not None:
        try:
            game, score = gamefile.read_scored(raw["game"])
        except GameError as err:
            raise GameError(f"game: {err}", field=field) from None
    game_id = f"{number[0]}.{number[1]}" if game else None
    match = Match(
        number[0],
        number[1],
        tuple(_ints(s, f"{field}.sides[{k}]") for k, s in enumerate(sides)),
        game_id,
        _optional(raw.get("last_hand"), f"{field}.last_hand"),
        *_named(raw, field),
        *(_true_or_false(raw.get(key, False), f"{field}.{key}") for key in _SWITCHES),
    )
    return match, game, score


# A table's switches, each left out when false: the director entered its result from its
# paper slip; opened it again after its round; its game changed since.
_SWITCHES = ("paper", "reopened", "changed")


def _true_or_false(raw: object, field: str) -> bool:
    if not isinstance(raw, bool):
        raise GameError(f"must be true or false, not {quoted(raw)}", field=field)
    return raw


def _named(raw: dict, field: str) -> tuple[int | None, str]:
    """The side a drawn playoff game sent through by the director's word, and why."""
    if raw.get("winner") is None:
        return None, ""
    try:
        return check_named(raw["winner"], raw.get("note"))
    except GameError as err:
        raise GameError(str(err), field=field) from None


def read(doc: object) -> EventFile:
    """A parsed event file; a GameError names the part at fault."""
    marker = doc.get("scorepad_event") if isinstance(doc, dict) else None
    # exactly the number 1: not true, not 1.0 (both equal 1 in Python), as the club file's
    if not isinstance(doc, dict) or type(marker) is not int or marker != VERSION:
        raise GameError(
            "is not a scorepad event file (version %(version)s)",
            field="scorepad_event",
            version=VERSION,
        )
    _check_texts(doc)
    settings = doc.get("settings")
    if not isinstance(settings, dict):
        raise GameError("must be an object", field="settings")
    checked = check_settings(settings)
    entrants = tuple(_entrant(r, i) for i, r in enumerate(_list(doc, "entrants")))
    rounds = tuple(_round(r, i) for i, r in enumerate(_list(doc, "rounds")))
    raw = _list(doc, "matches")
    if _hands_in(raw) > limits.NIGHT_HANDS:  # as many as a night's tables may save
        raise GameError(
            f"hold {_hands_in(raw)} hands in all: a night's file holds at most "
            f"{limits.NIGHT_HANDS}",
            field="matches",
        )
    read = [_match(r, i) for i, r in enumerate(raw)]
    matches = tuple((m, g) for m, g, _ in read)
    scores = tuple(s for _, _, s in read)
    check_night(checked, entrants, rounds, matches, scores)
    rules = validate_rules(doc.get("rules"))
    return EventFile(checked, rules, entrants, rounds, matches, scores)


def _check_texts(doc: dict) -> None:
    """Every key and text of the file (its tables' games apart: the game file's reader
    checks those) under the name rules' characters, before anything reads it."""
    matches = doc.get("matches")
    if isinstance(matches, list):
        bare = [
            {k: v for k, v in m.items() if k != "game"} if isinstance(m, dict) else m
            for m in matches
        ]
        doc = {**doc, "matches": bare}
    where, problem = texts_problem(doc)
    if problem:
        raise GameError(problem, field=where)


def loads(text: str | bytes) -> EventFile:
    """Read an event file's text (at most MAX_BYTES)."""
    if len(text) > MAX_BYTES:
        raise GameError(
            "is over %(most)s KB: more than a night holds", most=MAX_BYTES // 1024, field="file"
        )
    return read(json_doc(text))


def refuse_deep(text: str | bytes, field: str = "file") -> None:
    """Refuse a JSON text nested deeper than any file scorepad writes, before it is read."""
    if too_deep(text):  # deeper than MAX_DEPTH: no scorepad file is
        raise GameError("is not JSON: its values are nested too deep", field=field)


def json_doc(text: str | bytes) -> object:
    """A file's JSON document (the event file's and the club file's): a GameError of
    field "file" when it is not JSON, or nested deeper than a scorepad file."""
    refuse_deep(text)
    try:
        return json_text.parse(text)
    except GameError:
        raise  # a key given twice, named
    except RecursionError:
        raise GameError("is not JSON: its values are nested too deep", field="file") from None
    except UnicodeDecodeError:
        raise GameError("is not UTF-8 text", field="file") from None
    except json_text.LongNumber as err:
        raise GameError(
            "holds a number of %(digits)s digits: no number in it has more than %(most)s",
            digits=err.digits,
            most=json_text.MOST_DIGITS,
            field="file",
        ) from None
    except json.JSONDecodeError as err:  # json's words, said in the page's language too
        why = gamefile.json_problem(err)
        raise GameError("is not JSON: %(why)s", why=why, field="file") from None
    except ValueError as err:
        raise GameError(f"is not JSON: {err}", field="file") from None


def _entrant_doc(e: Entrant, number: dict[int, int]) -> dict[str, Any]:
    keys = ("id", "name", "players", "joined_round", "left_round")
    values = {"id": number[e.id], "players": list(e.players)}
    return {k: values[k] if k in values else getattr(e, k) for k in keys}


def _round_doc(r: Round, number: dict[int, int]) -> dict[str, Any]:
    keys = ("number", "kind", "status", "byes", "started_at", "called_at")
    return {k: [number[e] for e in r.byes] if k == "byes" else getattr(r, k) for k in keys}


def _match_doc(m: Match, game: Game | None, number: dict[int, int]) -> dict[str, Any]:
    return {
        "round": m.round,
        "number": m.number,
        "sides": [[number[e] for e in s] for s in m.sides],
        "last_hand": m.last_hand,
        **({"winner": m.winner, "note": m.note} if m.winner is not None else {}),
        **({"paper": True} if m.paper else {}),
        **({"reopened": True} if m.reopened else {}),
        **({"changed": True} if m.changed else {}),
        "game": None if game is None else gamefile.export(game),
    }


def export(
    settings: Settings,
    rules: Rules,
    entrants: Sequence[Entrant],
    rounds: Sequence[Round],
    matches: Sequence[tuple[Match, Game | None]],
) -> dict[str, Any]:
    """The event as one JSON-ready document, its games in the game file format. Its
    entrants are numbered 1, 2, ... in check-in order (the file's own numbers, not the
    database's rows), so a night imported and exported again is the same file."""
    number = {e.id: i for i, e in enumerate(entrants, 1)}
    return {
        "scorepad_event": VERSION,
        "settings": settings.as_dict(),
        "rules": rules.as_dict(),
        "entrants": [_entrant_doc(e, number) for e in entrants],
        "rounds": [_round_doc(r, number) for r in rounds],
        "matches": [_match_doc(m, game, number) for m, game in matches],
    }


def dumps(doc: dict[str, Any]) -> str:
    """The event document as indented JSON text."""
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def standings_text(parsed: EventFile) -> str:
    """The standings as plain lines, for the command line."""
    keys = ", ".join(parsed.settings.order)
    lines = [f"{parsed.settings.name} {parsed.settings.date}".rstrip(), f"by {keys}"]
    for row in parsed.standings():
        lines.append(
            f"{row.place:>3}. {row.name:<30} W{row.wins} D{row.draws} L{row.losses} "
            f"VP{row.vp} diff {row.diff:+d} pts {row.points} bags {row.bags} byes {row.byes}"
        )
    return "\n".join(lines) + "\n"
