"""The director's word on a round being played: call time, end a table's game (through
the bus: the game ends it), name who goes through a drawn playoff game. Each is one
transaction, and marks the round done in it when it ends the round."""

from __future__ import annotations

import time

from sqlite_utils import Database

from ...core.happened import TableEnded
from ...core.roster import Match, check_named
from .. import bus
from ..db import writing
from ..events import Event, load_event
from ..storage import load_game
from ._base import bump, current, mark_done, require
from .outcomes import EventRefused, NoEvent
from .tables import round_over


def _fresh(db: Database, event_id: str) -> Event:
    event = load_event(db, event_id)
    if event is None:
        raise NoEvent(event_id)
    return event


def call_time(db: Database, event_id: str, revision: int) -> Event:
    """The director calls time now, whatever the clock says: each table finishes the
    hand in play (noted at its next save). Checked against the event's `revision` the
    director's page showed: a page of the round before calls no time on this one."""
    with writing(db):
        event = current(db, event_id, revision)
        require(db, event, "call_time", {})
        db.execute(
            "update event_rounds set called_at = ? where event_id = ? and number = ?",
            [time.time(), event_id, len(event.rounds)],
        )
        bump(db, event_id)
        return _fresh(db, event_id)


def close_round(db: Database, event_id: str, revision: int) -> Event:
    """Mark the round being played done, every table of it being over (a night imported
    so: each save and director's action marks it as it ends the last table)."""
    with writing(db):
        event = current(db, event_id, revision)
        require(db, event, "close_round")
        mark_done(db, event_id, len(event.rounds))
        return _fresh(db, event_id)


def playing_table(event: Event, number: int, table: int, gone: bool = False) -> Match:
    """Table `table` of round `number`, the round being played, with its game (`gone`:
    or without, its game deleted)."""
    match = next((m for m in event.round_matches(number) if m.number == table), None)
    if match is None or (match.game_id is None and not gone):
        raise EventRefused("no_table", field="table", round=number, table=table)
    if number != len(event.rounds):
        raise EventRefused("not_playing", field="table", round=number)
    return match


def end_table(db: Database, event_id: str, number: int, table: int) -> Event:
    """The director ends one table's game now: the leader wins, a shared lead as the
    house rules say (a draw, or fewer bags). One transaction: the game's handler of
    `TableEnded` ends it in this write (and the round, if that was its last table)."""
    playing_table(_fresh(db, event_id), number, table)
    with bus.unit(db) as unit:
        event = current(db, event_id)
        require(db, event, "end_table")
        unit.tell(TableEnded(playing_table(event, number, table).game_id or ""))
    return _fresh(db, event_id)


def name_winner(
    db: Database, event_id: str, revision: int, at: tuple[int, int], side: object, note: object
) -> Event:
    """The director sends one side of a drawn playoff game (round, table `at`), or of a
    table whose game was deleted, through, saying why; the round is done if that was its
    last table."""
    winner, why = check_named(side, note)
    with writing(db):
        event = current(db, event_id, revision)
        number, table = at
        match = playing_table(event, number, table, gone=True)
        if not event.rounds[number - 1].is_playoff:
            raise EventRefused("not_playoff", field="table")
        require(db, event, "name_winner", {})
        if match.game_id is not None:  # a game of a draw (a deleted game: none to read)
            stored = load_game(db, match.game_id)
            score = None if stored is None else stored.score()
            if score is None or not score.over or score.winner is not None:
                raise EventRefused("no_draw", field="table", table=table)
        if match.bye or match.winner is not None:
            raise EventRefused("no_draw", field="table", table=table)
        db.execute(
            "update event_matches set winner = ?, note = ? where event_id = ? and round = ? "
            "and number = ?",
            [winner, why, event_id, number, table],
        )
        bump(db, event_id)
        if round_over(db, event_id, number, "playoff"):
            mark_done(db, event_id, number)
        return _fresh(db, event_id)
