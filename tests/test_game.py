"""A game carried from paper, ended early, fixed after the fact, and scored hand by hand."""

from __future__ import annotations

import pytest

from scorepad.core.errors import GameError
from scorepad.core.game import Game, check_fix, truncate
from scorepad.core.records import Hand
from scorepad.core.rules import Rules, validate_rules
from scorepad.core.scoring import end_early, extend, score_game, start_score, without_pending
from tests.helpers import partnership

N = "nil"
MADE = Hand((3, 3, 3, 3), (4, 3, 3, 3))  # 61 / 60
TIE = Hand((3, 3, 3, 3), (3, 4, 3, 3))  # 60 / 61


DEFAULT = Rules()


def game(*hands: Hand, rules: Rules = DEFAULT, **extra) -> Game:
    return Game(partnership(), rules, tuple(hands), **extra)


def test_start_from_paper_carries_totals_and_bags():
    score = game(MADE, start=((200, 9), (-50, 0))).score()
    assert score.totals == (261 - 100, 10) and score.bags == (0, 0)
    assert score.hands[0].totals_before == (200, -50)
    assert score.hands[0].sides[0].penalties == 1


def test_start_counts_for_blind_nil_eligibility():
    rules = validate_rules({"blind_nil_trailing_by": 100})
    blind = Hand((4, "blind_nil", 4, 5), (4, 0, 4, 5))
    assert game(blind, rules=rules, start=((150, 0), (0, 0))).score().totals == (230, 250)
    with pytest.raises(GameError, match="hand 1: bids: Ben may bid blind nil only"):
        game(blind, rules=rules).score()


@pytest.mark.parametrize(
    "start,message",
    [
        (((500, 0), (0, 0)), "Alice & Cara's total 500 is not short of the target 500"),
        (((0, 0), (10001, 0)), "Ben & Dev's total must be a whole number from -10000 to 10000"),
        (((-10001, 0), (0, 0)), "from -10000 to 10000, not -10001"),
        (((0, 10), (0, 0)), "Alice & Cara's bags must be a whole number from 0 to 9, not 10"),
        (((0, -1), (0, 0)), "bags must be a whole number from 0 to 9, not -1"),
        (((0, 0),), "expected a total and bags for each of the 2 sides"),
        (((0, 0), (True, 0)), "Ben & Dev's total must be a whole number"),
        (((0, 0), (0, 1.0)), "Ben & Dev's bags must be"),
    ],
)
def test_start_refusals(start, message):
    with pytest.raises(GameError, match=message) as caught:
        game(start=start).score()
    assert caught.value.field == "start" and str(caught.value).startswith("start: ")


def test_start_must_be_above_the_loss_threshold():
    rules = validate_rules({"loss_threshold": -200})
    with pytest.raises(GameError, match="total -200 is not above the loss threshold -200"):
        game(rules=rules, start=((-200, 0), (0, 0))).score()
    assert game(rules=rules, start=((-199, 0), (0, 0))).score().totals == (-199, 0)


def test_start_bags_with_a_smaller_bag_limit():
    rules = validate_rules({"bag_limit": 5})
    with pytest.raises(GameError, match="from 0 to 4, not 5"):
        game(rules=rules, start=((0, 5), (0, 0))).score()


def test_ended_early_the_leader_wins():
    score = game(MADE, ended=True).score()
    assert (score.status, score.winner, score.reason, score.ended) == ("finished", 0, "ended", True)
    assert not score.draw


def test_ended_early_with_a_shared_lead_is_a_draw():
    score = game(MADE, TIE, ended=True).score()
    assert score.totals == (121, 121)
    assert (score.status, score.winner, score.draw) == ("finished", None, True)


def test_an_ended_game_takes_no_further_hand():
    score = game(MADE, ended=True).score()
    with pytest.raises(GameError, match="hand 2: the game was ended by the table after hand 1"):
        extend(score, MADE)


@pytest.mark.parametrize(
    "hands,message",
    [
        ((MADE, Hand((3, 3, 3, 3))), "hand 2 was bid but not played"),
        ((), "only after a played hand"),
    ],
)
def test_ending_is_refused(hands, message):
    with pytest.raises(GameError, match=message) as caught:
        game(*hands, ended=True).score()
    assert caught.value.field == "ended"


def test_a_finished_game_cannot_be_ended_again():
    with pytest.raises(GameError, match="ended: the game is already over"):
        game(MADE, start=((450, 0), (0, 0)), ended=True).score()


HANDS = [
    Hand((3, 3, 3, 3), (4, 3, 3, 3)),
    Hand((4, N, 4, 5), (4, 0, 4, 5)),
    Hand((3, 4, 3, 3), (3, 5, 2, 3)),
    Hand((3, 3, 3, 4), (4, 2, 4, 3)),
    Hand((2, 4, 6, N), (2, 4, 7, 0)),
    Hand((3, 3, 3, 3)),
]


def test_extend_hand_by_hand_is_score_game():
    score = start_score(partnership(), Rules())
    for hand in HANDS:
        score = extend(score, hand)
    assert score == score_game(partnership(), Rules(), HANDS)


def test_without_pending_then_the_played_hand_is_the_full_score():
    score = score_game(partnership(), Rules(), HANDS)
    played = Hand((3, 3, 3, 3), (3, 3, 3, 4), dealer=2)
    quick = extend(without_pending(score), played)
    assert quick == score_game(partnership(), Rules(), [*HANDS[:-1], played])
    unplayed_dealer = score_game(
        partnership(), Rules(), [*HANDS[:-1], Hand((3, 3, 3, 3), dealer=2)]
    )
    assert without_pending(unplayed_dealer).deal_from == score.hands[-2].dealer + 1


def test_a_pending_hand_must_be_last():
    score = score_game(partnership(), Rules(), HANDS)
    with pytest.raises(GameError, match="hand 6: tricks: only the last hand may be left"):
        extend(score, MADE)


def test_end_early_refuses_a_finished_score():
    score = end_early(game(MADE).score())
    with pytest.raises(GameError, match="already over"):
        end_early(score)


# Fixes of an earlier hand

BLIND_100 = validate_rules({"blind_nil_trailing_by": 100})


def test_fix_that_breaks_a_later_blind_nil_names_that_hand_and_the_rule():
    # side 1 trails by 122 after hand 2; Ben bids blind nil in hand 3
    hands = (
        Hand((3, 3, 3, 3), (4, 3, 3, 3)),
        Hand((3, 3, 3, 3), (7, 0, 3, 3)),
        Hand((4, "blind_nil", 4, 5), (4, 0, 4, 5)),
    )
    g = Game(partnership(), BLIND_100, hands)
    assert g.score().totals[1] > 0
    with pytest.raises(GameError) as caught:
        check_fix(g, 2, Hand((3, 3, 3, 3), (4, 3, 3, 3)))
    err = caught.value
    assert (err.hand, err.rule, err.field, err.seat) == (3, "blind_nil_trailing_by", "bids", 1)
    assert str(err).startswith(
        "hand 3: bids: after the change to hand 2 this hand breaks blind_nil_trailing_by"
    )


def test_fix_that_breaks_a_later_blind_contract():
    rules = validate_rules({"blind_bid": 6, "blind_bid_trailing_by": 100})
    hands = (
        Hand((3, 3, 3, 3), (4, 3, 3, 3), adjust=(0, 200)),
        Hand((3, 3, 3, 3), (3, 3, 3, 4), blind=(0,)),
    )
    g = Game(partnership(), rules, hands)
    with pytest.raises(GameError, match="hand 2: blind: after the change to hand 1") as caught:
        check_fix(g, 1, Hand((3, 3, 3, 3), (4, 3, 3, 3)))
    assert caught.value.rule == "blind_bid_trailing_by"


def test_fix_after_which_the_game_ends_earlier_lists_the_hands_removed():
    hands = (MADE, MADE, MADE, Hand((3, 3, 3, 3)))
    g = Game(partnership(), Rules(), hands, start=((300, 0), (0, 0)))
    assert g.score().status == "playing"  # 361, 422, 483
    outcome = check_fix(g, 2, Hand((3, 3, 3, 3), (10, 0, 3, 0), adjust=(100, 0)))
    assert outcome.removed == (3, 4)
    assert len(outcome.game.hands) == 2 and outcome.score.status == "finished"
    assert outcome.game.score() == outcome.score
    assert truncate(g, 2).hands == hands[:2]


def test_fix_that_reopens_or_finishes_a_game():
    g = game(MADE, start=((450, 0), (0, 0)))
    assert g.score().status == "finished"
    outcome = check_fix(g, 1, Hand((4, 3, 4, 3), (3, 4, 3, 3)))
    assert outcome.removed == () and outcome.score.status == "playing"
    assert outcome.score.totals == (370, 61)
    assert check_fix(outcome.game, 1, MADE).score.winner == 0


def test_fix_of_an_ended_game_keeps_it_ended_unless_the_rules_end_it():
    g = game(MADE, TIE, ended=True)
    assert check_fix(g, 2, MADE).score.winner == 0
    outcome = check_fix(g, 1, Hand((3, 3, 3, 3), (13, 0, 0, 0), adjust=(500, 0)))
    assert outcome.game.ended is False and outcome.removed == (2,)


def test_fix_of_a_missing_hand_is_refused():
    with pytest.raises(GameError, match="no hand 3"):
        check_fix(game(MADE), 3, MADE)


def test_fix_with_a_bad_hand_names_it():
    with pytest.raises(GameError, match="hand 1: tricks add up to 12"):
        check_fix(game(MADE, MADE), 1, Hand((3, 3, 3, 3), (3, 3, 3, 3)))


MADE = Hand((3, 3, 3, 3), (4, 3, 3, 3))  # 61 / 60


OTHER = Hand((4, 4, 2, 2), (4, 4, 2, 3))  # 60 / 61 on its own


@pytest.mark.parametrize("tricks_by", ["team", "", None])
def test_tricks_are_entered_by_side_or_by_seat(tricks_by):
    with pytest.raises(GameError, match="must be side or seat") as refused:
        Game(partnership(), Rules(), (), tricks_by=tricks_by)
    assert refused.value.field == "tricks_by"


def test_deleting_a_hand_rescores_the_later_ones_and_forgets_the_chosen_dealer():
    before = Game(partnership(), Rules(), (MADE, OTHER), next_dealer=3)
    outcome = check_fix(before, 1, None)
    assert outcome.game.hands == (OTHER,) and outcome.removed == ()
    assert outcome.score.totals == (60, 61)
    # the hand the table chose a dealer for is now hand 2, not 3: the choice goes
    assert outcome.game.next_dealer is None
    # a hand replaced keeps the hands' numbers, and the choice with them
    assert check_fix(before, 1, OTHER).game.next_dealer == 3


def test_a_fix_that_reaches_the_target_undoes_an_early_end():
    rules = validate_rules({"target": 100})
    ended = Game(partnership(), rules, (MADE,), ended=True)
    assert ended.score().reason == "ended"
    outcome = check_fix(ended, 1, Hand((6, 1, 5, 1), (6, 1, 5, 1)))  # 110 / 20
    assert not outcome.game.ended and outcome.removed == ()
    assert outcome.score.reason == "target" and outcome.score.winner == 0
    assert not outcome.score.ended and outcome.score.totals == (110, 20)


@pytest.mark.parametrize(
    ("rules", "hands", "out"),
    [
        # RULES.md, sets counted over the game: side 0 set twice in three hands
        (
            {"set_out": 2, "set_out_count": "in_game"},
            [
                ([4, 4, 4, 4], [3, 3, 3, 4]),
                ([3, 3, 3, 3], [4, 3, 3, 3]),
                ([4, 3, 3, 3], [3, 3, 3, 4]),
            ],
            (0,),
        ),
        ({"loss_threshold": -100}, [([7, 2, 6, 2], [3, 4, 2, 4])], (0,)),
        ({"target": 100}, [([6, 2, 5, 1], [6, 2, 5, 0])], ()),
    ],
    ids=["set out", "losing score", "target"],
)
def test_the_sides_put_out_are_read_from_the_rule_that_ended_the_game(rules, hands, out):
    score = game(*(Hand(bids, tricks) for bids, tricks in hands), rules=validate_rules(rules))
    score = score.score()
    assert score.over and score.out == out
