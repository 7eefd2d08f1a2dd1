"""What every game command shares: one transaction around a change to the game as
stored, the checks against what the phone saw, and the writes of a fix or an undo."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

from sqlite_utils import Database

from ...core.clock import Clock, ends_on_clock
from ...core.game import FixOutcome, check_fix, check_hand_count
from ...core.records import Hand
from ...core.scoring import end_early, extend
from .. import storage
from ..db import writing
from ..event_commands import tables
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
) -> StoredGame:
    """Run `act` on the game as stored, under the write lock; then keep the waiting seat
    bids in step (`why`: the change, for the seat phones; None: none can be waiting).
    `key`: the phone's key for this save, AlreadySaved if it was applied before."""
    with writing(db):
        stored = storage.load_game(db, game_id)
        if stored is None:
            raise Missing()
        if key is not None:
            sent.note(db, stored, key)
        now = time.time()
        table = tables.before(db, stored, now) if stored.in_event else None
        last = _last_hand(stored, now)
        fresh = act(stored)
        if table is not None:  # a club night's table: its clock's word, in this write
            ended = table.ends(fresh.score())
            if ended:
                fresh = _end(db, fresh)
                why = "over"
            table.after(db, fresh)
        elif last is not None and fresh.game.clock is not None:  # the game's own clock
            fresh, over = _on_clock(db, fresh, fresh.game.clock, last)
            why = "over" if over else why
        if why is not None and stored.seated:  # without seat links no bid can wait
            seat_writes.settle(db, fresh, why)
    storage.remember(db, fresh)  # committed: now, and only now, it is the game
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
    game = replace(stored.game, clock=replace(clock, last_hand=last), ended=over)
    return writers.bump(db, stored, game, end_early(score) if over else score), over


def _end(db: Database, stored: StoredGame) -> StoredGame:
    """End the game now, time called and its hand in play done: the core decides how."""
    ended = replace(stored.game, ended=True)
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
        hand = replace(hand, dealer=stored.game.next_dealer)
    score = extend(stored.score(), hand)
    written = writers.write_hand(db, stored, number, hand)
    return writers.bump(db, written, written.game, score)


def fix(
    db: Database, stored: StoredGame, number: int, hand: Hand, confirm: Confirm | None
) -> StoredGame:
    """Write the fix of hand `number`; the hands after which the game is now over go
    only if the phone confirmed them as they are now."""
    outcome = check_fix(stored.game, number, hand)
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


def remove_last(db: Database, stored: StoredGame, number: int) -> StoredGame:
    """Remove hand `number` if it is the last; a game ended early is open again."""
    if number != len(stored.game.hands):
        raise Stale(stored, number, "not_last")
    written = writers.write_hand(db, stored, number, None)
    game = replace(written.game, ended=False)  # a game ended early is open again
    return writers.bump(db, written, game, game.score())


def unplay_last(db: Database, stored: StoredGame, number: int) -> StoredGame:
    """Take back the tricks of hand `number` if it is the last: its bids (blind, dealer)
    stay, and what only a played hand carries (an adjustment, a renege) goes with the
    tricks; a game ended early is open again."""
    if number != len(stored.game.hands):
        raise Stale(stored, number, "not_last")
    old = stored.game.hands[number - 1]
    bid = replace(old, tricks=None, side_tricks=None, adjust=None, note="", renege=())
    written = writers.write_hand(db, stored, number, bid)
    game = replace(written.game, ended=False)
    return writers.bump(db, written, game, game.score())
