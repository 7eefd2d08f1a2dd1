"""A club night's table as its game sees it: which event, round and table the game is
played for, whether that round is still being played, and the tables the director
opened again. Read side only (and the check a table's own save is refused by); no Flask."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlite_utils import Database

from ..core.records import changed
from ..core.roster import Match, RoundStatus
from .outcomes import TableClosed

_TABLE = (
    "select m.event_id, m.round, m.number, m.reopened, r.status, "
    "exists(select 1 from event_rounds l where l.event_id = m.event_id "
    "and l.number > m.round) as later "
    "from event_matches m join event_rounds r on r.event_id = m.event_id "
    "and r.number = m.round where m.game_id = ?"
)
_REOPENED = (
    "select m.round, m.number, m.game_id, g.revision != m.reopened as changed "
    "from event_matches m join games g on g.id = m.game_id "
    "where m.event_id = ? and m.reopened is not null order by m.round, m.number"
)
# The tables of rounds that are over (done, or a later round drawn), closed to their phones.
_CLOSED = (
    "select m.round, m.number from event_matches m join event_rounds r "
    "on r.event_id = m.event_id and r.number = m.round "
    "where m.event_id = ? and m.game_id is not null and m.reopened is null "
    "and (r.status = ? or exists(select 1 from event_rounds l "
    "where l.event_id = m.event_id and l.number > m.round)) order by m.round, m.number"
)


@dataclass(frozen=True)
class TableOfGame:
    """The event table a game is played for, and where its round stands."""

    event_id: str
    round: int
    table: int
    round_status: RoundStatus
    reopened: bool  # the director opened it again after its round
    later_rounds: bool  # a round was drawn after this one

    @property
    def closed(self) -> bool:
        """Closed to its table: its round is over (done, or a later round drawn) and the
        director has not opened it again."""
        over = self.round_status == RoundStatus.DONE or self.later_rounds
        return over and not self.reopened


@dataclass(frozen=True)
class ReopenedTable:
    """A table of a finished round that the director opened again."""

    round: int
    table: int
    game_id: str
    changed: bool  # its game changed since it was reopened


def table_of_game(db: Database, game_id: str) -> TableOfGame | None:
    """The event table a game is played for, in one query; None for a game of no event."""
    for row in db.query(_TABLE, [game_id]):
        return TableOfGame(
            row["event_id"],
            row["round"],
            row["number"],
            RoundStatus(row["status"]),
            row["reopened"] is not None,
            bool(row["later"]),
        )
    return None


def check_open_to_table(db: Database, game_id: str) -> None:
    """TableClosed when this game's table is closed to it (its round over, not reopened),
    as the write asking finds it: a save sent by the table's own link (or a seat's)."""
    at = table_of_game(db, game_id)
    if at is not None and at.closed:
        raise TableClosed(at.round, at.table)


def reopened_tables(db: Database, event_id: str) -> tuple[ReopenedTable, ...]:
    """The event's tables open again after their round, by round and table."""
    return tuple(
        ReopenedTable(row["round"], row["number"], row["game_id"], bool(row["changed"]))
        for row in db.query(_REOPENED, [event_id])
    )


def with_reopened(db: Database, event_id: str, matches: Sequence[Match]) -> list[Match]:
    """The event's matches, each table the director opened again said so (its file
    carries it: docs/events.md)."""
    opened = {(t.round, t.table): t.changed for t in reopened_tables(db, event_id)}
    return [
        changed(m, reopened=True, changed=opened[m.round, m.number])
        if (m.round, m.number) in opened
        else m
        for m in matches
    ]


def closed_tables(db: Database, event_id: str) -> tuple[tuple[int, int], ...]:
    """The (round, table) of each game closed to its table, the director may reopen."""
    rows = db.query(_CLOSED, [event_id, RoundStatus.DONE])
    return tuple((row["round"], row["number"]) for row in rows)
