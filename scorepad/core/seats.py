"""One seat's bid on its own, as a player's phone sends it before the others are in. Pure.

A seat's bid is checked alone against what the rules say of one bid (the range,
nil and blind nil, blind nil only when the side is far enough behind). What
depends on the partner's bid too (double nil, suicide, the smallest side bid)
can only be checked once every bid is in, by the core's `check_bids`.
"""

from __future__ import annotations

from collections.abc import Mapping

from .checks import check_bids, typed_count
from .errors import GameError
from .model import GameScore
from .records import Bid, changed

# The rules that judge a side's bids together (min_table_bid: the table's, all four):
# checked once every bid is in.
SIDE_RULES = ("min_side_bid", "double_nil", "suicide", "min_table_bid")


def seat_choices(score: GameScore, seat: int) -> list[tuple[str, str]]:
    """(value, label) of every bid `seat` may make in the next hand."""
    return list(score.next_hand.bids[seat])


def check_seat_bid(score: GameScore, seat: int, raw: object) -> Bid:
    """The bid of one seat for the next hand, normalised; GameError if the rules refuse it."""
    number = score.next_number
    if typed_count(raw) is not None:
        raw = typed_count(raw)
    # Every other seat bids 1 and the side-wide rules are off: only this seat's bid is judged.
    alone = changed(score.rules, suicide=False, min_side_bid=0, double_nil=True, min_table_bid=0)
    bids: list[object] = [1] * len(score.table.players)
    bids[seat] = raw
    if raw in ("", None):
        raise GameError(
            "choose %(name)s's bid",
            name=score.table.players[seat],
            hand=number,
            field="bids",
            seat=seat,
        )
    return check_bids(score.table, alone, bids, score.totals, number)[seat]


def side_refusal(score: GameScore, bids: Mapping[int, Bid]) -> tuple[int | None, str] | None:
    """With every seat's bid in for the next hand: the side whose bids a rule of a whole
    side refuses (None: the table's bids together, min_table_bid), and that rule (never a
    bid's value: the bids are still hidden); None when the bids are fit for the hand or
    not all in."""
    seats = len(score.table.players)
    if len(bids) < seats:
        return None
    try:
        check_bids(
            score.table,
            score.rules,
            [bids[s] for s in range(seats)],
            score.totals,
            score.next_number,
        )
    except GameError as err:
        if err.rule == "min_table_bid":
            return None, err.rule
        if err.rule in SIDE_RULES and err.seat is not None:
            return score.table.side_of(err.seat), err.rule
        raise
    return None
