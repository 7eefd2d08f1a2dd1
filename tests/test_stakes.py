"""What is at stake before a bid: every "win by making N" checked by scoring a real hand."""

from __future__ import annotations

import pytest

from scorepad.core.model import GameScore
from scorepad.core.records import Hand, Table
from scorepad.core.rules import Rules
from scorepad.core.scoring import extend, score_game
from scorepad.core.stakes import Stake, StakeKind, stakes, winning_contract
from tests.helpers import PLAYERS, hand


def _hand_for(score: GameScore, side: int, contract: int) -> Hand:
    """A real hand in which `side` bids `contract` and takes exactly that, the others
    bid 1 each and take the rest; partnership: split between the partners."""
    table = score.table
    seats = len(table.players)
    bids, tricks = [1] * seats, [0] * seats
    mine = table.sides[side]
    if len(mine) == 2:
        # Under zero_bid = bid a partner's 0 is a plain bid; else both bid at least 1.
        part = 0 if score.rules.zero_bid == "bid" else 1
        assert contract > part, "a partnership's split needs two number bids"
        bids[mine[0]], bids[mine[1]] = contract - part, part
        tricks[mine[0]], tricks[mine[1]] = contract - part, part
    else:
        bids[mine[0]] = tricks[mine[0]] = contract
    others = [s for s in range(seats) if s not in mine]
    left = table.tricks_per_hand - contract
    for i, seat in enumerate(others):
        tricks[seat] = left // len(others) + (1 if i < left % len(others) else 0)
    return Hand(tuple(bids), tuple(tricks))


def _play(score: GameScore, side: int, contract: int) -> GameScore:
    """Score that hand with the core, the others' points taken back by an adjustment,
    so that they score nothing (the assumption stakes states)."""
    plain = _hand_for(score, side, contract)
    first = extend(score, plain).hands[-1].sides
    assert first is not None
    adjust = tuple(0 if i == side else -r.points for i, r in enumerate(first))
    after = extend(score, Hand(plain.bids, plain.tricks, adjust=adjust))
    assert [t for i, t in enumerate(after.totals) if i != side] == [
        t for i, t in enumerate(score.totals) if i != side
    ]
    return after


def _wins(score: GameScore, side: int) -> bool:
    return score.status == "finished" and score.winner == side


CUT3 = Table("cutthroat", ("Alice", "Ben", "Cara"))
PART = Table("partnership", PLAYERS)


@pytest.mark.parametrize(
    ("table", "rules", "start", "side", "need"),
    [
        (PART, Rules(), ((440, 0), (300, 0)), 0, 6),
        (PART, Rules(), ((440, 0), (300, 0)), 1, None),  # 130 at most: 430 < 500
        (PART, Rules(), ((470, 9), (300, 0)), 0, 3),  # made exactly: no bag, no penalty
        (PART, Rules(ten_for_two_hundred=True), ((310, 0), (200, 0)), 0, 10),
        (PART, Rules(boston="bonus"), ((0, 0), (0, 0)), 0, 13),  # true, but not shown
        (PART, Rules(target=300, hand_limit=1), ((100, 0), (50, 0)), 1, 6),  # 5 only ties
        (CUT3, Rules(target=300), ((250, 0), (200, 0), (100, 0)), 0, 5),
        (CUT3, Rules(target=300), ((250, 0), (200, 0), (100, 0)), 1, 10),
    ],
)
def test_the_stated_contract_wins_and_one_less_does_not(table, rules, start, side, need):
    score = score_game(table, rules, [], start)
    assert winning_contract(score, side) == need
    stated = [s.amount for s in stakes(score) if s.kind == "need" and s.side == side]
    shown = need is not None and not (rules.boston != "off" and need == table.tricks_per_hand)
    assert stated == ([need] if shown else [])
    if need is None:
        assert not _wins(_play(score, side, table.tricks_per_hand - 1), side)
        return
    assert _wins(_play(score, side, need), side)
    low = max(2 if len(table.sides[side]) == 2 else 1, rules.min_side_bid)
    if need - 1 >= low:
        assert not _wins(_play(score, side, need - 1), side)


def test_a_tie_at_the_target_needs_the_single_highest_total():
    # Both sides reach exactly 500 in one hand: the lead is shared, another hand is played.
    rules = Rules(zero_bid="bid")  # lets a partnership bid a contract of 1 (1 and 0)
    score = score_game(PART, rules, [hand((5, 2, 5, 1), (5, 2, 5, 1))], ((400, 0), (470, 0)))
    assert score.tied and score.status == "playing" and score.totals == (500, 500)
    for side in (0, 1):
        assert winning_contract(score, side) == 1  # 10 more leads alone
        assert _wins(_play(score, side, 1), side)
    # ... which is no news to either leader: the game says another hand decides it
    assert [s for s in stakes(score) if s.kind == StakeKind.NEED] == []


def test_a_side_behind_a_lead_shared_at_the_target_is_still_told_what_it_needs():
    score = score_game(
        CUT3, Rules(), [hand((2, 2, 13), (2, 2, 13))], ((480, 0), (480, 0), (360, 0))
    )
    assert score.tied and score.totals == (500, 500, 490)
    assert [s for s in stakes(score) if s.kind == StakeKind.NEED] == [
        Stake(StakeKind.NEED, 2, 2)  # 20 more: 510, ahead of both
    ]
    assert _wins(_play(score, 2, 2), 2)


def test_nothing_at_stake_in_a_fresh_game():
    assert stakes(score_game(PART, Rules(), [])) == []


def test_nothing_while_a_hand_is_being_played_or_after_the_game():
    pending = score_game(PART, Rules(), [hand((3, 3, 3, 3))], ((480, 9), (0, 0)))
    assert stakes(pending) == []
    over = score_game(PART, Rules(), [hand((3, 3, 3, 3), (4, 3, 3, 3))], ((480, 0), (0, 0)))
    assert over.status == "finished" and stakes(over) == []


@pytest.mark.parametrize(
    ("bags", "expected"),
    [
        ((0, 8), [Stake("bags", 1, 2, 100)]),
        ((7, 9), [Stake("bags", 0, 3, 100), Stake("bags", 1, 1, 100)]),
        ((6, 0), []),
    ],
)
def test_bags_to_the_next_penalty(bags, expected):
    score = score_game(PART, Rules(), [], ((0, bags[0]), (0, bags[1])))
    assert [s for s in stakes(score) if s.kind == "bags"] == expected


def test_bags_warning_is_true_one_bag_short_costs_the_penalty():
    score = score_game(PART, Rules(), [], ((0, 0), (0, 8)))
    [warning] = [s for s in stakes(score) if s.kind == "bags"]
    after = extend(score, hand((3, 3, 3, 3), (3, 5, 2, 3)))  # Ben & Dev: 2 over
    assert after.hands[-1].sides[1].penalty_points == -warning.extra


def test_no_bag_warning_without_a_penalty():
    score = score_game(PART, Rules(bag_penalty=0), [], ((0, 0), (0, 9)))
    assert [s for s in stakes(score) if s.kind == "bags"] == []


def test_who_may_bid_blind_nil_when_the_rules_restrict_it():
    score = score_game(PART, Rules(blind_nil_trailing_by=100), [], ((300, 0), (150, 0)))
    assert [s for s in stakes(score) if s.kind == "blind_nil"] == [Stake("blind_nil", 1, 150)]
    free = score_game(PART, Rules(), [], ((300, 0), (150, 0)))
    assert [s for s in stakes(free) if s.kind == "blind_nil"] == []


def test_who_may_bid_blind():
    rules = Rules(blind_bid=6, blind_bid_trailing_by=100)
    score = score_game(PART, rules, [], ((100, 0), (250, 0)))
    assert [s for s in stakes(score) if s.kind == "blind_bid"] == [Stake("blind_bid", 0, 6, 150)]


def test_a_set_that_would_set_a_side_out():
    rules = Rules(set_out=2)
    score = score_game(PART, rules, [hand((3, 4, 3, 4), (4, 3, 3, 3))])  # Ben & Dev set
    assert [s for s in stakes(score) if s.kind == "set_out"] == [Stake("set_out", 1, 2)]
    set_again = extend(score, hand((3, 4, 3, 4), (4, 3, 3, 3)))
    assert set_again.status == "finished" and set_again.reason == "set_out"


@pytest.mark.parametrize(("played", "left"), [(1, None), (2, 3), (3, 2), (4, 1)])
def test_the_hand_limit_coming(played, left):
    hands = [hand((3, 3, 3, 3), (3, 4, 3, 3))] * played
    score = score_game(PART, Rules(hand_limit=5), hands)
    found = [s for s in stakes(score) if s.kind == "hand_limit"]
    assert found == ([] if left is None else [Stake("hand_limit", None, left, 5)])


def test_past_the_hand_limit_with_the_lead_shared():
    score = score_game(
        PART, Rules(hand_limit=1), [hand((3, 3, 3, 3), (4, 3, 3, 3))], ((0, 0), (1, 0))
    )
    assert score.tied and score.totals == (61, 61)
    assert [s for s in stakes(score) if s.kind == "hand_limit"] == [Stake("hand_limit", None, 0, 1)]


def test_the_stakes_asked_again_without_the_pending_hand_are_those_it_was_bid_on():
    """The tricks step asks again for what was at stake when its hand was bid, from a
    score made anew without that hand: the answer is the one given before the bids."""
    from scorepad.core.scoring import without_pending

    before = score_game(PART, Rules(), [], ((437, 0), (301, 0)))
    first = stakes(before)
    assert [s.amount for s in first if s.kind == "need"] == [7]  # 437 + 70 reaches 500
    bid = extend(before, Hand((3, 4, 3, 4)))
    assert bid.pending is not None and stakes(bid) == []
    assert stakes(without_pending(bid)) == first


def test_who_may_bid_blind_is_read_from_the_next_hand():
    """One source for who may bid blind: the stakes say what the score's next hand says
    (the bids step offers blind nil from the same value), not a second working-out."""
    from dataclasses import replace

    rules = Rules(blind_nil_trailing_by=100, blind_bid=6, blind_bid_trailing_by=100)
    score = score_game(PART, rules, [], ((300, 0), (150, 0)))
    assert score.next_hand.blind_nil == (False, True) == score.next_hand.blind_contract
    kinds = [(s.kind, s.side) for s in stakes(score) if s.kind.startswith("blind")]
    assert kinds == [("blind_nil", 1), ("blind_bid", 1)]
    # Another next hand for the same totals: the stakes follow it.
    other = score_game(PART, rules, [], ((300, 0), (150, 0)))
    other.__dict__["next_hand"] = replace(
        other.next_hand, blind_nil=(True, False), blind_contract=(True, True)
    )
    moved = [(s.kind, s.side) for s in stakes(other) if s.kind.startswith("blind")]
    assert moved == [("blind_nil", 0), ("blind_bid", 0), ("blind_bid", 1)]
