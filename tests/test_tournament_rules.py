"""The tournament rules: a renege as a trick penalty (`renege_tricks`) and `tie_break`."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorepad.core.errors import GameError
from scorepad.core.game import Game
from scorepad.core.records import Hand, Table
from scorepad.core.rules import RulesError, validate_rules
from scorepad.core.scoring import end_early, score_game
from scorepad.files import game as gamefile
from tests.helpers import partnership

N = "nil"


def h(bids, tricks=None, **extra) -> Hand:
    return Hand(tuple(bids), None if tricks is None else tuple(tricks), **extra)


# RULES.md, "Worked examples of these rules", the renege rows: (case, rules, hand, side 0
# points and bags, side 1 points and bags, contract tricks moved per side)
RENEGES = [
    ("renege by side 1", {}, h([3] * 4, [4, 3, 3, 3], renege=(1,)), (64, 4), (-60, 0), (3, -3)),
    (
        "renege by side 1, which took 2",
        {},
        h([5, 1, 6, 1], [5, 1, 6, 1], renege=(1,)),
        (112, 2),
        (-20, 0),
        (2, -2),
    ),
    (
        "renege by side 0 beside a nil",
        {},
        h([N, 4, 5, 3], [0, 4, 6, 3], renege=(0,)),
        (50, 0),
        (73, 3),
        (-3, 3),
    ),
    (
        "renege by side 1 against a double nil",
        {},
        h([N, 6, N, 6], [0, 7, 0, 6], renege=(1,)),
        (200, 0),
        (-120, 0),
        (0, -3),
    ),
    ("both sides reneged", {}, h([3] * 4, [4, 3, 3, 3], renege=(0, 1)), (61, 1), (60, 0), (0, 0)),
    # the rule's own words, with other values and rules
    (
        "renege_tricks 1",
        {"renege_tricks": 1},
        h([3] * 4, [4, 3, 3, 3], renege=(1,)),
        (62, 2),
        (-60, 0),
        (1, -1),
    ),
    (
        "a broken nil's tricks stay with the nil bidder",
        {},
        h([N, 4, 5, 3], [2, 4, 4, 3], renege=(0,)),
        (-100 - 50 + 2, 2),
        (73, 3),
        (-3, 3),
    ),
    (
        "under nil_tricks partner the nil's tricks are contract tricks and can go",
        {"nil_tricks": "partner"},
        h([N, 4, 5, 3], [2, 4, 4, 3], renege=(0,)),
        (-100 - 50, 0),
        (73, 3),
        (-3, 3),
    ),
    (
        "received tricks make a blind contract",
        {"blind_bid": 6, "blind_bid_trailing_by": 0},
        h([4, 3, 3, 3], [4, 2, 3, 4], renege=(0,), blind=(1,)),
        (-70, 0),
        (120 + 3, 3),
        (-3, 3),
    ),
]


@pytest.mark.parametrize(
    "case,changes,played,side0,side1,moved", RENEGES, ids=[row[0] for row in RENEGES]
)
def test_renege_worked_examples(case, changes, played, side0, side1, moved):
    score = score_game(partnership(), validate_rules(changes), [played])
    sides = score.hands[0].sides
    assert [(s.points, s.bags) for s in sides] == [side0, side1]
    assert tuple(s.renege for s in sides) == moved
    assert score.hands[0].renege == tuple(sorted(played.renege))


def test_renege_tricks_defaults_to_three_and_takes_1_to_13():
    assert validate_rules({}).renege_tricks == 3
    assert validate_rules({"renege_tricks": 13}).renege_tricks == 13
    for bad in (0, 14, "3", True):
        with pytest.raises(RulesError, match="renege_tricks"):
            validate_rules({"renege_tricks": bad})


def test_renege_tricks_is_a_partnership_rule():
    with pytest.raises(RulesError, match="partnership games only"):
        validate_rules({"renege_tricks": 4}, "cutthroat")
    assert validate_rules({"renege_tricks": 3}, "cutthroat").renege_tricks == 3


RENEGE_REFUSALS = [
    (partnership(), h([3] * 4, [4, 3, 3, 3], renege=(2,)), "side numbers from 0 to 1"),
    (partnership(), h([3] * 4, [4, 3, 3, 3], renege=(1, 1)), "names a side twice"),
    (partnership(), h([3] * 4, [4, 3, 3, 3], renege=(True,)), "side numbers"),
    (partnership(), h([3] * 4, [4, 3, 3, 3], renege=(-1,)), "side numbers"),
    (partnership(), h([3] * 4, [4, 3, 3, 3], renege="1"), "side numbers"),
    (partnership(), h([3] * 4, renege=(1,)), "only a played hand"),
    (
        Table("cutthroat", ("Alice", "Ben", "Cara")),
        h([5, 5, 5], [6, 5, 6], renege=(0,)),
        "partnership games only",
    ),
]


@pytest.mark.parametrize("table,played,message", RENEGE_REFUSALS)
def test_renege_refusals_name_the_hand_and_field(table, played, message):
    with pytest.raises(GameError, match=message) as caught:
        score_game(table, validate_rules({}), [played])
    assert (caught.value.hand, caught.value.field) == (1, "renege")


def test_a_renege_on_an_earlier_hand_carries_into_every_later_total():
    first = h([3] * 4, [4, 3, 3, 3])
    second = h([3] * 4, [3, 4, 3, 3])
    plain = score_game(partnership(), validate_rules({}), [first, second])
    fixed = score_game(
        partnership(), validate_rules({}), [h([3] * 4, [4, 3, 3, 3], renege=(1,)), second]
    )
    assert fixed.hands[1].totals_before == (64, -60)
    assert fixed.totals == (64 + 60, -60 + 61) != plain.totals


# tie_break: RULES.md "End of game and tie-break"
def tied(bags0: int, bags1: int) -> Game:
    """Both sides at 440 with the given bags; the next hand brings each to 500 or more."""
    return Game(
        partnership(),
        validate_rules({"tie_break": "fewer_bags", "target": 500}),
        (),
        start=((440, bags0), (440, bags1)),
    )


@pytest.mark.parametrize(
    "bags,winner,status,on_bags",
    [
        ((3, 1), 1, "finished", True),
        ((1, 3), 0, "finished", True),
        ((2, 2), None, "playing", False),
    ],
)
def test_fewer_bags_at_the_target(bags, winner, status, on_bags):
    played = h([3, 3, 3, 3], [4, 3, 2, 4])  # side 0: 6 of 6 = 60; side 1: 7 of 6 = 61, 1 bag
    start = ((440, bags[0]), (439, bags[1] - 1))
    game = Game(partnership(), validate_rules({"tie_break": "fewer_bags"}), (played,), start=start)
    score = game.score()
    assert score.totals == (500, 500)
    assert score.bags == bags
    assert (score.status, score.winner, score.on_bags) == (status, winner, on_bags)
    assert score.tied == (status == "playing")


def test_play_on_keeps_the_old_behaviour():
    played = h([3, 3, 3, 3], [4, 3, 2, 4])
    game = Game(partnership(), validate_rules({}), (played,), start=((440, 3), (439, 0)))
    score = game.score()
    assert (score.status, score.tied, score.winner) == ("playing", True, None)


def test_fewer_bags_at_the_hand_limit():
    played = h([3, 3, 3, 3], [3, 3, 3, 4])  # side 0: 60; side 1: 61 with 1 bag
    start = ((1, 0), (0, 0))
    rules = validate_rules({"tie_break": "fewer_bags", "hand_limit": 1})
    score = Game(partnership(), rules, (played,), start=start).score()
    assert score.totals == (61, 61) and score.bags == (0, 1)
    assert (score.status, score.winner, score.reason, score.on_bags) == (
        "finished",
        0,
        "hand_limit",
        True,
    )


def test_fewer_bags_when_ended_early_and_equal_bags_are_a_draw():
    rules = validate_rules({"tie_break": "fewer_bags"})
    played = h([3, 3, 3, 3], [3, 3, 3, 4])
    score = Game(partnership(), rules, (played,), start=((1, 0), (0, 0)), ended=True).score()
    assert (score.winner, score.on_bags, score.reason) == (0, True, "ended")
    even = Game(partnership(), rules, (played,), start=((1, 1), (0, 0)), ended=True).score()
    assert even.bags == (1, 1) and (even.winner, even.draw) == (None, True)


def test_fewer_bags_among_cutthroat_leaders_counts_only_the_leaders():
    table = Table("cutthroat", ("Alice", "Ben", "Cara"))
    rules = validate_rules({"tie_break": "fewer_bags", "hand_limit": 1})
    played = h([5, 4, 5], [5, 5, 7])  # Alice 50; Ben 41 and 1 bag; Cara 52 and 2 bags
    score = Game(table, rules, (played,), start=((10, 4), (19, 2), (0, 0))).score()
    assert score.totals == (60, 60, 52) and score.bags == (4, 3, 2)
    assert (score.status, score.winner, score.on_bags) == ("finished", 1, True)


@given(
    bags=st.tuples(st.integers(0, 8), st.integers(1, 9)),
    total=st.integers(-300, 300),
)
def test_fewer_bags_gives_an_early_end_to_the_leader_with_fewer_bags(bags, total):
    rules = validate_rules({"tie_break": "fewer_bags"})
    played = h([3, 3, 3, 3], [3, 3, 3, 4])  # side 0: 60; side 1: 61 and 1 bag
    start = ((total + 1, bags[0]), (total, bags[1] - 1))
    score = Game(partnership(), rules, (played,), start=start, ended=True).score()
    assert score.totals[0] == score.totals[1] and score.bags == bags
    if bags[0] == bags[1]:
        assert score.draw and not score.on_bags
    else:
        assert score.winner == bags.index(min(bags)) and score.on_bags


@given(
    side0=st.tuples(st.integers(0, 13), st.integers(0, 13)),
    renege=st.sampled_from([(), (0,), (1,), (0, 1)]),
    renege_tricks=st.integers(1, 13),
    cuts=st.lists(st.integers(0, 13), min_size=3, max_size=3),
)
def test_a_renege_moves_tricks_and_never_makes_them(side0, renege, renege_tricks, cuts):
    a, b, c = sorted(cuts)
    split = [a, b - a, c - b, 13 - c]  # any four counts that make a deal
    bids = (max(side0[0], 1), 3, max(side0[1], 1), 3)
    rules = validate_rules({"renege_tricks": renege_tricks})
    score = score_game(partnership(), rules, [h(bids, split, renege=renege)])
    moved = [s.renege for s in score.hands[0].sides]
    taken = [split[0] + split[2], split[1] + split[3]]
    assert sum(moved) == 0  # numbers on both sides: what one gives, the other gets
    for side in (0, 1):
        given = min(renege_tricks, taken[side]) if side in renege else 0
        received = min(renege_tricks, taken[1 - side]) if (1 - side) in renege else 0
        assert moved[side] == received - given
        assert score.hands[0].sides[side].contract_tricks == taken[side] + moved[side]


def test_end_early_under_fewer_bags_keeps_a_single_leader():
    rules = validate_rules({"tie_break": "fewer_bags"})
    score = score_game(partnership(), rules, [h([3, 3, 3, 3], [4, 3, 3, 3])])
    ended = end_early(score)
    assert (ended.winner, ended.on_bags) == (0, False)


# The game file and `flask score` carry both rules
TOURNAMENT_FILE = {
    "format": "scorepad/1",
    "mode": "partnership",
    "players": ["Alice", "Ben", "Cara", "Dev"],
    "rules": {"tie_break": "fewer_bags", "renege_tricks": 3, "hand_limit": 2},
    "hands": [
        {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3], "renege": [1]},
        {"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 4]},
    ],
}


def test_the_game_file_reads_and_writes_a_renege_and_tie_break():
    game = gamefile.read(json.loads(json.dumps(TOURNAMENT_FILE)))
    assert game.hands[0].renege == (1,) and game.rules.tie_break == "fewer_bags"
    doc = gamefile.export(game)
    assert doc["hands"][0]["renege"] == [1] and "renege" not in doc["hands"][1]
    assert doc["hands"][0]["sides"][0] == {"points": 64, "total": 64, "bags": 4}
    assert doc["rules"]["tie_break"] == "fewer_bags" and doc["rules"]["renege_tricks"] == 3
    assert gamefile.read(doc) == game  # an export imports again as the same game


@pytest.mark.parametrize(
    "renege,message",
    [("1", "must be a list of side numbers"), ([3], "side numbers from 0 to 1"), ([0, 0], "twice")],
)
def test_the_game_file_refuses_a_bad_renege_naming_the_hand(renege, message):
    doc = json.loads(json.dumps(TOURNAMENT_FILE))
    doc["hands"][0]["renege"] = renege
    with pytest.raises(GameError, match=message) as caught:
        gamefile.read(doc)
    assert (caught.value.hand, caught.value.field) == (1, "renege")


def test_flask_score_prints_the_tournament_result(runner):
    result = runner.invoke(args=["score", "-"], input=json.dumps(TOURNAMENT_FILE))
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    # hand 1: 64 to -60; hand 2: 60 to 61 (1 bag): 124 to 1, over at the hand limit
    assert [s["total"] for s in doc["sides"]] == [124, 1]
    assert (doc["status"], doc["winner"]) == ("finished", 0)
