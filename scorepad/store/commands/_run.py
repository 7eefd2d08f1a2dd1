"""What every game command shares: one transaction around a change to the game as
stored, the checks against what the phone saw, and the writes of a fix or an undo."""

from __future__ import annotations

import time
from collections.abc import Callable

from sqlite_utils import Database

from ...core.clock import Clock, ends_on_clock
from ...core.game import FixOutcome, check_fix, check_hand_count
from ...core.happened import GameWritten, TableSaved
from ...core.records import Hand, changed
from ...core.scoring import end_early, extend
from .. import bus, storage
from ..bus import Unit
from ..outcomes import GameOver, Missing, RemovesHands, Stale
from ..storage import StoredGame
from . import seat_writes, sent, writers

Confirm = tuple[int, tuple[int, ...]]  # (the game's revision, the hands it removes) as shown


def change(
    db: Database,
    game_id: str,
    act: Callable[[StoredGame], StoredGame],
    why: str | None,
    key: sent.Sent | None = None,
    *,
    by_table: bool = False,
) -> StoredGame:
    """Run `act` on the game as stored, under the write lock; then keep the waiting seat
    bids in step (`why`: the change, for the seat phones; None: none can be waiting).
    `key`: the phone's key for this save, AlreadySaved if it was applied before.
    `by_table`: sent by a club night's table (its link or a seat's), TableClosed once
    its round is over, as this write finds it."""
    with bus.unit(db) as unit:
        change_in(unit, game_id, act, why, key, by_table=by_table)
    return unit.games[game_id]  # committed: the bus's cache handler learnt it


def change_in(
    unit: Unit,
    game_id: str,
    act: Callable[[StoredGame], StoredGame],
    why: str | None,
    key: sent.Sent | None = None,
    *,
    by_table: bool = False,
) -> StoredGame:
    """`change` inside a write already begun (a handler of what a club night's director
    did at a table): the game as this write leaves it."""
    db = unit.db
    stored = storage.load_game(db, game_id)
    if stored is None:
        raise Missing()
    if key is not None:
        sent.note(db, stored, key)
    now = time.time()
    last = _last_hand(stored, now)
    fresh = unit.wrote(act(stored))
    if stored.in_event:  # a club night's table: the round's clock has its word, now
        unit.tell(TableSaved(game_id, stored.score(), fresh.score(), now, by_table))
        unit.flush()
        if unit.games[game_id] is not fresh:  # time was up: the handlers ended it
            fresh, why = unit.games[game_id], "over"
    # The game's own clock, unless a round being played holds it (the round's clock, then).
    clock = None if game_id in unit.round_clocked else fresh.game.clock
    if last is not None and clock is not None:
        timed, over = _on_clock(db, fresh, clock, last)
        fresh, why = unit.wrote(timed), "over" if over else why
    if why is not None and stored.seated:  # without seat links no bid can wait
        seat_writes.settle(db, fresh, why)
    if stored.in_club and fresh.revision != stored.revision:  # its clubs' versions move
        unit.tell(GameWritten(game_id, stored.score().over or fresh.score().over))
    return fresh


def _last_hand(stored: StoredGame, now: float) -> int | None:
    """The last hand of a game with its own clock, as it stands before this write: the
    one noted, else (the clock up) the hand in play now; None while time is left."""
    clock = stored.game.clock
    if clock is None or stored.score().over:
        return None
    return clock.last(stored.score(), now)


def _on_clock(db: Database, stored: StoredGame, clock: Clock, last: int) -> tuple[StoredGame, bool]:
    """Note the game's last hand at the first write after its clock ran out, and end the
    game once that hand is played (as an early end: the core decides who wins)."""
    score = stored.score()
    if score.over:
        return stored, False
    over = ends_on_clock(score, last)
    if clock.last_hand == last and not over:
        return stored, False
    game = changed(stored.game, clock=changed(clock, last_hand=last), ended=over)
    return writers.bump(db, stored, game, end_early(score) if over else score), over


def end(db: Database, stored: StoredGame) -> StoredGame:
    """End the game now, time called and its hand in play done: the core decides how."""
    ended = changed(stored.game, ended=True)
    return writers.bump(db, stored, ended, end_early(stored.score()))


def hand_at(stored: StoredGame, number: int) -> Hand | None:
    """Hand `number` as stored, if the game has it."""
    return stored.game.hands[number - 1] if 1 <= number <= len(stored.game.hands) else None


def seen(stored: StoredGame, number: int, version: int) -> Hand:
    """Hand `number` if the phone's version of it is the stored one."""
    hand = hand_at(stored, number)
    if hand is None:
        raise Stale(stored, number, "gone")
    if stored.versions[number - 1] != version:
        raise Stale(stored, number, "changed")
    return hand


def at_revision(stored: StoredGame, revision: int) -> None:
    """Refuse a form for the whole game made before its last change."""
    if stored.revision != revision:
        raise Stale(stored, None, "game")


def add_bids(db: Database, stored: StoredGame, number: int, hand: Hand) -> StoredGame:
    """Write hand `number` with its bids, if it is the next hand of a game not over."""
    if stored.score().over:
        raise GameOver(stored)
    if number != len(stored.game.hands) + 1:  # entered already, or a hand before it undone
        raise Stale(stored, number, "entered" if number <= len(stored.game.hands) else "undone")
    if stored.score().pending is not None:  # the hand before had its tricks undone meanwhile
        raise Stale(stored, number, "undone")
    check_hand_count(number, adding=True)
    if hand.dealer is None:
        hand = changed(hand, dealer=stored.game.next_dealer)
    score = extend(stored.score(), hand)
    written = writers.write_hand(db, stored, number, hand)
    return writers.bump(db, written, written.game, score)


def fix(
    db: Database, stored: StoredGame, number: int, hand: Hand, confirm: Confirm | None
) -> StoredGame:
    """Write the fix of hand `number`; the hands after which the game is now over go
    only if the phone confirmed them as they are now."""
    outcome = check_fix(stored.game, number, hand)
    if not outcome.removed and hand == stored.game.hands[number - 1]:
        return stored  # saved as it was: nothing written, the revision stays
    written = remove_after(db, stored, number, outcome, confirm)
    written = writers.write_hand(db, written, number, hand)
    return writers.bump(db, written, outcome.game, outcome.score)


def remove_after(
    db: Database,
    stored: StoredGame,
    number: int | None,
    outcome: FixOutcome,
    confirm: Confirm | None,
) -> StoredGame:
    """Remove the hands after which a change (to hand `number`; None: to the settings)
    ends the game, if the phone confirmed them as they are now; else RemovesHands."""
    if outcome.removed and confirm != (stored.revision, outcome.removed):
        raise RemovesHands(stored, number, outcome.removed)
    written = stored
    for gone in reversed(outcome.removed):
        written = writers.write_hand(db, written, gone, None)
    return written


def remove_last(
    db: Database, stored: StoredGame, number: int, next_dealer: int | None = None
) -> StoredGame:
    """Remove hand `number` if it is the last; a game ended early is open again.
    `next_dealer`: who deals that hand when it is entered again (None: as the deal passes)."""
    if number != len(stored.game.hands):
        raise Stale(stored, number, "not_last")
    written = writers.write_hand(db, stored, number, None)
    game = changed(written.game, ended=False, next_dealer=next_dealer)  # ended early: open
    return writers.bump(db, written, game, game.score())


def unplay_last(db: Database, stored: StoredGame, number: int) -> StoredGame:
    """Take back the tricks of hand `number` if it is the last: its bids (blind, dealer)
    stay, and what only a played hand carries (an adjustment, a renege) goes with the
    tricks; a game ended early is open again."""
    if number != len(stored.game.hands):
        raise Stale(stored, number, "not_last")
    old = stored.game.hands[number - 1]
    bid = changed(old, tricks=None, side_tricks=None, adjust=None, note="", renege=())
    written = writers.write_hand(db, stored, number, bid)
    game = changed(written.game, ended=False)
    return writers.bump(db, written, game, game.score())
