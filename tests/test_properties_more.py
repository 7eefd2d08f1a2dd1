"""Property tests of blind contracts, games ended early, a dealer out of turn."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, reject, settings
from hypothesis import strategies as st

from scorepad.core.errors import GameError
from scorepad.core.rules import validate_rules
from scorepad.core.scoring import Hand, extend, score_game
from tests.helpers import partnership

RULES = st.fixed_dictionaries(
    {"blind_bid": st.integers(1, 13), "blind_bid_trailing_by": st.just(0)},
    optional={
        "nil_tricks": st.sampled_from(["bags", "partner", "none"]),
        "bag_limit": st.sampled_from([0, 5, 10]),
        "bag_points": st.integers(0, 3),
        "missed_contract": st.sampled_from(["minus", "zero"]),
        "ten_for_two_hundred": st.booleans(),
        "boston": st.sampled_from(["off", "bonus"]),
        "zero_bid": st.sampled_from(["nil", "bid"]),
        "target": st.just(2000),
    },
)


@st.composite
def played_hands(draw) -> Hand:
    bids = draw(
        st.lists(st.integers(0, 13) | st.sampled_from(["nil", "blind_nil"]), min_size=4, max_size=4)
    )
    cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
    edges = [0, *cuts, 13]
    return Hand(tuple(bids), tuple(b - a for a, b in zip(edges, edges[1:])))


def _base(result, bag_points: int) -> int:
    return result.contract_points - result.overtricks * bag_points


@settings(max_examples=150, deadline=None)
@given(RULES, played_hands(), st.integers(0, 1), st.data())
def test_a_blind_contract_doubles_its_contract_points_and_nothing_else(changes, hand, side, data):
    contract = sum(bid for bid in hand.bids[side::2] if isinstance(bid, int))
    if contract == 0:  # a side of nil bidders has no contract to bid blind: give it one
        contract = data.draw(st.integers(1, 13), label="contract")
        hand = dataclasses.replace(
            hand,
            bids=tuple(contract if seat == side else bid for seat, bid in enumerate(hand.bids)),
        )
    # blind bids allowed from at most this side's contract, so the blind hand is legal
    smallest = data.draw(st.integers(1, min(contract, 17)), label="blind_bid")
    rules = validate_rules({**changes, "blind_bid": smallest})
    plain = score_game(partnership(), rules, [hand])
    blind = score_game(partnership(), rules, [dataclasses.replace(hand, blind=(side,))])
    before, after = plain.hands[0].sides, blind.hands[0].sides
    assert after[1 - side] == before[1 - side]
    mine, was = after[side], before[side]
    assert _base(mine, rules.bag_points) == 2 * _base(was, rules.bag_points)
    assert mine.points - was.points == mine.contract_points - was.contract_points
    assert (
        dataclasses.replace(
            mine,
            contract_points=was.contract_points,
            points=was.points,
            total=was.total,
            blind=False,
        )
        == was
    )


@settings(max_examples=60, deadline=None)
@given(st.lists(played_hands(), min_size=1, max_size=8), played_hands())
def test_a_game_ended_early_is_never_played_further(hands, further):
    rules = validate_rules({"target": 2000})
    try:
        score = score_game(partnership(), rules, hands, ended=True)
    except GameError:
        reject()  # a hand after the game was won: not a game to end early
    assert score.status == "finished" and score.ended
    leaders = [i for i, t in enumerate(score.totals) if t == max(score.totals)]
    assert score.winner == (leaders[0] if len(leaders) == 1 else None)
    for hand in (further, Hand(further.bids)):
        with pytest.raises(GameError, match="ended by the table"):
            extend(score, hand)


@settings(max_examples=60, deadline=None)
@given(st.lists(played_hands(), min_size=1, max_size=8), st.data())
def test_a_dealer_change_moves_every_later_deal(hands, data):
    rules = validate_rules({"target": 2000, "nil": True})
    try:
        plain = score_game(partnership(), rules, hands)
    except GameError:
        reject()  # a hand after the game was won
    at = data.draw(st.integers(0, len(plain.hands) - 1))
    seat = data.draw(st.integers(0, 3))
    moved = list(hands)
    moved[at] = dataclasses.replace(moved[at], dealer=seat)
    score = score_game(partnership(), rules, moved)
    dealers = [h.dealer for h in score.hands]
    assert dealers[:at] == [h.dealer for h in plain.hands[:at]]
    assert dealers[at:] == [(seat + k) % 4 for k in range(len(dealers) - at)]
    assert [h.leader for h in score.hands] == [(d + 1) % 4 for d in dealers]
    assert score.next_dealer == (seat + len(dealers) - at) % 4
    assert [h.sides for h in score.hands] == [h.sides for h in plain.hands]
