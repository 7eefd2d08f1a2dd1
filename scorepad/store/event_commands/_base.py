"""What every event command shares: the event as stored inside its write, the revision
check, the state table's word, and the revision moved on."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence

from sqlite_utils import Database

from ...core.event_flow import facts_of, refusal, state_of
from ...core.model import GameScore
from ...core.roster import RoundStatus
from ..events import Event, load_event
from ..storage import list_games
from .outcomes import EventRefused, EventStale, NoEvent


def current(db: Database, event_id: str, revision: int | None = None) -> Event:
    """The event inside a write; EventStale if the page that asked saw an older revision."""
    event = load_event(db, event_id)
    if event is None:
        raise NoEvent(event_id)
    if revision is not None and revision != event.revision:
        raise EventStale()
    return event


def bump(db: Database, event_id: str) -> None:
    """Count one more change to the event."""
    db.execute("update events set revision = revision + 1 where id = ?", [event_id])


def latest_scores(db: Database, event: Event) -> dict[str, GameScore]:
    """The scores of the latest round's games (never the whole night's; in a double
    elimination playoff, every playoff round's: the bracket is read from them all)."""
    last = event.current
    if last is None:
        return {}
    if event.settings.double and last.is_playoff:
        rounds = {r.number for r in event.rounds if r.is_playoff}
    else:
        rounds = {last.number}
    ids = [m.game_id for m in event.matches if m.round in rounds and m.game_id]
    return {stored.id: stored.score() for stored in list_games(db, ids)} if ids else {}


def require(
    db: Database, event: Event, action: str, scores: dict[str, GameScore] | None = None
) -> None:
    """Refuse `action` unless the core's state table allows it now."""
    if scores is None:
        scores = latest_scores(db, event)
    facts = facts_of(event.settings, event.rounds, event.matches, scores, time.time())
    state = state_of(event.current)
    why = refusal(state, facts, action)
    if why is not None:
        last = event.current
        raise EventRefused(
            "flow",
            field="round",
            action=action,
            why=why,
            kind=state[0],
            status=state[1],
            round=last.number if last else 0,
            rounds=event.settings.rounds,
        )


def write_sides(db: Database, event_id: str, number: int, table: int, sides: Sequence) -> None:
    """A match's sides (entrant ids), as they are now."""
    db.execute(
        "update event_matches set sides = ? where event_id = ? and round = ? and number = ?",
        [json.dumps([list(side) for side in sides]), event_id, number, table],
    )


def write_byes(db: Database, event_id: str, number: int, byes: Sequence[int]) -> None:
    """A round's byes, as they are now."""
    db.execute(
        "update event_rounds set byes = ? where event_id = ? and number = ?",
        [json.dumps(list(byes)), event_id, number],
    )


def mark_done(db: Database, event_id: str, number: int) -> None:
    """Round `number` is over: every table is."""
    db.execute(
        "update event_rounds set status = ? where event_id = ? and number = ? and status = ?",
        [RoundStatus.DONE, event_id, number, RoundStatus.PLAYING],
    )
    bump(db, event_id)


def insert_round(
    db: Database, event_id: str, number: int, kind: str, sides: list, byes: list[int]
) -> None:
    """A round drawn, with its matches (no games yet)."""
    db.execute(
        "insert into event_rounds (event_id, number, kind, status, byes) values (?, ?, ?, ?, ?)",
        [event_id, number, kind, RoundStatus.DRAWN, json.dumps(byes)],
    )
    for i, side in enumerate(sides, 1):
        db.execute(
            "insert into event_matches (event_id, round, number, sides) values (?, ?, ?, ?)",
            [event_id, number, i, json.dumps(side)],
        )
