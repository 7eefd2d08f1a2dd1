"""The director opens a table's game of a finished round again to its table, and closes
it again: one command each, one transaction, checked against the event's revision the
director's page showed. Outcomes are typed, without words (web/events/reopen.py says
them). No Flask."""

from __future__ import annotations

from sqlite_utils import Database

from .db import writing
from .event_tables import table_of_game
from .events import Event, load_event


class ReopenRefused(Exception):
    """The command changed nothing, and why (the subclass)."""


class NoEvent(ReopenRefused, LookupError):
    """There is no event with that id."""


class EventChanged(ReopenRefused):
    """The event changed since the director's page that asked was loaded."""


class NoTable(ReopenRefused):
    """Round `round` has no table `table` with a game."""

    def __init__(self, round: int, table: int) -> None:
        super().__init__(round, table)
        self.round, self.table = round, table


class StillPlaying(ReopenRefused):
    """The table's round is still being played: its game is open to its table already."""

    def __init__(self, round: int) -> None:
        super().__init__(round)
        self.round = round


def _game_of(db: Database, event_id: str, revision: int, number: int, table: int) -> str:
    """Inside the write: the id of the game of table `table` in round `number`."""
    event = load_event(db, event_id)
    if event is None:
        raise NoEvent(event_id)
    if event.revision != revision:
        raise EventChanged()
    match = next((m for m in event.round_matches(number) if m.number == table), None)
    if match is None or match.game_id is None:
        raise NoTable(number, table)
    return match.game_id


# The game's revision when reopened (its changes since are what the director is told of).
REOPEN = (
    "update event_matches set reopened = (select revision from games where id = game_id) "
    "where event_id = ? and round = ? and number = ?"
)
CLOSE = "update event_matches set reopened = null where event_id = ? and round = ? and number = ?"


def _set(db: Database, sql: str, event_id: str, number: int, table: int) -> None:
    db.execute(sql, [event_id, number, table])
    db.execute("update events set revision = revision + 1 where id = ?", [event_id])


def _fresh(db: Database, event_id: str) -> Event:
    event = load_event(db, event_id)
    if event is None:  # deleted since the COMMIT
        raise NoEvent(event_id)
    return event


def reopen_table(db: Database, event_id: str, revision: int, number: int, table: int) -> Event:
    """Open the game of table `table`, round `number` (a round that is over) again to its
    table: its phone may fix and undo its hands, and bid and play, as while the round was
    played. Reopening a table open again already changes nothing."""
    with writing(db):
        game_id = _game_of(db, event_id, revision, number, table)
        found = table_of_game(db, game_id)
        if found is None or not (found.closed or found.reopened):
            raise StillPlaying(number)
        if not found.reopened:
            _set(db, REOPEN, event_id, number, table)
    return _fresh(db, event_id)


def close_table(db: Database, event_id: str, revision: int, number: int, table: int) -> Event:
    """Close a reopened table's game to its table again; a closed one stays closed."""
    with writing(db):
        game_id = _game_of(db, event_id, revision, number, table)
        found = table_of_game(db, game_id)
        if found is not None and found.reopened:
            _set(db, CLOSE, event_id, number, table)
    return _fresh(db, event_id)
