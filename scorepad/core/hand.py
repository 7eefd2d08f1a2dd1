"""Scoring one side for one hand, exactly as docs/rules.md says.

* The contract is the sum of the side's number bids; its contract tricks are
  the tricks of those same players (plus its nil bidders' under
  ``nil_tricks = partner``). Made: 10 a trick bid (a flat 200 for 10 or more
  under ``ten_for_two_hundred``, ``boston_bonus`` for every trick under
  ``boston = bonus``) and ``bag_points`` for each overtrick, which is also a
  bag. Missed: -10 a trick bid, or 0 under ``missed_contract = zero``; -200
  under ``ten_for_two_hundred`` whatever ``missed_contract`` says. A blind
  contract doubles those contract points, never the overtricks.
* Under ``zero_bid = bid`` a side whose contract is 0 but who bid a number
  scores each of its contract tricks as an overtrick.
* Each nil is settled on its own: +/- ``nil_value``, twice that for blind nil.
  Under ``nil_tricks = bags`` (or ``partner`` with nothing to help) a nil
  bidder's tricks score as bags.
* Bags carry across hands; every ``bag_limit`` of them costs ``bag_penalty``
  and leaves the remainder (or 0 under ``bag_remainder = drop``).
* A renege moves contract tricks before anything is scored: each side that
  reneged gives up ``renege_tricks`` of them (all, if it has fewer) to the other
  side, unless that side bid nothing but nil. Both transfers are counted from the
  tricks as played; nil bidders' own tricks and nil results never change.
* An adjustment is added last and changes no bags.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .model import BLIND_NIL, NILS, Bid, NilResult, SideHand
from .rules import Rules

BLIND_FACTOR = 2  # a blind contract and a blind nil count double, won or lost


def contract_points(
    rules: Rules, contract: int, made: bool, *, boston: bool = False, blind: bool = False
) -> int:
    """What a contract itself is worth, without overtricks (`boston`: it took every trick)."""
    flat = rules.ten_for_two_hundred and contract >= 10
    if made:
        if boston and rules.boston == "bonus":
            points = rules.boston_bonus
        else:
            points = 200 if flat else 10 * contract
    elif flat:
        points = -200  # the flat rule sets its own penalty, whatever missed_contract says
    else:
        points = -10 * contract if rules.missed_contract == "minus" else 0
    return points * (BLIND_FACTOR if blind else 1)


def nil_points(rules: Rules, made: bool, blind: bool = False) -> int:
    """What a nil (`blind`: a blind nil) wins when made or loses when broken."""
    return (1 if made else -1) * rules.nil_value * (BLIND_FACTOR if blind else 1)


@dataclass(frozen=True)
class _Split:
    """A side's bids and tricks, split into the contract and the nils."""

    contract: int
    taken: int  # contract tricks
    nil_taken: int
    bidders: bool  # a member bid a number (0 included under zero_bid = bid)
    to_partner: bool  # the nil bidders' tricks count towards the contract


def _split(rules: Rules, bids: Sequence[Bid], tricks: Sequence[int]) -> _Split:
    contract = taken = nil_taken = 0
    bidders = False
    for bid, took in zip(bids, tricks):
        if isinstance(bid, int):
            contract += bid
            taken += took
            bidders = True
        else:
            nil_taken += took
    to_partner = (
        rules.nil_tricks == "partner" and bidders and (contract > 0 or rules.zero_bid == "bid")
    )
    if to_partner:
        taken += nil_taken
    return _Split(contract, taken, nil_taken, bidders, to_partner)


def renege_shifts(
    rules: Rules,
    bids: Sequence[Sequence[Bid]],
    tricks: Sequence[Sequence[int]],
    renege: Sequence[int],
) -> tuple[int, ...]:
    """The contract tricks each of two sides gains (> 0) or gives up (< 0) by reneges."""
    splits = [_split(rules, b, t) for b, t in zip(bids, tricks)]
    shifts = [0] * len(splits)
    for side in renege:
        given = min(rules.renege_tricks, splits[side].taken)
        other = 1 - side
        shifts[side] -= given
        if splits[other].bidders:
            shifts[other] += given
    return tuple(shifts)


def score_side(
    rules: Rules,
    bids: Sequence[Bid],
    tricks: Sequence[int],
    total_before: int,
    bags_before: int,
    *,
    seats: Sequence[int] = (),
    blind: bool = False,
    all_tricks: int = 13,
    adjust: int = 0,
    renege: int = 0,
) -> SideHand:
    """Score one side's hand from its members' bids and tricks (`seats`: their seats);
    `renege`: contract tricks moved to (> 0) or from (< 0) the side by reneges."""
    seats = tuple(seats) or tuple(range(len(bids)))
    split = _split(rules, bids, tricks)
    contract, nil_taken, bidders, to_partner = (
        split.contract,
        split.nil_taken,
        split.bidders,
        split.to_partner,
    )
    taken = split.taken + renege
    made: bool | None = None
    boston = False
    bid_points = overtricks = 0
    if contract > 0:
        made = taken >= contract
        boston = made and contract >= all_tricks
        if made:
            overtricks = taken - contract
        bid_points = contract_points(rules, contract, made, boston=boston, blind=blind)
        bid_points += overtricks * rules.bag_points
    elif bidders:  # a bid of 0 that is not nil: every contract trick is over
        made, overtricks = True, taken
        bid_points = overtricks * rules.bag_points
    nils = tuple(
        NilResult(
            seat=seat,
            blind=b == BLIND_NIL,
            made=t == 0,
            points=nil_points(rules, t == 0, b == BLIND_NIL),
        )
        for seat, b, t in zip(seats, bids, tricks)
        if b in NILS
    )
    nil_bags = 0 if to_partner or rules.nil_tricks == "none" else nil_taken
    bags = bags_before + overtricks + nil_bags
    penalties = 0
    if rules.bag_limit > 0 and bags >= rules.bag_limit:
        if rules.bag_remainder == "carry":
            penalties, bags = divmod(bags, rules.bag_limit)
        else:
            penalties, bags = 1, 0
    penalty_points = -penalties * rules.bag_penalty
    points = (
        bid_points
        + sum(n.points for n in nils)
        + nil_bags * rules.bag_points
        + penalty_points
        + adjust
    )
    return SideHand(
        contract,
        taken,
        made,
        bid_points,
        overtricks,
        nils,
        nil_bags,
        penalties,
        penalty_points,
        points,
        total_before + points,
        bags,
        blind,
        boston,
        adjust,
        renege,
    )
