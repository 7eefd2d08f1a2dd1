"""What the rules refuse in a hand's tricks, counted by seat or (partnership) by side."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeGuard

from .errors import GameError
from .model import NILS, Bid, Table


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
                f"{names[index]}'s tricks must be a whole number from 0, not {took!r}",
                hand=number,
                field=field,
                seat=index if field == "tricks" else None,
            )
    total, expected = sum(counts), table.tricks_per_hand  # type: ignore[arg-type]
    if total != expected:
        raise GameError(f"{field} add up to {total}, expected {expected}", hand=number, field=field)


def check_tricks(table: Table, tricks: object, number: int) -> tuple[int, ...]:
    """Refuse tricks that are not whole, negative, or do not add up to the deal."""
    if not isinstance(tricks, (list, tuple)) or len(tricks) != len(table.players):
        raise GameError(
            f"expected one count for each of the {len(table.players)} seats",
            hand=number,
            field="tricks",
        )
    _check_counts(table, tricks, table.players, "tricks", number)
    return tuple(tricks)


def check_side_tricks(
    table: Table, bids: Sequence[Bid], tricks: object, side_tricks: object, number: int
) -> tuple[int, ...]:
    """Check tricks counted by side and return a per-seat split that scores the same.

    Only a number bidder's share of the side's count matters to the score, so the
    side's contract tricks all go to its first number bidder and none to the other."""
    if table.mode != "partnership":
        raise GameError(
            "tricks by side are for partnership games only", hand=number, field="side_tricks"
        )
    if not isinstance(side_tricks, (list, tuple)) or len(side_tricks) != len(table.sides):
        raise GameError(
            f"expected one count for each of the {len(table.sides)} sides",
            hand=number,
            field="side_tricks",
        )
    if not isinstance(tricks, (list, tuple)) or len(tricks) != len(table.players):
        raise GameError(
            "with side_tricks, expected one entry for each of the "
            f"{len(table.players)} seats (a nil bidder's count, else null)",
            hand=number,
            field="tricks",
        )
    names = [table.side_name(side) for side in range(len(table.sides))]
    _check_counts(table, side_tricks, names, "side_tricks", number)
    split = [0] * len(table.players)
    for side, seats in enumerate(table.sides):
        left = side_tricks[side]
        for seat in seats:
            took, name = tricks[seat], table.players[seat]
            if bids[seat] in NILS:
                if not whole(took):
                    raise GameError(
                        f"{name} bid nil, so {name}'s own tricks must be "
                        f"a whole number from 0, not {took!r}",
                        hand=number,
                        field="tricks",
                        seat=seat,
                    )
                split[seat] = took
                left -= took
            elif took is not None:
                raise GameError(
                    f"{name}'s tricks are counted with the side; "
                    "only a nil bidder's own count is given",
                    hand=number,
                    field="tricks",
                    seat=seat,
                )
        if left < 0:
            raise GameError(
                f"the nil bidders of {table.side_name(side)} took more "
                f"tricks than the side's {side_tricks[side]}",
                hand=number,
                field="tricks",
                seat=seats[0],
            )
        bidders = [seat for seat in seats if bids[seat] not in NILS]
        if bidders:
            split[bidders[0]] = left
        elif left:
            raise GameError(
                f"both of {table.side_name(side)} bid nil, so the "
                "side's count must equal their own tricks",
                hand=number,
                field="side_tricks",
            )
    return tuple(split)
