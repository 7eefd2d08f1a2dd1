"""A table without phones: the director enters its result from the paper slip, either
its final totals and bags (`enter_totals`: the game is over with the slip's result) or a
hand at a time (`enter_hand`: bids and tricks, scored as any hand). Each runs in the
checks the game is still as the director's page showed it, marks the table "entered by
the director" (`event_matches.paper`) and tells the bus the slip (`SlipTotalsEntered`,
`SlipHandEntered`): the game's handler writes it in the same transaction, the round's
clock and end as at any save."""

from __future__ import annotations

from collections.abc import Sequence

from sqlite_utils import Database

from ...core.event import TimeTie, time_tie
from ...core.happened import SlipHandEntered, SlipTotalsEntered
from ...core.records import Bid, Hand
from ...core.slip import slip_score
from .. import bus
from ..events import Event, load_event
from ..outcomes import AlreadySaved, Missing
from ..saves_sent import noted
from ..storage import StoredGame, load_game
from ._base import bump, current, require
from .clock import playing_table
from .outcomes import EventRefused, NoEvent

At = tuple[int, int]  # (round, table)


def _check(
    db: Database, event_id: str, at: At, revision: int, stored: StoredGame, entered: bool
) -> Event:
    """Inside the slip's transaction: the table is the round's, its game not over and at
    the revision the director's page showed; the table is marked entered by the director.
    `entered`: the game as stored already holds this very slip (a second tap of it)."""
    number, table = at
    event = current(db, event_id)
    require(db, event, "paper")
    if playing_table(event, number, table).game_id != stored.id:
        raise EventRefused("no_table", field="table", round=number, table=table)
    if stored.revision != revision and entered:
        raise EventRefused("slip_entered", field="table", table=table)
    if stored.revision != revision:
        raise EventRefused("slip_changed", field="table", table=table)
    if stored.score().over:
        raise EventRefused("table_over", field="table", table=table)
    db.execute(
        "update event_matches set paper = 1 where event_id = ? and round = ? and number = ?",
        [event_id, number, table],
    )
    bump(db, event_id)
    return event


def _sent(db: Database, stored: StoredGame, key: str | None, after: str | None, shown: int) -> int:
    """The revision the slip goes on: AlreadySaved if its key was noted before; the
    revision the slip before it (`after`, the same outbox) left when it is the game's
    revision still, the slip's page having shown the game before that one; else `shown`."""
    before = None if key is None else noted(db, stored.id, key)
    if before is not None:
        raise AlreadySaved(stored, before.number)
    last = None if after is None else noted(db, stored.id, after)
    return stored.revision if last is not None and last.revision == stored.revision else shown


def _fresh(db: Database, event_id: str) -> Event:
    event = load_event(db, event_id)
    if event is None:
        raise NoEvent(event_id)
    return event


def _game_of(db: Database, event_id: str, at: At) -> StoredGame:
    """The table's game as stored, inside the slip's transaction."""
    stored = load_game(db, playing_table(_fresh(db, event_id), *at).game_id or "")
    if stored is None:
        raise Missing()
    return stored


def enter_totals(
    db: Database,
    event_id: str,
    at: At,
    revision: int,
    final: tuple[tuple[int, int], ...],
    key: str | None = None,
) -> Event:
    """The slip's final totals and bags of each side: the table's game is over with
    them (the higher total wins; a tie as `core.slip` says, refused where the round
    allows no draw). Only for a game with no hand saved yet."""

    with bus.unit(db) as unit:
        stored = _game_of(db, event_id, at)
        score = slip_score(stored.game.table, stored.game.rules, final)
        revision = _sent(db, stored, key, None, revision)
        event = _check(db, event_id, at, revision, stored, stored.game.final == final)
        if stored.game.hands:
            raise EventRefused("slip_hands", field="table", table=at[1])
        kind = event.rounds[at[0] - 1].kind
        if score.winner is None and time_tie(event.settings, kind) != TimeTie.DRAW:
            raise EventRefused("slip_tie", field="totals", table=at[1])
        unit.tell(SlipTotalsEntered(stored.id, final, None if key is None else (key, 0)))
    return _fresh(db, event_id)


def enter_hand(
    db: Database,
    event_id: str,
    at: At,
    revision: int,
    bids: Sequence[Bid],
    tricks: Sequence[int],
    key: str | None = None,
    after: str | None = None,
) -> Event:
    """One hand from the slip, its bids and tricks at once: the next hand of the table's
    game (or the hand in play, bid at the table: the slip plays it), scored by the core
    as any hand (the game may end with it). `key`: the phone's;
    `after`: the key of the slip queued before it on the same phone."""

    hand = Hand(tuple(bids), tuple(tricks))

    with bus.unit(db) as unit:
        stored = _game_of(db, event_id, at)
        revision = _sent(db, stored, key, after, revision)
        _check(db, event_id, at, revision, stored, stored.game.hands[-1:] == (hand,))
        # a hand bid at the table, its tricks not played: the slip's hand is that one
        number = len(stored.game.hands) + (stored.score().pending is None)
        unit.tell(SlipHandEntered(stored.id, hand, None if key is None else (key, number)))
    return _fresh(db, event_id)
