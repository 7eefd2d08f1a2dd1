"""A club night's results read from each game's outcome, not its hands, and kept. No Flask.

What is kept, on what key, and what invalidates it:
- each game's `Outcome` (core/roster.py: totals, bags, over or not, winner, hands
  played), by (database file, game id, revision, updated_at). Every write to a game (a
  hand, a fix to an earlier hand, an undo, the game ended or reopened, its rules) takes
  a new revision and write time, so a changed game is never found at its old key; a
  revision rolled back and taken again by another write has another write time. A
  deleted game has no row, so it is never looked up. The key is read by one query of
  the games' (id, revision, updated_at); hands are read and scored only for a game not
  kept at its key, and only outside a write (what is kept was committed).
- each night's standings and champion, by (database file, event id, everything the
  standings read of the event: its ranking order and bye rule, the entrants' names, each
  round's kind, status and byes, each table's round, sides, game and named winner, and
  the key above of each of its games). Any change to the event or to one of its games
  gives another key; the standings handed out are copies of the kept rows.
- for the series page, each night's settings and results again, by its mark: (database
  file, event id, and one JSON text SQLite builds in one query for all the nights asked:
  the event's settings, its entrants' ids and names, each round's number, kind, status
  and byes, each table's round, number, sides, game, named winner, and its game's
  revision and write time). The mark holds all the night key above holds, so a night
  changed in any way (a round ended, a table reopened and a hand played there, a game
  deleted) has another mark; a series of finished nights reads no event and no game.
  A night is kept at its mark only if its mark read after counting is the same.
All are LRU caches of frozen values, keyed by values, each behind its own lock.
"""

from __future__ import annotations

import copy
import json
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass

from cachetools import LRUCache
from sqlite_utils import Database

from ..core.event import Settings
from ..core.playoff_double import double_champion, outcomes_result
from ..core.roster import Outcome, champion_of, outcome_of, standings_of
from ..core.standings import Row
from . import storage
from .db import file_of
from .events import Event, load_event

GameKey = tuple[str, int, str]  # game id, revision, updated_at

# A 30-table, 30-round night is 900 games; 40 nights of a series some 15,000.
_outcomes: LRUCache[tuple[str, GameKey], Outcome] = LRUCache(maxsize=32_768)
_outcomes_lock = threading.Lock()
CHUNK = 30  # games read and scored at once when a night is counted: a table each round


@dataclass(frozen=True)
class NightResults:
    """A night's standings (the playoff left out) and its champion's entrants, if any."""

    rows: tuple[Row, ...]
    champion: tuple[int, ...] | None


_nights: LRUCache[tuple, NightResults] = LRUCache(maxsize=64)
_nights_lock = threading.Lock()


def game_keys(db: Database, ids: Sequence[str]) -> list[GameKey]:
    """The (id, revision, updated_at) of the games with these ids that exist, one query."""
    rows = db.query(
        "select id, revision, updated_at from games where id in (select value from json_each(?))",
        [json.dumps(list(ids))],
    )
    return sorted((row["id"], row["revision"], row["updated_at"]) for row in rows)


def outcomes_of(db: Database, keys: Sequence[GameKey]) -> dict[str, Outcome]:
    """Each game's outcome at these keys (from `game_keys`); only a game not kept at its
    key is read and scored."""
    found = _outcomes_at(db, keys)[0]
    assert found is not None
    return found


def _outcomes_at(
    db: Database, keys: Sequence[GameKey], read: bool = True, until: float | None = None
) -> tuple[dict[str, Outcome] | None, bool]:
    """The outcomes, and whether each is the game at exactly its key (not a newer
    revision written since the keys were read); None with `read=False` unless all are
    kept, or when `until` (a `time.monotonic()`) passed before every game was counted:
    those counted are kept, a later call goes on from there."""
    where = file_of(db)
    with _outcomes_lock:
        found = {key[0]: _outcomes.get((where, key)) for key in keys}
    missing = [game_id for game_id, outcome in found.items() if outcome is None]
    if missing and not read:
        return None, False
    keep, exact, asked = not db.conn.in_transaction, True, keys_by_id(keys)
    for start in range(0, len(missing), CHUNK):
        if start and until is not None and time.monotonic() > until:
            return None, False
        for stored in storage.list_games(db, missing[start : start + CHUNK], keep=False):
            at = (stored.id, stored.revision, stored.updated_at)
            exact = exact and asked.get(stored.id) == at
            found[stored.id] = outcome = outcome_of(stored.score())
            if keep:
                with _outcomes_lock:
                    _outcomes[(where, at)] = outcome
    return {game_id: o for game_id, o in found.items() if o is not None}, exact


def keys_by_id(keys: Sequence[GameKey]) -> dict[str, GameKey]:
    """The keys by game id."""
    return {key[0]: key for key in keys}


def _night_key(db: Database, event: Event, keys: Sequence[GameKey]) -> tuple:
    settings = event.settings
    return (
        file_of(db),
        event.id,
        tuple(settings.order),
        settings.bye_counts,
        tuple((e.id, e.name) for e in event.entrants),
        tuple((r.number, r.kind, r.status, r.byes) for r in event.rounds),
        tuple((m.round, m.number, m.sides, m.game_id, m.winner) for m in event.matches),
        tuple(keys),
    )


def night(db: Database, event: Event) -> NightResults:
    """The night's standings and champion from its games' outcomes, kept by `_night_key`."""
    found = counted(db, event, read=True)
    assert found is not None
    return found


def counted(
    db: Database, event: Event, read: bool, until: float | None = None
) -> NightResults | None:
    """The night's results as `night`; None, with `read=False`, if a game's hands would
    have to be read and scored for them (an outcome not kept at its game's key), or if
    `until` passed before its games were all counted (see `_outcomes_at`)."""
    keys = game_keys(db, [m.game_id for m in event.matches if m.game_id])
    key = _night_key(db, event, keys)
    with _nights_lock:
        kept = _nights.get(key)
    if kept is None:
        outcomes, exact = _outcomes_at(db, keys, read, until)
        if outcomes is None or (not exact and not read):
            return None
        rows = standings_of(event.settings, event.entrants, event.rounds, event.matches, outcomes)
        if event.settings.double:
            won = double_champion(event.rounds, event.matches, outcomes_result(outcomes))
        else:
            won = champion_of(event.rounds, event.matches, outcomes)
        kept = NightResults(rows, won)
        if exact and not db.conn.in_transaction:
            with _nights_lock:
                _nights[key] = kept
    return NightResults(tuple(copy.copy(row) for row in kept.rows), kept.champion)


@dataclass(frozen=True)
class SeriesNight:
    """A night as the series shows it: its screen id, its settings and its results."""

    view_token: str
    settings: Settings
    results: NightResults


_MARKS = """
select e.id, e.view_token, json_array(json(e.settings),
  (select json_group_array(json_array(x.id, x.name)) from
    (select id, name from event_entrants where event_id = e.id order by id) x),
  (select json_group_array(json_array(r.number, r.kind, r.status, r.byes)) from
    (select * from event_rounds where event_id = e.id order by number) r),
  (select json_group_array(json_array(m.round, m.number, m.sides, m.game_id, m.winner,
      g.revision, g.updated_at)) from
    (select * from event_matches where event_id = e.id order by round, number) m
    left join games g on g.id = m.game_id)) as mark
from events e where e.view_token in (select value from json_each(?))
"""

_series: LRUCache[tuple[str, str, str], SeriesNight] = LRUCache(maxsize=256)
_series_lock = threading.Lock()


def marks(db: Database, tokens: Sequence[str]) -> dict[str, tuple[str, str]]:
    """The event id and the mark of each night with one of these screen ids, one query."""
    rows = db.query(_MARKS, [json.dumps(list(tokens))])
    return {row["view_token"]: (row["id"], row["mark"]) for row in rows}


def kept_night(db: Database, token: str, mark: tuple[str, str]) -> SeriesNight | None:
    """The night with screen id `token` as kept at `mark` (from `marks`), if it is."""
    with _series_lock:
        kept = _series.get((file_of(db), *mark))
    if kept is None:
        return None
    rows = tuple(copy.copy(row) for row in kept.results.rows)
    return SeriesNight(token, kept.settings, NightResults(rows, kept.results.champion))


def series_night(
    db: Database, token: str, mark: tuple[str, str], until: float | None = None
) -> SeriesNight | None:
    """The night as `kept_night`, else counted as `counted` counts it and kept (None: the
    night is gone, or `until` passed before its games were all counted)."""
    found = kept_night(db, token, mark)
    if found is not None:
        return found
    event = load_event(db, mark[0])
    results = counted(db, event, True, until) if event is not None else None
    if event is None or results is None:
        return None
    if not db.conn.in_transaction and marks(db, [token]).get(token) == mark:
        with _series_lock:
            _series[(file_of(db), *mark)] = SeriesNight(token, event.settings, results)
    return kept_night(db, token, mark) or SeriesNight(token, event.settings, results)


def forget_all() -> None:
    """Empty the caches (tests: cold against warm)."""
    with _outcomes_lock:
        _outcomes.clear()
    with _nights_lock:
        _nights.clear()
    with _series_lock:
        _series.clear()
