"""The next hand as core data: who deals and leads, the bidding order, the bids each seat
may make, who may bid blind, which seats count their own tricks."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorepad.core.errors import GameError
from scorepad.core.game import Game, truncate
from scorepad.core.next_hand import next_hand
from scorepad.core.records import Table
from scorepad.core.rules import Rules
from scorepad.core.scoring import extend
from tests.helpers import hand, partnership

CUTTHROAT = {n: Table("cutthroat", ("Alice", "Ben", "Cara", "Dev")[:n]) for n in (2, 3, 4)}
PLAYED = hand([4, 3, 3, 3], [4, 3, 3, 3])


def test_a_new_game_deals_from_the_first_dealer_and_the_next_seat_leads():
    nxt = Game(partnership(2), Rules(), ()).score().next_hand
    assert (nxt.number, nxt.dealer, nxt.leader, nxt.order) == (1, 2, 3, (3, 0, 1, 2))
    assert not nxt.waiting and nxt.own_count == (0, 1, 2, 3)
    with pytest.raises(FrozenInstanceError):
        nxt.dealer = 0  # type: ignore[misc]


@pytest.mark.parametrize(
    ("table", "tricks", "top_bid"),
    [(partnership(), 13, "13"), (CUTTHROAT[3], 17, "17"), (CUTTHROAT[2], 13, "13")],
)
def test_tricks_per_hand_and_the_highest_bid_follow_the_players(table, tricks, top_bid):
    nxt = Game(table, Rules(), ()).score().next_hand
    assert nxt.tricks_per_hand == tricks
    numbers = [value for value, _ in nxt.bids[0] if value.isdigit()]
    assert numbers[0] == "1" and numbers[-1] == top_bid


@pytest.mark.parametrize(
    ("rules", "first", "last"),
    [
        (Rules(), ("1", "1"), ("blind_nil", "Blind nil")),
        (Rules(zero_bid="bid", blind_nil=False), ("0", "0"), ("nil", "Nil")),
        (Rules(nil=False), ("1", "1"), ("13", "13")),
        (Rules(blind_nil_trailing_by=100), ("1", "1"), ("nil", "Nil")),
    ],
)
def test_each_seat_is_offered_the_bids_the_rules_allow_in_order(rules, first, last):
    nxt = Game(partnership(), rules, ()).score().next_hand
    assert nxt.zero_is_a_bid == (rules.zero_bid == "bid")
    assert all(bids[0] == first and bids[-1] == last for bids in nxt.bids)


def test_blind_nil_and_blind_contracts_open_to_the_side_far_enough_behind():
    rules = Rules(blind_nil_trailing_by=100, blind_bid=6, blind_bid_trailing_by=100)
    game = Game(partnership(), rules, (hand([6, 3, 5, 2], [6, 2, 5, 0]),))
    nxt = game.score().next_hand  # side 0 made 110, side 1 was set: -50
    assert nxt.blind_nil == (False, True) and nxt.blind_contract == (False, True)
    assert ("blind_nil", "Blind nil") in nxt.bids[1] and ("blind_nil", "Blind nil") not in nxt.bids[
        0
    ]


def test_a_hand_bid_waits_for_its_tricks_and_its_nil_bidders_count_their_own():
    score = extend(Game(partnership(), Rules(), ()).score(), hand([4, "nil", 5, 3]))
    nxt = score.next_hand
    assert nxt.waiting and nxt.number == 1 and nxt.own_count == (1,)
    assert next_hand(score, score.pending.number) == nxt  # the tricks form reads either


def test_a_recorded_hand_keeps_its_dealer_and_its_nil_bidders():
    game = Game(partnership(1), Rules(), (hand(["blind_nil", 4, 5, 3], [0, 4, 5, 4]), PLAYED))
    fixing = next_hand(game.score(), 1)
    assert (fixing.number, fixing.dealer, fixing.leader) == (1, 1, 2) and not fixing.waiting
    assert fixing.own_count == (0,) and ("blind_nil", "Blind nil") in fixing.bids[0]


def test_the_dealer_chosen_before_the_bids_deals_and_goes_with_the_hand():
    game = replace(Game(partnership(), Rules(), (PLAYED,)), next_dealer=3)
    nxt = game.score().next_hand
    assert (nxt.number, nxt.dealer, nxt.leader) == (2, 3, 0)
    after = extend(game.score(), hand([3, 3, 3, 4]))
    assert after.hands[-1].dealer == 1 and after.chosen_dealer is None  # no hand dealer given
    assert truncate(game, 0).next_dealer is None and truncate(game, 1).next_dealer == 3
    with pytest.raises(GameError) as err:
        replace(game, next_dealer=4)
    assert err.value.field == "next_dealer"


@given(
    players=st.sampled_from([2, 3, 4]),
    first=st.integers(0, 3),
    hands=st.integers(0, 6),
    chosen=st.none() | st.integers(0, 3),
)
def test_the_bidding_order_starts_at_the_leader_and_visits_every_seat_once(
    players, first, hands, chosen
):
    table = replace(CUTTHROAT[players], first_dealer=first % players)
    counts = [table.tricks_per_hand - (players - 1)] + [1] * (players - 1)
    played = tuple(hand(counts, counts) for _ in range(hands))
    game = Game(table, Rules(target=10_000), played)
    if chosen is not None:
        game = replace(game, next_dealer=chosen % players)
    nxt = game.score().next_hand
    assert nxt.order[0] == nxt.leader == (nxt.dealer + 1) % players
    assert sorted(nxt.order) == list(range(players))
    expected = (first + hands) % players if chosen is None else chosen % players
    assert nxt.dealer == expected


@given(dealer=st.integers(0, 3), other=st.integers(0, 3))
def test_a_dealer_change_moves_the_order(dealer, other):
    game = Game(partnership(), Rules(), (PLAYED,))
    one = replace(game, next_dealer=dealer).score().next_hand
    two = replace(game, next_dealer=other).score().next_hand
    assert (one.order == two.order) == (dealer == other)
    shift = (other - dealer) % 4
    assert two.order == one.order[shift:] + one.order[:shift]
