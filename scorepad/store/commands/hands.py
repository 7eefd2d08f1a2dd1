"""The commands on a game's hands: bids (from the scorer or the seats), tricks, a fix,
an adjustment or renege, a dealer, an undo (and putting the hand back) or a cancel.

Each takes `by_table`: sent by a club night's table (its link, or a seat's), whose powers
end with its round. The round's handler refuses such a save (TableClosed) when the
write finds the table closed to it: the view checked the powers before the write began."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sqlite_utils import Database

from ...core.checks import check_dealer, typed_count
from ...core.errors import GameError
from ...core.records import Bid, Hand, changed
from ...core.scoring import play
from ...core.seats import SIDE_RULES, check_seat_bid
from .. import seats, undone
from ..outcomes import AlreadySaved, GameOver, SeatTaken, Stale
from ..storage import StoredGame
from . import seat_writes, undone_writes, writers
from ._run import Confirm, add_bids, change, fix, hand_at, remove_last, seen, unplay_last
from .sent import Sent


def record_bids(
    db: Database,
    game_id: str,
    number: int,
    bids: Sequence[Bid],
    blind: Sequence[int] = (),
    dealer: int | None = None,
    shown: Mapping[int, Bid] | None = None,
    key: Sent | None = None,
    seated: tuple[str, ...] | None = None,
    by_table: bool = False,
) -> StoredGame:
    """Start hand `number` (the phone saw it as the next) with its bids, the sides that
    bid blind and the dealer if not the one the deal passed to. `shown`: with seat links,
    the bids in from the seats' phones as the scorer's form showed them; a seat's bid in
    from its phone is changed only on purpose, over the bid the form showed (SeatTaken when
    the form did not show it as it is now: it came in, or changed, after the form was
    drawn, whatever the scorer chose). `key`: the phone's key for this save.
    `seated`: the players in seat order as the form showed them (a bid is a person's,
    sent by seat); Stale when the seats have other players now (a club night's director
    re-seated the table meanwhile)."""

    def act(stored: StoredGame) -> StoredGame:
        existing = hand_at(stored, number)
        if existing is not None and (existing.bids, existing.blind) == (tuple(bids), tuple(blind)):
            raise AlreadySaved(stored, number)
        if seated is not None and seated != stored.game.table.players:
            raise Stale(stored, number, "seated")
        if shown is not None and existing is None:
            _check_phones(stored, seats.waiting(db, stored), bids, shown)
        fresh = add_bids(db, stored, number, Hand(tuple(bids), blind=tuple(blind), dealer=dealer))
        if stored.seated:  # the scorer entered every bid: none waits any more
            seat_writes.clear(db, game_id)
        return fresh

    return change(db, game_id, act, None, key, by_table=by_table)


def _check_phones(
    stored: StoredGame, waiting: Mapping[int, Bid], bids: Sequence[Bid], shown: Mapping[int, Bid]
) -> None:
    """Refuse the scorer's bids where they would overwrite a seat's bid from its phone
    that the form did not show as it is now: a change over a bid the phone has changed
    since is made on what the scorer no longer sees, so it is no change on purpose."""
    for seat, bid in sorted(waiting.items()):
        chosen = bids[seat] if seat < len(bids) else None
        if chosen != bid and shown.get(seat) != bid:  # not seen as it is now
            raise SeatTaken(stored, seat, bid)


def _made_with(made: Sequence[Bid], bids: Mapping[int, object]) -> bool:
    """Whether a hand's bids are these seats' bids as sent (a seat's bid sent again, or
    the same bid entered on the scorer's phone meanwhile)."""
    for seat, raw in bids.items():
        count = typed_count(raw)
        if not 0 <= seat < len(made) or made[seat] != (raw if count is None else count):
            return False
    return True


def record_tricks(
    db: Database,
    game_id: str,
    number: int,
    version: int,
    tricks: Sequence[int | None],
    side_tricks: Sequence[int] | None = None,
    key: Sent | None = None,
    by_table: bool = False,
) -> StoredGame:
    """Record the tricks of the hand in play; the same tricks sent twice (or the same
    `key`: the phone's key for this save) are saved once."""
    sides = None if side_tricks is None else tuple(side_tricks)

    def act(stored: StoredGame) -> StoredGame:
        existing = hand_at(stored, number)
        if existing is not None and (existing.tricks, existing.side_tricks) == (
            tuple(tricks),
            sides,
        ):
            raise AlreadySaved(stored, number)
        if existing is None and stored.game.rules.bids_itself(number):
            # a hand that bids itself (first_hand): played from the start, its tricks make it
            return add_bids(db, stored, number, Hand(None, tuple(tricks), sides))
        if existing is None or existing.tricks is not None:  # saved, or undone, meanwhile
            raise Stale(stored, number, "played")
        hand = seen(stored, number, version)
        played = changed(hand, tricks=tuple(tricks), side_tricks=sides)
        # The hand in play is the last, bid and checked: the score known, that hand
        # played (only its tricks checked), at the same cost however long the game.
        score = play(stored.score(), tuple(tricks), sides)
        written = writers.write_hand(db, stored, number, played)
        return writers.bump(db, written, written.game, score)

    # a hand in play: no seat bid can be waiting
    return change(db, game_id, act, None, key, by_table=by_table)


def fix_hand(
    db: Database,
    game_id: str,
    number: int,
    version: int,
    bids: Sequence[Bid] | None,
    tricks: Sequence[int | None] | None,
    side_tricks: Sequence[int] | None = None,
    *,
    confirm: Confirm | None = None,
    by_table: bool = False,
) -> StoredGame:
    """Correct a hand's bids (None: a hand that bids itself) and tricks; every later hand
    is scored again. If the game is then over before its last hand, RemovesHands, unless
    `confirm` is what it says."""

    def act(stored: StoredGame) -> StoredGame:
        old = seen(stored, number, version)
        if tricks is None and old.played:  # a form from before its tricks were saved
            raise Stale(stored, number, "changed")
        hand = changed(
            old,
            bids=None if bids is None else tuple(bids),
            tricks=None if tricks is None else tuple(tricks),
            side_tricks=None if tricks is None or side_tricks is None else tuple(side_tricks),
        )
        return fix(db, stored, number, hand, confirm)

    return change(db, game_id, act, "fix", by_table=by_table)


def adjust(
    db: Database,
    game_id: str,
    number: int,
    version: int,
    points: tuple[int, ...] | None,
    note: str,
    *,
    confirm: Confirm | None = None,
    by_table: bool = False,
) -> StoredGame:
    """Points added to (or taken from) each side in a played hand, with a note why."""

    def act(stored: StoredGame) -> StoredGame:
        old = seen(stored, number, version)
        return fix(db, stored, number, changed(old, adjust=points, note=note), confirm)

    return change(db, game_id, act, "fix", by_table=by_table)


def renege(
    db: Database,
    game_id: str,
    number: int,
    version: int,
    sides: Sequence[int],
    *,
    confirm: Confirm | None = None,
    by_table: bool = False,
) -> StoredGame:
    """Which sides reneged in a played hand (none: a renege taken back); the core moves
    the tricks and scores every later hand again."""

    def act(stored: StoredGame) -> StoredGame:
        old = seen(stored, number, version)
        return fix(db, stored, number, changed(old, renege=tuple(sorted(sides))), confirm)

    return change(db, game_id, act, "fix", by_table=by_table)


def set_dealer(
    db: Database, game_id: str, number: int, version: int, seat: int, *, by_table: bool = False
) -> StoredGame:
    """Who dealt hand `number` (the deal passes on from there); for the hand not yet bid
    (version 0), who deals it."""

    def act(stored: StoredGame) -> StoredGame:
        check_dealer(stored.game.table, seat, number)
        if number == len(stored.game.hands) + 1:
            if version != 0:
                raise Stale(stored, number, "gone")
            if stored.score().over:
                raise GameOver(stored)
            game = changed(stored.game, next_dealer=seat)
            return writers.bump(db, stored, game, game.score())
        if version == 0:
            raise Stale(stored, number, "bid")
        old = seen(stored, number, version)
        return fix(db, stored, number, changed(old, dealer=seat), None)

    return change(db, game_id, act, "dealer", by_table=by_table)


def undo(
    db: Database, game_id: str, number: int, version: int, *, by_table: bool = False
) -> StoredGame:
    """Remove the last hand, played or only bid."""

    def act(stored: StoredGame) -> StoredGame:
        hand = seen(stored, number, version)
        fresh = remove_last(db, stored, number)
        # to put back, until a change
        undone_writes.keep(db, fresh, number, hand, stored.game.ended)
        return fresh

    return change(db, game_id, act, "undo", by_table=by_table)


def put_back(
    db: Database, game_id: str, number: int, revision: int, *, by_table: bool = False
) -> StoredGame:
    """Put back hand `number` exactly as it was undone, if the game (seen at `revision`)
    has not changed since the undo."""

    def act(stored: StoredGame) -> StoredGame:
        kept = undone.offered(db, stored)
        if kept is None or kept.number != number or stored.revision != revision:
            raise Stale(stored, number, "put_back")
        written = writers.write_hand(db, stored, number, kept.hand)
        game = changed(written.game, ended=kept.ended)
        undone_writes.forget(db, game_id)
        return writers.bump(db, written, game, game.score())

    return change(db, game_id, act, "put_back", by_table=by_table)


def cancel(
    db: Database, game_id: str, number: int, version: int, *, by_table: bool = False
) -> StoredGame:
    """Take back the bids of the hand in play, before its tricks."""

    def act(stored: StoredGame) -> StoredGame:
        if seen(stored, number, version).tricks is not None:
            raise Stale(stored, number, "played")
        return remove_last(db, stored, number)

    return change(db, game_id, act, "undo", by_table=by_table)


def delete_hand(
    db: Database, game_id: str, number: int, version: int, *, by_table: bool = False
) -> StoredGame:
    """Undo the last step of the last hand as the phone saw it: a played hand loses its
    tricks (its bids stay: the hand is back at its tricks step), a hand only bid loses its
    bids. A hand that bid itself has its tricks as its only step: it goes whole, back at
    the tricks step it opened on, its dealer still the one who deals it. Either way the
    hand as it was is kept, to put back."""

    def act(stored: StoredGame) -> StoredGame:
        hand = seen(stored, number, version)
        if hand.bids is None:
            fresh = remove_last(db, stored, number, next_dealer=hand.dealer)
        elif hand.played:
            fresh = unplay_last(db, stored, number)
        else:
            fresh = remove_last(db, stored, number)
        undone_writes.keep(db, fresh, number, hand, stored.game.ended)
        return fresh

    return change(db, game_id, act, "undo", by_table=by_table)


def seat_bid(
    db: Database,
    game_id: str,
    number: int,
    bids: Mapping[int, object],
    *,
    again: bool = True,
    key: Sent | None = None,
    by_table: bool = False,
    holder: tuple[str, str] | None = None,
) -> StoredGame:
    """Bids for hand `number` from the seats (a phone: its own; the scorer: those not yet
    in). With every seat in and the bids fit for the rules of a whole side, the hand is
    made with all of them; otherwise they wait (see `core.seats.side_refusal`).
    `again=False` refuses a seat already in (the scorer's form older than its bid);
    `key`: the phone's key for this save; `holder`: a seat phone's (link token, secret),
    Stale ("seated") when it no longer holds the seat as this write finds it (the table
    was re-seated, or the seat handed over, since the view checked it)."""

    def act(stored: StoredGame) -> StoredGame:
        if holder is not None and not seats.holds(db, *holder):
            raise Stale(stored, number, "seated")
        score = stored.score()
        if score.over:
            raise GameOver(stored)
        if score.pending is not None or number != score.next_number:
            made = hand_at(stored, number)
            if made is not None and made.bids is not None and _made_with(made.bids, bids):
                raise AlreadySaved(stored, number)  # the hand was made with this very bid
            raise Stale(stored, number, "bidding")
        already = seats.waiting(db, stored)
        for seat, raw in sorted(bids.items()):
            bid = check_seat_bid(score, seat, raw)
            if seat in already and not again:
                raise SeatTaken(stored, seat, already[seat])
            seat_writes.put(db, stored, number, seat, bid)
            already[seat] = bid
        count = len(stored.game.table.players)
        if len(already) < count:
            return stored
        try:
            fresh = add_bids(db, stored, number, Hand(tuple(already[s] for s in range(count))))
        except GameError as err:
            if err.rule in SIDE_RULES:
                return stored  # every bid waits; the side is told one must change
            raise
        seat_writes.clear(db, game_id)
        return fresh

    return change(db, game_id, act, None, key, by_table=by_table)
