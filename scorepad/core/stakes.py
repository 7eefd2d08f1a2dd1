"""What is at stake in the hand about to be bid, from the rules and the score. Pure.

Each `Stake` is one fact the table may want before bidding; the web layer puts
it into words. Nothing is returned when nothing is at stake.

* ``need``: the smallest contract a side can bid (no nil, not blind) that, made
  exactly (no overtricks, so no bags and no bag penalty), wins the game at once.
  ASSUMPTION: every other side scores nothing this hand (its total and bags
  stay as they are). That is the honest minimum: a side that needs 6 with the
  others at 0 may need more if the others score too, and it is what a table
  means by "we go out with 6". The contract is scored by the core's own
  `score_side` and the end of the game decided by the core's own `settle`, so
  boston, ten for two hundred, the hand limit and ties all count as the rules
  say. Under suicide the side's compulsory nil is left out of the sum. When
  boston is on, bidding every trick wins (or earns the bonus) from the first hand
  on: a need of every trick is then not news, and is not shown. Under
  ``tie_break = last_bid`` a smaller contract that brings the side level with the lead
  at the target wins too if the side outbids those level with it: that one is given
  with ``extra`` 1 (the others' contracts are not known before the bids).
  While the lead is shared where the game would end (``tied``: another hand is played),
  the sides sharing it are given no ``need``: each would win by making 1, which the
  game's own line (another hand decides it) already says.
* ``bags``: a side within `BAG_WARNING` bags of a penalty.
* ``blind_nil`` / ``blind_bid``: who may bid blind nil or a blind contract (read from
  the score's `next_hand`, which works it out), shown only when a house rule
  restricts it to sides far enough behind.
* ``set_out``: a side that is out if it is set this hand.
* ``hand_limit``: the last hand, past the limit, or a few hands left.

Kept: the stakes of a standing (`_stakes`, an LRU of 1,024), keyed on `_Standing`, the
values they depend on (table, rules, totals, bags, sets, hands, who may bid blind), so
nothing invalidates it: other values are another key. bench/README.md says what it saves.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Protocol

from .ending import Status, settle
from .hand import score_side
from .next_hand import NextHand, Scored
from .records import ScoredHand, SideHand, Table
from .rules import Rules

BAG_WARNING = 3  # bags to the penalty at which the table is told
HANDS_WARNING = 3  # hands left before the limit at which the table is told


class StakeKind(StrEnum):
    """What a stake is about."""

    NEED = "need"  # the contract a side needs to win this hand
    BAGS = "bags"  # bags near the penalty
    BLIND_NIL = "blind_nil"  # a side that may bid blind nil
    BLIND_BID = "blind_bid"  # a side that may bid its contract blind
    SET_OUT = "set_out"  # a side one set from losing
    HAND_LIMIT = "hand_limit"  # hands left before the limit


@dataclass(frozen=True)
class Stake:
    """One thing at stake: its kind, the side it is about (None: the table), and
    the numbers the words need (`amount`: contract, bags, points or hands; `extra`:
    the penalty, the margin behind, the limit)."""

    kind: StakeKind
    side: int | None
    amount: int
    extra: int = 0


class Scoreboard(Scored, Protocol):
    """What the stakes are read from: a scored game (model.GameScore), named here by what
    is read, so this module sits below it."""

    @property
    def totals(self) -> tuple[int, ...]: ...
    @property
    def bags(self) -> tuple[int, ...]: ...
    @property
    def streaks(self) -> tuple[int, ...]: ...
    @property
    def status(self) -> Status: ...
    @property
    def tied(self) -> bool: ...
    @property
    def pending(self) -> ScoredHand | None: ...
    @property
    def next_hand(self) -> NextHand: ...


def _unchanged(total: int, bags: int, contract: int = 0) -> SideHand:
    """A side's result when it scores nothing this hand (the stated assumption), having
    bid `contract` (what the last-bid tie-break reads)."""
    return SideHand(contract, 0, None, 0, 0, (), 0, 0, 0, 0, total, bags)


def winning_contract(
    score: Scoreboard | _Standing, side: int, *, outbid: bool = False
) -> int | None:
    """The smallest contract that, made exactly with the others scoring nothing,
    wins the game for `side` this hand; None if none does. The others bid every trick,
    so a lead shared at the end goes to none of them on the last bid; `outbid`: they bid
    nothing, so under tie_break = last_bid a shared lead goes to `side`."""
    rival = 0 if outbid else score.table.tricks_per_hand
    table, rules = score.table, score.rules
    number = score.next_number
    first = table.sides[side][0]
    for contract in range(max(1, rules.min_side_bid), table.tricks_per_hand + 1):
        mine = score_side(
            rules,
            [contract],
            [contract],
            score.totals[side],
            score.bags[side],
            seats=(first,),
            all_tricks=table.tricks_per_hand,
        )
        results = [
            mine if i == side else _unchanged(score.totals[i], score.bags[i], rival)
            for i in range(len(table.sides))
        ]
        outcome = settle(rules, number, results, score.streaks)
        if outcome.status == Status.FINISHED and outcome.winner == side:
            return contract
    return None


def _behind(totals: tuple[int, ...], side: int) -> int:
    return max(t for i, t in enumerate(totals) if i != side) - totals[side]


def stakes(score: Scoreboard) -> list[Stake]:
    """What is at stake in the next hand, most pressing first; [] while a hand is
    being played, once the game is over, or when nothing is."""
    if score.status == Status.FINISHED or score.pending is not None or not score.totals:
        return []
    if score.rules.bids_itself(score.next_number):  # no bids: only the hand limit is news
        return [s for s in _stakes(_Standing(score)) if s.kind == StakeKind.HAND_LIMIT]
    # Worked out once for the same values: the tricks step shows what was at stake
    # when its hand was bid, from a score made again without that hand.
    found = _stakes(_Standing(score))
    if score.tied:
        # the lead is shared where the game would end: another hand decides it, which
        # the game says; a leader's "wins by making 1" (the others scoring nothing) is
        # no news, and each leader would be told it
        sharing = {side for side, total in enumerate(score.totals) if total == max(score.totals)}
        return [s for s in found if s.kind != StakeKind.NEED or s.side not in sharing]
    return list(found)


@dataclass(frozen=True)
class _Standing:
    """What the stakes of the next hand depend on: a score's values, not its object, and
    who may bid blind as the score's next hand says (one source for that fact)."""

    table: Table
    rules: Rules
    next_number: int
    totals: tuple[int, ...]
    bags: tuple[int, ...]
    streaks: tuple[int, ...]
    blind_nil: tuple[bool, ...]
    blind_contract: tuple[bool, ...]

    def __init__(self, score: Scoreboard) -> None:
        for name in ("table", "rules", "next_number", "totals", "bags", "streaks"):
            object.__setattr__(self, name, getattr(score, name))
        object.__setattr__(self, "blind_nil", score.next_hand.blind_nil)
        object.__setattr__(self, "blind_contract", score.next_hand.blind_contract)


@lru_cache(maxsize=1024)
def _stakes(score: _Standing) -> tuple[Stake, ...]:
    rules, sides = score.rules, range(len(score.table.sides))
    found: list[Stake] = []
    for side in sides:
        contract = winning_contract(score, side)
        every = contract == score.table.tricks_per_hand and rules.boston != "off"
        if contract is not None and not every:
            found.append(Stake(StakeKind.NEED, side, contract))
        level = (
            winning_contract(score, side, outbid=True) if rules.tie_break == "last_bid" else None
        )
        if level is not None and (contract is None or level < contract):
            found.append(Stake(StakeKind.NEED, side, level, 1))
    if rules.set_out:
        found += [
            Stake(StakeKind.SET_OUT, side, rules.set_out)
            for side in sides
            if score.streaks[side] == rules.set_out - 1
        ]
    if rules.hand_limit:
        left = rules.hand_limit - score.next_number + 1
        if left <= HANDS_WARNING:
            found.append(Stake(StakeKind.HAND_LIMIT, None, max(left, 0), rules.hand_limit))
    for side in sides:
        to_penalty = rules.bags_to_penalty(score.bags[side])
        if to_penalty is not None and 0 < to_penalty <= BAG_WARNING:
            found.append(Stake(StakeKind.BAGS, side, to_penalty, rules.bag_penalty))
    if rules.blind_nil_trailing_by:
        found += [
            Stake(StakeKind.BLIND_NIL, side, _behind(score.totals, side))
            for side in sides
            if score.blind_nil[side]
        ]
    if rules.blind_bid and rules.blind_bid_trailing_by:
        found += [
            Stake(StakeKind.BLIND_BID, side, rules.blind_bid, _behind(score.totals, side))
            for side in sides
            if score.blind_contract[side]
        ]
    return tuple(found)
