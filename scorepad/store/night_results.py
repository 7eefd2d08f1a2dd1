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
- each night's standings and champion, by (database file, event id, the night's
  revision, and the key above of each of its games). The night's revision
  (`events.revision`) moves in every write that changes what the standings read of the
  event: its ranking order and bye rule, the entrants' names, each round's kind, status
  and byes, each table's round, sides, game and named winner (every event command
  calls `event_commands._base.bump`; a table's game deleted moves it in the game's
  write; tests/test_night_revision.py watches a whole night for it). A game's own
  writes do not move it: the games' keys are in the key. The revision and the games'
  keys are read in one query after the event: a night is kept only if that revision is
  the event's as loaded (no write came between its four queries), and only outside a
  write; the standings handed out are copies of the kept rows.
- for the series page, each night's settings and results again, by its mark: (database
  file, event id, and one JSON text SQLite builds in one query for all the nights asked:
  the night's revision and each table's game's id, revision and write time). A night
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


# The night's revision now and the keys of these games, in one query: one snapshot.
_VERSIONS = """
select e.revision as night, g.id, g.revision, g.updated_at from events e
left join games g on g.id in (select value from json_each(?)) where e.id = ?
"""


def _versions(db: Database, event: Event) -> tuple[int | None, list[GameKey]]:
    """The night's revision as stored now (None: no such night now) and the keys of its
    tables' games that exist, as `game_keys` reads them, in one query."""
    ids = [m.game_id for m in event.matches if m.game_id]
    rows = list(db.query(_VERSIONS, [json.dumps(ids), event.id]))
    revision = rows[0]["night"] if rows else None
    keys = sorted((r["id"], r["revision"], r["updated_at"]) for r in rows if r["id"] is not None)
    return revision, keys


def _night_key(db: Database, event: Event, keys: Sequence[GameKey]) -> tuple:
    """What a night's standings are kept by: the versions they read (the night's and
    each game's), not the night's rows."""
    return (file_of(db), event.id, event.revision, tuple(keys))


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
    revision, keys = _versions(db, event)
    key = _night_key(db, event, keys)
    whole = revision == event.revision  # else a write came while the event was read
    with _nights_lock:
        kept = _nights.get(key) if whole else None
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
        if exact and whole and not db.conn.in_transaction:
            with _nights_lock:
                _nights[key] = kept
    return NightResults(tuple(copy.copy(row) for row in kept.rows), kept.champion)


@dataclass(frozen=True)
class SeriesNight:
    """A night as the series shows it: its screen id, its settings and its results."""

    view_token: str
    settings: Settings
    results: NightResults


# Each night's mark: its revision and each table's game's (id, revision, updated_at).
_MARKS = """
select e.id, e.view_token, json_array(e.revision,
  (select json_group_array(json_array(g.id, g.revision, g.updated_at)) from
    (select game_id from event_matches where event_id = e.id order by round, number) m
    join games g on g.id = m.game_id)) as mark
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
