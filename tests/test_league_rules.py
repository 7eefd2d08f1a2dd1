"""RULES.md "The rules leagues play": first_hand, blind_bid_doubles, min_table_bid and
tie_break = last_bid in the core, every worked example and every interaction it names."""

from __future__ import annotations

import pytest

from scorepad.core.errors import GameError
from scorepad.core.game import Game, check_fix
from scorepad.core.records import Hand, Table
from scorepad.core.rules import validate_rules
from scorepad.core.scoring import end_early, score_game
from scorepad.core.seats import check_seat_bid, side_refusal
from tests.helpers import partnership

N, B = "nil", "blind_nil"
FIRST = {"first_hand": "bids_itself"}
BLIND_MADE = {"blind_bid": 6, "blind_bid_trailing_by": 0, "blind_bid_doubles": "made"}


def itself(tricks, **extra) -> Hand:
    """A hand that bids itself, from its tricks."""
    return Hand(None, None if tricks is None else tuple(tricks), **extra)


def h(bids, tricks=None, **extra) -> Hand:
    return Hand(tuple(bids), None if tricks is None else tuple(tricks), **extra)


def scored(rules: dict, hands: list[Hand], table: Table | None = None, **kw):
    table = table or partnership()
    return score_game(table, validate_rules(rules, table.mode), hands, **kw)


def results(score, number: int = 1) -> list[tuple[int, int]]:
    return [(s.points, s.bags) for s in score.hands[number - 1].sides]


# ------------------------------------------------------------ RULES.md's worked examples


def test_hand_1_bids_itself_then_hand_2_as_usual():
    score = scored(FIRST, [itself([4, 3, 3, 3]), h([3, 3, 3, 3], [4, 3, 3, 3])])
    assert results(score, 1) == [(70, 0), (60, 0)]
    assert results(score, 2) == [(61, 1), (60, 0)]
    assert score.totals == (131, 120) and score.bags == (1, 0)
    assert score.hands[0].bids is None and score.hands[0].bid_itself
    assert [s.contract for s in score.hands[0].sides] == [0, 0]


def test_hand_1_bids_itself_side_1_reneged():
    score = scored(FIRST, [itself([4, 3, 3, 3], renege=(1,))])
    assert results(score) == [(100, 0), (30, 0)]
    assert [s.contract_tricks for s in score.hands[0].sides] == [10, 3]


def test_both_sides_renege_on_a_hand_that_bids_itself():
    score = scored(FIRST, [itself([1, 1, 1, 10], renege=(0, 1))])
    # side 0 took 2 and gives up 2, receives 3; side 1 took 11, gives up 3, receives 2
    assert results(score) == [(30, 0), (100, 0)]


@pytest.mark.parametrize(
    "bids,tricks,side0,side1",
    [
        ([3, 4, 4, 3], [4, 3, 4, 2], (71, 1), (-70, 0)),  # blind 7 missed: as bid open
        ([3, 3, 4, 3], [3, 4, 4, 2], (70, 0), (120, 0)),  # blind 6 made: doubled
    ],
)
def test_blind_doubles_only_when_made(bids, tricks, side0, side1):
    assert results(scored(BLIND_MADE, [h(bids, tricks, blind=(1,))])) == [side0, side1]


def test_blind_missed_under_always_still_loses_double():
    rules = {**BLIND_MADE, "blind_bid_doubles": "always"}
    assert results(scored(rules, [h([3, 4, 4, 3], [4, 3, 4, 2], blind=(1,))])) == [
        (71, 1),
        (-140, 0),
    ]


def test_table_bid_below_the_minimum_is_refused_naming_both_numbers():
    with pytest.raises(GameError, match="the table bid 10; this game needs at least 11") as err:
        scored({"min_table_bid": 11}, [h([3, 2, 3, 2], [3, 4, 3, 3])])
    assert (err.value.hand, err.value.field, err.value.rule) == (1, "bids", "min_table_bid")


def test_table_bid_at_the_minimum_is_scored():
    score = scored({"min_table_bid": 11}, [h([3, 3, 3, 2], [3, 4, 3, 3])])
    assert results(score) == [(60, 0), (52, 2)]


def test_shared_lead_at_the_target_goes_to_the_higher_last_bid():
    start = ((240, 0), (250, 0))
    rules = {"target": 300, "tie_break": "last_bid"}
    score = scored(rules, [h([4, 3, 3, 3], [4, 3, 3, 3])], start=start)
    assert score.totals == (310, 310)
    assert score.over and score.winner == 0 and score.on_bags
    assert not scored(
        {**rules, "tie_break": "play_on"}, [h([4, 3, 3, 3], [4, 3, 3, 3])], start=start
    ).over


def test_equal_last_bids_play_on_under_last_bid():
    rules = {"target": 300, "tie_break": "last_bid"}
    score = scored(rules, [h([3, 3, 3, 3], [3, 3, 3, 4])], start=((250, 0), (249, 0)))
    assert score.totals == (310, 310)
    assert not score.over and score.tied


# ------------------------------------------------------------ the interactions RULES.md names


@pytest.mark.parametrize(
    "rules",
    [
        {"ten_for_two_hundred": True},
        {"boston": "bonus"},
        {"boston": "win"},
        {"bag_limit": 5, "bag_points": 3},
        {"suicide": True, "min_side_bid": 4, "min_table_bid": 13, "double_nil": False},
        {"missed_contract": "zero", "set_out": 2},
        {"nil_value": 50, "nil_tricks": "partner"},
    ],
)
def test_a_hand_that_bids_itself_is_ten_a_trick_whatever_else_the_rules_say(rules):
    score = scored({**FIRST, **rules}, [itself([13, 0, 0, 0])], start=((0, 4), (0, 3)))
    assert results(score) == [(130, 4), (0, 3)]
    assert not score.over and score.streaks == (0, 0)


def test_a_hand_that_bids_itself_takes_an_adjustment():
    score = scored(FIRST, [itself([4, 3, 3, 3], adjust=(-30, 30), note="misdeal")])
    assert results(score) == [(40, 0), (90, 0)]


def test_a_hand_that_bids_itself_is_no_set_and_leaves_the_count():
    rules = {**FIRST, "set_out": 2, "set_out_count": "in_game"}
    score = scored(rules, [itself([0, 13, 0, 0]), h([4, 4, 4, 4], [3, 3, 3, 4])])
    assert score.streaks == (1, 1)


@pytest.mark.parametrize(
    "hands,field,message",
    [
        ([h([3, 3, 3, 3], [4, 3, 3, 3])], "bids", "the first hand bids itself in this game"),
        ([itself([4, 3, 3, 3]), itself([4, 3, 3, 3])], "bids", "only the first hand"),
        ([itself([4, 3, 3, 3], blind=(1,))], "blind", "a hand that bids itself has no blind"),
    ],
)
def test_bids_where_the_first_hand_bids_itself(hands, field, message):
    with pytest.raises(GameError, match=message) as err:
        scored({**FIRST, **BLIND_MADE}, hands)
    assert err.value.field == field and err.value.rule == "first_hand"


def test_no_hand_bids_itself_by_default():
    with pytest.raises(GameError, match="only the first hand") as err:
        scored({}, [itself([4, 3, 3, 3])])
    assert err.value.hand == 1


def test_a_hand_that_bids_itself_waits_for_its_tricks_and_counts_by_side():
    waiting = scored(FIRST, [itself(None)])
    assert waiting.pending is not None and waiting.pending.contracts == (0, 0)
    assert waiting.next_hand.bids_itself and waiting.next_hand.waiting
    assert waiting.next_hand.own_count == ()
    by_side = Game(partnership(), validate_rules(FIRST), (Hand(None, (None,) * 4, (7, 6)),), "side")
    assert [(s.points, s.bags) for s in by_side.score().hands[0].sides] == [(70, 0), (60, 0)]


def test_the_next_hand_says_it_bids_itself_only_for_hand_1():
    rules = validate_rules({**FIRST, "min_table_bid": 11})
    fresh = score_game(partnership(), rules, [])
    assert fresh.next_hand.bids_itself and fresh.next_hand.min_table_bid == 11
    assert fresh.next_hand.own_count == ()  # no bids: no nil bidder counts their own
    later = score_game(partnership(), rules, [itself([4, 3, 3, 3])])
    assert not later.next_hand.bids_itself and later.next_hand.own_count == (0, 1, 2, 3)


def test_a_seat_phone_may_not_bid_on_a_hand_that_bids_itself():
    score = scored(FIRST, [])
    with pytest.raises(GameError, match="bids itself"):
        check_seat_bid(score, 0, "3")


def test_the_table_minimum_waits_for_every_seat_then_says_the_table():
    score = scored({"min_table_bid": 11}, [])
    assert check_seat_bid(score, 0, "1") == 1  # a seat alone is never refused by the total
    assert side_refusal(score, {0: 3, 1: 2, 2: 3}) is None
    assert side_refusal(score, {0: 3, 1: 2, 2: 3, 3: 2}) == (None, "min_table_bid")
    assert side_refusal(score, {0: 3, 1: 3, 2: 3, 3: 2}) is None


@pytest.mark.parametrize(
    "bids,allowed",
    [([N, 5, 6, 0], True), ([N, 5, 5, B], False), ([N, 4, N, 6], False), ([0, 4, 1, 6], True)],
)
def test_a_nil_counts_nothing_towards_the_table_minimum(bids, allowed):
    hand = h(bids, [0, 6, 6, 1] if allowed else None)
    rules = {"min_table_bid": 11, "zero_bid": "bid"} if 0 in bids else {"min_table_bid": 11}
    if allowed:
        assert scored(rules, [hand]).played == 1
    else:
        with pytest.raises(GameError, match="the table bid 10"):
            scored(rules, [hand])


def test_the_table_minimum_is_for_partnerships():
    with pytest.raises(GameError, match="rules.min_table_bid: is played in partnership"):
        validate_rules({"min_table_bid": 11}, "cutthroat")


@pytest.mark.parametrize(
    "rules,bids,missed,made,points",
    [
        # a blind 10 under ten for two hundred: missed -200 (not -400), made 400
        ({"ten_for_two_hundred": True}, [9, N, 1, N], [8, 1, 1, 3], [9, 0, 1, 3], (-200, 400)),
        # a blind 13 under boston = bonus: missed -130 (not -260), made the bonus doubled
        ({"boston": "bonus"}, [12, N, 1, N], [12, 1, 0, 0], [12, 0, 1, 0], (-130, 1000)),
    ],
)
def test_blind_made_doubles_ten_for_two_hundred_and_boston_only_when_made(
    rules, bids, missed, made, points
):
    both = {**BLIND_MADE, **rules}
    lost = scored(both, [h(bids, missed, blind=(0,))]).hands[0].sides[0]
    won = scored(both, [h(bids, made, blind=(0,))]).hands[0].sides[0]
    assert (lost.made, won.made) == (False, True)
    assert (lost.contract_points, won.contract_points) == points


def test_last_bid_counts_a_nil_as_nothing_and_a_hand_that_bid_itself_as_0():
    rules = {"target": 300, "tie_break": "last_bid"}
    # side 0 bids 6 with a nil beside it; side 1 bids 6: equal contracts, play on
    score = scored(rules, [h([N, 3, 6, 3], [0, 3, 6, 4])], start=((141, 0), (240, 0)))
    assert score.totals == (301, 301) and not score.over
    itself_first = scored({**rules, **FIRST}, [itself([6, 1, 0, 6])], start=((240, 0), (230, 0)))
    assert itself_first.totals == (300, 300) and not itself_first.over


def test_last_bid_in_cutthroat_settles_a_lead_shared_by_some_of_the_sides():
    table = Table("cutthroat", ("Ann", "Bo", "Cy"))
    rules = {"target": 300, "tie_break": "last_bid"}
    start = ((250, 0), (260, 0), (0, 0))
    # Ann bids 5 made (50): 300; Bo bids 4 made (40): 300; Cy a higher 8 but not leading
    score = scored(rules, [h([5, 4, 8], [5, 4, 8])], table, start=start)
    assert score.totals == (300, 300, 80) and score.winner == 0


def test_three_sides_sharing_the_lead_with_two_top_bids_play_on():
    table = Table("cutthroat", ("Ann", "Bo", "Cy", "Di"))
    rules = {"target": 300, "tie_break": "last_bid"}
    start = ((250, 0), (250, 0), (270, 0), (0, 0))
    score = scored(rules, [h([5, 5, 3, N], [5, 5, 3, 0])], table, start=start)
    assert score.totals == (300, 300, 300, 100)
    assert not score.over and score.tied
    alone = scored(
        rules, [h([5, 6, 3, N], [5, 5, 3, 0])], table, start=((250, 0), (250, 0), (270, 0), (0, 0))
    )
    assert alone.totals == (300, 190, 300, 100) and alone.winner == 0


def test_an_early_end_goes_to_the_higher_last_bid_or_is_a_draw():
    rules = validate_rules({"tie_break": "last_bid"})
    ahead = end_early(score_game(partnership(), rules, [h([4, 3, 3, 3], [4, 3, 2, 4])]))
    # side 0: 7 bid, 6 taken: -70; side 1: 6 bid, 7 taken: 61... not a shared lead
    assert ahead.winner == 1 and not ahead.on_bags
    shared = score_game(
        partnership(), rules, [h([4, 3, 3, 3], [4, 3, 3, 3])], start=((0, 0), (10, 0))
    )
    assert shared.totals == (70, 70)
    ended = end_early(shared)
    assert ended.winner == 0 and ended.on_bags
    even = score_game(partnership(), rules, [h([3, 3, 3, 3], [3, 3, 3, 4])], start=((1, 0), (0, 0)))
    assert even.totals == (61, 61)
    assert end_early(even).draw


def test_a_fix_that_removes_hand_1_under_first_hand_is_refused():
    rules = validate_rules(FIRST)
    game = Game(partnership(), rules, (itself([4, 3, 3, 3]), h([3, 3, 3, 3], [4, 3, 3, 3])))
    with pytest.raises(GameError, match="the first hand bids itself"):
        check_fix(game, 1, None)


def test_a_paper_slip_with_a_shared_lead_has_no_last_bid_to_settle_it():
    rules = validate_rules({"tie_break": "last_bid"})
    game = Game(partnership(), rules, (), final=((300, 0), (300, 2)))
    assert game.score().over and game.score().winner is None


def test_before_a_hand_that_bids_itself_only_the_hand_limit_is_at_stake():
    rules = validate_rules({**FIRST, "hand_limit": 1, "target": 300, "bag_limit": 5})
    score = score_game(partnership(), rules, [], start=((290, 4), (0, 0)))
    assert [(s.kind, s.amount) for s in score.stakes] == [("hand_limit", 1)]
    usual = score_game(
        partnership(),
        rules.__class__(hand_limit=1, target=300, bag_limit=5),
        [],
        start=((290, 4), (0, 0)),
    )
    assert {s.kind for s in usual.stakes} == {"need", "hand_limit", "bags"}


def test_the_stakes_know_a_lead_shared_at_the_end_goes_to_the_higher_last_bid():
    rules = {"hand_limit": 2, "tie_break": "last_bid"}
    score = scored(rules, [h([3, 4, 3, 3], [3, 4, 3, 3])])  # 60 to 70, hand 2 the last
    needs = [(s.side, s.amount, s.extra) for s in score.stakes if s.kind == "need"]
    # side 0: 2 made wins outright (80 to 70); 1 made (70 to 70) if it outbids side 1
    assert (0, 2, 0) in needs and (0, 1, 1) in needs
    plain = scored({"hand_limit": 2}, [h([3, 4, 3, 3], [3, 4, 3, 3])])
    assert [(s.side, s.amount, s.extra) for s in plain.stakes if s.kind == "need"] == [
        (0, 2, 0),
        (1, 1, 0),
    ]


def test_a_club_nights_clock_settles_a_shared_lead_on_the_last_bid():
    from scorepad.core.event import ends_on_time

    rules = {"tie_break": "last_bid"}
    level = scored(rules, [h([4, 3, 3, 3], [4, 3, 3, 3])], start=((0, 0), (10, 0)))
    assert level.totals == (70, 70)
    assert ends_on_time(level, 1, "play_on")  # side 0 bid 7 to 6: it wins on time
    even = scored(rules, [h([3, 3, 3, 3], [3, 3, 3, 4])], start=((1, 0), (0, 0)))
    assert not ends_on_time(even, 1, "play_on") and ends_on_time(even, 1, "draw")


def test_what_if_under_the_league_rules():
    from scorepad.core.whatif import rule_value, what_if

    game = Game(partnership(), validate_rules({}), (h([3, 2, 3, 2], [4, 2, 3, 4]),))
    real = game.score()
    refused = what_if(game, "min_table_bid", rule_value("min_table_bid", "11"), real)
    assert refused.score is None and refused.error.hand == 1
    assert "the table bid 10; this game needs at least 11" in str(refused.error)
    first = what_if(game, "first_hand", rule_value("first_hand", "bids_itself"), real)
    assert first.score is None and first.error.rule == "first_hand"
    blind = Game(
        partnership(),
        validate_rules({"blind_bid": 6, "blind_bid_trailing_by": 0}),
        (h([3, 4, 4, 3], [4, 3, 4, 2], blind=(1,)),),
    )
    made = what_if(
        blind, "blind_bid_doubles", rule_value("blind_bid_doubles", "made"), blind.score()
    )
    assert made.score.totals == (71, -70) and blind.score().totals == (71, -140)
