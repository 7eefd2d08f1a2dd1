"""The next hand of a scored game, as a table sees it before (or while) it is played:
who deals and leads, the bidding order, the bids each seat may make, who may bid
blind, and which seats count their own tricks. Forms, pages and the script read this
value; none of them works these facts out again."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Protocol

from .records import BLIND_NIL, NIL, NILS, ScoredHand, Table, blind_bid_open, blind_nil_open
from .rules import Rules

Choice = tuple[str, str]  # (value, label) of one bid a seat may make


class Scored(Protocol):
    """What the next hand is read from: a scored game (model.GameScore), which offers its
    next hand in turn; named here by what is read, so this module sits below it."""

    @property
    def table(self) -> Table: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def hands(self) -> tuple[ScoredHand, ...]: ...
    @property
    def next_number(self) -> int: ...
    @property
    def next_dealer(self) -> int: ...
    def totals_before(self, number: int) -> tuple[int, ...]: ...


@dataclass(frozen=True)
class NextHand:
    """Hand `number`: the one to bid next, or (`waiting`) bid and waiting for its tricks."""

    number: int
    dealer: int
    leader: int
    order: tuple[int, ...]  # the seats in bidding (and playing) order, the leader first
    bids: tuple[tuple[Choice, ...], ...]  # per seat, the bids it may make, in the order shown
    blind_nil: tuple[bool, ...]  # per side: may it bid blind nil
    blind_contract: tuple[bool, ...]  # per side: may it bid its contract blind
    zero_is_a_bid: bool  # 0 is a plain bid offered beside 1 to 13
    nil: bool  # nil is a bid in this game
    tricks_per_hand: int
    own_count: tuple[int, ...]  # counting by side: the seats that count their own tricks
    waiting: bool  # the hand is bid and waiting for its tricks
    bids_itself: bool = False  # played without bidding (first_hand = bids_itself)
    min_table_bid: int = 0  # the least the four bids may add up to (0: no minimum)

    @property
    def nil_values(self) -> tuple[str, ...]:
        """The bid values that are a nil (the script marks a nil bidder by them)."""
        return NILS

    @cached_property
    def counts(self) -> tuple[tuple[str, int], ...]:
        """The tricks each choice of this hand counts for in a sum (the script adds
        these, never the choices' values): a bid its number, a nil none, a count of
        tricks its own number."""
        values = {v for seat in self.bids for v, _ in seat}
        values.update(str(n) for n in range(self.tricks_per_hand + 1))
        return tuple(sorted((v, 0 if v in NILS else int(v)) for v in values))


# Every number a bid can be, as a choice: a table deals at most 17 tricks a hand
COUNTS: tuple[Choice, ...] = tuple((str(n), str(n)) for n in range(18))


def _bids(
    score: Scored, seat: int, blind_nil: tuple[bool, ...], zero: bool, nil: bool
) -> tuple[Choice, ...]:
    choices = list(COUNTS[0 if zero else 1 : score.table.tricks_per_hand + 1])
    if nil:
        choices.append((NIL, "Nil"))
        if blind_nil[score.table.side_of(seat)]:
            choices.append((BLIND_NIL, "Blind nil"))
    return tuple(choices)


def next_hand(score: Scored, number: int | None = None) -> NextHand:
    """Hand `number` of `score` as it is (or was) bid; None: the next hand, the pending
    one if a hand is bid and not yet played. A hand already recorded keeps the bids it
    holds on offer (a fix may keep them), and its dealer."""
    table = score.table
    number = score.next_number if number is None else number
    recorded = score.hands[number - 1] if number <= len(score.hands) else None
    seats = len(table.players)
    dealer = score.next_dealer if recorded is None else recorded.dealer
    leader = (dealer + 1) % seats
    totals = score.totals_before(number)
    bids = (recorded.bids or ()) if recorded else ()
    blind_nil = tuple(
        blind_nil_open(score.rules, totals, side)
        or any(bids[s] == BLIND_NIL for s in table.sides[side] if bids)
        for side in range(len(totals))
    )
    zero = score.rules.zero_bid == "bid" or 0 in bids
    nil = score.rules.nil or any(bid in NILS for bid in bids)
    return NextHand(
        number=number,
        dealer=dealer,
        leader=leader,
        order=tuple((leader + i) % seats for i in range(seats)),
        bids=tuple(_bids(score, seat, blind_nil, zero, nil) for seat in range(seats)),
        blind_nil=blind_nil,
        blind_contract=tuple(
            blind_bid_open(score.rules, totals, side) for side in range(len(totals))
        ),
        zero_is_a_bid=zero,
        nil=nil,
        tricks_per_hand=table.tricks_per_hand,
        own_count=tuple(s for s, bid in enumerate(bids) if bid in NILS)
        if recorded or score.rules.bids_itself(number)  # no bids: no nil counts its own
        else tuple(range(seats)),
        waiting=recorded is not None and recorded.tricks is None,
        bids_itself=score.rules.bids_itself(number),
        min_table_bid=score.rules.min_table_bid,
    )
