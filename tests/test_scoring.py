"""RULES.md's worked examples and every house rule, table-driven."""

from __future__ import annotations

import dataclasses

import pytest

from scorepad.core.errors import GameError
from scorepad.core.hand import score_side
from scorepad.core.records import Hand, Table
from scorepad.core.rules import Rules
from scorepad.core.scoring import play, score_game, without_pending
from tests.helpers import DEFAULT, hand, partnership

N, B = "nil", "blind_nil"


def test_worked_example_two_hands():
    score = score_game(
        partnership(),
        Rules(),
        [
            hand([4, 5, 3, N], [5, 5, 3, 0]),
            hand([3, 2, 3, 2], [5, 2, 4, 2]),
        ],
    )
    got = [[(s.points, s.total, s.bags) for s in h.sides] for h in score.hands]
    assert got == [[(71, 71, 1), (150, 150, 0)], [(63, 134, 4), (40, 190, 0)]]
    assert [(s.total, s.bags) for s in score.sides] == [(134, 4), (190, 0)]
    assert [h.dealer for h in score.hands] == [0, 1]
    assert score.status == "playing" and score.winner is None


SINGLE_HANDS = [
    # case, rules changes, bids, tricks, (side 0 points, bags), (side 1 points, bags)
    ("nil made beside contract missed", {}, [N, 3, 7, 3], [0, 4, 6, 3], (30, 0), (61, 1)),
    ("nil broken beside contract missed", {}, [N, 3, 7, 3], [1, 4, 5, 3], (-169, 1), (61, 1)),
    (
        "same, nil_tricks none",
        {"nil_tricks": "none"},
        [N, 3, 7, 3],
        [1, 4, 5, 3],
        (-170, 0),
        (61, 1),
    ),
    ("bid 6 took 8", {}, [3, 3, 3, 4], [4, 2, 4, 3], (62, 2), (-70, 0)),
    ("bid 6 took 5", {}, [3, 4, 3, 3], [3, 5, 2, 3], (-60, 0), (71, 1)),
    ("blind nil made", {}, [4, B, 4, 5], [4, 0, 4, 5], (80, 0), (250, 0)),
    ("blind nil broken", {}, [4, B, 4, 5], [4, 2, 2, 5], (-80, 0), (-148, 2)),
    ("double nil, one broken", {}, [N, 5, N, 5], [0, 5, 3, 5], (3, 3), (100, 0)),
    # house rules, one case or more each
    (
        "nil_tricks partner: N + 2, tricks 1 + 1",
        {"nil_tricks": "partner"},
        [N, 5, 2, 5],
        [1, 5, 1, 6],
        (-80, 0),
        (101, 1),
    ),
    (
        "nil_tricks partner, double nil scores bags",
        {"nil_tricks": "partner"},
        [N, 5, N, 5],
        [0, 5, 3, 5],
        (3, 3),
        (100, 0),
    ),
    (
        "nil_tricks partner, overtricks are bags",
        {"nil_tricks": "partner"},
        [N, 5, 2, 4],
        [2, 4, 2, 5],
        (-100 + 22, 2),
        (90, 0),
    ),
    ("nil_value 50", {"nil_value": 50}, [N, 4, 6, 3], [0, 4, 6, 3], (110, 0), (70, 0)),
    (
        "nil_value 50, blind nil doubles it",
        {"nil_value": 50},
        [4, B, 4, 5],
        [4, 0, 4, 5],
        (80, 0),
        (150, 0),
    ),
    ("bag_points 0", {"bag_points": 0}, [3, 3, 3, 4], [4, 2, 4, 3], (60, 2), (-70, 0)),
    (
        "bag_points 0, nil tricks add bags only",
        {"bag_points": 0},
        [N, 3, 7, 3],
        [1, 4, 5, 3],
        (-170, 1),
        (60, 1),
    ),
    (
        "missed_contract zero",
        {"missed_contract": "zero"},
        [3, 4, 3, 3],
        [3, 5, 2, 3],
        (0, 0),
        (71, 1),
    ),
    (
        "ten_for_two_hundred made: bid 10 took 11",
        {"ten_for_two_hundred": True},
        [5, 1, 5, 1],
        [6, 1, 5, 1],
        (201, 1),
        (20, 0),
    ),
    (
        "ten_for_two_hundred missed",
        {"ten_for_two_hundred": True},
        [5, 1, 5, 1],
        [4, 2, 5, 2],
        (-200, 0),
        (22, 2),
    ),
    (
        "ten_for_two_hundred leaves 9 alone",
        {"ten_for_two_hundred": True},
        [5, 2, 4, 2],
        [5, 2, 4, 2],
        (90, 0),
        (40, 0),
    ),
    # RULES.md: a missed 10+ still loses 200 under ten_for_two_hundred, whatever
    # missed_contract says; a smaller missed contract scores 0.
    (
        "ten_for_two_hundred with missed_contract zero",
        {"ten_for_two_hundred": True, "missed_contract": "zero"},
        [5, 1, 5, 1],
        [4, 2, 5, 2],
        (-200, 0),
        (22, 2),
    ),
    (
        "ten_for_two_hundred, missed_contract zero, missed 9",
        {"ten_for_two_hundred": True, "missed_contract": "zero"},
        [5, 2, 4, 2],
        [4, 3, 4, 2],
        (0, 0),
        (41, 1),
    ),
    (
        "bag_limit 5, penalty 50",
        {"bag_limit": 5, "bag_penalty": 50},
        [2, 2, 2, 2],
        [5, 1, 4, 3],
        (40 + 5 - 50, 0),
        (40, 0),
    ),
    (
        "bag_limit 0: no penalty, bags still counted",
        {"bag_limit": 0},
        [1, 1, 1, N],
        [7, 1, 5, 0],
        (30, 10),
        (110, 0),
    ),
    (
        "mirror and jokers change nothing",
        {"bidding": "mirror", "deck": "jokers"},
        [4, 5, 3, N],
        [5, 5, 3, 0],
        (71, 1),
        (150, 0),
    ),
]


@pytest.mark.parametrize(
    "case,changes,bids,tricks,side0,side1", SINGLE_HANDS, ids=[row[0] for row in SINGLE_HANDS]
)
def test_single_hand(case, changes, bids, tricks, side0, side1):
    rules = dataclasses.replace(DEFAULT, **changes)
    score = score_game(partnership(), rules, [hand(bids, tricks)])
    got = [(s.points, s.bags) for s in score.hands[0].sides]
    assert got == [side0, side1]


ROLLOVER = [
    # rules changes, bags before, bid, took, (points, bags after, penalties)
    ({}, 9, 5, 7, (-48, 1, 1)),  # RULES.md: 50 + 2 - 100, 1 bag left
    ({}, 9, 1, 13, (22 - 200, 1, 2)),  # 9 + 12 = 21 passes 10 twice
    ({}, 8, 5, 7, (52 - 100, 0, 1)),  # exactly 10: one penalty, nothing left
    ({}, 0, 5, 13, (58, 8, 0)),
    ({"bag_remainder": "drop"}, 9, 5, 7, (-48, 0, 1)),
    ({"bag_remainder": "drop"}, 9, 1, 13, (-78, 0, 1)),
    ({"bag_limit": 5, "bag_penalty": 50}, 4, 5, 7, (2, 1, 1)),
    ({"bag_limit": 7, "bag_penalty": 110}, 6, 5, 7, (-58, 1, 1)),
    ({"bag_limit": 0}, 9, 5, 7, (52, 11, 0)),
]


@pytest.mark.parametrize("changes,before,bid,took,expected", ROLLOVER)
def test_bag_rollover(changes, before, bid, took, expected):
    rules = dataclasses.replace(DEFAULT, **changes)
    side = score_side(rules, [bid], [took], total_before=0, bags_before=before)
    assert (side.points, side.bags, side.penalties) == expected
    assert side.penalty_points == -side.penalties * rules.bag_penalty


def test_rollover_across_hands_keeps_remainder():
    # Side 0 collects 3 bags a hand: 3, 6, 9, then 12 -> penalty and 2 left.
    hands = [hand([2, 2, 2, 2], [4, 2, 3, 4])] * 4
    score = score_game(partnership(), DEFAULT, hands)
    assert [h.sides[0].bags for h in score.hands] == [3, 6, 9, 2]
    assert [h.sides[0].points for h in score.hands] == [43, 43, 43, 43 - 100]
    assert [h.sides[1].bags for h in score.hands] == [2, 4, 6, 8]


def test_cutthroat_three_players_seventeen_tricks():
    table = Table("cutthroat", ("Ana", "Bo", "Cy"), 2)
    score = score_game(table, DEFAULT, [hand([5, N, 10], [6, 0, 11])])
    assert [(s.points, s.bags) for s in score.hands[0].sides] == [(51, 1), (100, 0), (101, 1)]
    assert score.hands[0].dealer == 2 and score.hands[0].leader == 0
    assert [s.name for s in score.sides] == ["Ana", "Bo", "Cy"]


def test_cutthroat_sides_keep_their_own_bags():
    table = Table("cutthroat", ("Ana", "Bo", "Cy", "Di"))
    score = score_game(table, DEFAULT, [hand([3, 3, 3, 1], [5, 3, 3, 2])] * 3)
    assert [s.bags for s in score.sides] == [6, 0, 0, 3]


def test_two_handed_cutthroat():
    table = Table("cutthroat", ("Ana", "Bo"), 1)
    score = score_game(table, DEFAULT, [hand([6, 7], [6, 7]), hand([N, 9], [0, 13])])
    assert [s.total for s in score.sides] == [160, 164]
    assert [h.dealer for h in score.hands] == [1, 0]


def test_dealer_passes_clockwise_from_first_dealer():
    score = score_game(partnership(first_dealer=3), DEFAULT, [hand([3, 3, 3, 4], [3, 3, 3, 4])] * 5)
    assert [(h.dealer, h.leader) for h in score.hands] == [(3, 0), (0, 1), (1, 2), (2, 3), (3, 0)]


def test_target_reached_by_one_side_ends_the_game():
    rules = dataclasses.replace(DEFAULT, target=250)
    score = score_game(partnership(), rules, [hand([6, 6, 6, 1], [7, 1, 5, 0])] * 2)
    assert score.sides[0].total == 240 and score.status == "playing"
    score = score_game(partnership(), rules, [hand([6, 6, 6, 1], [7, 1, 5, 0])] * 3)
    assert (score.status, score.winner, score.tied) == ("finished", 0, False)


def test_both_cross_target_higher_total_wins():
    rules = dataclasses.replace(DEFAULT, target=100)
    score = score_game(partnership(), rules, [hand([3, 3, 3, 4], [3, 3, 3, 4])] * 2)
    assert [s.total for s in score.sides] == [120, 140]
    assert (score.status, score.winner) == ("finished", 1)


def test_tie_for_the_lead_plays_another_hand():
    rules = dataclasses.replace(DEFAULT, target=100)
    tie = hand([3, 3, 3, 3], [3, 4, 3, 3])  # 60 each, side 1 gets a bag
    score = score_game(partnership(), rules, [hand([3, 3, 3, 3], [4, 3, 3, 3]), tie])
    assert [s.total for s in score.sides] == [121, 121]
    assert (score.status, score.winner, score.tied) == ("playing", None, True)
    score = score_game(
        partnership(),
        rules,
        [hand([3, 3, 3, 3], [4, 3, 3, 3]), tie, hand([3, 3, 3, 3], [4, 3, 3, 3])],
    )
    assert (score.status, score.winner, score.tied) == ("finished", 0, False)


def test_loss_threshold_ends_the_game():
    rules = dataclasses.replace(DEFAULT, loss_threshold=-100)
    score = score_game(partnership(), rules, [hand([6, 3, 6, 3], [5, 4, 0, 4])])
    assert [s.total for s in score.sides] == [-120, 62]
    assert (score.status, score.winner) == ("finished", 1)


def test_no_loss_threshold_by_default():
    score = score_game(partnership(), DEFAULT, [hand([6, 3, 6, 3], [5, 4, 0, 4])] * 3)
    assert score.status == "playing" and score.sides[0].total == -360


def test_unplayed_last_hand_is_kept_unscored():
    score = score_game(
        partnership(), DEFAULT, [hand([4, 5, 3, N], [5, 5, 3, 0]), hand([2, B, 4, 6])]
    )
    assert score.pending is not None and score.pending.sides is None
    assert score.next_number == 2 and score.pending.dealer == 1


@pytest.mark.parametrize(
    "trailing_by,totals_after_1,allowed",
    [
        (0, None, (True, True)),
        (100, (71, 150), (False, False)),  # 79 behind is not enough
        (50, (71, 150), (True, False)),
    ],
)
def test_blind_nil_eligibility(trailing_by, totals_after_1, allowed):
    rules = dataclasses.replace(DEFAULT, blind_nil_trailing_by=trailing_by)
    hands = [hand([4, 5, 3, N], [5, 5, 3, 0])] if totals_after_1 else []
    score = score_game(partnership(), rules, hands)
    assert score.next_hand.blind_nil == allowed


REFUSALS = [
    # rules changes, hands, message
    ({}, [hand([4, 5, 3, 14], [5, 5, 3, 0])], r"hand 1: bids: Dev's bid must be .* not 14"),
    ({}, [hand([4, 5, 3, -1], [5, 5, 3, 0])], r"hand 1: bids: Dev's bid .* not -1"),
    ({}, [hand([4, 5, 3, 2.5], [5, 5, 3, 0])], r"hand 1: bids: Dev's bid .* not 2.5"),
    ({}, [hand([4, 5, 3, True], [5, 5, 3, 0])], r"hand 1: bids: Dev's bid .* not True"),
    ({}, [hand([4, 5, 3, "zero"], [5, 5, 3, 0])], r"hand 1: bids: Dev's bid"),
    ({}, [hand([4, 5, 3], [5, 5, 3, 0])], r"hand 1: bids: expected one bid for each of the 4"),
    ({}, [hand([4, 5, 3, 1], [5, 5, 3, -1])], r"hand 1: tricks: Dev's tricks must be a whole"),
    ({}, [hand([4, 5, 3, 1], [5, 5, 3, 0.5])], r"hand 1: tricks: Dev's tricks"),
    ({}, [hand([4, 5, 3, 1], [5, 5, 3])], r"hand 1: tricks: expected one count"),
    (
        {},
        [
            hand([3, 3, 3, 3], [3, 3, 3, 3]),
            hand([3, 3, 3, 3], [3, 3, 3, 3]),
            hand([3, 3, 3, 3], [3, 3, 3, 3]),
        ],
        r"^hand 1: tricks add up to 12, expected 13$",
    ),
    ({}, [hand([3, 3, 3, 3], [4, 3, 3, 4])], r"hand 1: tricks add up to 14, expected 13"),
    ({"nil": False}, [hand([N, 3, 3, 3], [0, 4, 5, 4])], r"hand 1: bids: Alice bid nil, but nil"),
    ({"nil": False}, [hand([0, 3, 3, 3], [0, 4, 5, 4])], r"hand 1: bids: Alice bid nil"),
    ({"nil": False}, [hand([B, 3, 3, 3], [0, 4, 5, 4])], r"hand 1: bids: Alice bid nil"),
    (
        {"blind_nil": False},
        [hand([B, 3, 3, 3], [0, 4, 5, 4])],
        r"hand 1: bids: Alice bid blind nil, but blind nil is off",
    ),
    (
        {"blind_nil_trailing_by": 100},
        [hand([B, 3, 3, 3], [0, 4, 5, 4])],
        r"hand 1: bids: Alice may bid blind nil only when trailing by 100",
    ),
    (
        {"double_nil": False},
        [hand([N, 3, B, 3], [0, 4, 0, 9])],
        r"hand 1: bids: Alice & Cara may not both bid nil",
    ),
    (
        {"suicide": True},
        [hand([3, 3, 3, N], [0, 4, 9, 0])],
        r"hand 1: bids: under suicide exactly one of Alice & Cara must bid nil",
    ),
    (
        {"suicide": True},
        [hand([N, 3, N, N], [0, 4, 9, 0])],
        r"hand 1: bids: under suicide exactly one of Alice & Cara",
    ),
    (
        {"suicide": True},
        [hand([N, 3, 3, 4], [0, 4, 9, 0])],
        r"hand 1: bids: under suicide exactly one of Ben & Dev",
    ),
    (
        {"min_side_bid": 4},
        [hand([2, 3, 1, 4], [3, 3, 3, 4])],
        r"hand 1: bids: Alice & Cara bid 3, the least a side may bid is 4",
    ),
    ({"min_side_bid": 4}, [hand([N, 5, N, 4], [0, 6, 0, 7])], r"hand 1: bids: Alice & Cara bid 0"),
    (
        {"target": 100},
        [hand([5, 3, 5, 3], [5, 3, 5, 0]), hand([3, 3, 3, 3], [3, 4, 3, 3])],
        r"hand 2: the game was already over after hand 1",
    ),
    (
        {"target": 100},
        [hand([5, 3, 5, 3], [5, 3, 5, 0]), hand([3, 3, 3, 3])],
        r"hand 2: the game was already over after hand 1",
    ),
    (
        {},
        [hand([3, 3, 3, 3]), hand([3, 3, 3, 3], [4, 3, 3, 3])],
        r"hand 1: tricks: only the last hand may be left unplayed",
    ),
]


@pytest.mark.parametrize("changes,hands,message", REFUSALS)
def test_refusals(changes, hands, message):
    rules = dataclasses.replace(DEFAULT, **changes)
    with pytest.raises(GameError, match=message):
        score_game(partnership(), rules, hands)


def test_refusal_names_the_seat_and_field():
    with pytest.raises(GameError) as caught:
        score_game(partnership(), DEFAULT, [hand([4, 5, 3, 14], [5, 5, 3, 0])])
    assert (caught.value.hand, caught.value.field, caught.value.seat) == (1, "bids", 3)


def test_three_player_tricks_must_add_to_seventeen():
    table = Table("cutthroat", ("Ana", "Bo", "Cy"))
    with pytest.raises(GameError, match="hand 1: tricks add up to 13, expected 17"):
        score_game(table, DEFAULT, [hand([5, 4, 4], [5, 4, 4])])
    with pytest.raises(GameError, match="Cy's bid must be nil, blind_nil or 1 to 17, not 18"):
        score_game(table, DEFAULT, [hand([5, 4, 18], [5, 4, 8])])


def test_blind_nil_allowed_once_trailing():
    rules = dataclasses.replace(DEFAULT, blind_nil_trailing_by=100)
    hands = [hand([6, 6, 6, 1], [7, 1, 5, 0]), hand([3, B, 3, 4], [3, 0, 3, 7])]
    score = score_game(partnership(), rules, hands)
    assert score.hands[1].sides[1].nils[0].points == 200


def test_without_pending_leaves_a_score_with_every_hand_played():
    made = Hand((3, 3, 3, 3), (4, 3, 3, 3))  # 61 / 60
    score = score_game(partnership(), Rules(), (made,))
    assert without_pending(score) is score


@pytest.mark.parametrize("tricks", [(None, None, None), (None,) * 5, (0, None, 3, None, 2)])
def test_tricks_by_side_still_want_an_entry_for_each_seat(tricks):
    counted = Hand((3, 3, 3, 4), tricks, side_tricks=(8, 5))
    with pytest.raises(GameError, match="expected one entry for each of the 4 seats") as refused:
        score_game(partnership(), Rules(), (counted,))
    assert (refused.value.field, refused.value.hand) == ("tricks", 1)


@pytest.mark.parametrize(
    "hand",
    [
        Hand((3, 3, 3, 4), (None,) * 4, side_tricks=(8, 5)),  # counted by side
        Hand((4, "nil", 3, 4), (None, 0, None, None), side_tricks=(7, 6)),  # a nil's own
        Hand((3, 3, 3, 4), (3, 3, 3, 4), dealer=2),  # a dealer out of turn
    ],
)
def test_the_hand_in_play_played_is_the_game_scored_with_it(hand):
    """A save of tricks plays the hand in play as it was bid: the same score as the
    whole game scored with it played (tests/test_properties.py draws the rest)."""
    first = Hand((3, 3, 3, 3), (4, 3, 3, 3))
    bid = Hand(hand.bids, dealer=hand.dealer)
    waiting = score_game(partnership(), Rules(), (first, bid))
    played = play(waiting, hand.tricks, hand.side_tricks)
    assert played == score_game(partnership(), Rules(), (first, hand))
    assert played.hands[-1].side_tricks == hand.side_tricks and played.pending is None


def test_tricks_with_no_hand_bid_and_waiting_are_refused_naming_the_tricks():
    made = Hand((3, 3, 3, 3), (4, 3, 3, 3))
    score = score_game(partnership(), Rules(), (made,))
    with pytest.raises(GameError, match="no hand is bid and waiting") as refused:
        play(score, (4, 3, 3, 3))
    assert refused.value.field == "tricks"
