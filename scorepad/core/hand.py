"""Scoring one side for one hand, exactly as docs/rules.md says.

* The contract is the sum of the side's number bids; its contract tricks are
  the tricks of those same players (plus its nil bidders' under
  ``nil_tricks = partner``). Made: 10 a trick bid (a flat 200 for 10 or more
  under ``ten_for_two_hundred``, ``boston_bonus`` for every trick under
  ``boston = bonus``) and ``bag_points`` for each overtrick, which is also a
  bag. Missed: -10 a trick bid, or 0 under ``missed_contract = zero``; -200
  under ``ten_for_two_hundred`` whatever ``missed_contract`` says. A blind
  contract doubles those contract points, never the overtricks; under
  ``blind_bid_doubles = made`` only when it is made (missed, it loses what the same
  contract bid in the open loses).
* A hand that bids itself (``first_hand = bids_itself``, hand 1): every side scores
  10 a trick its members took, nothing more (no bags, nil, blind, set, boston or
  ten for two hundred); a renege moves tricks as below, every trick a contract trick.
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

from .records import BLIND_NIL, NILS, Bid, NilResult, SideHand
from .rules import Rules

BLIND_FACTOR = 2  # a blind contract and a blind nil count double, won or lost
BID_ITSELF_TRICK = 10  # what a trick is worth in a hand that bids itself


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
    doubled = blind and (made or rules.blind_bid_doubles == "always")
    return points * (BLIND_FACTOR if doubled else 1)


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


def _no_bids(tricks: Sequence[int]) -> _Split:
    """A side's split in a hand that bids itself: every trick it took is a contract trick."""
    return _Split(0, sum(tricks), 0, True, False)


def renege_shifts(
    rules: Rules,
    bids: Sequence[Sequence[Bid]] | None,
    tricks: Sequence[Sequence[int]],
    renege: Sequence[int],
) -> tuple[int, ...]:
    """The contract tricks each of two sides gains (> 0) or gives up (< 0) by reneges
    (`bids` None: the hand bid itself)."""
    if not renege:
        return (0,) * len(tricks)
    if bids is None:
        splits = [_no_bids(t) for t in tricks]
    else:
        splits = [_split(rules, b, t) for b, t in zip(bids, tricks)]
    shifts = [0] * len(splits)
    for side in renege:
        given = min(rules.renege_tricks, splits[side].taken)
        other = 1 - side
        shifts[side] -= given
        if splits[other].bidders:
            shifts[other] += given
    return tuple(shifts)


def _contract(
    rules: Rules, split: _Split, taken: int, blind: bool, all_tricks: int
) -> tuple[bool | None, bool, int, int]:
    """Made (None: nothing bid), all tricks bid and taken, the contract's points with
    its overtricks, and the overtricks."""
    if split.contract > 0:
        made = taken >= split.contract
        boston = made and split.contract >= all_tricks
        overtricks = taken - split.contract if made else 0
        points = contract_points(rules, split.contract, made, boston=boston, blind=blind)
        return made, boston, points + overtricks * rules.bag_points, overtricks
    if split.bidders:  # a bid of 0 that is not nil: every contract trick is over
        return True, False, taken * rules.bag_points, taken
    return None, False, 0, 0


def _nils(
    rules: Rules, seats: Sequence[int], bids: Sequence[Bid], tricks: Sequence[int]
) -> tuple[NilResult, ...]:
    """Each nil of the side, settled on its own."""
    return tuple(
        NilResult(seat, b == BLIND_NIL, t == 0, nil_points(rules, t == 0, b == BLIND_NIL))
        for seat, b, t in zip(seats, bids, tricks)
        if b in NILS
    )


def _bag_penalties(rules: Rules, bags: int) -> tuple[int, int]:
    """How many penalties a bag count pays, and the count left after them."""
    if rules.bag_limit == 0 or bags < rules.bag_limit:
        return 0, bags
    if rules.bag_remainder == "carry":
        return divmod(bags, rules.bag_limit)
    return 1, 0


def _bags(rules: Rules, split: _Split, bags: int) -> tuple[int, int, int, int]:
    """The bags a side's nil bidders add (by the nil_tricks rule), the penalties the
    side's count then pays, their points, and the count left after them."""
    nil_bags = 0 if split.to_partner or rules.nil_tricks == "none" else split.nil_taken
    penalties, left = _bag_penalties(rules, bags + nil_bags)
    return nil_bags, penalties, -penalties * rules.bag_penalty, left


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
    split = _split(rules, bids, tricks)
    taken = split.taken + renege
    made, boston, bid_points, overtricks = _contract(rules, split, taken, blind, all_tricks)
    nils = _nils(rules, tuple(seats) or tuple(range(len(bids))), bids, tricks)
    nil_bags, penalties, penalty_points, bags = _bags(rules, split, bags_before + overtricks)
    nil_points = sum(n.points for n in nils) + nil_bags * rules.bag_points
    points = bid_points + nil_points + penalty_points + adjust
    return SideHand(
        split.contract,
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


def score_bid_itself(
    tricks: Sequence[int], total_before: int, bags_before: int, *, adjust: int = 0, renege: int = 0
) -> SideHand:
    """Score one side's hand that bid itself: 10 a trick its members took (after the
    tricks a renege moved), the adjustment, and nothing else; its bags do not change."""
    taken = sum(tricks) + renege
    points = BID_ITSELF_TRICK * taken
    return SideHand(
        0,
        taken,
        None,
        points,
        0,
        (),
        0,
        0,
        0,
        points + adjust,
        total_before + points + adjust,
        bags_before,
        adjust=adjust,
        renege=renege,
        bid_itself=True,
    )
