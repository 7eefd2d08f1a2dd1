"""The game commands: the only code that changes a game.

Each command takes the connection, the game id and what the phone last saw (a hand's
version or the game's revision: numbers that never repeat within a game), runs in
exactly one transaction, and returns the game as now stored, or raises an outcome
(`outcomes`) or the core's GameError. The scored-game cache learns the fresh game only
after the COMMIT succeeded, so a failed write (a full disk) leaves nothing behind.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from sqlite_utils import Database

from ..core.checks import check_dealer
from ..core.errors import GameError
from ..core.game import Game, check_fix, check_hand_count, with_settings
from ..core.model import Bid
from ..core.rules import Rules
from ..core.scoring import GameScore, Hand, Table, end_early, extend, without_pending
from ..core.seats import SIDE_RULES, check_seat_bid
from . import seats, storage
from .db import writing
from .outcomes import AlreadySaved, GameOver, Missing, NotOver, RemovesHands, SeatTaken, Stale
from .storage import StoredGame

Confirm = tuple[int, tuple[int, ...]]  # (the game's revision, the hands it removes) as shown


def _change(
    db: Database, game_id: str, act: Callable[[StoredGame], StoredGame], why: str | None
) -> StoredGame:
    """Run `act` on the game as stored, under the write lock; then keep the waiting seat
    bids in step (`why`: the change, for the seat phones; None: none can be waiting)."""
    with writing(db):
        stored = storage.load_game(db, game_id)
        if stored is None:
            raise Missing()
        fresh = act(stored)
        if why is not None:
            seats.settle(db, fresh, why)
    storage.remember(db, fresh)  # committed: now, and only now, it is the game
    return fresh


def _hand(stored: StoredGame, number: int) -> Hand | None:
    return stored.game.hands[number - 1] if 1 <= number <= len(stored.game.hands) else None


def _seen(stored: StoredGame, number: int, version: int) -> Hand:
    """Hand `number` if the phone's version of it is the stored one."""
    hand = _hand(stored, number)
    if hand is None:
        raise Stale(stored, number, "gone")
    if stored.versions[number - 1] != version:
        raise Stale(stored, number, "changed")
    return hand


def _at(stored: StoredGame, revision: int) -> None:
    if stored.revision != revision:
        raise Stale(stored, None, "game")


def start(
    db: Database,
    table: Table,
    rules: Rules,
    tricks_by: str = "seat",
    start: tuple[tuple[int, int], ...] | None = None,
) -> StoredGame:
    """A new game, checked whole by the core first."""
    game = Game(table, rules, (), tricks_by, start)
    return import_game(db, game, game.score())


def import_game(db: Database, game: Game, score: GameScore) -> StoredGame:
    """Store a game read from a game file, scored before (outside the transaction, once)."""
    check_hand_count(len(game.hands))
    with writing(db):
        fresh = storage.insert(db, game, score)
    storage.remember(db, fresh)
    return fresh


def chosen_dealer(stored: StoredGame, number: int) -> int | None:
    """The dealer the table chose for hand `number` before its bids, if that choice is
    still for the next hand to bid."""
    if (
        stored.next_dealer is None
        or stored.next_dealer[0] != number
        or number != len(stored.game.hands) + 1
    ):
        return None
    return stored.next_dealer[1]


def _add_bids(db: Database, stored: StoredGame, number: int, hand: Hand) -> StoredGame:
    if stored.score().status == "finished":
        raise GameOver(stored)
    if number != len(stored.game.hands) + 1:
        raise Stale(stored, number, "entered")
    check_hand_count(number, adding=True)
    if hand.dealer is None:
        hand = replace(hand, dealer=chosen_dealer(stored, number))
    score = extend(stored.score(), hand)
    written = storage.write_hand(db, stored, number, hand)
    return storage.bump(db, written, written.game, score)


def record_bids(
    db: Database,
    game_id: str,
    number: int,
    bids: Sequence[Bid],
    blind: Sequence[int] = (),
    dealer: int | None = None,
) -> StoredGame:
    """Start hand `number` (the phone saw it as the next) with its bids, the sides that
    bid blind and the dealer if not the one the deal passed to."""

    def act(stored: StoredGame) -> StoredGame:
        existing = _hand(stored, number)
        if existing is not None and (existing.bids, existing.blind) == (tuple(bids), tuple(blind)):
            raise AlreadySaved(stored, number)
        fresh = _add_bids(db, stored, number, Hand(tuple(bids), blind=tuple(blind), dealer=dealer))
        seats.clear(db, game_id)
        return fresh

    return _change(db, game_id, act, None)


def record_tricks(
    db: Database,
    game_id: str,
    number: int,
    version: int,
    tricks: Sequence[int | None],
    side_tricks: Sequence[int] | None = None,
) -> StoredGame:
    """Record the tricks of the hand in play; the same tricks sent twice are saved once."""
    sides = None if side_tricks is None else tuple(side_tricks)

    def act(stored: StoredGame) -> StoredGame:
        existing = _hand(stored, number)
        if existing is not None and (existing.tricks, existing.side_tricks) == (
            tuple(tricks),
            sides,
        ):
            raise AlreadySaved(stored, number)
        if existing is not None and existing.tricks is not None:
            raise Stale(stored, number, "played")
        hand = _seen(stored, number, version)
        played = replace(hand, tricks=tuple(tricks), side_tricks=sides)
        # The hand in play is the last: its score extends the one known, at the same
        # cost however long the game.
        score = extend(without_pending(stored.score()), played)
        written = storage.write_hand(db, stored, number, played)
        return storage.bump(db, written, written.game, score)

    return _change(db, game_id, act, None)  # a hand in play: no seat bid can be waiting


def _fix(
    db: Database, stored: StoredGame, number: int, hand: Hand, confirm: Confirm | None
) -> StoredGame:
    """Write the fix of hand `number`; the hands after which the game is now over go
    only if the phone confirmed them as they are now."""
    outcome = check_fix(stored.game, number, hand)
    if outcome.removed and confirm != (stored.revision, outcome.removed):
        raise RemovesHands(stored, number, outcome.removed)
    written = stored
    for gone in reversed(outcome.removed):
        written = storage.write_hand(db, written, gone, None)
    written = storage.write_hand(db, written, number, hand)
    return storage.bump(db, written, outcome.game, outcome.score)


def fix_hand(
    db: Database,
    game_id: str,
    number: int,
    version: int,
    bids: Sequence[Bid],
    tricks: Sequence[int | None] | None,
    side_tricks: Sequence[int] | None = None,
    *,
    confirm: Confirm | None = None,
) -> StoredGame:
    """Correct a hand's bids and tricks; every later hand is scored again. If the game is
    then over before its last hand, RemovesHands, unless `confirm` is what it says."""

    def act(stored: StoredGame) -> StoredGame:
        old = _seen(stored, number, version)
        hand = replace(
            old,
            bids=tuple(bids),
            tricks=None if tricks is None else tuple(tricks),
            side_tricks=None if tricks is None or side_tricks is None else tuple(side_tricks),
        )
        return _fix(db, stored, number, hand, confirm)

    return _change(db, game_id, act, "fix")


def adjust(
    db: Database,
    game_id: str,
    number: int,
    version: int,
    points: tuple[int, ...] | None,
    note: str,
    *,
    confirm: Confirm | None = None,
) -> StoredGame:
    """Points added to (or taken from) each side in a played hand, with a note why."""

    def act(stored: StoredGame) -> StoredGame:
        old = _seen(stored, number, version)
        return _fix(db, stored, number, replace(old, adjust=points, note=note), confirm)

    return _change(db, game_id, act, "fix")


def renege(
    db: Database,
    game_id: str,
    number: int,
    version: int,
    sides: Sequence[int],
    *,
    confirm: Confirm | None = None,
) -> StoredGame:
    """Which sides reneged in a played hand (none: a renege taken back); the core moves
    the tricks and scores every later hand again."""

    def act(stored: StoredGame) -> StoredGame:
        old = _seen(stored, number, version)
        return _fix(db, stored, number, replace(old, renege=tuple(sorted(sides))), confirm)

    return _change(db, game_id, act, "fix")


def set_dealer(db: Database, game_id: str, number: int, version: int, seat: int) -> StoredGame:
    """Who dealt hand `number` (the deal passes on from there); for the hand not yet bid
    (version 0), who deals it."""

    def act(stored: StoredGame) -> StoredGame:
        check_dealer(stored.game.table, seat, number)
        if number == len(stored.game.hands) + 1:
            if version != 0:
                raise Stale(stored, number, "gone")
            if stored.score().status == "finished":
                raise GameOver(stored)
            return storage.bump(db, stored, stored.game, stored.score(), next_dealer=(number, seat))
        if version == 0:
            raise Stale(stored, number, "bid")
        old = _seen(stored, number, version)
        return _fix(db, stored, number, replace(old, dealer=seat), None)

    return _change(db, game_id, act, "dealer")


def _remove_last(db: Database, stored: StoredGame, number: int) -> StoredGame:
    if number != len(stored.game.hands):
        raise Stale(stored, number, "not_last")
    written = storage.write_hand(db, stored, number, None)
    game = replace(written.game, ended=False)  # a game ended early is open again
    return storage.bump(db, written, game, game.score())


def undo(db: Database, game_id: str, number: int, version: int) -> StoredGame:
    """Remove the last hand, played or only bid."""

    def act(stored: StoredGame) -> StoredGame:
        _seen(stored, number, version)
        return _remove_last(db, stored, number)

    return _change(db, game_id, act, "undo")


def cancel(db: Database, game_id: str, number: int, version: int) -> StoredGame:
    """Take back the bids of the hand in play, before its tricks."""

    def act(stored: StoredGame) -> StoredGame:
        if _seen(stored, number, version).tricks is not None:
            raise Stale(stored, number, "played")
        return _remove_last(db, stored, number)

    return _change(db, game_id, act, "undo")


def end_now(db: Database, game_id: str, revision: int) -> StoredGame:
    """End the game after its last played hand (time is up): the core decides how."""

    def act(stored: StoredGame) -> StoredGame:
        _at(stored, revision)
        score = end_early(stored.score())
        return storage.bump(db, stored, replace(stored.game, ended=True), score)

    return _change(db, game_id, act, "over")


def change_settings(
    db: Database, game_id: str, revision: int, table: Table, rules: Rules
) -> StoredGame:
    """New names, side names or house rules: every hand is scored again with them first."""

    def act(stored: StoredGame) -> StoredGame:
        _at(stored, revision)
        game = with_settings(stored.game, table, rules)
        return storage.bump(db, stored, game, game.score(), table=True)

    return _change(db, game_id, act, "settings")


def delete(db: Database, game_id: str) -> None:
    """Remove a game, its hands and its seat links for good."""
    with writing(db):
        stored = storage.load_game(db, game_id)
        if stored is None:
            raise Missing()
        storage.delete(db, stored)


def rematch(db: Database, game_id: str) -> tuple[StoredGame, bool]:
    """A new game with the same table and rules after a finished one (seat links too, if
    it had them), and whether it is new: asked twice, it is the same game."""
    with writing(db):
        stored = storage.load_game(db, game_id)
        if stored is None:
            raise Missing()
        already = storage.rematch_of(db, game_id)
        if already is not None:
            again = storage.load_game(db, already)
            assert again is not None  # the same transaction just found it
            return again, False
        score = stored.score()
        if score.status != "finished":
            raise NotOver(stored)
        table = replace(stored.game.table, first_dealer=score.next_dealer)
        game = Game(table, stored.game.rules, (), stored.game.tricks_by)
        fresh = storage.insert(db, game, game.score(), rematch=game_id)
        if seats.links(db, game_id):
            seats.add_links(db, fresh.id, len(table.players))
    storage.remember(db, fresh)
    return fresh, True


def seat_bid(
    db: Database, game_id: str, number: int, bids: Mapping[int, object], *, again: bool = True
) -> StoredGame:
    """Bids for hand `number` from the seats (a phone: its own; the scorer: those not yet
    in). With every seat in and the bids fit for the rules of a whole side, the hand is
    made with all of them; otherwise they wait (see `core.seats.side_refusal`).
    `again=False` refuses a seat already in (the scorer's form older than its bid)."""

    def act(stored: StoredGame) -> StoredGame:
        score = stored.score()
        if score.status == "finished":
            raise GameOver(stored)
        if score.pending is not None or number != score.next_number:
            raise Stale(stored, number, "bidding")
        already = seats.waiting(db, stored)
        for seat, raw in sorted(bids.items()):
            bid = check_seat_bid(score, seat, raw)
            if seat in already and not again:
                raise SeatTaken(stored, seat)
            seats.put(db, stored, number, seat, bid)
            already[seat] = bid
        count = len(stored.game.table.players)
        if len(already) < count:
            return stored
        try:
            fresh = _add_bids(db, stored, number, Hand(tuple(already[s] for s in range(count))))
        except GameError as err:
            if err.rule in SIDE_RULES:
                return stored  # every bid waits; the side is told one must change
            raise
        seats.clear(db, game_id)
        return fresh

    return _change(db, game_id, act, None)
