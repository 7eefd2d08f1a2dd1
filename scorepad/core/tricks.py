"""What the rules refuse in a hand's tricks, counted by seat or (partnership) by side."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeGuard

from .errors import GameError, TricksTotal, quoted
from .records import NILS, Bid, Table


def _nil(bids: Sequence[Bid] | None, seat: int) -> bool:
    """Whether the seat bid nil (no one did in a hand that bid itself)."""
    return bids is not None and bids[seat] in NILS


def whole(value: object) -> TypeGuard[int]:
    """Whether a count is a whole number from 0 (True and False are not counts)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _check_counts(
    table: Table, counts: Sequence[object], names: Sequence[str], field: str, number: int
) -> None:
    """Each count whole and from 0, and all of them the tricks of one deal; a refusal of
    one seat's count names that seat."""
    for index, took in enumerate(counts):
        if not whole(took):
            raise GameError(
                "%(name)s's tricks must be a whole number from 0, not %(took)s",
                name=names[index],
                took=quoted(took),
                hand=number,
                field=field,
                seat=index if field == "tricks" else None,
            )
    total, expected = sum(counts), table.tricks_per_hand  # type: ignore[arg-type]
    if total != expected:
        raise TricksTotal(total, expected, hand=number, field=field)


def check_tricks(table: Table, tricks: object, number: int) -> tuple[int, ...]:
    """Refuse tricks that are not whole, negative, or do not add up to the deal."""
    if not isinstance(tricks, (list, tuple)) or len(tricks) != len(table.players):
        raise GameError(
            "expected one count for each of the %(seats)s seats",
            seats=len(table.players),
            hand=number,
            field="tricks",
        )
    _check_counts(table, tricks, table.players, "tricks", number)
    return tuple(tricks)


def check_side_tricks(
    table: Table, bids: Sequence[Bid] | None, tricks: object, side_tricks: object, number: int
) -> tuple[int, ...]:
    """Check tricks counted by side and return a per-seat split that scores the same.

    Only a number bidder's share of the side's count matters to the score, so the
    side's contract tricks all go to its first number bidder and none to the other."""
    if not table.partnership:
        raise GameError(
            "tricks by side are for partnership games only", hand=number, field="side_tricks"
        )
    if not isinstance(side_tricks, (list, tuple)) or len(side_tricks) != len(table.sides):
        raise GameError(
            "expected one count for each of the %(sides)s sides",
            sides=len(table.sides),
            hand=number,
            field="side_tricks",
        )
    if not isinstance(tricks, (list, tuple)) or len(tricks) != len(table.players):
        raise GameError(
            "with side_tricks, expected one entry for each of the %(seats)s seats (a nil "
            "bidder's count, else null)",
            seats=len(table.players),
            hand=number,
            field="tricks",
        )
    names = [table.side_name(side) for side in range(len(table.sides))]
    _check_counts(table, side_tricks, names, "side_tricks", number)
    split = [0] * len(table.players)
    for side in range(len(table.sides)):
        _split_side(table, bids, tricks, side, side_tricks[side], number, split)
    return tuple(split)


def _nil_count(table: Table, seat: int, took: object, number: int) -> int:
    """A nil bidder's own count, given with a side's."""
    if not whole(took):
        name = table.players[seat]
        raise GameError(
            "%(name)s bid nil, so %(name)s's own tricks must be a whole number from 0, not "
            "%(took)s",
            name=name,
            took=quoted(took),
            hand=number,
            field="tricks",
            seat=seat,
        )
    return took


def _nil_counts(
    table: Table,
    bids: Sequence[Bid] | None,
    tricks: Sequence[object],
    seats: Sequence[int],
    number: int,
    split: list[int],
) -> int:
    """Put each nil bidder's own count of one side into `split`; returns their sum. A
    number bidder's own count is refused: it is counted with the side."""
    for seat in seats:
        if _nil(bids, seat):
            split[seat] = _nil_count(table, seat, tricks[seat], number)
        elif tricks[seat] is not None:
            raise GameError(
                "%(name)s's tricks are counted with the side; only a nil bidder's own count is "
                "given",
                name=table.players[seat],
                hand=number,
                field="tricks",
                seat=seat,
            )
    return sum(split[seat] for seat in seats if _nil(bids, seat))


def _split_side(
    table: Table,
    bids: Sequence[Bid] | None,
    tricks: Sequence[object],
    side: int,
    count: int,
    number: int,
    split: list[int],
) -> None:
    """Put one side's count into `split`: each nil bidder's own tricks, the rest to its
    first number bidder."""
    seats, name = table.sides[side], table.side_name(side)
    left = count - _nil_counts(table, bids, tricks, seats, number, split)
    if left < 0:  # marked on the nil bidder who took tricks, whose count is wrong
        nil_seat = next(seat for seat in seats if _nil(bids, seat) and split[seat])
        raise GameError(
            "the nil bidders of %(name)s took more tricks than the side's %(count)s",
            name=name,
            count=count,
            hand=number,
            field="tricks",
            seat=nil_seat,
        )
    bidders = [seat for seat in seats if not _nil(bids, seat)]
    if bidders:
        split[bidders[0]] = left
    elif left:
        raise GameError(
            "both of %(name)s bid nil, so the side's count must equal their own tricks",
            name=name,
            hand=number,
            field="side_tricks",
        )
