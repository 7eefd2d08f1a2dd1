"""The director opens a table's game of a finished round again to its table, and closes
it again: one command each, one transaction, checked against the event's revision the
director's page showed. Outcomes are typed, without words (web/events/reopen.py says
them). No Flask."""

from __future__ import annotations

from sqlite_utils import Database

from ..db import writing
from ..event_tables import table_of_game
from ..events import Event
from ._base import bump, current
from .outcomes import EventRefused, EventStale, NoEvent

__all__ = ["EventStale", "NoEvent", "NoTable", "StillPlaying", "close_table", "reopen_table"]


class NoTable(EventRefused):
    """Round `round` has no table `table` with a game."""

    def __init__(self, round: int, table: int) -> None:
        super().__init__("no_table", "table", round=round, table=table)
        self.round, self.table = round, table


class StillPlaying(EventRefused):
    """The table's round is still being played: its game is open to its table already."""

    def __init__(self, round: int) -> None:
        super().__init__("still_playing", "table", round=round)
        self.round = round


def _game_of(db: Database, event_id: str, revision: int, number: int, table: int) -> str:
    """Inside the write: the id of the game of table `table` in round `number`."""
    event = current(db, event_id, revision)
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
    bump(db, event_id)


def _fresh(db: Database, event_id: str) -> Event:
    return current(db, event_id)  # read after the COMMIT


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
