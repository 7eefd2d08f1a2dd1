"""House rules: every key of docs/rules.md with its default, and clear refusals.

House rules beyond the defaults and hand extras: every worked example and refusal of
RULES.md."""

from __future__ import annotations

import dataclasses

import pytest

from scorepad.core.errors import GameError
from scorepad.core.game import Game
from scorepad.core.rules import RULE_SPECS, Rules, RulesError, validate_rules
from scorepad.core.scoring import extend, score_game
from scorepad.files import event as eventfile
from tests.data import BLIND, WORKED, N, h
from tests.event_files import changed
from tests.helpers import partnership

RULES_MD_DEFAULTS = {
    "target": 500,
    "nil": True,
    "blind_nil": True,
    "blind_nil_trailing_by": 0,
    "double_nil": True,
    "nil_value": 100,
    "nil_tricks": "bags",
    "bag_limit": 10,
    "bag_penalty": 100,
    "bag_remainder": "carry",
    "bag_points": 1,
    "missed_contract": "minus",
    "ten_for_two_hundred": False,
    "min_side_bid": 0,
    "suicide": False,
    "loss_threshold": None,
    "bidding": "open",
    "deck": "standard",
    "zero_bid": "nil",
    "blind_bid": 0,
    "blind_bid_trailing_by": 100,
    "boston": "off",
    "boston_bonus": 500,
    "set_out": 0,
    "set_out_count": "in_a_row",
    "hand_limit": 0,
    "tie_break": "play_on",
    "renege_tricks": 3,
    "first_hand": "bid",
    "blind_bid_doubles": "always",
    "min_table_bid": 0,
}


def test_every_key_of_rules_md_with_its_default():
    assert validate_rules({}).as_dict() == RULES_MD_DEFAULTS
    assert list(Rules().as_dict()) == list(RULES_MD_DEFAULTS)


def test_specs_and_fields_agree():
    assert tuple(s.key for s in RULE_SPECS) == tuple(f.name for f in dataclasses.fields(Rules))
    assert {s.key: s.default for s in RULE_SPECS} == RULES_MD_DEFAULTS


def test_values_are_kept():
    rules = validate_rules(
        {
            "target": 250,
            "nil_tricks": "partner",
            "loss_threshold": -200,
            "ten_for_two_hundred": True,
        }
    )
    assert (rules.target, rules.nil_tricks, rules.loss_threshold, rules.ten_for_two_hundred) == (
        250,
        "partner",
        -200,
        True,
    )


@pytest.mark.parametrize(
    "mapping,message",
    [
        ({"jokers": True}, r"rules\.jokers: is not a house rule"),
        ({"target": "500"}, r"rules\.target: must be a whole number, not '500'"),
        ({"target": 500.0}, r"rules\.target: must be a whole number"),
        ({"target": True}, r"rules\.target: must be a whole number, not True"),
        ({"target": 49}, r"rules\.target: must be from 50 to 2000, not 49"),
        ({"target": 2001}, r"rules\.target: must be from 50 to 2000, not 2001"),
        ({"nil": 1}, r"rules\.nil: must be true or false, not 1"),
        ({"nil_tricks": "partners"}, r"rules\.nil_tricks: must be one of bags, partner, none"),
        ({"bag_remainder": None}, r"rules\.bag_remainder: must be one of carry, drop"),
        ({"loss_threshold": 0}, r"rules\.loss_threshold: must be from -2000 to -1, not 0"),
        ({"loss_threshold": "none"}, r"rules\.loss_threshold: must be a whole number or null"),
        ({"bag_limit": -1}, r"rules\.bag_limit: must be from 0 to 100"),
        ({"suicide": True}, r"rules\.suicide: is played in partnership games only"),
    ],
)
def test_refusals_name_the_key(mapping, message):
    with pytest.raises(RulesError, match=message):
        validate_rules(mapping, mode="cutthroat")


def test_rules_error_is_the_domain_error():
    with pytest.raises(GameError, match=r"rules\.target: must be from 50 to 2000, not 1"):
        validate_rules({"target": 1})


def test_rules_must_be_a_mapping():
    with pytest.raises(GameError, match="must be an object of house rules"):
        validate_rules([("target", 300)])  # type: ignore[arg-type]


def rules(**changes) -> Rules:
    return validate_rules(changes)


@pytest.mark.parametrize(
    "case,changes,played,side0,side1,winner", WORKED, ids=[row[0] for row in WORKED]
)
def test_worked_examples(case, changes, played, side0, side1, winner):
    score = score_game(partnership(), rules(**changes), [played])
    assert [(s.points, s.bags) for s in score.hands[0].sides] == [side0, side1]
    assert [s.total for s in score.sides] == [side0[0], side1[0]]
    assert score.winner == winner
    assert score.status == ("finished" if winner is not None else "playing")


def test_boston_win_is_not_a_boston_without_every_trick():
    score = score_game(partnership(), rules(boston="win"), [h([7, N, 5, N], [7, 0, 6, 0])])
    assert score.status == "playing" and score.hands[0].sides[0].points == 121


def test_boston_in_three_handed_cutthroat_needs_17():
    from scorepad.core.records import make_table

    table = make_table("cutthroat", ["A", "B", "C"])
    score = score_game(table, rules(boston="win"), [h([17, N, N], [17, 0, 0])])
    assert (score.status, score.winner) == ("finished", 0)


def test_zero_bid_nil_reads_zero_as_nil_by_default():
    score = score_game(partnership(), Rules(), [h([0, 4, 3, 4], [0, 4, 5, 4])])
    assert score.hands[0].bids[0] == N and score.hands[0].sides[0].points == 100 + 32


def test_zero_bid_bid_allows_zero_with_nil_off():
    score = score_game(
        partnership(), rules(zero_bid="bid", nil=False), [h([0, 4, 3, 4], [2, 4, 3, 4])]
    )
    assert score.hands[0].bids[0] == 0 and score.totals == (32, 80)


HAND_REFUSALS = [
    ({}, h([3, 3, 3, 3], [4, 3, 3, 3], blind=(0,)), "blind", "blind bids are off"),
    (
        BLIND,
        h([3, 3, 2, 3], [4, 3, 3, 3], blind=(0,)),
        "blind",
        "Alice & Cara bid 5 blind; a blind bid is at least 6",
    ),
    (
        {"blind_bid": 6},
        h([3, 3, 3, 3], [4, 3, 3, 3], blind=(0,)),
        "blind",
        "Alice & Cara may bid blind only when trailing by 100 or more",
    ),
    (BLIND, h([3, 3, 3, 3], [4, 3, 3, 3], blind=(2,)), "blind", "side numbers from 0 to 1"),
    (BLIND, h([3, 3, 3, 3], [4, 3, 3, 3], blind=(0, 0)), "blind", "names a side twice"),
    (BLIND, h([3, 3, 3, 3], [4, 3, 3, 3], blind=(True,)), "blind", "side numbers"),
    ({}, h([3, 3, 3, 3], [4, 3, 3, 3], dealer=4), "dealer", "a seat from 0 to 3, not 4"),
    ({}, h([3, 3, 3, 3], [4, 3, 3, 3], dealer=-1), "dealer", "a seat from 0 to 3"),
    ({}, h([3, 3, 3, 3], [4, 3, 3, 3], dealer=True), "dealer", "a seat from 0 to 3"),
    (
        {},
        h([3, 3, 3, 3], [4, 3, 3, 3], adjust=(1001, 0)),
        "adjust",
        "Alice & Cara's adjustment must be a whole number from -1000 to 1000, not 1001",
    ),
    ({}, h([3, 3, 3, 3], [4, 3, 3, 3], adjust=(0, -1001)), "adjust", "Ben & Dev's"),
    ({}, h([3, 3, 3, 3], [4, 3, 3, 3], adjust=(0, 1.5)), "adjust", "not 1.5"),
    ({}, h([3, 3, 3, 3], [4, 3, 3, 3], adjust=(0,)), "adjust", "for each of the 2 sides"),
    ({}, h([3, 3, 3, 3], adjust=(10, 0)), "adjust", "only a played hand can be adjusted"),
    (
        {},
        h([3, 3, 3, 3], [4, 3, 3, 3], adjust=(10, 0), note="x" * 201),
        "note",
        "at most 200 characters",
    ),
    ({"zero_bid": "bid"}, h([-1, 4, 3, 4], [2, 4, 3, 4]), "bids", "0 to 13, not -1"),
]


@pytest.mark.parametrize("changes,played,field,message", HAND_REFUSALS)
def test_hand_refusals_name_the_hand_and_field(changes, played, field, message):
    with pytest.raises(GameError, match=message) as caught:
        score_game(partnership(), rules(**changes), [played])
    assert caught.value.field == field and caught.value.hand == 1
    assert str(caught.value).startswith(f"hand 1: {field}")


def test_blind_contract_when_far_enough_behind():
    hands = [
        h([3, 3, 3, 3], [4, 3, 3, 3], adjust=(0, 101)),
        h([3, 3, 3, 3], [3, 3, 3, 4], blind=(0,)),
    ]
    score = score_game(partnership(), rules(blind_bid=6), hands)
    assert score.hands[1].sides[0].points == 120 and score.hands[1].blind == (0,)
    assert score.next_hand.blind_contract == (False, False)  # 61 + 120 vs 160 + 61


def test_a_note_alone_is_kept():
    score = score_game(partnership(), Rules(), [h([3, 3, 3, 3], [4, 3, 3, 3], note="late")])
    assert score.hands[0].note == "late" and score.totals == (61, 60)


def test_dealer_moves_every_later_deal_and_the_leader():
    hands = [
        h([3, 3, 3, 3], [4, 3, 3, 3]),
        h([3, 3, 3, 3], [4, 3, 3, 3], dealer=3),
        h([3, 3, 3, 3], [4, 3, 3, 3]),
        h([3, 3, 3, 3]),
    ]
    score = score_game(partnership(), Rules(), hands)
    assert [s.dealer for s in score.hands] == [0, 3, 0, 1]
    assert [s.leader for s in score.hands] == [1, 0, 1, 2]
    assert [s.dealt_out_of_turn for s in score.hands] == [False, True, False, False]
    assert (score.next_dealer, score.next_hand.leader) == (1, 2)
    score = score_game(partnership(), Rules(), hands[:3])
    assert (score.next_dealer, score.next_hand.leader) == (1, 2)


@pytest.mark.parametrize(
    "mapping,message",
    [
        ({"zero_bid": "zero"}, r"rules\.zero_bid: must be one of nil, bid"),
        ({"blind_bid": -1}, r"rules\.blind_bid: must be from 0"),
        ({"blind_bid_trailing_by": 2001}, r"rules\.blind_bid_trailing_by: must be from 0 to 2000"),
        ({"boston": True}, r"rules\.boston: must be one of off, win, bonus"),
        ({"boston_bonus": 49}, r"rules\.boston_bonus: must be from 50 to 2000, not 49"),
        ({"boston_bonus": 2001}, r"rules\.boston_bonus: must be from 50 to 2000"),
        ({"set_out": 1}, r"rules\.set_out: must be 0 \(off\) or from 2"),
        ({"set_out": -2}, r"rules\.set_out: must be from 0"),
        ({"hand_limit": -1}, r"rules\.hand_limit: must be from 0"),
        ({"hand_limit": "10"}, r"rules\.hand_limit: must be a whole number"),
    ],
)
def test_new_rule_refusals(mapping, message):
    with pytest.raises(RulesError, match=message):
        validate_rules(mapping)


def test_set_out_is_for_partnerships_only():
    with pytest.raises(RulesError, match=r"rules\.set_out: is played in partnership games only"):
        validate_rules({"set_out": 2}, mode="cutthroat")
    assert validate_rules({"set_out": 0}, mode="cutthroat").set_out == 0
    assert validate_rules({"set_out": 3}).set_out == 3


def test_defaults_are_written_once():
    from scorepad.core.rules import RULE_SPECS

    assert {s.key: s.default for s in RULE_SPECS} == {
        f.name: f.default for f in dataclasses.fields(Rules)
    }


SET = h([4, 3, 4, 3], [3, 4, 3, 3])  # side 0 set (7 of 8), side 1 makes 6 with 1 over
MADE = h([3, 3, 3, 3], [4, 3, 3, 3])


def test_set_out_after_n_sets_in_a_row():
    score = score_game(partnership(), rules(set_out=2, target=2000), [SET, SET])
    assert (score.status, score.winner, score.reason) == ("finished", 1, "set_out")


def test_set_out_count_starts_again_after_a_made_hand_or_a_zero_contract():
    double_nil = h([N, 3, N, 3], [0, 6, 0, 7])
    for between in (MADE, double_nil):
        score = score_game(partnership(), rules(set_out=2, target=2000), [SET, between, SET])
        assert score.status == "playing", between
        assert score.streaks[0] == 1


def test_set_out_wins_over_the_target_and_a_leader():
    # side 0 leads (start 400 vs 0) but is set twice: side 1 wins at once
    game = Game(partnership(), rules(set_out=2), (SET, SET), start=((400, 0), (0, 0)))
    score = game.score()
    assert score.totals[0] > score.totals[1] and score.winner == 1


BOTH_SET = h([4, 4, 4, 4], [3, 3, 4, 3])  # each side bids 8, side 0 takes 7, side 1 takes 6


def test_both_sides_set_out_on_one_hand_higher_total_wins():
    game = Game(partnership(), rules(set_out=2), (BOTH_SET, BOTH_SET), start=((10, 0), (0, 0)))
    score = game.score()
    assert (score.status, score.winner, score.reason) == ("finished", 0, "set_out")


def test_both_sides_set_out_with_equal_totals_play_on():
    score = score_game(partnership(), rules(set_out=2), [BOTH_SET, BOTH_SET])
    assert score.totals == (-160, -160)
    assert (score.status, score.winner) == ("playing", None)


def test_boston_win_comes_before_set_out():
    boston = h([7, N, 6, N], [7, 0, 6, 0])
    side1_set = h([3, 4, 3, 4], [4, 3, 3, 3])
    score = score_game(partnership(), rules(set_out=2, boston="win"), [side1_set, side1_set])
    assert score.winner == 0 and score.reason == "set_out"
    score = score_game(partnership(), rules(set_out=2, boston="win"), [boston])
    assert (score.winner, score.reason) == (0, "boston")
    score = score_game(
        partnership(),
        rules(set_out=2, boston="win"),
        [h([4, 7, 4, N], [1, 7, 5, 0]), h([3, 13, 3, N], [0, 13, 0, 0])],
    )
    assert (score.winner, score.reason) == (1, "boston")  # side 0 set twice on that hand


def test_hand_limit_ends_with_a_single_leader_and_a_tie_plays_on():
    score = score_game(partnership(), rules(hand_limit=2), [MADE, MADE])
    assert (score.status, score.winner, score.reason) == ("finished", 0, "hand_limit")
    tie = h([3, 3, 3, 3], [3, 4, 3, 3])
    score = score_game(partnership(), rules(hand_limit=2), [MADE, tie])
    assert (score.status, score.tied, score.reason) == ("playing", True, "hand_limit")
    score = extend(score, MADE)
    assert (score.status, score.winner) == ("finished", 0)


def test_target_tie_plays_on_then_a_single_leader_wins():
    start = ((439, 0), (440, 0))
    score = Game(partnership(), Rules(), (MADE,), start=start).score()
    assert score.totals == (500, 500) and (score.status, score.tied) == ("playing", True)
    score = extend(score, MADE)
    assert (score.status, score.winner, score.reason) == ("finished", 0, "target")


def test_loss_threshold_ends_the_game():
    score = Game(
        partnership(), rules(loss_threshold=-200), (SET,), start=((-150, 0), (0, 0))
    ).score()
    assert (score.status, score.winner, score.reason) == ("finished", 1, "loss")


def test_nil_results_name_the_real_seat():
    score = score_game(partnership(), Rules(), [h([4, 3, 4, N], [4, 4, 4, 1])])
    (nil,) = score.hands[0].sides[1].nils
    assert (nil.seat, nil.made, nil.points) == (3, False, -100)
    assert score.hands[0].contracts == (8, 3)


def test_a_pending_hand_knows_each_sides_contract_and_blind():
    score = score_game(partnership(), rules(**BLIND), [h([3, 4, 3, N], blind=(0,))])
    assert score.pending.contracts == (6, 4) and score.pending.blind == (0,)
    assert score.next_hand.blind_contract == (True, True)


def test_no_house_rules_given_are_the_default_ones():
    assert validate_rules(None) == Rules() == validate_rules({})
    # an event file without its "rules" plays the defaults
    assert eventfile.read(changed("pairs", lambda doc: doc.pop("rules"))).rules == Rules()
